"""Offscreen recording: timeline, animation of each action, camera paths, frame
pipeline, encoders (H.264 MP4 / animated GIF / PNG) and :class:`LiveCapture`.

Frame-count rule
----------------
A recording shows the turns ``A..B`` of a game ("turn 0" is the start position,
turn ``k`` >= 1 is the k-th ply).  Each shown turn ``k`` >= 1 first animates
each of its actions (``round(transition * fps)`` frames per action), then holds
the position after it (``round(hold * fps)`` frames); turn 0 only holds.  So::

    frames = turns * round(hold * fps) + actions * round(transition * fps)

where ``turns = B - A + 1`` and ``actions`` is the number of engine actions
(move, capture, jump, hyper-jump, stack, split, drop, promote) of the turns
``max(A, 1)..B``.  A single position (``--turn N``) is ``round(hold * fps)``
frames.  For spirit chess the "actions" are the *steps* of each turn (see
:mod:`viewer.spirit_render`): 1 for the level-up, 1 per square of the path,
1 if the turn captures, 1 if a disciple transforms.

Determinism: the only clock is the frame index; frame ``i`` is at time
``i / fps``.  No wall clock, no randomness.  Frames that come out identical
(a held position under a still camera) are rendered once and repeated.

Output is atomic: frames go to a temp file in the target folder that is renamed
at the end and deleted on any failure (KeyboardInterrupt included).
"""
from __future__ import annotations

import bisect
import json
import math
import os
import queue
import sys
import tempfile
import threading
import time as _time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .overlay import OverlayText, draw_overlay

DEFAULT_SIZE = (960, 540)
DEFAULT_FPS = 24
DEFAULT_HOLD = 1.0
DEFAULT_TRANSITION = 0.5
VIDEO_FORMATS = {".mp4": "mp4", ".m4v": "mp4", ".gif": "gif"}
IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}
VIEW_NAMES = {"front": "front", "top": "top", "side": "side", "3q": "default", "default": "default",
              "back": "back"}
ACTION_LABELS = {"move": "move", "capture": "capture", "jump": "3-D jump", "hyperjump": "hyper-jump",
                 "stack": "stack", "split": "split", "drop": "drop", "promote": "promotion", "step": "move"}


class RecordError(Exception):
    """A problem the user can fix (bad path, bad option, missing encoder): one line, no traceback."""


# =========================================================================== timeline
def frames_for(seconds: float, fps: float) -> int:
    return max(0, int(round(float(seconds) * float(fps))))


def frame_count(turns: int, actions: int, hold: float, transition: float, fps: float) -> int:
    """``turns * round(hold * fps) + actions * round(transition * fps)`` (see module doc)."""
    return turns * frames_for(hold, fps) + actions * frames_for(transition, fps)


@dataclass(frozen=True)
class Segment:
    turn: int                 # 0 = start position
    action: int | None        # None: hold of the position after ``turn``
    start: int                # first frame index
    frames: int


class Timeline:
    """Segments of a recording: per shown turn, its actions then a hold."""

    def __init__(self, action_counts, first: int, last: int, hold_frames: int, transition_frames: int):
        self.first, self.last = first, last
        self.hold_frames, self.transition_frames = hold_frames, transition_frames
        self.segments: list[Segment] = []
        start = 0
        for k in range(first, last + 1):
            n_actions = action_counts(k) if k >= 1 else 0
            for a in range(n_actions):
                if transition_frames:
                    self.segments.append(Segment(k, a, start, transition_frames))
                    start += transition_frames
            if hold_frames:
                self.segments.append(Segment(k, None, start, hold_frames))
                start += hold_frames
        self.total = start
        self._starts = [s.start for s in self.segments]

    def locate(self, frame: int) -> tuple[Segment, int]:
        if not 0 <= frame < self.total:
            raise IndexError(f"frame {frame} outside 0..{self.total - 1}")
        i = bisect.bisect_right(self._starts, frame) - 1
        seg = self.segments[i]
        return seg, frame - seg.start

    def __len__(self) -> int:
        return self.total


def parse_range(text: str, n_turns: int) -> tuple[int, int]:
    """``A:B`` (inclusive), ``A:``, ``:B`` or ``N`` -> (A, B) within 0..n_turns."""
    text = str(text).strip()
    try:
        if ":" in text:
            a, b = text.split(":", 1)
            lo = int(a) if a.strip() else 0
            hi = int(b) if b.strip() else n_turns
        else:
            lo = hi = int(text)
    except ValueError:
        raise RecordError(f"bad turn range {text!r}: expected A:B, A:, :B or N") from None
    if lo < 0 or hi > n_turns or lo > hi:
        raise RecordError(f"turn range {text!r} is outside 0:{n_turns} (the game has {n_turns} turns)")
    return lo, hi


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in str(text).lower().replace("*", "x").split("x"))
    except ValueError:
        raise RecordError(f"bad size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x720") from None
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise RecordError(f"size {text!r} must be between 16x16 and 8192x8192")
    return w, h


def ease(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3.0 - 2.0 * u)


def _lerp(a, b, u):
    return a + (b - a) * u


