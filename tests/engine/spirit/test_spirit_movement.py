"""Movement: S3-S9, S13, H1, H2."""

import pytest
from spirit_helpers import RULES, make, pc, turn, variant

from engine.core.errors import IllegalAction
from engine.spirit import apply_spirit_turn, effective_level, formation_zones, legal_paths, step_budget


def _cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_s3_sect_cannot_move_or_level():
    pos = make({})
    with pytest.raises(IllegalAction, match="sect can never be levelled") as exc:
        apply_spirit_turn(pos, turn((1, 1), (3, 1), (3, 2)))
    assert exc.value.code == "illegal-levelup"
    with pytest.raises(IllegalAction, match="never moves") as exc:
        apply_spirit_turn(pos, turn((3, 1), (1, 1), (1, 2)))
    assert exc.value.code == "illegal-origin"
    assert legal_paths(pos, (1, 1)) == {}


def test_s4_master_moves_exactly_three_steps():
    pos = make({(10, 10): ("master", "white")})
    ends = legal_paths(pos, (10, 10))
    assert set(ends) == {(x, y) for x in range(7, 14) for y in range(7, 14)} - {(10, 10)}
    assert all(len(p) == 3 for p in ends.values())
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12)))
    new, _ = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12), (10, 13)))
    assert new.pieces[(10, 13)] == pc("master", "white", 4)


def test_s5_vicemaster_moves_exactly_two_steps():
    pos = make({(10, 10): ("vicemaster", "white")})
    ends = legal_paths(pos, (10, 10))
    assert set(ends) == {(x, y) for x in range(8, 13) for y in range(8, 13)} - {(10, 10)}
    with pytest.raises(IllegalAction, match="exactly 2"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11)))


def test_s6_elder_moves_exactly_two_steps():
    pos = make({(10, 10): ("elder", "white")})
    assert all(_cheb(e, (10, 10)) <= 2 and len(p) == 2 for e, p in legal_paths(pos, (10, 10)).items())
    with pytest.raises(IllegalAction, match="exactly 2"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12), (10, 13)))


def test_s7_protector_diagonal_only():
    pos = make({(10, 10): ("protector", "white")})
    ends = legal_paths(pos, (10, 10), levelup=(3, 1))
    assert set(ends) == {(8, 8), (8, 12), (12, 8), (12, 12), (10, 8), (10, 12), (8, 10), (12, 10)}
    with pytest.raises(IllegalAction, match="not diagonal"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (11, 12)))


def test_s7_protector_unlimited_from_level_3():
    pos = make({(10, 10): ("protector", "white")})
    assert step_budget(pos.rules, pos.pieces[(10, 10)]) == 2
    # the level-up comes first, so raising the protector to 3 unlocks any number of diagonal steps
    ends = legal_paths(pos, (10, 10), levelup=(10, 10))
    assert (19, 1) in ends and (16, 16) in ends and (11, 11) in ends
    assert all((e[0] + e[1]) % 2 == 0 for e in ends)  # stays on its colour
    new, _ = apply_spirit_turn(pos, turn((10, 10), (10, 10), (11, 11)))
    assert new.pieces[(11, 11)].level == 3
    new, _ = apply_spirit_turn(pos, turn((10, 10), (10, 10), *[(10 + i, 10 + i) for i in range(1, 7)]))
    assert (16, 16) in new.pieces


def test_s8_disciple_moves_one_step():
    pos = make({(10, 10): ("disciple", "white")})
    assert set(legal_paths(pos, (10, 10))) == {(x, y) for x in (9, 10, 11) for y in (9, 10, 11)} - {(10, 10)}
    with pytest.raises(IllegalAction, match="exactly 1"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), (10, 12)))


def test_s8_disciple_transforms_into_depleted_kind():
    w = {(10, 10): ("disciple", "white", 2)}
    pos = make(w)  # white has no elder at all now: fewer than the 4 it started with
    new, _ = apply_spirit_turn(pos, turn((10, 10), (10, 10), (10, 11), transform=((10, 11), "elder")))
    assert new.pieces[(10, 11)] == pc("elder", "white", 3)  # level kept
    # level 2 after the level-up is not enough
    with pytest.raises(IllegalAction, match="needs level 3") as exc:
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), transform=((10, 11), "elder")))
    assert exc.value.code == "illegal-transform"
    # not into the sect, not into a kind the side still has in full
    full = make({(10, 10): ("disciple", "white", 3), **{(5 + i, 5): ("elder", "white") for i in range(4)}})
    with pytest.raises(IllegalAction, match="not fewer"):
        apply_spirit_turn(full, turn((10, 10), (10, 10), (10, 11), transform=((10, 11), "elder")))
    with pytest.raises(IllegalAction, match="may not become a sect"):
        apply_spirit_turn(full, turn((10, 10), (10, 10), (10, 11), transform=((10, 11), "sect")))
    # any own disciple may transform, not only the one moved
    new, _ = apply_spirit_turn(full, turn((10, 10), (3, 1), (3, 2), transform=((10, 10), "master")))
    assert new.pieces[(10, 10)].type == "master" and new.pieces[(10, 10)].level == 4


