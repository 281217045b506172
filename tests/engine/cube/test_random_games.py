"""Random legal games with invariants (property tests).

Each turn: a random own origin among the finite changed/base cells plus a few random
crowded-pawn squares, a random legal first action from ``legal_actions(pos, origin, horizon=6)``,
sometimes a second action from ``TurnBuilder.options()``; sometimes a drop instead.  Captures are
preferred half of the time so that games reach a result.

Invariants after every turn (documented in docs/RULES.md, "Invariants"):

* nothing but :class:`IllegalAction` is ever raised, and no action offered by ``legal_actions`` or
  ``options()`` is refused;
* points: ``score == start + earned - (hire + surcharge + hyperjump + stack)`` for both sides,
  ``earned`` is the sum of the per-type capture points, ``hire`` the sum of hired values,
  ``surcharge`` the number of green drops times the surcharge (C13, C17);
* pieces: for every side and every non-royal type, summed over the *changed* cells only,
  ``(pieces there now) - (pieces there by default) == hired + promoted-to - promoted-from
  - captured-by-the-enemy`` (the infinite default board cancels out);
* every cell holds pieces of one side; kings and princes never share a cell (C39);
* ``Game.from_record(to_record())`` in ASCII and in Chinese replays to an equal final position.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Drop, Game, IllegalAction, TurnBuilder, legal_actions, load_ruleset
from engine.cube.position import SIDES, other

RULES = load_ruleset("standard")
ROYAL = ("king", "prince")
HIRABLE = [n for n, p in RULES.pieces.items() if p.hire != "none"]


def _random_square(rng, side):
    y = rng.choice((3, 2, 1)) if side == "white" else rng.choice((14, 15, 16))
    hi = () if rng.random() < 0.6 else (rng.randint(1, 3),) * rng.randint(1, 2)
    return (rng.randint(1, 16), y, rng.randint(1, 16)) + hi


def _drop_turn(pos, rng):
    name = rng.choice(HIRABLE)
    to = (rng.randint(1, 16), rng.randint(1, 16), rng.choice((1, 1, 1, 2, 16))) + (
        () if rng.random() < 0.7 else (rng.randint(1, 4),)
    )
    b = TurnBuilder(pos)
    try:
        b.add(Drop(name, to))
    except IllegalAction:
        return None
    if b.pending:
        try:
            b.add(b.options()[0])  # the stack
        except (IllegalAction, IndexError):
            return None
    return b.finish() if b.complete else None


def random_turn(pos, rng):
    side = pos.to_move
    if rng.random() < 0.08:
        t = _drop_turn(pos, rng)
        if t is not None:
            return t
    origins = [c for c, s in pos.pieces_of(side)] + [_random_square(rng, side) for _ in range(3)]
    rng.shuffle(origins)
    for origin in origins[:12]:
        if not pos.cell(origin) or pos.cell(origin)[0].side != side:
            continue
        acts = list(legal_actions(pos, origin, horizon=6))
        if not acts:
            continue
        caps = [a for a in acts if a.kind == "capture"]
        first = rng.choice(caps) if caps and rng.random() < 0.6 else rng.choice(acts)
        b = TurnBuilder(pos, origin)
        b.add(first)  # offered => must be accepted
        for _ in range(3):
            if b.complete and rng.random() < 0.5:
                break
            opts = b.options(horizon=6)
            if not opts:
                break
            b.add(rng.choice(opts))  # offered => must be accepted
        if b.complete:
            return b.finish()
    return None


def _count(stack, side, t):
    return sum(1 for p in stack if p.side == side and p.type == t)


def check_invariants(pos, promotions):
    rules = pos.rules
    for s in SIDES:
        L = pos.ledger[s]
        assert pos.scores[s] == L["start"] + L["earned"] - (L["hire"] + L["surcharge"] + L["hyperjump"] + L["stack"])
        st_ = pos.stats[s]
        assert L["earned"] == sum(v["points"] for v in st_.values())
        assert L["hire"] == sum(v["hired"] * rules.pieces[t].value for t, v in st_.items())
        assert L["surcharge"] == rules.green_drop_surcharge * sum(v["green_drops"] for v in st_.values())
        assert all(v >= 0 for v in L.values())
        for t in rules.pieces:
            if t in ROYAL:
                continue
            delta = sum(_count(stack, s, t) - _count(pos.default(c), s, t) for c, stack in pos.cells.items())
            expected = (
                st_[t]["hired"]
                + promotions[s].get(t, 0)
                - (promotions[s]["_from_pawn"] if t == "pawn" else 0)
                - pos.stats[other(s)][t]["captured"]
            )
            assert delta == expected, (s, t, delta, expected)
    for c, stack in pos.cells.items():
        assert pos.in_board(c)
        if stack:
            assert len({p.side for p in stack}) == 1, (c, stack)
            if len(stack) > 1:
                assert not any(p.type in ROYAL for p in stack), (c, stack)


def play_random_game(seed, max_plies):
    rng = random.Random(seed)
    game = Game(RULES)
    promotions = {s: {"_from_pawn": 0} for s in SIDES}
    stalls = 0
    while game.position.result is None and len(game.turns) < max_plies and stalls < 5:
        pos = game.position
        turn = random_turn(pos, rng)
        if turn is None:
            stalls += 1
            continue
        game.play(turn)
        for a in turn.actions:
            if a.kind == "promote":
                d = promotions[pos.to_move]
                d[a.to] = d.get(a.to, 0) + 1
                d["_from_pawn"] += 1
        check_invariants(game.position, promotions)
    return game


def check_replay(game):
    for style in ("ascii", "chinese"):
        text = game.to_record(style)
        again = Game.from_record(text)
        assert again.position == game.position, style
        assert len(again.turns) == len(game.turns)
        for i in (0, len(game.turns) // 2, len(game.turns)):
            assert again.position_at(i) == game.position_at(i)


@pytest.mark.parametrize("seed", range(20))
def test_random_games_keep_every_invariant_and_replay(seed):
    game = play_random_game(seed, max_plies=400)
    assert len(game.turns) > 10
    check_replay(game)


def test_random_games_reach_results():
    results = [play_random_game(100 + s, max_plies=260).position.result for s in range(4)]
    assert any(r is not None for r in results), results


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_property_short_random_games(seed):
    game = play_random_game(seed, max_plies=30)
    check_replay(game)