# =========================================================================== camera paths
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
        return (round(self.yaw, 6), round(self.pitch, 6), round(self.distance, 6),
                tuple(round(float(v), 6) for v in self.target))


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
        return CameraPose(_lerp(a.yaw, b.yaw, u), _lerp(a.pitch, b.pitch, u), _lerp(a.distance, b.distance, u),
                          tuple(_lerp(np.asarray(a.target, float), np.asarray(b.target, float), u)))

    @classmethod
    def load(cls, path) -> "KeyframeCamera":
        path = Path(path)
        try:
            raw = path.read_bytes()
        except OSError as exc:
            raise RecordError(f"cannot read camera file {path}: {exc.strerror}") from None
        try:
            if path.suffix.lower() == ".toml":
                import tomllib
                data = tomllib.loads(raw.decode("utf-8"))
            else:
                data = json.loads(raw.decode("utf-8"))
        except Exception as exc:
            raise RecordError(f"camera file {path} is not valid {path.suffix.lstrip('.').upper() or 'JSON'}: "
                              f"{str(exc).splitlines()[0]}") from None
        if isinstance(data, dict):
            data = data.get("keyframes", data.get("keyframe", data.get("key")))
        if not isinstance(data, list):
            raise RecordError(f"camera file {path}: expected a list of keyframes (JSON list, or "
                              f"[[keyframe]] tables in TOML)")
        keys, prev = [], HOME
        for i, k in enumerate(data):
            if not isinstance(k, dict) or "time" not in k:
                raise RecordError(f"camera file {path}: keyframe {i + 1} needs a 'time' (seconds)")
            try:
                pose = CameraPose(float(k.get("yaw", prev.yaw)), float(k.get("pitch", prev.pitch)),
                                  float(k.get("distance", prev.distance)),
                                  tuple(float(v) for v in k.get("target", prev.target)))
                if len(pose.target) != 3:
                    raise ValueError("target needs 3 numbers")
                keys.append((float(k["time"]), pose))
            except (TypeError, ValueError) as exc:
                raise RecordError(f"camera file {path}: keyframe {i + 1}: {exc}") from None
            prev = pose
        return cls(keys)


def make_camera(spec: str | None, view: str | None = None):
    """``fixed`` | ``orbit`` | ``follow`` | a keyframe file (.json / .toml)."""
    pose = HOME
    if view:
        from .camera import NAMED_VIEWS
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


# =========================================================================== cube animation
def _norm(coord) -> tuple:
    c = tuple(int(v) for v in coord)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


def _higher(coord) -> tuple:
    return _norm(coord)[3:]


class _Overlay:
    """A position with some cells replaced (what the renderer draws still during an action)."""

    def __init__(self, pos, overrides: dict):
        self.base = pos
        self.rules = pos.rules
        self.overrides = {_norm(c): tuple(s) for c, s in overrides.items()}

    def cell(self, coord):
        c = _norm(coord)
        return self.overrides[c] if c in self.overrides else self.base.cell(c)

    def board_pieces(self, higher=()):
        key = _higher((1, 1, 1) + tuple(higher))
        ov = self.overrides
        out = [(c, s) for c, s in self.base.board_pieces(higher) if _norm(c) not in ov]
        out.extend((c, s) for c, s in ov.items() if s and c[3:] == key)
        return out


@dataclass
class Track:
    """One piece drawn by the animation (not by the static scene) during an action."""
    piece: object
    c0: tuple                 # cell before
    h0: float                 # height inside the cell's pile before
    s0: float                 # scale before
    c1: tuple
    h1: float
    s1: float
    mode: str                 # glide | arc | vertical | hyper | stay | fade_out | capture | fade_in | drop


def _pile(stack, base_h: float = 0.0):
    from .scene import STACK_SCALE, piece_height, _piece_type
    n = len(stack)
    scale = STACK_SCALE if n > 1 else 1.0
    out, h = [], base_h
    for p in stack:
        out.append([p, h, scale])
        h += piece_height(_piece_type(p)) * scale * 0.92
    return out, h


def _cell_piles(pos, hover, cells) -> dict:
    piles = {}
    for c in cells:
        pl, top = _pile(pos.cell(c))
        if hover is not None and _norm(hover[0]) == c:
            extra, _ = _pile(hover[1], top + 0.3)
            pl = pl + extra
        piles[c] = pl
    return piles


def _take(pile, group):
    """Remove the pieces of ``group`` from the top of ``pile``; return their entries bottom-first."""
    taken = []
    for piece in reversed(tuple(group)):
        for i in range(len(pile) - 1, -1, -1):
            if pile[i][0] == piece:
                taken.append(pile.pop(i))
                break
    return taken[::-1]


@dataclass
class CubeStep:
    kind: str
    src: tuple
    dst: tuple
    before: object            # engine Position (preview) before the action
    after: object
    base: _Overlay            # static part of the scene during the action
    tracks: list


