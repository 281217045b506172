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
        ps, b = self.pyglet.shapes, self.batch
        g0, g1 = self.groups
        colw = CELL * 2 + 4
        add = self.items.append
        title = self.pyglet.text.Label(
            f"z columns at y={cols[0][1]} (C18, range {c.observe})",
            font_name=MONO,
            font_size=9,
            anchor_y="top",
            color=TEXT,
            batch=b,
            group=g1,
        )
        add(title)
        w = max(len(cols) * colw + 46, title.content_width + 14)
        h = sz * CELL + 52
        x0, y0 = right - w, top - h
        title.x, title.y = x0 + 6, top - 6
        self.width, self.height = w, h
        self.box = (x0, y0, x0 + w, y0 + h)
        add(ps.Rectangle(x0, y0, w, h, color=PANEL_BG, batch=b, group=g0))
        base_y = y0 + 18
        gx = x0 + 30
        for z in range(1, sz + 1):
            yy = base_y + (z - 1) * CELL
            if z == focus or z in (1, sz):
                add(
                    self.pyglet.text.Label(
                        f"z{z}",
                        font_name=MONO,
                        font_size=7,
                        x=x0 + 4,
                        y=yy + CELL / 2,
                        anchor_y="center",
                        color=TEXT if z == focus else DIM,
                        batch=b,
                        group=g1,
                    )
                )
        add(
            ps.Rectangle(
                gx - 4,
                base_y + (focus - 1) * CELL,
                len(cols) * colw + 4,
                CELL,
                color=(90, 100, 130, 120),
                batch=b,
                group=g0,
            )
        )  # the focused plane
        for i, (x, _y, col) in enumerate(cols):
            cx = gx + i * colw
            filled = dict(col)
            for z in range(1, sz + 1):
                yy = base_y + (z - 1) * CELL
                st = filled.get(z)
                if not st:
                    add(ps.Box(cx, yy + 1, colw - 6, CELL - 2, thickness=1, color=(70, 76, 92, 255), batch=b, group=g1))
                    continue
                side = st[-1].side
                rgb = c.view.palette.side_rgb(side)
                add(ps.Rectangle(cx, yy + 1, colw - 6, CELL - 2, color=rgb255(rgb), batch=b, group=g1))
                ink = (20, 20, 24, 255) if side == "white" else (255, 255, 255, 255)
                add(
                    self.pyglet.text.Label(
                        stack_label(st, c.rules)[:3],
                        font_name=MONO,
                        font_size=7,
                        x=cx + (colw - 6) / 2,
                        y=yy + CELL / 2,
                        anchor_x="center",
                        anchor_y="center",
                        color=ink,
                        batch=b,
                        group=g1,
                    )
                )
            if x == hx:
                add(
                    ps.Box(
                        cx - 2,
                        base_y - 1,
                        colw - 2,
                        sz * CELL + 2,
                        thickness=2,
                        color=(255, 255, 255, 255),
                        batch=b,
                        group=g1,
                    )
                )
            add(
                self.pyglet.text.Label(
                    f"x{x}",
                    font_name=MONO,
                    font_size=7,
                    x=cx + (colw - 6) / 2,
                    y=y0 + 4,
                    anchor_x="center",
                    color=TEXT if x == hx else DIM,
                    batch=b,
                    group=g1,
                )
            )
