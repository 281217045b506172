"""A game's positions are kept in memory proportional to its record (issue 17): checkpoints, the
last position and any position a replay would not reproduce; every other one is replayed and
equal to the one that was played.  Forks (the review's *play from here*) copy the history
cheaply and never share its changes."""

from __future__ import annotations

import copy
import dataclasses
import pickle
import random
import tracemalloc

import pytest

from engine import Game, Jump, Move, Piece, Turn, apply_turn, load_ruleset, random_turn
from engine.core.history import PositionHistory
from engine.spirit.randomplay import random_spirit_turn
from engine.spirit.record import SpiritGame
from viewer.ui.review import fork_game

K = PositionHistory.CHECKPOINT


def played(n: int, seed: int = 1) -> tuple[Game, list]:
    """A game of ``n`` seeded random turns and the list of every position as it was played."""
    g = Game("standard")
    rng = random.Random(seed)
    seen = [g.position]
    while len(g.turns) < n and g.position.result is None:
        t = random_turn(g.position, rng)
        assert t is not None
        g.play(t)
        seen.append(g.position)
    assert len(g.turns) == n
    return g, seen


@pytest.fixture(scope="module")
def long_game():
    return played(2 * K + 9)


def test_every_position_is_the_one_that_was_played(long_game):
    g, seen = long_game
    g = fork_game(g, len(g.turns))  # a private copy: the module's game stays as played
    assert isinstance(g.positions, PositionHistory) and len(g.positions) == len(seen)
    assert g.positions.kept() <= len(seen) // K + 2  # checkpoints and the last one, not every board
    order = list(range(len(seen)))
    random.Random(2).shuffle(order)
    for i in order:  # any order: replayed from the checkpoints
        assert g.positions[i] == seen[i]
    for i in reversed(range(len(seen))):  # stepping back, as a review does
        assert g.positions[i] == seen[i]
    assert list(g.positions) == seen and g.positions == seen  # in order, and equal to the list
    assert g.positions[-3:] == seen[-3:] and g.positions[-1] is g.position
    assert g.position_at(K + 1) == seen[K + 1]
    with pytest.raises(IndexError):
        g.positions[len(seen)]


def test_undo_and_redo_walk_back_through_replayed_positions(long_game):
    g, seen = long_game
    g = fork_game(g, len(g.turns))
    for k in range(1, K + 4):  # across a checkpoint
        g.undo()
        assert g.position == seen[-1 - k] and len(g.positions) == len(seen) - k == len(g.turns) + 1
    for k in range(K + 3, 0, -1):
        g.redo()
        assert g.position == seen[-k]
    assert g.positions == seen


def test_a_fork_shares_nothing_that_changes(long_game):
    g, seen = long_game
    n = len(g.turns)
    fork = fork_game(g, K + 5)
    assert fork.positions[-1] == seen[K + 5] and fork.turns == g.turns[: K + 5]
    fork.undo()
    fork.undo()
    other = random_turn(fork.position, random.Random(9))
    fork.play(other)
    assert len(g.turns) == n and g.positions == seen and g.position is seen[-1]  # the original is untouched
    assert fork.turns[-1] == other and len(fork.positions) == K + 5
    twin = copy.copy(g.positions)
    twin.pop()
    assert len(twin) == n and len(g.positions) == n + 1 and len(g.turns) == n


def test_a_position_set_by_hand_is_kept_and_later_replays_start_from_it():
    g, _ = played(3)
    edited = g.position.replace(cells={**g.position.cells, (8, 8, 1): (Piece("queen", "white"),)})
    g.positions[-1] = edited
    with pytest.raises(IndexError):
        g.positions[0] = edited  # only the live position can be replaced
    rng = random.Random(4)
    after = [edited]
    for _ in range(K + 2):
        after.append(g.play(random_turn(g.position, rng)))
    assert g.positions[3] is edited and g.positions[3:] == after  # the edit is not lost to a replay
    fresh = Game("standard")
    fresh.positions = [edited]  # a game set to start from a given position
    assert fresh.position is edited and fresh.turns == []
    with pytest.raises(ValueError):
        g.positions = [edited]  # one position for many turns: refused


