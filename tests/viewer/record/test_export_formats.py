"""README, "where a change goes": a new export format is a writer class plus its entries in
viewer/record/encoders.py (a suffix in VIDEO_FORMATS, a maker in WRITERS); nothing else changes."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.record import encoders
from viewer.record.errors import RecordError


class NpyFrames:
    """A toy format: every frame kept, written as one .npy array on close."""

    def __init__(self, path, size, fps):
        self.path, self.size, self.frames = path, size, []

    def add(self, frame):
        self.frames.append(np.asarray(frame))

    def close(self):
        np.save(self.path, np.stack(self.frames))
        return self.path

    def abort(self):
        self.frames = []


def test_a_new_export_format_is_a_writer_and_two_table_entries(monkeypatch, tmp_path):
    with pytest.raises(RecordError, match="unknown output format '.npy'"):
        encoders.open_writer(tmp_path / "clip.npy", (4, 2), 10)
    monkeypatch.setitem(encoders.VIDEO_FORMATS, ".npy", "npy")
    monkeypatch.setitem(encoders.WRITERS, "npy", lambda path, size, fps, preset, crf: NpyFrames(path, size, fps))
    w = encoders.open_writer(tmp_path / "clip.npy", (4, 2), 10)
    assert isinstance(w, NpyFrames)
    w.add(np.zeros((2, 4, 3), np.uint8))
    w.add(np.full((2, 4, 3), 7, np.uint8))
    out = np.load(w.close())
    assert out.shape == (2, 2, 4, 3) and out[1].max() == 7
    gif = encoders.open_writer(tmp_path / "clip.gif", (4, 2), 10)  # the bundled formats are unchanged
    assert isinstance(gif, encoders.GifWriter)
    gif.abort()
