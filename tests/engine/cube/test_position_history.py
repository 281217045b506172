"""A game's positions are kept in memory proportional to its record (issue 17): checkpoints,
the last position and any position a replay would not reproduce; every other one is replayed
and equal to what was played."""

from __future__ import annotations

import random
import tracemalloc

from engine import Game, random_turn
from engine.cube.game import PositionHistory


def played(n: int, seed: int = 1) -> tuple[Game, list]:
    g = Game("standard")
    rng = random.Random(seed)
    seen = [g.position]
    while len(g.turns) < n and g.position.result is None:
        t = random_turn(g.position, rng)
        if t is None:
            break
        g.play(t)
        seen.append(g.position)
    return g, seen


def test_every_position_is_the_one_that_was_played():
    g, seen = played(3 * PositionHistory.CHECKPOINT + 5)
    assert isinstance(g.positions, PositionHistory) and len(g.positions) == len(seen)
    order = list(range(len(seen)))
    random.Random(2).shuffle(order)
    for i in order:  # any order: from checkpoints
        assert g.positions[i].key() == seen[i].key()
    assert [p.key() for p in g.positions] == [p.key() for p in seen]  # in order
    assert [p.key() for p in g.positions[-3:]] == [p.key() for p in seen[-3:]]
    assert g.position_at(len(seen) - 1) is g.position


def test_undo_and_redo_walk_back_through_replayed_positions():
    g, seen = played(PositionHistory.CHECKPOINT + 3)
    for k in range(1, 6):
        g.undo()
        assert g.position.key() == seen[-1 - k].key() and len(g.positions) == len(seen) - k
    for _ in range(5):
        g.redo()
    assert g.position.key() == seen[-1].key()


def test_a_long_record_costs_memory_in_proportion_to_its_size():
    g, _ = played(400)
    text = g.to_record()
    tracemalloc.start()
    try:
        loaded = Game.from_record(text)
        held, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(loaded.turns) == len(g.turns)
    assert held <= 50 * len(text.encode()), (held, len(text))
