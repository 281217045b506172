"""Hostile protocol input (issue 8): every repro gets one specific error reply (never
"internal"), the limits answer with their name, value and maximum, and the next line is
answered.  The loop is driven in-process through :func:`engine.protocol.serve` on bytes."""

from __future__ import annotations

import dataclasses
import io
import json

import pytest

import engine.core.limits as limits_mod
from engine.core.limits import DESCRIPTIONS, LIMITS
from engine.cube.position import Piece
from engine.cube.protocol import split_choices
from engine.protocol import answer_line, encode_reply, handle, serve

NEXT = b'{"query": "ruleset", "id": "next"}'
KINDS7 = ["pawn", "queen", "brother", "rook", "bishop", "cannon", "knight"]


def serve_bytes(data: bytes) -> list:
    out = io.BytesIO()
    serve(io.BytesIO(data), out)
    raw = out.getvalue()
    raw.decode("utf-8")  # valid UTF-8 ...
    lines = raw.split(b"\n")
    assert lines[-1] == b""
    return [json.loads(x, parse_constant=lambda s: pytest.fail(f"{s} in a reply")) for x in lines[:-1]]


def one(line: bytes) -> dict:
    """The reply to ``line``; asserts the line after it is answered normally too."""
    replies = serve_bytes(line + b"\n" + NEXT + b"\n")
    assert len(replies) == 2, replies
    assert replies[1]["id"] == "next" and replies[1]["name"] == "standard"
    return replies[0]


def stack_pos(stack, at=(5, 8, 1)):
    return {"pieces": [{"at": list(at), "side": "white", "stack": stack}]}


