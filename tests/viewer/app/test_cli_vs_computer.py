"""``daqi play|spirit --vs computer`` options and ``daqi arena`` dispatch (no window needed)."""

from __future__ import annotations

import pytest

from viewer.app import cli


def controllers(argv):
    args = cli.build_parser().parse_args(argv)
    return cli._controllers(args, None)[0]


def test_play_vs_computer_sets_side_level_and_seed():
    cube = controllers(["play", "--vs", "computer", "--level", "1", "--computer", "white", "--seed", "9", "--quick"])
    assert cube.game_name == "cube"
    assert cube.computer_sides == {"white"} and cube.computer_level == 1 and cube.computer_seed == 9
    assert cube.computer_executor is None  # the worker starts with the first question
    assert "computer plays white" in cube.message.text


def test_spirit_vs_computer_defaults_to_black_level_2():
    spirit = controllers(["spirit", "--vs", "computer", "--quick"])
    assert spirit.game_name == "spirit"
    assert spirit.computer_sides == {"black"} and spirit.computer_level == 2


def test_hot_seat_is_the_default():
    cube = controllers(["play", "--quick"])
    assert cube.computer_sides == frozenset() and cube.computer_status() == ""


def test_level_without_vs_computer_is_refused(capsys):
    assert cli.main(["play", "--level", "1", "--headless"]) == 2
    assert "--vs computer" in capsys.readouterr().err


def test_bad_level_is_refused(capsys):
    with pytest.raises(SystemExit):
        cli.main(["play", "--vs", "computer", "--level", "5", "--headless"])
    assert "--level" in capsys.readouterr().err


def test_arena_goes_to_the_engine_arena(monkeypatch):
    import engine.players.arena as arena

    seen = []
    monkeypatch.setattr(arena, "main", lambda argv: seen.append(list(argv)) or 3)
    assert cli.main(["arena", "--games", "2", "--levels", "0,1"]) == 3
    assert seen == [["--games", "2", "--levels", "0,1"]]


def test_a_user_spirit_ruleset_opens_spirit_chess_by_name_and_its_record_loads(tmp_path, monkeypatch):
    """A ruleset that says extends = "spirit" is spirit chess wherever it is named (issue 17/20)."""
    monkeypatch.setenv("DAQI_RULESETS", str(tmp_path))
    (tmp_path / "myspirit.toml").write_text('extends = "spirit"\n[meta]\nname = "myspirit"\n', encoding="utf-8")
    ctl = controllers(["play", "--ruleset", "myspirit", "--quick"])
    assert ctl.game_name == "spirit" and ctl.rules.name == "myspirit"
    record = tmp_path / "g.txt"
    from engine.spirit import legal_turns

    ctl.game.play(next(iter(legal_turns(ctl.game.position))))
    ctl.game.save(record)
    assert "ruleset myspirit" in record.read_text(encoding="utf-8")
    loaded = controllers(["play", "--load", str(record)])  # 'daqi play' opens the record's game
    assert loaded.game_name == "spirit" and loaded.game.turns == ctl.game.turns
