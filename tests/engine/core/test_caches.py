"""The per-ruleset caches stay bounded (engine.core.caches)."""

from __future__ import annotations

from engine.core.caches import MAX_RULESETS, remember
from engine.core.loader import load_ruleset
from engine.cube import movegen
from engine.players import cube_exchange


def test_remember_empties_a_full_cache_before_storing():
    cache: dict = {}
    for i in range(MAX_RULESETS + 1):
        assert remember(cache, i, str(i)) == str(i)
    assert len(cache) == MAX_RULESETS + 1
    remember(cache, "new", 1)
    assert cache == {"new": 1}


def test_a_limit_of_its_own():
    cache: dict = {}
    for i in range(40):
        remember(cache, i, i, 16)
    assert len(cache) <= 17 and cache[39] == 39


def test_the_engine_caches_answer_the_same_after_being_emptied():
    rules = load_ruleset("standard")
    table = cube_exchange._table(rules, "white")
    values = cube_exchange._values(rules)
    for i in range(MAX_RULESETS + 2):  # other rulesets' entries fill the caches until they are emptied
        remember(cube_exchange._TABLES, ("other", i), ())
        remember(cube_exchange._VALUES, ("other", i), {})
        remember(movegen._CACHE, ("other", i), None, movegen._CACHE_MAX - 1)
    assert len(cube_exchange._TABLES) <= MAX_RULESETS + 1
    assert cube_exchange._table(rules, "white") == table
    assert cube_exchange._values(rules) == values
    assert movegen._rcache(rules).nonstack == frozenset(n for n, p in rules.pieces.items() if not p.stackable)
