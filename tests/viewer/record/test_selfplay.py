"""``daqi record --selfplay``: a game between two computer players, deterministic for a seed,
legal (its record replays), then recorded like any game."""

from __future__ import annotations

import pytest

from engine import Game
from engine.spirit import SpiritGame
from viewer.app import record_cli
from viewer.record.errors import RecordError
from viewer.record.selfplay import parse_levels, record_text, selfplay_game


@pytest.mark.parametrize("game", ["cube", "spirit"])
def test_same_seed_same_legal_game(game):
    a = selfplay_game(game, (1, 2), seed=5, max_plies=6, nodes=200)
    b = selfplay_game(game, (1, 2), seed=5, max_plies=6, nodes=200)
    assert len(a.turns) == 6 or a.position.result is not None
    assert record_text(a) == record_text(b)
    replay = Game.from_record(record_text(a)) if game == "cube" else SpiritGame.from_text(record_text(a))
    assert replay.turns == a.turns and replay.position == a.position


def test_levels_per_side_and_bad_levels():
    assert parse_levels("2") == (2, 2)
    assert parse_levels("1,3") == (1, 3)
    for bad in ("4", "1,2,3", "x", "-1"):
        with pytest.raises(RecordError, match="--level"):
            parse_levels(bad)


def test_cli_records_the_self_play_game_and_saves_its_record(tmp_path, capsys):
    out, rec = tmp_path / "game.gif", tmp_path / "game.txt"
    argv = [
        "record",
        "--selfplay",
        "--level",
        "1",
        "--seed",
        "5",
        "--max-plies",
        "3",
        "--nodes",
        "150",
        "--out",
        str(out),
        "--size",
        "160x90",
        "--fps",
        "4",
        "--hold",
        "0.25",
        "--transition",
        "0.25",
        "--save",
        str(rec),
    ]
    assert record_cli.main(argv) == 0
    err = capsys.readouterr().err
    assert out.stat().st_size > 0 and "self-play cube chess" in err and "3 turns" in err
    expected = selfplay_game("cube", (1, 1), seed=5, max_plies=3, nodes=150)
    assert rec.read_text(encoding="utf-8") == record_text(expected)


def test_cli_spirit_self_play_and_a_clean_error(tmp_path, capsys):
    rec = tmp_path / "s.txt"
    argv = [
        "record",
        "--selfplay",
        "--game",
        "spirit",
        "--level",
        "0",
        "--seed",
        "2",
        "--max-plies",
        "2",
        "--out",
        str(tmp_path / "s.gif"),
        "--size",
        "160x120",
        "--fps",
        "4",
        "--hold",
        "0.25",
        "--transition",
        "0.25",
        "--save",
        str(rec),
    ]
    assert record_cli.main(argv) == 0
    assert SpiritGame.from_text(rec.read_text(encoding="utf-8")).turns
    capsys.readouterr()
    assert record_cli.main(["record", "--selfplay", "--level", "7", "--out", str(tmp_path / "x.mp4")]) == 2
    assert "--level" in capsys.readouterr().err and not (tmp_path / "x.mp4").exists()
