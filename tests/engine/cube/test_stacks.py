"""Stacks and splits: C39–C43, G6, G7, G8 (stack costs C15 live in test_scores.py)."""

import pytest

from engine import Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, TurnBuilder, legal_actions


# -- C39 what may stack -----------------------------------------------------------------------
@pytest.mark.parametrize(
    "mover,origin,below",
    [("wK", (5, 5, 1), "wP"), ("wH", (5, 5, 1), "wP"), ("wP", (5, 5, 1), "wK"), ("wQ", (5, 5, 1), "wH")],
)
def test_c39_kings_and_princes_cannot_stack_or_be_carried(rules, h, mover, origin, below):
    pos = h.make(rules, {origin: mover, (5, 6, 1): below})
    assert Move((5, 6, 1)) not in legal_actions(pos, origin)
    h.refuse(pos, origin, Move((5, 6, 1)), Stack(), code="illegal-stack", match="C39")


def test_c39_no_drop_onto_an_own_king(rules, h):
    pos = h.make(rules, {(1, 8, 1): "wK"})
    h.refuse(pos, None, Drop("pawn", (1, 8, 1)), Stack(), code="illegal-stack")


@pytest.mark.parametrize("letter", "PNCBRQG")
def test_c39_every_valued_piece_may_stack(rules, h, letter):
    pos = h.make(rules, {(1, 8, 1): "w" + letter})
    h.play(pos, None, Drop("pawn", (1, 8, 1)), Stack())


def test_c39_stacking_happens_while_moving_not_by_landing_alone(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "wN"})
    h.refuse(pos, (5, 5, 1), Move((5, 9, 1)), code="grammar", match="stack")


# -- C40 / G7 union of abilities, no height limit ------------------------------------------------
def test_c40_g7_a_stack_moves_with_the_union_of_its_members_patterns(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPN"})
    targets = {a.to for a in legal_actions(pos, (5, 5, 1)) if a.kind == "move"}
    assert (5, 6, 1) in targets  # pawn step
    assert (6, 7, 1) in targets  # knight leap
    assert (5, 4, 1) not in targets  # neither goes backwards one step
    new, _ = h.play(pos, (5, 5, 1), Move((6, 7, 1)))
    assert new.cell((6, 7, 1)) == h.stack("wPN") and new.cell((5, 5, 1)) == ()


def test_c40_the_whole_stack_moves_and_captures_together(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 12, 1): "bB"})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 12, 1)))
    assert new.cell((5, 12, 1)) == h.stack("wPR")


def test_c40_no_height_limit(rules, h):
    pos = h.make(rules, {(1, 8, 1): "w" + "P" * 20})
    new, _ = h.play(pos, None, Drop("pawn", (1, 8, 1)), Stack())
    assert len(new.cell((1, 8, 1))) == 21


def test_c40_g6_a_stack_is_captured_whole_by_a_single_piece_earning_the_sum(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wP", (6, 6, 1): "bPNQ", (12, 12, 1): "bK"})
    new, _ = h.play(pos, (5, 5, 1), Capture((6, 6, 1)))
    assert new.cell((6, 6, 1)) == h.stack("wP")
    assert new.scores["white"] == 120 + 1 + 3 + 12
    assert new.credits["white"] == {"queen": 1}
    assert {t: new.stats["white"][t]["captured"] for t in ("pawn", "knight", "queen")} == {
        "pawn": 1,
        "knight": 1,
        "queen": 1,
    }


def test_g6_a_lower_stack_may_capture_a_higher_one(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 10, 1): "bPPPN"})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 10, 1)))
    assert new.scores["white"] == 126


# -- C41 drops and promotion in stacks -------------------------------------------------------
def test_c41_a_drop_lands_on_own_pieces_and_stacks_at_once(rules, h):
    pos = h.make(rules, {(5, 8, 1): "wR"})
    new, cost = h.play(pos, None, Drop("knight", (5, 8, 1)), Stack())
    assert new.cell((5, 8, 1)) == h.stack("wRN")
    assert cost == 3 + 1 + 3  # hire, green surcharge, stack (highest value 3)


