"""The board overview in recordings and stills (issue 12): :class:`OverviewShot` (what one
overview frame shows) and :class:`OverviewPainter` (GL render with the overview renderer, then
the boards' captions and, for stills, the navigator drawn with Pillow).

A hyper-jump in a recording cuts to the overview (see :mod:`viewer.record.cube_animation`): first
the board it leaves (framed white, the moving piece ringed) and the board it lands on (framed in
the hyper-jump colour, the landing cell marked with the hyper-jump triangle); then the same grid
after the jump; then back to the 3-D view of the landing board.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from .errors import RecordError
from .overlay import DIM, TEXT, font


@dataclass(frozen=True)
class OverviewShot:
    position: object
    current: tuple  # the framed board (higher indices)
    focus_z: int = 1
    highlight: tuple = ()  # other boards framed in the hyper-jump colour
    targets: tuple = ()  # ((kind, full coordinate), ...) symbols on the small boards
    selected: tuple | None = None  # a full coordinate ringed white
    navigator: bool = False  # stills: the list of boards that differ from the default fill

    def key(self) -> tuple:
        return (
            id(self.position),
            self.current,
            self.focus_z,
            self.highlight,
            self.targets,
            self.selected,
            self.navigator,
        )


class OverviewPainter:
    """Paints :class:`OverviewShot` s at ``width`` x ``height`` (headless EGL, or a given context)."""

    def __init__(self, width: int, height: int, ctx=None):
        try:
            from ..cube.overview_render import OverviewRenderer
            from ..cube.render import OffscreenRenderer
        except ImportError as exc:
            raise RecordError(f"the GL renderer cannot be loaded: {exc}") from None
        try:
            self.off = OffscreenRenderer(width, height, ctx=ctx, samples=4 if ctx is None else 0)
        except Exception as exc:
            raise RecordError(f"no headless OpenGL for rendering ({type(exc).__name__})") from None
        old = self.off.renderer
        self.off.renderer = OverviewRenderer(self.off.ctx)
        old.release()
        self.width, self.height = int(width), int(height)
        self._cache: dict = {}

    def overview(self, shot: OverviewShot):
        from ..cube.overview import Overview

        key = (id(shot.position), shot.current, shot.focus_z, shot.highlight)
        if key not in self._cache:
            if len(self._cache) > 8:
                self._cache.clear()
            self._cache[key] = Overview(shot.position, shot.current, shot.focus_z, highlight=shot.highlight)
        return self._cache[key]

    def paint(self, shot: OverviewShot) -> np.ndarray:
        from ..cube.scene import View

        ov = self.overview(shot)
        view = View()
        view.camera.resize(self.width, self.height)
        ov.frame(view.camera, margin=0.11)  # room for the recording's text at the top and bottom
        view.camera.pan(0, 0.035 * self.height)  # a little lower: the title box is the taller one
        if shot.navigator:  # stills: the navigator needs the right quarter
            view.camera.zoom(1.3)
            view.camera.pan(-0.13 * self.width, 0)
        r: Any = self.off.renderer  # the OverviewRenderer set in __init__
        r.targets, r.selected = list(shot.targets), shot.selected
        frame = self.off.render(ov, view)
        return self.captions(frame, ov, view.camera, shot.navigator)

    def captions(self, frame: np.ndarray, ov, camera, navigator: bool) -> np.ndarray:
        img = Image.fromarray(frame)
        draw = ImageDraw.Draw(img, "RGBA")
        f = font(max(9, self.height // 48))
        for px, py, text, current in ov.labels(camera):
            bbox = draw.multiline_textbbox((0, 0), text, font=f, align="center")
            tw, th = bbox[2] - bbox[0], bbox[3] - bbox[1]
            x, y = int(px - tw / 2), int(py - th - 4)
            draw.rectangle((x - 4, y - 2, x + tw + 4, y + th + 4), fill=(10, 12, 18, 170))
            draw.multiline_text((x, y), text, font=f, fill=(TEXT if current else DIM) + (255,), align="center")
        d0, d1 = ov.dims
        note = f"board overview: dimension {d0} across, {d1} up, plane z={ov.focus_z}"
        bbox = draw.textbbox((0, 0), note, font=f)
        draw.text(
            ((self.width - (bbox[2] - bbox[0])) // 2, self.height - (bbox[3] - bbox[1]) - 12),
            note,
            font=f,
            fill=DIM + (255,),
        )
        if navigator:
            self._navigator(draw, ov)
        return np.asarray(img).copy()

    def _navigator(self, draw, ov) -> None:
        """The boards that differ from the default fill, with each side's pieces (top right, in columns)."""
        rows = ov.navigator()[:12]
        f = font(max(9, self.height // 40))
        lh = int(f.size * 1.35) if hasattr(f, "size") else 14
        cw = int(lh * 3.2)
        name_w = max(draw.textbbox((0, 0), name, font=f)[2] for _h, name, _c in rows) + lh
        title = "boards that differ from the default fill"
        w = max(name_w + 2 * cw, draw.textbbox((0, 0), title, font=f)[2])
        x0, y0 = self.width - w - 16, int(self.height * 0.17)
        draw.rectangle((x0 - 8, y0 - 6, x0 + w + 8, y0 + lh * (len(rows) + 2) + 4), fill=(10, 12, 18, 190))
        draw.text((x0, y0), title, font=f, fill=DIM + (255,))
        y = y0 + lh
        for text, x in (("board", x0), ("white", x0 + name_w), ("black", x0 + name_w + cw)):
            draw.text((x, y), text, font=f, fill=DIM + (255,))
        for h, name, c in rows:
            y += lh
            col = TEXT if h == ov.current else DIM
            draw.text((x0, y), ("> " if h == ov.current else "  ") + name, font=f, fill=col + (255,))
            for value, x in ((c["white"], x0 + name_w), (c["black"], x0 + name_w + cw)):
                draw.text((x, y), f"{value:>5}", font=f, fill=col + (255,))

    def release(self) -> None:
        self.off.release()
