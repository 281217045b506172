"""Pieces in flight: pieces drawn between cells while a turn glides.

A :class:`InFlight` position wraps the position the board shows (``base``) with the moving pieces
(``extras``: mesh name -> (opaque rows, translucent rows) of instance data); the
:class:`InFlightRenderer` draws the static scene of ``base`` (cached) plus those rows.  The window
uses it for the computer's gliding turn (``viewer/app/turn_glide.py``) and the recorder for every
animated turn (``viewer/record/cube_painter.py``).
"""

from __future__ import annotations

import numpy as np

from .render import Renderer
from .scene import INSTANCE_FLOATS, Scene

__all__ = ["InFlight", "InFlightRenderer"]


class InFlight:
    """A position to draw: ``base`` with the pieces in flight ``extras`` added."""

    def __init__(self, base, extras):
        self.base, self.extras, self.rules = base, extras, base.rules


class InFlightRenderer(Renderer):
    """The board renderer plus pieces in flight (``position.extras``: per mesh, opaque and
    translucent instance rows) over a cached static scene."""

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
        return Scene(opaque=scene.opaque, translucent=trans, layout=scene.layout, piece_count=scene.piece_count)
