"""The search's speed paths (issue 18) change the work, never the answer: the trusted apply gives
the very search of the whole turn machine; the transposition table and the static-value cache give
the same values with fewer nodes, stay within their bound, and keep "same seed and node budget ->
same turn" in process and across processes with different hash seeds."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from players_helpers import middlegame

from engine import apply_turn
from engine.players import search as search_mod
from engine.players.base import Budget
from engine.players.cube_player import ADAPTER, LEVEL_PARAMS, CubeAdapter, reason
from engine.players.search import Search, searched_suggestion

ROOT = Path(__file__).resolve().parents[3]


POSITIONS = [(0, 0), (1, 10), (2, 16), (3, 22)]


def _search(adapter, level, pos, seed, nodes, tt=True):
    s = Search(adapter, LEVEL_PARAMS[level], Budget(nodes, None), seed, tt=tt)
    turn, value, line = s.run(pos)
    return s, (turn, value, tuple(line), s.budget.used, s.depth_done)


@pytest.mark.parametrize("seed,plies", POSITIONS[:3])
def test_the_trusted_apply_gives_the_same_search_as_the_whole_turn_machine(seed, plies):
    pos = middlegame(seed, plies)
    for level, nodes in ((2, 3000), (3, 1500)):
        full = searched_suggestion(
            CubeAdapter(trusted=False), LEVEL_PARAMS[level], pos, seed, nodes, None, None, reason, lambda: None
        )
        fast = searched_suggestion(ADAPTER, LEVEL_PARAMS[level], pos, seed, nodes, None, None, reason, lambda: None)
        assert fast == full


@pytest.mark.parametrize("seed,plies", POSITIONS[1:])
def test_the_transposition_table_changes_no_value_only_the_work(seed, plies):
    """Searched to the level's full depth, the best value is the same with and without the table;
    the table (and the best turns it remembers from the last iteration) saves nodes overall."""
    pos = middlegame(seed, plies)
    without_s, without = _search(ADAPTER, 3, pos, seed, 10**6, tt=False)
    with_s, with_ = _search(ADAPTER, 3, pos, seed, 10**6)
    assert with_[4] == without[4] == LEVEL_PARAMS[3].depth
    assert with_[1] == without[1]
    assert with_[3] <= without[3] * 1.05
    assert with_s.tt and not without_s.tt and not without_s.evals


def test_the_tables_stay_within_their_bound_and_the_search_stays_reproducible(monkeypatch):
    pos = middlegame(1, 10)
    monkeypatch.setattr(search_mod, "TT_MAX", 40)
    a_s, a = _search(ADAPTER, 3, pos, 2, 4000)
    b_s, b = _search(ADAPTER, 3, pos, 2, 4000)
    assert a == b
    assert len(a_s.tt) <= 40 and len(a_s.evals) <= 40
    assert a[0] is not None and apply_turn(pos, a[0])


_SCRIPT = """
import json, random
from engine import apply_turn, start_position
from engine.cube.randomplay import random_turn
from engine.players.base import Budget
from engine.players.cube_player import ADAPTER, LEVEL_PARAMS
from engine.players.search import Search
pos, rng = start_position(), random.Random(2)
for _ in range(16):
    pos = apply_turn(pos, random_turn(pos, rng))[0]
s = Search(ADAPTER, LEVEL_PARAMS[3], Budget(5000, None), 7)
turn, value, line = s.run(pos)
print(json.dumps([repr(turn), value, [repr(t) for t in line], s.budget.used, s.tt_hits, len(s.tt), len(s.evals)]))
"""


def test_a_search_with_the_table_gives_the_same_turn_in_processes_with_other_hash_seeds():
    outs = []
    for hs in ("1", "77"):
        env = dict(os.environ, PYTHONHASHSEED=hs, PYTHONPATH=str(ROOT))
        p = subprocess.run(
            [sys.executable, "-c", _SCRIPT], capture_output=True, text=True, cwd=ROOT, env=env, timeout=300, check=False
        )
        assert p.returncode == 0, p.stderr
        outs.append(json.loads(p.stdout))
    assert outs[0] == outs[1]
    assert outs[0][5] > 0 and outs[0][6] > 0  # the table and the cache were used


@pytest.mark.parametrize("seed,plies", POSITIONS)
def test_a_width_gives_the_best_turns_of_the_whole_list(seed, plies):
    """An inner node asks for its best ``width`` candidates; the drops (scored last and low) are
    generated only when they could be among them, and the list equals the whole list's best."""
    from engine.players.cube_moves import scored_candidates

    pos = middlegame(seed, plies)
    whole, _ = scored_candidates(pos)
    ranked = [t for _, _, t in sorted((-sc, i, t) for i, (sc, t) in enumerate(whole))]
    for width in (1, 8, 20, 60, len(whole) + 5):
        assert ADAPTER.ordered(ADAPTER.root(pos), width) == ranked[:width]
