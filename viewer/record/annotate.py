"""``daqi record --annotate`` (issue 19): the game's analysis drawn into every frame of a video.

Before rendering, the game is analysed (``engine.analysis.report.analyse_game`` at a level; every
position searched once), then each frame gets, drawn with Pillow over the rendered picture:

* an evaluation bar on the left edge (white's share from the bottom) with the value;
* a line at the bottom: the turn being shown, its class (``?!`` ``?`` ``??``) with the loss and the
  better turn;
* the threat arrows that decide the game in the position shown (red), drawn from the frame's own
  camera (cube chess: cells on another board lie where that board's ghost would be, labelled) or
  board geometry (spirit chess).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from engine.analysis import decisive, threats
from engine.analysis.report import GameReport, analyse_game

from .overlay import font

RED = (240, 50, 60, 255)
CLASS_RGB = {"inaccuracy": (230, 180, 0), "mistake": (224, 112, 0), "blunder": (220, 40, 40)}


class Annotator:
    """Per-turn analysis of a game, drawn onto frames (``draw(img, state, painter)``)."""

    def __init__(self, game: Any, level: int = 2, report: GameReport | None = None):
        self.game = game
        self.report = report if report is not None else analyse_game(game, level)
        self._threats: dict[int, list] = {}

    def threats_at(self, k: int) -> list:
        if k not in self._threats:
            self._threats[k] = decisive(threats(self.game.positions[k]))
        return self._threats[k]

    def white_after(self, k: int) -> float:
        return self.report.start if k <= 0 else self.report.turns[k - 1].white

    def caption(self, k: int) -> tuple[str, tuple]:
        if k <= 0:
            return "start position", (236, 236, 228)
        t = self.report.turns[k - 1]
        text = f"turn {k} ({t.side}) {t.played}{t.symbol}"
        if t.cls:
            text += f"  {t.cls}, lost {t.loss / 100:.2f}" + (f"; better {t.better}" if t.better else "")
        return text, CLASS_RGB.get(t.cls or "", (236, 236, 228))

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, frame: np.ndarray, st: Any, painter: Any) -> np.ndarray:
        if getattr(st, "overview", None) is not None:
            return frame
        k = int(getattr(st, "turn", 0))
        img = Image.fromarray(frame).convert("RGBA")
        layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
        d = ImageDraw.Draw(layer)
        h, w = frame.shape[:2]
        s = max(1.0, h / 540)
        for t in self.threats_at(k):
            pts = self._points(t, st, painter, w, h)
            if pts is None:
                continue
            for a, b in zip(pts, pts[1:]):
                _arrow(d, a[0], b[0], RED, s)
            for p, label in pts:
                if label:
                    d.text((p[0] - 40 * s, p[1] - 18 * s), label, fill=RED, font=font(int(11 * s)))
        self._bar(d, w, h, s, self.white_after(k))
        text, rgb = self.caption(k)
        f = font(int(13 * s))
        geo = getattr(painter, "geo", None)
        if geo is not None:  # spirit chess: in the text column, above its legend
            x0, y0, room = geo.text_x, h * 0.52, w - geo.text_x - geo.margin
        else:  # cube chess: bottom centre
            x0, y0, room = None, h - 44 * s, w - 40 * s
        lines = [text] if d.textlength(text, font=f) <= room else text.replace("; ", ";\n").split("\n")
        for i, line in enumerate(lines):
            tw = d.textlength(line, font=f)
            x = (w - tw) / 2 if x0 is None else x0
            y = y0 + (i - (len(lines) - 1 if x0 is None else 0)) * 20 * s
            d.rectangle((x - 6 * s, y - 4 * s, x + tw + 6 * s, y + 18 * s), fill=(10, 12, 18, 190))
            d.text((x, y), line, fill=(*rgb, 255), font=f)
        return np.asarray(Image.alpha_composite(img, layer).convert("RGB"))

    def _bar(self, d, w, h, s, white: float) -> None:
        x, y0, bw, bh = 4 * s, h * 0.2, 10 * s, h * 0.5
        frac = 1.0 / (1.0 + math.exp(max(-50.0, min(50.0, -white / 400.0))))
        d.rectangle((x - 2, y0 - 2, x + bw + 2, y0 + bh + 2), fill=(10, 10, 12, 230))
        d.rectangle((x, y0, x + bw, y0 + bh), fill=(28, 28, 32, 255))
        d.rectangle((x, y0 + bh * (1 - frac), x + bw, y0 + bh), fill=(236, 236, 228, 255))
        v = "white wins" if white >= 2900 else "black wins" if white <= -2900 else f"{white / 100 + 0.0:+.2f}"
        d.text((x, y0 - 16 * s), v, fill=(236, 236, 228, 255), font=font(int(11 * s)))

    def _points(self, t, st, painter, w, h):
        geo = getattr(painter, "geo", None)
        if geo is not None:  # spirit chess: the recording's board geometry (y up)
            board = geo.board
            return [((board.center(c)[0], h - board.center(c)[1]), "") for c in (t.frm, *t.via, t.to)]
        view = getattr(painter, "view", None)
        if view is None:
            return None
        from ..cube.analysis_view import cell_pixel

        out = []
        for c in (t.frm, *t.via, t.to):
            (px, py), label = cell_pixel(view, getattr(st.position, "rules", None), c)
            px, py = min(max(px, 30.0), w - 30.0), min(max(py, 30.0), h - 30.0)
            out.append(((px, py), label))
        return out


def _arrow(d, a, b, rgba, s: float) -> None:
    (x0, y0), (x1, y1) = a, b
    n = math.hypot(x1 - x0, y1 - y0)
    if n < 1:
        return
    ux, uy = (x1 - x0) / n, (y1 - y0) / n
    hl = min(14 * s, n * 0.45)
    bx, by = x1 - ux * hl, y1 - uy * hl
    d.line((x0, y0, bx, by), fill=rgba, width=max(2, int(4 * s)))
    wd = hl * 0.55
    d.polygon([(x1, y1), (bx - uy * wd, by + ux * wd), (bx + uy * wd, by - ux * wd)], fill=rgba)
