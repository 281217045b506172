"""Space: the lattice, 3-D jumps, higher dimensions and planar movement.
C18–C23, G1, G2, G3, G4 (jump/hyperjump pairs), G12, G13."""

import pytest

from engine import (
    Capture,
    Drop,
    HyperJump,
    Jump,
    Move,
    Position,
    Stack,
    Turn,
    apply_turn,
    legal_actions,
    start_position,
)


# -- G1 geometry ---------------------------------------------------------------------------------
def test_g1_geometry_is_16_cubed_with_green_x3_14_on_the_main_plane(rules):
    assert rules.size == (16, 16, 16) or list(rules.size) == [16, 16, 16]
    assert [list(p) for p in rules.green] == [[3, 14], [1, 16], [1, 1]]
    assert rules.in_green((3, 1, 1)) and rules.in_green((14, 16, 1))
    assert not rules.in_green((2, 8, 1)) and not rules.in_green((15, 8, 1))
    assert not rules.in_green((8, 8, 2)) and not rules.in_green((8, 8, 1, 2))
    assert rules.higher_min == 1
    assert dict(rules.promotion) == {"white": 14, "black": 3}
    assert dict(rules.red_line) == {"white": 3, "black": 14}


def test_g1_start_position_layout(rules):
    pos = start_position(rules)
    # royal slots x 7..10 on rank 1 (white) / rank 16 (black), pawns on x 7..10 of ranks 2-3 / 14-15
    assert [pos.cell((x, 1, 1))[0].type for x in range(7, 11)] == ["queen", "king", "prince", "brother"]
    assert [pos.cell((x, 16, 1))[0].type for x in range(10, 6, -1)] == ["queen", "king", "prince", "brother"]
    for y in (2, 3):
        assert all(
            pos.cell((x, y, 1)) == (pos.cell((x, y, 1))[0],) and pos.cell((x, y, 1))[0].type == "pawn"
            for x in range(7, 11)
        )
    for y in range(4, 14):
        assert all(pos.cell((x, y, 1)) == () for x in range(1, 17))
    assert pos.scores == {"white": 120, "black": 120}
    assert pos.changed() == {}


def test_g1_promotion_line_is_the_far_red_line(rules):
    assert rules.beyond_promotion("white", 14) and not rules.beyond_promotion("white", 13)
    assert rules.beyond_promotion("black", 3) and not rules.beyond_promotion("black", 4)


# -- C20 crowded pawns ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "c,side",
    [
        ((1, 1, 1), "white"),
        ((2, 3, 1), "white"),
        ((16, 2, 1), "white"),
        ((15, 14, 1), "black"),
        ((5, 2, 2), "white"),
        ((5, 15, 16), "black"),  # other planes of the main board
        ((5, 3, 1, 2), "white"),
        ((12, 16, 4, 1, 1, 9), "black"),  # other boards
    ],
)
def test_c20_g1_crowded_pawns_outside_the_green_area(rules, c, side):
    pos = start_position(rules)
    assert [(p.type, p.side) for p in pos.cell(c)] == [("pawn", side)]


@pytest.mark.parametrize("c", [(1, 4, 1), (5, 9, 2), (8, 13, 1, 5), (3, 7, 7, 1, 2)])
def test_c20_g1_middle_ranks_are_empty_everywhere(rules, c):
    assert start_position(rules).cell(c) == ()


def test_c20_only_the_main_board_holds_the_main_region(rules):
    pos = start_position(rules)
    assert pos.cell((8, 1, 1))[0].type == "king"
    assert pos.cell((8, 1, 1, 2))[0].type == "pawn"  # the same square on another board: crowded pawn
    assert pos.cell((8, 1, 2))[0].type == "pawn"  # the plane above: crowded pawn


# -- C18 observation ---------------------------------------------------------------------------
def test_c18_observing_a_column_along_z(rules):
    pos = start_position(rules)
    column = [pos.cell((9, 2, z)) for z in range(1, 17)]
    assert all(len(s) == 1 and s[0].type == "pawn" and s[0].side == "white" for s in column)
    column = [pos.cell((9, 8, z)) for z in range(1, 17)]
    assert all(s == () for s in column)


