"""Formation zones and board neighbourhoods for spirit chess's legality checks (issue 18).

:class:`Zones` answers ``zone_level`` (S9, S11) for the squares of one arrangement of pieces from
one table (eager: one pass over the few formations) or square by square, each once (lazy);
:func:`neighbours` lists each square's on-board neighbours once per board size; :class:`_Lifted`
is a read-only view of a board with the mover lifted (and one piece raised).  They serve
:mod:`engine.spirit.position` (which keeps its names ``KING_DIRS`` and ``DIAG_DIRS``) for every path.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .rules import SIDES, SpiritRules

Coord = tuple[int, int]
KING_DIRS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
DIAG_DIRS = tuple((dx, dy) for dx, dy in KING_DIRS if dx and dy)


class Zones:
    """:func:`zone_level` of the squares of one arrangement of pieces: ``at(square)`` is
    ``[white's, black's]`` summed formation levels around it, or None outside every zone.  Eager:
    one pass over the few formations fills the table (a path search asks about many squares);
    lazy: each square is computed when first asked (a legality check that stops at the first
    legal move asks about a few).  Issue 18: before, every question rescanned 8 neighbours."""

    __slots__ = ("at", "kinds", "pieces", "table")

    def __init__(self, rules: SpiritRules, pieces: Mapping, eager: bool = True):
        self.kinds = kinds = rules.pieces
        self.pieces = pieces
        table: dict[Coord, list[int] | None] = {}
        self.table = table
        if not eager:
            self.at = self._lazy
            return
        forms = {n for n, k in kinds.items() if k.formation}
        for c, p in [cp for cp in pieces.items() if cp[1].type in forms]:
            i = 0 if p.side == SIDES[0] else 1
            x, y = c
            for dx, dy in KING_DIRS:
                n = (x + dx, y + dy)
                v = table.get(n)
                if v is None:
                    v = table[n] = [0, 0]
                v[i] += p.level
        self.at = table.get  # type: ignore[assignment]  # dict.get(sq) returns the entry or None

    def _lazy(self, sq: Coord) -> list[int] | None:
        table = self.table
        if sq in table:
            return table[sq]
        w = b = 0
        x, y = sq
        get, kinds = self.pieces.get, self.kinds
        for dx, dy in KING_DIRS:
            p = get((x + dx, y + dy))
            if p is not None and kinds[p.type].formation:
                if p.side == SIDES[0]:
                    w += p.level
                else:
                    b += p.level
        v = table[sq] = [w, b] if w or b else None
        return v

    def level(self, side: str, sq: Coord) -> int:
        v = self.at(sq)
        return 0 if v is None else v[0 if side == SIDES[0] else 1]

    def effective(self, rules: SpiritRules, sq: Coord, piece: Any) -> int:
        """:func:`_effective` from the table."""
        if rules.pieces[piece.type].formation:
            return piece.level
        return piece.level + self.level(piece.side, sq)


_NEIGHBOURS: dict = {}  # (board size, diagonal) -> {square: its on-board neighbours, in KING_DIRS order}


def neighbours(rules: SpiritRules, diagonal: bool) -> dict:
    key = (tuple(rules.size), diagonal)
    table = _NEIGHBOURS.get(key)
    if table is None:
        dirs = DIAG_DIRS if diagonal else KING_DIRS
        w, h = key[0]
        table = _NEIGHBOURS[key] = {
            (x, y): tuple((x + dx, y + dy) for dx, dy in dirs if 1 <= x + dx <= w and 1 <= y + dy <= h)
            for x in range(1, w + 1)
            for y in range(1, h + 1)
        }
    return table


class _Lifted(Mapping):
    """The pieces of a position with the mover lifted off ``origin`` and, optionally, one piece
    replaced (the raised one): what :func:`_paths_from` needs, without copying the board."""

    __slots__ = ("base", "origin", "at", "piece")

    def __init__(self, base: Mapping, origin: Coord, at: Coord | None = None, piece: Any = None):
        self.base, self.origin, self.at, self.piece = base, origin, at, piece

    def __getitem__(self, sq):
        if sq == self.origin:
            raise KeyError(sq)
        if sq == self.at:
            return self.piece
        return self.base[sq]

    def get(self, sq, default=None):
        if sq == self.origin:
            return default
        if sq == self.at:
            return self.piece
        return self.base.get(sq, default)

    def __contains__(self, sq) -> bool:
        return sq != self.origin and sq in self.base

    def __iter__(self):
        # mypyc: iter() because compiled code turns a returned generator expression into a list
        return iter(sq for sq in self.base if sq != self.origin)

    def __len__(self) -> int:
        return len(self.base) - (self.origin in self.base)
