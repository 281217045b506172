"""Screen-space arrows, the evaluation bar and the evaluation graph (pyglet shapes; both games).

Everything here is in window pixels (x right, y up, pyglet's convention).  Every arrow drawn is
remembered with the item it stands for, so :meth:`ArrowLayer.pick` answers which threat or which
turn of the best line lies under a pixel (a click names it; the tests pick each drawn threat).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from .panels import SANS

#: colours (RGBA): threats of the side to move / of the other side, decisive ones, the best line
THREAT_NOW = (255, 150, 40, 235)
THREAT_LATER = (120, 190, 255, 220)
THREAT_DECISIVE = (240, 50, 60, 245)
BEST_LINE = (90, 230, 120, 240)
ZONE = (200, 120, 255, 80)


@dataclass
class Hit:
    item: Any
    p0: tuple[float, float]
    p1: tuple[float, float]


def _seg_distance(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    px, py = p
    dx, dy = bx - ax, by - ay
    n = dx * dx + dy * dy
    t = 0.0 if n == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / n))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


class ArrowLayer:
    """Arrows with labels and numbers, rectangles, a bar and a graph, rebuilt per frame."""

    def __init__(self, scale: float = 1.0):
        import pyglet

        self.pyglet = pyglet
        self.batch = pyglet.graphics.Batch()
        self.groups = [pyglet.graphics.Group(order=20 + i) for i in range(3)]
        self.shapes: list = []
        self.hits: list[Hit] = []
        self.graph_rect: tuple | None = None
        self.graph_plies = 0
        self.scale = scale

    def clear(self) -> None:
        for s in self.shapes:
            s.delete()
        self.shapes = []
        self.hits = []
        self.graph_rect = None

    def _keep(self, s):
        self.shapes.append(s)
        return s

    def label(self, text: str, x: float, y: float, rgba=(240, 240, 235, 255), size: float = 10, anchor_x="center"):
        k = self.scale
        lab = self.pyglet.text.Label(
            text,
            font_name=SANS,
            font_size=size * k,
            x=x,
            y=y,
            anchor_x=anchor_x,
            anchor_y="center",
            color=rgba,
            batch=self.batch,
            group=self.groups[2],
        )
        return self._keep(lab)

    def arrow(
        self,
        p0,
        p1,
        rgba,
        *,
        item=None,
        width: float = 4.0,
        label: str = "",
        number: int | None = None,
        head: bool = True,
    ):
        """An arrow p0 -> p1 with a head; ``label`` by the head, ``number`` in a disc at the tail."""
        sh = self.pyglet.shapes
        k = self.scale
        x0, y0 = p0
        x1, y1 = p1
        d = math.hypot(x1 - x0, y1 - y0)
        if d < 1e-6:
            self._keep(sh.Circle(x0, y0, 9 * k, color=rgba, batch=self.batch, group=self.groups[0]))
        else:
            ux, uy = (x1 - x0) / d, (y1 - y0) / d
            hl = min(16 * k, d * 0.45) if head else 0.0
            bx, by = x1 - ux * hl, y1 - uy * hl
            self._keep(sh.Line(x0, y0, bx, by, thickness=width * k, color=rgba, batch=self.batch, group=self.groups[0]))
            w = hl * 0.55
            if head:
                self._keep(
                    sh.Triangle(
                        x1,
                        y1,
                        bx - uy * w,
                        by + ux * w,
                        bx + uy * w,
                        by - ux * w,
                        color=rgba,
                        batch=self.batch,
                        group=self.groups[0],
                    )
                )
        if number is not None:
            self._keep(sh.Circle(x0, y0, 9 * k, color=(20, 24, 30, 235), batch=self.batch, group=self.groups[1]))
            self.label(str(number), x0, y0, rgba=rgba, size=9)
        if label:  # by the head, on the side away from the tail (inside the window)
            right = x1 >= x0
            self.label(
                label,
                x1 + (-8 if right else 8) * k,
                y1 + 14 * k,
                rgba=rgba,
                size=9,
                anchor_x="right" if right else "left",
            )
        if item is not None:
            self.hits.append(Hit(item, (x0, y0), (x1, y1)))

    def box(self, x, y, w, h, rgba, group: int = 0):
        return self._keep(
            self.pyglet.shapes.Rectangle(x, y, w, h, color=rgba, batch=self.batch, group=self.groups[group])
        )

    def ring(self, x, y, r, rgba, item=None):
        self._keep(
            self.pyglet.shapes.Arc(
                x, y, r, thickness=3 * self.scale, color=rgba, batch=self.batch, group=self.groups[0]
            )
        )
        if item is not None:
            self.hits.append(Hit(item, (x, y), (x, y)))

    def eval_bar(self, x: float, y: float, w: float, h: float, white_value: float | None, text: str) -> None:
        """A vertical bar: white's share from the bottom (a logistic of the evaluation), grey while searching."""
        self.box(x - 2, y - 2, w + 4, h + 4, (10, 10, 12, 230))
        if white_value is None:
            self.box(x, y, w, h, (90, 90, 95, 230), 1)
        else:
            frac = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -white_value / 400.0))))  # a won game: 1e6
            self.box(x, y, w, h, (28, 28, 32, 255), 1)
            self.box(x, y, w, h * frac, (236, 236, 228, 255), 1)
            self.box(x, y + h / 2 - 1, w, 2, (200, 60, 60, 255), 2)
        self.label(text, x + w / 2, y + h + 14 * self.scale, size=10)

    def graph(self, x: float, y: float, w: float, h: float, values: list, marks: list, cap: float, cursor: int | None):
        """The evaluation over the game (``values[i]``: white's view after ply i, ``i=0`` the start);
        ``marks``: (ply, rgba) dots; ``cursor``: the ply shown.  A click maps back by :meth:`graph_ply`."""
        sh = self.pyglet.shapes
        self.box(x, y, w, h, (14, 16, 22, 225))
        self.box(x, y + h / 2, w, 1, (120, 120, 120, 200), 1)
        n = max(1, len(values) - 1)

        def px(i, v):
            return x + w * i / n, y + h / 2 + (h / 2 - 3) * max(-1.0, min(1.0, v / cap))

        pts = [px(i, v) for i, v in enumerate(values)]
        for a, b in zip(pts, pts[1:]):
            self._keep(
                sh.Line(
                    *a, *b, thickness=2 * self.scale, color=(120, 170, 240, 255), batch=self.batch, group=self.groups[1]
                )
            )
        for ply, rgba in marks:
            if 0 <= ply < len(pts):
                self._keep(sh.Circle(*pts[ply], 4 * self.scale, color=rgba, batch=self.batch, group=self.groups[2]))
        if cursor is not None and 0 <= cursor < len(pts):
            self.box(pts[cursor][0] - 1, y, 2, h, (255, 214, 90, 220), 2)
        self.graph_rect = (x, y, w, h)
        self.graph_plies = n

    def graph_ply(self, x: float, y: float) -> int | None:
        """The ply (0 = start) under a click on the graph, None outside it."""
        if self.graph_rect is None:
            return None
        gx, gy, gw, gh = self.graph_rect
        if not (gx <= x <= gx + gw and gy <= y <= gy + gh):
            return None
        return int(round((x - gx) / gw * self.graph_plies))

    def pick_all(self, x: float, y: float, tolerance: float = 4.0) -> list:
        """Every item whose arrow passes within ``tolerance`` pixels of (x, y)."""
        out = []
        for h in self.hits:
            if _seg_distance((x, y), h.p0, h.p1) <= tolerance * self.scale and h.item not in out:
                out.append(h.item)
        return out

    def pick(self, x: float, y: float, tolerance: float = 8.0):
        """The item of the arrow nearest to (x, y) within ``tolerance`` pixels (None if none)."""
        best, dist = None, tolerance * self.scale
        for h in self.hits:
            d = _seg_distance((x, y), h.p0, h.p1)
            if d <= dist:
                best, dist = h.item, d
        return best

    def draw(self) -> None:
        self.batch.draw()
