"""The JSON-lines rules protocol (docs/PROTOCOL.md)."""

import json
import pathlib
import subprocess
import sys

import pytest

from engine.protocol import handle

ROOT = pathlib.Path(__file__).resolve().parents[3]


def piece(at, side, *stack):
    return {"at": list(at), "side": side, "stack": list(stack)}


def empty_pos(*pieces, **kw):
    return {"fill": "empty", "pieces": list(pieces), **kw}


def assert_error(reply, code=None):
    assert reply["legal"] is False and isinstance(reply["message"], str) and reply["message"]
    assert isinstance(reply["error"], str)
    if code is not None:
        assert reply["error"] == code, reply


# -- the three query kinds ---------------------------------------------------------------------
def test_ruleset_query_describes_geometry_pieces_costs_and_grammar():
    r = handle({"query": "ruleset", "id": 7})
    assert r["id"] == 7 and r["name"] == "standard"
    assert r["size"] == [16, 16, 16] and r["green"] == [[3, 14], [1, 16], [1, 1]]
    assert r["promotion"] == {"white": 14, "black": 3}
    assert r["pieces"]["brother"] == {
        "value": 12,
        "betza": "QN",
        "letter": "G",
        "chinese": "哥",
        "stackable": True,
        "hire": "credit",
    }
    assert r["costs"] == {"green_drop_surcharge": 1, "hyperjump": 1, "stack_after_promotion_line": 1}
    assert r["turns"]["max_actions"] == 2 and r["turns"]["follows"]["capture"] == []
    assert r["start_score"] == 120
    assert handle({"query": "ruleset", "ruleset": "free-combination"})["turns"]["max_actions"] == 0
    assert r["turns"]["promote_after_drop"] == "unlimited"  # G19
    assert r["credits"] == {"kinds": ["queen", "brother"], "same_kind": False}  # G9


def test_ruleset_query_with_overrides():
    r = handle(
        {
            "query": "ruleset",
            "overrides": {"size": [8, 8, 4], "green": [[2, 7], [1, 8], [1, 1]], "promotion": {"white": 7, "black": 2}},
        }
    )
    assert r["size"] == [8, 8, 4]
    assert_error(handle({"query": "ruleset", "overrides": {"colour": 1}}), "ruleset")


def test_actions_query_lists_single_actions_with_then_stack():
    r = handle(
        {
            "query": "actions",
            "origin": [5, 5, 1],
            "horizon": 4,
            "position": empty_pos(
                piece((5, 5, 1), "white", "rook"),
                piece((5, 7, 1), "white", "pawn"),
                piece((6, 5, 1), "black", "knight"),
            ),
        }
    )
    assert r["legal"] is True and r["origin"] == [5, 5, 1] and r["horizon"] == 4
    assert r["stack"] == ["rook"] and r["count"] == len(r["actions"])
    assert {"do": "capture", "to": [6, 5, 1]} in r["actions"]
    assert {"do": "move", "to": [5, 7, 1], "then": "stack"} in r["actions"]
    assert {"do": "jump", "to": [5, 5, 2]} in r["actions"]
    assert {"do": "hyperjump", "to": [5, 5, 1, 2]} in r["actions"]
    assert not any(len(a.get("to", [])) > 4 for a in r["actions"])


def test_actions_query_on_an_empty_or_enemy_square_is_an_empty_list():
    r = handle({"query": "actions", "origin": [5, 5, 1], "position": empty_pos()})
    assert r["legal"] is True and r["count"] == 0 and r["actions"] == []


def test_turn_query_applies_a_legal_turn():
    req = {
        "query": "turn",
        "id": "a",
        "position": empty_pos(piece((5, 5, 1), "white", "rook"), piece((5, 9, 1), "black", "knight")),
        "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
    }
    r = handle(req)
    assert r["legal"] is True and r["id"] == "a" and r["cost"] == 0 and r["result"] is None
    p = r["position"]
    assert p["to_move"] == "black" and p["scores"] == {"white": 123, "black": 120} and p["ply"] == 1
    assert p["pieces"] == [piece((5, 9, 1), "white", "rook")]
    # the reply's position is a valid request position
    again = handle({"query": "actions", "origin": [5, 9, 1], "position": p})
    assert again["legal"] is True and again["count"] == 0  # white's rook, black to move


