"""King, prince, capture and the win/loss rules: C1–C8, C16, G10, G11."""

import dataclasses

from engine import Capture, Drop, Jump, Move, legal_actions
from engine.cube.rules import facing_line_clear

# default homes (from the default royal arrangement): white king (8,1,1), prince (9,1,1);
# black king (9,16,1), prince (8,16,1).  Hand-built positions keep the royals away from them.


# -- C1 king -----------------------------------------------------------------------------------
def test_c1_king_steps_one_square_in_eight_planar_directions(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wK"})
    planar = {a.to for a in legal_actions(pos, (5, 5, 1)) if a.kind == "move"}
    assert planar == {(5 + dx, 5 + dy, 1) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy}


def test_c1_king_may_step_onto_an_attacked_square_no_check(rules, h):
    # (6,6,1) is attacked by the black rook on (6,12,1); there is no check rule
    pos = h.make(rules, {(5, 5, 1): "wK", (6, 12, 1): "bR", (12, 12, 1): "bK"})
    assert Move((6, 6, 1)) in legal_actions(pos, (5, 5, 1))
    new, _ = h.play(pos, (5, 5, 1), Move((6, 6, 1)))
    assert h.types(new.cell((6, 6, 1))) == ["king"] and new.result is None


def test_c1_king_has_no_two_step_move_and_no_castling(rules, h):
    pos = h.make(rules, {(8, 1, 1): "wK", (3, 1, 1): "wR", (14, 1, 1): "wR"})
    h.refuse(pos, (8, 1, 1), Move((6, 1, 1)), code="illegal-move")
    h.refuse(pos, (8, 1, 1), Move((10, 1, 1)), code="illegal-move")


# -- C2 capture -------------------------------------------------------------------------------
def test_c2_capture_by_moving_onto_an_enemy_the_piece_could_reach(rules, h):
    pos = h.make(rules, {(3, 5, 1): "wR", (3, 11, 1): "bN"})
    assert Capture((3, 11, 1)) in legal_actions(pos, (3, 5, 1))
    new, _ = h.play(pos, (3, 5, 1), Capture((3, 11, 1)))
    assert h.types(new.cell((3, 11, 1))) == ["rook"] and new.cell((3, 5, 1)) == ()
    assert new.scores["white"] == 123


def test_c2_capture_refused_where_the_piece_cannot_go_or_on_own_or_empty(rules, h):
    pos = h.make(rules, {(3, 5, 1): "wR", (4, 11, 1): "bN", (3, 7, 1): "wP"})
    h.refuse(pos, (3, 5, 1), Capture((4, 11, 1)), code="illegal-capture")
    h.refuse(pos, (3, 5, 1), Capture((3, 7, 1)), code="illegal-capture")
    h.refuse(pos, (3, 5, 1), Capture((3, 6, 1)), code="illegal-capture")
    h.refuse(pos, (3, 5, 1), Move((4, 11, 1)), code="illegal-move")


# -- C3 / G10 facing kings --------------------------------------------------------------------
FACING = {
    "same-x-file": ((5, 5, 1), (5, 12, 1)),
    "same-y-rank": ((2, 7, 1), (14, 7, 1)),
    "planar-diagonal": ((3, 4, 1), (10, 11, 1)),
    "same-planar-coordinates-other-plane": ((5, 5, 1), (5, 5, 9)),
    "space-diagonal": ((4, 4, 1), (7, 7, 4)),
    "across-a-higher-index": ((5, 5, 1), (5, 5, 1, 6)),
    "diagonal-through-higher-indices": ((5, 5, 2), (6, 6, 3, 2, 2)),
}


def test_c3_g10_facing_kings_capture_at_any_distance_along_every_line_kind(rules, h):
    for name, (a, b) in FACING.items():
        pos = h.make(rules, {a: "wK", b: "bK"})
        assert facing_line_clear(pos, a, b), name
        assert Capture(b) in legal_actions(pos, a, horizon=6), name
        new, _ = h.play(pos, a, Capture(b))
        assert h.types(new.cell(b)) == ["king"] and new.cell(b)[0].side == "white", name
        assert new.result is not None and new.result.winner == "white", name


def test_c3_g10_facing_kings_blocked_by_any_piece_between(rules, h):
    for name, (a, b) in FACING.items():
        n = max(len(a), len(b))
        av, bv = list(a) + [1] * (n - len(a)), list(b) + [1] * (n - len(b))
        mid = tuple(x + (y > x) - (y < x) for x, y in zip(av, bv))  # first cell after a
        while len(mid) > 3 and mid[-1] == 1:
            mid = mid[:-1]
        if mid == b:
            continue
        pos = h.make(rules, {a: "wK", b: "bK", mid: "bP"})
        assert not facing_line_clear(pos, a, b), name
        assert Capture(b) not in legal_actions(pos, a, horizon=6), name
        h.refuse(pos, a, Capture(b), code="illegal-capture")


def test_c3_g10_kings_not_on_one_lattice_line_do_not_face(rules, h):
    for a, b in (((5, 5, 1), (6, 7, 1)), ((5, 5, 1), (7, 6, 4)), ((5, 5, 1), (5, 6, 1, 3))):
        pos = h.make(rules, {a: "wK", b: "bK"})
        assert not facing_line_clear(pos, a, b)
        h.refuse(pos, a, Capture(b), code="illegal-capture")


def test_c3_only_the_side_to_move_uses_the_facing_capture_and_only_king_on_king(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wK", (5, 12, 1): "bK", (6, 12, 1): "bR"}, to_move="black")
    assert Capture((5, 5, 1)) in legal_actions(pos, (5, 12, 1))
    assert Capture((5, 12, 1)) not in legal_actions(pos, (5, 5, 1))  # not white's turn
    # a king does not capture other pieces at a distance
    pos2 = h.make(rules, {(5, 5, 1): "wK", (5, 12, 1): "bR"})
    h.refuse(pos2, (5, 5, 1), Capture((5, 12, 1)), code="illegal-capture")


# -- C4 / C8 king captured ---------------------------------------------------------------------
def test_c4_king_captured_with_score_not_above_the_captors_loses(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "bK", (3, 12, 1): "bH"}, scores={"white": 120, "black": 120})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.result.winner == "white" and "C4" in new.result.reason


def test_c4_king_captured_with_higher_score_crowns_the_prince(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "bK", (3, 12, 1): "bH"}, scores={"white": 100, "black": 130})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.result is None
    assert new.cell((3, 12, 1)) == (h.Piece("king", "black", "prince"),)
    assert new.kings_was["black"] == "prince"
    assert new.royals["black"] == {"king": (3, 12, 1), "prince": None}
    assert new.stats["white"]["king"]["captured"] == 1


