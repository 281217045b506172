"""Coordinates and turn notation: C21, C22, G15 (ASCII and the sources' Chinese form)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import (
    Capture,
    Drop,
    HyperJump,
    Jump,
    Move,
    NotationError,
    Promote,
    Split,
    Stack,
    Turn,
    format_chinese,
    format_coord,
    format_turn,
    load_ruleset,
    normalize,
    parse_coord,
    parse_turn,
)

RULES = load_ruleset("standard")
SOURCE = "兵(…—9,4,1,2,1,1,1,1…)跃迁(…—9,4,1,1,1,1,1,1…)"


# -- C21 coordinates ------------------------------------------------------------------------------
def test_c21_source_coordinate_long_spelling_with_reserved_zeros():
    assert parse_coord("（……0，0，0，0，0，0——9，4，1，2，1，1，1，1……）") == (9, 4, 1, 2)
    assert parse_coord("(…—9,4,1,2,1,1,1,1…)") == (9, 4, 1, 2)
    assert parse_coord("(9,4,1,2)") == (9, 4, 1, 2)
    assert parse_coord("(...--9,4,1,2...)") == (9, 4, 1, 2)


def test_c21_trailing_higher_ones_are_dropped_so_each_point_has_one_spelling():
    assert normalize((5, 5, 2, 1, 1)) == (5, 5, 2)
    assert parse_coord("(9,4,1,1,1,1,1,1)") == (9, 4, 1)
    assert format_chinese((9, 4, 1)) == "(…—9,4,1,1,1,1,1,1…)"
    assert format_chinese((9, 4, 1, 2)) == "(…—9,4,1,2,1,1,1,1…)"
    assert format_coord((9, 4, 1, 2)) == "(9,4,1,2)"


@pytest.mark.parametrize("bad", ["", "(9,4)", "(9,4,x)", "9,4,1", "(9,4,1", "(9,4,1) junk", "(9;4;1)", "(…—9,4…)"])
def test_c21_malformed_coordinates_raise_notation_error(bad):
    with pytest.raises(NotationError):
        parse_coord(bad)


def test_c21_coordinate_components_must_be_integers():
    with pytest.raises(NotationError):
        normalize((1, 2, 3.5))
    with pytest.raises(NotationError):
        normalize((1, True, 3))


coords = st.lists(st.integers(-50, 10**6), min_size=3, max_size=14).map(normalize)


@settings(max_examples=300, deadline=None)
@given(coords)
def test_g15_coordinates_round_trip_in_both_forms(c):
    assert parse_coord(format_coord(c)) == c
    assert parse_coord(format_chinese(c)) == c


# -- C22 the source's hyperjump record -----------------------------------------------------------
def test_c22_source_record_string_parses_to_the_hyperjump_turn():
    turn, letters = parse_turn(SOURCE, RULES)
    assert turn == Turn((9, 4, 1, 2), (HyperJump((9, 4, 1)),))
    assert letters == ("pawn",)


def test_c22_g15_source_record_formats_back_exactly_and_in_ascii():
    from engine import Piece

    turn = Turn((9, 4, 1, 2), (HyperJump((9, 4, 1)),))
    pawn = (Piece("pawn", "white"),)
    assert format_turn(turn, RULES, style="chinese", stack=pawn) == SOURCE
    assert format_turn(turn, RULES, style="ascii", stack=pawn) == "P(9,4,1,2)~(9,4,1)"
    assert parse_turn("P(9,4,1,2)~(9,4,1)", RULES)[0] == turn


def test_g15_every_action_in_both_styles():
    turn = Turn((5, 5, 1), (Split(("rook", "pawn")), Move((5, 9, 1)), Stack(), Promote("queen")))
    ascii_ = format_turn(turn, RULES)
    assert ascii_ == "(5,5,1)/RP-(5,9,1)&=Q"
    chinese = format_turn(turn, RULES, style="chinese")
    assert chinese == "(…—5,5,1,1,1,1,1,1…)拆车兵走(…—5,9,1,1,1,1,1,1…)叠加升变后"
    assert parse_turn(ascii_, RULES)[0] == turn == parse_turn(chinese, RULES)[0]
    drop = Turn(None, (Drop("knight", (5, 8, 1)), Stack()))
    assert format_turn(drop, RULES) == "@N(5,8,1)&"
    assert format_turn(drop, RULES, style="chinese") == "打入马(…—5,8,1,1,1,1,1,1…)叠加"
    jumps = Turn((5, 5, 1), (Jump((5, 5, 2)), HyperJump((5, 5, 2, 2)), Capture((6, 6, 2, 2))))
    assert (
        format_turn(jumps, RULES, style="chinese")
        == "(…—5,5,1,1,1,1,1,1…)三维跃迁(…—5,5,2,1,1,1,1,1…)跃迁(…—5,5,2,2,1,1,1,1…)吃(…—6,6,2,2,1,1,1,1…)"
    )
    assert parse_turn(format_turn(jumps, RULES, style="chinese"), RULES)[0] == jumps


@pytest.mark.parametrize(
    "bad",
    [
        "",
        "P",
        "P(9,4,1)",
        "P(9,4,1)?(9,5,1)",
        "@(5,8,1)",
        "@X(5,8,1)",
        "P(9,4,1)-",
        "P(9,4,1)-(9,5)",
        "(5,5,1)/",
        "(5,5,1)=",
        "(5,5,1)=Z",
        "P(9,4,1)~(9,4,1,2",
        "兵(…—9,4,1…)飞(…—9,5,1…)",
    ],
)
def test_g15_malformed_turns_raise_notation_error_with_the_column(bad):
    with pytest.raises(NotationError) as info:
        parse_turn(bad, RULES)
    assert info.value.code in ("bad-notation", "bad-coordinate")
    if bad:
        assert "column" in str(info.value)


def test_g15_whitespace_between_actions_is_allowed():
    assert parse_turn("P(9,3,1) -(9,4,1) ^(9,4,2)", RULES)[0] == Turn((9, 3, 1), (Move((9, 4, 1)), Jump((9, 4, 2))))


# -- property: random turns round-trip ------------------------------------------------------------
PIECES = sorted(RULES.pieces)
piece = st.sampled_from(PIECES)
displacement = st.builds(lambda k, c: k(c), st.sampled_from([Move, Capture, Jump, HyperJump]), coords)
later = st.one_of(
    displacement,
    st.just(Stack()),
    st.builds(lambda t: Split(tuple(t)), st.lists(piece, min_size=1, max_size=4)),
    st.builds(Promote, piece),
    st.builds(lambda a, b, c: (Promote(a), Drop(b, c)), piece, piece, coords),  # C36: a drop after a promotion
)


def _flat(acts):
    return tuple(x for a in acts for x in (a if isinstance(a, tuple) else (a,)))


piece_turns = st.builds(lambda o, a: Turn(o, _flat(a)), coords, st.lists(later, min_size=1, max_size=5))
drop_turns = st.builds(lambda p, c, a: Turn(None, (Drop(p, c),) + _flat(a)), piece, coords, st.lists(later, max_size=3))
stacks = st.lists(st.builds(lambda t: __import__("engine").Piece(t, "white"), piece), max_size=4)


@settings(max_examples=400, deadline=None)
@given(st.one_of(piece_turns, drop_turns), stacks, st.sampled_from(["ascii", "chinese"]))
def test_g15_parse_format_round_trip_random_turns(turn, stack, style):
    text = format_turn(turn, RULES, style=style, stack=tuple(stack) if turn.origin else None)
    parsed, letters = parse_turn(text, RULES)
    assert parsed == turn
    if turn.origin is not None:
        assert letters == tuple(p.type for p in stack)


def test_c36_promote_then_drop_round_trips():
    turn = Turn((2, 15, 1), (Promote("rook"), Drop("pawn", (2, 15, 1)), Stack()))
    ascii_ = format_turn(turn, RULES)
    chinese = format_turn(turn, RULES, style="chinese")
    assert ascii_ == "(2,15,1)=R@P(2,15,1)&"
    assert chinese == "(…—2,15,1,1,1,1,1,1…)升变车打入兵(…—2,15,1,1,1,1,1,1…)叠加"
    assert parse_turn(ascii_, RULES)[0] == turn == parse_turn(chinese, RULES)[0]
