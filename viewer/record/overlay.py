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
SIDE_COLORS = {"white": (245, 235, 205), "black": (242, 133, 56)}  # the pieces' colours, lifted


@dataclass
class OverlayText:
    """What to write on a frame.  Empty strings are left out."""

    title: str = ""  # top-left, large: "Turn 3 - white"
    subtitle: str = ""  # top-left, below: the notation
    scores: dict = field(default_factory=dict)  # top-right: side -> value
    score_label: str = ""  # e.g. "points"
    footer: str = ""  # bottom-left: which board / plane
    badge: str = ""  # bottom-right: the action being animated

    def key(self) -> tuple:
        return (
            self.title,
            self.subtitle,
            tuple(sorted(self.scores.items())),
            self.score_label,
            self.footer,
            self.badge,
        )


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
    for rect, rgb, alpha in _layer(text.key(), w, h, text):
        _blend(out, rect, rgb, alpha)
    return out


def _blend(out: np.ndarray, rect, rgb, alpha) -> None:
    """Blend a straight-alpha layer rectangle (uint16 ``rgb``, ``alpha``) into ``out`` in place."""
    y0, y1, x0, x1 = rect
    region = out[y0:y1, x0:x1].astype(np.uint16)
    out[y0:y1, x0:x1] = ((region * (255 - alpha) + rgb * alpha + 127) // 255).astype(np.uint8)


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
                hit.append(
                    (
                        (y0, y1, x0, x1),
                        layer[y0:y1, x0:x1, :3].astype(np.uint16),
                        alpha[y0:y1, x0:x1, None].astype(np.uint16),
                    )
                )
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

    items: list[tuple] = []  # (xy, string, font, colour, anchor)
    y: float = margin
    if text.title:
        items.append(((margin, y), text.title, big, TEXT, "la"))
        y = draw.textbbox((margin, y), text.title, font=big, anchor="la")[3] + pad * 2
    if text.subtitle:
        items.append(((margin, y), text.subtitle, small, DIM, "la"))
    if text.scores:
        x: float = w - margin
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


# =========================================================================== text column
# (the spirit-chess recordings' column of text beside the board)
STYLE = {  # style -> (size as a fraction of the frame height, colour)
    "dim": (1 / 34, (150, 158, 172)),
    "title": (1 / 17, (240, 240, 232)),
    "mono": (1 / 30, (205, 210, 222)),
    "text": (1 / 28, (225, 225, 218)),
    "step": (1 / 26, (255, 225, 90)),
    "capture": (1 / 28, (255, 120, 100)),
    "white": (1 / 26, (245, 238, 214)),
    "black": (1 / 26, (242, 133, 56)),
    "result": (1 / 14, (120, 220, 255)),
    "legend": (1 / 38, (150, 158, 172)),
    "gap": (1 / 50, None),
    "fill": (0, None),
}
_TEXT_CACHE: dict = {}


def _wrap(draw, text: str, font, width: int) -> list[str]:
    if width <= 0 or draw.textlength(text, font=font) <= width:
        return [text]
    out, cur = [], ""
    for word in text.split(" "):
        trial = word if not cur else cur + " " + word
        if cur and draw.textlength(trial, font=font) > width:
            out.append(cur)
            cur = "   " + word
        else:
            cur = trial
    out.append(cur)
    return out


def _text_layer(lines: tuple, w: int, h: int, x0: int, margin: int, y0: int):
    key = (lines, w, h, x0, margin, y0)
    hit = _TEXT_CACHE.get(key)
    if hit is not None:
        return hit
    if len(_TEXT_CACHE) > 128:
        _TEXT_CACHE.clear()
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(layer)
    width = w - margin - x0
    top: list = []
    bottom: list = []
    target = top
    scale = min(h, 1.8 * w) if y0 <= margin else min(w, h - y0) * 1.6  # portrait: fit the space below
    for text, style in lines:
        if style == "fill":
            target = bottom if y0 <= margin else top
            continue
        frac, colour = STYLE.get(style, STYLE["text"])
        size = max(7, round(scale * frac))
        if colour is None:
            target.append((None, size, None))
            continue
        f = font(size)
        for part in _wrap(draw, text, f, width):
            target.append((part, size, colour))

    def height(items):
        return sum(round(s * 1.25) for _t, s, _c in items)

    y = y0
    wide = x0 < w - margin - 40
    if not wide:  # no room beside the board: the text goes over it, on a box
        x0 = margin
        draw.rectangle((0, y0 - margin, w, y0 + height(top) + margin), fill=(8, 10, 16, 190))
    for t, s, c in top:
        if t is not None:
            draw.text((x0, y), t, font=font(s), fill=c + (255,))
        y += round(s * 1.25)
    if wide and bottom:
        y = max(y, h - margin - height(bottom))
        for t, s, c in bottom:
            if t is not None:
                draw.text((x0, y), t, font=font(s), fill=c + (255,))
            y += round(s * 1.25)
    arr = np.asarray(layer)
    alpha = arr[:, :, 3]
    rows = np.flatnonzero(alpha.any(axis=1))
    if len(rows):
        y0, y1 = int(rows[0]), int(rows[-1]) + 1
        cols = np.flatnonzero(alpha[y0:y1].any(axis=0))
        x0b, x1b = int(cols[0]), int(cols[-1]) + 1
        hit = (
            (y0, y1, x0b, x1b),
            arr[y0:y1, x0b:x1b, :3].astype(np.uint16),
            alpha[y0:y1, x0b:x1b, None].astype(np.uint16),
        )
    else:
        hit = None
    _TEXT_CACHE[key] = hit
    return hit


def draw_text_column(frame: np.ndarray, lines: tuple, x0: int, margin: int, y0: int | None = None) -> np.ndarray:
    """``frame`` with the text ``lines`` ((text, style), ...) written from (``x0``, ``y0``) down."""
    h, w = frame.shape[:2]
    hit = _text_layer(tuple(lines), w, h, int(x0), int(margin), int(margin if y0 is None else y0))
    if hit is None:
        return frame
    rect, rgb, alpha = hit
    out = frame.copy()
    _blend(out, rect, rgb, alpha)
    return out
