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
        raise KeyboardInterrupt  # a deferred SIGTERM/SIGINT is raised again on the way out

    import imageio_ffmpeg

    monkeypatch.setattr(imageio_ffmpeg, "write_frames", fake_write_frames)
    monkeypatch.setattr(encoders, "signals_deferred", signal_on_release)
    with pytest.raises(KeyboardInterrupt):
        encoders.Mp4Writer(tmp_path / "demo.mp4", (16, 16), 10)
    # ffmpeg was stopped while its temp file still existed, and the file is gone afterwards
    assert seen == [("ffmpeg stopped", True)]
    assert list(tmp_path.iterdir()) == []


def test_a_writer_left_open_is_aborted_on_the_way_out(tmp_path, monkeypatch):
    """A writer nobody holds any more (an interruption between its start and the caller's
    assignment) is stopped by ``abort_all``: ffmpeg first, then the temp file."""
    seen = []

    def fake_write_frames(path, size, **kwargs):
        from pathlib import Path

        try:
            while True:
                yield
        finally:
            seen.append(("ffmpeg stopped", Path(path).exists()))

    import imageio_ffmpeg

    monkeypatch.setattr(imageio_ffmpeg, "write_frames", fake_write_frames)
    encoders.Mp4Writer(tmp_path / "demo.mp4", (16, 16), 10)  # dropped at once
    assert seen == []
    encoders.abort_all()
    assert seen == [("ffmpeg stopped", True)]
    assert list(tmp_path.iterdir()) == []
    encoders.abort_all()  # nothing left: a second call does nothing
    assert seen == [("ffmpeg stopped", True)]


def test_a_deferred_signal_reaches_its_handler_after_the_lines_ran():
    import signal

    from viewer.record.atomic_output import signals_deferred

    order = []
    previous = signal.signal(signal.SIGTERM, lambda *a: order.append("handler"))
    try:
        with signals_deferred():
            signal.raise_signal(signal.SIGTERM)
            order.append("lines ran")
        order.append("after")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert order == ["lines ran", "handler", "after"]
