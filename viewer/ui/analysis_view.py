"""What both games' analysis views share (issue 19): the threat arrows, the evaluation bar, the
status line, the game graph, hovering and clicking.  A game's view supplies :meth:`screen` (a cell
to a window pixel, and the label of its board when it is not the one shown) and :meth:`turn_cells`
(the cells a turn of the best line passes)."""

from __future__ import annotations

from engine.analysis.report import thresholds

from .analysis_board import AnalysisBoard, format_eval, shown_position, shown_turn
from .arrows import BEST_LINE, THREAT_DECISIVE, THREAT_LATER, THREAT_NOW, ZONE, ArrowLayer

CLASS_RGBA = {"inaccuracy": (230, 180, 0, 255), "mistake": (224, 112, 0, 255), "blunder": (220, 40, 40, 255)}


def threat_colour(t) -> tuple:
    if t.decisive:
        return THREAT_DECISIVE
    return THREAT_NOW if t.now else THREAT_LATER


SIDE_OFFSET_PX = 3.0


def _shifted(p0, p1, d: float) -> tuple:
    """The segment p0 -> p1 moved ``d`` pixels sideways (to the left of the segment's direction
    taken from its lower-left end, so two arrows along one line in opposite senses part)."""
    import math

    if tuple(p1) < tuple(p0):
        d = -d
    n = math.hypot(p1[0] - p0[0], p1[1] - p0[1])
    if n < 1e-6:
        return p0, p1
    ox, oy = -(p1[1] - p0[1]) / n * d, (p1[0] - p0[0]) / n * d
    return (p0[0] + ox, p0[1] + oy), (p1[0] + ox, p1[1] + oy)


def _clip(a, b, x0, x1, y0, y1) -> tuple[float, float]:
    """The point of segment a -> b where it leaves the rectangle (b itself when inside)."""
    t = 1.0
    for i, (lo, hi) in enumerate(((x0, x1), (y0, y1))):
        d = b[i] - a[i]
        if d > 0 and b[i] > hi:
            t = min(t, (hi - a[i]) / d)
        elif d < 0 and b[i] < lo:
            t = min(t, (lo - a[i]) / d)
    t = max(0.0, t)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


