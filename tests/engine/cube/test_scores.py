"""The score system: C9–C15, C17, G9, G13 (C16 lives in test_royals.py)."""

import pytest

from engine import Capture, Drop, HyperJump, Jump, Move, Stack, load_ruleset_file, start_position

VALUES = {"pawn": 1, "knight": 3, "bishop": 3, "rook": 3, "cannon": 3, "queen": 12, "brother": 12}


# -- C9 / C10 -----------------------------------------------------------------------------------
def test_c9_each_side_starts_with_120_points(rules):
    pos = start_position(rules)
    assert pos.scores == {"white": 120, "black": 120}
    assert rules.start_score == 120


def test_c10_piece_values_come_from_the_ruleset(rules):
    assert {n: rules.pieces[n].value for n in VALUES} == VALUES
    assert rules.pieces["king"].value == 0 and rules.pieces["prince"].value == 0


@pytest.mark.parametrize("name", sorted(VALUES))
def test_c9_c10_capturing_earns_the_value_of_the_piece(rules, h, name):
    pos = h.make(rules, {(5, 5, 1): "wQ", (5, 9, 1): (h.Piece(name, "black"),)})
    new, cost = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert cost == 0
    assert new.scores["white"] == 120 + VALUES[name]
    assert new.stats["white"][name]["points"] == VALUES[name]
    assert new.stats["white"][name]["captured"] == 1
    assert new.ledger["white"]["earned"] == VALUES[name]


def test_c9_capturing_a_promoted_pawn_earns_the_promoted_value(rules, h):
    promoted = (h.Piece("queen", "black", "pawn"),)
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): promoted})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.scores["white"] == 132


# -- C11 drops ----------------------------------------------------------------------------------
def test_c11_drop_on_an_empty_square_costs_the_value(rules, h):
    pos = h.make(rules, {})
    new, cost = h.play(pos, None, Drop("rook", (1, 8, 1)))  # x=1: outside the green area
    assert cost == 3 and new.scores["white"] == 117
    assert new.cell((1, 8, 1)) == h.stack("wR")


def test_c11_drop_on_own_pieces_stacks_and_needs_the_stack_action(rules, h):
    pos = h.make(rules, {(1, 8, 1): "wP"})
    h.refuse(pos, None, Drop("knight", (1, 8, 1)), code="grammar")  # would hover: stack must follow
    new, cost = h.play(pos, None, Drop("knight", (1, 8, 1)), Stack())
    assert h.types(new.cell((1, 8, 1))) == ["pawn", "knight"]
    assert cost == 3 + 3  # hire 3, stack before the line: highest value 3


def test_c11_drop_on_an_enemy_square_is_refused(rules, h):
    pos = h.make(rules, {(1, 8, 1): "bP"})
    h.refuse(pos, None, Drop("knight", (1, 8, 1)), code="illegal-drop", match="C11")


def test_c11_drop_on_a_default_crowded_enemy_pawn_is_refused(rules, h):
    pos = start_position(rules)
    h.refuse(pos, None, Drop("knight", (5, 15, 3)), code="illegal-drop")


def test_c11_drop_at_any_time_any_board(rules, h):
    pos = start_position(rules)
    new, cost = h.play(pos, None, Drop("bishop", (7, 9, 5, 3, 1, 2)))
    assert cost == 3 and h.types(new.cell((7, 9, 5, 3, 1, 2))) == ["bishop"]


def test_c11_kings_and_princes_cannot_be_hired(rules, h):
    pos = h.make(rules, {})
    h.refuse(pos, None, Drop("king", (1, 8, 1)), code="illegal-drop")
    h.refuse(pos, None, Drop("prince", (1, 8, 1)), code="illegal-drop")


# -- C12 / G9 hire limits --------------------------------------------------------------------
@pytest.mark.parametrize("name", ["pawn", "knight", "bishop", "rook", "cannon"])
def test_c12_minor_pieces_may_be_hired_without_limit(rules, h, name):
    pos = h.make(rules, {}, scores={"white": 120, "black": 120})
    for i in range(4):
        pos, _ = h.play(pos.replace(to_move="white"), None, Drop(name, (1, 5 + i, 1)))
    assert pos.stats["white"][name]["hired"] == 4
    assert pos.scores["white"] == 120 - 4 * VALUES[name]


@pytest.mark.parametrize("name", ["queen", "brother"])
def test_c12_queen_and_brother_need_a_credit(rules, h, name):
    pos = h.make(rules, {})
    h.refuse(pos, None, Drop(name, (1, 8, 1)), code="no-credit", match="C12")


