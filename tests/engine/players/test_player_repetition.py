"""The computer knows the game's repetition draw (G14): a turn onto a position met
``repetitions - 1`` times ends the game drawn, so a side ahead avoids it and a side behind seeks it."""

from __future__ import annotations

import random

from engine import Game, apply_turn
from engine.cube.randomplay import random_turn
from engine.players import suggest
from engine.players.cube_player import ADAPTER
from engine.spirit import SpiritGame

LEVEL = 1


def _shuffle(g: Game) -> None:
    """A knight of each side out and back: the position before is met once more."""
    out = []
    for _ in range(2):
        t = next(t for t in _turns(g.position) if _knight_step(t))
        out.append(t)
        g.play(t)
    for t in out:
        g.play(
            next(
                u
                for u in _turns(g.position)
                if _single_move(u) and u.origin == t.actions[0].to and u.actions[0].to == t.origin
            )
        )


def _turns(pos):
    return ADAPTER.ordered(ADAPTER.root(pos), None)


def _single_move(turn) -> bool:
    return len(turn.actions) == 1 and turn.actions[0].kind == "move"


def _knight_step(turn) -> bool:
    if not _single_move(turn):
        return False
    a, b = turn.origin, turn.actions[0].to
    return len(a) == len(b) == 3 and sorted((abs(a[0] - b[0]), abs(a[1] - b[1]))) == [1, 2] and a[2] == b[2]


def test_repeat_positions_follow_play_and_undo():
    g = Game()
    assert g.rules.repetitions == 3
    assert g.repeat_positions() == ()
    start = g.position
    _shuffle(g)  # the start position is met for the second time: once more ends the game
    assert [p.key() for p in g.repeat_positions()] == [start.key()]
    g.undo()
    assert g.repeat_positions() == ()
    g.redo()
    assert [p.key() for p in g.repeat_positions()] == [start.key()]
    _shuffle(g)  # the third time ends the game drawn (G14)
    assert g.result is not None and g.result.winner is None and "G14" in g.result.reason


def test_spirit_game_has_no_repetition_positions():
    g = SpiritGame()
    assert g.repeat_positions() == ()


def _uneven_positions():
    """Positions after seeded random plies, with level 1's value of the best turn (mover's view)."""
    rng = random.Random(18)
    g = Game()
    for _ in range(24):
        t = random_turn(g.position, rng)
        if t is None:
            break
        g.play(t)
        if g.result is not None:
            break
        s = suggest(g.position, LEVEL, seed=1)
        yield g.position, s


def test_a_side_ahead_avoids_the_repetition_draw_and_a_side_behind_takes_it():
    ahead = behind = False
    for pos, s in _uneven_positions():
        if s.eval > 80 and not ahead:
            child, _ = apply_turn(pos, s.turn)
            again = suggest(pos, LEVEL, seed=1, repeats=(child,))
            assert again.turn != s.turn, "the side ahead walked into a repetition draw"
            assert apply_turn(pos, again.turn)[0].key() != child.key()
            assert again.eval > 0
            ahead = True
        elif s.eval < -80 and not behind:
            other = next(t for t in _turns(pos) if t != s.turn)
            child, _ = apply_turn(pos, other)
            again = suggest(pos, LEVEL, seed=1, repeats=(child,))
            assert apply_turn(pos, again.turn)[0].key() == child.key(), "the side behind missed the draw"
            assert abs(again.eval) < 1e-9  # the draw's value, not the static guess
            behind = True
        if ahead and behind:
            break
    assert ahead and behind, "the seeded plies gave no clearly uneven position of each kind"


def test_no_repeats_changes_nothing():
    pos = Game().position
    assert suggest(pos, 2, seed=3).turn == suggest(pos, 2, seed=3, repeats=()).turn
