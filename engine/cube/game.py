"""Games: history, undo/redo, records and atomic saves (the ``Game`` protocol of
:mod:`engine.core.games`; the window autosaves, the engine never writes by itself).

Record format (grammar in docs/NOTATION.md)::

    # Daqi record                      comment lines start with # or ;
    ruleset standard
    setup white rook knight bishop cannon | cannon bishop knight rook | … | queen king prince brother
    setup black …
    1. P(9,3,1)-(9,4,1)               every turn has its own number, both sides counted: the
    2. P(9,14,1)-(9,13,1)             window's "turn N" (older records' "1." / "1..." move pairs
    3. 兵(…—9,4,1,1,1,1,1,1…)三维跃迁(…—9,4,2,1,1,1,1,1…)   still read); Chinese turns read too

Every malformed line raises :class:`NotationError` naming the file and line number; an empty
record, a number longer than :data:`MAX_DIGITS` digits, a line longer than :data:`MAX_LINE` characters,
a file over :data:`MAX_RECORD_BYTES` bytes or not UTF-8, and a ruleset of another game are errors too.
The ``ruleset`` line names a ruleset (bundled or in the user rulesets folder), never a path.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from ..core.chinese_lines import from_chinese
from ..core.coords import format_ascii
from ..core.errors import DaqiError, IllegalAction, NotationError
from ..core.files import (
    atomic_write_text,
    check_record_line,
    read_record_text,
    record_lines,
)  # noqa: F401
from ..core.history import PositionHistory
from ..core.loader import load_ruleset, load_ruleset_file
from .actions import Turn
from .notation import format_turn, parse_turn
from .position import SIDES, Position, Result
from .position_text import CHINESE_HEADS, HEADS, PositionSpec, chinese_words, choices_of, records_header
from .rules import apply_turn
from .setup import check_choice, default_choices, n_parts

#: a turn line (already stripped): possessive, so it never backtracks (linear in the line length)
_TURN_LINE = re.compile(r"(\d++)(\.\.\.|\.)\s*+(.+)", re.DOTALL)


def replay_turn(position: Position, turn: Turn) -> Position:
    """The position after ``turn`` (how a game's history recomputes the positions it does not keep)."""
    return apply_turn(position, turn)[0]


def position_weight(position: Position) -> int:
    """A position's size for the history's checkpoint spacing: its changed cells."""
    return len(position.cells)


class TurnNumbering:
    """Which numbering a record's turn lines use, settled by the first line that tells them apart.

    ``turns`` (what Daqi writes): turn ``k`` of the record (1-based, both sides counted) is ``k.``,
    the window's "turn k".  ``pairs`` (records written before): chess-style move pairs, white's
    ``n.`` and black's reply ``n...``, counted from the start position (``1...`` first when black
    moves first).  Only the very first turn of a game with white to move reads the same in both.
    """

    def __init__(self) -> None:
        self.scheme: str | None = None

    @staticmethod
    def expected(index: int, offset: int) -> dict[str, tuple[int, str]]:
        n = index + offset
        return {"turns": (index + 1, "."), "pairs": (n // 2 + 1, "." if n % 2 == 0 else "...")}

    def check(self, index: int, offset: int, num: int, dots: str) -> None:
        """Accept turn line ``num`` + ``dots`` as the record's turn ``index`` (0-based), or raise."""
        want = self.expected(index, offset)
        fits = [k for k, v in want.items() if v == (num, dots) and self.scheme in (None, k)]
        if not fits:
            w = want["turns" if self.scheme != "pairs" else "pairs"]
            also = (
                f" (or {want['pairs'][0]}{want['pairs'][1]} in older move-pair records)" if self.scheme is None else ""
            )
            raise NotationError(f"expected turn number {w[0]}{w[1]} here{also}, found {num}{dots}")
        if len(fits) == 1:
            self.scheme = fits[0]


class Game:
    """A game of cube chess from its setup choices, with history for undo, redo and replay."""

    start: Position | None = None  # the position the game began from, when not the setup
    offset = 0  # 1 when that position has black to move (its first turn is "1...")

    def __init__(self, rules="standard", choices: dict | None = None, *, start=None):
        if start is not None:  # a game that begins from any position (docs/NOTATION.md, "Positions")
            rules = start.rules
            choices = choices or choices_of(start)
        if isinstance(rules, Path):
            rules = load_ruleset_file(rules)
        elif isinstance(rules, str):
            rules = load_ruleset(rules)
        if getattr(rules, "game", None) != "cube":
            raise IllegalAction(
                f"ruleset {getattr(rules, 'name', '?')!r} is not a cube-chess ruleset", code="unknown-name"
            )
        self.rules = rules
        self.choices = choices or default_choices(self.rules)
        for side in SIDES:
            for i, part in enumerate(self.choices[side]):
                check_choice(self.rules, side, i, part)
        self.start = start  # None: the game began from the setup
        # turns and positions (checkpoints, the rest replayed: memory in proportion to the record)
        self._played = PositionHistory(
            start if start is not None else Position.from_setup(self.rules, self.choices),
            replay_turn,
            weight=position_weight,
        )
        # a game that begins with black to move numbers its first turn "1..."
        self.offset = 1 if self.positions[0].to_move == "black" else 0
        self._seen = Counter([self.positions[0].key()])  # G14 repetition counts
        # positions one more visit turns into a repetition draw (G14), by key: the players avoid or seek them
        self._near: dict[int, Position] = {}
        self._note_visit(self.positions[0])
        self.costs: list[int] = []
        self._redo: list[Turn] = []

    @property
    def turns(self) -> list[Turn]:
        """The turns played (a list owned by the history: append through :meth:`play`)."""
        return self._played.turns

    @property
    def positions(self) -> PositionHistory:
        """One position per ply, ``positions[0]`` the start and ``positions[-1]`` the live one: a
        :class:`~engine.core.history.PositionHistory` (a sequence that keeps a checkpoint every 64
        plies or more, spaced by the board's changed cells, and replays the others, so a long record
        costs memory in proportion to its size)."""
        return self._played

    @positions.setter
    def positions(self, positions) -> None:
        """Set the history to these positions (one more than the turns; each kept as given)."""
        turns = self._played.turns if hasattr(self, "_played") else ()
        self._played = PositionHistory.of(positions, replay_turn, turns, weight=position_weight)

    @property
    def position(self) -> Position:
        return self._played[-1]

    @property
    def result(self) -> Result | None:
        return self.position.result

    @property
    def history(self) -> tuple[Turn, ...]:
        return tuple(self.turns)

    def play(self, turn: Turn, *, keep_redo: bool = False) -> Position:
        """Apply a turn and return the new position (raises :class:`IllegalAction`)."""
        new, cost = apply_turn(self.position, turn)
        replayable = True
        if new.result is None and self.rules.repetitions:
            key = new.key()
            if self._seen[key] + 1 >= self.rules.repetitions:
                new = new.replace(result=Result(None, f"position repeated {self.rules.repetitions} times (G14)"))
                replayable = False  # a replay would not mark the draw: the history keeps it
        return self._push(turn, new, cost, replayable=replayable, keep_redo=keep_redo)

    def _push(self, turn: Turn, new: Position, cost: int, *, replayable: bool, keep_redo: bool) -> Position:
        """Record a played turn and the position it reached."""
        self._played.append(turn, new, replayable=replayable)
        self._seen[new.key()] += 1
        self._note_visit(new)
        self.costs.append(cost)
        if not keep_redo:
            self._redo.clear()
        return new

    def undo(self) -> Turn:
        """Take back the last turn and return it (``IllegalAction`` ``no-history`` if none)."""
        if not self.turns:
            raise IllegalAction("nothing to undo", code="no-history")
        t, gone = self._played.pop()
        k = gone.key()
        self._seen[k] -= 1
        if self._seen[k] < self.rules.repetitions - 1:
            self._near.pop(k, None)
        self.costs.pop()
        self._redo.append(t)
        return t

    def _note_visit(self, pos: Position) -> None:
        reps = self.rules.repetitions
        k = pos.key()
        if reps and pos.result is None and self._seen[k] >= reps - 1:
            self._near[k] = pos

    def repeat_positions(self) -> tuple[Position, ...]:
        """The positions that end the game as a repetition draw (G14) if a turn reaches them once
        more: those met ``repetitions - 1`` times so far (none where the ruleset has no repetition
        rule).  The computer players take them as draws (``suggest(..., repeats=...)``)."""
        return tuple(self._near.values())

    def redo(self) -> Position:
        """Play the last taken-back turn again and return the new position."""
        if not self._redo:
            raise IllegalAction("nothing to redo", code="no-history")
        t = self._redo.pop()
        try:
            return self.play(t, keep_redo=True)
        except IllegalAction:
            self._redo.append(t)
            raise

    @property
    def can_undo(self) -> bool:
        return bool(self.turns)

    @property
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
    def to_text(self, style: str = "ascii") -> str:
        """The game's record (docs/NOTATION.md); a game that began from a position starts with
        its position lines."""
        lines = ["# Daqi record", *records_header(self.rules, self.start, self.choices)]
        for i in range(len(self.turns)):
            lines.append(f"{i + 1}. {self.notation(i, style)}")
        if self.position.result:
            r = self.position.result
            lines.append(f"# result: {r.winner or 'draw'} ({r.reason})")
        return "\n".join(lines) + "\n"

    #: the former name of :meth:`to_text`
    to_record = to_text

    @classmethod
    def from_text(cls, text: str, source: str = "record", known=None) -> Game:
        """A game from record text (every game's name for it); see :meth:`from_record`."""
        return cls.from_record(text, source=source, known=known)

    @classmethod
    def from_record(cls, text: str, *, source: str = "record", known=None) -> Game:
        """A game from record text.  ``known``: a ruleset (e.g. one loaded from a file the user
        named) used when the record's ruleset line gives its name; other names are looked up
        with :func:`load_ruleset`."""
        rules = None
        choices: dict = {}
        game = None
        spec: PositionSpec | None = None
        content = False
        numbering = TurnNumbering()
        if not isinstance(text, str):
            raise NotationError("a record is text", code="bad-record", where=source)
        for lineno, raw in enumerate(record_lines(text), 1):
            line = raw.strip()
            where = f"{source}, line {lineno}"
            if not line or line.startswith(("#", ";")):
                continue
            content = True
            try:
                check_record_line(line)
                if line.split(None, 1)[0] in CHINESE_HEADS:  # the Chinese form of a header line
                    if line.startswith("规则"):
                        line = "ruleset" + line[2:]
                    else:
                        line = from_chinese(line, chinese_words(rules or load_ruleset("standard")))
                if line.split(None, 1)[0] == "ruleset":
                    if rules is not None or game is not None:
                        raise NotationError("the ruleset line must come once, before the setup and turns")
                    name = line.split(None, 1)[1].strip() if " " in line or "\t" in line else ""
                    rules = known if known is not None and name == getattr(known, "name", None) else load_ruleset(name)
                    if getattr(rules, "game", None) != "cube":
                        raise NotationError(
                            f"ruleset {name!r} is not a cube-chess ruleset (a spirit-chess "
                            f"record has 'white:' and 'black:' setup lines)",
                            code="unknown-name",
                        )
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
                        raise NotationError(
                            f"setup {side} needs {n_parts(rules)} parts separated by '|', got {len(groups)}"
                        )
                    names = {p.chinese: n for n, p in rules.pieces.items()}
                    choices[side] = [tuple(names.get(n, n) for n in g) for g in groups]
                    for i, g in enumerate(choices[side]):
                        check_choice(rules, side, i, g)
                    continue
                if line.split(None, 1)[0] in HEADS:
                    if game is not None:
                        raise NotationError("position lines must come before the turns")
                    if rules is None:
                        rules = load_ruleset("standard")
                    if spec is None:
                        spec = PositionSpec()
                    spec.read(line, rules)
                    continue
                m = _TURN_LINE.match(line)
                if not m:
                    raise NotationError(
                        f"expected 'N. TURN', 'N... TURN', 'ruleset NAME', 'setup SIDE ...' or a position "
                        f"line ({', '.join(HEADS)}), got {line!r}"
                    )
                if game is None:
                    game = cls._from_header(rules, choices, spec)
                    rules = game.rules
                num, dots, body = int(m.group(1)), m.group(2), m.group(3)
                numbering.check(len(game.turns), game.offset, num, dots)
                turn, letters = parse_turn(body, rules)
                if letters and turn.origin is not None:
                    have = tuple(p.type for p in game.position.cell(turn.origin))
                    if tuple(letters) != have:
                        raise NotationError(
                            f"the turn names {'+'.join(letters)} on {format_ascii(turn.origin)}, but "
                            f"the square holds {'+'.join(have) or 'nothing'}"
                        )
                game.play(turn)
            except IllegalAction as exc:
                raise IllegalAction(str(exc), code=exc.code, where=where) from None
            except DaqiError as exc:
                raise NotationError(str(exc), code=exc.code, where=where) from None
        if not content:
            raise NotationError("the record is empty: no ruleset, setup or turn line", code="bad-record", where=source)
        if game is None:
            try:
                game = cls._from_header(rules, choices, spec)
            except DaqiError as exc:
                raise NotationError(str(exc), code=exc.code, where=source) from None
        return game

    @classmethod
    def _from_header(cls, rules, choices: dict, spec: PositionSpec | None = None) -> Game:
        """The game a record's header describes: its ruleset (standard if none) and the setup
        choices it gives, the default arrangement for a side it does not; the position its
        position lines give, if any."""
        rules = rules or load_ruleset("standard")
        base = default_choices(rules)
        base.update(choices)
        if spec is None:
            return cls(rules, base)
        return cls(rules, base, start=spec.build(rules, base))

    def save(self, path) -> Path:
        """Write the record atomically and durably (temp file, fsync, rename, fsync of the folder);
        temp files a killed earlier process left for this path are removed first."""
        return atomic_write_text(path, self.to_text())

    @classmethod
    def load(cls, path, *, known=None) -> Game:
        """Read a record file (a regular UTF-8 file of at most :data:`MAX_RECORD_BYTES`); every
        problem is a :class:`DaqiError` naming the file and line."""
        return cls.from_record(read_record_text(path), source=str(path), known=known)


def parse_position(text: str, *, source: str = "position", known=None) -> Position:
    """The position a position text (:func:`engine.cube.position_text.format_position`), or any
    record, begins from."""
    return Game.from_record(text, source=source, known=known).positions[0]


SAMPLES = Path(__file__).with_name("samples")


def sample_game(name: str = "demo") -> Game:
    """A built-in sample game (``engine/samples/<name>.txt``) used for demos and recordings."""
    return Game.load(SAMPLES / f"{name}.txt")
