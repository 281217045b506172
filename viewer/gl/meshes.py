"""Procedural meshes (numpy only, no GL).

Every mesh is a float32 array of non-indexed triangles, one row per vertex:
``x, y, z, nx, ny, nz`` (flat normals).  Piece meshes stand on z = 0, fit in
a cell (|x|, |y| < 0.45) and face +Y (white's forward; black pieces are turned
half-way round by the shader).  Each type has a distinct silhouette:

=========  ==========================================================
pawn       short cone with a ball on top
knight     base disc + an L-shaped wedge (neck and forward-pointing head)
bishop     tall slim spire with a sharp point
rook       square tower with four battlements
cannon     low carriage with two wheels and a horizontal barrel
queen      tall body with a ring of crown spikes and a ball
brother    wide, squat body with a broad flat crown and twin horns
king       the tallest: body, collar and a cross on top
prince     small body with a ring (torus) on top
=========  ==========================================================
"""

from __future__ import annotations

import math

import numpy as np

#: the mesh of a piece kind that has none of its own (a ruleset's new kind): a plain block with a
#: ball, unlike every real piece, so it is never mistaken for a pawn
UNKNOWN_KIND = "unknown"


def _flat(tris: np.ndarray) -> np.ndarray:
    """(T, 3, 3) triangle corners -> (3T, 6) vertices with face normals; drops degenerate ones."""
    tris = np.asarray(tris, dtype=np.float64).reshape(-1, 3, 3)
    n = np.cross(tris[:, 1] - tris[:, 0], tris[:, 2] - tris[:, 0])
    length = np.linalg.norm(n, axis=1)
    keep = length > 1e-10
    tris, n = tris[keep], n[keep] / length[keep, None]
    normals = np.repeat(n[:, None, :], 3, axis=1)
    return np.concatenate([tris, normals], axis=2).reshape(-1, 6).astype(np.float32)


def lathe(profile, segments: int = 8, phase: float = 0.0) -> np.ndarray:
    """Surface of revolution around +Z.  ``profile`` = [(radius, z), ...] from bottom to top."""
    prof = np.asarray(profile, dtype=np.float64)
    th = phase + np.linspace(0.0, 2 * math.pi, segments + 1)
    c, s = np.cos(th), np.sin(th)
    pts = np.stack(
        [prof[:, 0, None] * c, prof[:, 0, None] * s, np.broadcast_to(prof[:, 1, None], (len(prof), segments + 1))],
        axis=2,
    )
    a, b = pts[:-1, :-1], pts[:-1, 1:]  # lower ring
    d, e = pts[1:, :-1], pts[1:, 1:]  # upper ring
    t1 = np.stack([a, b, e], axis=2).reshape(-1, 3, 3)
    t2 = np.stack([a, e, d], axis=2).reshape(-1, 3, 3)
    return _flat(np.concatenate([t1, t2]))


def box(center, size) -> np.ndarray:
    """Axis-aligned box (6 faces, outward normals)."""
    cx, cy, cz = center
    hx, hy, hz = (s / 2.0 for s in size)
    v = np.array([[cx + sx * hx, cy + sy * hy, cz + sz * hz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
    # corner index = 4*ix + 2*iy + iz
    quads = [(0, 1, 3, 2), (4, 6, 7, 5), (0, 4, 5, 1), (2, 3, 7, 6), (0, 2, 6, 4), (1, 5, 7, 3)]
    tris = []
    for q in quads:
        tris.append([v[q[0]], v[q[1]], v[q[2]]])
        tris.append([v[q[0]], v[q[2]], v[q[3]]])
    return _flat(np.array(tris))


def transform(mesh: np.ndarray, rotation=None, translation=(0, 0, 0)) -> np.ndarray:
    out = mesh.astype(np.float64).copy()
    if rotation is not None:
        r = np.asarray(rotation, dtype=np.float64)
        out[:, :3] = out[:, :3] @ r.T
        out[:, 3:] = out[:, 3:] @ r.T
    out[:, :3] += np.asarray(translation, dtype=np.float64)
    return out.astype(np.float32)


def rot_x(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[1, 0, 0], [0, math.cos(a), -math.sin(a)], [0, math.sin(a), math.cos(a)]])


def rot_y(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), 0, math.sin(a)], [0, 1, 0], [-math.sin(a), 0, math.cos(a)]])


def rot_z(deg: float) -> np.ndarray:
    a = math.radians(deg)
    return np.array([[math.cos(a), -math.sin(a), 0], [math.sin(a), math.cos(a), 0], [0, 0, 1]])


