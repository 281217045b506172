"""Threats of both games (issue 19): each kind constructed on a small position and named."""

from __future__ import annotations

from engine import Piece, Position, load_ruleset
from engine.analysis import Threat, board_label, cube_threats, decisive, spirit_threats, threats
from engine.spirit import SpiritPiece, SpiritPosition

RULES = load_ruleset("standard")
W, B = "white", "black"


def empty(pieces: dict, **kw) -> Position:
    return Position.from_pieces(RULES, pieces, fill="empty", **kw)


def kinds(found, kind, side=None) -> list[Threat]:
    return [t for t in found if t.kind == kind and (side is None or t.side == side)]


def test_facing_line_along_dimension_5_is_a_decisive_cross_board_threat():
    # the kings differ only in the 5th index: one lattice line across boards w5=1..4, nothing between
    pos = empty({(5, 5, 1): (Piece("king", W),), (5, 5, 1, 1, 4): (Piece("king", B),)})
    found = cube_threats(pos)
    facing = kinds(found, "facing", W)
    assert [(t.frm, t.to) for t in facing] == [((5, 5, 1), (5, 5, 1, 1, 4))]
    t = facing[0]
    assert t.decisive and t.now and t.rule == "C3" and t.across
    assert t.boards == ("main board", "board w5=4")
    assert "along w5" in t.words
    # the same line seen from black (not to move): named too, but not "now"
    assert [t.now for t in kinds(found, "facing", B)] == [False]
    assert decisive(found)[0].kind == "facing"


def test_a_piece_between_breaks_the_facing_line():
    pos = empty(
        {
            (5, 5, 1): (Piece("king", W),),
            (5, 5, 1, 1, 2): (Piece("rook", B),),
            (5, 5, 1, 1, 4): (Piece("king", B),),
        }
    )
    assert not kinds(cube_threats(pos), "facing")


def test_prince_two_actions_from_a_home_on_another_board():
    # black's prince stands on board w4=2 next to white's king home (8,1,1): hyper-jump back, then a step
    pos = empty(
        {
            (3, 8, 1): (Piece("king", W),),
            (12, 12, 1): (Piece("king", B),),
            (7, 2, 1, 2): (Piece("prince", B),),
        },
        to_move=B,
    )
    home = kinds(cube_threats(pos), "home", B)
    assert [(t.frm, t.to, t.rule) for t in home] == [((7, 2, 1, 2), (8, 1, 1), "C5")]
    t = home[0]
    assert t.decisive and t.now and t.across and t.boards == ("board w4=2", "main board")
    assert t.via and board_label(t.via[0]) in ("main board", "board w4=2")
    assert "king home" in t.words and "C5" in t.words


def test_prince_three_actions_away_is_no_threat():
    pos = empty(
        {
            (3, 8, 1): (Piece("king", W),),
            (12, 12, 1): (Piece("king", B),),
            (6, 3, 1, 2): (Piece("prince", B),),
        },
        to_move=B,
    )
    assert not kinds(cube_threats(pos), "home")


def test_a_piece_that_can_hyper_jump_onto_the_kings_board_and_attack_it():
    # white's rook on board w4=2: one hyper-jump lands it on the main board's file x=5 below black's king
    pos = empty(
        {
            (2, 2, 1): (Piece("king", W),),
            (5, 9, 1): (Piece("king", B),),
            (5, 2, 1, 2): (Piece("rook", W),),
            (9, 2, 1, 2): (Piece("knight", W),),  # lands far from the king: no threat
        }
    )
    appr = kinds(cube_threats(pos), "approach", W)
    assert [(t.frm, t.via, t.to) for t in appr] == [((5, 2, 1, 2), ((5, 2, 1),), (5, 9, 1))]
    assert appr[0].across and not appr[0].decisive and "hyper-jump" in appr[0].words
    # a piece in between on the main board takes the threat away
    blocked = empty({**{c: s for c, s in pos.changed().items()}, (5, 5, 1): (Piece("pawn", B),)})
    assert not kinds(cube_threats(blocked), "approach", W)


def test_c16_margin_capture():
    # white 50, black 99: taking the rook (+3) brings black to 102 >= 2 x 50: white loses (C16)
    pos = empty(
        {
            (2, 2, 1): (Piece("king", W),),
            (14, 14, 1): (Piece("king", B),),
            (5, 5, 1): (Piece("rook", W),),
            (5, 9, 1): (Piece("rook", B),),
        },
        to_move=B,
        scores={W: 50, B: 99},
    )
    found = cube_threats(pos)
    margin = kinds(found, "margin", B)
    assert [(t.frm, t.to) for t in margin] == [((5, 9, 1), (5, 5, 1))]
    assert margin[0].decisive and "C16" in margin[0].words and "102" in margin[0].words
    # white's capture of black's rook is an ordinary attack (white 53 against 99 is more than half)
    assert [t.decisive for t in kinds(found, "capture", W)] == [False]


def test_attack_on_the_king_and_ordinary_captures_in_the_start_position_are_bounded():
    from engine import Game

    g = Game.load("engine/cube/samples/demo.txt")
    before_end = g.positions[-2]
    found = threats(before_end)
    king = kinds(found, "king")
    assert king and king[0].decisive and king[0].to == (9, 16, 1)
    assert all(t.kind in ("capture", "king") for t in found)


# ------------------------------------------------------------------------------- spirit chess
SR = load_ruleset("spirit")


def spirit(pieces: dict, to_move=W) -> SpiritPosition:
    return SpiritPosition(SR, to_move, pieces)


def test_sect_attack():
    pos = spirit(
        {
            (10, 2): SpiritPiece("sect", W, 0),
            (10, 18): SpiritPiece("sect", B, 0),
            (10, 15): SpiritPiece("master", W, 5),
            (3, 3): SpiritPiece("disciple", B, 1),
        }
    )
    found = spirit_threats(pos)
    sect = kinds(found, "sect", W)
    assert [(t.frm, t.to) for t in sect] == [((10, 15), (10, 18))]
    assert sect[0].decisive and sect[0].now and sect[0].rule == "S3"
    assert found[0] == sect[0]  # decisive first


def test_formation_zone_that_would_catch_a_mover():
    pos = spirit(
        {
            (10, 2): SpiritPiece("sect", W, 0),
            (10, 18): SpiritPiece("sect", B, 0),
            (5, 10): SpiritPiece("formation", B, 3),
            (5, 12): SpiritPiece("elder", B, 2),
            (5, 8): SpiritPiece("disciple", W, 1),
        }
    )
    zone = kinds(spirit_threats(pos), "zone", B)
    assert [t.frm for t in zone] == [(5, 10)]
    assert len(zone[0].cells) == 8 and (5, 9) in zone[0].cells
    assert "disciple (5,8)" in zone[0].words and zone[0].rule == "S11"
