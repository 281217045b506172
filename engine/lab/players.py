"""Who plays a lab game: a computer level (``"3"``, ``"3/800"`` = level 3 with an 800-node budget)
or an outside program (``"cmd:python bot.py"``, ``"cmd@1:python bot.py"`` sends level 1) that
speaks the rules protocol's ``suggest`` query on stdin/stdout (docs/PROTOCOL.md).

An outside program is started once per worker process and kept; each turn it gets one request line
``{"query": "suggest", "id": n, "position": P, "level": L, "seed": s}`` and must answer one line
with ``"turn"`` (and may add ``"eval"``).  A reply that is late (:data:`REPLY_SECONDS`), too long
(:data:`REPLY_BYTES`), not JSON, an error, or an illegal turn forfeits the game, with the reason in
the game's record of results.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shlex
import shutil
import subprocess
import time
from dataclasses import dataclass
from typing import Any

from ..players.base import LEVELS
from ..players.dispatch import suggest

REPLY_SECONDS = 60.0
REPLY_BYTES = 1 << 20
MAX_NODES = 50_000


class Forfeit(Exception):
    """An outside player failed to give a legal turn; the game is lost for it."""


@dataclass(frozen=True)
class PlayerSpec:
    level: int = 2
    nodes: int | None = None
    cmd: str | None = None

    @property
    def label(self) -> str:
        if self.cmd:
            return f"cmd@{self.level}:{self.cmd}"
        return f"L{self.level}" + (f"/{self.nodes}" if self.nodes else "")


def parse_player(text: str) -> PlayerSpec:
    """``"2"``, ``"L2"``, ``"3/800"``, ``"cmd:COMMAND"`` or ``"cmd@L:COMMAND"`` -> :class:`PlayerSpec`."""
    t = text.strip()
    if t.startswith("cmd"):
        head, colon, cmd = t.partition(":")
        level = 2
        if head.startswith("cmd@"):
            level = _level(head[4:], text)
        elif head != "cmd" or not colon:
            raise ValueError(f"an outside player is written cmd:COMMAND or cmd@LEVEL:COMMAND, got {text!r}")
        if not cmd.strip() or not shlex.split(cmd):
            raise ValueError(f"the outside player {text!r} names no command")
        return PlayerSpec(level, None, cmd.strip())
    lv, slash, nodes = t.removeprefix("L").partition("/")
    level = _level(lv, text)
    if not slash:
        return PlayerSpec(level)
    try:
        n = int(nodes)
    except ValueError:
        raise ValueError(f"a node budget is a whole number, got {nodes!r} in {text!r}") from None
    if not 1 <= n <= MAX_NODES:
        raise ValueError(f"a node budget lies in 1..{MAX_NODES}, got {n} in {text!r}")
    return PlayerSpec(level, n)


def check_command(spec: PlayerSpec) -> None:
    """Raise ValueError when an outside player's program is not there (before any game starts)."""
    if spec.cmd is None:
        return
    prog = shlex.split(spec.cmd)[0]
    if shutil.which(prog) is None:
        raise ValueError(f"the outside player's program {prog!r} is not found (in {spec.cmd!r})")


def _level(s: str, text: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise ValueError(f"a player is a level ({', '.join(map(str, LEVELS))}) or cmd:COMMAND, got {text!r}") from None
    if v not in LEVELS:
        raise ValueError(f"levels are {', '.join(map(str, LEVELS))}, got {v} in {text!r}")
    return v


class External:
    """One running outside program (a line-oriented JSON conversation)."""

    def __init__(self, cmd: str):
        self.cmd = cmd
        try:
            self.proc = subprocess.Popen(
                shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
            )
        except OSError as e:
            raise Forfeit(f"the outside player {cmd!r} cannot start: {e.strerror or e}") from None
        self.buf = b""
        self.next_id = 0

    def alive(self) -> bool:
        return self.proc.poll() is None

    def ask(self, request: dict, timeout: float = REPLY_SECONDS) -> dict:
        self.next_id += 1
        request = {**request, "id": self.next_id}
        assert self.proc.stdin is not None and self.proc.stdout is not None
        try:
            self.proc.stdin.write(json.dumps(request).encode() + b"\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise Forfeit(f"the outside player stopped ({e})") from None
        line = self._line(timeout)
        try:
            reply = json.loads(line)
        except ValueError:
            raise Forfeit(f"the outside player's reply is not JSON: {line[:80]!r}") from None
        if not isinstance(reply, dict):
            raise Forfeit(f"the outside player's reply is not an object: {line[:80]!r}")
        return reply

    def _line(self, timeout: float) -> bytes:
        fd = self.proc.stdout.fileno()  # type: ignore[union-attr]
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buf:
            if len(self.buf) > REPLY_BYTES:
                raise Forfeit(f"the outside player's reply is longer than {REPLY_BYTES} bytes")
            left = deadline - time.monotonic()
            if left <= 0:
                raise Forfeit(f"the outside player did not answer within {timeout:.0f} s")
            ready, _, _ = select.select([fd], [], [], left)
            if ready:
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise Forfeit("the outside player closed its output")
                self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def close(self) -> None:
        if self.alive():
            self.proc.kill()
        self.proc.wait()


_RUNNING: dict[str, External] = {}


@atexit.register
def close_all() -> None:
    """Stop every outside program this process started."""
    while _RUNNING:
        _RUNNING.popitem()[1].close()


def external(cmd: str) -> External:
    """The running program for ``cmd`` in this process (started on first use, restarted if it died)."""
    ext = _RUNNING.get(cmd)
    if ext is None or not ext.alive():
        ext = _RUNNING[cmd] = External(cmd)
    return ext


def choose(spec: PlayerSpec, kind, pos, seed: int, repeats: tuple = ()) -> tuple[Any, float | None, int]:
    """``(turn, eval for the side to move or None, nodes)`` of ``spec`` at ``pos``; raises
    :class:`Forfeit` when an outside player fails.  ``repeats``: the game's repetition-draw
    positions (G14), known to the engine's players (the protocol's suggest has no history)."""
    if spec.cmd is None:
        s = suggest(pos, spec.level, seed=seed, nodes=spec.nodes, repeats=repeats)
        return s.turn, (float(s.eval) if spec.level > 0 else None), s.nodes
    reply = external(spec.cmd).ask(
        {"query": "suggest", "position": kind.position_json(pos), "level": spec.level, "seed": seed}
    )
    if reply.get("legal") is False or "turn" not in reply:
        raise Forfeit(f"the outside player answered {json.dumps(reply)[:120]}")
    try:
        turn = kind.turn_from_json(pos, reply["turn"])
    except ValueError as e:
        raise Forfeit(f"the outside player's turn is not readable: {e}") from None
    ev = reply.get("eval")
    return turn, (float(ev) if isinstance(ev, (int, float)) and not isinstance(ev, bool) else None), 0
