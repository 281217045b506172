"""Animation of cube-chess games for recordings (no GL): the actions of each turn as tracks
of moving pieces, and the :class:`FrameState` of every frame (slicing, camera, overlay).

Every state is a function of the frame index only (time ``i / fps``): no wall clock.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..ui.words import ACTION_WORDS, place_text, result_words, short_coords, turn_title
from .camera_paths import HOME, CameraPose, FollowCamera
from .overlay import OverlayText
from .overview_frames import OverviewShot
from .timeline import Timeline, ease, lerp

ACTION_LABELS = ACTION_WORDS  # the one words table (viewer.ui.words)


def _norm(coord) -> tuple:
    c = tuple(int(v) for v in coord)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


def higher_of(coord) -> tuple:
    """The higher indices of a cell (which 3-D board it is on)."""
    return _norm(coord)[3:]


_higher = higher_of


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
        return [((x, y, z) + key, s) for (x, y, z), s in self.board_cells(key)]

    def board_cells(self, higher=(), plane=None):
        """The board's non-empty cells as ((x, y, z), stack), the overrides applied: the
        position's bounded :meth:`~engine.Position.board_cells` and one pass over the overrides."""
        key = _higher((1, 1, 1) + tuple(higher))
        here = {c[:3]: s for c, s in self.overrides.items() if len(c) == 3 + len(key) and c[3:] == key}
        if plane is not None:
            here = {c: s for c, s in here.items() if c[2] == plane}
        out = [(c, s) for c, s in self.base.board_cells(key, plane) if c not in here]
        out.extend((c, s) for c, s in here.items() if s)
        return out


@dataclass
class Track:
    """One piece drawn by the animation (not by the static scene) during an action."""

    piece: object
    c0: tuple  # cell before
    h0: float  # height inside the cell's pile before
    s0: float  # scale before
    c1: tuple
    h1: float
    s1: float
    mode: str  # glide | arc | vertical | hyper | stay | fade_out | capture | fade_in | drop


def _pile(stack, base_h: float = 0.0):
    from ..cube.scene import STACK_GAP, STACK_SCALE, mesh_kind, piece_height

    n = len(stack)
    scale = STACK_SCALE if n > 1 else 1.0
    out, h = [], base_h
    for p in stack:
        out.append([p, h, scale])
        h += (piece_height(mesh_kind(p)) + STACK_GAP) * scale
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
    before: object  # engine Position (preview) before the action
    after: object
    base: _Overlay  # static part of the scene during the action
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
    def animator_place(self, k: int):
        """(higher, z, from, to) of turn ``k``'s last move (the board a still of it shows)."""
        if k < 1:
            return (), 1, None, None
        steps = self.steps(k)
        dst = steps[-1].dst if steps else None
        if dst is None:
            return (), 1, None, None
        turn = self.game.turns[k - 1]
        frm = _norm(turn.origin) if turn.origin is not None else None
        return _higher(dst), dst[2], frm, dst

    def action_count(self, k: int) -> int:
        return len(self.game.turns[k - 1].actions) if k >= 1 else 0

    def notation(self, k: int) -> str:
        """The notation of turn ``k`` alone: the title above it says "Turn k" (viewer.ui.words), and a
        record's move-pair number ("3." for turn 5) under it would count the other way (issue 13, bug 10)."""
        if k < 1:
            return ""
        try:
            return short_coords(self.game.notation(k - 1))  # dimension 10,000 reads in one line
        except Exception:
            return repr(self.game.turns[k - 1])

    def side(self, k: int) -> str:
        return self.positions[k - 1].to_move if k >= 1 else self.positions[0].to_move

    def steps(self, k: int) -> list[CubeStep]:
        if k not in self._steps:
            self._steps[k] = self._build_steps(k)
        return self._steps[k]

    def _build_steps(self, k: int) -> list[CubeStep]:
        from engine import TurnBuilder

        pos, turn, end = self.positions[k - 1], self.game.turns[k - 1], self.positions[k]
        steps = []
        try:
            b = TurnBuilder(pos, turn.origin)
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
                group = tuple(b.group) if b.group is not None else tuple(after.cell(new_at)) if new_at else ()
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
        order = sorted(cells, key=lambda c: (len(c), c))
        p0 = _cell_piles(before, hover0, order)
        p1 = _cell_piles(after, hover1, order)
        tracks = []
        if kind in ("move", "capture", "jump", "hyperjump") and src != dst and group:
            mode = {"move": "arc", "capture": "arc", "jump": "vertical", "hyperjump": "hyper"}[kind]
            a = _take(p0[src], group)
            z = _take(p1[dst], group)
            for e0, e1 in zip(a, z):
                tracks.append(Track(e1[0], src, e0[1], e0[2], dst, e1[1], e1[2], mode))
        for c in order:
            rest0, rest1 = list(p0[c]), list(p1[c])
            for e1 in rest1:
                j = next((i for i, e0 in enumerate(rest0) if e0[0] == e1[0]), None)
                if j is None:
                    tracks.append(
                        Track(e1[0], c, e1[1], e1[2], c, e1[1], e1[2], "drop" if kind == "drop" else "fade_in")
                    )
                else:
                    e0 = rest0.pop(j)
                    tracks.append(Track(e1[0], c, e0[1], e0[2], c, e1[1], e1[2], "stay"))
            for e0 in rest0:
                tracks.append(
                    Track(e0[0], c, e0[1], e0[2], c, e0[1], e0[2], "capture" if kind == "capture" else "fade_out")
                )
        base = _Overlay(before, dict.fromkeys(order, ()))
        return CubeStep(kind, src, dst, before, after, base, tracks)


