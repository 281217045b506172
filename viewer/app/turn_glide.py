"""The computer's cube-chess turn, gliding in the window: the recorder's animation of the turn's
actions (:mod:`viewer.record.cube_animation`) driven by the controller's injected clock.

The controller marks a turn to show with ``controller.glide = (k, start_time)`` (turn ``k``,
1-based, played at controller time ``start_time``; see :mod:`viewer.ui.computer`); each action
takes :data:`viewer.ui.computer.GLIDE_ACTION_S` seconds.  :class:`TurnGlide` turns that into what
the renderer draws at ``controller.time`` and keeps the board and plane of the moving piece in view.
"""

from __future__ import annotations

from ..cube.in_flight import InFlight, InFlightRenderer
from ..record.cube_animation import CubeAnimator, CubeSource, FrameState, higher_of
from ..record.timeline import ease
from ..ui.computer import GLIDE_ACTION_S


def glide_renderer(ctx):
    """The window's renderer: the viewer's renderer that also draws animated pieces."""
    return InFlightRenderer(ctx)


class TurnGlide:
    """What to draw while the controller's last turn glides (None when nothing glides)."""

    def __init__(self):
        self._cache: tuple | None = None  # (game, k, n_turns) -> (source, animator)

    def _animator(self, game, k: int) -> tuple[CubeSource, CubeAnimator]:
        key = (id(game), k, len(game.turns))
        if self._cache is None or self._cache[0] != key:
            src = CubeSource(game)
            anim = CubeAnimator(src, None, 30.0, None, overlay=False)  # type: ignore[arg-type]  # extras() only
            self._cache = (key, src, anim)
        return self._cache[1], self._cache[2]

    def drawable(self, controller):
        """What the window's renderer draws now: the gliding frame, or the controller's position."""
        fr = self.frame(controller) if getattr(controller, "glide", None) is not None else None
        return fr if fr is not None else InFlight(controller.position, {})

    def frame(self, controller):
        """The position wrapper to render now (pieces in flight included), or None."""
        g = getattr(controller, "glide", None)
        game = controller.game
        if g is None or game is None or g[0] != len(game.turns) or g[0] < 1:
            return None
        k, t0 = g
        src, anim = self._animator(game, k)
        steps = src.steps(k)
        elapsed = controller.time - t0
        i = int(elapsed // GLIDE_ACTION_S)
        if elapsed < 0 or i >= len(steps):
            return None
        step = steps[i]
        u = ease(min(1.0, (elapsed - i * GLIDE_ACTION_S) / GLIDE_ACTION_S))
        where = step.dst if (u >= 0.5 or step.src is None) else step.src
        view = controller.view
        if where is not None:
            view.slicing.set_higher(higher_of(where))
            view.slicing.set_focus(where[2])
        if step.kind == "cut":
            return InFlight(step.after if u >= 0.5 else step.before, {})
        st = FrameState(
            k,
            step.after if u >= 0.5 else step.before,
            step.base,
            higher_of(where) if where is not None else (),
            where[2] if where is not None else 1,
            tracks=step.tracks,
            u=u,
            kind=step.kind,
        )
        return InFlight(step.base, anim.extras(st, view))
