"""Live capture: frames of the viewer window written to an MP4 or GIF, atomically."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from .atomic_output import AtomicPath
from .encoders import ffmpeg_exe, open_writer, output_format
from .errors import RecordError


class LiveCapture:
    """Record frames from the live window to ``path`` (.mp4 or .gif), atomically.

    ``add_frame(rgb)`` takes (H, W, 3) uint8 arrays, top row first.  The video size is the first
    frame's (cropped to even for MP4); later frames of another size are scaled to it.
    ``close()`` finishes and renames the file into place; ``abort()`` (or an exception inside a
    ``with`` block) leaves nothing behind.
    """

    def __init__(self, path, fps: float = 30.0, preset: str = "veryfast", crf: int = 23):
        self.path, self.fps = Path(path), float(fps)
        self.format = output_format(self.path)
        if self.format == "mp4":
            ffmpeg_exe()
        AtomicPath(self.path).discard()  # fail now if the folder is missing or read-only
        self.preset, self.crf = preset, crf
        self._writer: Any = None  # an encoders writer, opened on the first frame
        self.size: tuple[int, int] | None = None
        self.closed = False

    @property
    def frames(self) -> int:
        return self._writer.frames if self._writer is not None else 0

    def add_frame(self, rgb) -> None:
        if self.closed:
            raise RecordError("this capture is closed")
        frame = np.asarray(rgb)
        if frame.ndim != 3 or frame.shape[2] not in (3, 4):
            raise ValueError(f"expected an (H, W, 3) RGB array, got shape {frame.shape}")
        frame = frame[:, :, :3]
        if frame.dtype != np.uint8:
            frame = np.clip(frame, 0, 255).astype(np.uint8)
        if self._writer is None:
            h, w = frame.shape[:2]
            if self.format == "mp4":
                w, h = w - w % 2, h - h % 2
                if w < 2 or h < 2:
                    raise ValueError("frame too small")
            self.size = (w, h)
            self._writer = open_writer(self.path, self.size, self.fps, self.preset, self.crf)
        assert self.size is not None
        w, h = self.size
        if frame.shape[:2] != (h, w):
            if frame.shape[0] >= h and frame.shape[1] >= w and frame.shape[0] - h <= 1 and frame.shape[1] - w <= 1:
                frame = frame[:h, :w]
            else:
                from PIL import Image

                frame = np.asarray(
                    Image.fromarray(np.ascontiguousarray(frame)).resize((w, h), Image.Resampling.BILINEAR)
                )
        try:
            self._writer.add(frame)
        except BaseException:
            self.abort()
            raise

    def close(self) -> Path | None:
        """Finish the file; returns its path (None if no frame was added: nothing is written)."""
        if self.closed:
            return self.path if self._writer is not None else None
        self.closed = True
        if self._writer is None:
            return None
        try:
            return self._writer.close()
        except BaseException:
            self._writer.abort()
            raise

    def abort(self) -> None:
        self.closed = True
        if self._writer is not None:
            self._writer.abort()

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            self.close()
        else:
            self.abort()
        return False
