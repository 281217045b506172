"""Levels >= 1 take a win in one, take free material and (levels >= 2) avoid a capture that loses at once."""

import pytest
from players_helpers import cube, spirit

from engine import apply_turn
from engine.players import suggest
from engine.players.cube_eval import king_capture
from engine.spirit import apply_spirit_turn

SEARCHING = (1, 2, 3)


def _wins(pos, level, seed=0):
    s = suggest(pos, level, seed=seed)
    new, _ = apply_turn(pos, s.turn)
    return s, new


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("black_king", [(5, 5, 4), (5, 5, 1, 3), (7, 7, 1, 3), (2, 8, 1), (5, 5, 3, 1, 1, 3)])
def test_levels_take_the_facing_kings_win_across_planes_and_higher_indices(level, black_king):
    pos = cube({(5, 5, 1): "wK", (12, 3, 1): "wH", black_king: "bK", (14, 14, 1): "bH", (10, 12, 1): "bR"})
    s, new = _wins(pos, level)
    assert s.turn.actions[0].kind == "capture" and s.turn.actions[0].to == black_king
    assert new.result is not None and new.result.winner == "white"
    assert "C4" in new.result.reason
    assert "wins" in s.reason


@pytest.mark.parametrize("level", SEARCHING)
def test_an_uncapturable_prince_steps_onto_the_enemy_kings_home(level):
    # black's king left its home (9, 16, 1); white's prince stands next to it
    pos = cube({(1, 1, 1): "wK", (10, 15, 1): "wH", (14, 9, 1): "bK", (3, 12, 1): "bH", (2, 14, 1): "bR"})
    s, new = _wins(pos, level)
    assert new.result is not None and new.result.winner == "white"
    assert "C5" in new.result.reason
    assert s.turn.origin == (10, 15, 1)


@pytest.mark.parametrize("level", SEARCHING)
def test_levels_capture_the_unguarded_sect(level):
    pos = spirit(
        {
            (1, 1): ("sect", "white"),
            (3, 2): ("disciple", "white"),
            (10, 10): ("master", "white"),
            (13, 10): ("sect", "black"),
            (18, 18): ("elder", "black"),
            (17, 19): ("disciple", "black"),
        }
    )
    s = suggest(pos, level, seed=3)
    new, _ = apply_spirit_turn(pos, s.turn)
    assert new.result is not None and new.result.winner == "white" and new.result.reason == "sect-captured"
    assert "the sect is captured" in s.reason and "sect-captured" not in s.reason  # words, not a code


@pytest.mark.parametrize("level", SEARCHING)
def test_free_material_is_taken(level):
    pos = cube(
        {(1, 1, 1): "wK", (3, 1, 1): "wH", (5, 5, 1): "wR", (5, 9, 1): "bN", (14, 16, 1): "bK", (12, 16, 1): "bH"}
    )
    s, new = _wins(pos, level)
    assert s.turn.actions[0].kind == "capture" and s.turn.actions[0].to == (5, 9, 1)
    assert new.scores["white"] == 123
    assert "takes a knight (+3)" in s.reason


@pytest.mark.parametrize("level", (2, 3))
def test_a_capture_that_opens_the_facing_line_is_avoided(level):
    # the white knight on (5,5,1) blocks the file between the kings; taking the rook on (6,7,1) opens it and
    # black's king takes white's at once (C3); white has no prince and a lower score, so that loses (C4)
    pos = cube(
        {(5, 1, 1): "wK", (5, 5, 1): "wN", (6, 7, 1): "bR", (5, 12, 1): "bK", (14, 16, 1): "bH", (1, 8, 1): "wB"},
        scores={"white": 100, "black": 120},
    )
    natural = apply_turn(pos, __import__("engine").Turn((5, 5, 1), (__import__("engine").Capture((6, 7, 1)),)))[0]
    assert king_capture(natural, "black") == 2  # the trap is real
    s = suggest(pos, level, seed=1)
    new, _ = apply_turn(pos, s.turn)
    assert not (s.turn.origin == (5, 5, 1) and s.turn.actions[0].kind == "capture")
    assert king_capture(new, "black") == 0
    assert new.result is None or new.result.winner == "white"
