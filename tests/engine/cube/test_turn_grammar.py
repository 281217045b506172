"""The turn grammar (行为配合系统): C28–C38, G4, G5."""

import pytest

from engine import (
    Capture,
    Drop,
    HyperJump,
    Jump,
    Move,
    Promote,
    Split,
    Stack,
    TurnBuilder,
    legal_actions,
    start_position,
)
from engine.core.errors import IllegalAction
from engine.cube.rules import grammar_error

KINDS = ("move", "capture", "drop", "jump", "hyperjump", "stack", "split")
# the digest's table (C29–C35 with G4: jump<->hyperjump, G5: no drop after split)
EXPECTED = {
    "move": {"jump", "hyperjump", "stack"},  # C29
    "capture": set(),  # C30
    "drop": {"stack"},  # C31
    "jump": {"move", "stack", "hyperjump"},  # C32 + G4
    "hyperjump": {"move", "stack", "jump"},  # C33 + G4
    "stack": set(),  # C34
    "split": {"move", "capture", "jump", "hyperjump", "stack"},  # C35 + G5
}


@pytest.mark.parametrize("prev", sorted(EXPECTED))
def test_c29_to_c35_grammar_table_every_row(rules, prev):
    allowed = {k for k in KINDS if grammar_error(rules, [prev], k) is None}
    assert allowed == EXPECTED[prev]
    assert set(rules.follows[prev]) == EXPECTED[prev]


def test_c28_a_turn_starts_with_a_displacement_a_drop_or_a_split(rules):
    assert {k for k in KINDS if grammar_error(rules, [], k) is None} == {
        "move",
        "capture",
        "drop",
        "jump",
        "hyperjump",
        "split",
    }


def test_c29_g4_at_most_one_companion_besides_promotion(rules):
    assert grammar_error(rules, ["move", "jump"], "stack") is not None
    assert grammar_error(rules, ["jump", "hyperjump"], "move") is not None
    assert grammar_error(rules, ["split", "move"], "jump") is not None
    # the one exception: after a split, "stack" realised as displacement + stack counts as one companion
    assert grammar_error(rules, ["split", "move"], "stack") is None
    assert grammar_error(rules, ["split", "jump"], "stack") is None
    assert grammar_error(rules, ["split", "hyperjump"], "stack") is None
    assert grammar_error(rules, ["split", "capture"], "stack") is not None


# -- C28 highest principle -------------------------------------------------------------------
def test_c28_only_own_pieces_on_one_chosen_square_change_position(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (6, 5, 1): "bR", (8, 8, 1): "wN"})
    h.refuse(pos, (6, 5, 1), Move((6, 9, 1)), code="not-your-piece", match="C28")
    h.refuse(pos, (7, 7, 1), Move((7, 8, 1)), code="empty-origin")
    h.refuse(pos, None, Move((5, 9, 1)), code="no-origin")
    # a drop turn concerns its own target square only
    h.refuse(pos, (5, 5, 1), Drop("pawn", (1, 8, 1)), code="grammar")
    # the second action moves the same group, never the knight
    new, _ = h.play(pos, (5, 5, 1), Move((5, 8, 1)), Jump((5, 8, 2)))
    assert new.cell((8, 8, 1)) == h.stack("wN") and new.cell((5, 8, 2)) == h.stack("wR")


# -- C29 after a move -------------------------------------------------------------------------
def test_c29_move_with_jump_hyperjump_or_stack(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "wP"})
    h.play(pos, (5, 5, 1), Move((5, 7, 1)), Jump((5, 7, 2)))
    h.play(pos, (5, 5, 1), Move((5, 7, 1)), HyperJump((5, 7, 1, 2)))
    new, _ = h.play(pos, (5, 5, 1), Move((5, 9, 1)), Stack())
    assert h.types(new.cell((5, 9, 1))) == ["pawn", "rook"]


def test_c29_after_a_move_no_capture_drop_split_or_second_companion(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 9, 1): "bP", (5, 7, 2): "wP"})
    h.refuse(pos, (5, 5, 1), Move((5, 7, 1)), Capture((5, 9, 1)), code="grammar", match="C29")
    h.refuse(pos, (5, 5, 1), Move((5, 7, 1)), Drop("pawn", (5, 7, 1)), code="grammar")
    h.refuse(pos, (5, 5, 1), Move((5, 7, 1)), Split(("pawn",)), code="grammar")
    h.refuse(pos, (5, 5, 1), Move((5, 7, 1)), Jump((5, 7, 2)), Stack(), code="grammar")


# -- C30 after a capture ---------------------------------------------------------------------
def test_c30_after_a_capture_only_promote(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): "bP", (6, 13, 1): "wP", (7, 14, 1): "bN"})
    for follow in (Move((6, 9, 1)), Jump((5, 9, 2)), HyperJump((5, 9, 1, 2)), Drop("pawn", (5, 9, 1))):
        h.refuse(pos, (5, 5, 1), Capture((5, 9, 1)), follow, code="grammar")
    new, _ = h.play(pos, (6, 13, 1), Capture((7, 14, 1)), Promote("queen"))
    assert new.cell((7, 14, 1)) == (h.Piece("queen", "white", "pawn"),)


