"""The spirit-chess position text: where a record begins when it does not begin from the setup.

Written as record lines (grammar in docs/NOTATION.md, "Positions")::

    ruleset spirit
    position black to move, ply 12
    pieces white sect(10,2) master(10,3)L4 elder(4,5)
    pieces black sect(10,18) disciple(7,12)L3
    start white master 1 elder 2 …          the start counts (S8's depleted kinds), only if not the rules'

A piece is its type, its square and, when it is not the type's start level, ``L`` and its level.
One pass over each line; a number has at most 18 digits (the record's limit) and a level lies in
0..``LIMITS.score``.
"""

from __future__ import annotations

import re

from ..core.chinese_lines import LineWords, to_chinese
from ..core.coords import format_ascii, match_coord
from ..core.errors import NotationError
from ..core.limits import LIMITS
from .position import SpiritPiece, SpiritPosition
from .rules import SIDES

#: the first words of a record's position lines
HEADS = ("position", "pieces", "start")
PIECES_PER_LINE = 10
_NAME = re.compile(r"[a-z][a-z0-9_-]*")
_LEVEL = re.compile(r"L(\d+)")
_WS = re.compile(r"\s*")


def position_lines(pos: SpiritPosition) -> list[str]:
    rules = pos.rules
    lines = [f"position {pos.to_move} to move, ply {pos.ply}"]
    for side in SIDES:
        items = []
        for c, p in pos.side_pieces(side):
            lvl = "" if p.level == rules.pieces[p.type].level else f"L{p.level}"
            items.append(f"{p.type}{format_ascii(c)}{lvl}")
        for i in range(0, max(len(items), 1), PIECES_PER_LINE):
            lines.append(f"pieces {side} " + " ".join(items[i : i + PIECES_PER_LINE]))
    default = rules.start_counts()
    for side in SIDES:
        sc = dict(pos.start_counts[side])
        if sc != default:
            lines.append(f"start {side} " + " ".join(f"{k} {v}" for k, v in sorted(sc.items())))
    return lines


def format_spirit_position(pos: SpiritPosition, style: str = "ascii") -> str:
    """The position as text (a record without turns), ``style`` "ascii" or "chinese";
    :func:`engine.spirit.record.parse_spirit_position` reads both."""
    if pos.result is not None:
        raise NotationError("a finished position cannot begin a record: it has a result", code="game-over")
    lines = [f"ruleset {pos.rules.name}", *position_lines(pos)]
    if style == "chinese":
        table = chinese_words(pos.rules)
        return "\n".join(["# 灵棋局面", *(to_chinese(ln, table, min_len=2) for ln in lines)]) + "\n"
    return "\n".join(["# Daqi spirit position", *lines]) + "\n"


# -- the Chinese form ----------------------------------------------------------------------------
CHINESE_HEADS = {"规则": "ruleset", "局面": "position", "棋子": "pieces", "起始": "start"}
_CHINESE_WORDS = {"position": {"走棋": "to move", "步数": "ply"}}
_ZH_LEVEL = re.compile(r"级(\d+)")


def _chinese_coord(c) -> str:
    return "(…—" + ",".join(str(v) for v in c) + "…)"


def chinese_words(rules) -> LineWords:
    """The Chinese words of a spirit ruleset's position lines (its pieces' ``chinese`` names;
    a level ``L5`` is ``级5``)."""
    zh = {name: spec.chinese for name, spec in rules.pieces.items() if getattr(spec, "chinese", "")}
    names = {c: n for n, c in zh.items()}

    def piece_out(head: str, w: str) -> str | None:
        if head not in ("pieces", "start"):
            return None
        m = _LEVEL.fullmatch(w)
        return f"级{m.group(1)}" if m and head == "pieces" else zh.get(w)

    def piece_in(head: str, w: str) -> str | None:
        if head not in ("pieces", "start"):
            return None
        m = _ZH_LEVEL.fullmatch(w)
        if m and head == "pieces":
            return f"L{m.group(1)}"
        if w not in names and not w.isdigit():
            raise NotationError(f"unknown piece {w!r}: the pieces are {' '.join(names)}", code="malformed")
        return names.get(w)

    return LineWords(CHINESE_HEADS, _CHINESE_WORDS, piece_in, piece_out, _chinese_coord)


