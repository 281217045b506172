"""The protocol's suggest query: reply shape for both games, the turn is accepted by the turn query, errors."""

import pytest
from players_helpers import SPIRIT

from engine import start_position
from engine.cube.protocol import position_json
from engine.players import MAX_BUDGET_MS, MAX_NODES
from engine.protocol import handle
from engine.spirit import default_placement, spirit_start_position
from engine.spirit.protocol import format_position


def test_cube_suggest_reply_and_its_turn_is_legal_for_the_turn_query():
    P = position_json(start_position())
    r = handle({"query": "suggest", "position": P, "level": 2, "seed": 1, "nodes": 500, "id": "a"})
    assert r["legal"] is True and r["id"] == "a"
    assert set(r) >= {"turn", "eval", "line", "nodes", "reason"}
    assert r["line"][0] == r["turn"] and r["nodes"] >= 1
    t = handle({"query": "turn", "position": P, "turn": r["turn"]})
    assert t["legal"] is True, t


def test_spirit_suggest_reply_and_its_turn_is_legal_for_the_turn_query():
    sp = spirit_start_position(SPIRIT, default_placement(SPIRIT, "white"), default_placement(SPIRIT, "black"))
    P = format_position(sp)
    r = handle({"query": "suggest", "position": P, "level": 1, "seed": 2})
    assert r["legal"] is True and set(r["turn"]) >= {"levelup", "origin", "path"}
    t = handle({"query": "turn", "position": P, "turn": r["turn"]})
    assert t["legal"] is True, t
    r0 = handle({"query": "suggest", "ruleset": "spirit", "position": P, "level": 0, "seed": 2})
    assert handle({"query": "turn", "position": P, "turn": r0["turn"]})["legal"] is True


@pytest.mark.parametrize("level", [-1, 5, "2", 1.5, True, None])
def test_bad_level_is_refused_with_its_code(level):
    r = handle({"query": "suggest", "position": {}, "level": level})
    assert r == {"legal": False, "error": "bad-level", "message": r["message"]}
    assert repr(level) in r["message"] or str(level) in r["message"]


@pytest.mark.parametrize(
    "field,value",
    [
        ("nodes", 0),
        ("nodes", MAX_NODES + 1),
        ("nodes", "100"),
        ("budget_ms", -5),
        ("budget_ms", MAX_BUDGET_MS + 1),
        ("budget_ms", True),
    ],
)
def test_bad_budget_is_refused_with_its_code(field, value):
    r = handle({"query": "suggest", "position": {}, "level": 1, field: value})
    assert r["legal"] is False and r["error"] == "bad-budget", r
    assert field in r["message"]


def test_other_bad_suggest_requests():
    assert handle({"query": "suggest", "position": {}, "level": 1, "depth": 3})["error"] == "unknown-field"
    assert handle({"query": "suggest", "level": 1})["error"] == "missing-field"
    assert handle({"query": "suggest", "position": {}, "level": 1, "seed": "x"})["error"] == "malformed"
    r = handle(
        {"query": "suggest", "position": {"pieces": [{"at": [99, 1, 1], "side": "white", "type": "rook"}]}, "level": 1}
    )
    assert r["error"] == "out-of-board"
