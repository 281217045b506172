"""Games: history, undo/redo, records and atomic autosave.

Record format (grammar in docs/NOTATION.md)::

    # Daqi record                      comment lines start with # or ;
    ruleset standard
    setup white rook knight bishop cannon | cannon bishop knight rook | … | queen king prince brother
    setup black …
    1. P(9,3,1)-(9,4,1)               white's turns are numbered "n.", black's "n..."
    1... P(9,14,1)-(9,13,1)
    2. 兵(…—9,4,1,1,1,1,1,1…)三维跃迁(…—9,4,2,1,1,1,1,1…)   the Chinese form is accepted too

Every malformed line raises :class:`NotationError` naming its line number.
"""
from __future__ import annotations

import os
import re
from collections import Counter
import tempfile
from pathlib import Path

from .actions import Turn
from ..core.errors import DaqiError, IllegalAction, NotationError
from .notation import format_turn, parse_turn
from .position import SIDES, Position, Result
from .rules import apply_turn
from ..core.loader import load_ruleset
from .setup import check_choice, default_choices, n_parts

_TURN_LINE = re.compile(r"^\s*(\d+)(\.\.\.|\.)\s*(.+?)\s*$")


class Game:
    """A game of cube chess from its setup choices, with history for undo, redo and replay."""

    def __init__(self, rules="standard", choices: dict | None = None, *, autosave_path=None):
        self.rules = load_ruleset(rules) if isinstance(rules, (str, Path)) else rules
        self.choices = choices or default_choices(self.rules)
        for side in SIDES:
            for i, part in enumerate(self.choices[side]):
                check_choice(self.rules, side, i, part)
        self.positions = [Position.from_setup(self.rules, self.choices)]
        self._seen = Counter([self.positions[0].key()])   # G14 repetition counts
        self.turns: list[Turn] = []
        self.costs: list[int] = []
        self._redo: list[Turn] = []
        self.autosave_path = Path(autosave_path) if autosave_path else None

    @property
    def position(self) -> Position:
        return self.positions[-1]

    def play(self, turn: Turn, *, keep_redo: bool = False) -> Position:
        """Apply a turn (raises :class:`IllegalAction`); autosaves when a path is set."""
        new, cost = apply_turn(self.position, turn)
        if new.result is None and self.rules.repetitions:
            key = new.key()
            if self._seen[key] + 1 >= self.rules.repetitions:
                new = new.replace(result=Result(None, f"position repeated {self.rules.repetitions} times (G14)"))
        self.positions.append(new)
        self._seen[new.key()] += 1
        self.turns.append(turn)
        self.costs.append(cost)
        if not keep_redo:
            self._redo.clear()
        self._autosave()
        return new

    def undo(self) -> Turn | None:
        if not self.turns:
            return None
        self._seen[self.positions.pop().key()] -= 1
        self.costs.pop()
        t = self.turns.pop()
        self._redo.append(t)
        self._autosave()
        return t

    def redo(self) -> Turn | None:
        if not self._redo:
            return None
        t = self._redo.pop()
        self.play(t, keep_redo=True)
        return t

    def can_redo(self) -> bool:
        return bool(self._redo)

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` turns (0 = start)."""
        if not 0 <= ply < len(self.positions):
            raise IndexError(f"ply {ply} is outside 0..{len(self.positions) - 1}")
        return self.positions[ply]

    def notation(self, ply: int, style: str = "ascii") -> str:
        """The notation of turn number ``ply`` (0-based), written against the position before it."""
        t = self.turns[ply]
        before = self.positions[ply]
        stack = before.cell(t.origin) if t.origin is not None and t.actions[0].kind != "drop" else None
        return format_turn(t, self.rules, style=style, stack=stack)

    # -- records ------------------------------------------------------------------------------
    def to_record(self, style: str = "ascii") -> str:
        lines = ["# Daqi record", f"ruleset {self.rules.name}"]
        for side in SIDES:
            lines.append(f"setup {side} " + " | ".join(" ".join(p) for p in self.choices[side]))
        for i in range(len(self.turns)):
            num = i // 2 + 1
            lines.append(f"{num}{'.' if i % 2 == 0 else '...'} {self.notation(i, style)}")
        if self.position.result:
            r = self.position.result
            lines.append(f"# result: {r.winner or 'draw'} ({r.reason})")
        return "\n".join(lines) + "\n"

    @classmethod
    def from_record(cls, text: str, *, source: str = "record") -> "Game":
        rules = None
        choices = {}
        game = None
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            where = f"{source}, line {lineno}"
            if not line or line.startswith("#") or line.startswith(";"):
                continue
            try:
                if line.startswith("ruleset "):
                    if rules is not None or game is not None:
                        raise NotationError("the ruleset line must come once, before the setup and turns")
                    rules = load_ruleset(line.split(None, 1)[1].strip())
                    continue
                if line.startswith("setup "):
                    if game is not None:
                        raise NotationError("setup lines must come before the turns")
                    if rules is None:
                        rules = load_ruleset("standard")
                    parts = line.split(None, 2)
                    if len(parts) < 3 or parts[1] not in SIDES:
                        raise NotationError(f"expected 'setup white|black PIECES | PIECES ...', got {line!r}")
                    side = parts[1]
                    groups = [g.split() for g in parts[2].split("|")]
                    if len(groups) != n_parts(rules):
                        raise NotationError(f"setup {side} needs {n_parts(rules)} parts separated by '|', got "
                                            f"{len(groups)}")
                    names = {p.chinese: n for n, p in rules.pieces.items()}
                    choices[side] = [tuple(names.get(n, n) for n in g) for g in groups]
                    for i, g in enumerate(choices[side]):
                        check_choice(rules, side, i, g)
                    continue
                m = _TURN_LINE.match(line)
                if not m:
                    raise NotationError(f"expected 'N. TURN', 'N... TURN', 'ruleset NAME' or 'setup SIDE ...', "
                                        f"got {line!r}")
                if game is None:
                    game = cls._from_header(rules, choices)
                    rules = game.rules
                num, dots, body = int(m.group(1)), m.group(2), m.group(3)
                ply = len(game.turns)
                want_num, want_dots = ply // 2 + 1, "." if ply % 2 == 0 else "..."
                if (num, dots) != (want_num, want_dots):
                    raise NotationError(f"expected turn number {want_num}{want_dots} here, found {num}{dots}")
                turn, letters = parse_turn(body, rules)
                if letters and turn.origin is not None:
                    have = tuple(p.type for p in game.position.cell(turn.origin))
                    if tuple(letters) != have:
                        raise NotationError(f"the turn names {'+'.join(letters)} on {list(turn.origin)}, but "
                                            f"the square holds {'+'.join(have) or 'nothing'}")
                game.play(turn)
            except IllegalAction as exc:
                raise IllegalAction(str(exc), code=exc.code, where=where) from None
            except DaqiError as exc:
                raise NotationError(str(exc), code=exc.code, where=where) from None
        return game if game is not None else cls._from_header(rules, choices)

    @classmethod
    def _from_header(cls, rules, choices: dict) -> "Game":
        """The game a record's header describes: its ruleset (standard if none) and the setup
        choices it gives, the default arrangement for a side it does not."""
        rules = rules or load_ruleset("standard")
        base = default_choices(rules)
        base.update(choices)
        return cls(rules, base)

    def save(self, path) -> Path:
        """Write the record atomically (a temp file in the same folder, then rename)."""
        path = Path(path)
        text = self.to_record()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
        return path

    @classmethod
    def load(cls, path) -> "Game":
        path = Path(path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise NotationError(f"cannot read record: {exc.strerror}", code="io", where=str(path)) from None
        except UnicodeDecodeError as exc:
            raise NotationError(f"record is not UTF-8 text: {exc}", code="bad-record", where=str(path)) from None
        return cls.from_record(text, source=str(path))

    def _autosave(self):
        if self.autosave_path is not None:
            self.save(self.autosave_path)


SAMPLES = Path(__file__).with_name("samples")


def sample_game(name: str = "demo") -> Game:
    """A built-in sample game (``engine/samples/<name>.txt``) used for demos and recordings."""
    return Game.load(SAMPLES / f"{name}.txt")
