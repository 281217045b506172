"""Games and records: round trip, Chinese input, errors with line numbers, undo/redo, replay,
atomic save, the sample game, and the draw rules (G14)."""

import dataclasses
import os

import pytest

from engine import Game, IllegalAction, Jump, Move, NotationError, Turn, load_ruleset, parse_turn
from engine.cube.game import sample_game
from engine.cube.position_text import format_position

HEADER = "ruleset standard\n"


def small_game():
    g = Game("standard")
    g.play(Turn((9, 3, 1), (Move((9, 4, 1)),)))
    g.play(Turn((9, 14, 1), (Move((9, 13, 1)),)))
    g.play(Turn((9, 4, 1), (Jump((9, 4, 2)),)))
    return g


# -- round trip --------------------------------------------------------------------------------
@pytest.mark.parametrize("style", ["ascii", "chinese"])
def test_g15_record_round_trip_both_styles(style):
    g = sample_game()
    text = g.to_record(style)
    again = Game.from_record(text)
    assert again.position == g.position
    assert again.to_record(style) == text
    assert again.to_record("ascii") == g.to_record("ascii")


def test_g15_record_accepts_chinese_turns_and_chinese_setup_names():
    text = HEADER + (
        "setup white 车 马 相 炮 | 炮 相 马 车 | 马 炮 车 相 | 相 车 炮 马 | 炮 马 相 车 | 车 相 马 炮 | "
        "后 王 公 哥\n"
        "1. 兵(…—9,3,1,1,1,1,1,1…)走(…—9,4,1,1,1,1,1,1…)\n"
        "1... 兵（……0，0，0——9，14，1，1，1，1，1，1……）走（……0，0，0——9，13，1，1，1，1，1，1……）\n"
    )
    g = Game.from_record(text)
    assert g.position == small_game().position_at(2)


def test_a_record_numbers_every_turn_as_the_window_does():
    """Turn k of the record is written ``k.`` (both sides counted), the window's "turn k"."""
    text = small_game().to_record()
    assert [x.split()[0] for x in text.splitlines() if x[:1].isdigit()] == ["1.", "2.", "3."]
    assert Game.from_record(text).positions == small_game().positions


def test_older_move_pair_records_still_read():
    """Records written before (``1.`` / ``1...`` / ``2.``) read to the same game, also when black
    moves first (``1...`` then ``2.``)."""
    old = HEADER + "1. P(9,3,1)-(9,4,1)\n1... P(9,14,1)-(9,13,1)\n2. P(9,4,1)^(9,4,2)\n"
    assert Game.from_record(old).positions == small_game().positions
    g = small_game()
    start = g.positions[1]  # black to move
    head = format_position(start)
    pairs = head + "1... P(9,14,1)-(9,13,1)\n2. P(9,4,1)^(9,4,2)\n"
    turns = head + "1. P(9,14,1)-(9,13,1)\n2. P(9,4,1)^(9,4,2)\n"
    assert Game.from_record(pairs).positions == Game.from_record(turns).positions == g.positions[1:]
    assert Game.from_record(Game.from_record(pairs).to_record()).positions == g.positions[1:]


@pytest.mark.parametrize(
    "lines,want",
    [
        (["1. P(9,3,1)-(9,4,1)", "2. P(9,14,1)-(9,13,1)", "2. P(9,4,1)^(9,4,2)"], "expected turn number 3."),
        (["1. P(9,3,1)-(9,4,1)", "1... P(9,14,1)-(9,13,1)", "3. P(9,4,1)^(9,4,2)"], "expected turn number 2."),
        (["1. P(9,3,1)-(9,4,1)", "3. P(9,14,1)-(9,13,1)"], "expected turn number 2. here (or 1... in older"),
    ],
)
def test_a_record_keeps_one_numbering(lines, want):
    with pytest.raises(NotationError, match=want.replace(".", r"\.").replace("(", r"\(")) as info:
        Game.from_record(HEADER + "\n".join(lines) + "\n")
    assert f"line {len(lines) + 1}" in str(info.value)


def test_record_comments_and_blank_lines_are_ignored():
    text = "# a comment\n; another\n\n" + HEADER + "1. P(9,3,1)-(9,4,1)\n\n# end\n"
    assert Game.from_record(text).position == small_game().position_at(1)


@pytest.mark.parametrize(
    "lines,lineno",
    [
        (["1. P(9,3,1)-(9,4,1)", "garbage here"], 3),
        (["1. P(9,3,1)-(9,4,1)", "1... P(9,14,1)?(9,13,1)"], 3),
        (["2. P(9,3,1)-(9,4,1)"], 2),  # wrong turn number
        (["1... P(9,3,1)-(9,4,1)"], 2),  # black's number for white's turn
        (["setup white rook"], 2),  # wrong number of parts
        (["setup green " + " | ".join(["rook rook rook rook"] * 6) + " | queen king prince brother"], 2),
        (["1. N(9,3,1)-(9,4,1)"], 2),  # the square holds a pawn, not a knight
        (["1. P(9,3,1)-(9,4,1)", "ruleset standard"], 3),  # ruleset line twice
    ],
)
def test_malformed_record_line_raises_notation_error_with_its_line_number(lines, lineno):
    text = HEADER + "\n".join(lines) + "\n"
    with pytest.raises(NotationError) as info:
        Game.from_record(text)
    assert f"line {lineno}" in str(info.value)


