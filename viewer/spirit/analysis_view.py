"""The analysis board over the spirit-chess window (issue 19): sect attacks, captures and formation
zones, the evaluation bar, the best line (the level-up ringed, the path as arrows) and the graph."""

from __future__ import annotations

from typing import Any

from ..ui.analysis_view import AnalysisView


class SpiritAnalysisView(AnalysisView):
    geometry: Any = None  # set by the spirit view each frame: its BoardGeometry

    def cell_size(self, c) -> float:
        return self.geometry.cell if self.geometry is not None else 30.0

    def bar_rect(self, width: int, height: int) -> tuple[float, float, float, float]:
        geo, k = self.geometry, self.layer.scale
        if geo is None:
            return super().bar_rect(width, height)
        ox, oy = geo.origin
        return ox - 48 * k, oy, 12 * k, geo.cell * geo.size[1]

    def status_at(self, width: int, height: int) -> tuple[float, float]:
        return width / 2, height - 12 * self.layer.scale

    def screen(self, c, cell, height: int) -> tuple[tuple[float, float], str]:
        if self.geometry is None:
            raise RuntimeError("the spirit board has not been drawn yet")
        return self.geometry.center(cell), ""

    def turn_cells(self, turn) -> tuple[list, list]:
        return [turn.origin, *turn.path], [turn.levelup]
