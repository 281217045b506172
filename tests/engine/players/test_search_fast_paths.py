"""The search's fast paths (issue 18, speed) against their reference within one run: the same
values and the same search, never hard-coded results."""

from __future__ import annotations

import pytest
from players_helpers import middlegame

from engine.players import cube_eval as ev
from engine.players.cube_player import ADAPTER, LEVEL_PARAMS, CubeAdapter, reason
from engine.players.search import searched_suggestion

SLOW = CubeAdapter(trusted=False, fast=False)


@pytest.mark.parametrize("seed,plies", [(1, 12), (3, 40), (4, 60)])
def test_incremental_exchanges_equal_a_full_scan(seed, plies):
    """Every candidate's child: the exchange table built from the parent's table and the cells the
    turn wrote equals the one scanned from the child alone, and so do the exchanges and the value."""
    pos = middlegame(seed, plies)
    root = ADAPTER.root(pos)
    _, parent = ev.exchange_table(pos)
    memo: list = []
    ev.evaluate(pos, root.mat, None, (), memo)
    kids = 0
    for t in ADAPTER.moves(root):
        child = ADAPTER.play(root, t)
        if child is None or child.result is not None:
            continue
        kids += 1
        full = ev.exchange_table(child.pos)
        assert ev.exchange_table(child.pos, parent, child.changed) == full, t
        keep: list = []
        fresh: list = []
        want = ev.evaluate(child.pos, child.mat, None, (), fresh)
        assert ev.evaluate(child.pos, child.mat, memo[0] if memo else None, child.changed, keep) == want
        assert keep == fresh  # the exchange table and the king attacks, as scanned afresh
        assert not keep or keep[0][0] == full[1]
        ADAPTER.evaluate(child)  # the threat test answered from the evaluation's by-products
        assert ADAPTER.in_danger(child) == SLOW.in_danger(child)
    assert kids > 10


@pytest.mark.parametrize("seed,plies", [(2, 16), (5, 30)])
def test_the_fast_paths_give_the_same_search_as_the_reference(seed, plies):
    """The same suggestion, value, line, node count and depth with every fast path off (each node
    evaluated from its position alone, every turn through the whole turn machine)."""
    pos = middlegame(seed, plies)
    for level, nodes in ((2, 1200), (3, 1500)):
        slow = searched_suggestion(
            CubeAdapter(trusted=False, fast=False),
            LEVEL_PARAMS[level],
            pos,
            seed,
            nodes,
            None,
            None,
            reason,
            lambda: None,
        )
        fast = searched_suggestion(ADAPTER, LEVEL_PARAMS[level], pos, seed, nodes, None, None, reason, lambda: None)
        assert fast == slow
