"""Camera paths of a recording: fixed, orbit, follow (the action) and keyframe files (.json/.toml).

A path maps the frame's time (``i / fps``, never the wall clock) and the action's focus to a
:class:`CameraPose`.
"""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from .errors import RecordError
from .timeline import ease, lerp

VIEW_NAMES = {"front": "front", "top": "top", "side": "side", "3q": "default", "default": "default", "back": "back"}


@dataclass
class CameraPose:
    yaw: float
    pitch: float
    distance: float
    target: tuple

    def apply(self, camera) -> None:
        camera.yaw, camera.pitch, camera.distance = float(self.yaw), float(self.pitch), float(self.distance)
        camera.target = np.asarray(self.target, dtype=float)

    def key(self) -> tuple:
        return (
            round(self.yaw, 6),
            round(self.pitch, 6),
            round(self.distance, 6),
            tuple(round(float(v), 6) for v in self.target),
        )


#: the default framing: the lowest planes of the cube, three-quarter view from white's side
HOME = CameraPose(yaw=-22.0, pitch=42.0, distance=31.0, target=(0.0, 1.0, 3.0))


class FixedCamera:
    """One pose for the whole recording."""

    moving = False

    def __init__(self, pose: CameraPose = HOME):
        self.pose = pose

    def pose_at(self, t: float, focus) -> CameraPose:
        return self.pose


class OrbitCamera:
    """Turns around the board at ``speed`` degrees per second."""

    moving = True

    def __init__(self, pose: CameraPose = HOME, speed: float = 12.0):
        self.pose, self.speed = pose, speed

    def pose_at(self, t: float, focus) -> CameraPose:
        p = self.pose
        return CameraPose(p.yaw + self.speed * t, p.pitch, p.distance, p.target)


class FollowCamera:
    """Aims at the action (the moving group), closer than the home view."""

    moving = True

    def __init__(self, pose: CameraPose | None = None):
        self.pose = pose or CameraPose(yaw=-18.0, pitch=48.0, distance=17.0, target=(0.0, 0.0, 0.0))

    def pose_at(self, t: float, focus) -> CameraPose:
        target = self.pose.target if focus is None else focus
        return CameraPose(self.pose.yaw, self.pose.pitch, self.pose.distance, tuple(target))


#: bands of a still kept free for the overlay's text (fractions of the height: top, bottom)
STILL_INSET = (0.15, 0.09)
#: how high the pieces stand above a board (cells), counted in a still's framing
PIECE_HEIGHT = 1.6


def board_box(layout, z: int) -> tuple[np.ndarray, np.ndarray]:
    """World box of the board at plane ``z`` with its pieces (the board a still frames)."""
    lo = np.array([*layout.origin(0), layout.layer_height(z)])
    hi = lo + np.array([layout.size[0], layout.size[1], PIECE_HEIGHT])
    return lo, hi


def fit_board_pose(pose: CameraPose, layout, z: int, size) -> CameraPose:
    """``pose``'s direction, aimed and backed off so the whole board at plane ``z`` (and so the
    move on it) lies inside a ``size`` picture, clear of the overlay's top and bottom bands
    (issue 16: a still cut the board and put the move at its edge)."""
    from ..gl.camera import Camera

    w, h = int(size[0]), int(size[1])
    cam = Camera(width=w, height=h, target=np.asarray(pose.target, float), yaw=pose.yaw, pitch=pose.pitch)
    cam.distance = float(pose.distance)
    lo, hi = board_box(layout, z)
    cam.fit(lo, hi, margin=0.02, inset=(0.0, STILL_INSET[0] * h, 0.0, STILL_INSET[1] * h))
    return CameraPose(cam.yaw, cam.pitch, cam.distance, tuple(float(v) for v in cam.target))


#: the largest magnitude of a number in a camera file (time, angles, distance, target)
MAX_CAMERA_NUMBER = 1e6


