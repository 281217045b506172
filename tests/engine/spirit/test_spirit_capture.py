"""Captures and game end: S3, S10, S11, S12, H3, H5, H6, no legal turn."""

import pytest
from spirit_helpers import make, pc, turn, variant

from engine.core.errors import IllegalAction
from engine.spirit import apply_spirit_turn, legal_paths


def test_s10_higher_level_captures_lower():
    pos = make({(10, 10): ("elder", "white", 2), (10, 12): ("disciple", "black", 1)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert [(c.at, c.piece.type, c.reason) for c in caps] == [((10, 12), "disciple", "level")]
    assert new.pieces[(10, 12)] == pc("elder", "white", 2)


def test_s10_lower_mover_dies_and_turn_still_counts():
    pos = make({(10, 10): ("elder", "white", 2), (10, 12): ("master", "black", 3)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert [(c.at, c.piece.side, c.piece.type) for c in caps] == [((10, 12), "white", "elder")]
    assert new.pieces[(10, 12)] == pc("master", "black", 3)  # the defender stays
    assert (10, 10) not in new.pieces and new.to_move == "black" and new.ply == 1


def test_s10_level_up_counts_before_the_fight():
    pos = make({(10, 10): ("elder", "white", 2), (10, 12): ("elder", "black", 3)})
    new, caps = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12)))
    assert caps[0].piece.side == "black" and new.pieces[(10, 12)].side == "white"  # 3 vs 3: H5


def test_h5_equal_level_defender_is_captured(tmp_path):
    pos = make({(10, 10): ("elder", "white", 2), (10, 12): ("elder", "black", 2)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert caps[0].piece.side == "black" and new.pieces[(10, 12)].side == "white"
    att = variant(tmp_path, '[gaps]\nh5_equal_level_captured = "attacker"\n')
    pos2 = make({(10, 10): ("elder", "white", 2), (10, 12): ("elder", "black", 2)}, rules=att)
    new2, caps2 = apply_spirit_turn(pos2, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert caps2[0].piece.side == "white" and new2.pieces[(10, 12)].side == "black"


def test_s10_defender_effective_level_counts_its_formations(tmp_path):
    # with H3 off a fight can happen inside a zone: the black elder (2) next to its formation (1)
    # defends at level 3, so the white elder (2) attacking it dies
    free = variant(tmp_path, "[gaps]\nh3_higher_may_not_end_in_zone = false\n")
    pos = make(
        {(10, 10): ("elder", "white", 2), (10, 12): ("elder", "black", 2), (10, 13): ("formation", "black", 1)},
        rules=free,
    )
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert caps[0].piece.side == "white" and new.pieces[(10, 12)].side == "black"


def test_s11_enemy_entering_zone_with_level_at_most_formation_is_captured():
    pos = make({(10, 10): ("disciple", "white", 0), (10, 12): ("formation", "black", 1)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11)))
    assert [(c.at, c.piece.type, c.reason) for c in caps] == [((10, 11), "disciple", "formation")]
    assert (10, 11) not in new.pieces and (10, 10) not in new.pieces
    assert new.pieces[(10, 12)] == pc("formation", "black", 1)  # the formation stays
    # equal level (1 after the level-up) also dies
    new, caps = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11)))
    assert caps[0].reason == "formation"


def test_s11_higher_mover_passes_through_a_zone():
    """S11: an enemy above the zone's level that enters it is not captured; it walks on."""
    pos = make({(10, 8): ("elder", "white", 2), (11, 10): ("formation", "black", 1)})
    # (10,9) is in the zone (level 1 < 2) and only passed through; (10,10) is in the zone too -> H3, so go around
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 8), (10, 9), (9, 10)))
    assert caps == [] and new.pieces[(9, 10)].type == "elder"


def test_h3_higher_level_may_not_end_in_enemy_zone(tmp_path):
    pos = make({(10, 10): ("elder", "white", 2), (10, 13): ("formation", "black", 1)})
    assert (10, 12) not in legal_paths(pos, (10, 10))
    with pytest.raises(IllegalAction, match="H3") as exc:
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert exc.value.code == "illegal-path"
    # two overlapping formations (1 + 1) make the zone level 2: the elder (2) may enter and dies
    pos2 = make(
        {(10, 10): ("elder", "white", 2), (9, 13): ("formation", "black", 1), (11, 13): ("formation", "black", 1)}
    )
    new, caps = apply_spirit_turn(pos2, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert caps[0].reason == "formation" and caps[0].piece.type == "elder"
    # with H3 off, the higher piece may stay in the zone unharmed
    free = variant(tmp_path, "[gaps]\nh3_higher_may_not_end_in_zone = false\n")
    pos3 = make({(10, 10): ("elder", "white", 2), (10, 13): ("formation", "black", 1)}, rules=free)
    new3, caps3 = apply_spirit_turn(pos3, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert caps3 == [] and new3.pieces[(10, 12)].type == "elder"


def test_h3_own_formations_raise_the_movers_level():
    # the white elder (2) ends next to its own formation (1): level 3 > black zone 2 -> not allowed
    pos = make(
        {
            (10, 10): ("elder", "white", 2),
            (9, 13): ("formation", "black", 1),
            (11, 13): ("formation", "black", 1),
            (11, 11): ("formation", "white", 1),
        }
    )
    assert (10, 12) not in legal_paths(pos, (10, 10))


def test_s12_any_enemy_reaching_formation_square_captures_it():
    pos = make({(10, 10): ("disciple", "white", 0), (10, 11): ("formation", "black", 5)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11)))
    assert [(c.piece.type, c.reason) for c in caps] == [("formation", "formation-square")]
    assert new.pieces[(10, 11)] == pc("disciple", "white", 0)


def test_s12_formation_square_inside_another_zone():
    # capturing one formation inside the zone of the other: the disciple then dies to the second one
    pos = make(
        {(10, 10): ("disciple", "white", 0), (10, 11): ("formation", "black", 1), (11, 12): ("formation", "black", 1)}
    )
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11)))
    assert [c.reason for c in caps] == ["formation-square", "formation"]
    assert (10, 11) not in new.pieces and (11, 12) in new.pieces


