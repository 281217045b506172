"""A spirit-chess record that begins from a position and names a ruleset loaded from a file the
user gave (``--ruleset FILE``) reads its pieces against that ruleset: ``daqi play --load``,
``daqi snapshot`` and ``daqi record`` pass it through (issue 22)."""

from __future__ import annotations

import pytest

from engine.core import games
from engine.core.errors import DaqiError
from engine.core.loader import load_ruleset_file
from engine.spirit.position_text import format_spirit_position
from engine.spirit.record import SpiritGame
from viewer.app import cli, record_cli

RULESET = 'extends = "spirit"\n[meta]\nname = "filespirit"\n[gaps]\nh6_max_plies = 50\n'


@pytest.fixture
def files(tmp_path):
    rules_file = tmp_path / "filespirit.toml"
    rules_file.write_text(RULESET, encoding="utf-8")
    rules = load_ruleset_file(str(rules_file))
    game = SpiritGame(rules)
    game.play(_first_turn(game))
    record = tmp_path / "from-position.txt"
    start = SpiritGame(rules, start=game.position)  # black to move, then one turn of black's
    start.play(_first_turn(start))
    record.write_text(start.to_text(), encoding="utf-8")
    return rules_file, record, rules


def _first_turn(game):
    from engine.players import suggest

    return suggest(game.position, 1, seed=0).turn


def test_the_record_reads_against_the_ruleset_file_it_names(files):
    rules_file, record, rules = files
    text = record.read_text(encoding="utf-8")
    assert "ruleset filespirit" in text and "pieces white" in text
    with pytest.raises(DaqiError, match="no ruleset named 'filespirit'"):
        games.load_record(record)  # by name alone it is nowhere
    game = games.load_record(record, known=rules)
    assert game.rules is rules and game.start.to_move == "black" and len(game.turns) == 1
    assert format_spirit_position(game.start).split("\n", 1)[1] in text


def test_play_load_passes_the_ruleset_file_through(files):
    rules_file, record, rules = files
    args = cli.build_parser().parse_args(["spirit", "--ruleset", str(rules_file), "--load", str(record)])
    ctrl = cli._controllers(args, None)[0]
    assert ctrl.game.rules is rules
    assert ctrl.game.start is not None and ctrl.game.start.to_move == "black" and len(ctrl.game.turns) == 1


def test_snapshot_and_record_pass_the_ruleset_file_through(files, tmp_path, capsys, gl_ctx):
    rules_file, record, _ = files
    png = tmp_path / "still.png"
    assert record_cli.main(["snapshot", str(record), "--out", str(png), "--size", "160x120"]) == 2
    assert "no ruleset named 'filespirit'" in capsys.readouterr().err
    status = record_cli.main(
        ["snapshot", str(record), "--ruleset", str(rules_file), "--out", str(png), "--size", "160x120"]
    )
    assert status == 0, capsys.readouterr().err
    assert png.stat().st_size > 0
    gif = tmp_path / "clip.gif"
    status = record_cli.main(
        ["record", str(record), "--ruleset", str(rules_file), "--out", str(gif), "--size", "160x120", "--fps", "4"]
    )
    assert status == 0, capsys.readouterr().err
    assert gif.stat().st_size > 0
