"""Text overlay drawn into rendered frames with Pillow (no font file is bundled).

Uses Pillow's built-in scalable default font (``ImageFont.load_default(size=...)``,
Pillow >= 10.1); older Pillow falls back to the fixed bitmap font.  Text sits
on translucent dark boxes so it stays readable over any part of the board.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

TEXT = (236, 236, 228)
DIM = (180, 186, 198)
BOX = (10, 12, 18, 170)
SIDE_COLORS = {"white": (245, 235, 205), "black": (236, 96, 96)}


@dataclass
class OverlayText:
    """What to write on a frame.  Empty strings are left out."""
    title: str = ""                 # top-left, large: "Turn 3 - white"
    subtitle: str = ""              # top-left, below: the notation
    scores: dict = field(default_factory=dict)   # top-right: side -> value
    score_label: str = ""           # e.g. "points"
    footer: str = ""                # bottom-left: which board / plane
    badge: str = ""                 # bottom-right: the action being animated

    def key(self) -> tuple:
        return (self.title, self.subtitle, tuple(sorted(self.scores.items())), self.score_label,
                self.footer, self.badge)


@lru_cache(maxsize=16)
def font(size: int):
    size = max(6, int(size))
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow < 10.1: bitmap font only
        return ImageFont.load_default()


def _box(draw: ImageDraw.ImageDraw, xy, pad: int) -> None:
    x0, y0, x1, y1 = xy
    draw.rectangle((x0 - pad, y0 - pad, x1 + pad, y1 + pad), fill=BOX)


def draw_overlay(frame: np.ndarray, text: OverlayText) -> np.ndarray:
    """Return a copy of ``frame`` (H, W, 3 uint8) with ``text`` drawn on it.

    The text layer is drawn once per (text, size) and cached; applying it blends only the
    rows it covers (a few ms at 1280x720)."""
    h, w = frame.shape[:2]
    out = frame.copy()
    for (y0, y1, x0, x1), rgb, alpha in _layer(text.key(), w, h, text):
        region = out[y0:y1, x0:x1].astype(np.uint16)
        out[y0:y1, x0:x1] = ((region * (255 - alpha) + rgb * alpha + 127) // 255).astype(np.uint8)
    return out


_CACHE: dict = {}


def _runs(mask: np.ndarray) -> list[tuple[int, int]]:
    """[start, stop) runs of True in a 1-D mask."""
    d = np.diff(np.concatenate([[0], mask.astype(np.int8), [0]]))
    return list(zip(np.flatnonzero(d == 1).tolist(), np.flatnonzero(d == -1).tolist()))


def _layer(key, w, h, text):
    """Cached list of ((y0, y1, x0, x1), rgb, alpha) rectangles of the text layer."""
    k = (key, w, h)
    hit = _CACHE.get(k)
    if hit is None:
        if len(_CACHE) > 64:
            _CACHE.clear()
        layer = np.asarray(_draw_layer(w, h, text))
        alpha = layer[:, :, 3]
        hit = []
        for y0, y1 in _runs(alpha.any(axis=1)):
            for x0, x1 in _runs(alpha[y0:y1].any(axis=0)):
                hit.append(((y0, y1, x0, x1), layer[y0:y1, x0:x1, :3].astype(np.uint16),
                            alpha[y0:y1, x0:x1, None].astype(np.uint16)))
        _CACHE[k] = hit
    return hit


def _draw_layer(w: int, h: int, text: OverlayText) -> Image.Image:
    """The text on a transparent RGBA layer (straight alpha)."""
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    big = font(max(8, round(h / 20)))
    small = font(max(7, round(h / 30)))
    margin = max(3, round(h / 40))
    pad = max(2, round(h / 110))

    items = []   # (xy, string, font, colour, anchor)
    y = margin
    if text.title:
        items.append(((margin, y), text.title, big, TEXT, "la"))
        y = draw.textbbox((margin, y), text.title, font=big, anchor="la")[3] + pad * 2
    if text.subtitle:
        items.append(((margin, y), text.subtitle, small, DIM, "la"))
    if text.scores:
        x = w - margin
        parts = [(f"{side} {value}", SIDE_COLORS.get(side, TEXT)) for side, value in text.scores.items()]
        for s, colour in reversed(parts):
            items.append(((x, margin), s, big, colour, "ra"))
            x = draw.textbbox((x, margin), s, font=big, anchor="ra")[0] - margin
        if text.score_label:
            yb = draw.textbbox((w - margin, margin), parts[-1][0], font=big, anchor="ra")[3] + pad * 2
            items.append(((w - margin, yb), text.score_label, small, DIM, "ra"))
    if text.footer:
        items.append(((margin, h - margin), text.footer, small, DIM, "ld"))
    if text.badge:
        items.append(((w - margin, h - margin), text.badge, small, TEXT, "rd"))

    for xy, s, f, _c, anchor in items:
        _box(draw, draw.textbbox(xy, s, font=f, anchor=anchor), pad)
    text_layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    tdraw = ImageDraw.Draw(text_layer)
    for xy, s, f, c, anchor in items:
        tdraw.text(xy, s, font=f, fill=c + (255,), anchor=anchor)
    return Image.alpha_composite(layer, text_layer)
