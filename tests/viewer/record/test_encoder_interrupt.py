"""An interruption while the H.264 encoder starts stops ffmpeg before its temp file is deleted, so
no ffmpeg can create the file again afterwards (SIGTERM during ``daqi record``)."""

from __future__ import annotations

import contextlib

import pytest

from viewer.record import encoders


def test_a_signal_as_the_encoder_starts_stops_ffmpeg_then_deletes_the_temp_file(tmp_path, monkeypatch):
    seen = []

    def fake_write_frames(path, size, **kwargs):
        from pathlib import Path

        try:
            while True:
                yield
        finally:  # where imageio-ffmpeg stops ffmpeg
            seen.append(("ffmpeg stopped", Path(path).exists()))

    @contextlib.contextmanager
    def signal_on_release():
        yield
        raise KeyboardInterrupt  # the held SIGTERM/SIGINT is delivered as the mask is lifted

    import imageio_ffmpeg

    monkeypatch.setattr(imageio_ffmpeg, "write_frames", fake_write_frames)
    monkeypatch.setattr(encoders, "signals_held", signal_on_release)
    with pytest.raises(KeyboardInterrupt):
        encoders.Mp4Writer(tmp_path / "demo.mp4", (16, 16), 10)
    # ffmpeg was stopped while its temp file still existed, and the file is gone afterwards
    assert seen == [("ffmpeg stopped", True)]
    assert list(tmp_path.iterdir()) == []