class KeyframeCamera:
    """Keyframes (time -> yaw, pitch, distance, target), eased between, held beyond the ends."""

    moving = True

    def __init__(self, keys: list[tuple[float, CameraPose]]):
        if not keys:
            raise RecordError("camera file has no keyframes")
        self.keys = sorted(keys, key=lambda k: k[0])
        self.times = [k[0] for k in self.keys]

    def pose_at(self, t: float, focus) -> CameraPose:
        i = bisect.bisect_right(self.times, t)
        if i == 0:
            return self.keys[0][1]
        if i >= len(self.keys):
            return self.keys[-1][1]
        (t0, a), (t1, b) = self.keys[i - 1], self.keys[i]
        u = ease((t - t0) / (t1 - t0)) if t1 > t0 else 1.0
        return CameraPose(
            lerp(a.yaw, b.yaw, u),
            lerp(a.pitch, b.pitch, u),
            lerp(a.distance, b.distance, u),
            tuple(lerp(np.asarray(a.target, float), np.asarray(b.target, float), u)),
        )

    @classmethod
    def load(cls, path) -> KeyframeCamera:
        """Keyframes from a .json or .toml file; every number finite (NaN and infinities, which a
        JSON or TOML reader accepts, are refused with the keyframe's number)."""
        from engine.core.files import read_limited

        path = Path(path)
        # a regular file of at most 1 MiB (a FIFO or device named *.json is refused, not read)
        raw = read_limited(path, 1 << 20, "camera file", error=lambda m, where=None: RecordError(f"{where}: {m}"))
        try:
            if path.suffix.lower() == ".toml":
                import tomllib

                data = tomllib.loads(raw.decode("utf-8"))
            else:
                data = json.loads(raw.decode("utf-8"))
        except Exception as exc:
            raise RecordError(
                f"camera file {path} is not valid {path.suffix.lstrip('.').upper() or 'JSON'}: "
                f"{str(exc).splitlines()[0]}"
            ) from None
        if isinstance(data, dict):
            data = data.get("keyframes", data.get("keyframe", data.get("key")))  # type: ignore[assignment]
        if not isinstance(data, list):
            raise RecordError(
                f"camera file {path}: expected a list of keyframes (JSON list, or [[keyframe]] tables in TOML)"
            )
        keys, prev = [], HOME
        for i, k in enumerate(data):
            if not isinstance(k, dict) or "time" not in k:
                raise RecordError(f"camera file {path}: keyframe {i + 1} needs a 'time' (seconds)")
            try:
                pose = CameraPose(
                    float(k.get("yaw", prev.yaw)),
                    float(k.get("pitch", prev.pitch)),
                    float(k.get("distance", prev.distance)),
                    tuple(float(v) for v in k.get("target", prev.target)),
                )
                if len(pose.target) != 3:
                    raise ValueError("target needs 3 numbers")
                when = float(k["time"])
                nums = (when, pose.yaw, pose.pitch, pose.distance, *pose.target)
                if not all(math.isfinite(v) and abs(v) <= MAX_CAMERA_NUMBER for v in nums):
                    raise ValueError(
                        f"time, yaw, pitch, distance and target must be finite numbers within ±{MAX_CAMERA_NUMBER:g}"
                    )
                if pose.distance <= 0 or when < 0:
                    raise ValueError("distance must be above 0 and time at least 0")
                keys.append((when, pose))
            except (TypeError, ValueError) as exc:
                raise RecordError(f"camera file {path}: keyframe {i + 1}: {exc}") from None
            prev = pose
        return cls(keys)


def make_camera(spec: str | None, view: str | None = None):
    """``fixed`` | ``orbit`` | ``follow`` | a keyframe file (.json / .toml)."""
    pose = HOME
    if view:
        from ..gl.camera import NAMED_VIEWS

        name = VIEW_NAMES.get(view)
        if name is None:
            raise RecordError(f"unknown view {view!r} (use {', '.join(('front', 'top', 'side', '3q'))})")
        yaw, pitch = NAMED_VIEWS[name]
        pose = CameraPose(yaw, pitch, HOME.distance * (1.05 if name == "top" else 1.0), HOME.target)
    spec = spec or "fixed"
    if spec == "fixed":
        return FixedCamera(pose)
    if spec == "orbit":
        return OrbitCamera(pose)
    if spec == "follow":
        return FollowCamera()
    if Path(spec).suffix.lower() in (".json", ".toml"):
        return KeyframeCamera.load(spec)
    raise RecordError(f"unknown camera {spec!r}: use fixed, orbit, follow or a .json/.toml keyframe file")
