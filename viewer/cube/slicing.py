"""Which 3-D board is shown (pure model, no GL).

The engine's world has unbounded higher dimensions.  The viewer shows one 3-D
board at a time: one index per higher dimension (4th, 5th, ... as far as any
piece has gone, plus one more), a focused plane ``z`` inside it, and optionally
"ghosts" of the two neighbouring boards (index -1 / +1 on ``ghost_dim``).

Sliders in the window write through this model (``set_index``, ``set_focus``,
``step``, ``play``/``advance``).  Time is always passed in explicitly.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass
class Playback:
    dim: int
    rate: float  # index steps per second
    start_time: float
    start_index: int
    lo: int
    hi: int  # inclusive; the index wraps from hi back to lo


class Slicing:
    """State of the dimension sliders; ``revision`` grows on every change."""

    def __init__(self, size_z: int = 16):
        self.size_z = size_z
        self.indices: dict[int, int] = {}  # dim (>= 4) -> index (>= 1)
        self.focus_z: int = 1
        self.ghost_dim: int | None = None
        self.max_dim: int = 3  # from the position
        self.markers: dict[int, list[int]] = {}
        self.playback: Playback | None = None
        self.revision = 0

    # ----------------------------------------------------------- from the engine
    def update_from(self, pos) -> None:
        """Refresh slider extents and markers from an engine Position."""
        self.max_dim = max(3, int(pos.max_dimension()))
        found = used_indices(pos)  # one pass over the changed cells, any dimension
        self.markers = {d: found.get(d, []) for d in self.dims()}
        for d in list(self.indices):
            if d not in self.dims() and self.indices[d] == 1:
                del self.indices[d]
        self.revision += 1

    def dims(self) -> list[int]:
        """Higher dimensions that get a slider: 4 .. max_dimension + 1 (always at least [4])."""
        shown = max(self.max_dim + 1, 4, *(d for d, v in self.indices.items() if v != 1), 4)
        return list(range(4, shown + 1))

    def slider_range(self, dim: int) -> tuple[int, int]:
        """(lo, hi) for a slider: 1 .. one beyond the farthest marker or current index."""
        used = self.markers.get(dim, [])
        hi = max([1, self.index(dim)] + list(used)) + 1
        return 1, hi

    # ----------------------------------------------------------------- indices
    def index(self, dim: int) -> int:
        return self.indices.get(dim, 1)

    def set_index(self, dim: int, value: int) -> None:
        if dim < 4:
            raise ValueError("higher dimensions start at 4")
        value = int(value)
        if value < 1:
            raise ValueError("indices start at 1")
        if self.index(dim) != value:
            self.indices[dim] = value
            self.revision += 1

    def step(self, dim: int, delta: int = 1) -> None:
        self.set_index(dim, max(1, self.index(dim) + delta))

    def higher(self) -> tuple[int, ...]:
        """Higher indices of the shown board (4th on), trailing 1s dropped."""
        if not self.indices:
            return ()
        top = max(self.indices)
        vals = [self.index(d) for d in range(4, top + 1)]
        while vals and vals[-1] == 1:
            vals.pop()
        return tuple(vals)

    def set_higher(self, higher) -> None:
        new = {4 + i: int(v) for i, v in enumerate(higher) if int(v) != 1}
        if new != {d: v for d, v in self.indices.items() if v != 1}:
            self.indices = new
            self.revision += 1

    def set_focus(self, z: int) -> None:
        z = max(1, min(self.size_z, int(z)))
        if z != self.focus_z:
            self.focus_z = z
            self.revision += 1

    def set_ghost_dim(self, dim: int | None) -> None:
        if dim is not None and dim < 4:
            raise ValueError("ghosts are neighbours along a higher dimension (>= 4)")
        if dim != self.ghost_dim:
            self.ghost_dim = dim
            self.revision += 1

    # -------------------------------------------------------------- boards shown
    def board_key(self, delta: int = 0) -> tuple[int, ...] | None:
        """Higher indices of the board ``delta`` steps along ghost_dim (None if off the world)."""
        if delta == 0:
            return self.higher()
        if self.ghost_dim is None:
            return None
        v = self.index(self.ghost_dim) + delta
        if v < 1:
            return None
        saved = dict(self.indices)
        self.indices[self.ghost_dim] = v
        key = self.higher()
        self.indices = saved
        return key

    def ghost_boards(self) -> list[tuple[int, tuple[int, ...]]]:
        """[(delta, higher)] for the neighbouring boards that exist (delta -1 / +1)."""
        out = []
        for delta in (-1, 1):
            key = self.board_key(delta)
            if key is not None:
                out.append((delta, key))
        return out

    def board_of(self, coord) -> int | None:
        """0 if ``coord`` lies on the shown board, -1/+1 on a ghost board, else None."""
        higher = tuple(coord[3:])
        while higher and higher[-1] == 1:
            higher = higher[:-1]
        if higher == self.higher():
            return 0
        for delta, key in self.ghost_boards():
            if key == higher:
                return delta
        return None

    def coord(self, x: int, y: int, z: int, delta: int = 0) -> tuple[int, ...]:
        """Full engine coordinate of cell (x, y, z) on the shown board (or a ghost)."""
        key = self.board_key(delta)
        return (int(x), int(y), int(z)) + tuple(key or ())

    # ------------------------------------------------------------------ playback
    def play(self, dim: int, time: float, rate: float = 2.0, lo: int | None = None, hi: int | None = None) -> None:
        """Start stepping ``dim`` at ``rate`` indices per second from ``time``."""
        rlo, rhi = self.slider_range(dim)
        self.playback = Playback(
            dim, float(rate), float(time), self.index(dim), lo if lo is not None else rlo, hi if hi is not None else rhi
        )

    def stop(self) -> None:
        self.playback = None

    @property
    def playing(self) -> bool:
        return self.playback is not None

    def advance(self, time: float) -> bool:
        """Move the playing slider to where it should be at ``time``; True if it changed."""
        pb = self.playback
        if pb is None:
            return False
        steps = int(math.floor(max(0.0, time - pb.start_time) * pb.rate + 1e-9))
        span = pb.hi - pb.lo + 1
        value = pb.lo + (pb.start_index - pb.lo + steps) % span
        before = self.index(pb.dim)
        self.set_index(pb.dim, value)
        return value != before

    def state(self) -> tuple:
        """Hashable snapshot (for caches)."""
        return (self.higher(), self.focus_z, self.ghost_dim, self.ghost_boards())


def used_indices(pos) -> dict[int, list[int]]:
    """{dimension: sorted indices other than 1 used by a changed cell} in one pass over the
    changed cells, reading only the indices a cell sets (a cell in dimension 10,000 stored as a
    ``FarCoord`` costs its few set indices, not 10,000 look-ups; never dimensions × cells)."""
    from engine.core.coords import FarCoord

    found: dict[int, set] = {}
    cells = getattr(pos, "cells", None)
    if cells is None:  # a position without a changed-cell map: ask it dimension by dimension
        top = int(pos.max_dimension()) + 1
        return {d: list(pos.indices_used(d)) for d in range(4, top + 1)}
    for c in cells:
        pairs: Iterable[tuple[int, int]]
        if isinstance(c, FarCoord):
            pairs = zip(c.data[3::2], c.data[4::2])
        else:
            pairs = ((i + 1, c[i]) for i in range(3, len(c)) if c[i] != 1)
        for dim, value in pairs:
            found.setdefault(dim, set()).add(value)
    return {d: sorted(v) for d, v in found.items()}