class CubeSource:
    """Adapter: an engine.Game as a sequence of turns with animated actions."""
    kind = "cube"

    def __init__(self, game):
        self.game = game
        self.positions = game.positions
        self.rules = game.rules
        self.n_turns = len(game.turns)
        self._steps: dict[int, list[CubeStep]] = {}

    # ------------------------------------------------------------------ turns
    def action_count(self, k: int) -> int:
        return len(self.game.turns[k - 1].actions) if k >= 1 else 0

    def notation(self, k: int) -> str:
        if k < 1:
            return ""
        num = (k - 1) // 2 + 1
        try:
            body = self.game.notation(k - 1)
        except Exception:
            body = repr(self.game.turns[k - 1])
        return f"{num}{'.' if k % 2 == 1 else '...'} {body}"

    def side(self, k: int) -> str:
        return self.positions[k - 1].to_move if k >= 1 else self.positions[0].to_move

    def steps(self, k: int) -> list[CubeStep]:
        if k not in self._steps:
            self._steps[k] = self._build_steps(k)
        return self._steps[k]

    def _build_steps(self, k: int) -> list[CubeStep]:
        import engine

        pos, turn, end = self.positions[k - 1], self.game.turns[k - 1], self.positions[k]
        steps = []
        try:
            b = engine.TurnBuilder(pos, turn.origin)
        except Exception:
            b = None
        before, hover = pos, None
        at = _norm(turn.origin) if turn.origin is not None else None
        for i, action in enumerate(turn.actions):
            kind = getattr(action, "kind", "move")
            try:
                if b is None:
                    raise ValueError("no builder")
                b.add(action)
                after = end if i == len(turn.actions) - 1 else b.preview()
                new_at = _norm(b.at) if b.at is not None else at
                group = tuple(b.group) if b.group is not None else tuple(after.cell(new_at))
                kinds = [kk for kk in getattr(b, "kinds", []) if kk != "promote"]
                lifted = bool(getattr(b, "pending", False)) or kinds[-1:] == ["split"]
                new_hover = (new_at, group) if lifted and i < len(turn.actions) - 1 else None
            except Exception:
                # replay failed (should not happen with engine games): cut to the result
                b, after, new_at, group, new_hover = None, end, _norm(getattr(action, "to", at) or at), (), None
                kind = "cut"
            src = at if at is not None else new_at
            steps.append(self._step(kind, src, new_at, group, before, hover, after, new_hover))
            before, hover, at = after, new_hover, new_at
        return steps

    def _step(self, kind, src, dst, group, before, hover0, after, hover1) -> CubeStep:
        cells = {c for c in (src, dst) if c is not None}
        for h in (hover0, hover1):
            if h is not None:
                cells.add(_norm(h[0]))
        if kind == "cut":
            return CubeStep(kind, src, dst, before, after, after, [])
        for c in set(before.changed()) | set(after.changed()):
            c = _norm(c)
            if c not in cells and before.cell(c) != after.cell(c):
                cells.add(c)
        cells = sorted(cells, key=lambda c: (len(c), c))
        p0 = _cell_piles(before, hover0, cells)
        p1 = _cell_piles(after, hover1, cells)
        tracks = []
        if kind in ("move", "capture", "jump", "hyperjump") and src != dst and group:
            mode = {"move": "arc", "capture": "arc", "jump": "vertical", "hyperjump": "hyper"}[kind]
            a = _take(p0[src], group)
            z = _take(p1[dst], group)
            for e0, e1 in zip(a, z):
                tracks.append(Track(e1[0], src, e0[1], e0[2], dst, e1[1], e1[2], mode))
        for c in cells:
            rest0, rest1 = list(p0[c]), list(p1[c])
            for e1 in rest1:
                j = next((i for i, e0 in enumerate(rest0) if e0[0] == e1[0]), None)
                if j is None:
                    tracks.append(Track(e1[0], c, e1[1], e1[2], c, e1[1], e1[2],
                                        "drop" if kind == "drop" else "fade_in"))
                else:
                    e0 = rest0.pop(j)
                    tracks.append(Track(e1[0], c, e0[1], e0[2], c, e1[1], e1[2], "stay"))
            for e0 in rest0:
                tracks.append(Track(e0[0], c, e0[1], e0[2], c, e0[1], e0[2],
                                    "capture" if kind == "capture" else "fade_out"))
        base = _Overlay(before, {c: () for c in cells})
        return CubeStep(kind, src, dst, before, after, base, tracks)


# =========================================================================== frame states
@dataclass
class FrameState:
    """Everything that decides one frame (hashable ``key``: equal keys -> equal frames)."""
    turn: int
    position: object                  # real engine position (slicing extents, scores)
    base: object                      # what the static scene draws
    higher: tuple = ()
    focus_z: int = 1
    tracks: list = field(default_factory=list)
    u: float = 1.0
    kind: str = ""
    last_from: tuple | None = None
    last_to: tuple | None = None
    focus_world: tuple | None = None
    pose: CameraPose | None = None
    overlay: OverlayText | None = None
    time: float = 0.0
    targets: tuple = ()               # ((kind, coords), ...) marks for the destination
    extra_key: tuple = ()

    def key(self) -> tuple:
        return (id(self.base), self.higher, self.focus_z, round(self.u, 6) if self.tracks else None,
                self.last_from, self.last_to, self.pose.key() if self.pose else None,
                self.overlay.key() if self.overlay else None, self.targets,
                round(self.time, 6) if self.targets else None, self.extra_key)


def _board_text(higher, z) -> str:
    if not higher:
        return f"main board, plane z={z}"
    idx = ", ".join(f"w{4 + i}={v}" for i, v in enumerate(higher) if v != 1)
    return f"board {idx}, plane z={z}"


