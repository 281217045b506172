"""``daqi snapshot FILE`` / ``daqi record FILE`` with hostile files: one line, exit 2, no traceback;
an unexpected error: one line naming the crash report."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cube.game import SAMPLES
from viewer.app import cli, record_cli

ROOT = Path(__file__).resolve().parents[3]
DEMO = (SAMPLES / "demo.txt").read_text(encoding="utf-8")


def _files(tmp_path: Path) -> dict:
    rulesets = tmp_path / "rulesets"
    rulesets.mkdir(exist_ok=True)
    (rulesets / "deep.toml").write_text('extends = "standard"\nx = ' + "[" * 3000 + "]" * 3000 + "\n", encoding="utf-8")
    (rulesets / "folder.toml").mkdir(exist_ok=True)
    return {
        "ruleset-folder": DEMO.replace("ruleset standard", f"ruleset {tmp_path}"),
        "ruleset-folder-by-name": DEMO.replace("ruleset standard", "ruleset folder"),
        "ruleset-300-chars": DEMO.replace("ruleset standard", "ruleset " + "r" * 300),
        "spirit-ruleset": DEMO.replace("ruleset standard", "ruleset spirit"),
        "deep-toml": DEMO.replace("ruleset standard", "ruleset deep"),
        "dev-zero-ruleset": DEMO.replace("ruleset standard", "ruleset /dev/zero"),
        "5000-digit-coordinate": DEMO.replace("1. P(9,3,1)-(9,4,1)", "1. P(9,3,1)-(9," + "4" * 5000 + ",1)"),
        "5000-digit-turn": DEMO.replace("1. P(9,3,1)", "1" * 5000 + ". P(9,3,1)"),
        "not-utf8": DEMO.encode("utf-8")[:300] + b"\xff" + DEMO.encode("utf-8")[300:],
        "empty": "",
    }


CASES = [
    "ruleset-folder",
    "ruleset-folder-by-name",
    "ruleset-300-chars",
    "spirit-ruleset",
    "deep-toml",
    "dev-zero-ruleset",
    "5000-digit-coordinate",
    "5000-digit-turn",
    "not-utf8",
    "empty",
    "/dev/zero",
    "/dev/stdin",
    "a-folder",
]


def _path(tmp_path, case) -> str:
    if case.startswith("/"):
        return case
    if case == "a-folder":
        return str(tmp_path)
    content = _files(tmp_path)[case]
    p = tmp_path / f"{case}.txt"
    p.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    return str(p)


def _env(tmp_path) -> dict:
    env = dict(os.environ)
    env.update(
        {"DAQI_RULESETS": str(tmp_path / "rulesets"), "XDG_DATA_HOME": str(tmp_path / "data"), "PYTHONPATH": str(ROOT)}
    )
    return env


@pytest.mark.parametrize("case", CASES)
def test_snapshot_of_a_bad_file_prints_one_line_and_exits_2(tmp_path, case):
    path = _path(tmp_path, case)
    r = subprocess.run(
        [sys.executable, "-m", "viewer.app.cli", "snapshot", path, "--out", str(tmp_path / "s.png")],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("daqi snapshot: error: ")
    assert len(lines[0]) < 600
    if case == "spirit-ruleset":
        assert "not a cube-chess ruleset" in lines[0]
    assert not (tmp_path / "s.png").exists() and not (tmp_path / "data").exists()


@pytest.mark.parametrize(
    "case",
    [
        "ruleset-folder",
        "ruleset-300-chars",
        "spirit-ruleset",
        "deep-toml",
        "dev-zero-ruleset",
        "5000-digit-coordinate",
        "5000-digit-turn",
        "/dev/zero",
    ],
)
def test_record_of_a_bad_file_prints_one_line_and_exits_2(tmp_path, case):
    path = _path(tmp_path, case)
    r = subprocess.run(
        [sys.executable, "-m", "viewer.app.cli", "record", path, "--out", str(tmp_path / "v.mp4")],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        cwd=ROOT,
        timeout=60,
        stdin=subprocess.DEVNULL,
        check=False,
    )
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "v.mp4").exists()


def test_play_with_a_bad_ruleset_or_record_exits_2(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setenv("DAQI_RULESETS", str(tmp_path / "rulesets"))
    _files(tmp_path)
    for argv in (
        ["play", "--ruleset", "/dev/zero", "--no-autosave"],
        ["play", "--ruleset", str(tmp_path), "--no-autosave"],
        ["play", "--ruleset", "x" * 300, "--no-autosave"],
        ["play", "--ruleset", "deep", "--no-autosave"],
        ["play", "--load", _path(tmp_path, "spirit-ruleset"), "--no-autosave"],
    ):
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("daqi: ") and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_an_unexpected_error_prints_one_line_and_writes_a_report(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))

    def boom(argv):
        raise RuntimeError("something the code did not expect")

    monkeypatch.setitem(record_cli.COMMANDS, "snapshot", boom)
    assert record_cli.main(["snapshot", "--demo", "--out", "x.png"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    reports = list((tmp_path / "daqi").glob("crash-*.txt"))
    assert len(reports) == 1 and str(reports[0]) in err
    text = reports[0].read_text(encoding="utf-8")
    assert "Traceback" in text and "something the code did not expect" in text and "snapshot" in text


def test_the_daqi_command_reports_unexpected_errors_too(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(cli, "_main", lambda argv: 1 // 0)
    assert cli.main(["play"]) == 1
    err = capsys.readouterr().err
    assert "ZeroDivisionError" in err and "crash-" in err and len(err.strip().splitlines()) == 1


def test_a_camera_file_that_is_a_fifo_is_refused_not_read(tmp_path, capsys):
    fifo = tmp_path / "cam.json"
    os.mkfifo(fifo)
    status = record_cli.main(["snapshot", "--demo", "--camera", str(fifo), "--out", str(tmp_path / "s.png")])
    err = capsys.readouterr().err
    assert status == 2 and "not a regular file" in err and len(err.strip().splitlines()) == 1


def test_control_characters_of_a_file_never_reach_the_terminal(tmp_path, capsys):
    p = tmp_path / "esc.txt"
    p.write_text("ruleset standard\n1. \x1b[2J\x07nonsense\n", encoding="utf-8")
    assert record_cli.main(["snapshot", str(p), "--out", str(tmp_path / "s.png")]) == 2
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\x07" not in err and "\\x1b" in err