def test_h9_transform_is_free_part_of_the_turn_and_keeps_the_level(tmp_path):
    """H9: a transform costs nothing (the turn keeps its one level-up and one move) and the new piece keeps
    the disciple's level; ``h9_transform_level = "start"`` gives the new kind's starting level instead."""
    w = {(10, 10): ("disciple", "white", 3), (5, 5): ("elder", "white", 2)}
    pos = make(w)
    plain, _ = apply_spirit_turn(pos, turn((5, 5), (10, 10), (10, 11)))
    new, _ = apply_spirit_turn(pos, turn((5, 5), (10, 10), (10, 11), transform=((10, 11), "master")))
    assert new.pieces[(10, 11)] == pc("master", "white", 3)
    assert {c: p for c, p in new.pieces.items() if c != (10, 11)} == {
        c: p for c, p in plain.pieces.items() if c != (10, 11)
    }
    assert new.ply == plain.ply == 1 and new.to_move == "black"
    fresh = variant(tmp_path, '[gaps]\nh9_transform_level = "start"\n')
    new, _ = apply_spirit_turn(make(w, rules=fresh), turn((5, 5), (10, 10), (10, 11), transform=((10, 11), "master")))
    assert new.pieces[(10, 11)] == pc("master", "white", 3)  # the master starts at 3 anyway
    new, _ = apply_spirit_turn(
        make(w, rules=fresh), turn((5, 5), (10, 10), (10, 11), transform=((10, 11), "protector"))
    )
    assert new.pieces[(10, 11)].level == 2  # a protector starts at 2


def test_h7_sect_level_0_loses_to_any_attacker():
    """H7: the sect is level 0, so even a level-0 disciple takes it (equal level, the defender dies: H5)."""
    pos = make({(10, 10): ("disciple", "white", 0), (10, 11): ("sect", "black")}, background=False)
    pos = pos.replace(
        pieces={**pos.pieces, (1, 1): pc("sect", "white"), (5, 5): pc("elder", "white"), (15, 15): pc("elder", "black")}
    )
    assert pos.pieces[(10, 11)].level == 0
    new, caps = apply_spirit_turn(pos, turn((5, 5), (10, 10), (10, 11)))
    assert caps[0].piece.type == "sect" and new.result == ("white", "sect-captured")


def test_s9_formation_move_needs_adjacent_own_piece():
    alone = make({(10, 10): ("formation", "white")})
    assert legal_paths(alone, (10, 10)) == {}
    pos = make({(10, 10): ("formation", "white"), (11, 10): ("disciple", "white")})
    assert set(legal_paths(pos, (10, 10))) == {(10, 9), (10, 11), (11, 9), (11, 11)}
    with pytest.raises(IllegalAction, match="S9"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (9, 10)))
    new, _ = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11)))
    assert new.pieces[(11, 11)].type == "formation"
    # another formation does not count as the helper piece
    two = make({(10, 10): ("formation", "white"), (11, 10): ("formation", "white")})
    assert legal_paths(two, (10, 10)) == {}


def test_s9_effective_level_adds_formation_level():
    pos = make({(10, 10): ("formation", "white"), (11, 11): ("elder", "white"), (12, 12): ("elder", "white")})
    assert effective_level(pos, (11, 11)) == 3
    assert effective_level(pos, (12, 12)) == 2
    assert effective_level(pos, (10, 10)) == 1  # formations are not boosted by formations


def test_s11_overlapping_formations_add_levels():
    pos = make({(10, 10): ("formation", "white"), (12, 10): ("formation", "white", 2), (11, 11): ("disciple", "white")})
    zones = formation_zones(pos)
    assert zones[(11, 11)] == {"white": 3, "black": 0}
    assert zones[(9, 9)] == {"white": 1, "black": 0}
    assert effective_level(pos, (11, 11)) == 3


def test_h1_formation_starts_level_1_and_levellable(tmp_path):
    pos = make({(10, 10): ("formation", "white"), (11, 10): ("disciple", "white")})
    assert pos.pieces[(10, 10)].level == 1
    new, _ = apply_spirit_turn(pos, turn((10, 10), (11, 10), (12, 10)))
    assert new.pieces[(10, 10)].level == 2
    frozen = variant(tmp_path, "[gaps]\nh1_formation_levellable = false\nh1_formation_level = 2\n")
    pos2 = make({(10, 10): ("formation", "white"), (11, 10): ("disciple", "white")}, rules=frozen)
    with pytest.raises(IllegalAction, match="H1"):
        apply_spirit_turn(pos2, turn((10, 10), (11, 10), (12, 10)))
    assert frozen.pieces["formation"].level == 2


def test_h2_intermediate_squares_must_be_empty():
    pos = make({(10, 10): ("elder", "white"), (10, 11): ("disciple", "black"), (9, 11): ("disciple", "white")})
    with pytest.raises(IllegalAction, match="only the last step may land on a piece"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    # the last step may land on an enemy, never on an own piece
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 10), (10, 11)))
    assert caps[0].piece.type == "disciple" and new.pieces[(10, 11)].type == "elder"
    with pytest.raises(IllegalAction, match="your own disciple"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (9, 10), (9, 11)))