class CubeAnimator:
    """Frame states of a cube-chess recording (no GL): slicing, tracks, camera, overlay."""

    def __init__(self, source: CubeSource, timeline: Timeline, fps: float, camera, overlay: bool = True):
        from .scene import Layout
        self.src, self.tl, self.fps, self.camera, self.overlay = source, timeline, float(fps), camera, overlay
        self.layout = Layout(size=tuple(getattr(source.rules, "size", (16, 16, 16))))
        self._follow = self._follow_keys() if isinstance(camera, FollowCamera) else None

    # world position of a cell centre (higher indices ignored: the slicing shows one board at a time)
    def world(self, coord, h: float = 0.0) -> np.ndarray:
        c = self.layout.cell_center(coord[0], coord[1], coord[2])
        c[2] += h
        return c

    def _hold_place(self, k: int):
        """(higher, focus_z, last_from, last_to) for the hold after turn k."""
        if k < 1:
            return (), 1, None, None
        steps = self.src.steps(k)
        turn = self.src.game.turns[k - 1]
        dst = steps[-1].dst if steps else None
        if dst is None:
            return (), 1, None, None
        frm = _norm(turn.origin) if turn.origin is not None else None
        return _higher(dst), dst[2], frm, dst

    def _follow_keys(self):
        """(frame, world target): still during holds; during each action the aim glides from where
        it was to the action's destination (so held frames repeat and are rendered once)."""
        keys, cur = [], None
        for seg in self.tl.segments:
            if seg.action is None:
                continue
            st = self.src.steps(seg.turn)[seg.action]
            if cur is None:
                cur = self.world(st.src if st.src is not None else st.dst)
            keys.append((seg.start, cur))
            cur = self.world(st.dst)
            keys.append((seg.start + seg.frames - 1, cur))
        if not keys:
            _h, z, _f, to = self._hold_place(self.tl.last)
            keys.append((0, self.world(to) if to else np.array(HOME.target)))
        return keys

    def _follow_target(self, frame: int):
        keys = self._follow
        frames = [k[0] for k in keys]
        i = bisect.bisect_right(frames, frame)
        if i == 0:
            return tuple(keys[0][1])
        if i >= len(keys):
            return tuple(keys[-1][1])
        (f0, a), (f1, b) = keys[i - 1], keys[i]
        u = ease((frame - f0) / (f1 - f0)) if f1 > f0 else 1.0
        return tuple(_lerp(a, b, u))

    def state(self, frame: int) -> FrameState:
        seg, local = self.tl.locate(frame)
        t = frame / self.fps
        k = seg.turn
        if seg.action is None:
            pos = self.src.positions[k]
            higher, z, frm, to = self._hold_place(k)
            st = FrameState(k, pos, pos, higher, z, last_from=frm, last_to=to, time=t)
            label = ""
        else:
            step = self.src.steps(k)[seg.action]
            u = ease((local + 0.5) / seg.frames)
            second = u >= 0.5
            where = step.dst if (second or step.src is None) else step.src
            pos = step.after if second else step.before
            base = step.after if step.kind == "cut" and second else step.base
            if step.kind == "cut" and not second:
                base = step.before
            st = FrameState(k, pos, base, _higher(where), where[2], tracks=step.tracks, u=u,
                            kind=step.kind, last_from=step.src, time=t)
            if step.dst is not None and step.dst != step.src:
                tk = step.kind if step.kind in ("move", "capture", "jump", "hyperjump") else "move"
                st.targets = ((tk, (step.dst,)),)
            label = f"{ACTION_LABELS.get(step.kind, step.kind)}" + (
                f"  {seg.action + 1}/{self.src.action_count(k)}" if self.src.action_count(k) > 1 else "")
            if step.src is not None and step.dst is not None:
                st.focus_world = tuple(_lerp(self.world(step.src), self.world(step.dst), u))
        if self._follow is not None:
            st.focus_world = self._follow_target(frame)
        st.pose = self.camera.pose_at(t, st.focus_world)
        if self.overlay:
            pos = st.position
            title = "Start position" if k == 0 else f"Turn {k} \u00b7 {self.src.side(k)}"
            scores = dict(getattr(pos, "scores", {}) or {})
            result = getattr(pos, "result", None) if seg.action is None else None
            if result is not None:
                who = getattr(result, "winner", None)
                label = (f"{who} wins" if who else "draw") + f" ({getattr(result, 'reason', '')})"
            st.overlay = OverlayText(title=title, subtitle=self.src.notation(k), scores=scores,
                                     score_label="points", footer=_board_text(st.higher, st.focus_z),
                                     badge=label)
        return st

    # ------------------------------------------------------------------ tracks -> instances
    def extras(self, st: FrameState, view) -> dict:
        """kind -> (opaque rows, translucent rows) of the animated pieces at ``st.u``."""
        from . import palette
        from .scene import _piece_type

        out: dict[str, tuple[list, list]] = {}
        u = st.u
        shown = st.higher
        for tr in st.tracks:
            mode = tr.mode
            alpha = 1.0
            if mode == "hyper":
                if u < 0.5:
                    cell, h, s, w = tr.c0, tr.h0, tr.s0, u * 2.0
                    alpha = 1.0 - w
                    lift = 2.5 * w
                else:
                    cell, h, s, w = tr.c1, tr.h1, tr.s1, (u - 0.5) * 2.0
                    alpha = w
                    lift = 2.5 * (1.0 - w)
                if _higher(cell) != shown:
                    continue
                p = self.world(cell, h + lift)
                scale = s * (0.6 + 0.4 * alpha)
            else:
                cell = tr.c0 if u < 0.5 else tr.c1
                if _higher(cell) != shown:
                    continue
                p0, p1 = self.world(tr.c0, tr.h0), self.world(tr.c1, tr.h1)
                p = _lerp(p0, p1, u)
                scale = _lerp(tr.s0, tr.s1, u)
                if mode == "arc":
                    p[2] += math.sin(math.pi * u) * 0.9
                elif mode == "capture":
                    w = max(0.0, (u - 0.45) / 0.55)
                    alpha = 1.0 - w
                    p[2] -= 0.6 * w
                elif mode == "fade_out":
                    alpha = 1.0 - u
                elif mode == "fade_in":
                    alpha = u
                elif mode == "drop":
                    alpha = min(1.0, u * 1.6)
                    p[2] += 4.0 * (1.0 - u) ** 2
            z = cell[2]
            alpha *= view.layer_alpha(z)
            if alpha <= 0.01:
                continue
            kind = _piece_type(tr.piece)
            side = getattr(tr.piece, "side", "white")
            rgb = palette.SIDE.get(side, palette.SIDE["white"])
            facing = -1.0 if side == "black" else 1.0
            row = (p[0], p[1], p[2], scale * facing, rgb[0], rgb[1], rgb[2], min(alpha, 1.0))
            out.setdefault(kind, ([], []))[0 if alpha >= 0.999 else 1].append(row)
        return {k: (np.asarray(o, np.float32).reshape(-1, 8), np.asarray(t, np.float32).reshape(-1, 8))
                for k, (o, t) in out.items()}