def test_c41_a_stack_with_a_pawn_promotes_after_the_line(rules, h):
    pos = h.make(rules, {(5, 13, 1): "wRP"})
    new, _ = h.play(pos, (5, 13, 1), Move((5, 14, 1)), Promote("queen"))
    assert new.cell((5, 14, 1)) == (h.Piece("rook", "white"), h.Piece("queen", "white", "pawn"))


def test_c41_black_stack_promotes_on_its_own_line(rules, h):
    pos = h.make(rules, {(5, 4, 1): "bNP"}, to_move="black")
    new, _ = h.play(pos, (5, 4, 1), Move((5, 3, 1)), Promote("cannon"))
    assert new.cell((5, 3, 1)) == (h.Piece("knight", "black"), h.Piece("cannon", "black", "pawn"))


# -- G8 promotion -----------------------------------------------------------------------------
def test_g8_promotion_choices_come_from_the_ruleset(rules, h):
    assert set(rules.pieces["pawn"].promotes_to) == {"knight", "bishop", "rook", "cannon", "queen", "brother"}
    pos = h.make(rules, {(6, 14, 1): "wP"})
    assert {a.to for a in legal_actions(pos, (6, 14, 1)) if a.kind == "promote"} == set(
        rules.pieces["pawn"].promotes_to
    )
    for bad in ("king", "prince", "pawn"):
        h.refuse(pos, (6, 14, 1), Promote(bad), code="illegal-promote")


def test_g8_promotion_is_optional(rules, h):
    pos = h.make(rules, {(6, 13, 1): "wP"})
    new, _ = h.play(pos, (6, 13, 1), Move((6, 14, 1)))
    assert new.cell((6, 14, 1)) == h.stack("wP")


def test_g8_promoted_piece_moves_like_its_new_kind(rules, h):
    pos = h.make(rules, {(6, 14, 1): (h.Piece("rook", "white", "pawn"),)})
    new, _ = h.play(pos, (6, 14, 1), Move((6, 2, 1)))
    assert new.cell((6, 2, 1)) == (h.Piece("rook", "white", "pawn"),)


# -- C42 jumps with stacks ----------------------------------------------------------------------
def test_c42_stack_by_3d_jump(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wB", (5, 5, 2): "wP"})
    new, cost = h.play(pos, (5, 5, 1), Jump((5, 5, 2)), Stack())
    assert new.cell((5, 5, 2)) == h.stack("wPB") and cost == 3


def test_c42_jump_after_stacking_is_a_turn_later(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPB"})
    new, cost = h.play(pos, (5, 5, 1), Jump((5, 5, 2)))
    assert new.cell((5, 5, 2)) == h.stack("wPB") and cost == 0


def test_c42_hyperjump_and_stack_pay_both(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wN", (5, 5, 1, 2): "wP"})
    new, cost = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)), Stack())
    assert cost == 1 + 3
    assert new.ledger["white"]["hyperjump"] == 1 and new.ledger["white"]["stack"] == 3


@pytest.mark.parametrize(
    "code,price", [("wP", 1), ("wR", 1), ("wQ", 1), ("wPP", 1), ("wPN", 3), ("wPQ", 12), ("wRGP", 12)]
)
def test_c42_c14_stack_hyperjump_pays_max_of_one_and_highest_value(rules, h, code, price):
    pos = h.make(rules, {(5, 5, 1): code})
    new, cost = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)))
    assert cost == price and new.ledger["white"]["hyperjump"] == price
    assert rules.stack_hyperjump_pays_highest is True


def test_c42_stack_hyperjump_plus_stack_pays_both(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPN", (5, 5, 1, 2): "wQ"})
    _, cost = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)), Stack())
    assert cost == 3 + 12


def test_c42_hyperjump_beyond_means_refused_with_insufficient_score(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPQ"}, scores={"white": 11, "black": 11})
    assert HyperJump((5, 5, 1, 2)) not in list(legal_actions(pos, (5, 5, 1)))
    h.refuse(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)), code="insufficient-score")


