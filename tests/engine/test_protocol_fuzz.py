"""Property tests of the protocol (hypothesis, sized to run in a few seconds): whatever the
request — any JSON value, a valid request with any part replaced, any bytes — the answer is
one reply object that writes as strict JSON in UTF-8 and is never an "internal" error.
(benchmarks/fuzz_protocol.py runs the same idea at 100,000 inputs through a subprocess.)"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import load_ruleset
from engine.protocol import answer_line, encode_reply, handle
from engine.spirit import default_placement

WORDS = [
    "query",
    "id",
    "ruleset",
    "overrides",
    "position",
    "turn",
    "origin",
    "horizon",
    "actions",
    "do",
    "to",
    "take",
    "piece",
    "pieces",
    "at",
    "side",
    "stack",
    "type",
    "was",
    "fill",
    "to_move",
    "scores",
    "homes",
    "credits",
    "kings",
    "ply",
    "result",
    "size",
    "green",
    "promotion",
    "red_line",
    "crowded",
    "higher_min",
    "start",
    "levelup",
    "path",
    "transform",
    "into",
    "level",
    "white",
    "black",
    "king",
    "prince",
    "pawn",
    "queen",
    "rook",
    "knight",
    "spirit",
    "standard",
    "free-combination",
    "move",
    "capture",
    "jump",
    "hyperjump",
    "split",
    "drop",
    "promote",
    "actions",
    "setup",
    "paths",
    "empty",
    "default",
]

scalars = (
    st.none()
    | st.booleans()
    | st.sampled_from(WORDS)
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.integers(min_value=-3, max_value=20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=6) | st.dictionaries(st.sampled_from(WORDS) | st.text(max_size=5), inner, max_size=6)
    ),
    max_leaves=25,
)
small_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(WORDS), inner, max_size=4),
    max_leaves=10,
)

VALID = [
    {"query": "ruleset", "id": 1},
    {
        "query": "ruleset",
        "overrides": {"size": [8, 8, 4], "green": [[2, 7], [1, 8], [1, 1]], "promotion": {"white": 7, "black": 2}},
    },
    {
        "query": "actions",
        "origin": [5, 5, 1],
        "horizon": 4,
        "position": {
            "fill": "empty",
            "pieces": [
                {"at": [5, 5, 1], "side": "white", "stack": ["rook", "knight"]},
                {"at": [5, 7, 1], "side": "black", "stack": ["pawn"]},
                {"at": [8, 8, 8, 2], "side": "white", "stack": ["king"]},
            ],
        },
    },
    {
        "query": "turn",
        "position": {
            "fill": "empty",
            "pieces": [
                {"at": [5, 5, 1], "side": "white", "stack": ["rook"]},
                {"at": [5, 9, 1], "side": "black", "stack": ["knight"]},
            ],
        },
        "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
    },
    {
        "query": "turn",
        "position": {"credits": {"white": {"queen": 1}}, "scores": {"white": 50, "black": 60}},
        "turn": {"actions": [{"do": "drop", "piece": "queen", "to": [5, 8, 1]}]},
    },
    {
        "query": "turn",
        "position": {"fill": "empty", "pieces": [{"at": [5, 5, 1], "side": "white", "stack": ["rook", "knight"]}]},
        "turn": {
            "origin": [5, 5, 1],
            "actions": [{"do": "split", "take": ["knight"]}, {"do": "move", "to": [6, 7, 1]}],
        },
    },
    {"query": "ruleset", "ruleset": "spirit"},
    {
        "query": "turn",
        "ruleset": "spirit",
        "position": {
            "ruleset": "spirit",
            "to_move": "white",
            "pieces": [
                {"at": [1, 1], "side": "white", "type": "sect"},
                {"at": [19, 19], "side": "black", "type": "sect"},
                {"at": [10, 10], "side": "white", "type": "disciple", "level": 2},
                {"at": [10, 12], "side": "black", "type": "disciple", "level": 1},
            ],
        },
        "turn": {
            "levelup": [10, 10],
            "origin": [10, 10],
            "path": [[10, 11]],
            "transform": {"at": [10, 11], "into": "elder"},
        },
    },
    {
        "query": "setup",
        "ruleset": "spirit",
        "side": "black",
        "pieces": [{"at": list(c), "type": k} for c, k in default_placement(load_ruleset("spirit"), "black").items()],
    },
    {
        "query": "paths",
        "ruleset": "spirit",
        "origin": [10, 4],
        "position": {
            "to_move": "white",
            "pieces": [
                {"at": [10, 4], "side": "white", "type": "elder"},
                {"at": [10, 16], "side": "black", "type": "sect"},
            ],
        },
    },
]


def check_reply(reply) -> None:
    assert isinstance(reply, dict)
    assert reply.get("error") != "internal", reply
    assert "error" in reply or reply.get("legal") is True or "paths" in reply or "name" in reply, reply
    data = encode_reply(reply)
    assert data.endswith(b"\n") and data.count(b"\n") == 1
    back = json.loads(data.decode("utf-8"), parse_constant=lambda s: (_ for _ in ()).throw(AssertionError(s)))
    assert isinstance(back, dict)


def _paths(obj, path=()):
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, path + (i,))


ALL_PATHS = [(i, p) for i, req in enumerate(VALID) for p in _paths(req) if p]

FAST = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(json_values)
def test_any_json_value_gets_a_reply_never_internal(value):
    check_reply(handle(value))


@FAST
@given(
    st.dictionaries(st.sampled_from(WORDS), small_values, max_size=6),
    st.sampled_from(["ruleset", "turn", "actions", "paths", "setup"]),
)
def test_any_object_with_a_query_gets_a_reply_never_internal(obj, query):
    obj["query"] = query
    check_reply(handle(obj))


@FAST
@given(st.sampled_from(ALL_PATHS), json_values, st.booleans())
def test_a_valid_request_with_one_part_replaced_or_removed_gets_a_reply(where, value, remove):
    i, path = where
    req = json.loads(json.dumps(VALID[i]))
    parent = req
    for p in path[:-1]:
        parent = parent[p]
    if remove:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    check_reply(handle(req))


def test_the_valid_requests_are_answered_without_error():
    for req in VALID:
        reply = handle(req)
        assert "error" not in reply, (req, reply)


@FAST
@given(st.binary(max_size=300))
def test_any_bytes_get_a_reply_never_internal(data):
    check_reply(answer_line(data))


@FAST
@given(
    st.sampled_from(VALID),
    st.lists(st.tuples(st.integers(0, 10**6), st.binary(min_size=1, max_size=4)), min_size=1, max_size=4),
)
def test_a_valid_request_with_bytes_inserted_gets_a_reply(req, edits):
    data = bytearray(json.dumps(req).encode())
    for at, chunk in edits:
        at %= len(data) + 1
        data[at:at] = chunk
    check_reply(answer_line(bytes(data)))


HOSTILE_VALUES = [
    None,
    True,
    0,
    -1,
    3,
    17,
    257,
    2**63,
    10**39,
    0.5,
    "",
    "x" * 300,
    "\ud800",
    "king",
    [],
    [5, 5, 1, 2],
    [0, 0, 0],
    [5, 5, 1] + [2] * 300,
    {},
    {"white": [1, 3]},
    ["pawn"] * 20,
]


def test_every_part_of_every_valid_request_replaced_by_each_hostile_value_gets_a_specific_error():
    """A deterministic sweep: each field (and list entry) of each valid request replaced by each of
    a set of hostile values, or removed."""
    count = 0
    for i, path in ALL_PATHS:
        for value in HOSTILE_VALUES + [KeyError]:
            req = json.loads(json.dumps(VALID[i]))
            parent = req
            for p in path[:-1]:
                parent = parent[p]
            if value is KeyError:
                del parent[path[-1]]
            else:
                parent[path[-1]] = value
            check_reply(handle(req))
            count += 1
    assert count > 3000
