"""The cube-chess position text: where a record begins when it does not begin from the setup.

A position is written as the header lines of a record (grammar in docs/NOTATION.md)::

    ruleset standard
    setup white …                          only when the arrangement under the fill is not the default
    position black to move, ply 12, fill default
    score white 20, black 18
    credit white queen 1 pawn 2            one line per side that holds credits
    count white rook points 5 captured 1   C17 counters, one line per side and piece type (non-zero only)
    home white king (9,1,1) prince (8,1,1) only where the homes differ from the setup's
    crowned white                          white's king is the crowned prince (C8)
    cells (9,4,1) P (9,13,1) - (6,4,1,2) NR (5,5,5) q~p

A ``cells`` entry is a coordinate and the stack on it bottom first: a piece letter, upper case for
white and lower case for black, ``~`` and the letter of what it was (``Q~P`` a promoted pawn),
or ``-`` for an emptied cell.  Only cells that differ from the fill are written.

Parsing is one pass over each line (regular expressions anchored at the current column); a stack
holds at most ``LIMITS.stack_height`` pieces, a coordinate at most ``LIMITS.coord_dims`` numbers and
a number at most ``LIMITS.score`` in magnitude; the record's own limits (line length, digits, file
size) bound the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..core.chinese_lines import LineWords, to_chinese
from ..core.coords import compact, format_ascii, format_chinese, match_coord, plain
from ..core.errors import NotationError
from ..core.limits import LIMITS
from .layout import default_choices, n_parts, part_squares, royal_homes
from .position import LEDGER_KEYS, SIDES, STAT_KEYS, Piece, Position, _find_royals, _fresh_stats

#: the first words of a record's position lines
HEADS = ("position", "score", "credit", "count", "home", "crowned", "cells")
CELLS_PER_LINE = 8
_WS = re.compile(r"\s*")
_STACK = re.compile(r"-|(?:[A-Za-z](?:~[A-Za-z])?)+")
_PIECE = re.compile(r"([A-Za-z])(?:~([A-Za-z]))?")
_INT = re.compile(r"[+-]?\d+")


# -- writing -------------------------------------------------------------------------------------
def _letters(rules) -> dict:
    return {name: spec.letter for name, spec in rules.pieces.items()}


def format_stack(stack, rules) -> str:
    if not stack:
        return "-"
    letters = _letters(rules)
    out = []
    for p in stack:
        t = letters[p.type] + (f"~{letters[p.was]}" if p.was else "")
        out.append(t.upper() if p.side == "white" else t.lower())
    return "".join(out)


def choices_of(pos: Position) -> dict | None:
    """The setup choices the position's arrangement under the fill came from (None for an
    empty fill or an arrangement no choice gives)."""
    if pos.fill != "default":
        return None
    rules = pos.rules
    out: dict = {}
    for side in SIDES:
        out[side] = []
        for i in range(n_parts(rules)):
            names = []
            for sq in part_squares(rules, side, i):
                st = pos.base.get(sq, ())
                if len(st) != 1 or st[0].side != side:
                    return None
                names.append(st[0].type)
            out[side].append(tuple(names))
    return out


def position_lines(pos: Position) -> list[str]:
    """The position lines (without ruleset and setup lines) of ``pos``."""
    rules = pos.rules
    lines = [f"position {pos.to_move} to move, ply {pos.ply}, fill {pos.fill}"]
    lines.append(f"score white {pos.scores['white']}, black {pos.scores['black']}")
    for side in SIDES:
        cr = {k: v for k, v in pos.credits[side].items() if v}
        if cr:
            lines.append(f"credit {side} " + " ".join(f"{k} {v}" for k, v in sorted(cr.items())))
    for side in SIDES:
        for t in sorted(pos.stats[side]):
            vals = [(k, pos.stats[side][t].get(k, 0)) for k in STAT_KEYS]
            vals = [(k, v) for k, v in vals if v]
            if vals:
                lines.append(f"count {side} {t} " + " ".join(f"{k} {v}" for k, v in vals))
    implied = _implied_homes(rules, pos.fill, choices_of(pos))
    for side in SIDES:
        if pos.homes[side] != implied[side]:
            h = pos.homes[side]
            lines.append(f"home {side} king {format_ascii(h['king'])} prince {format_ascii(h['prince'])}")
    for side in SIDES:
        if pos.kings_was[side] == "prince":
            lines.append(f"crowned {side}")
    entries = [f"{format_ascii(c)} {format_stack(s, rules)}" for c, s in sorted(pos.changed().items())]
    for i in range(0, len(entries), CELLS_PER_LINE):
        lines.append("cells " + " ".join(entries[i : i + CELLS_PER_LINE]))
    return lines


def header_lines(pos: Position) -> list[str]:
    """``ruleset`` and ``setup`` lines for a record that begins from ``pos``."""
    rules = pos.rules
    lines = [f"ruleset {rules.name}"]
    ch = choices_of(pos)
    if ch is not None and ch != default_choices(rules):
        for side in SIDES:
            lines.append(f"setup {side} " + " | ".join(" ".join(p) for p in ch[side]))
    return lines


def format_position(pos: Position, style: str = "ascii") -> str:
    """The position as text (a record with no turns), ``style`` "ascii" or "chinese" (the same
    lines in Chinese words, docs/NOTATION.md); :func:`engine.cube.game.parse_position` reads both."""
    if pos.result is not None:
        raise NotationError("a finished position cannot begin a record: it has a result", code="game-over")
    if pos.fill == "default" and choices_of(pos) is None:
        raise NotationError("the arrangement under the fill is not one the setup can make", code="bad-position")
    lines = [*header_lines(pos), *position_lines(pos)]
    if style == "chinese":
        table = chinese_words(pos.rules)
        return "\n".join(["# 大棋局面", *(to_chinese(ln, table) for ln in lines)]) + "\n"
    return "\n".join(["# Daqi position", *lines]) + "\n"


# -- the Chinese form ----------------------------------------------------------------------------
#: Chinese line heads (docs/NOTATION.md, "Positions")
CHINESE_HEADS = {
    "规则": "ruleset",
    "布阵": "setup",
    "局面": "position",
    "分数": "score",
    "额度": "credit",
    "计数": "count",
    "家": "home",
    "加冕": "crowned",
    "格": "cells",
}
_CHINESE_WORDS = {
    "position": {"走棋": "to move", "步数": "ply", "底": "fill", "默认": "default", "空": "empty"},
    "count": {"得分": "points", "被吃": "captured", "雇佣": "hired", "绿区打入": "green_drops", "跃迁": "hyperjumps"},
}
_ZH_TILDE = "～"
_ZH_SIDE = {"white": "白", "black": "黑"}


def chinese_words(rules) -> LineWords:
    """The Chinese words of a cube ruleset's position lines (its pieces' ``chinese`` names)."""
    zh = {name: spec.chinese for name, spec in rules.pieces.items()}
    names = {c: n for n, c in zh.items()}
    by_letter = {spec.letter.upper(): name for name, spec in rules.pieces.items()}
    letter = {name: spec.letter.upper() for name, spec in rules.pieces.items()}
    longest = sorted(names, key=len, reverse=True)

    def piece_out(head: str, w: str) -> str | None:
        if head == "cells":
            if w == "-":
                return "空"
            out, side = "", None
            for m in _PIECE.finditer(w):
                t, was = m.group(1), m.group(2)
                s = "white" if t.isupper() else "black"
                if by_letter.get(t.upper()) is None or (was and by_letter.get(was.upper()) is None):
                    return None
                if s != side:
                    out += _ZH_SIDE[s]
                    side = s
                out += zh[by_letter[t.upper()]] + (_ZH_TILDE + zh[by_letter[was.upper()]] if was else "")
            return out or None
        return zh.get(w) if head in ("setup", "credit", "count", "home") else None

    def piece_in(head: str, w: str) -> str | None:
        if head != "cells":
            return names.get(w) if head in ("setup", "credit", "count", "home") else None
        if w == "空":
            return "-"
        out, side, i = "", None, 0
        while i < len(w):
            ch = w[i]
            if ch in "白黑":
                side, i = ("white" if ch == "白" else "black"), i + 1
                continue
            if ch in "~" + _ZH_TILDE and out:
                mark, i = "~", i + 1
            else:
                mark = ""
            name = next((n for n in longest if w.startswith(n, i)), None)
            if name is None or side is None:
                raise NotationError(
                    f"cannot read the stack {w!r}: a side (白 or 黑) and then pieces ({' '.join(names)}) "
                    f"bottom first, or 空 for an emptied cell"
                )
            t = letter[names[name]]
            out += mark + (t if side == "white" else t.lower())
            i += len(name)
        return out

    return LineWords(CHINESE_HEADS, _CHINESE_WORDS, piece_in, piece_out, format_chinese)


# -- reading -------------------------------------------------------------------------------------
@dataclass
class PositionSpec:
    """What a record's position lines said, line by line; :meth:`build` makes the position."""

    to_move: str = "white"
    ply: int = 0
    fill: str = "default"
    scores: dict | None = None
    credits: dict = field(default_factory=lambda: {s: {} for s in SIDES})
    counts: list = field(default_factory=list)  # (side, type, key, value)
    homes: dict = field(default_factory=dict)
    crowned: set = field(default_factory=set)
    cells: dict = field(default_factory=dict)
    seen: set = field(default_factory=set)

    def read(self, line: str, rules) -> None:
        """Read one position line (its first word is one of :data:`HEADS`)."""
        head, _, rest = line.partition(" ")
        if head in ("position", "score") and head in self.seen:
            raise NotationError(f"a second '{head}' line")
        self.seen.add(head)
        getattr(self, "_" + head)(rest.strip(), rules)

    def _position(self, rest: str, rules) -> None:
        for part in (p.strip() for p in rest.split(",")):
            words = part.split()
            if len(words) == 3 and words[0] in SIDES and words[1:] == ["to", "move"]:
                self.to_move = words[0]
            elif len(words) == 2 and words[0] == "ply":
                self.ply = _number(words[1], "ply", minimum=0)
            elif len(words) == 2 and words[0] == "fill" and words[1] in ("default", "empty"):
                self.fill = words[1]
            else:
                raise NotationError(f"expected 'white|black to move', 'ply N' or 'fill default|empty', got {part!r}")

    def _score(self, rest: str, rules) -> None:
        scores = {}
        for part in (p.strip() for p in rest.split(",")):
            words = part.split()
            if len(words) != 2 or words[0] not in SIDES or words[0] in scores:
                raise NotationError(f"expected 'score white N, black N', got {rest!r}")
            scores[words[0]] = _number(words[1], f"{words[0]}'s score")
        if set(scores) != set(SIDES):
            raise NotationError(f"expected 'score white N, black N', got {rest!r}")
        self.scores = scores

    def _side_and_pairs(self, rest: str, what: str) -> tuple[str, list]:
        words = rest.split()
        if not words or words[0] not in SIDES or len(words) % 2 != 1 or len(words) < 3:
            raise NotationError(f"expected '{what} white|black NAME N …', got {rest!r}")
        return words[0], [(words[i], words[i + 1]) for i in range(1, len(words), 2)]

    def _credit(self, rest: str, rules) -> None:
        side, pairs = self._side_and_pairs(rest, "credit")
        for name, n in pairs:
            _piece_name(rules, name)
            if name in self.credits[side]:
                raise NotationError(f"{side}'s credit for {name} is given twice")
            v = _number(n, f"{side}'s {name} credit", minimum=0)
            if v:
                self.credits[side][name] = v

    def _count(self, rest: str, rules) -> None:
        words = rest.split(None, 2)
        if len(words) < 3 or words[0] not in SIDES:
            raise NotationError(f"expected 'count white|black PIECE KEY N …', got {rest!r}")
        side, t = words[0], _piece_name(rules, words[1])
        _, pairs = self._side_and_pairs(f"{side} {words[2]}", "count")
        for key, n in pairs:
            if key not in STAT_KEYS:
                raise NotationError(f"unknown counter {key!r}: the counters are {', '.join(STAT_KEYS)}")
            self.counts.append((side, t, key, _number(n, f"{side}'s {t} {key}", minimum=0)))

    def _home(self, rest: str, rules) -> None:
        side, _, body = rest.partition(" ")
        if side not in SIDES or side in self.homes:
            raise NotationError(f"expected one 'home white|black king (x,y,z) prince (x,y,z)' per side, got {rest!r}")
        homes = {}
        i = _skip(body, 0)
        for royal in ("king", "prince"):
            if not body.startswith(royal, i):
                raise NotationError(f"expected '{royal}' at column {i + 1} of {body!r}")
            c, i, _ = match_coord(body, _skip(body, i + len(royal)))
            homes[royal] = _check_coord(rules, c)
            i = _skip(body, i)
        if i != len(body):
            raise NotationError(f"unexpected {body[i:]!r} after the prince's home")
        self.homes[side] = homes

    def _crowned(self, rest: str, rules) -> None:
        if rest not in SIDES:
            raise NotationError(f"expected 'crowned white|black', got {rest!r}")
        self.crowned.add(rest)

    def _cells(self, rest: str, rules) -> None:
        letters = {spec.letter.upper(): name for name, spec in rules.pieces.items()}
        i = _skip(rest, 0)
        if i == len(rest):
            raise NotationError("a 'cells' line lists at least one cell")
        while i < len(rest):
            c, i, _ = match_coord(rest, i)
            c = _check_coord(rules, c)
            i = _skip(rest, i)
            m = _STACK.match(rest, i)
            if not m:
                raise NotationError(
                    f"expected the stack on {format_ascii(c)} (letters like NR, upper case white, "
                    f"lower case black, or '-') at column {i + 1}"
                )
            if c in self.cells:
                raise NotationError(f"the cell {format_ascii(c)} is listed twice")
            self.cells[c] = _read_stack(m.group(0), letters, c)
            i = _skip(rest, m.end())

    def build(self, rules, choices: dict) -> Position:
        """The position these lines describe, over the arrangement of ``choices``."""
        ch = choices if self.fill == "default" else None
        base = Position.from_setup(rules, choices).base if ch is not None else {}
        homes = _implied_homes(rules, self.fill, ch)
        homes = {s: dict(self.homes.get(s, homes[s])) for s in SIDES}
        scores = self.scores or dict.fromkeys(SIDES, rules.start_score)
        stats = _fresh_stats(rules)
        for side, t, key, v in self.counts:
            stats[side][t][key] = v
        pos = Position(
            rules,
            base,
            {},
            self.fill,
            self.to_move,
            dict(scores),
            {s: dict(self.credits[s]) for s in SIDES},
            stats,
            {s: dict.fromkeys(LEDGER_KEYS, 0) | {"start": scores[s]} for s in SIDES},
            homes,
            {s: ("prince" if s in self.crowned else None) for s in SIDES},
            {s: {"king": None, "prince": None} for s in SIDES},
            self.ply,
        )
        cells = {}
        for c, stack in self.cells.items():
            if stack != pos.default(c):
                cells[compact(c)] = stack
        pos.cells = cells
        pos.royals = _find_royals(pos)
        return pos