class SpiritPositionSpec:
    """What a record's position lines said; :meth:`build` makes the position."""

    def __init__(self):
        self.to_move = "white"
        self.ply = 0
        self.pieces: dict = {}
        self.start: dict = {}
        self.seen: set = set()

    def read(self, line: str, rules) -> None:
        head, _, rest = line.partition(" ")
        rest = rest.strip()
        if head == "position":
            if "position" in self.seen:
                raise NotationError("a second 'position' line", code="malformed")
            self.seen.add("position")
            self._position(rest)
        elif head == "pieces":
            self._pieces(rest, rules)
        else:
            self._start(rest, rules)

    def _position(self, rest: str) -> None:
        for part in (p.strip() for p in rest.split(",")):
            words = part.split()
            if len(words) == 3 and words[0] in SIDES and words[1:] == ["to", "move"]:
                self.to_move = words[0]
            elif len(words) == 2 and words[0] == "ply" and words[1].isdigit() and int(words[1]) <= LIMITS.score:
                self.ply = int(words[1])
            else:
                raise NotationError(f"expected 'white|black to move' or 'ply N', got {part!r}", code="malformed")

    def _pieces(self, rest: str, rules) -> None:
        side, _, body = rest.partition(" ")
        if side not in SIDES:
            raise NotationError(f"expected 'pieces white|black TYPE(x,y) …', got {rest!r}", code="malformed")
        i = _WS.match(body, 0).end()  # type: ignore[union-attr]
        while i < len(body):
            m = _NAME.match(body, i)
            if not m:
                raise NotationError(
                    f"expected a piece like master(10,3) at column {i + 1} of {body!r}", code="malformed"
                )
            kind = m.group(0)
            if kind not in rules.pieces:
                raise NotationError(
                    f"unknown piece {kind!r}: the pieces are {', '.join(rules.pieces)}", code="malformed"
                )
            c, i, _ = match_coord(body, m.end(), min_len=2)
            if len(c) != 2 or not rules.on_board(c):
                raise NotationError(
                    f"{format_ascii(c)} is not a square of the {rules.size[0]}x{rules.size[1]} board", code="malformed"
                )
            level = rules.pieces[kind].level
            lm = _LEVEL.match(body, i)
            if lm:
                if len(lm.group(1)) > 18 or int(lm.group(1)) > LIMITS.score:
                    raise NotationError(f"the level of {kind}{format_ascii(c)} is too large", code="malformed")
                level, i = int(lm.group(1)), lm.end()
            if c in self.pieces:
                raise NotationError(f"two pieces on {format_ascii(c)}", code="malformed")
            self.pieces[c] = SpiritPiece(kind, side, level)
            i = _WS.match(body, i).end()  # type: ignore[union-attr]

    def _start(self, rest: str, rules) -> None:
        words = rest.split()
        if len(words) < 1 or words[0] not in SIDES or len(words) % 2 != 1 or words[0] in self.start:
            raise NotationError(f"expected one 'start white|black TYPE N …' per side, got {rest!r}", code="malformed")
        counts = dict.fromkeys(rules.pieces, 0)
        for k, v in zip(words[1::2], words[2::2]):
            if k not in rules.pieces or not v.isdigit() or len(v) > 18:
                raise NotationError(f"expected 'TYPE N' pairs, got {k} {v!r}", code="malformed")
            counts[k] = int(v)
        self.start[words[0]] = counts

    def build(self, rules) -> SpiritPosition:
        default = rules.start_counts()
        counts = {s: self.start.get(s, default) for s in SIDES}
        return SpiritPosition(rules, self.to_move, self.pieces, counts, self.ply, None)


__all__ = ["CHINESE_HEADS", "HEADS", "SpiritPositionSpec", "chinese_words", "format_spirit_position", "position_lines"]
