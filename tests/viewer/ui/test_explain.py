"""Words for players (issue 13, item 2): engine errors become plain sentences that say why; rule ids
go to a detail line."""

from __future__ import annotations

import pytest

from engine import IllegalAction, Move, Piece, Position, TurnBuilder, load_ruleset
from viewer.ui.explain import explain, piece_moves, split_rule_ids
from viewer.ui.words import board_text, cell_text, place_text, plural, turn_title

RULES = load_ruleset("standard")


@pytest.mark.parametrize(
    "text, plain, ids",
    [
        (
            "white's minute ran out: the default arrangement was used for part 2 (C26).",
            "white's minute ran out: the default arrangement was used for part 2.",
            ["C26"],
        ),
        ("Setup phase (C24-C27): white chooses first.", "Setup phase: white chooses first.", ["C24-C27"]),
        (
            "A queen can be hired only after capturing the enemy's queen (C12, G9).",
            "A queen can be hired only after capturing the enemy's queen.",
            ["C12", "G9"],
        ),
        (
            "stack may not follow move (C29; allowed after move: jump, promote)",
            "stack may not follow move (allowed after move: jump, promote)",
            ["C29"],
        ),
        (
            "cannot capture (kings face each other only along a clear line, C3/G10)",
            "cannot capture (kings face each other only along a clear line)",
            ["C3", "G10"],
        ),
        ("path visits a square twice (H2 in this ruleset)", "path visits a square twice", ["H2"]),
        ("No transform (S8) is allowed here", "No transform is allowed here", ["S8"]),
        ("a plain sentence about C-3PO and 1C3", "a plain sentence about C-3PO and 1C3", []),
    ],
)
def test_rule_ids_leave_the_sentence(text, plain, ids):
    assert split_rule_ids(text) == (plain, ids)


def _refusal(cells, origin, action):
    pos = Position.from_pieces(RULES, cells, fill="empty")
    b = TurnBuilder(pos, origin)
    with pytest.raises(IllegalAction) as info:
        b.add(action)
    return explain(
        info.value,
        rules=RULES,
        group=tuple(b.current_group),
        side=b.side,
        at=b.at,
        to=action.to,
        cell=b.cell,
        action=action.kind,
    )


def test_a_bishop_that_goes_straight_is_told_it_moves_diagonally():
    ex = _refusal({(5, 5, 1): (Piece("bishop", "white"),)}, (5, 5, 1), Move((5, 8, 1)))
    assert ex.text.startswith("The bishop on (5,5,1) cannot move to (5,8,1)")
    assert "diagonally in its plane" in ex.text
    assert "(5,5,1)" in ex.detail  # the engine's own words stay available (tuple form, issue 16)


def test_a_blocked_rook_is_told_what_blocks_it():
    cells = {(5, 5, 1): (Piece("rook", "white"),), (5, 7, 1): (Piece("pawn", "black"),)}
    ex = _refusal(cells, (5, 5, 1), Move((5, 9, 1)))
    assert ex.text == "The rook on (5,5,1) cannot move to (5,9,1): the way is blocked by the black pawn on (5,7,1)."


def test_a_cannon_capture_without_a_screen_says_it_needs_one():
    cells = {(5, 5, 1): (Piece("cannon", "white"),), (5, 9, 1): (Piece("rook", "black"),)}
    from engine import Capture

    ex = _refusal(cells, (5, 5, 1), Capture((5, 9, 1)))
    assert "exactly one piece to jump over" in ex.text and "there is none" in ex.text


def test_a_move_to_another_plane_points_to_the_jump_keys():
    ex = _refusal({(5, 5, 1): (Piece("rook", "white"),)}, (5, 5, 1), Move((5, 5, 2)))
    assert "3-D jump (PageUp / PageDown)" in ex.text and "G3" in ex.detail


def test_each_standard_piece_is_described_in_words():
    for name in RULES.pieces:
        text = piece_moves(RULES, name)
        assert text.startswith(("a ", "an ")) and name in text and "pattern" not in text, text
    assert piece_moves(RULES, "rook") == (
        "a rook moves any distance along the ranks and files of its plane, while the way is free"
    )


def test_grammar_refusals_say_what_may_still_follow():
    ex = explain(
        IllegalAction("stack may not follow capture (C30; allowed after capture: only promote)", code="grammar")
    )
    assert (
        ex.text == "After a capture the turn cannot stack; what may still follow: only a promotion. "
        "Enter ends the turn."
    )
    assert "C30" in ex.detail and "C30" not in ex.text


def test_one_spelling_for_cells_boards_and_turns():
    assert cell_text((9, 4, 1, 1, 1)) == "(9,4,1)" and cell_text((9, 4, 1, 2)) == "(9,4,1,2)"
    assert board_text(()) == "main board" and board_text((2,)) == "board w4=2"
    assert board_text((1, 3)) == "board w5=3" and board_text((2, 3)) == "board w4=2, w5=3"
    assert place_text((2,), 3) == "board w4=2, plane z=3"
    assert turn_title(0, "white") == "Start position" and turn_title(13, "white") == "Turn 13 \u00b7 white"
    assert plural(1, "step") == "1 step" and plural(3, "step") == "3 steps"


def test_engine_coordinates_are_written_as_cells_for_players():
    ex = explain(IllegalAction("cannot drop on [5, 9, 1, 1]: it holds enemy pieces (C11)", code="illegal-drop"))
    assert ex.text == "Cannot drop on (5,9,1): it holds enemy pieces."
    assert "[5, 9, 1, 1]" in ex.detail and "C11" in ex.detail


def test_a_pattern_without_its_own_words_is_described_from_its_betza_parts():
    from viewer.ui.explain import describe_betza

    assert describe_betza("fD") == "moves and captures by a jump of two squares along a rank or file forward"
    assert describe_betza("mW2 cF") == (
        "moves up to 2 squares along ranks and files (without capturing); captures one step diagonally"
    )
    assert describe_betza("cpR") == "captures any distance along ranks and files, jumping over exactly one piece"
