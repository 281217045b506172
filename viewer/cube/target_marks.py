"""Target symbols: one SHAPE per legal-action kind (issue 12), so that a target reads by its
shape as well as its colour (see :mod:`viewer.gl.palette`), and targets never hide one another.

Each symbol is a flat mesh centred on the cell centre (cell units, z = 0), drawn on the cell's
surface on top of everything (like the outlines), with a dark rim under it so that it stands out
on any ground:

==========  ================  =============================================================
kind        shape             why
==========  ================  =============================================================
move        dot               an empty cell to go to (the familiar dot)
capture     square frame      frames the enemy piece
jump        diamond + pole    a 3-D jump: the pole joins the planes along z at (x, y)
hyperjump   triangle          another board (on a ghost board)
stack       ring              rings the own piece it joins
==========  ================  =============================================================

Every symbol stays inside its own cell (radius < 0.5), so symbols on neighbouring cells never
overlap; a jump's diamonds lie on different planes along one vertical pole.  Pure numpy, no GL.
"""

from __future__ import annotations

import math

import numpy as np

from ..gl import meshes

SYMBOL_OF = {
    "move": "sym_dot",
    "capture": "sym_frame",
    "jump": "sym_diamond",
    "hyperjump": "sym_triangle",
    "stack": "sym_ring",
}
SYMBOL_MESHES = ("sym_pole", "sym_dot", "sym_frame", "sym_diamond", "sym_triangle", "sym_ring")
RIM_SCALE = 1.16  # the dark rim: the same symbol, larger, drawn first
RIM_SHADE = 0.10  # its colour: the kind's colour times this
POLE_HALF = 0.045  # half width of a jump pole (cells)


def _tri(a, b, c) -> list:
    return [[a[0], a[1], 0.0], [b[0], b[1], 0.0], [c[0], c[1], 0.0]]


def _band(outer: list, inner: list) -> np.ndarray:
    """Triangles between two closed polygons with the same number of corners."""
    n = len(outer)
    tris = []
    for i in range(n):
        j = (i + 1) % n
        tris.append(_tri(outer[i], outer[j], inner[j]))
        tris.append(_tri(outer[i], inner[j], inner[i]))
    return meshes._flat(np.array(tris))


def _polygon(n: int, radius: float, phase: float) -> list:
    return [
        (radius * math.cos(phase + 2 * math.pi * k / n), radius * math.sin(phase + 2 * math.pi * k / n))
        for k in range(n)
    ]


def _outline(n: int, radius: float, width: float, phase: float) -> np.ndarray:
    """A regular polygon's frame of ``width`` (measured across the band, inwards)."""
    inner = radius - width / math.cos(math.pi / n)
    return _band(_polygon(n, radius, phase), _polygon(n, inner, phase))


def dot(radius: float = 0.21, segments: int = 20) -> np.ndarray:
    rim = _polygon(segments, radius, 0.0)
    return meshes._flat(np.array([_tri((0.0, 0.0), rim[i], rim[(i + 1) % segments]) for i in range(segments)]))


#: (corners, radius, band width, phase) of the outlined symbols, in cells
OUTLINES = {
    "capture": (4, 0.42 * math.sqrt(2), 0.13, math.pi / 4),  # a square frame, half side 0.42
    "jump": (4, 0.42, 0.12, 0.0),  # a diamond: corners on the axes
    "hyperjump": (3, 0.42, 0.12, math.pi / 2),  # a triangle pointing forward (+y)
    "stack": (24, 0.38, 0.11, 0.0),  # a ring
}


def symbol_meshes() -> dict[str, np.ndarray]:
    """Vertex arrays of every symbol mesh, (V, 6) float32 like :mod:`viewer.gl.meshes`."""
    out = {"sym_dot": dot()}
    out.update({SYMBOL_OF[k]: _outline(*spec) for k, spec in OUTLINES.items()})
    out["sym_pole"] = meshes.open_box(-POLE_HALF, -POLE_HALF, POLE_HALF, POLE_HALF, 1.0)
    return out


def symbol_extent(name: str) -> float:
    """How far the symbol (with its rim) reaches from the cell centre along x or y, in cells
    (below 0.5: it stays inside its cell)."""
    pts = symbol_meshes()[name][:, :2]
    return float(np.abs(pts).max()) * RIM_SCALE


def symbol_rows(centre, kind: str, rgb, alpha: float = 1.0) -> tuple[str, list]:
    """(mesh name, [rim row, symbol row]) for a target of ``kind`` at world point ``centre``."""
    name = SYMBOL_OF[kind]
    x, y, z = (float(v) for v in centre)
    rim = tuple(v * RIM_SHADE for v in rgb)
    return name, [(x, y, z, RIM_SCALE, *rim, alpha * 0.85), (x, y, z + 0.0005, 1.0, *rgb, alpha)]


def pole_row(centre_xy, z_low: float, z_high: float, rgb, alpha: float = 0.55) -> tuple:
    """A vertical pole at the cell centre from height ``z_low`` to ``z_high`` (a 3-D jump's column)."""
    h = max(0.05, z_high - z_low)
    return (float(centre_xy[0]), float(centre_xy[1]), float(z_low), -h, *rgb, alpha)


def sample_points(kind: str, n: int = 8) -> list[tuple[float, float]]:
    """Points (cell units, from the cell centre) that lie inside the symbol of ``kind``: the
    middle of its band (the centre for the dot).  For tests and picture checks."""
    if kind == "move":
        return [(0.0, 0.0), (0.08, 0.0), (-0.08, 0.0), (0.0, 0.08), (0.0, -0.08)]
    sides, radius, width, phase = OUTLINES[kind]
    mid = radius - 0.5 * width / math.cos(math.pi / sides)
    corners = _polygon(sides, mid, phase)
    out = []
    for k in range(n):
        t = k * sides / n
        i, f = int(t) % sides, t - int(t)
        a, b = corners[i], corners[(i + 1) % sides]
        out.append((a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f))
    return out
