"""Candidates that know the whole rulebook (issue 18, item 1): a royal parked on a board of any
dimension walks home (C7, hyper-jumps up to every dimension in use + 1), a royal's step followed by
a 3-D jump onto a home square (C5, C29), a pawn dropped on the own home square against such a walk,
and a proven loss that is put off as long as possible (mate scores never blurred by the tie-break)."""

import pytest
from players_helpers import cube

from engine import apply_turn
from engine.players import suggest
from engine.players.cube_eval import home_threats
from engine.players.cube_moves import candidates, royal_reaches

# black's homes: king (9, 16, 1), prince (8, 16, 1); white's: king (8, 1, 1), prince (9, 1, 1)


def _play(pos, level, seed=0):
    s = suggest(pos, level, seed=seed)
    return s, apply_turn(pos, s.turn)[0]


@pytest.mark.parametrize("level", (1, 3))
def test_a_prince_parked_on_a_seven_dimensional_board_hyper_jumps_home(level):
    # the prince stands on board (.., w7=2): one hyper-jump along the 7th index lands on black's
    # king home, empty since black's king left it (C5 for a prince walking home, C7 its uncapturable walk)
    prince = (9, 16, 1, 1, 1, 1, 2)
    pos = cube({(1, 1, 1): "wK", prince: "wH", (14, 9, 1): "bK", (3, 12, 1): "bH", (2, 14, 1): "bR"})
    s, new = _play(pos, level)
    assert s.turn.origin == prince and "hyperjump" in [a.kind for a in s.turn.actions]
    assert new.result is not None and new.result.winner == "white" and "home-occupied" in new.result.reason


@pytest.mark.parametrize("level", (1, 3))
def test_a_royal_steps_then_jumps_onto_the_enemy_home(level):
    # the prince on plane z=2 cannot jump straight down (a black rook stands on (8, 15, 1)): it steps
    # to (9, 16, 2) and jumps onto black's king home (9, 16, 1) in the same turn (C29: move + jump)
    pos = cube({(1, 1, 1): "wK", (8, 15, 2): "wH", (8, 15, 1): "bR", (14, 9, 1): "bK", (3, 12, 1): "bH"})
    s, new = _play(pos, level)
    assert [a.kind for a in s.turn.actions] == ["move", "jump"]
    assert new.result is not None and new.result.winner == "white" and "home-occupied" in new.result.reason


def test_the_two_action_walk_is_a_threat_the_evaluation_sees():
    pos = cube({(1, 1, 1): "wK", (8, 15, 2): "wH", (8, 15, 1): "bR", (14, 9, 1): "bK", (3, 12, 1): "bH"})
    assert home_threats(pos, "white") >= 1
    assert royal_reaches((8, 15, 2), (9, 16, 1)) and royal_reaches((9, 16, 1, 2), (9, 16, 2))
    assert not royal_reaches((8, 15, 2, 2), (9, 16, 1)) and not royal_reaches((9, 16, 1, 3), (9, 16, 1))


@pytest.mark.parametrize("level", (2, 3))
def test_a_pawn_dropped_on_the_own_home_stops_a_princes_walk(level):
    # black's prince (uncapturable, C6) stands on plane z=2 diagonally above white's king home (8, 1, 1), which
    # white's king has left; black threatens step + jump onto it (C5).  White parries: a piece on
    # the home square (a drop, C11) or its king back on it.
    pos = cube(
        {(3, 3, 1): "wK", (14, 14, 1): "wH", (7, 2, 2): "bH", (14, 9, 1): "bK", (12, 12, 1): "wR"},
        scores={"white": 60, "black": 60},
    )
    drop = [t for t in candidates(pos) if t.actions[0].kind == "drop" and t.actions[0].to == (8, 1, 1)]
    assert drop, "the blocking drop is a candidate"
    s, new = _play(pos, level, seed=4)
    assert new.result is None
    assert home_threats(new, "black") == 0


def test_when_every_turn_loses_the_slowest_loss_is_chosen():
    # white cannot stop black's prince from walking home; the tie-break must not pick a turn that
    # loses at once over one that loses later: the value is a proven loss, as late as possible
    pos = cube(
        {(1, 1, 1): "wK", (16, 16, 1): "wH", (9, 2, 1): "bH", (8, 3, 1): "bH", (14, 9, 1): "bK"},
        scores={"white": 1, "black": 120},
    )
    s = suggest(pos, 3, seed=0)
    assert s.eval < -500_000
    for seed in range(1, 4):
        assert suggest(pos, 3, seed=seed).eval == s.eval


def test_the_tie_break_never_touches_a_proven_result():
    from engine.players.base import Budget
    from engine.players.cube_player import ADAPTER, LEVEL_PARAMS
    from engine.players.search import WIN, Search

    s = Search(ADAPTER, LEVEL_PARAMS[3], Budget(100), seed=7)
    pos = cube({(1, 1, 1): "wK", (14, 9, 1): "bK"})
    t = candidates(pos)[0]
    assert s.jitter(t, 0.0) > 0.0  # seed 7 gives this turn a tie-break
    assert s.jitter(t, -(WIN - 3)) == 0.0 and s.jitter(t, WIN - 2) == 0.0
