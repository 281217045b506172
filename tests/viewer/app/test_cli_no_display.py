"""The daqi command: no display -> a clear message and status 2; record/snapshot dispatch."""

from __future__ import annotations

import subprocess
import sys
import types

from viewer.app import cli


def test_no_display_message_and_status(monkeypatch, capsys):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(sys, "platform", "linux")
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert "daqi record --demo --out demo.mp4" in err and "daqi snapshot" in err
    assert "Traceback" not in err
    assert cli.main(["spirit"]) == 2
    assert cli.main(["play", "--quick", "--ruleset", "free-combination"]) == 2


def test_console_script_without_display_exits_2():
    env = {"PATH": "/usr/bin:/bin", "HOME": "/tmp"}
    r = subprocess.run(
        [sys.executable, "-c", "import sys; from viewer.app.cli import main; sys.exit(main(['play']))"],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(__import__("pathlib").Path(cli.__file__).parents[2]),
    )
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and "daqi snapshot" in r.stderr


def test_record_and_snapshot_are_dispatched(monkeypatch):
    seen = []
    fake = types.ModuleType("viewer.app.record_cli")
    fake.main = lambda argv: seen.append(list(argv)) or 0
    monkeypatch.setitem(sys.modules, "viewer.app.record_cli", fake)
    import viewer.app

    monkeypatch.setattr(viewer.app, "record_cli", fake, raising=False)
    assert cli.main(["record", "--demo", "--out", "x.mp4"]) == 0
    assert cli.main(["snapshot", "--out", "x.png"]) == 0
    assert seen == [["record", "--demo", "--out", "x.mp4"], ["snapshot", "--out", "x.png"]]


def test_bad_size_and_bad_record(monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("DISPLAY", ":99")
    assert cli.main(["play", "--size", "big"]) == 2
    bad = tmp_path / "bad.txt"
    bad.write_text("1. nonsense\n")
    assert cli.main(["play", "--load", str(bad), "--no-autosave"]) == 2
    assert "line 1" in capsys.readouterr().err
