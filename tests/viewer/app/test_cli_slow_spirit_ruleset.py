"""A spirit record whose user ruleset gives the master 12 fixed steps (issue 17, probe 2): every
command that reads it answers with one line naming the file and the key, exit 2, at once (the
loader refuses the ruleset before any path search could run)."""

from __future__ import annotations

import pytest

from engine.spirit import sample_spirit_game
from viewer.app import cli, record_cli


@pytest.fixture
def slow_record(tmp_path, monkeypatch):
    rulesets = tmp_path / "rulesets"
    rulesets.mkdir()
    (rulesets / "slow17.toml").write_text(
        'extends = "spirit"\n[meta]\nname = "slow17"\ngame = "spirit"\n[pieces.master]\nsteps = 12\n', encoding="utf-8"
    )
    monkeypatch.setenv("DAQI_RULESETS", str(rulesets))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    lines = sample_spirit_game().to_text().splitlines()[:8]  # header and four turns
    text = "\n".join("ruleset slow17" if line.startswith("ruleset ") else line for line in lines) + "\n"
    path = tmp_path / "slow.txt"
    path.write_text(text, encoding="utf-8")
    return path


def _one_line(err: str, prefix: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(prefix) and "Traceback" not in err, err
    assert "slow17" in lines[0] and "pieces.master.steps" in lines[0] and "0..5" in lines[0]
    return lines[0]


@pytest.mark.parametrize("command", ["snapshot", "record"])
def test_snapshot_and_record_refuse_it_in_one_line(slow_record, tmp_path, capsys, command):
    out = tmp_path / ("s.png" if command == "snapshot" else "v.mp4")
    assert record_cli.main([command, str(slow_record), "--out", str(out)]) == 2
    line = _one_line(capsys.readouterr().err, f"daqi {command}: error: ")
    assert str(slow_record.name) in line and not out.exists()


@pytest.mark.parametrize("command", [["play"], ["spirit"]])
def test_play_and_spirit_load_refuse_it_in_one_line(slow_record, monkeypatch, capsys, command):
    monkeypatch.setenv("DISPLAY", ":99")  # the record is read before any window opens
    assert cli.main([*command, "--load", str(slow_record), "--no-autosave"]) == 2
    line = _one_line(capsys.readouterr().err, "daqi: ")
    assert str(slow_record.name) in line
