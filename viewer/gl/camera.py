"""Orbit camera (pure maths, no GL).

World frame: Z is up; the board's x runs along world +X, its y along world +Y
and its layers (z) are stacked along world +Z (see :class:`viewer.cube.scene.Layout`).

Matrix convention (the ONE style used in this module): pyrr's row-major
matrices with row vectors, combined with ``pyrr.matrix44.multiply(a, b)``,
which means "apply ``a`` first, then ``b``".  So ``view_projection =
multiply(view, projection)`` and a point transforms as ``[x, y, z, 1] @ vp``.
Uploaded as bytes, GL reads these as column-major, i.e. the transpose, which is
exactly the column-vector form ``m_vp * vec4(p, 1.0)`` the shaders use.
(``Matrix44 * Matrix44`` multiplies in the opposite order; it is not used.)

Pixel coordinates (``project``/``ray``) have their origin at the TOP-LEFT of
the viewport, x to the right, y downwards, like rows of an image array.  A
pyglet window (origin bottom-left) converts with ``py = height - y``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np
from pyrr import matrix44

#: named views: (yaw degrees, pitch degrees); yaw 0 looks from white's side (-Y) towards +Y
NAMED_VIEWS = {
    "default": (-28.0, 38.0),
    "front": (0.0, 12.0),
    "top": (0.0, 90.0),
    "side": (90.0, 12.0),
    "back": (180.0, 38.0),
}

PITCH_LIMIT = 90.0


@dataclass
class Camera:
    width: int = 1280
    height: int = 720
    target: np.ndarray = field(default_factory=lambda: np.array([0.0, 0.0, 4.0]))
    yaw: float = NAMED_VIEWS["default"][0]
    pitch: float = NAMED_VIEWS["default"][1]
    distance: float = 34.0
    fov_y: float = 40.0
    near: float = 0.5
    far: float = 2000.0
    min_distance: float = 2.0
    max_distance: float = 400.0

    def __post_init__(self):
        self.target = np.asarray(self.target, dtype=float).copy()
        self._home = (self.target.copy(), self.yaw, self.pitch, self.distance)

    # ------------------------------------------------------------------ control
    def orbit(self, d_yaw: float, d_pitch: float) -> None:
        """Turn around the target by degrees (yaw wraps, pitch clamps to +-90)."""
        self.yaw = (self.yaw + d_yaw + 180.0) % 360.0 - 180.0
        self.pitch = max(-PITCH_LIMIT, min(PITCH_LIMIT, self.pitch + d_pitch))

    def zoom(self, factor: float) -> None:
        """Multiply the distance to the target (factor < 1 comes closer)."""
        if factor <= 0:
            raise ValueError("zoom factor must be positive")
        self.distance = max(self.min_distance, min(self.max_distance, self.distance * factor))

    def pan(self, dx_px: float, dy_px: float) -> None:
        """Slide the target so the scene follows the mouse by (dx, dy) pixels (y down)."""
        right, up, _fwd = self.basis()
        units = 2.0 * self.distance * math.tan(math.radians(self.fov_y) / 2.0) / self.height
        self.target = self.target - right * dx_px * units + up * dy_px * units

    def set_view(self, name: str) -> None:
        """One of NAMED_VIEWS ('default', 'front', 'top', 'side', 'back'); keeps target & distance."""
        self.yaw, self.pitch = NAMED_VIEWS[name]

    def reset(self) -> None:
        """Back to where the camera was made (or last :meth:`set_home`)."""
        target, self.yaw, self.pitch, self.distance = self._home
        self.target = target.copy()

    def set_home(self) -> None:
        self._home = (self.target.copy(), self.yaw, self.pitch, self.distance)

    def resize(self, width: int, height: int) -> None:
        self.width, self.height = max(1, int(width)), max(1, int(height))

    def frame(self, lo, hi) -> None:
        """Aim at the box [lo, hi] (world) and back off until it fits the view."""
        lo, hi = np.asarray(lo, float), np.asarray(hi, float)
        self.target = (lo + hi) / 2.0
        radius = float(np.linalg.norm(hi - lo)) / 2.0
        half = math.radians(self.fov_y) / 2.0
        half_x = math.atan(math.tan(half) * self.aspect)
        self.distance = radius / math.sin(min(half, half_x))

    def fit(self, lo, hi, margin: float = 0.04, iterations: int = 4, inset=(0.0, 0.0, 0.0, 0.0)) -> None:
        """Aim at the box [lo, hi] and come as close as its 8 corners allow.

        Tighter than :meth:`frame` (which fits the bounding sphere): the
        distance is chosen so the projected corners fill the viewport up to
        ``margin`` (a fraction of the width/height on each side), and the
        target slides so the projected box is centred.  Keeps yaw and pitch.
        ``inset`` (left, top, right, bottom; pixels): bands kept free for panels (issue 16) - the
        box fits the rest of the window.
        """
        lo, hi = np.asarray(lo, float), np.asarray(hi, float)
        corners = np.array([(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
        self.frame(lo, hi)  # a safe start: every corner inside
        half_y = math.tan(math.radians(self.fov_y) / 2.0)
        half_x = half_y * self.aspect
        left, top, right_px, bottom = (max(0.0, float(v)) for v in inset)
        if left + right_px > 0.8 * self.width or top + bottom > 0.8 * self.height:
            left = top = right_px = bottom = 0.0  # too small a window for the bands: the whole view
        rx0, rx1 = -1.0 + 2.0 * left / self.width, 1.0 - 2.0 * right_px / self.width
        ry0, ry1 = -1.0 + 2.0 * bottom / self.height, 1.0 - 2.0 * top / self.height
        mx, my = (rx0 + rx1) / 2.0, (ry0 + ry1) / 2.0  # the free region's centre (NDC)
        lim_x = (rx1 - rx0) / 2.0 * (1.0 - 2.0 * margin)
        lim_y = (ry1 - ry0) / 2.0 * (1.0 - 2.0 * margin)
        for _ in range(iterations):
            right, up, fwd = self.basis()
            rel = corners - self.eye
            depth = rel @ fwd
            if np.any(depth <= self.near):
                break
            sx = (rel @ right) / (depth * half_x)  # NDC x of each corner
            sy = (rel @ up) / (depth * half_y)
            # centre the projected box (slide the target sideways in the view plane)
            cx, cy = (sx.max() + sx.min()) / 2.0 - mx, (sy.max() + sy.min()) / 2.0 - my
            d_mid = float(np.median(depth))
            self.target = self.target + right * cx * d_mid * half_x + up * cy * d_mid * half_y
            # distance: the extent scales roughly like 1 / depth
            ext = max((sx.max() - sx.min()) / (2.0 * lim_x), (sy.max() - sy.min()) / (2.0 * lim_y))
            if ext <= 0:
                break
            shift = d_mid * (ext - 1.0)  # depth * ext: the projected extent scales by ~1/ext
            self.distance = max(self.min_distance, min(self.max_distance, self.distance + shift))
        # safety: never leave a corner outside the view (the free region; project's y is down)
        for _ in range(60):
            px = [self.project(c) for c in corners]
            xs, ys = [p[0] for p in px], [p[1] for p in px]
            inside = (
                min(xs) >= left
                and max(xs) <= self.width - right_px
                and min(ys) >= top
                and max(ys) <= self.height - bottom
            )
            right, up, fwd = self.basis()
            if inside and np.all((corners - self.eye) @ fwd > self.near):
                break
            self.distance *= 1.03

    # ------------------------------------------------------------------ geometry
    @property
    def aspect(self) -> float:
        return self.width / float(self.height)

    def basis(self):
        """(right, up, forward) unit vectors of the camera in world space."""
        y, p = math.radians(self.yaw), math.radians(self.pitch)
        fwd = -np.array([math.cos(p) * math.sin(y), -math.cos(p) * math.cos(y), math.sin(p)])
        right = np.array([math.cos(y), math.sin(y), 0.0])
        up = np.cross(right, fwd)
        return right, up, fwd

    @property
    def eye(self) -> np.ndarray:
        _r, _u, fwd = self.basis()
        return self.target - fwd * self.distance

    def view_matrix(self) -> np.ndarray:
        _right, up, _fwd = self.basis()
        return matrix44.create_look_at(self.eye, self.target, up, dtype=np.float64)

    def projection_matrix(self) -> np.ndarray:
        return matrix44.create_perspective_projection(self.fov_y, self.aspect, self.near, self.far, dtype=np.float64)

    def view_projection(self) -> np.ndarray:
        """World -> clip, row-vector form: ``clip = [x, y, z, 1] @ vp``."""
        return matrix44.multiply(self.view_matrix(), self.projection_matrix())

    def vp_bytes(self) -> bytes:
        """The view-projection matrix as GL wants it for a ``mat4`` uniform."""
        return self.view_projection().astype("f4").tobytes()

    def project(self, world_xyz) -> tuple[float, float]:
        """Pixel (x right, y down from the top-left) where a world point appears."""
        p = np.append(np.asarray(world_xyz, dtype=float), 1.0)
        clip = p @ self.view_projection()
        ndc = clip[:3] / clip[3]
        return ((ndc[0] + 1.0) * 0.5 * self.width, (1.0 - ndc[1]) * 0.5 * self.height)

    def depth_of(self, world_xyz) -> np.ndarray:
        """Distance along the viewing direction (bigger = farther); works on (N, 3) arrays."""
        _r, _u, fwd = self.basis()
        return (np.asarray(world_xyz, dtype=float) - self.eye) @ fwd

    def ray(self, px: float, py: float) -> tuple[np.ndarray, np.ndarray]:
        """World ray (origin on the near plane, unit direction) through pixel (px, py)."""
        nx = 2.0 * px / self.width - 1.0
        ny = 1.0 - 2.0 * py / self.height
        inv = matrix44.inverse(self.view_projection())
        a = np.array([nx, ny, -1.0, 1.0]) @ inv
        b = np.array([nx, ny, 1.0, 1.0]) @ inv
        a, b = a[:3] / a[3], b[:3] / b[3]
        d = b - a
        return a, d / np.linalg.norm(d)