def test_turn_query_drop_stack_promote_and_results():
    r = handle(
        {
            "query": "turn",
            "position": empty_pos(piece((2, 14, 1), "white", "knight")),
            "turn": {
                "actions": [
                    {"do": "drop", "piece": "pawn", "to": [2, 14, 1]},
                    {"do": "stack"},
                    {"do": "promote", "to": "rook"},
                ]
            },
        }
    )
    assert r["legal"] is True and r["cost"] == 2
    assert r["position"]["pieces"] == [
        {"at": [2, 14, 1], "side": "white", "stack": ["knight", {"type": "rook", "was": "pawn"}]}
    ]
    # G19: not into a credit-only kind in the turn of the drop
    r = handle(
        {
            "query": "turn",
            "position": empty_pos(piece((2, 14, 1), "white", "knight")),
            "turn": {
                "actions": [
                    {"do": "drop", "piece": "pawn", "to": [2, 14, 1]},
                    {"do": "stack"},
                    {"do": "promote", "to": "queen"},
                ]
            },
        }
    )
    assert r["legal"] is False and r["error"] == "illegal-promote" and "G19" in r["message"]
    r = handle(
        {
            "query": "turn",
            "position": empty_pos(piece((5, 5, 1), "white", "rook"), piece((5, 9, 1), "black", "king")),
            "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
        }
    )
    assert r["result"]["winner"] == "white" and "C4" in r["result"]["reason"]


def test_turn_query_split_and_hyperjump():
    r = handle(
        {
            "query": "turn",
            "position": empty_pos(piece((5, 5, 1), "white", "pawn", "rook")),
            "turn": {
                "origin": [5, 5, 1],
                "actions": [{"do": "split", "take": ["rook"]}, {"do": "hyperjump", "to": [5, 5, 1, 2]}],
            },
        }
    )
    assert r["legal"] is True and r["cost"] == 1
    assert piece((5, 5, 1), "white", "pawn") in r["position"]["pieces"]
    assert piece((5, 5, 1, 2), "white", "rook") in r["position"]["pieces"]


def test_turn_query_with_promoted_and_crowned_pieces_and_credits():
    pos = empty_pos(
        {"at": [5, 5, 1], "side": "white", "stack": [{"type": "rook", "was": "pawn"}]},
        piece((5, 9, 1), "black", "king"),
        piece((3, 12, 1), "black", "prince"),
        credits={"white": {"queen": 1}},
        kings={"black": {"was": "prince"}},
        scores={"white": 60, "black": 100},
    )
    r = handle(
        {
            "query": "turn",
            "position": pos,
            "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
        }
    )
    assert r["result"]["winner"] == "white" and "C8" in r["result"]["reason"]
    r = handle(
        {"query": "turn", "position": pos, "turn": {"actions": [{"do": "drop", "piece": "queen", "to": [1, 8, 1]}]}}
    )
    assert r["legal"] is True and r["position"]["credits"]["white"] == {}


# -- errors ----------------------------------------------------------------------------------------
def test_illegal_turn_is_answered_with_the_rule():
    r = handle(
        {
            "query": "turn",
            "id": 3,
            "position": empty_pos(piece((5, 5, 1), "white", "rook"), piece((5, 9, 1), "black", "knight")),
            "turn": {
                "origin": [5, 5, 1],
                "actions": [{"do": "capture", "to": [5, 9, 1]}, {"do": "jump", "to": [5, 9, 2]}],
            },
        }
    )
    assert_error(r, "grammar")
    assert "C30" in r["message"] and r["id"] == 3