def test_c18_board_pieces_lists_a_whole_3d_board(rules, h):
    pos = start_position(rules)
    other = pos.board_pieces(higher=(2,))
    assert len(other) == 16 * 16 * 6
    assert all(c[3:] == (2,) for c, _ in other)
    pos2 = h.make(rules, {(4, 8, 3, 2): "wN", (4, 8, 5): "bR"})
    assert pos2.board_pieces(higher=(2,)) == [((4, 8, 3, 2), h.stack("wN"))]
    assert pos2.board_pieces() == [((4, 8, 5), h.stack("bR"))]


# -- C19 / G12 3-D jumps ------------------------------------------------------------------------
def test_c19_jump_to_the_plane_directly_above_or_below(rules, h):
    pos = h.make(rules, {(5, 5, 4): "wN"})
    jumps = {a.to for a in legal_actions(pos, (5, 5, 4)) if a.kind == "jump"}
    assert jumps == {(5, 5, 3), (5, 5, 5)}
    new, cost = h.play(pos, (5, 5, 4), Jump((5, 5, 5)))
    assert cost == 0 and new.cell((5, 5, 5)) == h.stack("wN") and new.cell((5, 5, 4)) == ()


def test_c19_jump_must_be_adjacent_plane_same_xy_inside_the_cube(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wN", (5, 5, 16): "wB"})
    h.refuse(pos, (5, 5, 1), Jump((5, 5, 3)), code="illegal-jump")
    h.refuse(pos, (5, 5, 1), Jump((5, 6, 2)), code="illegal-jump")
    h.refuse(pos, (5, 5, 1), Jump((5, 5, 0)), code="out-of-board")
    h.refuse(pos, (5, 5, 16), Jump((5, 5, 17)), code="out-of-board")


def test_c19_g12_no_capture_in_a_jump_step(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wQ", (5, 5, 2): "bP"})
    assert Jump((5, 5, 2)) not in legal_actions(pos, (5, 5, 1))
    h.refuse(pos, (5, 5, 1), Jump((5, 5, 2)), code="illegal-jump", match="no capture")
    h.refuse(pos, (5, 5, 1), Capture((5, 5, 2)), code="illegal-capture")


def test_g12_jump_onto_own_pieces_only_as_a_stack(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wN", (5, 5, 2): "wP"})
    h.refuse(pos, (5, 5, 1), Jump((5, 5, 2)), code="grammar")
    new, cost = h.play(pos, (5, 5, 1), Jump((5, 5, 2)), Stack())
    assert h.types(new.cell((5, 5, 2))) == ["pawn", "knight"] and cost == 3


def test_c19_move_then_jump_and_jump_then_move(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wR"})
    new, _ = h.play(pos, (5, 5, 1), Move((5, 9, 1)), Jump((5, 9, 2)))
    assert new.cell((5, 9, 2)) == h.stack("wR")
    new, _ = h.play(pos, (5, 5, 1), Jump((5, 5, 2)), Move((9, 5, 2)))
    assert new.cell((9, 5, 2)) == h.stack("wR")


# -- G3 planar moves ------------------------------------------------------------------------------
def test_g3_planar_moves_never_change_z_or_higher_indices(rules, h):
    pos = h.make(rules, {(5, 5, 1): "wQ", (5, 5, 1, 2): "wR"})
    h.refuse(pos, (5, 5, 1), Move((6, 6, 2)), code="illegal-move")
    h.refuse(pos, (5, 5, 1), Move((5, 5, 1, 2)), code="illegal-move")
    moves = [a.to for a in legal_actions(pos, (5, 5, 1, 2)) if a.kind == "move"]
    assert moves and all(c[2:] == (1, 2) for c in moves)


def test_g3_pieces_on_other_boards_move_in_their_own_plane(rules, h):
    pos = h.make(rules, {(5, 5, 3, 4, 2): "wN"})
    new, _ = h.play(pos, (5, 5, 3, 4, 2), Move((6, 7, 3, 4, 2)))
    assert new.cell((6, 7, 3, 4, 2)) == h.stack("wN")


# -- G2 movement patterns -----------------------------------------------------------------------
def _targets(pos, origin, kind="move"):
    return {a.to[:2] for a in legal_actions(pos, origin) if a.kind == kind}


def test_g2_knight_is_a_chess_knight(rules, h):
    pos = h.make(rules, {(8, 8, 1): "wN", (8, 9, 1): "bP", (9, 8, 1): "bP"})  # not blocked
    assert _targets(pos, (8, 8, 1)) == {
        (8 + a, 8 + b) for a, b in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
    }


def test_g2_bishop_rook_queen_ride_until_blocked(rules, h):
    pos = h.make(rules, {(8, 8, 1): "wB", (10, 10, 1): "bP"})
    t = _targets(pos, (8, 8, 1))
    assert (9, 9) in t and (10, 10) not in t and (11, 11) not in t and (1, 1) in t and (8, 9) not in t
    assert _targets(pos, (8, 8, 1), "capture") == {(10, 10)}
    pos = h.make(rules, {(8, 8, 1): "wR", (8, 12, 1): "wP"})
    t = _targets(pos, (8, 8, 1))
    assert (8, 12) in t  # own pawn: a move that must be followed by stack (C39)
    assert (8, 11) in t and (8, 13) not in t and (1, 8) in t and (16, 8) in t and (9, 9) not in t
    pos = h.make(rules, {(8, 8, 1): "wQ"})
    assert len(_targets(pos, (8, 8, 1))) == 7 + 8 + 7 + 8 + 7 + 7 + 7 + 8


def test_g2_cannon_moves_like_a_rook_and_captures_by_hopping_one_piece(rules, h):
    pos = h.make(rules, {(8, 4, 1): "wC", (8, 7, 1): "wP", (8, 10, 1): "bN", (8, 12, 1): "bR", (12, 4, 1): "bB"})
    moves = _targets(pos, (8, 4, 1))
    assert (8, 6) in moves and (8, 8) not in moves
    assert (8, 7) in moves  # own pieces: listed as a move that must be followed by stack (C39)
    caps = _targets(pos, (8, 4, 1), "capture")
    assert caps == {(8, 10)}  # over the screen; not the bishop (no screen), not the rook (two)
    h.refuse(pos, (8, 4, 1), Capture((12, 4, 1)), code="illegal-capture")


def test_g2_brother_is_queen_plus_knight(rules, h):
    pos = h.make(rules, {(8, 8, 1): "wG"})
    t = _targets(pos, (8, 8, 1))
    assert (9, 10) in t and (1, 1) in t and (8, 16) in t and (10, 11) not in t


def test_g2_white_pawn_steps_leaps_and_captures_forward(rules, h):
    pos = h.make(rules, {(8, 5, 1): "wP", (8, 6, 1): "bP", (7, 6, 1): "bN", (9, 6, 1): "wR"})
    assert _targets(pos, (8, 5, 1)) == {(8, 7)}  # leap over the adjacent piece
    assert _targets(pos, (8, 5, 1), "capture") == {(7, 6)}  # diagonal forward, enemy only
    new, _ = h.play(pos, (8, 5, 1), Move((8, 7, 1)))
    assert new.cell((8, 6, 1)) == h.stack("bP")  # the leap does not capture
    pos = h.make(rules, {(8, 5, 1): "wP"})
    assert _targets(pos, (8, 5, 1)) == {(8, 6)}  # no double step on an empty file
    h.refuse(pos, (8, 5, 1), Move((8, 7, 1)), code="illegal-move")
    h.refuse(pos, (8, 5, 1), Move((8, 4, 1)), code="illegal-move")


def test_g2_black_pawn_forward_is_minus_y(rules, h):
    pos = h.make(rules, {(8, 10, 1): "bP", (9, 9, 1): "wN"}, to_move="black")
    assert _targets(pos, (8, 10, 1)) == {(8, 9)}
    assert _targets(pos, (8, 10, 1), "capture") == {(9, 9)}


def test_g2_movement_patterns_are_betza_data(rules):
    assert rules.pieces["knight"].betza == "N"
    assert rules.pieces["cannon"].betza == "mR cpR"
    assert rules.pieces["brother"].betza == "QN"
    assert rules.pieces["pawn"].betza == "mfW mfpW2 cfF"


# -- C21 / C22 higher dimensions -------------------------------------------------------------
def test_c22_source_hyperjump_from_the_4th_index_2_to_1(rules, h):
    pos = start_position(rules)
    assert pos.cell((9, 4, 1, 2)) == ()  # rank 4 is empty on every board: put a pawn there
    pos = h.make(rules, {(9, 4, 1, 2): "wP", (9, 4, 1): ()}, fill="default")
    new, cost = apply_turn(pos, Turn((9, 4, 1, 2), (HyperJump((9, 4, 1)),)))
    assert cost == 1 and new.cell((9, 4, 1)) == h.stack("wP") and new.cell((9, 4, 1, 2)) == ()


@pytest.mark.parametrize("dim", [4, 5, 6, 9])
def test_c22_hyperjump_changes_one_higher_index_by_one(rules, h, dim):
    origin = (5, 6, 2)
    pos = h.make(rules, {origin: "wR"})
    to = origin + (1,) * (dim - 4) + (2,)
    new, cost = h.play(pos, origin, HyperJump(to))
    assert cost == 1 and new.cell(to) == h.stack("wR")
    assert new.max_dimension() == dim


def test_c22_hyperjump_refused_when_not_adjacent_or_two_indices_change(rules, h):
    pos = h.make(rules, {(5, 6, 2): "wR", (5, 6, 2, 2): "wB"})
    h.refuse(pos, (5, 6, 2), HyperJump((5, 6, 2, 3)), code="illegal-hyperjump")
    h.refuse(pos, (5, 6, 2), HyperJump((5, 6, 2, 2, 2)), code="illegal-hyperjump")
    h.refuse(pos, (5, 6, 2), HyperJump((5, 6, 3, 2)), code="illegal-hyperjump")
    h.refuse(pos, (5, 6, 2), HyperJump((5, 6, 3)), code="illegal-hyperjump")  # that is a 3-D jump
    h.refuse(pos, (5, 6, 2, 2), HyperJump((5, 6, 2, 0)), code="out-of-board")  # indices start at 1


def test_c22_no_capture_in_a_hyperjump_step(rules, h):
    pos = h.make(rules, {(5, 6, 2): "wR", (5, 6, 2, 2): "bB"})
    assert HyperJump((5, 6, 2, 2)) not in legal_actions(pos, (5, 6, 2))
    h.refuse(pos, (5, 6, 2), HyperJump((5, 6, 2, 2)), code="illegal-jump", match="C22")


def test_c22_move_then_hyperjump_and_hyperjump_then_move(rules, h):
    pos = h.make(rules, {(5, 6, 2): "wR"})
    new, cost = h.play(pos, (5, 6, 2), Move((5, 9, 2)), HyperJump((5, 9, 2, 2)))
    assert cost == 1 and new.cell((5, 9, 2, 2)) == h.stack("wR")
    new, cost = h.play(pos, (5, 6, 2), HyperJump((5, 6, 2, 1, 2)), Move((1, 6, 2, 1, 2)))
    assert cost == 1 and new.cell((1, 6, 2, 1, 2)) == h.stack("wR")


def test_c21_unbounded_higher_indices(rules, h):
    far = (5, 6, 2, 10**6)
    pos = h.make(rules, {far: "wR"})
    new, _ = h.play(pos, far, HyperJump((5, 6, 2, 10**6 + 1)))
    assert new.cell((5, 6, 2, 10**6 + 1)) == h.stack("wR")


# -- C23 / G4 jump and hyperjump combine -------------------------------------------------------
def test_c23_g4_hyperjump_then_jump_and_jump_then_hyperjump_in_standard(rules, h):
    pos = h.make(rules, {(5, 6, 2): "wR"})
    new, cost = h.play(pos, (5, 6, 2), HyperJump((5, 6, 2, 2)), Jump((5, 6, 3, 2)))
    assert cost == 1 and new.cell((5, 6, 3, 2)) == h.stack("wR")
    new, cost = h.play(pos, (5, 6, 2), Jump((5, 6, 1)), HyperJump((5, 6, 1, 2)))
    assert cost == 1 and new.cell((5, 6, 1, 2)) == h.stack("wR")


def test_c23_g4_move_jump_and_hyperjump_together_only_in_free_combination(rules, free_rules, h):
    acts = (Move((5, 9, 2)), Jump((5, 9, 3)), HyperJump((5, 9, 3, 2)))
    pos = h.make(rules, {(5, 6, 2): "wR"})
    h.refuse(pos, (5, 6, 2), *acts, code="grammar", match="G4")
    free = h.make(free_rules, {(5, 6, 2): "wR"})
    new, cost = h.play(free, (5, 6, 2), *acts)
    assert cost == 1 and new.cell((5, 9, 3, 2)) == h.stack("wR")
    # each kind still at most once (C38), and a capture still ends the turn
    h.refuse(free, (5, 6, 2), Move((5, 9, 2)), Jump((5, 9, 3)), Move((5, 7, 3)), code="grammar", match="C38")


def test_g4_free_combination_is_a_ruleset_variant(free_rules, rules):
    assert free_rules.max_actions == 0 and rules.max_actions == 2
    assert free_rules.follows["capture"] == rules.follows["capture"]


# -- G13 lazy unbounded board --------------------------------------------------------------------
def test_g13_drops_anywhere_cost_memory_only_for_changed_cells(rules, h):
    pos = start_position(rules)
    far = (5, 8, 16, 3, 7, 1, 1, 12)
    new, cost = h.play(pos, None, Drop("pawn", far))
    assert cost == 1 and new.changed() == {far: h.stack("wP")}
    assert new.cell((5, 8, 16, 3, 7, 1, 1, 11)) == ()
    assert new.indices_used(8) == [12]


def test_g13_z_must_stay_within_the_cube_and_indices_at_least_one(rules, h):
    pos = start_position(rules)
    for bad in ((5, 8, 17), (0, 8, 1), (5, 17, 1), (5, 8, 1, 0), (5, 8, 1, 1, -3)):
        h.refuse(pos, None, Drop("pawn", bad), code="out-of-board")


def test_board_cells_reads_a_far_board_without_building_its_coordinates(rules, h):
    """issue 17: a board in dimension 10,000 is read with one short look-up per cell and one pass
    over the changed cells (never a 10,000-long coordinate per cell); it agrees with board_pieces."""
    far = (1,) * 9996 + (2,)
    pos = Position.from_pieces(rules, {(4, 8, 3) + far: h.stack("wN"), (4, 8, 5): h.stack("bR")}, fill="empty")
    looked = []
    real = Position.default

    def counting(self, c):
        looked.append(len(c))
        return real(self, c)

    try:
        Position.default = counting
        cells = pos.board_cells(far)
    finally:
        Position.default = real
    assert cells == [((4, 8, 3), h.stack("wN"))]
    assert len(looked) == 16 * 16 * 16 - 1 and max(looked) == 4  # every other cell: a short stand-in
    assert pos.board_pieces(far) == [((4, 8, 3) + far, h.stack("wN"))]
    opening = start_position(rules)
    opened = apply_turn(opening, Turn((9, 3, 1), (Move((9, 4, 1)),)))[0]
    opened = apply_turn(opened, Turn((9, 14, 1), (Move((9, 13, 1)),)))[0]
    moved = apply_turn(opened, Turn((9, 4, 1), (HyperJump((9, 4, 1, 1, 2)),)))[0]
    for p, hi in [(opening, ()), (opening, (2,)), (moved, ()), (moved, (1, 2)), (moved, (1, 3))]:
        brute = [((x, y, z), p.cell((x, y, z) + hi)) for z in range(1, 17) for y in range(1, 17) for x in range(1, 17)]
        assert p.board_cells(hi) == [(c, s) for c, s in brute if s]  # the same cells as a walk of the board
