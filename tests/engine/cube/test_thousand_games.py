"""A thousand random legal games of cube chess, each played to its end (a result by the rules,
never a cut-off), checking after every turn that every point is accounted for, and at the end
that the C17 statistics match the pieces on the board and that the record replays exactly.

Policies vary by seed (how often a side hires, how eagerly it captures) so the games end in
different ways: score losses (C16), king captures (C4/C8), home squares taken (C5/C7).
"""

from __future__ import annotations

import random
from collections import Counter

from engine import Capture, Drop, IllegalAction, Turn, TurnBuilder, legal_actions
from engine.cube.game import Game

GAMES = 1000
SPENT = ("hire", "surcharge", "hyperjump", "stack")


def _points_accounted(pos):
    for side in ("white", "black"):
        led = pos.ledger[side]
        assert pos.scores[side] == led["start"] + led["earned"] - sum(led[k] for k in SPENT), (side, led)


def _choose(pos, rnd, hire_rate, capture_bias):
    side = pos.to_move
    rules = pos.rules
    if rnd.random() < hire_rate:
        name = rnd.choice([n for n, s in rules.pieces.items() if s.hire == "unlimited"])
        to = (rnd.randint(1, 16), rnd.randint(4, 13), rnd.randint(1, 2))
        return Turn(None, (Drop(name, to),))
    own = [c for c, _ in pos.pieces_of(side)]
    options = []
    for origin in rnd.sample(own, min(3, len(own))):
        for a in legal_actions(pos, origin, 5):
            options.append((origin, a))
    if not options:
        return None
    captures = [o for o in options if isinstance(o[1], Capture)]
    origin, first = rnd.choice(captures) if captures and rnd.random() < capture_bias else rnd.choice(options)
    b = TurnBuilder(pos, origin)
    b.add(first)
    while not b.complete:
        b.add(rnd.choice(b.options(5)))
    if rnd.random() < 0.3:
        nxt = b.options(5)
        if nxt:
            try:
                b.add(rnd.choice(nxt))
                while not b.complete:
                    b.add(rnd.choice(b.options(5)))
            except (IllegalAction, IndexError):
                b.undo_last()
    return b.finish()


def play_one(seed):
    rnd = random.Random(seed)
    hire_rate = rnd.choice((0.1, 0.25, 0.4))
    capture_bias = rnd.choice((0.2, 0.6, 0.95))
    game = Game()  # the standard ruleset, its draw rules (G14) in force
    while game.position.result is None:
        turn = _choose(game.position, rnd, hire_rate, capture_bias)
        if turn is None:
            turn = Turn(None, (Drop("pawn", (rnd.randint(1, 16), rnd.randint(5, 12), 3)),))
        try:
            game.play(turn)
        except IllegalAction:
            continue  # a random drop on an enemy square, or unaffordable: try again
        _points_accounted(game.position)
    return game


def _stats_match_board(game):
    """Pieces on the finite part of the board, per side and type, minus the default ones =
    hired + promoted-to - promoted-from-pawn - captured by the enemy (kings/princes excluded)."""
    start, end = game.positions[0], game.position
    for side in ("white", "black"):
        enemy = "black" if side == "white" else "white"
        now, before = Counter(), Counter()
        for c in set(end.cells):
            for p in end.cell(c):
                if p.side == side:
                    now[p.type] += 1
            for p in start.cell(c):
                if p.side == side:
                    before[p.type] += 1
        for t in game.rules.pieces:
            if t in ("king", "prince"):
                continue
            expected = end.stats[side][t]["hired"] - end.stats[enemy][t]["captured"]
            if t == "pawn":
                promos = sum(
                    1
                    for ply in range(len(game.turns))
                    for a in game.turns[ply].actions
                    if a.kind == "promote" and game.positions[ply].to_move == side
                )
                expected -= promos
            else:
                promos = sum(
                    1
                    for ply in range(len(game.turns))
                    for a in game.turns[ply].actions
                    if a.kind == "promote" and a.to == t and game.positions[ply].to_move == side
                )
                expected += promos
            assert now[t] - before[t] == expected, (side, t, now[t], before[t], expected)


def test_a_thousand_random_games_end_by_the_rules_with_every_point_accounted_for():
    reasons = Counter()
    plies = 0
    for seed in range(GAMES):
        game = play_one(seed)
        result = game.position.result
        assert result is not None
        reasons[result.reason.split(" (")[0]] += 1
        plies += len(game.turns)
        _stats_match_board(game)
        if seed % 100 == 0:  # the record (ASCII and Chinese) replays to the same end
            for style in ("ascii", "chinese"):
                again = Game.from_record(game.to_record(style))
                assert again.position == game.position
    assert sum(reasons.values()) == GAMES
    assert len(reasons) >= 3, reasons  # games end in several different ways
    assert plies > GAMES * 10
