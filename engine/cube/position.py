"""Positions on the unbounded board.

A :class:`Position` is immutable.  Its board is a sparse mapping: ``cells``
holds only the cells that differ from the *default* content, and the default
of any cell is computed when asked (C20, G1, G13):

* on the main board (all higher indices 1, a 3-tuple coordinate), inside the
  green main battlefield: the setup arrangement (``base``, shared by every
  position of a game) or empty;
* everywhere else — other columns, other planes, every other board — the
  crowded pawns: white pawns on ranks ``crowded.white``, black on
  ``crowded.black``, nothing between.

So an untouched board of any dimension costs nothing, and memory grows with
the number of changed cells only.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.caches import remember
from ..core.coords import Coord, compact, format_ascii, normalize, plain
from ..core.errors import IllegalAction
from ..core.loader import load_ruleset
from .layout import default_choices, part_squares, royal_homes

SIDES = ("white", "black")
EMPTY: tuple = ()
STAT_KEYS = ("points", "captured", "hired", "green_drops", "hyperjumps")
LEDGER_KEYS = ("start", "earned", "hire", "surcharge", "hyperjump", "stack")


def other(side: str) -> str:
    return "black" if side == "white" else "white"


@dataclass(frozen=True, slots=True)
class Piece:
    type: str
    side: str
    was: str | None = None  # "pawn" for a promoted pawn, "prince" for a crowned prince

    def __reduce__(self):  # mypyc: pickled through the constructor (a compiled frozen class refuses setattr)
        return (Piece, (self.type, self.side, self.was))


@dataclass(frozen=True, slots=True)
class Result:
    winner: str | None  # None = draw
    reason: str

    def __reduce__(self):  # mypyc: pickled through the constructor, as Piece
        return (Result, (self.winner, self.reason))


_PAWN = {s: (Piece("pawn", s),) for s in SIDES}
_PAWN_WHITE, _PAWN_BLACK = _PAWN["white"], _PAWN["black"]


_GEOMETRY: dict = {}  # id(rules) -> (rules, green, crowded ranks, size): kept with the ruleset itself


def _geometry(rules) -> tuple:
    """The flat geometry tuples every position of ``rules`` keeps (computed once per ruleset)."""
    (gx0, gx1), _, (gz0, gz1) = rules.green
    cw, cb = rules.crowded["white"], rules.crowded["black"]
    geom = (rules, (gx0, gx1, gz0, gz1), (cw[0], cw[1], cb[0], cb[1]), rules.size)
    return remember(_GEOMETRY, id(rules), geom)


def _fresh_stats(rules) -> dict:
    return {s: {t: dict.fromkeys(STAT_KEYS, 0) for t in rules.pieces} for s in SIDES}


class Position:
    """An immutable cube-chess position.  Build with :func:`start_position`,
    :meth:`from_setup` or :meth:`from_pieces`; derive new ones with
    :func:`engine.rules.apply_turn`."""

    #: the constructor's fields, in its order (``replace`` copies them)
    FIELDS = (
        "rules",
        "base",
        "cells",
        "fill",
        "to_move",
        "scores",
        "credits",
        "stats",
        "ledger",
        "homes",
        "kings_was",
        "royals",
        "ply",
        "result",
    )
    __slots__ = FIELDS + ("_green", "_crowd", "_size", "_hash", "_zh")

    def __init__(
        self,
        rules,
        base,
        cells,
        fill,
        to_move,
        scores,
        credits,
        stats,
        ledger,
        homes,
        kings_was,
        royals,
        ply=0,
        result=None,
    ):
        self.rules = rules
        self.base = base
        self.cells = cells
        self.fill = fill
        self.to_move = to_move
        self.scores = scores
        self.credits = credits
        self.stats = stats
        self.ledger = ledger
        self.homes = homes
        self.kings_was = kings_was
        self.royals = royals
        self.ply = ply
        self.result = result
        geom = _GEOMETRY.get(id(rules))
        if geom is None or geom[0] is not rules:
            geom = _geometry(rules)
        self._green = geom[1]  # flat tuples: default() is on the hot path
        self._crowd = geom[2] if fill == "default" else None
        self._size = geom[3]
        self._hash = None
        self._zh: int | None = None  # Zobrist-style hash of the changed cells (zhash)

    # -- cells --------------------------------------------------------------------------
    def default(self, c: Coord) -> tuple:
        """Default content of cell ``c`` (computed, never stored)."""
        crowd = self._crowd
        if crowd is None:
            return EMPTY
        if len(c) == 3:
            x0, x1, z0, z1 = self._green
            if x0 <= c[0] <= x1 and z0 <= c[2] <= z1:
                return self.base.get(c, EMPTY)
        w0, w1, b0, b1 = crowd
        y = c[1]
        if w0 <= y <= w1:
            return _PAWN_WHITE
        if b0 <= y <= b1:
            return _PAWN_BLACK
        return EMPTY

    def cell(self, c: Coord) -> tuple:
        """The pieces on cell ``c`` (a canonical coordinate), bottom first; ``()`` if empty."""
        v = self.cells.get(c)
        if v is not None:
            return v
        return self.default(c)

    def in_board(self, c: Coord) -> bool:
        sx, sy, sz = self._size
        if not (1 <= c[0] <= sx and 1 <= c[1] <= sy and 1 <= c[2] <= sz):
            return False
        lo = self.rules.higher_min
        for v in c[3:]:
            if v < lo:
                return False
        return True

    def check_coord(self, values, what: str = "coordinate") -> Coord:
        """Canonical, in-board coordinate or :class:`IllegalAction` (code ``out-of-board``)."""
        c = normalize(values)
        if not self.in_board(c):
            sx, sy, sz = self._size
            raise IllegalAction(
                f"{what} {format_ascii(c)} is outside the board (x 1..{sx}, y 1..{sy}, z 1..{sz}, "
                f"higher indices >= {self.rules.higher_min})",
                code="out-of-board",
            )
        return c

    def changed(self) -> dict:
        """Cells that differ from the default (an emptied cell maps to ``()``)."""
        return {plain(c): s for c, s in self.cells.items()}

    def board_pieces(self, higher: Iterable[int] = ()) -> list:
        """Every non-empty cell of the 3-D board with the given higher indices (full coordinates;
        :meth:`board_cells` gives the same cells as (x, y, z), bounded at any dimension)."""
        hi = tuple(normalize((1, 1, 1) + tuple(higher)))[3:]
        return [((x, y, z) + hi, s) for (x, y, z), s in self.board_cells(hi)]

    def board_cells(self, higher: Iterable[int] = (), plane: int | None = None) -> list:
        """Every non-empty cell of the 3-D board with the given higher indices as ``((x, y, z),
        stack)``, in z, y, x order.  Bounded at any dimension (issue 17): one short look-up per
        cell of the board (the default fill depends on the higher indices only through "main
        board or not", so an off-main board is read through the short stand-in ``(x, y, z, 2)``)
        and one pass over the changed cells, comparing a full coordinate only when its length is
        the board's; never a coordinate of the board's dimension built per cell.  ``plane``: only
        that plane (z)."""
        hi = tuple(normalize((1, 1, 1) + tuple(higher)))[3:]
        n = 3 + len(hi)
        mine = {}
        for c, s in self.cells.items():
            if len(c) == n and (n == 3 or tuple(c[3:]) == hi):
                mine[(c[0], c[1], c[2])] = s
        probe = (2,) if hi else ()
        default = self.default
        sx, sy, sz = self._size
        out = []
        for z in range(1, sz + 1) if plane is None else (plane,):
            for y in range(1, sy + 1):
                for x in range(1, sx + 1):
                    s = mine.get((x, y, z))
                    if s is None:
                        s = default((x, y, z) + probe)
                    if s:
                        out.append(((x, y, z), s))
        return out

    def max_dimension(self) -> int:
        n = 3
        for c, s in self.cells.items():
            if len(c) > n and s:
                n = len(c)
        for side in SIDES:
            for where in self.royals[side].values():
                if where is not None and len(where) > n:
                    n = len(where)
        return n

    def indices_used(self, dim: int) -> list:
        used = set()
        for c in self.cells:
            if len(c) >= dim and c[dim - 1] != 1:
                used.add(c[dim - 1])
        return sorted(used)

    def pieces_of(self, side: str) -> list:
        """Changed-or-base cells holding ``side``'s pieces (the finite part of the board)."""
        return self.pieces_by_side()[side]

    def pieces_by_side(self) -> dict:
        """:meth:`pieces_of` of both sides from one pass over the setup arrangement and the changed
        cells (the same lists, in the same order: setup squares first, then the changed cells)."""
        cells, base = self.cells, self.base
        out: dict = {"white": [], "black": []}
        get = cells.get
        for c, s in base.items():
            t = get(c)
            if t is not None:
                s = t
            if s:
                out[s[0].side].append((c, s))
        for c, s in cells.items():
            if s and c not in base:
                out[s[0].side].append((c if type(c) is tuple else tuple(c), s))
        return out

    # -- derived --------------------------------------------------------------------------
    def zhash(self) -> int:
        """Zobrist-style hash of the board: the XOR of ``hash((cell, stack))`` over the changed cells
        (the default content hashes to nothing).  The turn machine derives it from the previous
        position's in time proportional to the cells a turn writes (``TurnBuilder._build``)."""
        if self._zh is None:
            h = 0
            for c, st in self.cells.items():
                h ^= hash((c, st))
            self._zh = h
        return self._zh

    def key(self) -> int:
        """Identity of the position for repetition detection (G14): the 64-bit hash of the side
        to move, the board's :meth:`zhash` (incremental, issue 18) with the number of changed
        cells, the scores and the credits.  Only the number is kept, so a game of many plies holds
        8 bytes per position for its repetition counts (issue 17); two different positions share a
        number with a chance of about one in 2^64 per pair."""
        if self._hash is None:
            self._hash = hash(
                (
                    self.to_move,
                    self.zhash(),
                    len(self.cells),
                    self.scores["white"],
                    self.scores["black"],
                    tuple(sorted((s, k, v) for s in SIDES for k, v in self.credits[s].items())),
                )
            )
        return self._hash

    def __reduce__(self):  # mypyc: pickled through the constructor (a compiled class's __new__ runs __init__)
        return (Position, tuple(getattr(self, k) for k in self.FIELDS))

    def replace(self, **kw) -> Position:
        fields = {k: getattr(self, k) for k in self.FIELDS}
        fields.update(kw)
        new = Position(**fields)
        if "cells" not in kw:
            new._zh = self._zh  # same board, same hash
        return new

    def __eq__(self, other) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (
            self.rules.name == other.rules.name
            and self.fill == other.fill
            and self.to_move == other.to_move
            and self.cells == other.cells
            and self.base == other.base
            and self.scores == other.scores
            and self.credits == other.credits
            and self.stats == other.stats
            and self.homes == other.homes
            and self.kings_was == other.kings_was
            and self.ply == other.ply
            and self.result == other.result
        )

    __hash__ = None  # type: ignore[assignment]   # unhashable, as typeshed spells it

    def __repr__(self) -> str:
        return (
            f"Position({self.rules.name}, {self.to_move} to move, ply {self.ply}, scores {self.scores}, "
            f"{len(self.cells)} changed cells{', ' + str(self.result) if self.result else ''})"
        )

    # -- construction -----------------------------------------------------------------------
    @classmethod
    def from_setup(cls, rules, choices: dict, to_move: str = "white") -> Position:
        """The start position after the setup phase: ``choices[side]`` lists each part's
        pieces (parts in choosing order, then the royal part)."""
        st = rules.setup
        nparts = len(st["parts"])
        base = {}
        bonus = {}
        for side in SIDES:
            parts = choices[side]
            if len(parts) != nparts + 1:
                raise IllegalAction(f"{side} setup has {len(parts)} parts, needs {nparts + 1}", code="bad-setup")
            bonus[side] = rules.pawn_slot_bonus * sum(n == "pawn" for p in parts[:nparts] for n in p)
            for i, names in enumerate(parts):
                for sq, name in zip(part_squares(rules, side, i), names):
                    base[sq] = (Piece(name, side),)
            for rank, x0, x1 in st["fixed_pawns"]:
                y = rank if side == "white" else rules.size[1] + 1 - rank
                for x in range(x0, x1 + 1):
                    base[(x, y, 1)] = (Piece("pawn", side),)
        homes = royal_homes(rules, {s: choices[s][nparts] for s in SIDES})
        scores = {s: rules.start_score + bonus[s] for s in SIDES}
        ledger = {s: dict.fromkeys(LEDGER_KEYS, 0) | {"start": scores[s]} for s in SIDES}
        royals = {s: {"king": homes[s]["king"], "prince": homes[s]["prince"]} for s in SIDES}
        return cls(
            rules,
            base,
            {},
            "default",
            to_move,
            scores,
            {s: {} for s in SIDES},
            _fresh_stats(rules),
            ledger,
            homes,
            dict.fromkeys(SIDES),
            royals,
        )

    @classmethod
    def from_pieces(
        cls,
        rules,
        pieces: dict,
        *,
        fill: str = "default",
        to_move: str = "white",
        scores: dict | None = None,
        credits: dict | None = None,
        homes: dict | None = None,
        kings_was: dict | None = None,
        ply: int = 0,
        stats: dict | None = None,
    ) -> Position:
        """A position from explicit cells (``pieces``: coord -> tuple of Piece; ``()`` empties a
        default cell).  With ``fill="default"`` the cells lie over the default start position."""
        if fill not in ("default", "empty"):
            raise IllegalAction(f"fill must be 'default' or 'empty', got {fill!r}", code="bad-position")
        # the setup arrangement lies under a "default" fill only; homes come from the ruleset
        base = start_position(rules).base if fill == "default" else {}
        homes = homes or rules.homes
        scores = dict(scores) if scores else dict.fromkeys(SIDES, rules.start_score)
        pos = cls(
            rules,
            base,
            {},
            fill,
            to_move,
            scores,
            {s: dict((credits or {}).get(s, {})) for s in SIDES},
            stats or _fresh_stats(rules),
            {s: dict.fromkeys(LEDGER_KEYS, 0) | {"start": scores[s]} for s in SIDES},
            homes,
            dict(kings_was or dict.fromkeys(SIDES)),
            {s: {"king": None, "prince": None} for s in SIDES},
            ply,
        )
        cells = {}
        for c, stack in pieces.items():
            stack = tuple(stack)
            if stack != pos.default(c):
                cells[compact(c)] = stack
        pos.cells = cells
        pos.royals = _find_royals(pos)
        return pos


def _find_royals(pos: Position) -> dict:
    royals: dict[str, dict[str, tuple | None]] = {s: {"king": None, "prince": None} for s in SIDES}
    src = dict(pos.base)
    src.update(pos.cells)
    for c, stack in src.items():
        for p in stack:
            if p.type in ("king", "prince"):
                royals[p.side][p.type] = plain(c)
    return royals


def start_position(rules="standard", choices: dict | None = None) -> Position:
    """The position after setup (default arrangement unless ``choices`` is given)."""
    if isinstance(rules, str):
        rules = load_ruleset(rules)
    return Position.from_setup(rules, choices or default_choices(rules))


def copy_tables(pos: Position):
    """Mutable copies of the per-side tables, for building the next position.  The statistics are
    copied one level deep only: the per-type tables are shared until a builder writes one
    (``TurnBuilder._stat`` copies it first)."""
    stats = {s: dict(pos.stats[s]) for s in SIDES}
    return (
        dict(pos.scores),
        {s: dict(pos.credits[s]) for s in SIDES},
        stats,
        {s: dict(pos.ledger[s]) for s in SIDES},
        {s: dict(pos.royals[s]) for s in SIDES},
        dict(pos.kings_was),
    )
