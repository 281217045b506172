"""Spirit-chess text records and the game model (history, undo/redo, save/load).

Grammar (documented in docs/RULES-spirit.md)::

    # comment                      blank lines and '#' comments are ignored
    ruleset spirit                 optional, default "spirit"
    white: sect(10,2) master(10,3) ...     the 19 placements of each side (S1, S2)
    black: sect(10,18) ...
    1. +(10,3) (10,3)-(10,4)-(10,5)-(10,6)            turn: level-up, origin-path
    2. +(4,18) (4,18)-(5,17) =elder(5,17)             ... with a disciple transform (S8)
    result white sect-captured     optional; must match the replay

The ruleset line names a ruleset (bundled or in the user rulesets folder), never a path.  Every
problem is a :class:`DaqiError` naming the file (``source``) and line: an empty record, a
line over ``MAX_LINE`` characters, a number of more than ``MAX_DIGITS`` digits, a file that is not
UTF-8 or too large (:func:`engine.core.files.read_record_text`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..core.chinese_lines import from_chinese
from ..core.coords import format_ascii, match_coord
from ..core.errors import DaqiError, IllegalAction, NotationError
from ..core.files import atomic_write_text, check_record_line, read_record_text, record_lines
from ..core.history import PositionHistory
from ..core.loader import load_ruleset
from .position import (
    SpiritCapture,
    SpiritPosition,
    SpiritResult,
    SpiritTransform,
    SpiritTurn,
    apply_spirit_turn,
    played_turn,
)
from .position_text import CHINESE_HEADS, SpiritPositionSpec, chinese_words, position_lines
from .position_text import HEADS as POSITION_HEADS
from .rules import SIDES, SpiritRules
from .setup import Placements, default_placement, normalize_placements, spirit_start_position

_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_WS = re.compile(r"\s*")


def _skip_ws(text: str, i: int) -> int:
    """The index of the first non-space character at or after ``i``."""
    m = _WS.match(text, i)
    assert m is not None  # ``\s*`` matches everywhere, if only the empty string
    return m.end()


def _coord_at(text: str, i: int) -> tuple[tuple[int, int], int]:
    c, end, _ = match_coord(text, i, min_len=2)
    if len(c) != 2:
        raise NotationError(f"{text[i:end]!r} must have exactly two numbers (x, y)", code="malformed")
    return c, end


def format_spirit_turn(turn: SpiritTurn) -> str:
    """``+(x,y) (x,y)-(x,y)-... [=type(x,y)]``"""
    s = f"+{format_ascii(turn.levelup)} " + "-".join(format_ascii(c) for c in (turn.origin, *turn.path))
    if turn.transform is not None:
        s += f" ={turn.transform.into}{format_ascii(turn.transform.at)}"
    return s


def parse_spirit_turn(text: str) -> SpiritTurn:
    """Inverse of :func:`format_spirit_turn`; raises NotationError naming the column."""
    i = _skip_ws(text, 0)
    if not text.startswith("+", i):
        raise NotationError(
            f"turn {text!r} must start with '+' and the level-up square, e.g. +(10,3)", code="malformed"
        )
    levelup, i = _coord_at(text, i + 1)
    i = _skip_ws(text, i)
    origin, i = _coord_at(text, i)
    path: list[tuple[int, int]] = []
    while text.startswith("-", i):
        c, i = _coord_at(text, i + 1)
        path.append(c)
    if not path:
        raise NotationError(f"turn {text!r}: expected '-' and the next square at column {i + 1}", code="malformed")
    transform: SpiritTransform | None = None
    i = _skip_ws(text, i)
    if text.startswith("=", i):
        m = _NAME.match(text, i + 1)
        if not m:
            raise NotationError(f"turn {text!r}: expected a piece type after '=' at column {i + 2}", code="malformed")
        at, i = _coord_at(text, m.end())
        transform = SpiritTransform(at, m.group(0))
        i = _skip_ws(text, i)
    if i != len(text):
        raise NotationError(f"turn {text!r}: unexpected {text[i:]!r} at column {i + 1}", code="malformed")
    return SpiritTurn(levelup, origin, tuple(path), transform)


@dataclass(frozen=True)
class SpiritRecord:
    ruleset: str
    white: Placements
    black: Placements
    turns: tuple[SpiritTurn, ...] = ()
    result: SpiritResult | None = None
    turn_lines: tuple[int, ...] = field(default=(), compare=False, repr=False)
    result_line: int = field(default=0, compare=False, repr=False)
    source: str | None = field(default=None, compare=False, repr=False)
    start: SpiritPosition | None = None  # the position the game began from, when not the setup


def _format_placements(pl: Placements) -> str:
    return " ".join(f"{kind}{format_ascii(c)}" for c, kind in sorted(pl.items(), key=lambda ck: (ck[0][1], ck[0][0])))


def format_spirit_record(record) -> str:
    """Text of a :class:`SpiritRecord` (or a :class:`SpiritGame`)."""
    if isinstance(record, SpiritGame):
        record = record.record()
    lines = ["# Daqi spirit chess record", f"ruleset {record.ruleset}"]
    if record.start is not None:
        lines += position_lines(record.start)
    else:
        lines += [f"white: {_format_placements(record.white)}", f"black: {_format_placements(record.black)}"]
    lines += [f"{i}. {format_spirit_turn(t)}" for i, t in enumerate(record.turns, 1)]
    if record.result is not None:
        lines.append(f"result {record.result.winner or 'draw'} {record.result.reason}")
    return "\n".join(lines) + "\n"


def _parse_placements(text: str) -> Placements:
    out: Placements = {}
    i = _skip_ws(text, 0)
    while i < len(text):
        m = _NAME.match(text, i)
        if not m:
            raise NotationError(f"expected a placement like master(10,3) at {text[i : i + 20]!r}", code="malformed")
        c, i = _coord_at(text, m.end())
        if c in out:
            raise NotationError(f"two placements on {format_ascii(c)}", code="malformed")
        out[c] = m.group(0)
        i = _skip_ws(text, i)
    return out


def parse_spirit_record(text: str, source: str | None = None, known: SpiritRules | None = None) -> SpiritRecord:
    """Parse a record; a malformed line raises NotationError naming ``source`` and its line number.
    ``known``: a ruleset loaded from a file the user named, used when the ruleset line names it
    (a record that begins from a position reads its pieces against it)."""
    ruleset, result, rline = "spirit", None, 0
    setups: dict[str, Placements] = {}
    turns: list[SpiritTurn] = []
    tlines: list[int] = []
    if not isinstance(text, str):
        raise NotationError("a record is text", code="bad-record", where=source)
    content = False
    spec: SpiritPositionSpec | None = None
    rules_for_spec: SpiritRules = None  # type: ignore[assignment]   # loaded with the first position line
    for n, raw in enumerate(record_lines(text), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        content = True
        try:
            check_record_line(line)
            if line.partition(" ")[0] in CHINESE_HEADS:  # the Chinese form of a header line
                if line.startswith("规则"):
                    line = "ruleset" + line[2:]
                else:
                    rules_zh = known if known is not None and known.name == ruleset else load_ruleset(ruleset)
                    line = from_chinese(line, chinese_words(rules_zh), min_len=2)
            head, _, rest = line.partition(" ")
            if result is not None:
                raise NotationError("nothing may follow the result line", code="malformed")
            if head == "ruleset":
                if setups or turns or not rest.strip():
                    raise NotationError("'ruleset NAME' must come first", code="malformed")
                ruleset = rest.strip()
            elif ":" in line and line.split(":", 1)[0].strip() in SIDES:
                if spec is not None:
                    raise NotationError(
                        "a record begins from setup lines or from a position, not both", code="malformed"
                    )
                side, _, body = line.partition(":")
                side = side.strip()
                if side in setups:
                    raise NotationError(f"second setup line for {side}", code="malformed")
                if turns:
                    raise NotationError("setup lines must come before the turns", code="malformed")
                setups[side] = _parse_placements(body)
            elif head in POSITION_HEADS:
                if turns or setups:
                    raise NotationError(
                        "position lines come before the turns, instead of the 'white:' and 'black:' setup lines",
                        code="malformed",
                    )
                if spec is None:
                    spec = SpiritPositionSpec()
                    named = known is not None and getattr(known, "name", None) == ruleset
                    rules_for_spec = known if named else load_ruleset(ruleset)  # type: ignore[assignment]
                    if getattr(rules_for_spec, "game", None) != "spirit":
                        raise NotationError(f"ruleset {ruleset!r} is not a spirit-chess ruleset", code="unknown-name")
                spec.read(line, rules_for_spec)
            elif head == "result":
                parts = rest.split()
                if len(parts) != 2 or parts[0] not in ("white", "black", "draw"):
                    raise NotationError(
                        f"result line {line!r} must be 'result white|black|draw REASON'", code="malformed"
                    )
                result = SpiritResult(None if parts[0] == "draw" else parts[0], parts[1])
                rline = n
            elif re.fullmatch(r"\d+\.", head):
                if len(setups) != 2 and spec is None:
                    raise NotationError(
                        "both setup lines (white:, black:) must come before the turns", code="malformed"
                    )
                if int(head[:-1]) != len(turns) + 1:
                    raise NotationError(f"turn number {head[:-1]} should be {len(turns) + 1}", code="malformed")
                turns.append(parse_spirit_turn(rest))
                tlines.append(n)
            else:
                raise NotationError(f"cannot read {line!r}", code="malformed")
        except NotationError as exc:
            raise NotationError(str(exc), code=exc.code, where=_at(source, n)) from None
    if not content:
        raise NotationError(
            "the record is empty: no ruleset, setup or turn line", code="bad-record", where=source or "record"
        )
    for side in SIDES:
        if side not in setups and spec is None:
            raise NotationError(f"the record has no '{side}:' setup line", code="malformed", where=source or "record")
    start = spec.build(rules_for_spec) if spec is not None else None
    return SpiritRecord(
        ruleset,
        setups.get("white", {}),
        setups.get("black", {}),
        tuple(turns),
        result,
        tuple(tlines),
        rline,
        source=source,
        start=start,
    )


def _at(source: str | None, line: int) -> str:
    return f"{source}, line {line}" if source else f"line {line}"


def replay_spirit_turn(position: SpiritPosition, turn: SpiritTurn) -> SpiritPosition:
    """The position after ``turn`` (how a game's history recomputes the positions it does not keep)."""
    return apply_spirit_turn(position, turn)[0]


class SpiritGame:
    """A game: start placements, the turns played, undo/redo, save/load as a text record."""

    start: SpiritPosition | None = None  # the position the game began from, when not the setup

    def __init__(self, rules: SpiritRules | str | None = None, white=None, black=None, *, start=None):
        ruleset: SpiritRules = load_ruleset(rules or "spirit") if rules is None or isinstance(rules, str) else rules
        if getattr(ruleset, "game", None) != "spirit":
            raise IllegalAction(
                f"ruleset {getattr(ruleset, 'name', ruleset)!r} is not a spirit-chess ruleset", code="unknown-name"
            )
        self.rules = ruleset
        self.white = normalize_placements(ruleset, white if white is not None else default_placement(ruleset, "white"))
        self.black = normalize_placements(ruleset, black if black is not None else default_placement(ruleset, "black"))
        # ``start``: a position the game begins from instead of the setup (docs/NOTATION.md, "Positions")
        self.start = start
        first = start if start is not None else spirit_start_position(ruleset, self.white, self.black)
        # turns and positions (checkpoints, the rest replayed: memory in proportion to the record)
        self._played = PositionHistory(first, replay_spirit_turn)
        self.captures: list[list[SpiritCapture]] = []
        self._redo: list[SpiritTurn] = []

    @property
    def turns(self) -> list[SpiritTurn]:
        """The turns as played (a list owned by the history: append through :meth:`play`)."""
        return self._played.turns

    @property
    def positions(self) -> PositionHistory:
        """One position per ply (``[0]`` the start, ``[-1]`` the live one): a
        :class:`~engine.core.history.PositionHistory`, which keeps checkpoints and replays the rest."""
        return self._played

    @positions.setter
    def positions(self, positions) -> None:
        """Set the history to these positions (one more than the turns; each kept as given)."""
        turns = self._played.turns if hasattr(self, "_played") else ()
        self._played = PositionHistory.of(positions, replay_spirit_turn, turns)

    @property
    def position(self) -> SpiritPosition:
        return self._played[-1]

    @property
    def result(self) -> SpiritResult | None:
        return self.position.result

    @property
    def history(self) -> tuple[SpiritTurn, ...]:
        return tuple(self.turns)

    def play(self, turn: SpiritTurn) -> SpiritPosition:
        """Apply a turn and return the new position (its captures: ``captures[-1]``)."""
        new, caps = apply_spirit_turn(self.position, turn)
        turn = played_turn(self.position, turn)  # a path cut where a formation zone caught the mover (S11)
        self._played.append(turn, new)
        self.captures.append(caps)
        self._redo.clear()
        return new

    def repeat_positions(self) -> tuple[SpiritPosition, ...]:
        """Spirit chess has no repetition rule (its games end by the H6 turn limit): none."""
        return ()

    @property
    def can_undo(self) -> bool:
        return bool(self.turns)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> SpiritTurn:
        if not self.turns:
            raise IllegalAction("nothing to undo", code="no-history")
        turn, _gone = self._played.pop()
        self.captures.pop()
        self._redo.append(turn)
        return turn

    def redo(self) -> SpiritPosition:
        """Play the last taken-back turn again and return the new position."""
        if not self._redo:
            raise IllegalAction("nothing to redo", code="no-history")
        redo = list(self._redo)
        new = self.play(redo.pop())
        self._redo = redo
        return new

    def record(self) -> SpiritRecord:
        return SpiritRecord(
            self.rules.name, dict(self.white), dict(self.black), tuple(self.turns), self.result, start=self.start
        )

    def to_text(self) -> str:
        return format_spirit_record(self.record())

    @classmethod
    def from_record(cls, record: SpiritRecord, *, known: SpiritRules | None = None) -> SpiritGame:
        src = record.source
        rules: SpiritRules | str = known if known is not None and record.ruleset == known.name else record.ruleset
        try:
            if record.start is not None:
                game = cls(record.start.rules, start=record.start)
            else:
                game = cls(rules, record.white, record.black)
        except DaqiError as exc:
            raise NotationError(f"setup: {exc}", code=exc.code, where=src or "record") from None
        for i, turn in enumerate(record.turns):
            try:
                game.play(turn)
            except IllegalAction as exc:
                line = record.turn_lines[i] if i < len(record.turn_lines) else 0
                raise IllegalAction(
                    f"turn {i + 1}: {exc}", code=exc.code, where=_at(src, line) if line else src
                ) from None
        if record.result is not None and record.result != game.result:
            got = f"{game.result.winner or 'draw'} {game.result.reason}" if game.result else "no result"
            raise NotationError(
                f"the record says '{record.result.winner or 'draw'} {record.result.reason}' but the replay gives {got}",
                code="malformed",
                where=_at(src, record.result_line) if record.result_line else src,
            )
        return game

    @classmethod
    def from_text(cls, text: str, source: str | None = None, known: SpiritRules | None = None) -> SpiritGame:
        return cls.from_record(parse_spirit_record(text, source, known), known=known)

    def save(self, path) -> Path:
        """Write the record atomically and durably (temp file, fsync, rename, fsync of the folder);
        temp files a killed earlier process left for this path are removed first."""
        return atomic_write_text(path, self.to_text())

    @classmethod
    def load(cls, path, *, known: SpiritRules | None = None) -> SpiritGame:
        """Read a record file (regular, UTF-8, bounded size); every problem is a DaqiError naming
        the file and line."""
        return cls.from_text(read_record_text(path), source=str(Path(path)), known=known)


def parse_spirit_position(text: str, source: str | None = None, known: SpiritRules | None = None) -> SpiritPosition:
    """The position a spirit position text (or any spirit record) begins from."""
    return SpiritGame.from_text(text, source, known).positions[0]
