"""Recordings are byte-identical whatever the load: a render beside CPU-bound processes equals one
without (issue 8); the encoder runs without threads whose scheduling could change its output."""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from viewer.record import encoders

ROOT = Path(__file__).resolve().parents[3]


@contextlib.contextmanager
def busy_cpus(n: int | None = None):
    """Processes spinning the CPU (one per core, at least two) while the block runs."""
    procs = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(max(2, n or os.cpu_count() or 2))
    ]
    try:
        yield procs
    finally:
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()


def _render(out: Path) -> str:
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "viewer.app.cli",
            "record",
            "--demo",
            "--turns",
            "0:3",
            "--size",
            "320x180",
            "--out",
            str(out),
            "--quiet",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
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


def test_the_encoder_runs_unthreaded_bit_exact_and_passes_frames_through():
    params = encoders.x264_output_params("veryfast", 23)
    assert params[params.index("-threads") + 1] == "1" == str(encoders.X264_THREADS)
    assert "threads=1" in params[params.index("-x264-params") + 1]
    assert params[params.index("-filter_threads") + 1] == "1"
    assert "bitexact" in params[params.index("-sws_flags") + 1]
    assert params[params.index("-fps_mode") + 1] == "passthrough"
