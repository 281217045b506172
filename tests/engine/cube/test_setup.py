"""The setup phase (自选系统): C24–C27."""

import pytest

from engine import IllegalAction, SetupPhase, start_position
from engine.cube.setup import default_choices, part_squares


def test_c24_parts_alternate_white_black_part_by_part(rules):
    sp = SetupPhase(rules)
    order = []
    while not sp.done:
        order.append((sp.to_choose, sp.part))
        sp.timeout()
    assert order == [(s, p) for p in range(7) for s in ("white", "black")]


def test_c24_white_left_then_right_then_next_rank_up_to_the_red_line(rules):
    sq = [part_squares(rules, "white", p) for p in range(6)]
    assert sq[0] == [(x, 1, 1) for x in (3, 4, 5, 6)]
    assert sq[1] == [(x, 1, 1) for x in (11, 12, 13, 14)]
    assert sq[2] == [(x, 2, 1) for x in (3, 4, 5, 6)]
    assert sq[5] == [(x, 3, 1) for x in (11, 12, 13, 14)]
    assert all(y <= rules.red_line["white"] for part in sq for (_, y, _) in part)


def test_c24_black_left_is_the_high_x_side_and_ranks_mirror(rules):
    assert part_squares(rules, "black", 0) == [(x, 16, 1) for x in (14, 13, 12, 11)]
    assert part_squares(rules, "black", 1) == [(x, 16, 1) for x in (6, 5, 4, 3)]
    assert part_squares(rules, "black", 4) == [(x, 14, 1) for x in (14, 13, 12, 11)]
    assert part_squares(rules, "black", 6) == [(x, 16, 1) for x in (10, 9, 8, 7)]


def test_c24_slots_take_rook_knight_cannon_bishop_or_pawn_with_repeats(rules):
    sp = SetupPhase(rules)
    sp.choose(["rook", "rook", "rook", "rook"])
    assert sp.choices["white"][0] == ("rook",) * 4
    for bad in (["queen", "rook", "rook", "rook"], ["king", "rook", "rook", "rook"], ["rook"] * 3):
        with pytest.raises(IllegalAction):
            sp.choose(bad)
    assert sp.to_choose == "black"


def test_c24_royal_part_last_each_exactly_once(rules):
    sp = SetupPhase(rules)
    for _ in range(12):
        sp.timeout()
    assert sp.part == 6
    with pytest.raises(IllegalAction):
        sp.choose(["king", "king", "queen", "brother"])
    with pytest.raises(IllegalAction):
        sp.choose(["king", "prince", "queen", "rook"])
    sp.choose(["brother", "prince", "king", "queen"])
    sp.timeout()
    pos = sp.position()
    assert pos.cell((9, 1, 1))[0].type == "king"
    assert pos.homes["white"] == {"king": (9, 1, 1), "prince": (8, 1, 1)}


def test_c24_position_is_refused_before_setup_is_complete(rules):
    sp = SetupPhase(rules)
    sp.timeout()
    with pytest.raises(IllegalAction):
        sp.position()


def test_c25_each_pawn_slot_adds_one_point(rules):
    sp = SetupPhase(rules)
    sp.choose(["pawn", "pawn", "knight", "pawn"])  # white part 1: 3 pawns
    sp.timeout()
    sp.choose(["pawn", "rook", "rook", "rook"])  # white part 2: 1 pawn
    sp.quick_start()
    assert sp.pawn_bonus("white") == 4 and sp.pawn_bonus("black") == 0
    pos = sp.position()
    assert pos.scores == {"white": 124, "black": 120}
    assert pos.ledger["white"]["start"] == 124


def test_c25_default_arrangement_has_no_pawn_slots_so_start_is_120(rules):
    pos = start_position(rules)
    assert pos.scores == {"white": 120, "black": 120}
    assert all(n != "pawn" for s in ("white", "black") for part in default_choices(rules)[s][:6] for n in part)


def test_c26_one_minute_per_choice_and_timeout_uses_the_default(rules):
    assert rules.setup["seconds_per_choice"] == 60
    sp = SetupPhase(rules)
    sp.timeout()
    assert sp.choices["white"][0] == tuple(rules.setup["default_parts"][0])
    assert sp.defaulted == [("white", 0)]
    sp.quick_start()
    assert sp.position() == start_position(rules)


def test_c27_choices_are_visible_so_the_opponent_can_react(rules):
    sp = SetupPhase(rules)
    sp.choose(["cannon", "cannon", "cannon", "cannon"])
    # black sees white's choice before making its own
    assert sp.to_choose == "black" and sp.choices["white"] == [("cannon",) * 4]
    sp.choose(["rook", "rook", "rook", "rook"])
    assert sp.to_choose == "white" and sp.part == 1
