"""Regression: promoting the split-off pawn must not promote the pawn that stays (C43, G8, C37)."""

from engine import Move, Piece, Position, Promote, Split, Turn, apply_turn, load_ruleset


def test_split_then_promote_changes_only_the_part_that_leaves():
    rules = load_ruleset("standard")
    pawn = Piece("pawn", "white")
    pos = Position.from_pieces(rules, {(11, 15, 1): (pawn, pawn)}, fill="empty")
    new, _ = apply_turn(pos, Turn((11, 15, 1), (Split(("pawn",)), Promote("cannon"), Move((11, 16, 1)))))
    assert new.cell((11, 15, 1)) == (pawn,)
    assert new.cell((11, 16, 1)) == (Piece("cannon", "white", "pawn"),)