def test_s3_capturing_the_sect_wins():
    pos = make({(10, 10): ("disciple", "white", 0), (10, 11): ("sect", "black", 0)}, background=False)
    pos = pos.replace(pieces={**pos.pieces, (1, 1): pc("sect", "white"), (5, 5): pc("elder", "black")})
    new, caps = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11)))
    assert caps[0].piece.type == "sect"
    assert new.result == ("white", "sect-captured")
    with pytest.raises(IllegalAction, match="game is over") as exc:
        apply_spirit_turn(new, turn((5, 5), (5, 5), (5, 6), (5, 7)))
    assert exc.value.code == "game-over"
    assert legal_paths(new, (5, 5)) == {}


def test_h6_turn_limit_draws(tmp_path):
    short = variant(tmp_path, "[gaps]\nh6_max_plies = 2\n")
    pos = make({(10, 10): ("elder", "white")}, rules=short)
    p1, _ = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert p1.result is None
    p2, _ = apply_spirit_turn(p1, turn((17, 19), (17, 19), (17, 18)))
    assert p2.result == (None, "turn-limit")


def test_no_legal_turn_loses():
    # black's only movable piece is boxed in by white pieces it cannot beat and its own sect
    pos = make(
        {
            (18, 18): ("sect", "black"),
            (19, 19): ("disciple", "black"),
            (18, 19): ("master", "white", 9),
            (19, 18): ("master", "white", 9),
            (10, 10): ("elder", "white"),
        },
        background=False,
    )
    pos = pos.replace(pieces={**pos.pieces, (1, 1): pc("sect", "white")})
    new, _ = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12)))
    # the black disciple may still attack (and die): that is a legal turn
    assert new.result is None
    boxed = make({(19, 19): ("sect", "black"), (10, 10): ("elder", "white")}, background=False)
    boxed = boxed.replace(pieces={**boxed.pieces, (1, 1): pc("sect", "white")})
    new, _ = apply_spirit_turn(boxed, turn((10, 10), (10, 10), (10, 11), (10, 12)))
    assert new.result == ("white", "no-legal-turn")


def test_s12_formation_may_step_onto_enemy_formation():
    pos = make({(10, 10): ("formation", "white"), (11, 10): ("disciple", "white"), (11, 11): ("formation", "black", 3)})
    assert (11, 11) in legal_paths(pos, (10, 10))
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11)))
    assert [(c.piece.side, c.reason) for c in caps] == [("black", "formation-square")]
    assert new.pieces[(11, 11)] == pc("formation", "white", 1)


def test_formation_cannot_capture_by_level():
    pos = make(
        {(10, 10): ("formation", "white", 5), (11, 10): ("disciple", "white"), (11, 11): ("disciple", "black", 0)}
    )
    assert (11, 11) not in legal_paths(pos, (10, 10))
    with pytest.raises(IllegalAction, match="S9"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11)))


def test_h2_pass_through_variant(tmp_path):
    loose = variant(tmp_path, "[gaps]\nh2_pass_through_occupied = true\n")
    pos = make({(10, 10): ("elder", "white"), (10, 11): ("disciple", "white")}, rules=loose)
    new, _ = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert new.pieces[(10, 12)].type == "elder" and new.pieces[(10, 11)].type == "disciple"


def test_no_legal_turn_draw_variant(tmp_path):
    drawish = variant(tmp_path, '[board]\nno_legal_turn = "draw"\n')
    boxed = make({(19, 19): ("sect", "black"), (10, 10): ("elder", "white")}, rules=drawish, background=False)
    boxed = boxed.replace(pieces={**boxed.pieces, (1, 1): pc("sect", "white")})
    new, _ = apply_spirit_turn(boxed, turn((10, 10), (10, 10), (10, 11), (10, 12)))
    assert new.result == (None, "no-legal-turn")