# -- C31 after a drop ------------------------------------------------------------------------
def test_c31_drop_goes_with_stack_and_promote_only(rules, h):
    pos = h.make(rules, {(2, 14, 1): "wN"})
    new, cost = h.play(pos, None, Drop("pawn", (2, 14, 1)), Stack(), Promote("rook"))
    assert [(p.type, p.was) for p in new.cell((2, 14, 1))] == [("knight", None), ("rook", "pawn")]
    assert cost == 1 + 1  # pawn; stack after the line costs 1
    new, _ = h.play(pos, None, Drop("pawn", (1, 14, 1)), Promote("knight"))
    assert new.cell((1, 14, 1)) == (h.Piece("knight", "white", "pawn"),)
    for follow in (Move((1, 15, 1)), Jump((1, 14, 2)), HyperJump((1, 14, 1, 2)), Split(("pawn",))):
        h.refuse(pos, None, Drop("pawn", (1, 14, 1)), follow, code="grammar")
    h.refuse(
        pos.replace(cells={**pos.cells, (1, 15, 1): h.stack("bP")}),
        None,
        Drop("pawn", (2, 14, 1)),
        Stack(),
        Capture((1, 15, 1)),
        code="grammar",
    )


# -- C32 / C33 after a jump or hyperjump ------------------------------------------------------
@pytest.mark.parametrize("first", [Jump((5, 5, 2)), HyperJump((5, 5, 1, 2))])
def test_c32_c33_jump_or_hyperjump_with_move_or_stack(rules, h, first):
    at = first.to
    pos = h.make(rules, {(5, 5, 1): "wR", at[:1] + (9,) + at[2:]: "wP"})
    new, _ = h.play(pos, (5, 5, 1), first, Move(at[:1] + (8,) + at[2:]))
    assert new.cell(at[:1] + (8,) + at[2:]) == h.stack("wR")
    stack_pos = h.make(rules, {(5, 5, 1): "wR", at: "wP"})
    new, _ = h.play(stack_pos, (5, 5, 1), first, Stack())
    assert h.types(new.cell(at)) == ["pawn", "rook"]


@pytest.mark.parametrize("first", [Jump((5, 5, 2)), HyperJump((5, 5, 1, 2))])
def test_c32_c33_after_a_jump_no_capture_drop_split_or_two_companions(rules, h, first):
    at = first.to
    enemy = at[:1] + (9,) + at[2:]
    pos = h.make(rules, {(5, 5, 1): "wPR", enemy: "bN"})
    h.refuse(pos, (5, 5, 1), first, Capture(enemy), code="grammar")
    h.refuse(pos, (5, 5, 1), first, Drop("pawn", at), code="grammar")
    h.refuse(pos, (5, 5, 1), first, Split(("pawn",)), code="grammar")
    h.refuse(
        pos, (5, 5, 1), first, Move(at[:1] + (7,) + at[2:]), Jump(at[:1] + (7,) + (at[2] + 1,) + at[3:]), code="grammar"
    )


# -- C34 after a stack ----------------------------------------------------------------------
def test_c34_after_a_stack_only_promote(rules, h):
    pos = h.make(rules, {(5, 12, 1): "wN", (6, 14, 1): "wP"})
    new, cost = h.play(pos, (5, 12, 1), Move((6, 14, 1)), Stack(), Promote("bishop"))
    assert [(p.type, p.was) for p in new.cell((6, 14, 1))] == [("bishop", "pawn"), ("knight", None)]
    assert cost == 1
    b = TurnBuilder(pos, (5, 12, 1)).add(Move((6, 14, 1))).add(Stack())
    for a in (Move((6, 16, 1)), Jump((6, 14, 2)), Split(("pawn",))):
        with pytest.raises(IllegalAction) as info:
            b.add(a)
        assert info.value.code == "grammar"


