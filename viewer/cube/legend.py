"""The on-screen legend of the cube-chess board (L toggles it): what the colours, lines, frames and
faded planes mean.

:data:`LEGEND_ROWS` is plain data (swatch kind, colour, words) — testable without a display;
:class:`Legend` draws it as a small panel with pyglet shapes and labels (bottom right, above the
sliders).
"""

from __future__ import annotations

from typing import Any

from ..gl.palette import DEFAULT as DEFAULT_PALETTE
from ..gl.palette import Palette
from ..ui.panels import DIM, PANEL_BG, SANS, TEXT, rgb255

#: (swatch, colour (a field of viewer.gl.palette.Palette, upper-case, read when the panel is built), words); swatch: "fill" square, "line" stripe, "frame" outline,
#: "faded" a faint square, "tick" a slider marker
LEGEND_ROWS: list[tuple[str, str, str]] = [
    ("fill", "GREEN", "green area: the main battlefield (hiring a piece here costs 1 more)"),
    ("fill", "TILE", "grey squares: outside it; crowded pawns fill the first and last 3 ranks"),
    ("line", "RED_LINE", "red lines: the end of each side's setup rows"),
    ("line", "PROMOTION_LINE", "dashed gold lines: promotion - a pawn past the far one may promote (P)"),
    ("none", "TILE", "symbols (names at the top): dot move, square capture, diamond 3-D jump,"),
    ("none", "TILE", "    triangle hyper-jump, ring stack onto your own pieces (S)"),
    ("frame", "SELECTED", "ring: the piece you selected; the square under the mouse"),
    ("frame", "LAST_TO", "orange floor marks: the last turn (from, to)"),
    ("faded", "TILE", "faded planes: the other planes (z) of this board; Z/X focus one"),
    ("faded", "GHOST_TILE", "blue-grey boards (G): the neighbouring boards of the active dimension"),
    ("tick", "TICK", "yellow ticks on a slider: boards where pieces stand"),
]

ROW_H = 18
SWATCH = 12


class Legend:
    """The legend panel: built once, shown or hidden, placed bottom-right above the sliders."""

    def __init__(self, batch, groups, pal: Palette = DEFAULT_PALETTE):
        import pyglet

        g0, g1 = groups
        self.palette = pal
        self.bg = pyglet.shapes.Rectangle(0, 0, 1, 1, color=PANEL_BG, batch=batch, group=g0)
        self.title = pyglet.text.Label(
            "LEGEND  (L hides)", font_name=SANS, font_size=10, batch=batch, group=g1, color=DIM, anchor_y="bottom"
        )
        self.rows: list[tuple[str, list, Any]] = []
        for kind, rgb, text in LEGEND_ROWS:
            shapes = self._swatch(pyglet, kind, rgb, batch, g1, pal)
            label = pyglet.text.Label(
                text, font_name=SANS, font_size=10, batch=batch, group=g1, color=TEXT, anchor_y="bottom"
            )
            self.rows.append((kind, shapes, label))
        self.visible: tuple | None = None
        self.width = 24 + max(lab.content_width for _k, _s, lab in self.rows) + SWATCH
        self.height = ROW_H * (len(self.rows) + 1) + 14

    @staticmethod
    def _swatch(pyglet, kind, name, batch, group, pal: Palette) -> list:
        rgb = (1.0, 0.78, 0.24) if name == "TICK" else getattr(pal, name.lower())
        col = rgb255(rgb)
        if kind == "none":
            return []
        R = pyglet.shapes.Rectangle
        if kind == "fill":
            return [R(0, 0, SWATCH, SWATCH, color=col, batch=batch, group=group)]
        if kind == "line":
            return [R(0, 0, SWATCH, 3, color=col, batch=batch, group=group)]
        if kind == "faded":
            return [R(0, 0, SWATCH, SWATCH, color=rgb255(rgb, 90), batch=batch, group=group)]
        if kind == "tick":
            return [R(0, 0, 4, SWATCH, color=col, batch=batch, group=group)]
        return [
            R(0, 0, SWATCH, 2, color=col, batch=batch, group=group),  # frame: four thin sides
            R(0, 0, SWATCH, 2, color=col, batch=batch, group=group),
            R(0, 0, 2, SWATCH, color=col, batch=batch, group=group),
            R(0, 0, 2, SWATCH, color=col, batch=batch, group=group),
        ]

    def delete(self) -> None:
        """Remove the panel's shapes and labels from their batch."""
        parts: list[Any] = [self.bg, self.title] + [s for _k, shapes, lab in self.rows for s in (*shapes, lab)]
        for part in parts:
            part.delete()

    def update(self, visible: bool, right: float, bottom: float) -> None:
        """Show (at the panel's bottom-right corner ``right``, ``bottom``) or hide the legend."""
        visible = bool(visible)
        key = (visible, right, bottom)
        if key == self.visible:
            return
        self.visible = key
        parts: list[Any] = [self.bg, self.title] + [s for _k, shapes, lab in self.rows for s in (*shapes, lab)]
        for part in parts:
            part.visible = visible
        if not visible:
            return
        x0 = right - self.width
        self.bg.x, self.bg.y, self.bg.width, self.bg.height = x0 - 8, bottom, self.width + 16, self.height
        y = bottom + self.height - ROW_H - 4
        self.title.x, self.title.y = x0, y
        for kind, shapes, lab in self.rows:
            y -= ROW_H
            sx, sy = x0, y + 1
            if kind == "frame":
                top, bot, left, rgt = shapes
                top.x, top.y = sx, sy + SWATCH - 2
                bot.x, bot.y = sx, sy
                left.x, left.y = sx, sy
                rgt.x, rgt.y = sx + SWATCH - 2, sy
            elif kind == "line":
                shapes[0].x, shapes[0].y = sx, sy + SWATCH / 2 - 1
            elif kind == "tick":
                shapes[0].x, shapes[0].y = sx + SWATCH / 2 - 2, sy
            elif shapes:
                shapes[0].x, shapes[0].y = sx, sy
            lab.x, lab.y = x0 + SWATCH + 8, y
