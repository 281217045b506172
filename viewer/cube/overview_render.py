"""Drawing the board overview (:mod:`viewer.cube.overview`) with the viewer's renderer.

:class:`OverviewRenderer` is the 3-D :class:`viewer.cube.render.Renderer` (the same instanced
meshes and passes) fed with the overview's scene: each small board is the board mesh placed at
its grid offset; target symbols (``targets``: e.g. a recording's hyper-jump landing) are drawn
on the small boards with the usual shapes.
"""

from __future__ import annotations

import numpy as np

from ..gl.palette import DEFAULT as DEFAULT_PALETTE
from ..gl.palette import Palette
from .overview import Overview, build_overview_scene
from .render import Renderer
from .scene import HIGHLIGHT_MESHES, INSTANCE_FLOATS, LIFT, View
from .target_marks import symbol_rows


def overview_highlights(
    ov: Overview, targets=(), selected=None, pal: Palette = DEFAULT_PALETTE
) -> dict[str, np.ndarray]:
    """Highlight arrays for the overview: ``targets`` = [(kind, full coordinate)], ``selected`` = a
    full coordinate (a white ring), placed on their small boards, in the colours of ``pal``."""
    out: dict[str, list] = {name: [] for name in HIGHLIGHT_MESHES}
    for kind, coord in targets:
        b = ov.board(tuple(coord[3:]))
        if b is None:
            continue
        ox, oy = b.origin
        name, rows = symbol_rows((ox + coord[0] - 0.5, oy + coord[1] - 0.5, LIFT["rings"]), kind, pal.target[kind])
        out[name].extend(rows)
    if selected is not None:
        b = ov.board(tuple(selected[3:]))
        if b is not None:
            ox, oy = b.origin
            out["rings"].append((ox + selected[0] - 1, oy + selected[1] - 1, LIFT["rings"], 1.0, *pal.selected, 1.0))
    return {k: np.asarray(v, np.float32).reshape(-1, INSTANCE_FLOATS) for k, v in out.items()}


class OverviewRenderer(Renderer):
    """Renders an :class:`Overview`: ``render(overview, view)`` (the view gives the camera)."""

    def __init__(self, ctx):
        super().__init__(ctx)
        self.cull_hidden = False  # its plane test assumes one board at the origin
        self.targets: list = []
        self.selected = None
        self._ov_key = None

    def scene_for(self, position, view: View):
        ov = position
        key = (ov.key(), view.palette.name)
        if key != self._ov_key or self.scene is None:
            self.scene = build_overview_scene(ov, pal=view.palette)
            self._ov_key = key
            self._ensure_board(self.scene, ov.rules)
            for (name, p), batch in self._batches.items():
                if name not in HIGHLIGHT_MESHES:
                    batch.upload(self.scene.opaque.get(name) if p == "opaque" else self.scene.translucent.get(name))
            self._sorted_for = None
        return self.scene

    def highlights_for(self, view: View, scene, position) -> dict:
        return overview_highlights(position, self.targets, self.selected, view.palette)

    def render(self, position, view: View, fbo=None, clear: bool = True) -> None:
        if not isinstance(position, Overview):
            raise TypeError(f"OverviewRenderer draws an Overview, not {type(position).__name__}")
        super().render(position, view, fbo=fbo, clear=clear)


__all__ = ["OverviewRenderer", "overview_highlights"]