def test_a_repetition_draw_survives_replay():
    """The game marks a G14 draw itself (a replay of the turn alone would not): the history keeps
    that position, and undo/redo, forks and reading in order all find the draw."""
    g = Game(dataclasses.replace(load_ruleset("standard"), repetitions=40))
    g.play(Turn((9, 3, 1), (Move((9, 4, 1)),)))
    g.play(Turn((9, 14, 1), (Move((9, 13, 1)),)))
    shuffle = [
        Turn((9, 4, 1), (Jump((9, 4, 2)),)),
        Turn((9, 13, 1), (Jump((9, 13, 2)),)),
        Turn((9, 4, 2), (Jump((9, 4, 1)),)),
        Turn((9, 13, 2), (Jump((9, 13, 1)),)),
    ]
    while g.position.result is None:
        g.play(shuffle[(len(g.turns) - 2) % 4])
    assert "G14" in g.position.result.reason and len(g.turns) > 2 * K
    final = g.position
    assert list(g.positions)[-1] is final and g.positions[len(g.turns)] is final
    assert apply_turn(g.positions[-2], g.turns[-1])[0].result is None  # why it must be kept
    fork = fork_game(g, len(g.turns) - K - 1)
    while fork.can_redo:
        fork.redo()
    assert fork.position.result == final.result and fork.positions == g.positions
    g.undo()
    assert g.position.result is None
    g.redo()
    assert g.position.result == final.result


def test_a_game_with_its_history_pickles(long_game):
    g, seen = long_game
    back = pickle.loads(pickle.dumps(g))
    assert back.positions == seen and back.turns == g.turns


def test_a_long_record_costs_memory_in_proportion_to_its_size():
    g, _ = played(400, seed=5)
    text = g.to_record()
    tracemalloc.start()
    try:
        loaded = Game.from_record(text)
        held, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(loaded.turns) == 400 and loaded.position == g.position
    size = len(text.encode())
    assert held <= 50 * size and peak <= 50 * size, (held, peak, size)


def test_a_spirit_game_keeps_checkpoints_and_replays_the_turns_as_played():
    """Spirit games keep the same history; a turn is stored as played (cut where a formation zone
    caught the mover, S11), and replaying it reaches the same position."""
    g = SpiritGame()
    rng = random.Random(11)
    seen = [g.position]
    while len(g.turns) < 2 * K + 5 and g.position.result is None:
        seen.append(g.play(random_spirit_turn(g.position, rng)))
    assert len(seen) > K + 2 and g.positions.kept() < len(seen) // 4
    assert g.positions == seen and [g.positions[i] for i in reversed(range(len(seen)))] == seen[::-1]
    fork = fork_game(g, K + 1)
    assert fork.position == seen[K + 1] and len(g.turns) == len(seen) - 1
    while g.can_undo:
        g.undo()
        assert g.position == seen[len(g.turns)]
    assert fork.positions == seen[: K + 2]


def _add(pos: int, turn: int) -> int:
    return pos + turn


def test_big_boards_are_kept_more_rarely_and_every_read_is_still_exact():
    """With a weight (a cube position's changed cells) the checkpoints are spaced by size, within
    CHECKPOINT..MAX_SPACING plies; reads in any order, undo and copies stay exact."""
    turns = list(range(1, 2001))
    played = [0]
    for t in turns:
        played.append(played[-1] + t)
    small = PositionHistory(0, _add, turns)
    big = PositionHistory(0, _add, turns, weight=lambda pos: 10_000_000)
    mid = PositionHistory(0, _add, turns, weight=lambda pos: 2 * 200)
    assert small.kept() == len(turns) // K + 2 and big.kept() == len(turns) // PositionHistory.MAX_SPACING + 2
    assert mid.kept() == len(range(0, len(turns) + 1, 200))  # 0, 200, ..., 2000 (the live one)
    for h in (small, big, mid):
        assert h == played and h[::-1] == played[::-1]
        order = list(range(len(played)))
        random.Random(1).shuffle(order)
        assert [h[i] for i in order] == [played[i] for i in order]
        twin = copy.copy(h)
        for n in range(len(played) - 1, 1200, -1):
            assert twin.pop() == (turns[n - 1], played[n]) and twin[-1] == played[n - 1]
        assert twin == played[:1201] and h == played


def test_all_positions_can_be_replaced_in_place():
    h = PositionHistory(0, _add, [1, 2, 3])
    same = h
    h[:] = [10, 11, 13, 16]  # what a test that sets up a position does to a game's list
    assert same == [10, 11, 13, 16] and same.turns == [1, 2, 3]
    h.append(4, 20)
    assert h[-2] == 16 and h == [10, 11, 13, 16, 20]
    with pytest.raises(ValueError):
        h[:] = [1, 2]  # not one more than the turns
    with pytest.raises(TypeError):
        h[1:] = [1]