def test_c4_king_captured_without_a_prince_loses_even_with_higher_score(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "bK"}, scores={"white": 100, "black": 130})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.result.winner == "white" and "no prince" in new.result.reason


def test_c8_crowned_prince_captured_again_loses_whatever_the_score(rules, h):
    crowned = (h.Piece("king", "black", "prince"),)
    pos = h.make(
        rules,
        {(5, 5, 1): "wR", (5, 9, 1): crowned},
        scores={"white": 60, "black": 119},
        kings_was={"white": None, "black": "prince"},
    )
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.result.winner == "white" and "C8" in new.result.reason


# -- C5 / C7 home squares ---------------------------------------------------------------------
def test_c5_enemy_king_on_your_king_start_square_loses(rules, h):
    pos = h.make(rules, {(9, 15, 1): "wK", (3, 8, 1): "bK"})  # black king home is (9,16,1)
    new, _ = h.play(pos, (9, 15, 1), Move((9, 16, 1)))
    assert new.result.winner == "white" and "C5" in new.result.reason


def test_c5_enemy_prince_on_your_king_start_square_loses(rules, h):
    pos = h.make(rules, {(10, 15, 1): "wH", (3, 8, 1): "bK"})
    new, _ = h.play(pos, (10, 15, 1), Move((9, 16, 1)))
    assert new.result.winner == "white" and "king-home" in new.result.reason


def test_c5_own_king_or_enemy_other_piece_on_the_home_square_does_not_lose(rules, h):
    pos = h.make(rules, {(9, 14, 1): "wR", (3, 8, 1): "bK"})
    new, _ = h.play(pos, (9, 14, 1), Move((9, 16, 1)))
    assert new.result is None


def test_c7_enemy_king_or_prince_on_your_prince_start_square_loses(rules, h):
    for royal in ("wK", "wH"):
        pos = h.make(rules, {(8, 15, 1): royal, (3, 8, 1): "bK"})  # black prince home (8,16,1)
        new, _ = h.play(pos, (8, 15, 1), Move((8, 16, 1)))
        assert new.result.winner == "white" and "C7" in new.result.reason


