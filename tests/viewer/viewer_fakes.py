"""A tiny stand-in for an engine position, for scene/slicing/render tests that want exact
control over what is drawn (imported by test modules as ``viewer_fakes``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine import Piece


@dataclass
class FakeRules:
    size: tuple = (16, 16, 16)
    green: tuple = ((3, 14), (1, 16), (1, 1))
    promotion: dict = field(default_factory=lambda: {"white": 14, "black": 3})
    red_line: dict = field(default_factory=lambda: {"white": 3, "black": 14})

    def in_green(self, coord) -> bool:
        (x0, x1), (y0, y1), (z0, z1) = self.green
        return all(v == 1 for v in coord[3:]) and x0 <= coord[0] <= x1 and y0 <= coord[1] <= y1 and z0 <= coord[2] <= z1


BACK_RANK = [
    "rook",
    "knight",
    "cannon",
    "bishop",
    "king",
    "prince",
    "queen",
    "brother",
    "bishop",
    "cannon",
    "knight",
    "rook",
]


def _norm(coord):
    c = tuple(coord)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


class FakePosition:
    """Minimal stand-in for engine.Position: crowded pawns outside green + overrides."""

    def __init__(self, changes: dict | None = None, rules: FakeRules | None = None, opening: bool = True):
        self.rules = rules or FakeRules()
        self.changes = {_norm(k): tuple(v) for k, v in (changes or {}).items()}
        if opening:
            for i, kind in enumerate(BACK_RANK):
                x = 3 + i
                self.changes.setdefault((x, 1, 1), (Piece(kind, "white"),))
                self.changes.setdefault((x, 16, 1), (Piece(kind, "black"),))
                for y in (2, 3):
                    self.changes.setdefault((x, y, 1), (Piece("pawn", "white"),))
                for y in (14, 15):
                    self.changes.setdefault((x, y, 1), (Piece("pawn", "black"),))

    def default(self, coord):
        x, y, z = coord[:3]
        if self.rules.in_green(coord):
            return ()
        if 1 <= y <= 3:
            return (Piece("pawn", "white"),)
        if 14 <= y <= 16:
            return (Piece("pawn", "black"),)
        return ()

    def cell(self, coord):
        c = _norm(coord)
        return self.changes[c] if c in self.changes else self.default(c)

    def board_pieces(self, higher=()):
        higher = _norm((1, 1, 1) + tuple(higher))[3:]
        sx, sy, sz = self.rules.size
        out = []
        for z in range(1, sz + 1):
            for y in range(1, sy + 1):
                for x in range(1, sx + 1):
                    stack = self.cell((x, y, z) + higher)
                    if stack:
                        out.append(((x, y, z) + higher, stack))
        return out

    def board_cells(self, higher=(), plane=None):
        return [(c[:3], s) for c, s in self.board_pieces(higher) if plane is None or c[2] == plane]

    def max_dimension(self):
        dims = [len(c) for c in self.changes if len(c) > 3]
        return max(dims, default=3)

    def indices_used(self, dim):
        return sorted({c[dim - 1] for c in self.changes if len(c) >= dim})
