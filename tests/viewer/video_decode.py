"""Frames of a written video, for the recording tests of several packages (importable because
tests/viewer is on the path, as for ``viewer_fakes``)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def decode(path) -> list[np.ndarray]:
    """Frames of a video file (MP4 via imageio-ffmpeg, GIF via Pillow)."""
    path = Path(path)
    if path.suffix == ".gif":
        from PIL import Image, ImageSequence

        with Image.open(path) as im:
            return [np.asarray(f.convert("RGB")) for f in ImageSequence.Iterator(im)]
    import imageio_ffmpeg

    gen = imageio_ffmpeg.read_frames(str(path))
    meta = gen.__next__()
    w, h = meta["size"]
    return [np.frombuffer(b, np.uint8).reshape(h, w, 3) for b in gen]
