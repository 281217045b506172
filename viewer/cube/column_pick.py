"""Clicks on the raised target boxes (no GL).

:func:`viewer.cube.picking.pick` intersects the pick ray with the planes' floors, so a click
on the *top* of a tall piece or of a raised target box (a setup slot seen from white's side at
the far edge of the board, issue 13 bug 5) lands on the floor behind it — or outside the board.
:func:`pick_column` tests the ray against the highlighted target boxes standing on the focused
plane of the shown board and returns the nearest one hit, unless the floor under the pixel is
itself a target (its outline is drawn on top of everything) or is nearer; the caller falls back
to the floor pick otherwise.
"""

from __future__ import annotations

import numpy as np

from .scene import COLUMN_PAD, EMPTY_COLUMN, pile_height


def columns_on_focus(position, view, layout) -> list[tuple[tuple, float]]:
    """[(coord, height)] of the highlighted target boxes on the focused plane of the shown board."""
    sl = view.slicing
    z = sl.focus_z
    hi = tuple(sl.higher())
    out: dict = {}
    for coords in view.highlights.targets.values():
        for coord in coords:
            coord = tuple(coord)
            if len(coord) >= 3 and coord[2] == z and _higher(coord) == hi and coord not in out:
                stack = position.cell(coord) if hasattr(position, "cell") else ()
                out[coord] = (pile_height(stack) + COLUMN_PAD) if stack else EMPTY_COLUMN
    return [(c, max(EMPTY_COLUMN, h)) for c, h in out.items()]


def _higher(coord) -> tuple:
    hi = list(coord[3:])
    while hi and hi[-1] == 1:
        hi.pop()
    return tuple(hi)


def _ray_boxes(origin, d, lo, hi) -> np.ndarray:
    """Distance along the ray to each axis-aligned box [lo, hi] (slab test); inf where missed."""
    with np.errstate(divide="ignore", invalid="ignore"):
        inv = 1.0 / np.where(np.abs(d) < 1e-12, 1e-12, d)
        t0 = (lo - origin) * inv
        t1 = (hi - origin) * inv
    tmin = np.minimum(t0, t1).max(axis=1)
    tmax = np.maximum(t0, t1).min(axis=1)
    hit = tmax >= np.maximum(tmin, 0.0)
    return np.where(hit, tmin, np.inf)


def pick_column(camera, px: float, py: float, layout, view, position):
    """The coordinate of the nearest box on the focused plane under the pixel (y down), or None
    when the ray meets the floor of the plane first (or no box)."""
    cols = columns_on_focus(position, view, layout)
    if not cols:
        return None
    hit = _nearest_box(camera, px, py, layout, view, cols, inset=0.0)
    if hit is None:
        return None
    i, t, t_floor, (wx, wy) = hit
    if t_floor is not None:
        floor_cell = layout.cell_at(wx, wy)
        if t_floor > 0 and floor_cell is not None:
            on_floor = floor_cell + (view.slicing.focus_z,)
            if any(c[:3] == on_floor for c, _h in cols) or t_floor < t - 1e-9:
                return None  # the floor of a target (its outline is drawn on top), or in front
    return cols[i][0]


def _nearest_box(camera, px, py, layout, view, cells, inset: float):
    """The ray under the pixel against the boxes standing on ``cells`` ([(coord, height)], each
    its cell's footprint less ``inset`` on each side): ``(index of the nearest box hit, its
    distance, the distance to the focused plane's floor or None, the floor point (x, y))``, or
    None when no box is hit."""
    origin, d = camera.ray(px, py)
    lo = np.array([layout.cell_corner(c[0], c[1], c[2]) for c, _h in cells], dtype=float)
    lo[:, :2] += inset
    hi = lo + np.array([[1.0 - 2 * inset, 1.0 - 2 * inset, h] for _c, h in cells], dtype=float)
    t = _ray_boxes(origin, d, lo, hi)
    if not np.isfinite(t).any():
        return None
    i = int(np.argmin(t))
    if abs(d[2]) <= 1e-12:
        return i, float(t[i]), None, (0.0, 0.0)
    t_floor = (layout.layer_height(view.slicing.focus_z) - origin[2]) / d[2]
    return i, float(t[i]), t_floor, (origin[0] + t_floor * d[0], origin[1] + t_floor * d[1])


#: a piece's box is its cell's footprint less this much on each side (the meshes are narrower)
PIECE_INSET = 0.14


def _focus_cells(position, view, layout) -> list[tuple[tuple, float]]:
    """[(coord, pile height)] of the occupied cells of the focused plane of the shown board."""
    sl = view.slicing
    z, hi = sl.focus_z, tuple(sl.higher())
    if not hasattr(position, "cell"):
        return []
    out = []
    for x in range(1, layout.size[0] + 1):
        for y in range(1, layout.size[1] + 1):
            coord = (x, y, z) + hi
            stack = position.cell(coord)
            if stack:
                out.append((coord, pile_height(stack)))
    return out


def pick_piece(camera, px: float, py: float, layout, view, position):
    """The cell of the nearest piece on the focused plane whose body is under the pixel (issue 16:
    a click on a tall piece's body picks that piece, not the cell behind it), or None when the
    ray meets the floor first (or no piece)."""
    cells = _focus_cells(position, view, layout)
    if not cells:
        return None
    hit = _nearest_box(camera, px, py, layout, view, cells, inset=PIECE_INSET)
    if hit is None:
        return None
    i, t, t_floor, _floor_point = hit
    if t_floor is not None and 0 < t_floor < t - 1e-9:
        return None  # the floor in front of every piece body under the pixel
    return cells[i][0]
