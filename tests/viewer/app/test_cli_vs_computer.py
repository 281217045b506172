"""``daqi play|spirit --vs computer`` options and ``daqi arena`` dispatch (no window needed)."""

from __future__ import annotations

import pytest

from viewer.app import cli


def controllers(argv):
    args = cli.build_parser().parse_args(argv)
    return cli._controllers(args, None)


def test_play_vs_computer_sets_side_level_and_seed():
    cube, spirit = controllers(
        ["play", "--vs", "computer", "--level", "1", "--computer", "white", "--seed", "9", "--quick"]
    )
    assert spirit is None
    assert cube.computer_sides == {"white"} and cube.computer_level == 1 and cube.computer_seed == 9
    assert cube.computer_executor is None  # the worker starts with the first question
    assert "computer plays white" in cube.message.text


def test_spirit_vs_computer_defaults_to_black_level_2():
    cube, spirit = controllers(["spirit", "--vs", "computer", "--quick"])
    assert cube is None
    assert spirit.computer_sides == {"black"} and spirit.computer_level == 2


def test_hot_seat_is_the_default():
    cube, _ = controllers(["play", "--quick"])
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
