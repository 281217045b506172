"""Bug 9 (issue 13): 'daqi record --help' states the sample games' real frame counts."""

from __future__ import annotations

import re

import pytest

from viewer.app import record_cli
from viewer.record.recording import Recorder, RecordOptions, load_game


def _help(capsys) -> str:
    with pytest.raises(SystemExit):
        record_cli.main(["record", "--help"])
    return capsys.readouterr().out


@pytest.mark.parametrize("demo, label", [(True, "the demo game"), (False, "--spirit-demo")])
def test_help_example_is_what_the_recorder_renders(capsys, demo, label):
    text = " ".join(_help(capsys).split())
    m = re.search(re.escape(label) + r" \((\d+) turns, (\d+) (?:actions|steps)\).*?= (\d+) frames = ([\d.]+) s", text)
    assert m, text
    turns, actions, frames, seconds = int(m[1]), int(m[2]), int(m[3]), float(m[4])
    game = load_game(demo=demo, spirit_demo=not demo)
    rec = Recorder(game, RecordOptions())
    assert len(game.turns) == turns
    assert frames == len(rec)
    assert seconds == pytest.approx(len(rec) / RecordOptions().fps)
    src = rec.source
    assert actions == sum(src.action_count(k) for k in range(1, src.n_turns + 1))


def test_plain_record_parsing_does_not_build_the_help(monkeypatch):
    """The example numbers are counted only when the help is shown (no cost for a normal run)."""
    calls = []
    monkeypatch.setattr(record_cli, "frame_rule", lambda: calls.append(1) or "")
    record_cli.record_parser().parse_args(["--demo", "--out", "x.mp4"])
    assert calls == []
