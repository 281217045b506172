"""The analysis board over the cube-chess window (issue 19): threat arrows, the evaluation bar, the
best line as numbered arrows and the game graph (shared drawing: :mod:`viewer.ui.analysis_view`).

A cell of the board shown is projected through the camera (its plane's height).  A cell of another
3-D board is drawn where that board's ghost lies (one board width to the left or right along x, as
the G ghosts are: right when the first differing higher index is larger), so an arrow *leaves the
board* toward the board it comes from or goes to, labelled with that board (``board w5=4``).
"""

from __future__ import annotations

from engine.analysis import board_label

from ..ui.analysis_view import AnalysisView


def cell_pixel(view, rules, coord) -> tuple[tuple[float, float], str]:
    """Pixel (y down) of a cell seen through ``view``'s camera, and its board's label when it is not
    the board shown: a cell of another board lies where that board's ghost would be (G), one board
    width to the right when its first differing higher index is larger, else to the left."""
    slicing = view.slicing
    delta = slicing.board_of(coord)
    label = ""
    if delta is None or delta != 0:
        label = board_label(coord)
        if delta is None:
            shown = (1, 1, 1) + tuple(slicing.higher())
            full = tuple(coord) + (1,) * max(0, len(shown) - len(coord))
            shown = shown + (1,) * max(0, len(full) - len(shown))
            diff = [i for i in range(3, len(full)) if full[i] != shown[i]]
            delta = 1 if diff and full[diff[0]] > shown[diff[0]] else -1
    world = view.layout(rules).cell_center(coord[0], coord[1], coord[2], delta)
    world[2] += 0.35
    return view.camera.project(world), label


class CubeAnalysisView(AnalysisView):
    """In the board overview (V) the same threats run between the small boards of the grid (a
    board outside the grid: the threat is left out there)."""

    def cell_size(self, c) -> float:
        return 18.0 * self.layer.scale

    def screen(self, c, coord, height: int):
        """Window pixel (y up) of a cell, and the label of its board when it is not the one shown
        (None: not drawable here)."""
        if getattr(c, "overview_on", False):
            ov = c.overview()
            b = ov.board(tuple(coord[3:]))
            if b is None:
                return None
            px, py = c.overview_camera.project((b.origin[0] + coord[0] - 0.5, b.origin[1] + coord[1] - 0.5, 0.3))
            return (px, height - py), ""
        (px, py), label = cell_pixel(c.view, c.rules, coord)
        return (px, height - py), label

    def turn_cells(self, turn) -> tuple[list, list]:
        cells = [] if turn.origin is None else [turn.origin]
        cells += [a.to for a in turn.actions if isinstance(getattr(a, "to", None), tuple)]
        return cells, []
