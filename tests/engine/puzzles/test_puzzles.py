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


def _turn(p, pos, text):
    return p.kind.parse_turn(pos, text)


def test_a_fork_is_a_win_in_two_stored_with_its_whole_line():
    from puzzle_helpers import FORK_IN_TWO

    p = analyse(FORK_IN_TWO.position())
    assert p is not None and p.goal == "win" and p.moves == 2 and len(p.line) == 3
    assert p.line[0] == "N(4,5,1)-(5,7,1)" and p.line[2].startswith("N(5,7,1)x")
    assert {"in two", "C16 margin"} <= set(p.tags) and "win in two" in p.goal_words()
    assert check_puzzle(p) == []


def test_the_check_verifies_every_step_of_a_line():
    from dataclasses import replace

    from puzzle_helpers import FORK_IN_TWO

    p = analyse(FORK_IN_TWO.position())
    # a first turn that threatens one rook only: the rook steps away
    (bad,) = check_puzzle(replace(p, line=("N(4,5,1)-(6,6,1)", "R(7,8,1)-(7,9,1)", "N(6,6,1)-(7,8,1)")))
    assert "is not forced" in bad and "escapes" in bad
    # the right first turn, but a last turn that does not win
    (bad,) = check_puzzle(replace(p, line=(*p.line[:2], "N(5,7,1)-(4,9,1)")))
    assert "does not win at once" in bad


def test_judging_a_line_step_by_step():
    from puzzle_helpers import FORK_IN_TWO

    p = analyse(FORK_IN_TWO.position())
    start = p.start()
    line = p.turns()
    v = judge(p, start, line[0])
    assert (
        v.correct
        and not v.done
        and v.reply == line[1]
        and "your next turn wins" in v.words
        and v.words.startswith("whatever")
    )
    wrong = judge(p, start, _turn(p, start, "N(4,5,1)-(6,6,1)"))
    assert not wrong.correct and wrong.done and wrong.reply is not None and "black answers" in wrong.words
    after = p.kind.apply(p.kind.apply(start, line[0]), line[1])
    done = judge(p, after, line[2], step=1)
    assert done.correct and done.done and "wins" in done.words
    # at the last step any turn that wins at once is accepted; a quiet one is told why not
    quiet = judge(p, after, _turn(p, after, "N(5,7,1)-(4,9,1)"), step=1)
    assert not quiet.correct and "does not end the game" in quiet.words


def test_the_bundled_sets_cover_the_themes_of_both_games_and_hold_wins_in_two():
    cube = bundled_puzzles("cube")
    cube_tags = {t for p in cube for t in p.tags}
    assert {"facing line", "home walk", "hyper-jump", "drop", "stack", "C16 margin", "in two"} <= cube_tags
    assert any(p.moves == 2 and p.start().to_move == "black" for p in cube)  # a black solver too
    spirit_tags = {t for p in bundled_puzzles("spirit") for t in p.tags}
    assert {"formation", "sect"} <= spirit_tags
    ratings = [p.rating for p in cube]
    assert min(ratings) < 1400 < max(ratings)  # rated: easy and hard ones