def ball(radius: float, z: float, segments: int = 6, rings: int = 3) -> np.ndarray:
    prof = [
        (radius * math.sin(math.pi * i / rings), z - radius * math.cos(math.pi * i / rings)) for i in range(rings + 1)
    ]
    return lathe(prof, segments)


def cat(*parts) -> np.ndarray:
    return np.concatenate(parts).astype(np.float32)


def _base(r=0.34, h=0.08, seg=8):
    return lathe([(r, 0.0), (r, h), (r * 0.8, h + 0.03)], seg)


# Every builder takes ``lod``: False = the detailed mesh (focused plane), True = a
# low-poly mesh with the same silhouette for the faded planes (thousands of them).
def pawn(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 8
    head = lathe([(0.0, 0.30), (0.14, 0.44), (0.0, 0.58)], seg) if lod else ball(0.14, 0.45, segments=8, rings=3)
    body = [(0.27, 0.0), (0.08, 0.36)] if lod else [(0.0, 0.0), (0.27, 0.0), (0.25, 0.06), (0.08, 0.36)]
    return cat(lathe(body, seg), head)


def knight(lod: bool = False) -> np.ndarray:
    return cat(
        *(() if lod else (_base(0.33, 0.08, 8),)),
        box((0.0, -0.08, 0.40), (0.22, 0.24, 0.66)),  # neck
        box((0.0, 0.10, 0.66), (0.22, 0.42, 0.22)),  # head pointing forward (+Y)
        *(
            ()
            if lod
            else (
                box((0.0, 0.25, 0.56), (0.18, 0.14, 0.14)),  # muzzle
                box((0.0, -0.15, 0.80), (0.08, 0.08, 0.12)),
            )
        ),
    )  # ear


def bishop(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 8
    prof = (
        [(0.28, 0.0), (0.10, 0.30), (0.08, 0.70), (0.15, 0.80), (0.0, 1.22)]
        if lod
        else [(0.24, 0.11), (0.10, 0.30), (0.08, 0.70), (0.15, 0.78), (0.13, 0.90), (0.0, 1.22)]
    )
    return cat(*(() if lod else (_base(0.30, 0.08, seg),)), lathe(prof, seg))


def rook(lod: bool = False) -> np.ndarray:
    if lod:  # tower + a wider top slab
        return cat(box((0, 0, 0.36), (0.50, 0.50, 0.72)), box((0, 0, 0.80), (0.62, 0.62, 0.22)))
    parts = [
        box((0, 0, 0.38), (0.50, 0.50, 0.60)),
        box((0, 0, 0.71), (0.60, 0.60, 0.08)),
        box((0, 0, 0.05), (0.66, 0.66, 0.10)),
    ]
    for sx in (-1, 1):
        for sy in (-1, 1):
            parts.append(box((sx * 0.21, sy * 0.21, 0.83), (0.17, 0.17, 0.18)))
    return cat(*parts)


def cannon(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 8
    barrel = lathe(
        [(0.0, -0.36), (0.15, -0.36), (0.14, 0.0), (0.11, 0.32), (0.13, 0.36), (0.0, 0.36)]
        if not lod
        else [(0.0, -0.36), (0.15, -0.36), (0.12, 0.36), (0.0, 0.36)],
        seg,
    )
    barrel = transform(barrel, rot_x(-90.0), (0.0, 0.05, 0.40))  # along +Y
    wheel = lathe([(0.0, -0.04), (0.19, -0.04), (0.19, 0.04), (0.0, 0.04)], seg)
    if lod:
        return cat(box((0, -0.04, 0.12), (0.56, 0.62, 0.24)), barrel)
    return cat(
        box((0, -0.04, 0.09), (0.50, 0.62, 0.18)),  # low carriage
        box((0, -0.10, 0.27), (0.30, 0.30, 0.18)),
        transform(wheel, rot_y(90.0), (-0.30, -0.05, 0.19)),
        transform(wheel, rot_y(90.0), (0.30, -0.05, 0.19)),
        barrel,
    )


def _crown_spikes(n, radius, z0, height, width=0.07, phase=0.0):
    parts = []
    for i in range(n):
        a = phase + 2 * math.pi * i / n
        parts.append(box((radius * math.cos(a), radius * math.sin(a), z0 + height / 2), (width, width, height)))
    return parts


def queen(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 8
    if lod:
        return cat(lathe([(0.30, 0.0), (0.12, 0.40), (0.10, 0.70), (0.24, 0.92), (0.16, 1.04), (0.0, 1.18)], seg))
    return cat(
        _base(0.34, 0.09, seg),
        lathe([(0.27, 0.12), (0.13, 0.40), (0.10, 0.70), (0.22, 0.84), (0.22, 0.92), (0.0, 0.92)], seg),
        *_crown_spikes(8, 0.18, 0.92, 0.16),
        ball(0.08, 1.10, 6, 3),
    )


def brother(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 10
    return cat(
        lathe(
            [
                (0.0, 0.0),
                (0.40, 0.0),
                (0.40, 0.10),
                (0.30, 0.16),
                (0.26, 0.50),
                (0.38, 0.58),
                (0.38, 0.66),
                (0.0, 0.66),
            ][1 if lod else 0 :],
            seg,
        ),
        *(() if lod else _crown_spikes(10, 0.32, 0.66, 0.14, width=0.08)),
        box((-0.16, 0.0, 0.84), (0.09, 0.09, 0.36)),  # twin horns
        box((0.16, 0.0, 0.84), (0.09, 0.09, 0.36)),
        box((0.0, 0.0, 0.98), (0.44, 0.09, 0.08)),
    )  # bar joining them


def king(lod: bool = False) -> np.ndarray:
    seg = 4 if lod else 8
    return cat(
        *(() if lod else (_base(0.36, 0.10, seg),)),
        lathe(
            [(0.28, 0.0) if lod else (0.28, 0.13), (0.14, 0.45), (0.11, 0.85), (0.24, 0.98), (0.20, 1.08), (0.0, 1.10)],
            seg,
        ),
        box((0.0, 0.0, 1.30), (0.09, 0.09, 0.42)),  # cross: upright
        box((0.0, 0.0, 1.36), (0.30, 0.09, 0.09)),
    )  # cross: bar


def prince(lod: bool = False) -> np.ndarray:
    if lod:  # body + a flat ring
        return cat(lathe([(0.28, 0.0), (0.12, 0.36), (0.10, 0.52), (0.22, 0.62), (0.22, 0.72), (0.0, 0.72)], 4))
    ring = []
    seg, r0 = 10, 0.16
    for i in range(seg):
        a = 2 * math.pi * i / seg
        ring.append(box((r0 * math.cos(a), r0 * math.sin(a), 0.68), (0.09, 0.09, 0.09)))
    return cat(
        _base(0.30, 0.08, 8), lathe([(0.22, 0.11), (0.12, 0.36), (0.10, 0.52), (0.18, 0.60), (0.0, 0.62)], 8), *ring
    )


def unknown(lod: bool = False) -> np.ndarray:
    """A piece kind without a mesh of its own: a tall square block carrying a ball."""
    return cat(_base(), box((0.0, 0.0, 0.34), (0.34, 0.34, 0.52)), ball(0.15, 0.74, segments=4 if lod else 8, rings=3))


PIECE_BUILDERS = {
    "pawn": pawn,
    "knight": knight,
    "bishop": bishop,
    "rook": rook,
    "cannon": cannon,
    "queen": queen,
    "brother": brother,
    "king": king,
    "prince": prince,
    UNKNOWN_KIND: unknown,
}
#: every piece kind with a mesh (a new kind's mesh: one builder above; the renderer draws each)
PIECE_TYPES = tuple(PIECE_BUILDERS)


def piece_mesh(kind: str, lod: bool = False) -> np.ndarray:
    return PIECE_BUILDERS[kind](lod)


def piece_height(kind: str) -> float:
    return float(piece_mesh(kind)[:, 2].max())


# ------------------------------------------------------------------- board
def quad(x0, y0, x1, y1, z=0.0) -> np.ndarray:
    """Flat rectangle facing +Z, as (6, 6) vertices."""
    tris = np.array([[[x0, y0, z], [x1, y0, z], [x1, y1, z]], [[x0, y0, z], [x1, y1, z], [x0, y1, z]]])
    return _flat(tris)


def frame(x0, y0, x1, y1, width, z=0.0) -> np.ndarray:
    """Square ring (outline) of the given border width."""
    w = width
    return cat(
        quad(x0, y0, x1, y0 + w, z),
        quad(x0, y1 - w, x1, y1, z),
        quad(x0, y0 + w, x0 + w, y1 - w, z),
        quad(x1 - w, y0 + w, x1, y1 - w, z),
    )


def unit_cube() -> np.ndarray:
    return box((0, 0, 0.5), (1, 1, 1))


def open_box(x0, y0, x1, y1, height=1.0) -> np.ndarray:
    """The four walls of a box (no floor, no lid): a highlight column, z from 0 to ``height``."""
    c = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    tris = []
    for i in range(4):
        (ax, ay), (bx, by) = c[i], c[(i + 1) % 4]
        tris.append([[ax, ay, 0.0], [bx, by, 0.0], [bx, by, height]])
        tris.append([[ax, ay, 0.0], [bx, by, height], [ax, ay, height]])
    return _flat(np.array(tris))
