"""Recordings are byte-identical whatever the load: a render beside CPU-bound processes equals one
without (issue 8), and the encoder's colour conversion is fixed integer arithmetic."""
from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from viewer import encoders

ROOT = Path(__file__).resolve().parents[2]


@contextlib.contextmanager
def busy_cpus(n: int | None = None):
    """Processes spinning the CPU (one per core, at least two) while the block runs."""
    procs = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
             for _ in range(max(2, n or os.cpu_count() or 2))]
    try:
        yield procs
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def _render(out: Path) -> str:
    r = subprocess.run([sys.executable, "-m", "viewer.cli", "record", "--demo", "--turns", "0:3",
                        "--size", "320x180", "--out", str(out), "--quiet"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300, check=False)
    assert r.returncode == 0, r.stderr
    return hashlib.sha256(out.read_bytes()).hexdigest()


def test_a_recording_beside_busy_processes_is_byte_identical(tmp_path):
    quiet = _render(tmp_path / "quiet.mp4")
    with busy_cpus() as procs:
        loaded = _render(tmp_path / "loaded.mp4")
        assert all(p.poll() is None for p in procs), "the busy processes should spin during the render"
    assert loaded == quiet


def test_the_encoder_alone_gives_the_same_bytes_under_load(tmp_path):
    rng = np.random.default_rng(5)
    frames = [rng.integers(0, 256, (96, 128, 3), dtype=np.uint8) for _ in range(30)]

    def encode(name: str) -> bytes:
        w = encoders.Mp4Writer(tmp_path / name, (128, 96), 24)
        for f in frames:
            w.add(f)
        return w.close().read_bytes()

    a = encode("a.mp4")
    with busy_cpus():
        b = encode("b.mp4")
    assert a == b and len(a) > 1000


def test_rgb_to_yuv420_uses_bt601_limited_range():
    colours = {(255, 255, 255): (235, 128, 128), (0, 0, 0): (16, 128, 128), (255, 0, 0): (82, 90, 240),
               (0, 255, 0): (144, 54, 34), (0, 0, 255): (41, 240, 110)}
    for rgb, yuv in colours.items():
        frame = np.zeros((4, 6, 3), np.uint8)
        frame[:] = rgb
        out = np.frombuffer(encoders.rgb_to_yuv420(frame), np.uint8)
        assert len(out) == 4 * 6 * 3 // 2
        y, u, v = out[:24], out[24:30], out[30:]
        assert set(y.tolist()) == {yuv[0]} and set(u.tolist()) == {yuv[1]} and set(v.tolist()) == {yuv[2]}, rgb


def test_chroma_is_the_mean_of_each_2x2_block():
    frame = np.zeros((2, 2, 3), np.uint8)
    frame[0, 0] = (0, 0, 255)                      # one blue pixel of four
    out = np.frombuffer(encoders.rgb_to_yuv420(frame), np.uint8)
    assert out[4] == 128 + round(112 * 255 / 4 / 256) and out[5] == 128 + (-18 * 255 + 512 >> 10)


def test_x264_runs_a_fixed_thread_count_and_passes_frames_through():
    params = encoders.x264_output_params("veryfast", 23)
    assert params[params.index("-threads") + 1] == str(encoders.X264_THREADS)
    assert "sliced-threads=0" in params[params.index("-x264-params") + 1]
    assert params[params.index("-fps_mode") + 1] == "passthrough"
