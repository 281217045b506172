"""Where a test clicks to reach a cell the way a player does: on something the window draws for that
cell (imported by test modules as ``click_points``).

A cell's floor centre may be hidden behind a taller piece standing in front of it; the window then
picks that piece, as the player sees it (issue 16: picking by what is drawn).  A player aims at the
piece they want instead, so :func:`shown_pixel` tries the floor centre, then points on the cell's
pile and floor, and returns the first pixel the window resolves to that cell.
"""

from __future__ import annotations

import numpy as np

from viewer.cube.scene import pile_height

#: points tried, in cell units from the floor centre: (dx, dy, fraction of the pile height)
_TRIES = [
    (0.0, 0.0, 0.0),
    (0.0, 0.0, 0.5),
    (0.0, 0.0, 0.8),
    (0.0, 0.0, 0.3),
    (0.0, 0.3, 0.0),
    (0.3, 0.3, 0.0),
    (-0.3, 0.3, 0.0),
]


def shown_pixel(c, coord, delta: int = 0) -> tuple[float, float]:
    """A pixel (x right, y down) where the cube controller ``c`` shows ``coord``: ``c.pick_shown``
    gives that cell there.  Falls back to the floor centre (the caller's assertion then fails)."""
    lay = c.view.layout(c.rules)
    centre = lay.cell_center(coord[0], coord[1], coord[2], delta)
    stack = c.position.cell(tuple(coord)) if delta == 0 else ()
    h = pile_height(stack)
    first = None
    for dx, dy, f in _TRIES:
        if f and not h:
            continue
        px, py = c.view.camera.project(centre + np.array([dx, dy, f * h]))
        first = first or (px, py)
        got = c.pick_shown(px, py)
        if got is not None and tuple(got) == tuple(coord):
            return px, py
    return first
