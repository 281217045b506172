"""The HUD legend of the target symbols: each kind's SHAPE (as on the board, see
:mod:`viewer.cube.target_marks`) in its colour, rebuilt when the palette changes (pyglet shapes)."""

from __future__ import annotations

from ..gl.palette import DEFAULT as DEFAULT_PALETTE
from ..gl.palette import Palette
from ..ui.panels import rgb255

SIZE = 12


def legend_shapes(pyglet, kind: str, batch, group, pal: Palette = DEFAULT_PALETTE) -> list:
    """pyglet shapes drawing ``kind``'s symbol in a SIZE x SIZE box at (0, 0) (move with ``place``),
    in ``pal``'s colour."""
    col = rgb255(pal.target[kind])
    s, h = pyglet.shapes, SIZE / 2
    if kind == "move":
        return [s.Circle(h, h, h * 0.7, color=col, batch=batch, group=group)]
    if kind == "capture":
        return [s.Box(0, 0, SIZE, SIZE, thickness=2.5, color=col, batch=batch, group=group)]
    if kind == "jump":
        return [
            s.MultiLine(
                (h, 0), (SIZE, h), (h, SIZE), (0, h), closed=True, thickness=2.5, color=col, batch=batch, group=group
            )
        ]
    if kind == "hyperjump":
        return [
            s.MultiLine((0, 1), (SIZE, 1), (h, SIZE), closed=True, thickness=2.5, color=col, batch=batch, group=group)
        ]
    return [s.Arc(h, h, h - 1, thickness=2.5, color=col, batch=batch, group=group)]  # stack: a ring


def place(shapes: list, x: float, y: float) -> None:
    """Move a legend symbol's shapes so its box starts at (x, y)."""
    for shp in shapes:
        base = getattr(shp, "_legend_base", None)
        if base is None:
            base = shp._legend_base = (shp.x, shp.y)
        shp.x, shp.y = base[0] + x, base[1] + y