@pytest.mark.parametrize("name", ["queen", "brother"])
def test_c12_g9_capturing_the_enemy_kind_gives_one_credit_for_one_hire(rules, h, name):
    enemy = (h.Piece(name, "black"),)
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): enemy, (12, 12, 1): "bK"})
    pos, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert pos.credits["white"] == {name: 1}
    other = "brother" if name == "queen" else "queen"
    pos = pos.replace(to_move="white")
    new, cost = h.play(pos, None, Drop(name, (1, 8, 1)))
    assert cost == 12 and new.credits["white"] == {}
    h.refuse(new.replace(to_move="white"), None, Drop(name, (1, 9, 1)), code="no-credit")
    # G9: the credit buys either kind (credit_same_kind = false) - one hire in all
    new, cost = h.play(pos, None, Drop(other, (1, 8, 1)))
    assert cost == 12 and new.credits["white"] == {}
    h.refuse(new.replace(to_move="white"), None, Drop(name, (1, 9, 1)), code="no-credit")


def test_g9_credit_same_kind_variant(tmp_path, h):
    """G9: ``scores.credit_same_kind = true`` restricts a credit to the kind captured."""
    from engine import load_ruleset

    p = tmp_path / "same-kind.toml"
    p.write_text(
        'extends = "standard"\n[meta]\nname = "same-kind"\n[scores]\ncredit_same_kind = true\n', encoding="utf-8"
    )
    strict = load_ruleset_file(p)
    assert strict.credit_same_kind and not load_ruleset("standard").credit_same_kind
    pos = h.make(strict, {}, credits={"white": {"queen": 1}})
    h.refuse(pos, None, Drop("brother", (1, 8, 1)), code="no-credit", match="brother")
    new, _ = h.play(pos, None, Drop("queen", (1, 8, 1)))
    assert new.credits["white"] == {}


def test_g9_capturing_a_promoted_queen_also_gives_a_credit(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR", (5, 9, 1): (h.Piece("queen", "black", "pawn"),)})
    new, _ = h.play(pos, (5, 5, 1), Capture((5, 9, 1)))
    assert new.credits["white"] == {"queen": 1}


def test_g9_credit_kinds_are_data(rules):
    assert tuple(rules.credit_kinds) == ("queen", "brother")
    assert rules.pieces["queen"].hire == "credit" and rules.pieces["brother"].hire == "credit"
    assert rules.pieces["knight"].hire == "unlimited"


# -- C13 green surcharge ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "to,green",
    [
        ((3, 8, 1), True),
        ((14, 8, 1), True),
        ((8, 16, 1), True),
        ((2, 8, 1), False),
        ((15, 8, 1), False),
        ((8, 8, 2), False),
        ((8, 8, 1, 2), False),
    ],
)
def test_c13_drop_in_the_green_area_costs_one_extra(rules, h, to, green):
    pos = h.make(rules, {})
    new, cost = h.play(pos, None, Drop("knight", to))
    assert rules.in_green(to) is green
    assert cost == 3 + (1 if green else 0)
    assert new.ledger["white"]["surcharge"] == (1 if green else 0)
    assert new.stats["white"]["knight"]["green_drops"] == (1 if green else 0)


# -- C14 hyperjump cost ----------------------------------------------------------------------------
def test_c14_a_hyperjump_of_a_single_piece_costs_one_point(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wQ"})
    new, cost = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)))
    assert cost == 1 and new.scores["white"] == 119 and new.ledger["white"]["hyperjump"] == 1
    assert new.stats["white"]["queen"]["hyperjumps"] == 1


def test_c14_c19_a_3d_jump_costs_nothing(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wQ"})
    new, cost = h.play(pos, (5, 5, 1), Jump((5, 5, 2)))
    assert cost == 0 and new.scores["white"] == 120


def test_c14_every_hyperjump_costs_also_back_to_the_main_board(rules, h):
    pos = h.make(rules, {(5, 5, 1, 1, 2): "wP"})
    new, cost = h.play(pos, (5, 5, 1, 1, 2), HyperJump((5, 5, 1)))
    assert cost == 1 and new.cell((5, 5, 1)) == h.stack("wP")


def test_house_rule_a_turn_may_not_cost_more_than_the_side_holds(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wP"}, scores={"white": 2, "black": 3})
    h.refuse(pos, None, Drop("rook", (1, 8, 1)), code="insufficient-score")
    new, cost = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)))
    assert cost == 1