@pytest.mark.parametrize(
    "req,code",
    [
        ([1, 2, 3], "malformed"),
        ("turn", "malformed"),
        (None, "malformed"),
        ({}, "unknown-query"),
        ({"query": "bogus"}, "unknown-query"),
        ({"query": "ruleset", "colour": "red"}, "unknown-field"),
        ({"query": "ruleset", "ruleset": "no-such-ruleset"}, None),
        ({"query": "turn", "position": {}}, "missing-field"),
        ({"query": "turn", "position": {"bogus": 1}, "turn": {"actions": [{"do": "stack"}]}}, "unknown-field"),
        ({"query": "turn", "position": {}, "turn": {"actions": []}}, "empty-turn"),
        ({"query": "turn", "position": {}, "turn": {"actions": [{"do": "fly", "to": [1, 1, 1]}]}}, "unknown-name"),
        (
            {
                "query": "turn",
                "position": {},
                "turn": {"actions": [{"do": "drop", "piece": "dragon", "to": [1, 8, 1]}]},
            },
            "unknown-name",
        ),
        (
            {
                "query": "turn",
                "position": {},
                "turn": {"actions": [{"do": "drop", "piece": "pawn", "to": [1, 8, 1], "extra": 1}]},
            },
            "unknown-field",
        ),
        (
            {
                "query": "turn",
                "position": {},
                "turn": {"origin": [5, 5, 99], "actions": [{"do": "move", "to": [5, 6, 1]}]},
            },
            "out-of-board",
        ),
        (
            {"query": "turn", "position": {}, "turn": {"actions": [{"do": "drop", "piece": "pawn", "to": [0, 8, 1]}]}},
            "out-of-board",
        ),
        (
            {
                "query": "turn",
                "position": {},
                "turn": {"actions": [{"do": "drop", "piece": "pawn", "to": [5, 8, 1, 0]}]},
            },
            "out-of-board",
        ),
        (
            {
                "query": "turn",
                "position": {},
                "turn": {"actions": [{"do": "drop", "piece": "pawn", "to": [5, "8", 1]}]},
            },
            "bad-coordinate",
        ),
        (
            {"query": "turn", "position": {}, "turn": {"actions": [{"do": "drop", "piece": "pawn", "to": [5, 8]}]}},
            "bad-coordinate",
        ),
        ({"query": "actions", "position": {"to_move": "red"}, "origin": [5, 5, 1]}, "unknown-name"),
        ({"query": "actions", "position": {}, "origin": [5, 5, 1], "horizon": 2}, "bad-horizon"),
        (
            {"query": "actions", "position": {"pieces": [piece((5, 5, 1), "white", "dragon")]}, "origin": [5, 5, 1]},
            "unknown-name",
        ),
        (
            {
                "query": "actions",
                "position": {"pieces": [piece((5, 5, 1), "white", "king", "pawn")]},
                "origin": [5, 5, 1],
            },
            "bad-position",
        ),
        (
            {
                "query": "actions",
                "position": {"pieces": [piece((5, 5, 1), "white", "pawn"), piece((5, 5, 1), "white", "pawn")]},
                "origin": [5, 5, 1],
            },
            "bad-position",
        ),
        ({"query": "actions", "position": {"result": {"winner": "white"}}, "origin": [5, 5, 1]}, "game-over"),
        ({"query": "actions", "position": {"scores": {"white": "many"}}, "origin": [5, 5, 1]}, "malformed"),
        ({"query": "actions", "position": [], "origin": [5, 5, 1]}, "malformed"),
    ],
)
def test_bad_requests_always_answer_legal_false_error_message(req, code):
    assert_error(handle(req), code)


def test_subprocess_serves_many_lines_and_keeps_serving():
    lines = [
        '{"query": "ruleset", "id": 1}',
        "this is not json",
        "[1, 2]",
        "",
        '{"query": "turn", "id": 2, "position": {}, "turn": {"origin": [9, 3, 1], '
        '"actions": [{"do": "move", "to": [9, 4, 1]}]}}',
        '{"query": "turn", "id": 3, "position": {}, "turn": {"origin": [9, 3, 1], '
        '"actions": [{"do": "move", "to": [9, 6, 1]}]}}',
        '{"query": "actions", "id": 4, "position": {}, "origin": [9, 3, 1], "horizon": 4}',
        '{"query": "nope", "id": 5}',
        '{"query": "ruleset", "id": 6, "ruleset": "free-combination"}',
    ]
    proc = subprocess.run(
        [sys.executable, "-m", "engine.protocol"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    replies = [json.loads(x) for x in proc.stdout.splitlines()]
    assert len(replies) == 8  # the blank line gets no reply
    assert replies[0]["id"] == 1 and replies[0]["name"] == "standard"
    assert_error(replies[1], "malformed")
    assert_error(replies[2], "malformed")
    assert replies[3]["legal"] is True and replies[3]["id"] == 2
    assert_error(replies[4], "illegal-move")
    assert replies[5]["legal"] is True and replies[5]["count"] == 3
    assert_error(replies[6], "unknown-query")
    assert replies[7]["turns"]["max_actions"] == 0