# =========================================================================== frame states
@dataclass
class FrameState:
    """Everything that decides one frame (hashable ``key``: equal keys -> equal frames)."""

    turn: int
    position: Any  # real engine position (slicing extents, scores)
    base: object  # what the static scene draws
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
    targets: tuple = ()  # ((kind, coords), ...) marks for the destination
    extra_key: tuple = ()
    overview: OverviewShot | None = None  # an OverviewShot: this frame shows the board overview instead

    def key(self) -> tuple:
        if self.overview is not None:
            return ("overview", self.overview.key(), self.overlay.key() if self.overlay else None)
        return (
            id(self.base),
            self.higher,
            self.focus_z,
            round(self.u, 6) if self.tracks else None,
            self.last_from,
            self.last_to,
            self.pose.key() if self.pose else None,
            self.overlay.key() if self.overlay else None,
            self.targets,
            round(self.time, 6) if self.targets else None,
            self.extra_key,
        )


def _board_text(higher, z) -> str:
    return place_text(higher, z)


class CubeAnimator:
    """Frame states of a cube-chess recording (no GL): slicing, tracks, camera, overlay."""

    def __init__(self, source: CubeSource, timeline: Timeline, fps: float, camera, overlay: bool = True):
        from ..cube.scene import Layout

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

    GLIDE = 8  # frames the follow camera takes to glide to the next action (end of a hold)

    def _follow_keys(self):
        """(frame, world target, distance): during each action the camera aims at the middle of
        its source and target, far enough back to show both; it glides to the next aim in the
        last GLIDE frames before that action (held frames stay still: rendered once)."""
        keys = []
        for seg in self.tl.segments:
            if seg.action is None:
                continue
            st = self.src.steps(seg.turn)[seg.action]
            a = self.world(st.src if st.src is not None else st.dst)
            b = self.world(st.dst if st.dst is not None else st.src)
            aim = (a + b) / 2.0
            dist = max(self.camera.pose.distance, 0.9 * float(np.linalg.norm(b - a)) + 9.0)
            if keys:
                start = max(keys[-1][0], seg.start - self.GLIDE)
                if start > keys[-1][0]:
                    keys.append((start, keys[-1][1], keys[-1][2]))
            keys.append((seg.start, aim, dist))
            keys.append((seg.start + seg.frames - 1, aim, dist))
        if not keys:
            _h, z, _f, to = self._hold_place(self.tl.last)
            keys.append((0, self.world(to) if to else np.array(HOME.target), self.camera.pose.distance))
        return keys

    def _follow_at(self, frame: int):
        """(target, distance) of the follow camera at ``frame`` (eased between keys)."""
        keys = self._follow
        assert keys is not None  # a follow camera's keys (set with it)
        frames = [k[0] for k in keys]
        i = bisect.bisect_right(frames, frame)
        if i == 0:
            return tuple(keys[0][1]), keys[0][2]
        if i >= len(keys):
            return tuple(keys[-1][1]), keys[-1][2]
        (f0, a, da), (f1, b, db) = keys[i - 1], keys[i]
        u = ease((frame - f0) / (f1 - f0)) if f1 > f0 else 1.0
        return tuple(lerp(np.asarray(a), np.asarray(b), u)), lerp(da, db, u)

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
            st = FrameState(
                k,
                pos,
                base,
                _higher(where),
                where[2],
                tracks=step.tracks,
                u=u,
                kind=step.kind,
                last_from=step.src,
                time=t,
            )
            if step.dst is not None and step.dst != step.src:
                tk = step.kind if step.kind in ("move", "capture", "jump", "hyperjump") else "move"
                st.targets = ((tk, (step.dst,)),)
            label = f"{ACTION_LABELS.get(step.kind, step.kind)}" + (
                f"  {seg.action + 1}/{self.src.action_count(k)}" if self.src.action_count(k) > 1 else ""
            )
            if step.src is not None and step.dst is not None:
                st.focus_world = tuple(lerp(self.world(step.src), self.world(step.dst), u))
        if self.hyper_overview:
            st.overview = self._hyper_shot(seg, local)
        dist = None
        if self._follow is not None:
            st.focus_world, dist = self._follow_at(frame)
        st.pose = self.camera.pose_at(t, st.focus_world)
        if dist is not None and st.pose is not None:
            st.pose = CameraPose(st.pose.yaw, st.pose.pitch, dist, st.pose.target)
        if self.overlay:
            pos = st.position
            title = turn_title(k, self.src.side(k))
            scores = dict(getattr(pos, "scores", {}) or {})
            result = getattr(pos, "result", None) if seg.action is None else None
            if result is not None:
                who = getattr(result, "winner", None)
                words = result_words(getattr(result, "reason", ""))[0]  # plain words, as in the window
                label = (f"{who} wins" if who else "draw") + (f": {words}" if words else "")
            st.overlay = OverlayText(
                title=title,
                subtitle=self.src.notation(k),
                scores=scores,
                score_label="points",
                footer=_board_text(st.higher, st.focus_z),
                badge=label,
            )
        return st

    # ------------------------------------------------------------------ hyper-jumps: the overview
    #: a hyper-jump cuts to the board overview: its first part shows where the piece leaves and
    #: lands (both boards framed), the rest of it and the first third of the turn's hold show the
    #: grid after the jump, then the 3-D view of the landing board returns
    hyper_overview = True
    OVERVIEW_SPLIT = 0.5

    def _hyper_shot(self, seg, local: int):
        k = seg.turn
        if k < 1:
            return None
        steps = self.src.steps(k)
        if seg.action is None:
            if not steps or steps[-1].kind != "hyperjump" or local >= max(1, seg.frames // 3):
                return None
            step, before = steps[-1], False
        else:
            step = steps[seg.action]
            if step.kind != "hyperjump" or step.src is None or step.dst is None:
                return None
            before = (local + 0.5) / seg.frames < self.OVERVIEW_SPLIT
        src, dst = _norm(step.src), _norm(step.dst)
        if before:
            return OverviewShot(
                step.before,
                _higher(src),
                src[2],
                highlight=(_higher(dst),),
                targets=(("hyperjump", dst),),
                selected=src,
            )
        return OverviewShot(step.after, _higher(dst), dst[2], highlight=(_higher(src),), selected=dst)

    # ------------------------------------------------------------------ tracks -> instances
    def extras(self, st: FrameState, view) -> dict:
        """kind -> (opaque rows, translucent rows) of the animated pieces at ``st.u``."""
        from ..cube.scene import mesh_kind

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
                p = lerp(p0, p1, u)
                scale = lerp(tr.s0, tr.s1, u)
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
            kind = mesh_kind(tr.piece)
            side = getattr(tr.piece, "side", "white")
            rgb = view.palette.side_rgb(side)
            facing = -1.0 if side == "black" else 1.0
            row = (p[0], p[1], p[2], scale * facing, rgb[0], rgb[1], rgb[2], min(alpha, 1.0))
            out.setdefault(kind, ([], []))[0 if alpha >= 0.999 else 1].append(row)
        return {
            k: (np.asarray(o, np.float32).reshape(-1, 8), np.asarray(t, np.float32).reshape(-1, 8))
            for k, (o, t) in out.items()
        }
