"""The repetition key is built from an incremental board hash (Position.zhash): it equals a full
recomputation after every turn, and two move orders reaching the same position share it (G14)."""

import random

from engine import Game, Turn
from engine.cube.randomplay import random_turn


def test_the_incremental_board_hash_equals_a_full_recomputation_along_random_games():
    for seed in range(6):
        g, rng = Game("standard"), random.Random(seed)
        for _ in range(50):
            t = random_turn(g.position, rng, fancy=0.8)
            if t is None:
                break
            g.play(t)
            p = g.position
            assert p._zh is not None  # derived by the turn machine, not recomputed
            assert p.zhash() == p.replace(cells=dict(p.cells)).zhash()  # computed from scratch
            if p.result is not None:
                break


def _quiet_moves(pos, n):
    """``n`` quiet moves of the side to move from different origins to different squares."""
    from engine import legal_actions

    out, used = [], set()
    for c, _ in sorted(pos.pieces_of(pos.to_move)):
        for a in legal_actions(pos, c, 3):
            if a.kind == "move" and not pos.cell(a.to) and a.to not in used and c not in used:
                out.append(Turn(c, (a,)))
                used |= {c, a.to}
                break
        if len(out) == n:
            return out
    return out


def test_a_transposition_has_the_same_key():
    g = Game("standard")
    w1, w2 = _quiet_moves(g.position, 2)
    g.play(w1)
    (b1,) = _quiet_moves(g.position, 1)
    a, b = Game("standard"), Game("standard")
    for t in (w1, b1, w2):
        a.play(t)
    for t in (w2, b1, w1):
        b.play(t)
    assert a.position.cells == b.position.cells and a.position.to_move == b.position.to_move
    assert a.position.key() == b.position.key()
    assert a.position.key() != g.position.key()
