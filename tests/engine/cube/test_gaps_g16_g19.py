"""Cube-chess gap decisions G16-G19 (docs/RULES.md)."""

import pytest

from engine import Drop, Jump, Move, Promote, Stack, TurnBuilder, load_ruleset_file
from engine.cube.movegen import next_actions


def _variant(tmp_path, body: str, name: str):
    p = tmp_path / f"{name}.toml"
    p.write_text(f'extends = "standard"\n[meta]\nname = "{name}"\n' + body, encoding="utf-8")
    return load_ruleset_file(p)


# -- G16: "jump after stacking" is a later turn (C34 binds within a turn) ----------------------
def test_g16_no_jump_after_a_stack_in_the_same_turn(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wP", (5, 7, 1): "wR"})
    err = h.refuse(pos, (5, 7, 1), Move((5, 5, 1)), Stack(), Jump((5, 5, 2)), code="grammar")
    assert "C34" in str(err)
    stacked, _ = h.play(pos, (5, 7, 1), Move((5, 5, 1)), Stack())
    stacked = stacked.replace(to_move="white")  # skip black's turn
    new, cost = h.play(stacked, (5, 5, 1), Jump((5, 5, 2)))
    assert h.types(new.cell((5, 5, 2))) == ["pawn", "rook"] and cost == 0
    assert "stack" in rules.follows and not rules.follows["stack"]


# -- G17: hire price = value (C10) + the green surcharge (C13) --------------------------------
@pytest.mark.parametrize("kind", ["pawn", "knight", "bishop", "rook", "cannon"])
def test_g17_hire_price_is_the_value_plus_the_green_surcharge(rules, h, kind):
    pos = h.make(rules, {})
    value = rules.pieces[kind].value
    _, outside = h.play(pos, None, Drop(kind, (1, 8, 1)))  # x = 1: outside the green area
    _, inside = h.play(pos, None, Drop(kind, (8, 8, 1)))
    assert outside == value and inside == value + rules.green_drop_surcharge


def test_g17_credit_kinds_cost_twelve_plus_surcharge(rules, h):
    pos = h.make(rules, {}, credits={"white": {"queen": 1}})
    _, cost = h.play(pos, None, Drop("queen", (8, 8, 1)))
    assert cost == 12 + 1


# -- G18: a square on the promotion line counts as after it ------------------------------------
@pytest.mark.parametrize("side,line", [("white", 14), ("black", 3)])
def test_g18_on_the_line_counts_as_after_it_for_stacks_and_promotion(rules, h, side, line):
    s = side[0]
    step = 1 if side == "white" else -1
    assert rules.promotion[side] == line
    before = line - step
    pos = h.make(
        rules,
        {
            (6, before, 1): s + "P",
            (6, line - 3 * step, 1): s + "Q",
            (7, line, 1): s + "R",
            (7, line - 3 * step, 1): s + "Q",
        },
        to_move=side,
    )
    _, on_line = h.play(pos, (7, line - 3 * step, 1), Move((7, line, 1)), Stack())
    assert on_line == 1  # C15: on the line = after it
    h.refuse(pos, (6, before, 1), Promote("rook"), code="illegal-promote")  # one rank before: no
    new, _ = h.play(pos, (6, before, 1), Move((6, line, 1)), Promote("rook"))
    assert new.cell((6, line, 1)) == (h.Piece("rook", side, "pawn"),)


# -- G19: drop + promote, not into a credit-only kind --------------------------------------------
def test_g19_a_dropped_pawn_may_not_become_a_queen_or_brother_in_the_same_turn(rules, h):
    assert rules.promote_after_drop == "unlimited"
    pos = h.make(rules, {})
    for kind in ("queen", "brother"):
        err = h.refuse(pos, None, Drop("pawn", (8, 14, 1)), Promote(kind), code="illegal-promote")
        assert "G19" in str(err) and "credit" in str(err)
    b = TurnBuilder(pos)
    b.add(Drop("pawn", (8, 14, 1)))
    offered = {a.to for a in next_actions(b) if isinstance(a, Promote)}
    assert offered == {"knight", "bishop", "rook", "cannon"}


def test_g19_only_the_dropped_pawn_is_restricted(rules, h):
    """G19 concerns the piece dropped this turn: a pawn already standing on the line may still become a
    queen in a turn that drops a knight onto it; a pawn dropped onto a knight may not."""
    pos = h.make(rules, {(8, 14, 1): "wP", (9, 14, 1): "wN"})
    new, cost = h.play(pos, None, Drop("knight", (8, 14, 1)), Stack(), Promote("queen"))
    assert new.cell((8, 14, 1)) == (h.Piece("queen", "white", "pawn"), h.Piece("knight", "white"))
    assert cost == 3 + 1 + 1  # knight, green surcharge, stack on the line (G18)
    h.refuse(pos, None, Drop("pawn", (9, 14, 1)), Stack(), Promote("queen"), code="illegal-promote")
    b = TurnBuilder(pos)
    b.add(Drop("knight", (8, 14, 1)))
    b.add(Stack())
    assert Promote("queen") in next_actions(b)


def test_g19_economics_a_minor_piece_by_drop_and_promote_costs_the_pawns_price(rules, h):
    pos = h.make(rules, {})
    new, cost = h.play(pos, None, Drop("pawn", (8, 14, 1)), Promote("rook"))
    assert new.cell((8, 14, 1)) == (h.Piece("rook", "white", "pawn"),)
    assert cost == 1 + 1  # pawn + green surcharge
    _, direct = h.play(pos, None, Drop("rook", (8, 14, 1)))
    assert direct == 3 + 1  # the rook hired directly
    assert new.stats["white"]["pawn"]["hired"] == 1 and new.stats["white"]["rook"]["hired"] == 0


def test_g19_the_dropped_pawn_may_promote_to_a_queen_in_a_later_turn(rules, h):
    pos = h.make(rules, {})
    dropped, _ = h.play(pos, None, Drop("pawn", (8, 14, 1)))
    dropped = dropped.replace(to_move="white")
    new, cost = h.play(dropped, (8, 14, 1), Promote("queen"))
    assert new.cell((8, 14, 1)) == (h.Piece("queen", "white", "pawn"),) and cost == 0


def test_g19_variants_any_and_none_are_ruleset_switches(tmp_path, h):
    loose = _variant(tmp_path, '[turns]\npromote_after_drop = "any"\n', "g19-any")
    new, cost = h.play(h.make(loose, {}), None, Drop("pawn", (8, 14, 1)), Promote("queen"))
    assert new.cell((8, 14, 1)) == (h.Piece("queen", "white", "pawn"),) and cost == 2
    strict = _variant(tmp_path, '[turns]\npromote_after_drop = "none"\n', "g19-none")
    h.refuse(h.make(strict, {}), None, Drop("pawn", (8, 14, 1)), Promote("rook"), code="illegal-promote")
    b = TurnBuilder(h.make(strict, {}))
    b.add(Drop("pawn", (8, 14, 1)))
    assert not [a for a in next_actions(b) if isinstance(a, Promote)]
    bad = tmp_path / "bad.toml"
    bad.write_text('extends = "standard"\n[turns]\npromote_after_drop = "sometimes"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="promote_after_drop"):
        load_ruleset_file(bad)