def _implied_homes(rules, fill: str, choices: dict | None) -> dict:
    if fill == "default" and choices is not None:
        return royal_homes(rules, {s: choices[s][n_parts(rules) - 1] for s in SIDES})
    return {s: dict(rules.homes[s]) for s in SIDES}


def _skip(text: str, i: int) -> int:
    m = _WS.match(text, i)
    return m.end() if m else i


def _number(word: str, what: str, *, minimum: int | None = None) -> int:
    if not _INT.fullmatch(word):
        raise NotationError(f"{what} must be a whole number, got {word!r}")
    v = int(word)
    if abs(v) > LIMITS.score:
        raise NotationError(f"{what} {v} is over the limit of {LIMITS.score}")
    if minimum is not None and v < minimum:
        raise NotationError(f"{what} must be at least {minimum}, got {v}")
    return v


def _piece_name(rules, name: str) -> str:
    if name not in rules.pieces:
        raise NotationError(f"unknown piece {name!r}: the pieces are {', '.join(sorted(rules.pieces))}")
    return name


def _check_coord(rules, c) -> tuple:
    if len(c) > LIMITS.coord_dims:
        raise NotationError(f"a coordinate has at most {LIMITS.coord_dims} numbers, this one has {len(c)}")
    sx, sy, sz = rules.size
    if not (1 <= c[0] <= sx and 1 <= c[1] <= sy and 1 <= c[2] <= sz) or any(v < rules.higher_min for v in c[3:]):
        raise NotationError(
            f"the cell {format_ascii(c)} is outside the board (x 1..{sx}, y 1..{sy}, z 1..{sz}, "
            f"higher indices >= {rules.higher_min})"
        )
    return plain(c)


