"""The search's fast spirit paths (engine/spirit/generated.py, issue 18) against the reference
engine, in the same run: the legal paths (same ends, same order, same path to each), the apply of a
generated turn (the same position, piece for piece and in order, and the same captures; a turn
the engine refuses is refused), and whether a side has a legal turn."""

import random

import pytest
from spirit_helpers import RULES, make, variant

from engine.core.errors import IllegalAction
from engine.spirit import SpiritTransform, SpiritTurn, apply_spirit_turn, default_placement, spirit_start_position
from engine.spirit import generated as gen
from engine.spirit.position import has_legal_turn, legal_paths, levelup_squares
from engine.spirit.randomplay import random_spirit_line

HAND = {
    # formations of both sides around a crossing of pieces; a protector of unlimited range (level 3)
    "zones": {
        (10, 10): ("formation", "black", 3),
        (12, 10): ("formation", "black"),
        (9, 12): ("formation", "white"),
        (11, 12): ("elder", "white"),
        (10, 13): ("master", "white"),
        (12, 13): ("vicemaster", "white", 4),
        (11, 8): ("disciple", "black"),
        (8, 9): ("protector", "white", 3),
        (13, 8): ("protector", "black", 2),
        (7, 11): ("disciple", "white", 2),
    },
    # one disciple, boxed in by its own pieces: no one-step witness, the reference decides
    "boxed": {(2, 2): ("disciple", "white"), (1, 2): ("elder", "white"), (2, 1): ("elder", "white")},
}


def _random_positions(rules, seeds=range(6)):
    start = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    out = [start]
    for seed in seeds:
        out.append(random_spirit_line(start, random.Random(seed), 6 + 9 * seed)[-1])
    return out


def _positions(rules=RULES):
    out = _random_positions(rules)
    for pieces in HAND.values():
        for side in ("white", "black"):
            out.append(make(pieces, side, rules))
    # a depleted kind and a disciple about to reach level 3: transforms (S8)
    out.append(make({(5, 5): ("disciple", "white", 2), (9, 9): ("elder", "black")}, "white", rules))
    return out


def _same(a, b):
    assert a == b
    assert list(a.pieces.items()) == list(b.pieces.items())  # the same order: sums over it are equal


def _levelups(pos, origin):
    """The mover itself, every own formation and two other pieces: what the search tries."""
    ups = levelup_squares(pos)
    forms = [u for u in ups if RULES.pieces[pos.pieces[u].type].formation]
    others = [u for u in ups if u != origin and u not in forms][:2]
    return ([origin] if origin in ups else []) + forms + others


@pytest.mark.parametrize(
    "body", ["", "[gaps]\nh2_pass_through_occupied = true\nh3_higher_may_not_end_in_zone = false\n"]
)
def test_generated_paths_equal_legal_paths_in_order(tmp_path, body):
    rules = variant(tmp_path, body) if body else RULES
    compared = 0
    for pos in _positions(rules):
        zones = gen.board_zones(pos)
        for origin, p in pos.side_pieces(pos.to_move):
            if not rules.pieces[p.type].movable:
                continue
            for up in _levelups(pos, origin):
                want = list(legal_paths(pos, origin, up).items())
                assert list(gen.paths(pos, origin, up, zones).items()) == want
                assert list(gen.paths(pos, origin, up).items()) == want
                compared += 1
    assert compared > 300


def test_the_path_onto_one_occupied_square_is_the_one_legal_paths_gives():
    found = 0
    for pos in _positions():
        zones = gen.board_zones(pos)
        enemies = [c for c, q in pos.pieces.items() if q.side != pos.to_move]
        for origin, p in pos.side_pieces(pos.to_move):
            if not RULES.pieces[p.type].movable:
                continue
            for up in _levelups(pos, origin)[:2]:
                paths = legal_paths(pos, origin, up)
                for target in enemies:
                    assert gen.path_to(pos, origin, up, target, zones) == paths.get(target)
                    assert gen.path_to(pos, origin, up, target) == paths.get(target)
                    found += target in paths
    assert found > 20


def test_a_trusted_apply_equals_the_turn_machine_for_every_generated_turn():
    trusted = refused = other_refused = 0
    for pos in _positions():
        for origin, p in pos.side_pieces(pos.to_move):
            if not RULES.pieces[p.type].movable:
                continue
            ups = _levelups(pos, origin)
            for up in ups:
                paths = legal_paths(pos, origin, up)
                fights = [e for e in paths if e in pos.pieces]
                for path in [paths[e] for e in fights] + [paths[e] for e in paths if e not in fights][::3]:
                    turns = [SpiritTurn(up, origin, path)]
                    if p.type == "disciple":
                        turns.append(SpiritTurn(up, origin, path, SpiritTransform(path[-1], "elder")))
                    for t in turns:
                        try:
                            want, wcaps = apply_spirit_turn(pos, t)
                        except IllegalAction:  # only a transform can be refused here
                            assert t.transform is not None
                            with pytest.raises(IllegalAction):
                                gen.apply_generated(pos, t, trusted=True)
                            refused += 1
                            continue
                        for fast in (True, False):
                            got, caps = gen.apply_generated(pos, t, trusted=fast)
                            _same(got, want)
                            assert caps == wcaps
                        trusted += 1
                    # the same path with another level-up (the search's strategic turns): not trusted
                    other_up = SpiritTurn(ups[-1], origin, path)
                    try:
                        want = apply_spirit_turn(pos, other_up)[0]
                    except IllegalAction:
                        with pytest.raises(IllegalAction):
                            gen.apply_generated(pos, other_up)
                        other_refused += 1
                        continue
                    _same(gen.apply_generated(pos, other_up)[0], want)
    assert trusted > 1000 and refused > 0 and other_refused > 50


def test_has_legal_turn_with_the_one_step_witness_equals_the_reference():
    answers = set()
    for pos in _positions():
        for side in ("white", "black"):
            q = pos.replace(to_move=side)
            answers.add(gen.has_legal_turn(q))
            assert gen.has_legal_turn(q) == has_legal_turn(q)
    # white's only movable piece, a disciple raised to level 2, may end on no neighbouring square
    # (a black formation's zone of level 1, H3): no legal turn, with or without the witness
    base = {(2, 1): ("sect", "white"), (2, 3): ("formation", "black"), (19, 19): ("sect", "black")}
    stuck = make({**base, (1, 1): ("disciple", "white", 1)}, "white", background=False)
    assert gen._one_step_witness(stuck) is False
    assert gen.has_legal_turn(stuck) is has_legal_turn(stuck) is False
    # an elder there (two steps) has no one-step witness, but the reference finds its move
    free = make({**base, (1, 1): ("elder", "white", 1)}, "white", background=False)
    assert gen._one_step_witness(free) is False
    assert gen.has_legal_turn(free) is has_legal_turn(free) is True
    assert answers == {True}


def test_a_made_turn_is_the_turn_the_constructor_makes():
    t = gen.make_turn((1, 2), (3, 4), ((4, 5), (5, 6)), SpiritTransform((5, 6), "elder"))
    u = SpiritTurn([1, 2], [3, 4], [[4, 5], [5, 6]], ([5, 6], "elder"))
    assert t == u and repr(t) == repr(u) and hash(t) == hash(u)