# =========================================================================== GL painter
class _FramePosition:
    def __init__(self, base, extras):
        self.base, self.extras, self.rules = base, extras, base.rules


def _anim_renderer_class():
    from .render import Renderer
    from .scene import INSTANCE_FLOATS, Scene

    class AnimRenderer(Renderer):
        """Renderer that adds animated pieces (``position.extras``) to a cached static scene."""

        _dirty: frozenset = frozenset()

        def scene_for(self, position, view):
            base = getattr(position, "base", position)
            extras = getattr(position, "extras", None) or {}
            prev = self.scene
            scene = super().scene_for(base, view)
            if scene is not prev:
                self._dirty = frozenset()
            empty = np.zeros((0, INSTANCE_FLOATS), np.float32)
            opaque, trans = {}, dict(scene.translucent)
            for name, (o, t) in extras.items():
                if len(o):
                    opaque[name] = np.concatenate([scene.opaque.get(name, empty), o])
                if len(t):
                    trans[name] = np.concatenate([trans.get(name, empty), t])
            batches = self._batches
            for name in set(self._dirty) - set(opaque):
                batches[(name, "opaque")].upload(scene.opaque.get(name))
            for name, arr in opaque.items():
                batches[(name, "opaque")].upload(arr)
            self._dirty = frozenset(opaque)
            if not extras:
                return scene
            return Scene(opaque=scene.opaque, translucent=trans, layout=scene.layout,
                         piece_count=scene.piece_count)

    return AnimRenderer


class CubePainter:
    """Draws :class:`FrameState` s with the viewer's GL renderer (headless EGL)."""

    def __init__(self, width: int, height: int, ctx=None):
        try:
            from .render import OffscreenRenderer
        except ImportError as exc:
            raise RecordError(f"the GL renderer cannot be loaded: {exc}") from None
        from .scene import View

        try:
            self.off = OffscreenRenderer(width, height, ctx=ctx)
        except Exception as exc:
            raise RecordError(f"no headless OpenGL for rendering ({type(exc).__name__}: "
                              f"{str(exc).splitlines()[0] if str(exc) else ''})") from None
        old = self.off.renderer
        self.off.renderer = _anim_renderer_class()(self.off.ctx)
        old.release()
        self.view = View()
        self.view.slicing.size_z = 16
        self.width, self.height = width, height
        self.render_seconds = 0.0
        self.read_seconds = 0.0

    def draw(self, st: FrameState, animator: CubeAnimator) -> None:
        view = self.view
        sl = view.slicing
        sl.size_z = int(getattr(st.position.rules, "size", (16, 16, 16))[2])
        sl.update_from(st.position)
        sl.set_higher(st.higher)
        sl.set_focus(st.focus_z)
        view.time = st.time
        hl = view.highlights
        hl.last_from, hl.last_to = st.last_from, st.last_to
        hl.targets = {k: list(v) for k, v in st.targets}
        # rings (opaque outlines) too: green on the moving group's square, white on its target
        if st.tracks or st.targets:
            hl.selected = st.last_from
            hl.hovered = st.targets[0][1][0] if st.targets else None
        else:
            hl.selected, hl.hovered = st.last_to, None
        (st.pose or HOME).apply(view.camera)
        extras = animator.extras(st, view) if st.tracks else {}
        t0 = _time.perf_counter()
        self.off.draw(_FramePosition(st.base, extras), view)
        self.render_seconds += _time.perf_counter() - t0

    def read(self) -> np.ndarray:
        t0 = _time.perf_counter()
        frame = self.off.read()
        self.read_seconds += _time.perf_counter() - t0
        return frame

    def paint(self, st: FrameState, animator) -> np.ndarray:
        self.draw(st, animator)
        return self.read()

    def release(self) -> None:
        self.off.release()


# =========================================================================== sources
def load_game(path=None, demo: bool = False, spirit_demo: bool = False):
    """A cube ``engine.Game`` or a spirit game from a record file or the built-in samples."""
    import engine

    if demo:
        from engine.game import sample_game
        return sample_game()
    if spirit_demo:
        fn = getattr(engine, "sample_spirit_game", None)
        if fn is None:
            try:
                from engine.spirit import sample_spirit_game as fn
            except ImportError:
                raise RecordError("spirit chess is not available in this engine") from None
        return fn()
    p = Path(path)
    if not p.is_file():
        raise RecordError(f"no such record file: {p}")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {p}: {getattr(exc, 'strerror', None) or exc}") from None
    spirit = any(line.strip().startswith(("white:", "black:", "ruleset spirit"))
                 for line in text.splitlines())
    try:
        if spirit:
            SpiritGame = getattr(engine, "SpiritGame", None)
            if SpiritGame is None:
                from engine.spirit import SpiritGame
            return SpiritGame.from_text(text)
        return engine.Game.load(p)
    except engine.DaqiError as exc:
        raise RecordError(f"{p}: {str(exc).splitlines()[0]}") from None


