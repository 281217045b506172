"""The player's fast paths agree with the engine: attack detection (against legal_actions), incremental
material (against a full recount) and spirit's has_legal_turn (against trying every pair)."""

import random

from players_helpers import SPIRIT

from engine import Game, legal_actions
from engine.cube.randomplay import random_turn
from engine.players.cube_eval import attackers, material
from engine.players.cube_player import ADAPTER
from engine.players.spirit_player import random_spirit_turn
from engine.spirit import (
    apply_spirit_turn,
    default_placement,
    has_legal_turn,
    legal_paths,
    levelup_squares,
    spirit_start_position,
)


def _random_positions(n, seed=0, fancy=0.6):
    out = []
    while len(out) < n:
        rng = random.Random(seed)
        g = Game("standard")
        for _ in range(80):
            t = random_turn(g.position, rng, fancy=fancy)
            if t is None:
                break
            g.play(t)
            if g.position.result is not None:
                break
            out.append(g.position)
        seed += 1
    return out[:n]


def _captures_on(pos, target, side):
    """Squares of ``side`` whose legal actions include a planar capture on ``target`` (the engine's answer)."""
    view = pos.replace(to_move=side)
    rest = tuple(target[2:])
    out = set()
    for x in range(1, pos.rules.size[0] + 1):
        for y in range(1, pos.rules.size[1] + 1):
            c = (x, y) + rest
            s = view.cell(c)
            if not s or s[0].side != side or c == target:
                continue
            if s[0].type == "king" and len(s) == 1 and max(abs(x - target[0]), abs(y - target[1])) > 1:
                continue  # the facing capture is checked separately (C3)
            for a in legal_actions(view, c, 3):
                if a.kind == "capture" and a.to == target:
                    out.add(c)
    return out


def test_attackers_agree_with_the_engines_captures_on_the_kings():
    checked = 0
    for pos in _random_positions(120, seed=11)[::3]:
        for side in ("white", "black"):
            victim = "black" if side == "white" else "white"
            k = pos.royals[victim]["king"]
            if k is None:
                continue
            mine = {c for c, _, _ in attackers(pos, k, side)}
            assert mine == _captures_on(pos, k, side), (pos, k, side)
            checked += 1
    assert checked >= 60


def test_incremental_material_equals_a_full_recount_along_random_games():
    rng = random.Random(4)
    for pos in _random_positions(6, seed=30):
        node = ADAPTER.root(pos)
        for _ in range(40):
            t = random_turn(node.pos, rng, fancy=0.7, avoid_result=False)
            if t is None:
                break
            node = ADAPTER.play(node, t)
            assert node.mat == material(node.pos)
            if node.result is not None:
                break


def _brute_has_legal_turn(pos):
    movers = [c for c, p in pos.side_pieces(pos.to_move) if pos.rules.pieces[p.type].movable]
    return any(legal_paths(pos, m, u) for m in movers for u in levelup_squares(pos))


def test_spirit_has_legal_turn_agrees_with_trying_every_pair():
    rng = random.Random(8)
    seen = set()
    for _g in range(6):
        pos = spirit_start_position(SPIRIT, default_placement(SPIRIT, "white"), default_placement(SPIRIT, "black"))
        for _ in range(120):
            assert has_legal_turn(pos) == _brute_has_legal_turn(pos)
            seen.add(has_legal_turn(pos))
            t = random_spirit_turn(pos, rng)
            if t is None:
                break
            pos = apply_spirit_turn(pos, t)[0]
            if pos.result is not None:
                break
    # a side whose pieces are all boxed in has no turn
    from players_helpers import spirit

    boxed = spirit(
        {
            (1, 1): ("sect", "white"),
            (2, 1): ("disciple", "white"),
            (1, 2): ("formation", "black"),
            (2, 2): ("elder", "black", 9),
            (3, 1): ("elder", "black", 9),
            (3, 2): ("elder", "black", 9),
            (10, 19): ("sect", "black"),
        }
    )
    assert has_legal_turn(boxed) == _brute_has_legal_turn(boxed)


def test_incremental_candidates_equal_a_fresh_generation():
    """The search reuses a sibling's (or the grandparent's) candidates for the origins a turn did not
    touch: the list must equal a fresh generation, turn for turn and pre-score for pre-score."""
    from engine.cube.rules import apply_turn_changes
    from engine.players.cube_moves import scored_candidates

    rng = random.Random(5)
    checked = reused = 0
    for pos in _random_positions(40, seed=3, fancy=0.8)[::2]:
        base, _ = scored_candidates(pos)
        turns = [t for _, t in base]
        for _ in range(3):
            t1, t2 = rng.sample(turns, 2)
            try:
                a, _, ch1 = apply_turn_changes(pos, t1)
                b, _, ch2 = apply_turn_changes(pos, t2)
            except Exception:  # noqa: BLE001 - a candidate the engine refuses is skipped by the search too
                continue
            if a.result is not None or b.result is not None:
                continue
            _, gen_a = scored_candidates(a)
            inc, gen_b = scored_candidates(b, False, gen_a, ch1 + ch2)  # siblings
            assert inc == scored_candidates(b)[0]
            # the grandparent: pos -> b -> one of b's candidates
            for _, t3 in inc[:: max(1, len(inc) // 4)]:
                try:
                    c, _, ch3 = apply_turn_changes(b, t3)
                except Exception:  # noqa: BLE001
                    continue
                if c.result is None:
                    got, gen_c = scored_candidates(c, False, _root_cache(pos), ch2 + ch3)
                    assert got == scored_candidates(c)[0]
                    reused += sum(1 for o in gen_c.by_origin if gen_c.by_origin[o] is _root_cache(pos).by_origin.get(o))
            checked += 1
    assert checked >= 30 and reused > 0


_ROOT: dict = {}


def _root_cache(pos):
    from engine.players.cube_moves import scored_candidates

    if id(pos) not in _ROOT:
        _ROOT.clear()
        _ROOT[id(pos)] = scored_candidates(pos)[1]
    return _ROOT[id(pos)]
