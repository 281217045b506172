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
    """Return a copy of ``frame`` (H, W, 3 uint8) with ``text`` drawn on it."""
    h, w = frame.shape[:2]
    img = Image.fromarray(frame).convert("RGBA")
    layer = Image.new("RGBA", img.size, (0, 0, 0, 0))
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
    for xy, s, f, c, anchor in items:
        draw.text(xy, s, font=f, fill=c + (255,), anchor=anchor)
    out = Image.alpha_composite(img, layer).convert("RGB")
    return np.asarray(out, dtype=np.uint8)