def is_spirit(game) -> bool:
    return getattr(getattr(game, "rules", None), "game", None) == "spirit" or \
        type(game).__name__ == "SpiritGame"


def make_source(game):
    if is_spirit(game):
        try:
            from .spirit_render import SpiritSource
        except ImportError:
            raise RecordError("recording spirit-chess games is not available yet") from None
        return SpiritSource(game)
    return CubeSource(game)


# =========================================================================== recorder
@dataclass
class RecordOptions:
    size: tuple = DEFAULT_SIZE
    fps: float = DEFAULT_FPS
    hold: float = DEFAULT_HOLD
    transition: float = DEFAULT_TRANSITION
    camera: str = "fixed"
    view: str | None = None
    turns: tuple | None = None       # (A, B) inclusive; None = all (0..n)
    overlay: bool = True
    preset: str = "veryfast"
    crf: int = 23


class Recorder:
    """Frames of a recording: ``len(rec)`` frames, ``rec.frames()`` yields (H, W, 3) uint8 arrays."""

    def __init__(self, game, options: RecordOptions | None = None, painter=None):
        self.opts = o = options or RecordOptions()
        if o.fps <= 0 or o.hold < 0 or o.transition < 0:
            raise RecordError("--fps must be > 0, --hold and --transition >= 0")
        self.game = game
        self.source = make_source(game)
        n = self.source.n_turns
        first, last = o.turns if o.turns is not None else (0, n)
        if not (0 <= first <= last <= n):
            raise RecordError(f"turn range {first}:{last} is outside 0:{n}")
        self.timeline = Timeline(self.source.action_count, first, last,
                                 frames_for(o.hold, o.fps), frames_for(o.transition, o.fps))
        self.camera = make_camera(o.camera, o.view)
        self.width, self.height = int(o.size[0]), int(o.size[1])
        self.animator = self.source.animator(self.timeline, o.fps, self.camera, o.overlay) \
            if hasattr(self.source, "animator") else CubeAnimator(self.source, self.timeline, o.fps, self.camera,
                                                                  o.overlay)
        self._painter = painter
        self.unique_frames = 0
        self.overlay_seconds = 0.0

    def __len__(self) -> int:
        return self.timeline.total

    @property
    def painter(self):
        if self._painter is None:
            if hasattr(self.source, "painter"):
                self._painter = self.source.painter(self.width, self.height)
            else:
                self._painter = CubePainter(self.width, self.height)
        return self._painter

    def state(self, i: int) -> FrameState:
        return self.animator.state(i)

    def frame(self, i: int) -> np.ndarray:
        return self._compose(self.state(i))

    def _compose(self, st) -> np.ndarray:
        img = self.painter.paint(st, self.animator)
        if st.overlay is not None:
            t0 = _time.perf_counter()
            img = draw_overlay(img, st.overlay)
            self.overlay_seconds += _time.perf_counter() - t0
        self.unique_frames += 1
        return img

    def frames(self, start: int = 0, stop: int | None = None):
        """Yield frames ``start..stop-1``; a frame equal in state to the previous one is not re-rendered."""
        stop = self.timeline.total if stop is None else stop
        prev_key, prev = None, None
        for i in range(start, stop):
            st = self.state(i)
            key = st.key()
            if key != prev_key or prev is None:
                prev = self._compose(st)
                prev_key = key
            yield prev

    def close(self) -> None:
        if self._painter is not None and hasattr(self._painter, "release"):
            self._painter.release()
            self._painter = None


# =========================================================================== atomic output + writers
def output_format(path, kinds=VIDEO_FORMATS) -> str:
    ext = Path(path).suffix.lower()
    if ext not in kinds:
        raise RecordError(f"cannot write {path}: unknown output format {ext or '(no extension)'!r} "
                          f"(use {', '.join(sorted(kinds))})")
    return kinds[ext]


class AtomicPath:
    """A temp file next to ``path`` (same extension); ``commit()`` renames it, ``discard()`` deletes it."""

    def __init__(self, path):
        self.path = Path(path)
        parent = self.path.parent if str(self.path.parent) else Path(".")
        if self.path.is_dir():
            raise RecordError(f"cannot write {self.path}: it is a folder")
        if not parent.exists():
            raise RecordError(f"cannot write {self.path}: folder {parent} does not exist")
        if not parent.is_dir():
            raise RecordError(f"cannot write {self.path}: {parent} is not a folder")
        if self.path.exists() and not os.access(self.path, os.W_OK):
            raise RecordError(f"cannot write {self.path}: the file is read-only")
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=f".part{self.path.suffix}",
                                       dir=parent)
        except OSError as exc:
            raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        os.close(fd)
        self.tmp = Path(tmp)
        self.done = False

    def commit(self) -> Path:
        try:
            os.chmod(self.tmp, 0o644)
            os.replace(self.tmp, self.path)
        except OSError as exc:
            self.discard()
            raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self.done = True
        return self.path

    def discard(self) -> None:
        if not self.done:
            try:
                self.tmp.unlink()
            except OSError:
                pass
            self.done = True


def ffmpeg_exe() -> str:
    try:
        import imageio_ffmpeg
        exe = imageio_ffmpeg.get_ffmpeg_exe()
    except Exception as exc:
        raise RecordError(f"the H.264 encoder is missing: no ffmpeg binary ({str(exc).splitlines()[0]}); "
                          f"install imageio-ffmpeg or write a .gif") from None
    if not exe or not Path(exe).exists():
        raise RecordError("the H.264 encoder is missing: no ffmpeg binary; install imageio-ffmpeg")
    return exe