def test_c34_stack_needs_a_displacement_onto_own_pieces(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wN"})
    h.refuse(pos, (5, 5, 1), Stack(), code="grammar")
    h.refuse(pos, (5, 5, 1), Move((6, 7, 1)), Stack(), code="illegal-stack")


# -- C35 / G5 after a split ----------------------------------------------------------------------
def test_c35_split_with_move_capture_jump_hyperjump_or_stack(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR", (5, 9, 1): "bB", (8, 5, 1): "wN"})
    for tail in (
        [Move((5, 7, 1))],
        [Capture((5, 9, 1))],
        [Jump((5, 5, 2))],
        [HyperJump((5, 5, 1, 2))],
        [Move((8, 5, 1)), Stack()],
    ):
        new, _ = h.play(pos, (5, 5, 1), Split(("rook",)), *tail)
        assert new.cell((5, 5, 1)) == h.stack("wP")


def test_c35_g5_no_drop_after_a_split(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR"})
    h.refuse(pos, (5, 5, 1), Split(("rook",)), Drop("pawn", (5, 7, 1)), code="grammar")


def test_c35_split_allows_only_one_companion(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR"})
    h.refuse(pos, (5, 5, 1), Split(("rook",)), Move((5, 8, 1)), Jump((5, 8, 2)), code="grammar")


# -- C36 / C37 promotion ------------------------------------------------------------------------
def test_c36_promote_before_the_other_action(rules, h):
    pos = h.make(rules, {(6, 14, 1): "wP"})
    new, _ = h.play(pos, (6, 14, 1), Promote("rook"), Move((6, 5, 1)))
    assert new.cell((6, 5, 1)) == (h.Piece("rook", "white", "pawn"),)


def test_c36_promote_after_the_other_actions(rules, h):
    pos = h.make(rules, {(6, 13, 1): "wP"})
    new, _ = h.play(pos, (6, 13, 1), Move((6, 14, 1)), Jump((6, 14, 2)), Promote("knight"))
    assert new.cell((6, 14, 2)) == (h.Piece("knight", "white", "pawn"),)


def test_c36_promote_only_turn_is_allowed(rules, h):
    pos = h.make(rules, {(6, 15, 1): "wP"})
    new, cost = h.play(pos, (6, 15, 1), Promote("brother"))
    assert cost == 0 and new.cell((6, 15, 1)) == (h.Piece("brother", "white", "pawn"),)
    assert new.to_move == "black"


def test_c37_promotion_concerns_the_pieces_of_the_turn_square(rules, h):
    # a rook moving cannot promote the pawn standing elsewhere on the line
    pos = h.make(rules, {(5, 5, 1): "wR", (6, 15, 1): "wP"})
    h.refuse(pos, (5, 5, 1), Move((5, 6, 1)), Promote("queen"), code="illegal-promote", match="C37")
    # a pawn that has not reached the line cannot promote
    pos = h.make(rules, {(6, 12, 1): "wP"})
    h.refuse(pos, (6, 12, 1), Promote("queen"), code="illegal-promote")
    h.refuse(pos, (6, 12, 1), Move((6, 13, 1)), Promote("queen"), code="illegal-promote")


# -- C38 each kind at most once -----------------------------------------------------------------
def test_c38_each_kind_at_most_once(rules, free_rules, h):
    for r in (rules, free_rules):
        pos = h.make(r, {(5, 5, 1): "wR", (6, 15, 1): "wPP"})
        h.refuse(pos, (5, 5, 1), Jump((5, 5, 2)), Jump((5, 5, 3)), code="grammar", match="C38")
        h.refuse(pos, (6, 15, 1), Promote("rook"), Promote("queen"), code="grammar", match="C38")
        h.refuse(pos, (6, 15, 1), Split(("pawn",)), Split(("pawn",)), code="grammar")


def test_c28_c38_options_follow_the_grammar(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 12, 1): "bB"})
    b = TurnBuilder(pos, (5, 5, 1)).add(Move((5, 8, 1)))
    kinds = {a.kind for a in b.options(horizon=5)}
    assert kinds == {"jump", "hyperjump"}  # no capture after a move even if the bishop is reachable
    b = TurnBuilder(pos, (5, 5, 1)).add(Capture((5, 12, 1)))
    assert b.options() == []


def test_c28_start_position_pawn_actions(rules):
    pos = start_position(rules)
    acts = set(legal_actions(pos, (9, 3, 1), horizon=4))
    # forward step; jump / hyperjump onto the crowded own pawns above are listed (a stack must follow)
    assert acts == {Move((9, 4, 1)), Jump((9, 3, 2)), HyperJump((9, 3, 1, 2))}


def test_c36_promote_then_drop_on_the_same_square_and_stack(rules, h):
    pos = h.make(rules, {(2, 15, 1): "wP"})
    new, cost = h.play(pos, (2, 15, 1), Promote("rook"), Drop("pawn", (2, 15, 1)), Stack())
    assert [(p.type, p.was) for p in new.cell((2, 15, 1))] == [("rook", "pawn"), ("pawn", None)]
    assert cost == 1 + 1  # outside the green zone: the pawn's hire; a stack beyond the promotion line costs 1
    assert new.to_move == "black"


def test_c36_after_promote_then_drop_rule_3_binds(rules, h):
    pos = h.make(rules, {(2, 15, 1): "wP", (3, 3, 1): "wN"})
    # the drop concerns the turn's square only (C28), and it must land on the promoted piece: stack
    h.refuse(pos, (2, 15, 1), Promote("rook"), Drop("pawn", (3, 3, 1)), code="grammar", match="C28")
    h.refuse(pos, (2, 15, 1), Promote("rook"), Drop("pawn", (2, 15, 1)), Move((2, 16, 1)), code="grammar")
    h.refuse(pos, (2, 15, 1), Promote("rook"), Drop("pawn", (2, 15, 1)), Promote("queen"), code="grammar")
    # a drop still cannot follow any other action
    h.refuse(pos, (2, 15, 1), Move((2, 16, 1)), Drop("pawn", (2, 16, 1)), code="grammar")
