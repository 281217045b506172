"""Clicks on what is drawn: the raised target boxes and the pieces' meshes (no GL).

:func:`viewer.cube.picking.pick` intersects the pick ray with the planes' floors, so a click
on the *top* of a tall piece or of a raised target box (a setup slot seen from white's side at
the far edge of the board, issue 13 bug 5) lands on the floor behind it — or outside the board.
:func:`pick_column` tests the ray against the highlighted target boxes standing on the focused
plane of the shown board and returns the nearest one hit, unless the floor under the pixel is
itself a target (its outline is drawn on top of everything) or is nearer; the caller falls back
to the floor pick otherwise.

:func:`pick_piece` tests the ray against the triangles the pieces of the focused plane are drawn
with (the same meshes, scales and pile offsets as the scene: :func:`viewer.cube.scene.stack_members`),
so a click on a crown, a base or a horn picks that piece and a click just beside it does not.
"""

from __future__ import annotations

import numpy as np

from ..gl import meshes
from .scene import COLUMN_PAD, EMPTY_COLUMN, pile_height, stack_members


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


def _focus_cells(position, view, layout) -> list[tuple[tuple, tuple]]:
    """[(coord, stack)] of the occupied cells of the focused plane of the shown board."""
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
                out.append((coord, stack))
    return out


_TRIANGLES: dict[str, np.ndarray] = {}
#: how far past its cell's footprint a piece's mesh may reach (cells)
MESH_SPILL = 0.1


def mesh_triangles(kind: str) -> np.ndarray:
    """(T, 3, 3) corners of the triangles drawn for a piece kind (its detailed mesh, local units)."""
    if kind not in _TRIANGLES:
        _TRIANGLES[kind] = meshes.piece_mesh(kind)[:, :3].astype(np.float64).reshape(-1, 3, 3)
    return _TRIANGLES[kind]


def ray_triangles(origin, d, tris: np.ndarray) -> float:
    """Distance along the ray to the nearest of ``tris`` ((T, 3, 3), either side facing), or inf
    (Möller–Trumbore, all triangles at once)."""
    a, b, c = tris[:, 0], tris[:, 1], tris[:, 2]
    e1, e2 = b - a, c - a
    p = np.cross(d, e2)
    det = np.einsum("ij,ij->i", e1, p)
    ok = np.abs(det) > 1e-12
    inv = np.where(ok, 1.0 / np.where(ok, det, 1.0), 0.0)
    s = origin - a
    u = np.einsum("ij,ij->i", s, p) * inv
    q = np.cross(s, e1)
    v = (q @ d) * inv
    t = np.einsum("ij,ij->i", e2, q) * inv
    hit = ok & (u >= 0.0) & (v >= 0.0) & (u + v <= 1.0) & (t > 0.0)
    return float(t[hit].min()) if hit.any() else float("inf")


def member_triangles(kind: str, base, signed_scale: float) -> np.ndarray:
    """A pile member's triangles in the world, placed as the piece shader places them (scale, and
    x and y flipped for black)."""
    s = abs(signed_scale)
    f = -1.0 if signed_scale < 0 else 1.0
    return mesh_triangles(kind) * np.array([s * f, s * f, s]) + np.asarray(base, dtype=float)


def piece_hit(camera, px: float, py: float, layout, view, position):
    """``(coord, distance)`` of the nearest piece of the focused plane whose drawn mesh the ray
    under the pixel (y down) meets, else None.  Each cell's whole pile is tested (piles are drawn
    member on member); only cells whose bounding box the ray crosses are tested triangle by
    triangle."""
    cells = _focus_cells(position, view, layout)
    if not cells:
        return None
    origin, d = camera.ray(px, py)
    origin, d = np.asarray(origin, dtype=float), np.asarray(d, dtype=float)
    # a mesh reaches a little past its cell (|x|, |y| < 0.45 mesh units, scaled by PIECE_SCALE)
    lo = np.array([layout.cell_corner(c[0], c[1], c[2]) for c, _s in cells], dtype=float) - [MESH_SPILL, MESH_SPILL, 0]
    hi = lo + np.array([[1.0 + 2 * MESH_SPILL, 1.0 + 2 * MESH_SPILL, pile_height(st) + 0.01] for _c, st in cells])
    t_box = _ray_boxes(origin, d, lo, hi)
    best = None
    for i in np.argsort(t_box):
        if not np.isfinite(t_box[i]) or (best is not None and t_box[i] > best[1]):
            break
        coord, stack = cells[i]
        ox, oy = layout.origin(0)
        base = (ox + coord[0] - 0.5, oy + coord[1] - 0.5, layout.layer_height(coord[2]))
        for _piece, kind, mbase, signed in stack_members(stack, base):
            t = ray_triangles(origin, d, member_triangles(kind, mbase, signed))
            if t < (best[1] if best is not None else float("inf")):
                best = (coord, t)
    return best


def pick_piece(camera, px: float, py: float, layout, view, position):
    """The cell of the nearest piece on the focused plane whose drawn body is under the pixel
    (issue 16: a click on any visible part of a piece — crown, base or body — picks that piece, a
    click beside it does not), or None when the ray meets the focused plane's floor first (or no
    piece)."""
    hit = piece_hit(camera, px, py, layout, view, position)
    if hit is None:
        return None
    coord, t = hit
    origin, d = camera.ray(px, py)
    if abs(d[2]) > 1e-12:
        t_floor = (layout.layer_height(view.slicing.focus_z) - origin[2]) / d[2]
        if 0 < t_floor < t - 1e-9:
            return None  # the floor in front of every piece body under the pixel
    return coord
