"""Text of the board overview in the window: its title, the navigator list, a caption per small
board and the message line (pyglet labels in one batch; the texts come from
:mod:`viewer.cube.overview`)."""

from __future__ import annotations

from ..ui.panels import DIM, LEVEL_COLOR, MONO, SANS, TEXT, Panel


def overview_title(c) -> str:
    ov = c.overview()
    d0, d1 = ov.dims
    return (
        f"BOARD OVERVIEW   dimension {d0} across ->, dimension {d1} up   plane z={ov.focus_z}\n"
        f"framed: the board you were on.  Click a board or press 1-9 (list) to go there;  "
        f"Tab: other dimensions;  V / Esc: back"
    )


class OverviewHud:
    """The overview's overlays; ``update(controller, width, height)`` then ``draw()``."""

    def __init__(self):
        import pyglet

        self.pyglet = pyglet
        self.batch = pyglet.graphics.Batch()
        g0, g1 = pyglet.graphics.Group(order=0), pyglet.graphics.Group(order=1)
        self.groups = (g0, g1)
        self.title = Panel(self.batch, self.groups, size=11, width=900)
        self.nav = Panel(self.batch, self.groups, size=10, anchor="top-right", width=420)
        self.message = Panel(self.batch, self.groups, font=SANS, size=12, anchor="bottom-left", width=1000)
        self.captions: list = []

    def update(self, c, width: int, height: int) -> None:
        ov = c.overview()
        self.title.set(overview_title(c), 14, height - 12)
        self.nav.set("\n".join(ov.navigator_lines(limit=9)), width - 14, height - 12)
        self.message.set(c.message.text, 14, 14, LEVEL_COLOR.get(c.message.level, TEXT))
        labels = ov.labels(c.overview_camera)
        while len(self.captions) < len(labels):
            self.captions.append(
                self.pyglet.text.Label(
                    "",
                    font_name=MONO,
                    font_size=10,
                    anchor_x="center",
                    anchor_y="bottom",
                    multiline=True,  # name, then the counts (issue 16: no run-in labels)
                    width=240,
                    align="center",
                    batch=self.batch,
                    group=self.groups[1],
                )
            )
        for lab, (px, py, text, current) in zip(self.captions, labels):
            lab.text, lab.x, lab.y = text, int(px), int(height - py)
            lab.color = TEXT if current else DIM
            lab.visible = True
        for lab in self.captions[len(labels) :]:
            lab.visible = False

    def draw(self) -> None:
        self.batch.draw()