class Mp4Writer:
    """H.264 (libx264, yuv420p) through imageio-ffmpeg's pipe, fed from a thread so encoding
    (in the ffmpeg process) overlaps rendering."""

    def __init__(self, path, size, fps, preset: str = "veryfast", crf: int = 23, queue_size: int = 16):
        import imageio_ffmpeg

        w, h = size
        if w % 2 or h % 2:
            raise RecordError(f"MP4 (yuv420p) needs even dimensions, got {w}x{h}")
        ffmpeg_exe()
        self.size, self.out = (int(w), int(h)), AtomicPath(path)
        self.frames = 0
        self.encode_wait = 0.0
        try:
            self._gen = imageio_ffmpeg.write_frames(
                str(self.out.tmp), self.size, fps=float(fps), codec="libx264", pix_fmt_out="yuv420p",
                quality=None, macro_block_size=1, ffmpeg_log_level="error",
                output_params=["-preset", preset, "-crf", str(int(crf)), "-movflags", "+faststart"])
            self._gen.send(None)
        except BaseException as exc:
            self.out.discard()
            if isinstance(exc, Exception):
                raise RecordError(f"cannot start the H.264 encoder: {str(exc).splitlines()[0]}") from None
            raise
        self._q: queue.Queue = queue.Queue(maxsize=queue_size)
        self._err: BaseException | None = None
        self._thread = threading.Thread(target=self._pump, name="daqi-encoder", daemon=True)
        self._thread.start()

    def _pump(self):
        while True:
            item = self._q.get()
            if item is None:
                return
            if self._err is not None:
                continue
            try:
                self._gen.send(item)
            except BaseException as exc:   # broken pipe, ffmpeg died
                self._err = exc

    def add(self, frame: np.ndarray) -> None:
        if self._err is not None:
            raise RecordError(f"the H.264 encoder failed: {str(self._err).splitlines()[0]}")
        if frame.shape[:2] != (self.size[1], self.size[0]):
            raise ValueError(f"frame {frame.shape[1]}x{frame.shape[0]} != video {self.size[0]}x{self.size[1]}")
        t0 = _time.perf_counter()
        self._q.put(np.ascontiguousarray(frame, dtype=np.uint8).tobytes())
        self.encode_wait += _time.perf_counter() - t0
        self.frames += 1

    def _finish(self):
        self._q.put(None)
        self._thread.join()
        try:
            self._gen.close()
        except Exception as exc:
            if self._err is None:
                self._err = exc

    def close(self) -> Path:
        t0 = _time.perf_counter()
        self._finish()
        self.encode_wait += _time.perf_counter() - t0
        if self._err is not None:
            self.out.discard()
            raise RecordError(f"the H.264 encoder failed: {str(self._err).splitlines()[0]}")
        if self.frames == 0:
            self.out.discard()
            raise RecordError("no frames to write")
        return self.out.commit()

    def abort(self) -> None:
        try:
            while True:
                self._q.get_nowait()
        except queue.Empty:
            pass
        try:
            self._finish()
        except BaseException:
            pass
        self.out.discard()