# -- C15 stack costs -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "mover,below,price",
    [
        ("wP", "wP", 1),  # pawns only
        ("wP", "wN", 3),  # with a knight
        ("wC", "wP", 3),  # cannon
        ("wB", "wP", 3),  # bishop
        ("wR", "wPP", 3),  # single -> stack
        ("wQ", "wP", 12),  # with a queen
        ("wP", "wG", 12),  # with a brother
    ],
)
def test_c15_stack_cost_before_promotion_line_is_highest_value(rules, h, mover, below, price):
    target = (6, 7, 1)
    origin = {"P": (6, 6, 1), "N": (5, 5, 1), "B": (5, 6, 1), "Q": (5, 6, 1), "R": (6, 5, 1), "C": (6, 5, 1)}[mover[-1]]
    pos = h.make(rules, {origin: mover, target: below})
    new, cost = h.play(pos, origin, Move(target), Stack())
    assert cost == price and new.ledger["white"]["stack"] == price
    assert new.cell(target) == h.stack(below) + h.stack(mover)


def test_c15_stack_to_single_and_stack_plus_stack_use_the_same_table(rules, h):
    pos = h.make(rules, {(6, 5, 1): "wPR", (6, 7, 1): "wP"})
    _, cost = h.play(pos, (6, 5, 1), Move((6, 7, 1)), Stack())  # stack -> single
    assert cost == 3
    pos = h.make(rules, {(6, 5, 1): "wPR", (6, 7, 1): "wPQ"})
    new, cost = h.play(pos, (6, 5, 1), Move((6, 7, 1)), Stack())  # stack + stack
    assert cost == 12 and h.types(new.cell((6, 7, 1))) == ["pawn", "queen", "pawn", "rook"]


@pytest.mark.parametrize("side,y", [("white", 14), ("white", 16), ("black", 3), ("black", 1)])
def test_c15_stack_on_or_after_the_promotion_line_costs_one(rules, h, side, y):
    s = side[0]
    pos = h.make(rules, {(6, 8 if side == "white" else 9, 1): s + "Q", (6, y, 1): s + "R"}, to_move=side)
    origin = (6, 8 if side == "white" else 9, 1)
    new, cost = h.play(pos, origin, Move((6, y, 1)), Stack())
    assert cost == rules.stack_after_promotion_line == 1


def test_c15_stack_just_before_the_line_pays_the_full_value(rules, h):
    pos = h.make(rules, {(6, 8, 1): "wQ", (6, 13, 1): "wR"})
    _, cost = h.play(pos, (6, 8, 1), Move((6, 13, 1)), Stack())
    assert cost == 12


# -- C17 statistics -----------------------------------------------------------------------------
def test_c17_statistics_count_hires_green_drops_hyperjumps_and_points(rules, h):
    pos = h.make(rules, {(5, 9, 1): "bN", (5, 5, 1): "wR", (12, 12, 1): "bK"})
    pos, _ = h.play(pos, None, Drop("knight", (5, 3, 1)))  # green
    pos, _ = h.play(pos.replace(to_move="white"), None, Drop("knight", (1, 3, 1)))  # not green
    pos, _ = h.play(pos.replace(to_move="white"), (1, 3, 1), HyperJump((1, 3, 1, 2)))
    pos, _ = h.play(pos.replace(to_move="white"), (5, 5, 1), Capture((5, 9, 1)))
    st = pos.stats["white"]
    assert st["knight"] == {"points": 3, "captured": 1, "hired": 2, "green_drops": 1, "hyperjumps": 1}
    assert st["rook"] == {"points": 0, "captured": 0, "hired": 0, "green_drops": 0, "hyperjumps": 0}
    assert all(v == 0 for t in pos.stats["black"].values() for v in t.values())


def test_c17_a_stack_hyperjump_counts_for_every_member_type(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wPR"})
    new, _ = h.play(pos, (5, 5, 1), HyperJump((5, 5, 1, 2)))
    assert new.stats["white"]["pawn"]["hyperjumps"] == 1
    assert new.stats["white"]["rook"]["hyperjumps"] == 1


def test_ledger_accounts_for_every_point(rules, h):
    pos = h.make(rules, {(6, 6, 1): "wP", (6, 7, 1): "wN", (7, 12, 1): "bR", (12, 12, 1): "bK"})
    pos, _ = h.play(pos, (6, 6, 1), Move((6, 7, 1)), Stack())
    pos, _ = h.play(pos.replace(to_move="white"), None, Drop("rook", (7, 3, 1)))
    pos, _ = h.play(pos.replace(to_move="white"), (7, 3, 1), Capture((7, 12, 1)))
    L = pos.ledger["white"]
    assert L == {"start": 120, "earned": 3, "hire": 3, "surcharge": 1, "hyperjump": 0, "stack": 3}
    assert pos.scores["white"] == L["start"] + L["earned"] - L["hire"] - L["surcharge"] - L["hyperjump"] - L["stack"]