# -- C43 splits ---------------------------------------------------------------------------------
def test_c43_split_and_move_leaves_the_rest_on_the_origin(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPRN"})
    new, cost = h.play(pos, (5, 5, 1), Split(("rook",)), Move((5, 9, 1)))
    assert new.cell((5, 5, 1)) == h.stack("wPN")
    assert new.cell((5, 9, 1)) == h.stack("wR")
    assert cost == 0


def test_c43_split_part_may_hold_several_pieces(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPRN"})
    new, _ = h.play(pos, (5, 5, 1), Split(("pawn", "rook")), Move((5, 6, 1)))
    assert new.cell((5, 5, 1)) == h.stack("wN") and new.cell((5, 6, 1)) == h.stack("wPR")


def test_c43_split_and_capture(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPB", (8, 8, 1): "bR", (12, 12, 1): "bK"})
    new, _ = h.play(pos, (5, 5, 1), Split(("bishop",)), Capture((8, 8, 1)))
    assert new.cell((5, 5, 1)) == h.stack("wP") and new.cell((8, 8, 1)) == h.stack("wB")
    assert new.scores["white"] == 123


def test_c43_split_and_jump_or_hyperjump(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPQ"})
    new, cost = h.play(pos, (5, 5, 1), Split(("queen",)), Jump((5, 5, 2)))
    assert new.cell((5, 5, 1)) == h.stack("wP") and new.cell((5, 5, 2)) == h.stack("wQ") and cost == 0
    new, cost = h.play(pos, (5, 5, 1), Split(("queen",)), HyperJump((5, 5, 1, 2)))
    assert new.cell((5, 5, 1)) == h.stack("wP") and new.cell((5, 5, 1, 2)) == h.stack("wQ") and cost == 1


def test_c43_split_move_and_stack_into_another_group(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 9, 1): "wN"})
    new, cost = h.play(pos, (5, 5, 1), Split(("rook",)), Move((5, 9, 1)), Stack())
    assert new.cell((5, 5, 1)) == h.stack("wP") and new.cell((5, 9, 1)) == h.stack("wNR")
    assert cost == 3


def test_c43_split_jump_and_stack(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 5, 2): "wN", (5, 5, 1, 2): "wQ"})
    new, cost = h.play(pos, (5, 5, 1), Split(("rook",)), Jump((5, 5, 2)), Stack())
    assert new.cell((5, 5, 1)) == h.stack("wP") and new.cell((5, 5, 2)) == h.stack("wNR") and cost == 3
    new, cost = h.play(pos, (5, 5, 1), Split(("pawn",)), HyperJump((5, 5, 1, 2)), Stack())
    assert new.cell((5, 5, 1)) == h.stack("wR") and new.cell((5, 5, 1, 2)) == h.stack("wQP")
    assert cost == 1 + 12


def test_c43_split_refusals(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (6, 6, 1): "wN"})
    h.refuse(pos, (6, 6, 1), Split(("knight",)), Move((6, 7, 1)), code="illegal-split")  # single piece
    h.refuse(pos, (5, 5, 1), Split(("pawn", "rook")), Move((5, 7, 1)), code="illegal-split")  # whole stack
    h.refuse(pos, (5, 5, 1), Split(("queen",)), Move((5, 7, 1)), code="illegal-split")  # not there
    h.refuse(pos, (5, 5, 1), Split(("rook",)), code="illegal-split")  # part must leave
    h.refuse(pos, (5, 5, 1), Split(("rook",)), Split(("pawn",)), code="grammar")  # one part per turn


def test_c43_split_part_keeps_the_promoted_marker(rules, h):
    promoted = h.Piece("rook", "white", "pawn")
    pos = h.make(rules, {(5, 5, 1): (h.Piece("rook", "white"), promoted)})
    new, _ = h.play(pos, (5, 5, 1), Split(("rook",)), Move((5, 9, 1)))
    assert new.cell((5, 9, 1)) == (h.Piece("rook", "white"),)  # an unpromoted one leaves first
    assert new.cell((5, 5, 1)) == (promoted,)


def test_c43_builder_preview_shows_both_parts(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR"})
    b = TurnBuilder(pos, (5, 5, 1)).add(Split(("rook",))).add(Move((5, 9, 1)))
    prev = b.preview()
    assert prev.cell((5, 5, 1)) == h.stack("wP") and prev.cell((5, 9, 1)) == h.stack("wR")
