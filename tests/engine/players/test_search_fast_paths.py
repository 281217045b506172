"""The search's fast paths (issue 18, speed) against their reference within one run: the same
values and the same search, never hard-coded results."""

from __future__ import annotations

import pytest
from players_helpers import middlegame

from engine.players import cube_eval as ev
from engine.players import cube_exchange as cx
from engine.players.cube_player import ADAPTER, LEVEL_PARAMS, CubeAdapter, reason
from engine.players.search import searched_suggestion

SLOW = CubeAdapter(trusted=False, fast=False)


@pytest.mark.parametrize("seed,plies", [(1, 12), (3, 40), (4, 60)])
def test_incremental_exchanges_equal_a_full_scan(seed, plies):
    """Every candidate's child: the exchange table built from the parent's table and the cells the
    turn wrote equals the one scanned from the child alone, and so do the exchanges and the value."""
    pos = middlegame(seed, plies)
    root = ADAPTER.root(pos)
    _, parent = cx.exchange_table(pos)
    memo: list = []
    ev.evaluate(pos, root.mat, None, (), memo)
    kids = grids = 0
    for t in ADAPTER.moves(root):
        child = ADAPTER.play(root, t)
        if child is None or child.result is not None:
            continue
        kids += 1
        full = cx.exchange_table(child.pos)
        assert cx.exchange_table(child.pos, parent, child.changed) == full, t
        keep: list = []
        fresh: list = []
        want = ev.evaluate(child.pos, child.mat, None, (), fresh)
        # from the parent's tables and the board grids they were built on
        assert ev.evaluate(child.pos, child.mat, memo[0] + (memo[1],) if memo else None, child.changed, keep) == want
        assert keep[:1] == fresh[:1]  # the exchange table and the king attacks, as scanned afresh
        assert not keep or keep[0][0] == full[1]
        for rest, (grid, h, since) in keep[1].items() if keep else ():  # each board grid derived from
            now = cx._grid_after(child.pos, (grid, h), rest, since) if since else (grid, h)  # the parent's
            assert now == cx._board_grid(child.pos, rest)  # equals one built afresh
            grids += 1
        ADAPTER.evaluate(child)  # the threat test answered from the evaluation's by-products
        assert ADAPTER.in_danger(child) == SLOW.in_danger(child)
    assert kids > 10 and grids > 5


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


@pytest.mark.parametrize("seed,plies", [(1, 30), (6, 70)])
def test_one_walk_finds_the_capturers_of_both_sides(seed, plies):
    """``_grid_both`` (one walk of the rays for both sides) equals ``_grid_capturers`` run for
    each side, on every square of every board the position changed."""
    pos = middlegame(seed, plies)
    vals = {n: p.value for n, p in pos.rules.pieces.items()}
    sx, sy = pos.rules.size[0], pos.rules.size[1]
    found = 0
    for rest in {c[2:] for c in pos.cells} | {(1,)}:
        grid, h = cx._board_grid(pos, rest)
        for x in range(1, sx + 1):
            for y in range(1, sy + 1):
                i0 = (x + 1) * h + y + 1
                both = cx._grid_both(grid, cx._walks(pos.rules, h, i0), vals)
                want = tuple(
                    cx._grid_capturers(grid, h, i0, s, cx._table(pos.rules, s), vals) for s in ("white", "black")
                )
                assert both == want, (x, y) + rest
                found += bool(want[0]) + bool(want[1])
    assert found > 50


def test_the_pawns_near_promotion_of_both_sides_in_one_pass():
    """``_pawns_near_both`` equals the difference of ``_pawns_near`` of the two sides, float for
    float, from either side's view, on middlegames and on pawns placed near every promotion line."""
    from engine.cube.position import Piece

    positions = [middlegame(seed, plies) for seed, plies in ((1, 20), (3, 60), (7, 90))]
    cells = {}
    for i, y in enumerate((9, 11, 12, 13, 14, 15, 16)):
        cells[(2 + i, y, 1)] = (Piece("pawn", "white"),)
        if i % 2:
            cells[(2 + i, 17 - y, 2)] = (Piece("pawn", "black"),)
    cells[(12, 15, 1)] = (Piece("pawn", "white"), Piece("pawn", "white"))  # a stack: not a lone pawn
    positions.append(positions[0].replace(cells={**positions[0].cells, **cells}))
    seen = set()
    for pos in positions:
        for side in ("white", "black"):
            other = "black" if side == "white" else "white"
            want = ev._pawns_near(pos, side) - ev._pawns_near(pos, other)
            assert ev._pawns_near_both(pos, side) == want
            seen.add(want)
    assert len(seen) > 2


def test_a_search_runs_with_the_garbage_collector_paused_and_restores_it():
    """The collector is off while the search evaluates, on again afterwards (also when the search
    fails), and left off for a caller that had switched it off; the suggestion is the same."""
    import gc

    seen: list = []

    class Wrapped:  # delegates to a real adapter (a compiled CubeAdapter cannot be subclassed here)
        def __init__(self) -> None:
            self.inner = CubeAdapter()

        def __getattr__(self, name):
            return getattr(self.inner, name)

    class Watching(Wrapped):
        def evaluate(self, node):
            seen.append(gc.isenabled())
            return self.inner.evaluate(node)

    class Failing(Wrapped):
        def evaluate(self, node):
            raise RuntimeError("evaluation failed")

    pos = middlegame(2, 16)

    def run(adapter):
        return searched_suggestion(adapter, LEVEL_PARAMS[2], pos, 2, 300, None, None, reason, lambda: None)

    assert gc.isenabled()
    got = run(Watching())
    assert seen and not any(seen) and gc.isenabled()
    assert got == run(ADAPTER)
    with pytest.raises(RuntimeError):
        run(Failing())
    assert gc.isenabled()
    gc.disable()
    try:
        run(ADAPTER)
        assert not gc.isenabled()
    finally:
        gc.enable()
