"""Hostile options (issue 17): every user error of ``daqi play``, ``record``, ``snapshot`` and
``arena`` is one line and exit 2, numbers are finite and bounded, nothing of the user's is renamed
or half-written, and SIGTERM cleans up like Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.players import arena
from viewer.app import cli, record_cli

ROOT = Path(__file__).resolve().parents[3]


def one_line(err: str, prefix: str) -> bool:
    lines = err.strip().splitlines()
    return len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err


@pytest.mark.parametrize(
    "opts",
    [
        ["--fps", "nan"],
        ["--fps", "0"],
        ["--hold", "inf"],
        ["--transition", "-inf"],
        ["--hold", "9" * 400],
        ["--crf", "-5"],
        ["--crf", "52"],
        ["--preset", "bogus"],
        ["--size", "0x0"],
    ],
)
def test_bad_record_numbers_are_one_line_and_exit_2(tmp_path, capsys, opts):
    out = tmp_path / "v.mp4"
    assert record_cli.main(["record", "--demo", "--out", str(out), *opts]) == 2
    assert one_line(capsys.readouterr().err, "daqi record: error:")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "body",
    ['[{"time": 0, "yaw": NaN}]', '[{"time": Infinity}]', '[{"time": 0, "target": [0, 1e999, 0]}]'],
)
def test_a_camera_file_with_non_finite_numbers_is_refused(tmp_path, capsys, body):
    cam = tmp_path / "cam.json"
    cam.write_text(body)
    toml = tmp_path / "cam.toml"
    toml.write_text("[[keyframes]]\ntime = 0\nyaw = nan\n")
    for c in (cam, toml):
        status = record_cli.main(["snapshot", "--demo", "--out", str(tmp_path / "s.png"), "--camera", str(c)])
        assert status == 2
        err = capsys.readouterr().err
        assert one_line(err, "daqi snapshot: error:") and "finite" in err
    assert not (tmp_path / "s.png").exists()


@pytest.mark.parametrize("opts", [["--size", "0x0"], ["--clock", "9" * 400], ["--clock", "1+" + "9" * 400]])
def test_bad_play_numbers_are_one_line_and_exit_2(monkeypatch, capsys, opts):
    monkeypatch.setenv("DISPLAY", ":99")
    assert cli.main(["play", "--no-autosave", *opts]) == 2
    assert one_line(capsys.readouterr().err, "daqi: ")


def test_autosave_naming_a_folder_is_refused_and_the_folder_kept(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DISPLAY", ":99")
    folder = tmp_path / "games"
    folder.mkdir()
    (folder / "mine.txt").write_text("keep")
    assert cli.main(["play", "--autosave", str(folder)]) == 2
    assert one_line(capsys.readouterr().err, "daqi: --autosave")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games"] and (folder / "mine.txt").read_text() == "keep"


def test_a_broken_autosave_that_is_a_folder_is_never_renamed(tmp_path):
    from viewer.ui.control_common import set_aside_broken_autosave

    folder = tmp_path / "autosave.txt"
    folder.mkdir()
    msg = set_aside_broken_autosave(folder, ValueError("is a folder"))
    assert folder.is_dir() and sorted(p.name for p in tmp_path.iterdir()) == ["autosave.txt"]
    assert "left as it is" in msg


@pytest.mark.parametrize(
    "opts, words",
    [
        (["--ruleset", "nope17"], "no ruleset named"),
        (["--ruleset", "/"], "folder"),
        (["--game", "spirit", "--ruleset", "standard"], "not spirit"),
        (["--json", "/"], "is a folder"),
        (["--games", "1000000000"], "--games must be in 1..10,000"),
        (["--games", "0"], "--games"),
        (["--jobs", "300"], "--jobs must be in 1..64"),
        (["--nodes", "0"], "--nodes"),
        (["--games", "x"], "invalid int"),
    ],
)
def test_arena_user_errors_are_one_line_and_exit_2(capsys, opts, words):
    try:
        status = arena.main(["--no-progress", *opts])
    except SystemExit as exc:  # argparse's own errors (a bad int) leave through SystemExit(2)
        status = exc.code
    assert status == 2
    err = capsys.readouterr().err
    assert one_line(err, "daqi arena: ") and words in err


def test_arena_takes_a_ruleset_file_and_writes_json_atomically(tmp_path, capsys):
    rules = tmp_path / "mine.toml"
    rules.write_text((ROOT / "engine" / "rulesets" / "standard.toml").read_text(encoding="utf-8"))
    out = tmp_path / "r.json"
    assert (
        arena.main(
            [
                "--no-progress",
                "--games",
                "1",
                "--levels",
                "0,1",
                "--plies",
                "2",
                "--ruleset",
                str(rules),
                "--json",
                str(out),
            ]
        )
        == 0
    )
    assert len(json.loads(out.read_text())) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml", "r.json"]  # no temp file left


def test_arena_with_stdout_closed_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine.players.arena",
            "--games",
            "1",
            "--levels",
            "0,1",
            "--plies",
            "2",
            "--no-progress",
        ],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        close_fds=True,
        preexec_fn=lambda: os.close(1),
    )
    assert proc.returncode == 2 and one_line(proc.stderr, "daqi arena: ") and "standard output" in proc.stderr


def test_sigterm_during_a_recording_leaves_no_file(tmp_path):
    out = tmp_path / "demo.mp4"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "viewer.app.record_cli",
            "record",
            "--demo",
            "--out",
            str(out),
            "--size",
            "160x96",
            "-q",
        ],
        cwd=ROOT,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not any(tmp_path.iterdir()) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)  # polling for the temp file to appear (not a stand-in for synchronisation)
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=120)[1]
    if proc.returncode == 0:  # finished before the signal: nothing to clean up, the file is whole
        assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.mp4"]
        return
    assert proc.returncode == 143 and "terminated" in err
    assert list(tmp_path.iterdir()) == []
