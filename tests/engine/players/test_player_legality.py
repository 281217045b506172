"""Thousands of random positions of both games: every suggested turn passes the game's own turn machine."""

import random

from players_helpers import SPIRIT

from engine import Game, apply_turn
from engine.cube.randomplay import random_turn
from engine.players import suggest
from engine.players.spirit_player import random_spirit_turn
from engine.spirit import apply_spirit_turn, default_placement, spirit_start_position

CUBE_POSITIONS = 1000
SPIRIT_POSITIONS = 1000


def _late_clock():
    """A clock that is a second later at every reading: a time budget stops the root list at its first
    legal turn, so most positions cost only their candidate generation (keeps the test short)."""
    now = [0.0]

    def clock():
        now[0] += 1.0
        return now[0]

    return clock


def _ask(pos, i):
    """Every 4th position level 0; every 16th a full root list of level 1-3; the rest level 1-3 under a
    time budget that has already run out (the first candidate the engine accepts)."""
    if i % 4 == 0:
        return suggest(pos, 0, seed=i)
    level = 1 + i % 3
    if i % 16 == 1:
        return suggest(pos, level, seed=i, nodes=1)
    return suggest(pos, level, seed=i, budget_ms=1, clock=_late_clock())


def _cube_positions(n):
    out, seed = [], 0
    while len(out) < n:
        rng = random.Random(seed)
        g = Game("standard")
        for _ in range(60):
            t = random_turn(g.position, rng, fancy=0.6)
            if t is None:
                break
            g.play(t)
            if g.position.result is not None:
                break
            out.append(g.position)
        seed += 1
    return out[:n]


def _spirit_positions(n):
    out, seed = [], 0
    while len(out) < n:
        rng = random.Random(seed)
        pos = spirit_start_position(SPIRIT, default_placement(SPIRIT, "white"), default_placement(SPIRIT, "black"))
        for _ in range(80):
            t = random_spirit_turn(pos, rng)
            if t is None:
                break
            pos = apply_spirit_turn(pos, t)[0]
            if pos.result is not None:
                break
            out.append(pos)
        seed += 1
    return out[:n]


def test_suggested_cube_turns_are_legal_in_a_thousand_random_positions():
    kinds = set()
    for i, pos in enumerate(_cube_positions(CUBE_POSITIONS)):
        s = _ask(pos, i)
        assert s.turn is not None
        new, _ = apply_turn(pos, s.turn)  # raises IllegalAction if illegal
        assert new.ply == pos.ply + 1
        kinds.update(a.kind for a in s.turn.actions)
    assert {"move", "capture"} <= kinds


def test_suggested_spirit_turns_are_legal_in_a_thousand_random_positions():
    for i, pos in enumerate(_spirit_positions(SPIRIT_POSITIONS)):
        s = _ask(pos, i)
        assert s.turn is not None
        new, _ = apply_spirit_turn(pos, s.turn)
        assert new.ply == pos.ply + 1