class GifWriter:
    """Animated GIF with Pillow (each frame quantized to 256 colours as it arrives)."""

    def __init__(self, path, size, fps):
        from PIL import Image  # noqa: F401  (fail early if Pillow is missing)
        self.size, self.fps = (int(size[0]), int(size[1])), float(fps)
        self.out = AtomicPath(path)
        self._frames = []
        self.frames = 0
        self.encode_wait = 0.0
        self._last_src = None
        self._last_q = None

    def add(self, frame: np.ndarray) -> None:
        from PIL import Image
        t0 = _time.perf_counter()
        if frame is self._last_src and self._last_q is not None:
            q = self._last_q
        else:
            q = Image.fromarray(np.ascontiguousarray(frame, dtype=np.uint8)).quantize(
                colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
            self._last_src, self._last_q = frame, q
        self._frames.append(q)
        self.frames += 1
        self.encode_wait += _time.perf_counter() - t0

    def close(self) -> Path:
        if not self._frames:
            self.out.discard()
            raise RecordError("no frames to write")
        try:
            first, rest = self._frames[0], self._frames[1:]
            first.save(self.out.tmp, format="GIF", save_all=True, append_images=rest,
                       duration=int(round(1000.0 / self.fps)), loop=0, optimize=False, disposal=1)
        except BaseException as exc:
            self.out.discard()
            if isinstance(exc, OSError):
                raise RecordError(f"cannot write {self.out.path}: {exc.strerror or exc}") from None
            raise
        self._frames = []
        return self.out.commit()

    def abort(self) -> None:
        self._frames = []
        self.out.discard()


def open_writer(path, size, fps, preset="veryfast", crf=23):
    fmt = output_format(path)
    if fmt == "mp4":
        return Mp4Writer(path, size, fps, preset=preset, crf=crf)
    return GifWriter(path, size, fps)


def write_image(path, frame: np.ndarray) -> Path:
    """Write a PNG (or JPEG) atomically."""
    from PIL import Image
    fmt = output_format(path, IMAGE_FORMATS)
    out = AtomicPath(path)
    try:
        Image.fromarray(frame).save(out.tmp, format=fmt)
    except BaseException as exc:
        out.discard()
        if isinstance(exc, OSError):
            raise RecordError(f"cannot write {path}: {exc.strerror or exc}") from None
        raise
    return out.commit()


# =========================================================================== progress
class Progress:
    """A one-line text progress bar on a stream (stderr), updated at most ~10 times a second."""

    def __init__(self, total: int, stream=None, enabled: bool | None = None, label: str = "rendering"):
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled, self.total, self.label = enabled, max(1, total), label
        self.start = _time.monotonic()
        self._last = 0.0
        self.n = 0

    def update(self, n: int = 1) -> None:
        self.n += n
        if not self.enabled:
            return
        now = _time.monotonic()
        if now - self._last >= 0.1 or self.n >= self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now) -> None:
        frac = min(1.0, self.n / self.total)
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = self.n / max(1e-6, now - self.start)
        left = (self.total - self.n) / rate if rate > 0 else 0.0
        self.stream.write(f"\r{self.label} [{bar}] {frac * 100:5.1f}% {self.n}/{self.total} frames "
                          f"{rate:5.1f} fps, {left:4.0f} s left ")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self._draw(_time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


# =========================================================================== top level
def record(game, out, options: RecordOptions | None = None, progress: bool | None = None,
           stream=None, painter=None) -> dict:
    """Render ``game`` to ``out`` (.mp4 or .gif).  Returns figures (frames, seconds, ...)."""
    opts = options or RecordOptions()
    output_format(out)
    w, h = opts.size
    rec = Recorder(game, opts, painter=painter)
    if rec.timeline.total == 0:
        raise RecordError("nothing to record: hold and transition give 0 frames")
    try:
        AtomicPath(out).discard()      # a bad output path fails before GL and the encoder start
        rec.painter                    # no GL: fail before the encoder starts
        writer = open_writer(out, (w, h), opts.fps, preset=opts.preset, crf=opts.crf)
    except BaseException:
        rec.close()
        raise
    bar = Progress(rec.timeline.total, stream=stream, enabled=progress)
    t0 = _time.perf_counter()
    try:
        for frame in rec.frames():
            writer.add(frame)
            bar.update()
        path = writer.close()
    except BaseException:
        writer.abort()
        raise
    finally:
        rec.close()
    bar.finish()
    return {"path": str(path), "frames": rec.timeline.total, "unique_frames": rec.unique_frames,
            "seconds": _time.perf_counter() - t0}


def snapshot(game, out, turn: int | None = None, size=DEFAULT_SIZE, view: str | None = None,
             camera: str = "fixed", overlay: bool = True, painter=None) -> Path:
    """A still of the position after ``turn`` (default: the last), with the slicing on its board."""
    output_format(out, IMAGE_FORMATS)
    source = make_source(game)
    n = source.n_turns
    turn = n if turn is None else int(turn)
    if not 0 <= turn <= n:
        raise RecordError(f"turn {turn} is outside 0..{n} (the game has {n} turns)")
    AtomicPath(out).discard()      # check the folder before rendering
    opts = RecordOptions(size=tuple(size), fps=1, hold=1, transition=0, camera=camera, view=view,
                         turns=(turn, turn), overlay=overlay)
    rec = Recorder(game, opts, painter=painter)
    try:
        frame = rec.frame(0)
    finally:
        rec.close()
    return write_image(out, frame)


class LiveCapture:
    """Record frames from the live window to ``path`` (.mp4 or .gif), atomically.

    ``add_frame(rgb)`` takes (H, W, 3) uint8 arrays, top row first.  The video size is the first
    frame's (cropped to even for MP4); later frames of another size are scaled to it.
    ``close()`` finishes and renames the file into place; ``abort()`` (or an exception inside a
    ``with`` block) leaves nothing behind.
    """

    def __init__(self, path, fps: float = 30.0, preset: str = "veryfast", crf: int = 23):
        self.path, self.fps = Path(path), float(fps)
        self.format = output_format(self.path)
        if self.format == "mp4":
            ffmpeg_exe()
        AtomicPath(self.path).discard()     # fail now if the folder is missing or read-only
        self.preset, self.crf = preset, crf
        self._writer = None
        self.size = None
        self.closed = False

    @property
    def frames(self) -> int:
        return self._writer.frames if self._writer is not None else 0

    def add_frame(self, rgb) -> None:
        if self.closed:
            raise RecordError("this capture is closed")
        frame = np.asarray(rgb)
        if frame.ndim != 3 or frame.shape[2] not in (3, 4):
            raise ValueError(f"expected an (H, W, 3) RGB array, got shape {frame.shape}")
        frame = frame[:, :, :3]
        if frame.dtype != np.uint8:
            frame = np.clip(frame, 0, 255).astype(np.uint8)
        if self._writer is None:
            h, w = frame.shape[:2]
            if self.format == "mp4":
                w, h = w - w % 2, h - h % 2
                if w < 2 or h < 2:
                    raise ValueError("frame too small")
            self.size = (w, h)
            self._writer = open_writer(self.path, self.size, self.fps, self.preset, self.crf)
        w, h = self.size
        if frame.shape[:2] != (h, w):
            if frame.shape[0] >= h and frame.shape[1] >= w and frame.shape[0] - h <= 1 and frame.shape[1] - w <= 1:
                frame = frame[:h, :w]
            else:
                from PIL import Image
                frame = np.asarray(Image.fromarray(np.ascontiguousarray(frame)).resize((w, h), Image.BILINEAR))
        try:
            self._writer.add(frame)
        except BaseException:
            self.abort()
            raise

    def close(self) -> Path | None:
        """Finish the file; returns its path (None if no frame was added: nothing is written)."""
        if self.closed:
            return self.path if self._writer is not None else None
        self.closed = True
        if self._writer is None:
            return None
        try:
            return self._writer.close()
        except BaseException:
            self._writer.abort()
            raise

    def abort(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._writer.abort()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        else:
            self.abort()
        return False
