"""``daqi record`` / ``daqi snapshot`` CLI: options, clean one-line errors (exit 2, no traceback,
no file left), in-process and once as a subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from viewer.app import record_cli

ROOT = Path(__file__).resolve().parents[3]


def run(argv, capsys):
    status = record_cli.main(argv)
    err = capsys.readouterr().err
    return status, err


def _readonly_dir(tmp_path) -> Path:
    if os.geteuid() == 0:  # root writes anywhere; /proc refuses new files
        return Path("/proc")
    d = tmp_path / "ro"
    d.mkdir()
    d.chmod(0o555)
    return d


@pytest.mark.parametrize("target", ["missing/demo.mp4", "demo.avi", "READONLY/demo.mp4", "demo"])
def test_bad_output_fails_cleanly(tmp_path, capsys, target):
    if target.startswith("READONLY"):
        out = _readonly_dir(tmp_path) / "daqi-demo.mp4"
    else:
        out = tmp_path / target
    before = set(tmp_path.rglob("*"))
    status, err = run(["record", "--demo", "--out", str(out), "--size", "160x90"], capsys)
    assert status == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("daqi record: error: "), err
    assert "Traceback" not in err
    assert set(tmp_path.rglob("*")) == before
    assert not out.exists()


def test_usage_errors_are_one_line(capsys, tmp_path):
    for argv in (
        ["record", "--out", str(tmp_path / "a.mp4")],  # no game
        ["record", "--demo", "--out", str(tmp_path / "a.mp4"), "--turns", "3:99"],
        ["record", str(tmp_path / "nope.txt"), "--out", str(tmp_path / "a.mp4")],
        ["record", "--demo", "--out", str(tmp_path / "a.mp4"), "--camera", "spiral"],
        ["snapshot", "--demo", "--turn", "99", "--out", str(tmp_path / "a.png")],
        ["snapshot", "--demo", "--out", str(tmp_path / "a.gif")],
    ):
        status, err = run(argv, capsys)
        assert status == 2, argv
        assert len(err.strip().splitlines()) == 1 and "error:" in err, (argv, err)
    assert list(tmp_path.iterdir()) == []


def test_help_states_the_frame_rule(capsys):
    with pytest.raises(SystemExit):
        record_cli.main(["record", "--help"])
    out = capsys.readouterr().out
    assert "frames = turns * round(hold * fps) + actions * round(transition * fps)" in out


def test_subprocess_bad_path_no_traceback(tmp_path):
    out = tmp_path / "no" / "such" / "folder" / "demo.mp4"
    proc = subprocess.run(
        [sys.executable, "-m", "viewer.app.record_cli", "record", "--demo", "--out", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().count("\n") == 0 and "does not exist" in proc.stderr
    assert not (tmp_path / "no").exists()


def test_record_and_snapshot_cli(tmp_path, capsys, gl_ctx):
    from PIL import Image
    from video_decode import decode

    out = tmp_path / "clip.mp4"
    status, err = run(
        [
            "record",
            "--demo",
            "--out",
            str(out),
            "--size",
            "160x90",
            "--fps",
            "6",
            "--hold",
            "0.5",
            "--transition",
            "0.5",
            "--turns",
            "1:2",
            "--camera",
            "fixed",
        ],
        capsys,
    )
    assert status == 0, err
    # 2 turns of 1 action each: 2 * 3 + 2 * 3 frames
    assert len(decode(out)) == 12
    png = tmp_path / "pos.png"
    status, err = run(
        ["snapshot", "--demo", "--turn", "3", "--out", str(png), "--view", "top", "--size", "200x120"], capsys
    )
    assert status == 0, err
    with Image.open(png) as im:
        assert im.size == (200, 120)
    status, err = run(
        [
            "record",
            "--demo",
            "--turn",
            "2",
            "--out",
            str(tmp_path / "one.gif"),
            "--size",
            "160x90",
            "--fps",
            "4",
            "--hold",
            "1",
        ],
        capsys,
    )
    assert status == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["clip.mp4", "one.gif", "pos.png"]
