"""Spirit level 3 against level 2 (issue 18, session 5): the candidates an inner node applies are
ordered by what the fight on the end square does (S10-S12), a path that only the mover's own raise
allows is never paired with another level-up, and a width is spent on different moves first."""

from players_helpers import SPIRIT, spirit

from engine.core.errors import IllegalAction
from engine.players.base import Budget
from engine.players.search import Search, spread
from engine.players.spirit_eval import VALUE, fight, flood, sect_threat
from engine.players.spirit_player import ADAPTER, LEVEL_PARAMS
from engine.spirit import apply_spirit_turn, levelup_squares, spirit_start_position, step_budget
from engine.spirit.record import parse_spirit_record, replay_spirit_turn

# an arena game (L3 White, L2 Black, 480198b): White's protector, raised to level 3 (S7), ran to
# (7,19); Black's protector, raised to 3 as well, takes it there (equal level: the defender dies,
# S10/H5).  Level 3 expected no such reply: disciples walking onto the protector (and dying) and
# illegal level-up copies ranked before it and filled the 14 turns its inner nodes apply.
RECORD = """ruleset spirit
white: disciple(8,1) elder(9,1) elder(10,1) elder(11,1) disciple(8,2) formation(9,2) sect(10,2) elder(11,2) disciple(12,2) disciple(8,3) vicemaster(9,3) master(10,3) formation(11,3) disciple(12,3) disciple(8,4) protector(9,4) protector(10,4) disciple(11,4) disciple(12,4)
black: disciple(8,16) protector(9,16) protector(10,16) disciple(11,16) disciple(12,16) disciple(8,17) vicemaster(9,17) master(10,17) formation(11,17) disciple(12,17) disciple(8,18) formation(9,18) sect(10,18) elder(11,18) disciple(12,18) disciple(8,19) elder(9,19) elder(10,19) elder(11,19)
1. +(9,3) (12,2)-(13,1)
2. +(11,19) (8,16)-(9,15)
3. +(10,4) (10,4)-(9,5)-(8,6)-(7,7)-(6,8)-(5,9)-(4,10)-(3,11)-(2,12)-(1,13)-(2,14)-(3,15)-(4,16)-(5,17)-(6,18)-(7,19)
"""


def _deep_protector():
    rec = parse_spirit_record(RECORD)
    pos = spirit_start_position(SPIRIT, rec.white, rec.black)
    for t in rec.turns:
        pos = replay_spirit_turn(pos, t)
    return pos


def _takes_the_protector(pos, turn):
    try:
        caps = apply_spirit_turn(pos, turn)[1]
    except IllegalAction:  # before session 5 some level-up copies were illegal
        return False
    return any(c.at == (7, 19) and c.piece.side == "white" and c.piece.type == "protector" for c in caps)


def test_a_level_3_inner_node_applies_the_recapture_of_a_protector_that_ran_deep():
    pos = _deep_protector()
    assert pos.to_move == "black" and pos.pieces[(7, 19)].type == "protector"
    search = Search(ADAPTER, LEVEL_PARAMS[3], Budget(None, None), 0)
    applied = search._inner(ADAPTER.root(pos), LEVEL_PARAMS[3].gen_width, 1)
    assert any(_takes_the_protector(pos, t) for t in applied)


def test_a_move_whose_mover_dies_ranks_below_a_quiet_move_and_a_won_fight_above():
    pos = _deep_protector()
    node = ADAPTER.root(pos)
    turns = ADAPTER.moves(node)
    lost = [t for t in turns if (n := apply_spirit_turn(pos, t)[1]) and all(c.piece.side == "black" for c in n)]
    won = [t for t in turns if _takes_the_protector(pos, t)]
    quiet = [t for t in turns if not apply_spirit_turn(pos, t)[1]]
    assert lost and won and quiet  # a disciple walking onto the level-3 protector dies (S10)
    worst_won = min(ADAPTER.prescore(node, t) for t in won)
    best_lost = max(ADAPTER.prescore(node, t) for t in lost)
    assert best_lost < min(ADAPTER.prescore(node, t) for t in quiet) < worst_won