def test_illegal_turn_in_a_record_names_its_line():
    text = HEADER + "1. P(9,3,1)-(9,4,1)\n1... P(9,14,1)-(9,11,1)\n"
    with pytest.raises(IllegalAction) as info:
        Game.from_record(text, source="demo.txt")
    assert "demo.txt, line 3" in str(info.value)


def test_unknown_ruleset_in_a_record_is_a_notation_error():
    with pytest.raises(NotationError) as info:
        Game.from_record("ruleset no-such-thing\n")
    assert "line 1" in str(info.value)


# -- undo / redo / replay ----------------------------------------------------------------------
def test_undo_redo():
    g = small_game()
    p1, p2, p3 = g.position_at(1), g.position_at(2), g.position_at(3)
    assert g.undo() == Turn((9, 4, 1), (Jump((9, 4, 2)),))
    assert g.position == p2 and g.can_redo and g.can_undo
    g.undo()
    assert g.position == p1
    assert g.redo() == p2 == g.position
    g.redo()
    assert g.position == p3 and not g.can_redo
    with pytest.raises(IllegalAction, match="nothing to redo") as err:
        g.redo()
    assert err.value.code == "no-history" and g.position == p3
    g.undo()
    g.play(Turn((9, 4, 1), (Move((9, 5, 1)),)))
    assert not g.can_redo  # a new turn clears the redo list
    while g.can_undo:
        g.undo()
    assert g.position == Game("standard").position and g.history == ()
    with pytest.raises(IllegalAction, match="nothing to undo"):
        g.undo()


def test_replay_to_any_ply_equals_a_truncated_record():
    g = sample_game()
    lines = g.to_record().splitlines()
    head = [x for x in lines if not x[:1].isdigit() and not x.startswith("# result")]
    turns = [x for x in lines if x[:1].isdigit()]
    for ply in range(len(g.turns) + 1):
        part = Game.from_record("\n".join(head + turns[:ply]) + "\n")
        assert part.position == g.position_at(ply)
    with pytest.raises(IndexError):
        g.position_at(len(g.turns) + 1)


# -- atomic save ----------------------------------------------------------------------------------
def test_save_is_atomic_and_leaves_no_temp_file(tmp_path):
    g = small_game()
    path = tmp_path / "games" / "g.txt"
    g.save(path)
    assert sorted(p.name for p in path.parent.iterdir()) == ["g.txt"]
    assert Game.load(path).position == g.position


def test_failing_save_keeps_the_existing_file(tmp_path, monkeypatch):
    path = tmp_path / "g.txt"
    small_game().save(path)
    before = path.read_bytes()
    g = sample_game()

    def boom(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(OSError):
        g.save(path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["g.txt"]


def test_load_errors_are_notation_errors(tmp_path):
    with pytest.raises(NotationError) as info:
        Game.load(tmp_path / "missing.txt")
    assert info.value.code == "io"
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(NotationError):
        Game.load(bad)


# -- sample game ----------------------------------------------------------------------------------
def test_sample_game_loads_and_shows_every_action_kind():
    g = sample_game()
    kinds = {a.kind for t in g.turns for a in t.actions}
    assert kinds == {"move", "capture", "jump", "hyperjump", "stack", "split", "drop", "promote"}
    assert 12 <= len(g.turns) <= 20
    assert g.position.result is not None and g.position.result.winner == "white"
    assert g.position_at(0) == Game("standard").position


# -- G14 draws ------------------------------------------------------------------------------------
def test_g14_turn_limit_ends_in_a_draw():
    rules = dataclasses.replace(load_ruleset("standard"), max_plies=2)
    g = Game(rules)
    g.play(Turn((9, 3, 1), (Move((9, 4, 1)),)))
    assert g.position.result is None
    g.play(Turn((9, 14, 1), (Move((9, 13, 1)),)))
    assert g.position.result.winner is None and "G14" in g.position.result.reason
    assert load_ruleset("standard").max_plies == 600


def test_g14_threefold_repetition_is_a_draw():
    g = Game("standard")
    assert g.rules.repetitions == 3
    g.play(Turn((9, 3, 1), (Move((9, 4, 1)),)))
    g.play(Turn((9, 14, 1), (Move((9, 13, 1)),)))
    shuffle = [
        Turn((9, 4, 1), (Jump((9, 4, 2)),)),
        Turn((9, 13, 1), (Jump((9, 13, 2)),)),
        Turn((9, 4, 2), (Jump((9, 4, 1)),)),
        Turn((9, 13, 2), (Jump((9, 13, 1)),)),
    ]
    for t in shuffle:
        g.play(t)
    assert g.position.result is None  # second occurrence
    for t in shuffle:
        g.play(t)
    assert g.position.result.winner is None and "G14" in g.position.result.reason
    assert len(g.turns) == 10
    # and a replayed record reaches the same draw
    assert Game.from_record(g.to_record()).position == g.position


def test_g14_no_turn_after_the_game_ended():
    g = sample_game()
    with pytest.raises(IllegalAction) as info:
        g.play(parse_turn("P(9,14,1)-(9,13,1)", g.rules)[0])
    assert info.value.code == "game-over"


def test_record_errors_write_cells_as_the_window_does():
    """Issue 16 re-test: no coordinate in list form ('[9, 3, 1]') in a record's error."""
    with pytest.raises(NotationError) as info:
        Game.from_record(HEADER + "1. N(9,3,1)-(9,4,1)\n")
    assert "on (9,3,1), but the square holds pawn" in str(info.value) and "[" not in str(info.value)
