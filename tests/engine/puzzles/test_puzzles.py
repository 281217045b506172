"""Puzzles: found in positions, checked, judged; the bundled sets (made by `daqi puzzles make`
from self-play games) hold at least 50 per game and every one checks out."""

from __future__ import annotations

import pytest
from puzzle_helpers import FREE_QUEEN, KING_EN_PRISE, spirit_elder

from engine.puzzles import analyse, bundled_puzzles, check_puzzle, judge, load_puzzles, puzzles_text
from engine.puzzles.store import PuzzleError


def test_a_free_queen_is_a_material_puzzle_and_a_wrong_turn_is_told_why():
    p = analyse(FREE_QUEEN.position())
    assert p is not None and p.goal == "material" and p.gain >= 9
    assert p.line[0] == "R(5,5,1)x(5,12,1)"
    assert check_puzzle(p) == []
    start = p.start()
    assert judge(p, start, p.turns()[0]).correct
    from engine.cube.notation import parse_turn

    wrong = parse_turn("R(5,5,1)-(5,6,1)", start.rules)[0]
    v = judge(p, start, wrong)
    assert not v.correct and "not +" in v.words


def test_a_king_left_en_prise_is_a_win_puzzle():
    p = analyse(KING_EN_PRISE.position())
    assert p is not None and p.goal == "win" and p.line == ("R(12,5,1)x(12,16,1)",)
    assert check_puzzle(p) == []


def test_a_spirit_capture_is_a_puzzle():
    p = analyse(spirit_elder().position())
    assert p is not None and p.game == "spirit" and p.goal == "material"
    assert check_puzzle(p) == []


def test_a_false_claim_is_caught_by_the_check():
    p = analyse(FREE_QUEEN.position())
    from dataclasses import replace

    assert check_puzzle(replace(p, gain=p.gain + 50))
    assert check_puzzle(replace(p, line=("R(5,5,1)x(5,13,1)",)))


def test_puzzle_files_round_trip_and_bad_ones_are_named(tmp_path):
    p = analyse(FREE_QUEEN.position())
    f = tmp_path / "p.toml"
    f.write_text(puzzles_text([p]), encoding="utf-8")
    (back,) = load_puzzles(f)
    assert (back.id, back.position, back.line, back.goal, back.gain, back.tags) == (
        p.id,
        p.position,
        p.line,
        p.goal,
        p.gain,
        p.tags,
    )
    f.write_text('[[puzzle]]\nid = "x"\ngame = "chess"\n', encoding="utf-8")
    with pytest.raises(PuzzleError, match="puzzle 1: game must be"):
        load_puzzles(f)


@pytest.mark.parametrize("game", ["cube", "spirit"])
def test_the_bundled_set_holds_fifty_puzzles_that_each_win_what_they_claim(game):
    puzzles = bundled_puzzles(game)
    assert len(puzzles) >= 50
    assert len({p.position for p in puzzles}) == len(puzzles)
    problems = [m for p in puzzles for m in check_puzzle(p)]
    assert problems == []
    assert {p.goal for p in puzzles} == {"win", "material"}