def test_fight_follows_s10_s11_s12():
    pos = spirit(
        {
            (10, 2): ("sect", "white"),
            (5, 5): ("elder", "white", 2),
            (7, 5): ("elder", "black", 3),  # the raised elder (3) takes it; unraised (2) it dies
            (5, 7): ("master", "black", 4),  # higher even than the raised elder
            (3, 5): ("formation", "black", 1),  # any piece on a formation takes it (S12)
            (4, 2): ("formation", "black", 3),  # its zone holds (5,3): a level-3 mover is caught there
            (10, 18): ("sect", "black"),
        }
    )
    e, sect = (5, 5), (10, 2)
    assert fight(pos, e, e, (7, 5)) == VALUE["elder"] + 80 * 3  # S10, H5: equal, the defender dies
    assert fight(pos, sect, e, (7, 5)) < 0  # not raised: 2 against 3
    assert fight(pos, e, e, (5, 7)) < 0
    assert fight(pos, e, e, (3, 5)) == VALUE["formation"] + 80  # S12, whatever the levels
    assert fight(pos, e, e, (5, 3)) < 0  # S11: caught entering a zone of level 3 >= 3
    assert fight(pos, e, e, (6, 6)) == 0  # a quiet end


def test_no_candidate_pairs_a_path_only_the_movers_raise_allows_with_another_level_up():
    pos = _deep_protector()
    for t in ADAPTER.moves(ADAPTER.root(pos)):
        p = pos.pieces[t.origin]
        if t.levelup != t.origin and p.type == "protector":
            assert step_budget(SPIRIT, p) is not None and len(t.path) == step_budget(SPIRIT, p)
    assert len(levelup_squares(pos)) > 1


def test_a_width_takes_one_turn_per_move_first():
    items = [("a", 1), ("a", 2), ("b", 1), ("a", 3), ("c", 1)]
    assert spread(items, 3, lambda t: t[0]) == [("a", 1), ("b", 1), ("c", 1)]
    assert spread(items, 4, lambda t: t[0]) == [("a", 1), ("b", 1), ("c", 1), ("a", 2)]


def test_a_protector_raised_by_its_turn_threatens_an_unguarded_sect_by_a_zigzag():
    # the sect on (10,18) has no formation; White's level-2 protector on (4,10) is raised to 3 by
    # its own level-up (S13) and then moves any number of diagonal steps, turning where it likes
    # (S7): (4,10)-(5,11)-...-(9,15)-(10,16)-(9,17)-(10,18) -- not one straight diagonal
    pieces = {
        (10, 2): ("sect", "white"),
        (4, 10): ("protector", "white", 2),
        (10, 18): ("sect", "black"),
        (11, 17): ("disciple", "black"),  # closes the straight diagonal (11,17)
    }
    pos = spirit(pieces)
    assert sect_threat(pos, "white")
    assert ADAPTER.in_danger(ADAPTER.root(spirit(pieces, to_move="black")))
    # a formation next to the sect guards it (H3, S11): no threat
    assert not sect_threat(spirit({**pieces, (9, 18): ("formation", "black")}), "white")


def test_the_flood_of_a_protector_of_unlimited_range_stops_where_a_zone_catches_it():
    # from the corner every path starts on (2,2), inside the zone of a level-3 formation on (3,2)
    base = {(10, 2): ("sect", "white"), (1, 1): ("protector", "white", 3), (10, 18): ("sect", "black")}
    elder = {(3, 3): ("elder", "black", 2), (15, 15): ("disciple", "black")}
    assert {(3, 3), (15, 15)} <= flood(spirit({**base, **elder}), (1, 1), "white", 3, True)
    walled = spirit({**base, **elder, (3, 2): ("formation", "black", 3)})
    assert not flood(walled, (1, 1), "white", 3, True)  # caught on (2,2) at level 3 (S11)
    assert (3, 3) in flood(walled, (1, 1), "white", 4, True)  # a higher one passes through
