"""The observation view (O, rule C18) as a picture: a side view of the z columns.

Seen from white's side, the columns of the hovered row (x - range .. x + range at the hovered
y) stand side by side, plane z = 1 at the bottom and z = 16 at the top; each occupied cell is a
square in its side's colour with the piece's letter (a stack: the letters of its members, bottom
first), the focused plane is marked on the left and the hovered column is framed.

:func:`observe_columns` is the GL-free model; :class:`ObservePicture` draws it with pyglet shapes
and labels (one batch, rebuilt only when what it shows changes).
"""

from __future__ import annotations

from ..ui.panels import DIM, MONO, PANEL_BG, TEXT, rgb255

BASE_CELL = 15  # pixels per cell of the picture (smaller when the window has less room)


def observe_columns(c) -> list[tuple[int, int, list]]:
    """[(x, y, [(z, stack), ...])] of the hovered row (the picture's columns), or [] when off."""
    obs = c.observation() if getattr(c, "observe", None) is not None else []
    if not obs or c.hovered is None:
        return []
    hy = c.hovered[1]
    return [(x, y, col) for x, y, col in obs if y == hy]


def stack_label(stack, rules) -> str:
    """The letters of a stack's members, bottom first, as the ruleset writes them (the notation's)."""
    return "".join(rules.pieces[p.type].letter if p.type in rules.pieces else p.type[:1].upper() for p in stack)


class ObservePicture:
    """Draws :func:`observe_columns` in a panel whose top-right corner is at (x, y)."""

    def __init__(self, batch, groups):
        import pyglet

        self.pyglet = pyglet
        self.batch, self.groups = batch, groups
        self.items: list = []
        self._key = None
        self.width = self.height = 0
        self.box: tuple | None = None  # (x0, y0, x1, y1) in window pixels while shown

    def clear(self) -> None:
        for it in self.items:
            it.delete()
        self.items = []
        self._key = None
        self.box = None

    def update(self, c, right: float, top: float, room: float | None = None) -> None:
        """Draw the picture with its top-right corner at (right, top), at most ``room`` pixels high."""
        cols = observe_columns(c)
        if not cols:
            self.clear()
            return
        sz = c.rules.size[2]
        CELL = BASE_CELL if room is None else min(BASE_CELL, int((room - 52) // max(1, sz)))
        if CELL < 5:  # no room for a readable picture: leave it out
            self.clear()
            return
        focus = c.view.slicing.focus_z
        hx = c.hovered[0]
        key = (
            tuple((x, y, tuple((z, tuple((p.type, p.side) for p in st)) for z, st in col)) for x, y, col in cols),
            focus,
            hx,
            right,
            top,
            c.observe,
            c.view.palette.name,
            CELL,
        )
        if key == self._key:
            return
        self.clear()
        self._key = key
        x0, y0 = self._panel(c, cols, right, top, CELL)
        base_y, gx, colw = y0 + 18, x0 + 30, CELL * 2 + 4
        for z in range(1, sz + 1):
            if z == focus or z in (1, sz):
                yy = base_y + (z - 1) * CELL
                self._label(f"z{z}", x0 + 4, yy + CELL / 2, TEXT if z == focus else DIM, anchor_y="center")
        self.items.append(
            self.pyglet.shapes.Rectangle(
                gx - 4,
                base_y + (focus - 1) * CELL,
                len(cols) * colw + 4,
                CELL,
                color=(90, 100, 130, 120),
                batch=self.batch,
                group=self.groups[0],
            )
        )  # the focused plane
        for i, (x, _y, col) in enumerate(cols):
            self._column(c, gx + i * colw, base_y, colw, CELL, col)
            if x == hx:  # the hovered column, framed
                self.items.append(
                    self.pyglet.shapes.Box(
                        gx + i * colw - 2,
                        base_y - 1,
                        colw - 2,
                        sz * CELL + 2,
                        thickness=2,
                        color=(255, 255, 255, 255),
                        batch=self.batch,
                        group=self.groups[1],
                    )
                )
            self._label(f"x{x}", gx + i * colw + (colw - 6) / 2, y0 + 4, TEXT if x == hx else DIM, anchor_x="center")

    def _label(self, text: str, x: float, y: float, color, size: int = 7, **anchors) -> None:
        self.items.append(
            self.pyglet.text.Label(
                text,
                font_name=MONO,
                font_size=size,
                x=x,
                y=y,
                color=color,
                batch=self.batch,
                group=self.groups[1],
                **anchors,
            )
        )

    def _panel(self, c, cols: list, right: float, top: float, cell: int) -> tuple[float, float]:
        """The title and the backing, sized to the columns; returns the panel's bottom-left corner."""
        sz = c.rules.size[2]
        title = self.pyglet.text.Label(
            f"z columns at y={cols[0][1]} (C18, range {c.observe})",
            font_name=MONO,
            font_size=9,
            anchor_y="top",
            color=TEXT,
            batch=self.batch,
            group=self.groups[1],
        )
        self.items.append(title)
        w = max(len(cols) * (cell * 2 + 4) + 46, title.content_width + 14)
        h = sz * cell + 52
        x0, y0 = right - w, top - h
        title.x, title.y = x0 + 6, top - 6
        self.width, self.height = w, h
        self.box = (x0, y0, x0 + w, y0 + h)
        self.items.append(
            self.pyglet.shapes.Rectangle(x0, y0, w, h, color=PANEL_BG, batch=self.batch, group=self.groups[0])
        )
        return x0, y0

    def _column(self, c, cx: float, base_y: float, colw: int, cell: int, col: list) -> None:
        """One z column: an outline per empty cell, a square in its side's colour with the letters
        of each occupied one."""
        ps, b, g1 = self.pyglet.shapes, self.batch, self.groups[1]
        filled = dict(col)
        for z in range(1, c.rules.size[2] + 1):
            yy = base_y + (z - 1) * cell
            st = filled.get(z)
            if not st:
                self.items.append(
                    ps.Box(cx, yy + 1, colw - 6, cell - 2, thickness=1, color=(70, 76, 92, 255), batch=b, group=g1)
                )
                continue
            side = st[-1].side
            rgb = c.view.palette.side_rgb(side)
            self.items.append(ps.Rectangle(cx, yy + 1, colw - 6, cell - 2, color=rgb255(rgb), batch=b, group=g1))
            ink = (20, 20, 24, 255) if side == "white" else (255, 255, 255, 255)
            self._label(
                stack_label(st, c.rules)[:3],
                cx + (colw - 6) / 2,
                yy + cell / 2,
                ink,
                anchor_x="center",
                anchor_y="center",
            )