def _read_stack(token: str, letters: dict, c) -> tuple:
    if token == "-":
        return ()
    out: list = []
    for m in _PIECE.finditer(token):
        if len(out) >= LIMITS.stack_height:
            raise NotationError(f"the stack on {format_ascii(c)} has more than {LIMITS.stack_height} pieces")
        letter, was = m.group(1), m.group(2)
        side = "white" if letter.isupper() else "black"
        if was is not None and was.isupper() != letter.isupper():
            raise NotationError(f"{letter}~{was} on {format_ascii(c)}: a piece and what it was have the same case")
        name = letters.get(letter.upper())
        if name is None:
            raise NotationError(f"unknown piece letter {letter!r} on {format_ascii(c)}")
        before = None
        if was is not None:
            before = letters.get(was.upper())
            if before is None:
                raise NotationError(f"unknown piece letter {was!r} on {format_ascii(c)}")
        out.append(Piece(name, side, before))
    return tuple(out)


def records_header(rules, pos: Position | None, choices: dict) -> list[str]:
    """The header of a record: ruleset and setup lines, then the position lines when the game
    began from ``pos`` rather than the setup."""
    if pos is None:
        lines = [f"ruleset {rules.name}"]
        lines += [f"setup {side} " + " | ".join(" ".join(p) for p in choices[side]) for side in SIDES]
        return lines
    return header_lines(pos) + position_lines(pos)


__all__ = [
    "CHINESE_HEADS",
    "HEADS",
    "PositionSpec",
    "chinese_words",
    "choices_of",
    "format_position",
    "format_stack",
    "position_lines",
]