REPROS = [
    # (line, error code, limit name or None)
    (b"[" * 1000, "too-deep", "json-depth"),
    (b'{"id":' + b"1" * 4301 + b"}", "bad-number", "number-digits"),
    (b'{"query":"ruleset","id":NaN}', "bad-number", None),
    (b'{"query":"ruleset","id":Infinity}', "bad-number", None),
    (b'{"query":"ruleset","id":1e99999}', "bad-number", None),
    (b'{"query":"ruleset","id":"\xff"}', "bad-utf8", None),
    (b"\xff", "bad-utf8", None),
    (b'{"query":"\\ud800"}', "unknown-query", None),
    (b'{"query":"ruleset","id":"\\ud800"}', "bad-id", None),
    (b'{"query":"ruleset","id":[1]}', "bad-id", None),
    (b'{"query":"ruleset","id":1.5}', "bad-id", None),
    (b'{"query":"ruleset","id":"' + b"i" * 300 + b'"}', "bad-id", None),
    (b'{"query":"ruleset","id":9007199254740993}', "bad-id", None),
    (b'{"query":"actions","origin":[5,5,1],"position":{"pieces":5}}', "malformed", None),
    (
        b'{"query":"turn","position":{},"turn":{"origin":[9,3,1],"actions":[{"do":["move"],"to":[9,4,1]}]}}',
        "unknown-name",
        None,
    ),
    (b'{"query":"ruleset","overrides":3.0}', "ruleset", None),
    (b'{"query":"ruleset","overrides":{"crowded":{"white":[1,3]}}}', "ruleset", None),
    (b'{"query":"ruleset","overrides":{"red_line":{"white":3}}}', "ruleset", None),
    (b'{"query":"ruleset","overrides":{"size":[0,16,16]}}', "ruleset", None),
    (b'{"query":"ruleset","ruleset":"/tmp"}', "ruleset", None),
    (b'{"query":"ruleset","ruleset":"engine"}', "ruleset", None),
    (b'{"query":"ruleset","ruleset":"' + b"a" * 300 + b'"}', "limit", "ruleset-name"),
    (b'{"query":"ruleset","ruleset":"/dev/zero"}', "ruleset", None),
    (b'{"query":"ruleset","ruleset":"/dev/stdin"}', "ruleset", None),
    (b'{"query":"ruleset","ruleset":"spirit","id":1}', None, None),
    (b'{"query":"actions","origin":[9,3,1],"position":{},"horizon":20000}', "limit", "horizon"),
    (b'{"query":"actions","origin":[9,3,1],"position":{},"horizon":1000000000}', "limit", "horizon"),
    (b'{"query":"ruleset","overrides":{"size":[10000000,16,16]}}', "limit", "board-side"),
    (b'{"query":"actions","origin":[5,5,1],"position":{"overrides":{"size":[10000000,16,16]}}}', "limit", "board-side"),
    (
        json.dumps(
            {"query": "actions", "origin": [5, 8, 1], "position": stack_pos([k for k in KINDS7 for _ in range(6)])}
        ).encode(),
        "limit",
        "stack-height",
    ),
    (json.dumps({"query": "actions", "origin": [5, 5, 1] + [2] * 300, "position": {}}).encode(), "limit", "coord-dims"),
    (json.dumps({"query": "actions", "origin": [5, 5, 1, 2**64], "position": {}}).encode(), "limit", "coord-value"),
    (
        json.dumps(
            {"query": "turn", "position": {}, "turn": {"origin": [9, 3, 1], "actions": [{"do": "stack"}] * 40}}
        ).encode(),
        "limit",
        "turn-actions",
    ),
    (
        json.dumps(
            {
                "query": "turn",
                "position": {"scores": {"white": 10**30}},
                "turn": {"origin": [9, 3, 1], "actions": [{"do": "move", "to": [9, 4, 1]}]},
            }
        ).encode(),
        "limit",
        "score",
    ),
    (
        json.dumps(
            {
                "query": "actions",
                "origin": [5, 5, 1],
                "position": {
                    "pieces": [
                        {"at": [1, 1, 2 + i // 256, i % 256 + 2], "side": "white", "stack": ["pawn"]}
                        for i in range(4100)
                    ]
                },
            }
        ).encode(),
        "limit",
        "pieces",
    ),
    (
        json.dumps(
            {
                "query": "turn",
                "ruleset": "spirit",
                "position": {"to_move": "white", "pieces": []},
                "turn": {"levelup": [1, 1], "origin": [1, 1], "path": [[1, 2]] * 2000},
            }
        ).encode(),
        "limit",
        "path-steps",
    ),
    (
        json.dumps(
            {
                "query": "paths",
                "ruleset": "spirit",
                "position": {"to_move": "white", "pieces": []},
                "origin": [1, 10**30],
            }
        ).encode(),
        "limit",
        "coord-value",
    ),
    (
        json.dumps(
            {"query": "turn", "ruleset": "spirit", "position": {"to_move": "white", "pieces": "all"}, "turn": {}}
        ).encode(),
        "malformed",
        None,
    ),
]


@pytest.mark.parametrize("line,code,limit", REPROS, ids=[f"{i}-{r[1]}" for i, r in enumerate(REPROS)])
def test_issue_repro_gets_a_specific_error_and_the_next_line_is_answered(line, code, limit):
    reply = one(line)
    assert reply.get("error") != "internal", reply
    if code is None:
        assert "error" not in reply, reply
        return
    assert reply["error"] == code, reply
    assert isinstance(reply["message"], str) and reply["message"]
    if limit is not None:
        assert reply["limit"] == limit and isinstance(reply["max"], int), reply
        assert limit in DESCRIPTIONS
        if code == "limit":
            assert abs(reply["value"]) > reply["max"]
            assert reply.get("legal", False) is False  # spirit "paths" errors carry no "legal"


def test_an_over_long_line_is_discarded_and_answered_once(monkeypatch):
    monkeypatch.setattr("engine.protocol.LIMITS", dataclasses.replace(LIMITS, line_bytes=100))
    long_line = b'{"query": "ruleset", "pad": "' + b"x" * 5000 + b'"}'
    replies = serve_bytes(long_line + b"\n" + NEXT + b"\n" + b"y" * 300)
    assert len(replies) == 3
    assert replies[0]["error"] == "limit" and replies[0]["limit"] == "line-bytes"
    assert replies[0]["value"] == len(long_line) and replies[0]["max"] == 100
    assert replies[1]["id"] == "next"
    assert replies[2]["limit"] == "line-bytes" and replies[2]["value"] == 300  # the unterminated last line


def test_a_line_of_exactly_the_limit_is_read():
    line = b'{"query": "ruleset", "id": "x"}'
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr("engine.protocol.LIMITS", dataclasses.replace(LIMITS, line_bytes=len(line)))
        replies = serve_bytes(line + b"\n" + line + b" \n")
    assert replies[0]["id"] == "x" and replies[0]["name"] == "standard"
    assert replies[1]["limit"] == "line-bytes" and replies[1]["value"] == len(line) + 1


def test_nesting_at_the_limit_parses_one_deeper_does_not():
    d = LIMITS.json_depth
    ok = b'{"query": "ruleset", "id": 1, "overrides": {"size": ' + b"[" * (d - 2) + b"]" * (d - 2) + b"}}"
    assert answer_line(ok)["error"] == "ruleset"  # parsed; the override is simply wrong
    deep = b'{"query": "ruleset", "id": 1, "overrides": {"size": ' + b"[" * (d - 1) + b"]" * (d - 1) + b"}}"
    r = answer_line(deep)
    assert r["error"] == "too-deep" and r["value"] == d + 1 and r["max"] == d
    # brackets inside strings do not count
    assert answer_line(b'{"query": "ruleset", "id": "' + b"[" * 200 + b'"}')["name"] == "standard"


def test_blank_lines_get_no_reply_and_every_other_line_exactly_one():
    replies = serve_bytes(b"\n   \n" + NEXT + b"\n\r\n" + b"nonsense{\n" + NEXT)
    assert [r.get("id") for r in replies] == ["next", None, "next"]
    assert replies[1]["error"] == "malformed"


def test_ids_that_are_safe_are_echoed():
    for rid in ("abc", "", "白", 0, -5, 2**53):
        assert handle({"query": "ruleset", "id": rid})["id"] == rid
    assert "id" not in handle({"query": "ruleset", "id": None})
    r = handle({"query": "ruleset", "id": {"a": 1}})
    assert r["error"] == "bad-id" and "id" not in r


def test_replies_are_strict_json_in_utf8_even_for_lone_surrogates():
    reply = answer_line(b'{"query": "\\udcff\\ud800x"}')
    data = encode_reply(reply)
    text = data.decode("utf-8")
    assert "\ufffd\ufffdx" in json.loads(text)["message"]
    assert encode_reply({"legal": False, "error": "x", "message": "fine 白"}).decode("utf-8").count("白") == 1
    # a reply that cannot be written at all is replaced, never raised
    assert json.loads(encode_reply({"bad": float("nan")}))["error"] == "internal"


def test_error_messages_are_cut_to_the_limit():
    huge = "z" * 10000
    r = handle({"query": huge})
    assert r["error"] == "unknown-query" and len(r["message"]) <= LIMITS.message_chars + 40


# -- split choices (house decision: stacks of at most 16 pieces in a request) ------------------------


def test_split_choices_are_counted_without_listing():
    pieces = [Piece(k, "white") for k in ("pawn", "pawn", "rook", "knight")]
    assert split_choices(pieces) == 3 * 2 * 2 - 2
    assert split_choices(pieces[:1]) == 0


def test_the_tallest_allowed_stack_lists_every_split():
    # 16 pieces spread over the 7 stackable kinds: the most split choices a request can ask for
    counts = {"pawn": 2, "queen": 2, "brother": 2, "rook": 2, "bishop": 2, "cannon": 3, "knight": 3}
    stack = [k for k, c in counts.items() for _ in range(c)]
    assert len(stack) == LIMITS.stack_height
    r = handle({"query": "actions", "origin": [5, 8, 1], "position": stack_pos(stack)})
    splits = [a for a in r["actions"] if a["do"] == "split"]
    expect = 3**5 * 4**2 - 2
    assert len(splits) == expect == split_choices([Piece(k, "white") for k in stack]) <= LIMITS.split_choices
    assert len({tuple(a["take"]) for a in splits}) == expect


def test_a_stack_over_the_height_limit_is_refused_in_every_query():
    stack = ["pawn"] * (LIMITS.stack_height + 1)
    for req in (
        {"query": "actions", "origin": [5, 8, 1], "position": stack_pos(stack)},
        {
            "query": "turn",
            "position": stack_pos(stack),
            "turn": {"origin": [5, 8, 1], "actions": [{"do": "move", "to": [5, 9, 1]}]},
        },
    ):
        r = handle(req)
        assert r["error"] == "limit" and r["limit"] == "stack-height" and r["value"] == LIMITS.stack_height + 1


def test_split_choices_limit_is_checked_before_listing(monkeypatch):
    monkeypatch.setattr(limits_mod, "LIMITS", dataclasses.replace(LIMITS, split_choices=50))
    r = handle({"query": "actions", "origin": [5, 8, 1], "position": stack_pos(KINDS7)})
    assert r["error"] == "limit" and r["limit"] == "split-choices" and r["value"] == 2**7 - 2


def test_every_limit_is_documented_in_protocol_md():
    import pathlib

    doc = (pathlib.Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")
    for name in LIMITS.names():
        value = getattr(LIMITS, name.replace("-", "_"))
        assert f"`{name}`" in doc, name
        assert f"{value:,}" in doc or str(value) in doc, (name, value)
    assert set(LIMITS.names()) == set(DESCRIPTIONS)


def test_handle_answers_python_values_that_json_cannot_make():
    loop: list = []
    loop.append(loop)
    cases = [
        (loop, "malformed"),
        ({"query": "ruleset", 1: 2}, "unknown-field"),
        ({"query": "ruleset", "id": {1, 2}}, "bad-id"),
        ({"query": "actions", "origin": (5, 5, 1), "position": {}}, "bad-coordinate"),
        (
            {"query": "turn", "ruleset": "spirit", "position": {"to_move": "white", "pieces": [], 3: 4}, "turn": {}},
            "unknown-field",
        ),
    ]
    for req, code in cases:
        reply = handle(req)
        assert reply["error"] == code, reply
        encode_reply(reply).decode("utf-8")
