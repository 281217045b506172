"""The computer opponent in the window, for both games (no GL, no pyglet, no wall clock in results).

Three layers:

* :func:`think` — the one call into the engine's players (``engine.players.suggest``); everything
  else here goes through it, so a change of the engine's interface is a change of one line;
* executors — where :func:`think` runs: :class:`ProcessExecutor` (a worker *process*, started with
  ``spawn``, so the search never holds the window's GIL), :class:`ThreadExecutor` (for comparison in
  ``benchmarks/bench_thinking.py``) and :class:`InlineExecutor` (synchronous, for tests: it answers
  on the next :meth:`~InlineExecutor.poll` unless ``hold`` is set).  Each takes
  ``submit(job_id, request)`` and answers through ``poll() -> [(job_id, Outcome)]``; ``cancel``
  forgets a job (the process executor ends a busy worker and starts a fresh one);
* :class:`ComputerControls` — a part of a game's controller (cube and spirit), held by the controller base: which sides the
  computer plays, its level and seed, the pending request, the hint, undo of two plies, the keys
  C / Shift+C / Shift+H / Shift+L and the HUD line.  A game controller provides a few hooks
  (``_computer_play``, ``_computer_setup_step``, ``_computer_hint_changed``, ``_computer_turn_text``).

Reproducibility: the seed of every request is :func:`turn_seed` of the game's seed and the ply, the
node budget is the level's own (``nodes=None``) and no time budget is given: the turn the computer
plays depends on the position, the level and the seed only.  A result is delivered only while the
game still shows the very position object it was asked about (undo, redo, a new game or a loaded
record make it stale, and it is dropped).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import zlib
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from engine.players import suggest

#: seconds a computer's turn glides on the board (per cube-chess action / per spirit-chess step)
GLIDE_ACTION_S = 0.6
GLIDE_STEP_S = 0.22
DEFAULT_LEVEL = 2
#: the worker process's nice increment (drawing first; the search takes the CPU time left over)
WORKER_NICE = 5
SIDES = ("white", "black")


# ---------------------------------------------------------------------------------- the engine call
def think(
    position: Any,
    level: int,
    seed: int,
    nodes: int | None = None,
    budget_ms: int | None = None,
    repeats: tuple = (),
) -> Any:
    """The engine player's answer: a ``Suggestion(turn, eval, line, nodes, reason, ...)``;
    ``repeats``: the game's repetition-draw positions (G14)."""
    return suggest(position, level, seed, nodes=nodes, budget_ms=budget_ms, repeats=repeats)


def turn_seed(game_seed: int, ply: int) -> int:
    """The seed of the computer's request at ``ply``: a pure function of the game's seed and the ply."""
    return zlib.crc32(f"daqi-computer|{int(game_seed)}|{int(ply)}".encode("ascii"))


# Positions and rulesets hold read-only mappings: engine.core.frozen (imported with the engine)
# registers how they travel to the worker process as pickles.


@dataclass(frozen=True)
class Request:
    position: Any
    level: int
    seed: int
    nodes: int | None = None
    budget_ms: int | None = None
    repeats: tuple = ()  # Game.repeat_positions(): a turn onto one of them is a draw (G14)


@dataclass(frozen=True)
class Outcome:
    """A finished request: ``suggestion`` or ``error`` (a one-line text)."""

    suggestion: Any = None
    error: str | None = None


def run_request(req: Request) -> Outcome:
    try:
        return Outcome(think(req.position, req.level, req.seed, req.nodes, req.budget_ms, req.repeats))
    except Exception as exc:  # noqa: BLE001 - a failing search is a message, not a crash
        return Outcome(error=f"{type(exc).__name__}: {exc}")