def test_c5_c7_homes_are_checked_for_both_sides_after_each_turn(rules, h):
    # white's king already stands on black's king home when black moves: black still loses
    pos = h.make(rules, {(9, 16, 1): "wK", (3, 8, 1): "bK"}, to_move="black")
    new, _ = h.play(pos, (3, 8, 1), Move((3, 9, 1)))
    assert new.result.winner == "white"


# -- C6 prince --------------------------------------------------------------------------------
def test_c6_prince_steps_one_square_but_never_captures(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wH", (5, 6, 1): "bN"})
    acts = list(legal_actions(pos, (5, 5, 1)))
    assert not [a for a in acts if a.kind == "capture"]
    assert {a.to for a in acts if a.kind == "move"} == {
        (4, 4, 1),
        (4, 5, 1),
        (4, 6, 1),
        (5, 4, 1),
        (6, 4, 1),
        (6, 5, 1),
        (6, 6, 1),
    }
    h.refuse(pos, (5, 5, 1), Capture((5, 6, 1)), code="illegal-capture")


def test_c6_prince_cannot_be_captured(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wQ", (5, 8, 1): "bH"})
    assert Capture((5, 8, 1)) not in legal_actions(pos, (5, 5, 1))
    h.refuse(pos, (5, 5, 1), Capture((5, 8, 1)), code="illegal-capture", match="C6")


def test_c6_prince_square_blocks_a_drop_as_an_enemy_square(rules, h):
    pos = h.make(rules, {(5, 8, 1): "bH"})
    h.refuse(pos, None, Drop("pawn", (5, 8, 1)), code="illegal-drop")


# -- C16 score losses ---------------------------------------------------------------------------
def test_c16_score_at_most_half_of_the_opponents_loses(rules, h):
    # white spends 3 of 103 points: 100 vs black's 200 -> white has exactly half -> loses
    pos = h.make(rules, {(3, 8, 1): "wK", (12, 8, 1): "bK"}, scores={"white": 103, "black": 200})
    new, cost = h.play(pos, None, Drop("knight", (1, 8, 1)))
    assert cost == 3 and new.scores["white"] == 100
    assert new.result.winner == "black" and "C16" in new.result.reason


def test_c16_score_above_half_does_not_lose(rules, h):
    pos = h.make(rules, {(3, 8, 1): "wK", (12, 8, 1): "bK"}, scores={"white": 104, "black": 200})
    new, _ = h.play(pos, None, Drop("knight", (1, 8, 1)))
    assert new.scores["white"] == 101 and new.result is None


def test_c16_score_zero_loses(rules, h):
    pos = h.make(rules, {(3, 8, 1): "wK", (12, 8, 1): "bK"}, scores={"white": 3, "black": 3})
    new, _ = h.play(pos, None, Drop("rook", (1, 8, 1)))
    assert new.scores["white"] == 0
    assert new.result.winner == "black" and "C16" in new.result.reason


def test_c16_capture_can_push_the_opponent_to_half(rules, h):
    # black 61 vs white 110: white captures a rook (+3 = 113): 61 > 56.5 still fine;
    # capturing the queen (+12 = 122) makes 61 <= 61 -> black loses
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "bQ", (3, 12, 1): "bK"}, scores={"white": 110, "black": 61})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.scores["white"] == 122 and new.result.winner == "white"


# -- G11 both sides lose ------------------------------------------------------------------------
def _both_lose_position(rules, h):
    # white (50) is at half of black (100): C16; white's king steps on black's king home: C5
    return h.make(rules, {(9, 15, 1): "wK", (3, 8, 1): "bK"}, scores={"white": 50, "black": 100})


def test_g11_both_sides_meeting_a_loss_condition_is_a_draw(rules, h):
    assert rules.both_lose == "draw"
    new, _ = h.play(_both_lose_position(rules, h), (9, 15, 1), Move((9, 16, 1)))
    assert new.result.winner is None and "G11" in new.result.reason


def test_g11_variant_mover_loses_is_a_ruleset_switch(rules, h):
    variant = dataclasses.replace(rules, both_lose="mover-loses")
    new, _ = h.play(_both_lose_position(variant, h), (9, 15, 1), Move((9, 16, 1)))
    assert new.result.winner == "black" and "G11" in new.result.reason


def test_g11_loss_conditions_are_checked_after_every_turn_even_quiet_ones(rules, h):
    pos = h.make(rules, {(3, 8, 1): "wK", (12, 8, 1): "bK"}, scores={"white": 50, "black": 100})
    new, _ = h.play(pos, (3, 8, 1), Jump((3, 8, 2)))
    assert new.result.winner == "black"
