"""GL painter of cube-chess recordings: the viewer's renderer (headless EGL) plus the animated
pieces of a :class:`viewer.record.cube_animation.FrameState`, then read-back of the frame."""

from __future__ import annotations

import time as _time

import numpy as np

from ..cube.in_flight import InFlight, InFlightRenderer
from .camera_paths import HOME
from .cube_animation import CubeAnimator, FrameState
from .errors import RecordError

#: the former private names of what is now public in viewer/cube/in_flight.py
_FramePosition = InFlight


def _anim_renderer_class():
    return InFlightRenderer


class CubePainter:
    """Draws :class:`FrameState` s with the viewer's GL renderer (headless EGL)."""

    def __init__(self, width: int, height: int, ctx=None):
        try:
            from ..cube.render import OffscreenRenderer
        except ImportError as exc:
            raise RecordError(f"the GL renderer cannot be loaded: {exc}") from None
        from ..cube.scene import View

        try:
            self.off = OffscreenRenderer(width, height, ctx=ctx)
        except Exception as exc:
            raise RecordError(
                f"no headless OpenGL for rendering ({type(exc).__name__}: "
                f"{str(exc).splitlines()[0] if str(exc) else ''})"
            ) from None
        old = self.off.renderer
        self.off.renderer = InFlightRenderer(self.off.ctx)
        old.release()
        self.view = View()
        self.view.slicing.size_z = 16
        # the planes above the action lie between the camera and it: not drawn in recordings
        self.view.above_factor = 0.0
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
        self.off.draw(InFlight(st.base, extras), view)
        self.render_seconds += _time.perf_counter() - t0

    def read(self) -> np.ndarray:
        t0 = _time.perf_counter()
        frame = self.off.read()
        self.read_seconds += _time.perf_counter() - t0
        return frame

    def paint(self, st: FrameState, animator) -> np.ndarray:
        if getattr(st, "overview", None) is not None:
            return self.overview_painter().paint(st.overview)
        self.draw(st, animator)
        return self.read()

    def overview_painter(self):
        """The board overview's painter (same size, same GL context), made on first use."""
        if getattr(self, "_overview", None) is None:
            from .overview_frames import OverviewPainter

            self._overview = OverviewPainter(self.width, self.height, ctx=self.off.ctx)
        return self._overview

    def release(self) -> None:
        if getattr(self, "_overview", None) is not None:
            self._overview.release()
            self._overview = None
        self.off.release()