# ---------------------------------------------------------------------------------- executors
class InlineExecutor:
    """Runs each request synchronously on the next :meth:`poll` (tests).  While ``hold`` is true the
    requests wait, so a test can look at the window while the computer "thinks"."""

    def __init__(self, hold: bool = False):
        self.hold = hold
        self.pending: deque = deque()
        self.submitted = 0

    def submit(self, job_id: int, req: Request) -> None:
        self.pending.append((job_id, req))
        self.submitted += 1

    def cancel(self, job_id: int) -> None:
        self.pending = deque(j for j in self.pending if j[0] != job_id)

    def poll(self) -> list:
        out = []
        while self.pending and not self.hold:
            job_id, req = self.pending.popleft()
            out.append((job_id, run_request(req)))
        return out

    def busy(self) -> bool:
        return bool(self.pending)

    def close(self) -> None:
        self.pending.clear()


class ThreadExecutor:
    """One worker thread (its search holds the GIL: the window's frames slow down; see the benchmark)."""

    def __init__(self):
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="daqi-computer")
        self._jobs: dict[int, Future] = {}

    def submit(self, job_id: int, req: Request) -> None:
        self._jobs[job_id] = self._pool.submit(run_request, req)

    def cancel(self, job_id: int) -> None:
        fut = self._jobs.pop(job_id, None)
        if fut is not None:
            fut.cancel()

    def poll(self) -> list:
        done = [(j, f) for j, f in self._jobs.items() if f.done()]
        for j, _ in done:
            del self._jobs[j]
        return [(j, f.result()) for j, f in done if not f.cancelled()]

    def wait(self, timeout: float) -> bool:
        for fut in list(self._jobs.values()):
            try:
                fut.exception(timeout=timeout)
            except Exception:  # noqa: BLE001 - a timeout or cancellation: nothing finished
                return False
        return True

    def busy(self) -> bool:
        return bool(self._jobs)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._jobs.clear()


def _worker_main(conn, nice: int = 0) -> None:
    """The worker process: answer (job_id, Request) messages until None or the pipe closes.  ``nice``
    lowers its CPU priority so that the window's drawing (and a software GL driver's threads) go first."""
    if nice and hasattr(os, "nice"):
        try:
            os.nice(nice)
        except OSError:
            pass
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        job_id, req = msg
        out = run_request(req)
        try:
            conn.send((job_id, out))
        except (BrokenPipeError, OSError):
            return