def test_h2_a_path_visits_each_square_once_origin_included(tmp_path):
    """H2 revised: no square twice on one path, the origin included (default ``h2_revisit = false``)."""
    assert RULES.revisit is False
    pos = make({(10, 10): ("master", "white")})
    with pytest.raises(IllegalAction, match="visits a square twice.*H2") as exc:
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 10), (10, 11)))  # back over the origin
    assert exc.value.code == "illegal-path"
    with pytest.raises(IllegalAction, match="twice"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (11, 11), (10, 11)))  # out and back
    with pytest.raises(IllegalAction, match="twice|ends where it started"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (11, 11), (10, 10)))
    # a zigzag of three different squares may still end next to the origin
    new, _ = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (10, 11), (11, 10)))
    assert new.pieces[(11, 10)].type == "master"
    assert all(len(set(p)) == len(p) and (10, 10) not in p for p in legal_paths(pos, (10, 10)).values())
    # the old reading is a ruleset switch
    loose = variant(tmp_path, "[gaps]\nh2_revisit = true\n")
    pos2 = make({(10, 10): ("master", "white")}, rules=loose)
    new, _ = apply_spirit_turn(pos2, turn((3, 1), (10, 10), (10, 11), (10, 10), (10, 11)))
    assert (10, 11) in new.pieces and (10, 10) not in new.pieces
    with pytest.raises(IllegalAction, match="ends where it started"):
        apply_spirit_turn(pos2, turn((3, 1), (10, 10), (10, 11), (11, 11), (10, 10)))
    assert set(legal_paths(pos2, (10, 10))) == set(legal_paths(pos, (10, 10)))


def test_h2_a_master_in_a_pocket_cannot_step_out_and_back(tmp_path):
    """H2: with one free square next to it and nothing beyond, a master has no simple 3-step path."""
    walls = {
        (1, 18): ("elder", "white"),
        (2, 18): ("elder", "white"),
        (3, 19): ("elder", "white"),
        (3, 18): ("elder", "white"),
    }
    base = {(10, 5): ("sect", "white"), (10, 15): ("sect", "black"), (5, 15): ("elder", "black")}
    pos = make({(1, 19): ("master", "white"), **walls, **base}, background=False)
    assert legal_paths(pos, (1, 19)) == {}
    with pytest.raises(IllegalAction, match="twice"):
        apply_spirit_turn(pos, turn((1, 18), (1, 19), (2, 19), (1, 19), (2, 19)))
    loose = variant(tmp_path, "[gaps]\nh2_revisit = true\n")
    pos2 = make({(1, 19): ("master", "white"), **walls, **base}, rules=loose, background=False)
    assert set(legal_paths(pos2, (1, 19))) == {(2, 19)}


def test_h2_level_3_protector_unlimited_path_visits_each_square_once():
    """H2 holds for the protector's any-number diagonal path (S7) too."""
    pos = make({(10, 10): ("protector", "white", 3)})
    with pytest.raises(IllegalAction, match="twice"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (12, 12), (11, 11), (10, 12)))
    new, _ = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (12, 12), (13, 11), (12, 10)))
    assert new.pieces[(12, 10)].type == "protector"
    assert all(len(set(p)) == len(p) and (10, 10) not in p for p in legal_paths(pos, (10, 10)).values())


def test_s13_levelup_then_move_both_mandatory():
    pos = make({(10, 10): ("elder", "white")})
    with pytest.raises(IllegalAction, match="must move"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10)))
    with pytest.raises(IllegalAction, match="is empty") as exc:
        apply_spirit_turn(pos, turn((5, 5), (10, 10), (10, 11), (10, 12)))
    assert exc.value.code == "illegal-levelup"
    with pytest.raises(IllegalAction, match="black"):
        apply_spirit_turn(pos, turn((17, 19), (10, 10), (10, 11), (10, 12)))
    with pytest.raises(IllegalAction, match="black's turn|white's turn|it is white"):
        apply_spirit_turn(pos, turn((10, 10), (17, 19), (17, 18)))
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12)))
    assert new.to_move == "black" and new.ply == 1 and caps == []
    assert new.pieces[(3, 1)].level == 1 and new.pieces[(10, 12)].level == 2
    assert pos.pieces[(3, 1)].level == 0  # the old position is unchanged (immutable)


def test_errors_quote_input_and_square():
    pos = make({(10, 10): ("elder", "white")})
    with pytest.raises(IllegalAction, match=r"\(10,10\)-\(10,11\)-\(12,13\).*step 2 \(10,11\)->\(12,13\)"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (12, 13)))
    with pytest.raises(IllegalAction, match=r"\(20,1\) is outside") as exc:
        apply_spirit_turn(pos, turn((20, 1), (10, 10), (10, 11), (12, 13)))
    assert exc.value.code == "out-of-board"
