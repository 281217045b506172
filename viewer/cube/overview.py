"""The board overview (issue 12): the 3-D boards of two chosen higher dimensions side by side.

No n-D chess program shows its boards at a glance; 5D chess lays them out on a 2-D grid.  Here a
grid of small boards spans two higher dimensions (columns: ``dims[0]``, rows: ``dims[1]``; the
other higher indices are those of the current board), each drawing the pieces of the focused
plane ``z`` (and, floating above or below it, the pieces that differ from the default fill on
its other planes), the current board framed.  Beside it a navigator lists every board that
differs from the default fill with each side's piece count.

Counting never walks a board: a board's count is its default fill's count (a formula of the
ruleset: crowded ranks times the planes, plus the setup arrangement on the main board) corrected
by the position's changed cells on that board (:meth:`engine.Position.changed`, a finite dict).

Pure model and numpy (no GL): :class:`Overview` (grid, counts, navigator, picking, labels) and
:func:`build_overview_scene` (instance buffers in the renderer's format); the renderer is
:class:`viewer.cube.overview_render.OverviewRenderer`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..gl.camera import Camera
from ..gl.palette import DEFAULT as DEFAULT_PALETTE
from ..gl.palette import Palette
from .scene import LIFT, Layout, Scene, _add_stack, _pack

SIDES = ("white", "black")
GAP = 4.0  # cells between two small boards
PLANE_STEP = 0.45  # height between planes for the pieces floating off the focused plane
MAX_SPAN = 7  # boards along one dimension at most


def canon_higher(higher) -> tuple:
    """Higher indices with trailing 1s dropped (the engine's spelling of a board)."""
    h = [int(v) for v in higher]
    while h and h[-1] == 1:
        h.pop()
    return tuple(h)


def board_name(higher) -> str:
    h = canon_higher(higher)
    if not h:
        return "main board"
    return " ".join(f"w{4 + i}={v}" for i, v in enumerate(h) if v != 1)


def _count(stack) -> dict:
    out = {"white": 0, "black": 0}
    for p in stack or ():
        side = getattr(p, "side", None)
        if side in out:
            out[side] += 1
    return out


def default_counts(position, main: bool) -> dict:
    """Each side's pieces on a board that nobody touched (the main board: with the setup)."""
    rules = position.rules
    if getattr(position, "fill", "default") != "default":
        return {"white": 0, "black": 0}
    sx, _sy, sz = rules.size
    crowd = rules.crowded
    (gx0, gx1), _gy, (gz0, gz1) = rules.green
    box = (gx1 - gx0 + 1) * (gz1 - gz0 + 1) if main else 0
    out = {s: (int(crowd[s][1]) - int(crowd[s][0]) + 1) * (sx * sz - box) for s in SIDES}
    if main:
        for c, stack in getattr(position, "base", {}).items():
            c = tuple(c)
            if len(c) == 3 and gx0 <= c[0] <= gx1 and gz0 <= c[2] <= gz1:
                for s, n in _count(stack).items():
                    out[s] += n
    return out


def board_counts(position) -> dict[tuple, dict]:
    """{higher: {"white": n, "black": n, "changed": cells}} for the main board and every board with a
    changed cell, from the changed cells only."""
    changed: dict[tuple, list] = {}
    for c, stack in position.changed().items():
        c = tuple(c)
        changed.setdefault(canon_higher(c[3:]), []).append((c, stack))
    changed.setdefault((), [])
    out = {}
    for higher, cells in changed.items():
        counts = default_counts(position, main=not higher)
        for c, stack in cells:
            now, before = _count(stack), _count(position.default(c))
            for s in SIDES:
                counts[s] += now[s] - before[s]
        counts["changed"] = len(cells)
        out[higher] = counts
    return out


@dataclass
class OverviewBoard:
    higher: tuple  # canonical higher indices
    col: int
    row: int
    origin: tuple  # world (X, Y) of cell (1, 1)'s outer corner
    counts: dict | None  # None: untouched (default fill)


class Overview:
    """The grid of boards around ``current`` (higher indices) along ``dims`` for ``position``."""

    def __init__(self, position, current=(), focus_z: int = 1, dims=(4, 5), highlight=()):
        if len(dims) != 2 or dims[0] == dims[1] or min(dims) < 4:
            raise ValueError(f"an overview needs two different higher dimensions (>= 4), not {dims!r}")
        self.position = position
        self.rules = position.rules
        self.size = tuple(self.rules.size)
        self.current = canon_higher(current)
        self.focus_z = int(focus_z)
        self.dims = (int(dims[0]), int(dims[1]))
        self.highlight = {canon_higher(h) for h in highlight}  # extra boards to mark (recordings)
        self.counts = board_counts(position)
        self._masked_current = self._masked(self.current)
        self.boards = self._grid()

    # ------------------------------------------------------------------ grid
    def _index(self, higher, dim: int) -> int:
        h = canon_higher(higher)
        return h[dim - 4] if len(h) > dim - 4 else 1

    def _span(self, dim: int) -> tuple[int, int]:
        """Indices shown along ``dim``: 1 to one past the farthest used board (or the current one),
        at most MAX_SPAN of them around the current board."""
        cur = self._index(self.current, dim)
        used = [self._index(h, dim) for h in list(self.counts) + list(self.highlight) if self._same_elsewhere(h, dim)]
        lo, hi = 1, max([cur + 1] + [u + 1 for u in used])
        if hi - lo + 1 > MAX_SPAN:
            lo = max(1, cur - MAX_SPAN // 2)
            hi = lo + MAX_SPAN - 1
        return lo, hi

    def _same_elsewhere(self, higher, dim: int) -> bool:
        """Whether ``higher`` agrees with the current board on every higher dimension but the two
        of the grid (those boards lie in the grid's plane); ``dim`` is one of the grid's.  One
        comparison of two masked tuples: linear in the dimension, never a loop of index look-ups
        per dimension (a board in dimension 10,000 is drawn as fast as one in dimension 5)."""
        return self._masked(higher) == self._masked_current

    def _masked(self, higher) -> tuple:
        """``higher`` with the grid's two dimensions set to 1, canonical."""
        h = list(canon_higher(higher))
        for d in self.dims:
            if d - 4 < len(h):
                h[d - 4] = 1
        return canon_higher(h)

    def higher_at(self, a: int, b: int) -> tuple:
        """The board with index ``a`` on dims[0], ``b`` on dims[1], the rest as the current one."""
        vals = list(self.current)
        vals.extend([1] * (max(self.dims) - 3 - len(vals)))
        vals[self.dims[0] - 4] = a
        vals[self.dims[1] - 4] = b
        return canon_higher(vals)

    def _grid(self) -> list[OverviewBoard]:
        (a0, a1), (b0, b1) = self._span(self.dims[0]), self._span(self.dims[1])
        sx, sy = self.size[0], self.size[1]
        out = []
        for row, b in enumerate(range(b0, b1 + 1)):
            for col, a in enumerate(range(a0, a1 + 1)):
                h = self.higher_at(a, b)
                origin = (col * (sx + GAP), row * (sy + GAP))
                out.append(OverviewBoard(h, col, row, origin, self.counts.get(h)))
        return out

    def board(self, higher) -> OverviewBoard | None:
        h = canon_higher(higher)
        return next((b for b in self.boards if b.higher == h), None)

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        xs = [b.origin[0] for b in self.boards]
        ys = [b.origin[1] for b in self.boards]
        lo = np.array([min(xs) - 0.5, min(ys) - 0.5, 0.0])
        hi = np.array([max(xs) + self.size[0] + 0.5, max(ys) + self.size[1] + 2.0, 1.2])
        return lo, hi

    # ------------------------------------------------------------------ navigator
    def navigator(self) -> list[tuple[tuple, str, dict]]:
        """[(higher, name, counts)] for the main board and every board that differs from the default
        fill, main board first, then by how far out the board lies."""
        rows = sorted(self.counts.items(), key=lambda kv: (kv[0] != (), len(kv[0]), kv[0]))
        return [(h, board_name(h), c) for h, c in rows]

    def navigator_lines(self, limit: int = 18) -> list[str]:
        rows = self.navigator()
        lines = [f"boards that differ from the default fill ({len(rows)}):", "    board            white  black"]
        for i, (h, name, c) in enumerate(rows[:limit]):
            mark = ">" if h == self.current else " "
            lines.append(f"{i + 1:>2}{mark} {name:<16} {c['white']:>5}  {c['black']:>5}")
        if len(rows) > limit:
            lines.append(f"   ... {len(rows) - limit} more")
        return lines

    # ------------------------------------------------------------------ camera, picking, labels
    def frame(self, camera: Camera, margin: float = 0.04, inset=(0.0, 0.0, 0.0, 0.0)) -> None:
        """Fit the grid; ``inset`` (left, top, right, bottom pixels) stays free for the panels."""
        camera.yaw, camera.pitch = 0.0, 68.0
        lo, hi = self.bounds()
        camera.fit(lo, hi, margin=margin, inset=inset)

    def pick(self, camera: Camera, px: float, py: float):
        """(board, (x, y) cell or None) under pixel (px, py) (y down), or None off every board."""
        origin, d = camera.ray(px, py)
        if abs(float(d[2])) < 1e-12:
            return None
        t = (0.0 - float(origin[2])) / float(d[2])
        if t <= 0:
            return None
        wx, wy = float(origin[0] + t * d[0]), float(origin[1] + t * d[1])
        sx, sy = self.size[0], self.size[1]
        for b in self.boards:
            ox, oy = b.origin
            if ox - 0.5 <= wx <= ox + sx + 0.5 and oy - 0.5 <= wy <= oy + sy + 0.5:
                x, y = int(wx - ox) + 1, int(wy - oy) + 1
                cell = (x, y) if 1 <= x <= sx and 1 <= y <= sy else None
                return b, cell
        return None

    def labels(self, camera: Camera) -> list[tuple[float, float, str, bool]]:
        """(px, py, text, is_current) of each board's caption (pixels, y down)."""
        out = []
        sx, sy = self.size[0], self.size[1]
        for b in self.boards:
            px, py = camera.project((b.origin[0] + sx / 2.0, b.origin[1] + sy + 0.9, 0.0))
            c = b.counts
            # issue 16: two short lines (a long one ran into its neighbours), counts that do not read
            # like scores
            counts = f"{c['white']} white, {c['black']} black" if c is not None else "default fill"
            name = board_name(b.higher).replace(" w", ", w")
            out.append((px, py, f"{name}\n{counts}", b.higher == self.current))
        return out

    def key(self) -> tuple:
        return (id(self.position), self.current, self.focus_z, self.dims, tuple(sorted(self.highlight)))


def _plane_pieces(position, higher, z: int):
    """The non-empty cells of plane ``z`` of board ``higher`` as ((x, y, z), stack): 256 short
    look-ups and one pass over the changed cells (:meth:`engine.Position.board_cells`), never a
    coordinate of the board's dimension per cell."""
    return position.board_cells(tuple(higher), z)


def build_overview_scene(ov: Overview, targets=(), pal: Palette = DEFAULT_PALETTE) -> Scene:
    """Instance buffers of the overview: per board its plane, lines, pieces of the focused plane,
    the changed pieces of its other planes (floating, faded), the current board's frame; in the
    colours of ``pal``."""
    pos, rules = ov.position, ov.rules
    sx, sy, _sz = ov.size
    z = ov.focus_z
    pieces: dict[str, tuple[list, list]] = {}
    tiles: list[tuple] = []
    edges: list[tuple] = []
    lines: list[tuple] = []
    dashes: list[tuple] = []
    green: list[tuple] = []
    t, e = pal.tile, pal.edge
    rl = getattr(rules, "red_line", {"white": 3, "black": 14})
    pr = getattr(rules, "promotion", {"white": 14, "black": 3})
    line_ys = [
        (rl["white"], pal.red_line, lines),
        (rl["black"] - 1, pal.red_line, lines),
        (pr["white"] - 1 + 0.16, pal.promotion_line, dashes),
        (pr["black"] - 0.16, pal.promotion_line, dashes),
    ]
    (gx0, _gx1), (gy0, _gy1), (gz0, gz1) = rules.green
    by_board: dict[tuple, list] = {}
    for c, stack in pos.changed().items():
        c = tuple(c)
        if stack and c[2] != z:
            by_board.setdefault(canon_higher(c[3:]), []).append((c, stack))
    for b in ov.boards:
        ox, oy = b.origin
        untouched = b.counts is None
        shade = 0.75 if untouched else 1.0
        tiles.append((ox, oy, 0.0, 1.0, *(v * shade for v in t), 1.0))
        edges.append((ox, oy, LIFT["edges"], 1.0, *e, 1.0))
        for ly, col, out in line_ys:
            out.append((ox, oy + ly, LIFT["lines"], 1.0, *col, 1.0))
        if not b.higher and gz0 <= z <= gz1:
            g = pal.green
            green.append((ox + gx0 - 1, oy + gy0 - 1, LIFT["green"], 1.0, *g, 1.0))
        for c, stack in _plane_pieces(pos, b.higher, z):
            _add_stack(pieces, stack, (ox + c[0] - 0.5, oy + c[1] - 0.5, 0.0), lambda _p: 1.0, pal)
        for c, stack in by_board.get(b.higher, ()):
            h = (c[2] - z) * PLANE_STEP
            _add_stack(pieces, stack, (ox + c[0] - 0.5, oy + c[1] - 0.5, h), lambda _p: 0.7, pal)
        if b.higher == ov.current or b.higher in ov.highlight:
            rgb = pal.selected if b.higher == ov.current else pal.target["hyperjump"]
            for k in range(1, 6):  # a thick frame: the edge mesh scaled about the board's centre
                sc = 1.0 + 0.009 * k
                edges.append((ox - (sc - 1) * sx / 2, oy - (sc - 1) * sy / 2, LIFT["edges"] * 2, sc, *rgb, 1.0))
    opaque = {k: _pack(v[0]) for k, v in pieces.items()}
    translucent = {k: _pack(v[1]) for k, v in pieces.items()}
    count = sum(len(a) for a in opaque.values()) + sum(len(a) for a in translucent.values())
    opaque.update(tiles=_pack(tiles), edges=_pack(edges), lines=_pack(lines), dashes=_pack(dashes), green=_pack(green))
    for name in ("tiles", "edges", "lines", "dashes", "green"):
        translucent[name] = _pack([])
    return Scene(opaque=opaque, translucent=translucent, layout=Layout(size=ov.size), piece_count=count)