class AnalysisView:
    """Draws an :class:`AnalysisBoard` over a game's board; remembers what it drew for picking."""

    def __init__(self, board: AnalysisBoard, scale: float = 1.0):
        self.board = board
        self.layer = ArrowLayer(scale)
        self.drawn_threats: list = []
        self._hovered = None
        self._size = (1280, 800)

    # -- per game ----------------------------------------------------------------------------
    def screen(self, c, cell, height: int) -> tuple[tuple[float, float], str]:  # pragma: no cover
        raise NotImplementedError

    def turn_cells(self, turn) -> tuple[list, list]:  # pragma: no cover
        """(cells the turn's piece passes, extra cells to ring) of a turn of the best line."""
        raise NotImplementedError

    def cell_size(self, c) -> float:
        return 20.0 * self.layer.scale

    def hidden(self, c) -> bool:
        return False

    def bar_rect(self, width: int, height: int) -> tuple[float, float, float, float]:
        """Where the evaluation bar goes (x, y, w, h; pyglet pixels)."""
        k = self.layer.scale
        return 3 * k, height * 0.25, 10 * k, height * 0.45

    def status_at(self, width: int, height: int) -> tuple[float, float]:
        """The centre of the analysis line (evaluation, best line, progress)."""
        x, _y, w, _h = self.graph_rect(width, height)
        return x + w / 2, 150 * self.layer.scale

    def graph_rect(self, width: int, height: int) -> tuple[float, float, float, float]:
        """The game graph: bottom, clear of the message line and of the sliders (bottom right)."""
        k = self.layer.scale
        w, h = 320 * k, 70 * k
        right = width - min(360 * k, width * 0.3) - 150 * k  # the sliders and their play buttons
        return max(14 * k, min(width / 2 - w / 2, right - w)), 64 * k, w, h

    # -- drawing ---------------------------------------------------------------------------
    def points(self, c, cells, height: int) -> list:
        """[(pixel, board label)] of cells; a point off the board shown is pulled back along its
        segment to the window's edge (so the arrow leaves the board toward it, label readable)."""
        pts: list = []
        for cell in cells:  # consecutive cells on one other board: the arrow leaves toward it once
            found = self.screen(c, cell, height)
            if found is None:
                return []
            p, label = found
            if pts and label and pts[-1][1] == label:
                pts[-1] = (p, label)
            else:
                pts.append((p, label))
        w, h = self._size
        m = 70 * self.layer.scale
        out = []
        for i, (p, label) in enumerate(pts):
            if label:
                # the nearest point of the chain that lies on the board shown
                near = next((q for q, lab in pts[i + 1 :] + pts[:i][::-1] if not lab), None)
                if near is not None:
                    p = _clip(near, p, m, w - m, m, h - m)
            out.append((p, label))
        return out

    def update(self, c, width: int, height: int, scale: float) -> None:
        lay = self.layer
        self._size = (width, height)
        lay.scale = scale
        lay.clear()
        self.drawn_threats = []
        pos = shown_position(c)
        if pos is None or self.hidden(c):
            return
        for t in self.board.threats_of(pos):
            self._threat(c, t, height)
        if self.board.board_on:
            self._best_line(c, pos, height)
            wv = self.board.white_value(pos)
            bx, by, bw, bh = self.bar_rect(width, height)
            lay.eval_bar(bx, by, bw, bh, wv, "")
            lay.label("..." if wv is None else format_eval(wv), bx, by + bh + 12 * scale, size=10, anchor_x="left")
        status = self.board.status(pos, shown_turn(c)) if not getattr(c, "overview_on", False) else ""
        if status:
            sx, sy = self.status_at(width, height)
            lay.label(status, sx, sy, rgba=(200, 235, 205, 255), size=10)
        self._graph(c, width, height, scale)

    def _threat(self, c, t, height) -> None:
        rgba = threat_colour(t)
        if t.cells:  # a zone: its squares shaded, the formation ringed
            half = self.cell_size(c) / 2
            for cell in t.cells:
                (x, y), _ = self.screen(c, cell, height)  # spirit chess: always on the board
                self.layer.box(x - half, y - half, 2 * half, 2 * half, ZONE)
            (x, y), _ = self.screen(c, t.frm, height)
            self.layer.ring(x, y, half * 1.1, rgba, item=t)
            self.drawn_threats.append(t)
            return
        pts = self.points(c, (t.frm, *t.via, t.to), height)
        if not pts:
            return
        side = SIDE_OFFSET_PX * self.layer.scale * (1 if t.side == "white" else -1)
        for (p0, _l0), (p1, l1) in zip(pts, pts[1:]):
            # the two sides' arrows along one line (mutual attacks, a facing line) lie side by side
            p0, p1 = _shifted(p0, p1, side)
            self.layer.arrow(p0, p1, rgba, item=t, label=l1)
        if pts[0][1]:
            p0 = pts[0][0]
            self.layer.label("from " + pts[0][1], p0[0], p0[1] - 14 * self.layer.scale, rgba=rgba, size=9)
        self.drawn_threats.append(t)

    def _best_line(self, c, pos, height) -> None:
        e = self.board.evaluation_for(pos)
        if e is None:
            return
        for i, turn in enumerate(e.evaluation.line[:3]):
            cells, rings = self.turn_cells(turn)
            rgba = (*BEST_LINE[:3], 240 - 50 * i)
            for cell in rings:
                found = self.screen(c, cell, height)
                if found is not None:
                    self.layer.ring(*found[0], self.cell_size(c) * 0.6, rgba, item=("best", i))
            pts = self.points(c, cells, height)
            if len(pts) == 1:
                self.layer.arrow(pts[0][0], pts[0][0], rgba, item=("best", i), number=i + 1, label=pts[0][1])
            for j, ((p0, _l0), (p1, l1)) in enumerate(zip(pts, pts[1:])):
                last = j == len(pts) - 2
                self.layer.arrow(
                    p0,
                    p1,
                    rgba,
                    item=("best", i),
                    width=5.0,
                    label=l1,
                    number=i + 1 if j == 0 else None,
                    head=last,
                )

    def _graph(self, c, width, height, scale) -> None:
        rep = self.board.report
        if rep is None or getattr(c, "game", None) is not self.board._game_for:
            return
        values = [rep.start] + [t.white for t in rep.turns]
        marks = [(t.ply + 1, CLASS_RGBA[t.cls]) for t in rep.turns if t.cls]
        cursor = c.review.ply if getattr(c, "reviewing", False) else len(rep.turns)
        cap = float(thresholds()[rep.kind]["cap"])
        self.layer.graph(*self.graph_rect(width, height), values, marks, cap, cursor)

    def draw(self) -> None:
        self.layer.draw()

    # -- input -----------------------------------------------------------------------------
    def click(self, c, x: float, y: float) -> bool:
        """A click on the graph reviews that turn (True: the click is used)."""
        ply = self.layer.graph_ply(x, y)
        if ply is not None:
            c.review_goto(ply)
            return True
        return False

    def hover(self, c, x: float, y: float) -> None:
        """The mouse over an arrow: its words in the message line (once per arrow)."""
        item = self.layer.pick(x, y)
        if item is None or item == self._hovered:
            self._hovered = item
            return
        self._hovered = item
        if isinstance(item, tuple):
            e = self.board.evaluation_for(shown_position(c))
            words = e.line[item[1]] if e is not None and item[1] < len(e.line) else ""
            c.say(f"Best line, turn {item[1] + 1}: {words}")
        else:
            c.say(item.words)


# -- the hooks each game's window view calls (a few lines in the window's own code) -----------------
def attach_board(controller, executor=None) -> AnalysisBoard:
    """A fresh :class:`AnalysisBoard` for a controller (its worker starts on first use); the move
    list shows ?! ? ?? once the game is analysed.  ``controller.analysis_executor`` (tests: an
    ``InlineExecutor``) replaces the worker process."""
    board = AnalysisBoard(executor if executor is not None else getattr(controller, "analysis_executor", None))
    controller.turn_marks = board.symbol
    return board


def analysis_key(view, c, name: str, shift: bool, ctrl: bool) -> bool:
    """J / Shift+J / Ctrl+J / Ctrl+Shift+J / F10 / F11 (not while a prompt or chooser is open)."""
    if name not in ("j", "f10", "f11"):
        return False
    if getattr(c, "prompt", None) is not None or getattr(c, "chooser", None) is not None:
        return False
    msg = view.board.key(name, shift, ctrl, c)
    if msg is None:
        return False
    c.say(msg)
    return True


def analysis_tick(view, c) -> None:
    view.board.tick(shown_position(c))