class ProcessExecutor:
    """One worker process (``spawn``: a fresh interpreter that imports the engine only, never pyglet).

    Requests are answered in order; :meth:`cancel` of the job being searched ends the worker and
    starts a fresh one (so an undo never waits for a search it no longer wants)."""

    def __init__(self, context: str = "spawn", nice: int = WORKER_NICE):
        self._ctx: Any = mp.get_context(context)
        self._nice = nice
        self._proc: Any = None
        self._conn: Any = None
        self._queue: deque = deque()  # (job_id, request) not yet sent
        self._running: int | None = None  # job being searched
        self._start()

    def _start(self) -> None:
        parent, child = self._ctx.Pipe()
        proc = self._ctx.Process(target=_worker_main, args=(child, self._nice), daemon=True, name="daqi-computer")
        proc.start()
        child.close()
        self._proc, self._conn, self._running = proc, parent, None

    def _stop(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None:
            proc.terminate()
            proc.join(timeout=2.0)

    def _send_next(self) -> None:
        if self._running is None and self._queue:
            job_id, req = self._queue.popleft()
            self._conn.send((job_id, req))
            self._running = job_id

    def submit(self, job_id: int, req: Request) -> None:
        self._queue.append((job_id, req))
        self._send_next()

    def cancel(self, job_id: int) -> None:
        self._queue = deque(j for j in self._queue if j[0] != job_id)
        if self._running == job_id:
            self._stop()
            self._start()
            self._send_next()

    def poll(self) -> list:
        out: list = []
        while self._conn is not None and self._running is not None and self._conn.poll(0):
            try:
                job_id, outcome = self._conn.recv()
            except (EOFError, OSError):
                out.append((self._running, Outcome(error="the computer's worker process ended")))
                self._stop()
                self._start()
                break
            if job_id == self._running:
                self._running = None
            out.append((job_id, outcome))
            self._send_next()
        if self._running is not None and self._proc is not None and not self._proc.is_alive():
            out.append((self._running, Outcome(error="the computer's worker process ended")))
            self._stop()
            self._start()
            self._send_next()
        return out

    def wait(self, timeout: float) -> bool:
        """Block until the running job has an answer (tests, benchmarks); False on timeout."""
        if self._running is None:
            return True
        return bool(self._conn.poll(timeout))

    def busy(self) -> bool:
        return self._running is not None or bool(self._queue)

    def close(self) -> None:
        if self._conn is not None:
            try:
                self._conn.send(None)
            except (BrokenPipeError, OSError):
                pass
        self._stop()
        self._queue.clear()


def make_executor(kind: str = "process"):
    """``process`` (the window's default), ``thread`` or ``inline``."""
    if kind == "process":
        return ProcessExecutor()
    if kind == "thread":
        return ThreadExecutor()
    if kind == "inline":
        return InlineExecutor()
    raise ValueError(f"unknown executor {kind!r}: use process, thread or inline")


# ---------------------------------------------------------------------------------- controller part
@dataclass
class Pending:
    job_id: int
    purpose: str  # "move" | "hint"
    position: Any  # the very object asked about (identity decides delivery)
    side: str
    since: float  # controller time when asked


@dataclass
class Hint:
    position: Any
    suggestion: Any
    text: str


class ComputerHost(Protocol):
    """What the computer part needs of its controller (``viewer.ui.control_common.ControllerBase``
    and the game's hooks)."""

    game: Any
    time: float
    message: Any

    @property
    def mode(self) -> str: ...

    @property
    def to_move(self) -> str: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def result_text(self) -> str: ...

    def _can_redo(self) -> bool: ...

    def glide_seconds(self) -> float: ...

    def _computer_play(self, turn: Any) -> bool: ...

    def _computer_setup_step(self) -> None: ...

    def _computer_turn_text(self, turn: Any) -> str: ...

    def _computer_hint_changed(self) -> None: ...


class ComputerControls:
    """The computer opponent, a part of a controller (cube chess or spirit chess) that owns its
    state: the sides it plays, its level and seed, its worker, the request it waits for, the hint,
    the turn held back for the glide.

    The controller calls :meth:`computer_tick` from ``tick`` and takes :meth:`key_actions` into its
    key actions (the ``computer`` context of the key table); it provides (:class:`ComputerHost`)
    ``_computer_play(turn) -> bool`` (play a turn through the human's turn machine),
    ``_computer_setup_step()`` (take the computer side's default setup choices),
    ``_computer_turn_text(turn) -> str``, ``_computer_hint_changed()`` (show / clear the hint) and
    ``glide_seconds()``."""

    def __init__(self, host: ComputerHost):
        self.host = host
        self.computer_sides: frozenset = frozenset()
        self.computer_level: int = DEFAULT_LEVEL
        self.computer_seed: int = 0
        self.computer_executor: Any = None
        self.computer_executor_kind: str = "process"
        self.computer_pending: Pending | None = None
        self.computer_hint: Hint | None = None
        self.computer_ready: Any = None  # a move outcome waiting for the glide to end
        self.computer_paused: frozenset = frozenset()  # the sides "play from here" took from it (C resumes)
        self.glide: tuple | None = None  # (turn number k, 1-based; controller time it started)
        self._computer_jobs: int = 0

    # -- configuration ------------------------------------------------------------------------
    def set_computer(self, sides=(), level: int | None = None, seed: int | None = None, executor=None) -> None:
        """Let the computer play ``sides`` (``"white"``, ``"black"``) at ``level`` with ``seed``."""
        bad = [s for s in sides if s not in SIDES]
        if bad:
            raise ValueError(f"the computer plays white or black, not {bad[0]!r}")
        if level is not None:
            if level not in (0, 1, 2, 3, 4):
                raise ValueError(f"the computer's level is 0, 1, 2, 3 or 4, not {level!r}")
            self.computer_level = level
        if seed is not None:
            self.computer_seed = int(seed)
        if executor is not None:
            if self.computer_executor is not None and self.computer_executor is not executor:
                self.computer_executor.close()
            self.computer_executor = executor
        self.computer_sides = frozenset(sides)
        self._computer_cancel()

    def _executor(self):
        if self.computer_executor is None:
            try:
                self.computer_executor = make_executor(self.computer_executor_kind)
            except (OSError, RuntimeError) as exc:  # no worker process here: think in a thread
                self.computer_executor = ThreadExecutor()
                self.host.error(
                    f"The computer thinks in a thread (the window may stutter): no worker process "
                    f"({type(exc).__name__}: {str(exc).strip().splitlines()[0]})."
                )
        return self.computer_executor

    def close_computer(self) -> None:
        """End the worker (the window closes)."""
        self._computer_cancel()
        if self.computer_executor is not None:
            self.computer_executor.close()
            self.computer_executor = None

    def vs_computer(self) -> bool:
        return bool(self.computer_sides)

    def computer_to_move(self) -> bool:
        return (
            self.host.game is not None
            and self.host.mode == "play"
            and self.host.game.position.to_move in self.computer_sides
        )

    @property
    def computer_thinking(self) -> bool:
        return self.computer_pending is not None and self.computer_pending.purpose == "move"

    # -- requests -------------------------------------------------------------------------------
    def _computer_request(self, purpose: str) -> None:
        pos = self.host.game.position
        self._computer_jobs += 1
        job = self._computer_jobs
        game = self.host.game
        req = Request(
            pos, self.computer_level, turn_seed(self.computer_seed, len(game.turns)), repeats=game.repeat_positions()
        )
        self.computer_pending = Pending(job, purpose, pos, pos.to_move, self.host.time)
        self._executor().submit(job, req)
        if purpose == "move" and "is thinking..." not in self.host.message.text:
            prev = self.host.message
            self.host.say(f"{prev.text} The computer ({pos.to_move}) is thinking...".strip(), prev.level)

    def _computer_cancel(self) -> None:
        p = self.computer_pending
        self.computer_pending = None
        self.computer_ready = None
        if p is not None and self.computer_executor is not None:
            self.computer_executor.cancel(p.job_id)

    def computer_tick(self) -> None:
        """Called by ``tick``: drive the setup, collect answers, ask for the next turn."""
        if not self.computer_sides and self.computer_pending is None:
            return
        p = self.computer_pending
        if p is not None and (self.host.game is None or p.position is not self.host.game.position):
            self._computer_cancel()  # asked about a position that is gone
        if self.host.game is None:
            if self.computer_sides:
                self.host._computer_setup_step()
            return
        if self.glide is not None and self.host.time - self.glide[1] >= self.host.glide_seconds():
            self.glide = None
        if self.computer_pending is not None and self.computer_executor is not None:
            for job_id, outcome in self.computer_executor.poll():
                self._computer_answer(job_id, outcome)
        if self.computer_ready is not None and self.glide is None:
            pending, outcome = self.computer_ready
            self.computer_ready = None
            self._computer_deliver(pending, outcome)
        if self.computer_pending is None and self.computer_ready is None and self.computer_to_move():
            self._computer_request("move")

    def _computer_answer(self, job_id: int, outcome: Outcome) -> None:
        p = self.computer_pending
        if p is None or p.job_id != job_id:
            return  # an answer nobody waits for any more
        self.computer_pending = None
        if self.host.game is None or self.host.game.position is not p.position:
            return  # the game moved on: stale
        if p.purpose == "move" and self.glide is not None:
            self.computer_ready = (p, outcome)  # play it once the last turn has glided
            return
        self._computer_deliver(p, outcome)

    def _computer_deliver(self, p: Pending, outcome: Outcome) -> None:
        if self.host.game is None or self.host.game.position is not p.position:
            return
        if outcome.error is not None:
            self.computer_sides = self.computer_sides - {p.side}
            self.host.error(f"The computer could not choose a turn ({outcome.error}); {p.side} is yours now.")
            return
        sug = outcome.suggestion
        if p.purpose == "hint":
            self._computer_set_hint(p, sug)
            return
        if p.side not in self.computer_sides or self.host.mode != "play":
            return
        if sug.turn is None:
            self.computer_sides = self.computer_sides - {p.side}
            self.host.error(f"The computer finds no turn for {p.side}; {p.side} is yours now.")
            return
        text = self.host._computer_turn_text(sug.turn)
        if not self.host._computer_play(sug.turn):
            self.computer_sides = self.computer_sides - {p.side}
            self.host.error(
                f"The computer's turn {text} was refused by the rules; {p.side} is yours now. {self.host.message.text}"
            )
            return
        self.computer_hint = None
        self.glide = (len(self.host.game.turns), self.host.time)
        why = f" ({sug.reason})" if getattr(sug, "reason", "") else ""
        end = (
            f" Game over: {self.host.result_text()}."
            if self.host.game.position.result is not None
            else f" {self.host.game.position.to_move.capitalize()} to move."
        )
        self.host.say(f"The computer ({p.side}, level {self.computer_level}) played {text}{why}.{end}", "ok")

    def _computer_set_hint(self, p: Pending, sug) -> None:
        if sug.turn is None:
            self.host.error(f"No hint: {p.side} has no turn the computer can find.")
            return
        text = self.host._computer_turn_text(sug.turn)
        reason = getattr(sug, "reason", "") or "its best turn"
        self.computer_hint = Hint(p.position, sug, f"{text}: {reason}")
        self.host._computer_hint_changed()
        self.host.say(f"Hint for {p.side}: {text} - {reason}.", "ok")

    # -- keys -------------------------------------------------------------------------------------
    def computer_take_over(self, other: bool = False) -> None:
        """C: the computer plays the side to move (again: that side is yours); Shift+C: the other side."""
        # issue 16: the hand-over never races the computer - whatever it thinks or holds back for
        # after the glide is dropped first, so the side named below is the one to move now
        self._computer_cancel()
        paused = self.computer_paused
        if paused:
            self.computer_paused = frozenset()
            self.computer_sides = paused
            who = " and ".join(s for s in SIDES if s in paused)
            self.host.say(f"The computer plays {who} again (level {self.computer_level}; C gives a side back).", "ok")
            return
        side = self.host.to_move
        if other:
            side = "black" if side == "white" else "white"
        if side in self.computer_sides:
            self.computer_sides = self.computer_sides - {side}
            self.host.say(f"{side} is yours again (C hands it to the computer).", "ok")
        else:
            self.computer_sides = self.computer_sides | {side}
            self.computer_hint = None
            self.host._computer_hint_changed()
            self.host.say(
                f"The computer plays {side} now (level {self.computer_level}; C or Shift+C gives it back).", "ok"
            )

    def computer_pause(self) -> None:
        """ "Play from here" (review): the computer waits until C hands its sides back."""
        if self.computer_sides:
            self._computer_cancel()
            self.computer_paused = self.computer_sides
            self.computer_sides = frozenset()

    def computer_cycle_level(self, down: bool = False) -> None:
        self.computer_level = (self.computer_level + (-1 if down else 1)) % 5
        self.host.say(f"Computer level {self.computer_level} (0 random, 1 greedy, 2-3 searching).", "ok")

    def request_hint(self) -> None:
        """I: ask the computer which turn it would play for the side to move."""
        if self.host.game is None or self.host.mode != "play":
            self.host.error("A hint needs a game in play.")
            return
        if self.computer_to_move():
            self.host.error("The computer is to move: it will play in a moment (C gives you this side).")
            return
        h = self.computer_hint
        if h is not None and h.position is self.host.game.position:
            self.host.say(f"Hint: {h.text}.", "ok")
            return
        if self.computer_pending is not None:
            self.host.say("The computer is still thinking about the hint.")
            return
        self._computer_request("hint")
        self.host.say(f"Thinking about a hint for {self.host.game.position.to_move} (level {self.computer_level})...")

    def key_actions(self) -> dict:
        """The computer's actions of the key table (C, Shift+C, Shift+H, Shift+L)."""
        return {
            "computer.take_over": lambda: self.computer_take_over(other=False),
            "computer.take_over_other": lambda: self.computer_take_over(other=True),
            "computer.hint": self.request_hint,
            "computer.level": self.computer_cycle_level,
        }

    # -- undo and redo ----------------------------------------------------------------------------
    def undo_turn(self, one: Callable[[], None]) -> None:
        """Ctrl+Z: against the computer, take back its turn and yours (until a human side is to move);
        ``one`` takes back one turn (the controller base's undo)."""
        self._computer_cancel()
        self.glide = None
        self.computer_hint = None
        if not self.computer_sides or self.host.game is None:
            one()
            return
        turns = self.host.game.turns
        n = 0
        while n < len(turns):
            n += 1
            before = (
                self.host.game.position_at(len(turns) - n)
                if hasattr(self.host.game, "position_at")
                else self.host.game.positions[len(turns) - n]
            )
            if before.to_move not in self.computer_sides:
                break
        else:
            self.host.error("Nothing to undo: only the computer's turns were played (C gives you its side).")
            return
        for _ in range(n):
            one()
        if n > 1:
            self.host.say(
                f"Took back {n} turns (the computer's and yours). {self.host.game.position.to_move.capitalize()} to move."
            )

    def redo_turn(self, one: Callable[[], None]) -> None:
        """Ctrl+Y: against the computer, replay turns until a human side is to move again; ``one``
        replays one turn (the controller base's redo)."""
        self._computer_cancel()
        self.glide = None
        self.computer_hint = None
        one()
        while (
            self.computer_sides
            and self.host.game is not None
            and self.host._can_redo()
            and self.host.game.position.to_move in self.computer_sides
            and self.host.game.position.result is None
        ):
            one()

    # -- what changes without input (issue 16) ---------------------------------------------------
    def gliding(self) -> bool:
        """Whether the computer's last turn is still gliding (the picture changes every tick)."""
        return self.glide is not None and self.host.time - self.glide[1] < self.host.glide_seconds()

    def live_key(self) -> tuple:
        """The computer's part of the controller's live key: sides, level, the pending request and its
        thinking counter (a quarter-second step), the glide, the hint, a turn waiting for the glide."""
        p = self.computer_pending
        counter = None if p is None else (p.job_id, p.purpose, int((self.host.time - p.since) * 4))
        h = self.computer_hint
        return (
            self.computer_sides,
            self.computer_level,
            counter,
            self.glide,
            None if h is None else id(h),
            self.computer_ready is not None,
        )

    def live_frame_rate(self, base: float) -> float:
        """30 while a turn glides; 10 while the computer thinks (its answer is drawn within 0.1 s,
        the counter advances); else ``base`` (the controller base's rate)."""
        if self.gliding():
            return max(base, 30.0)
        if self.computer_pending is not None or self.computer_ready is not None or self.computer_to_move():
            return max(base, 10.0)
        return base

    # -- HUD --------------------------------------------------------------------------------------
    def computer_status(self, brief: bool = False) -> str:
        """One line for the HUD: who the computer plays, and whether it thinks (empty when unused);
        ``brief``: a hint shows its reason only (the board shows the turn)."""
        p = self.computer_pending
        if not self.computer_sides and p is None and self.computer_hint is None:
            return ""
        parts = []
        if self.computer_sides:
            who = " and ".join(s for s in SIDES if s in self.computer_sides)
            parts.append(f"computer: {who}, level {self.computer_level}")
        if p is not None:
            dots = "." * (1 + int(self.host.time * 3) % 3)
            what = "thinking" if p.purpose == "move" else "thinking about a hint"
            parts.append(f"{what}{dots:<3} {self.host.time - p.since:.1f} s")
        elif (
            self.computer_hint is not None
            and self.host.game is not None
            and self.computer_hint.position is self.host.game.position
        ):
            h = self.computer_hint
            parts.append("hint: " + ((getattr(h.suggestion, "reason", "") or "on the board") if brief else h.text))
        return "   ".join(parts)

    def hint_turn(self):
        """The hinted turn while it is for the position shown, else None."""
        h = self.computer_hint
        if h is None or self.host.game is None or h.position is not self.host.game.position:
            return None
        return h.suggestion.turn
