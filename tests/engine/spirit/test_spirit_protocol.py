"""The JSON protocol handlers (engine.spirit.protocol.handle)."""

import json

import pytest
from spirit_helpers import RULES

from engine.spirit import default_placement
from engine.spirit.protocol import handle


def _pos(pieces, to_move="white"):
    base = [
        {"at": [1, 1], "side": "white", "type": "sect"},
        {"at": [19, 19], "side": "black", "type": "sect"},
        {"at": [17, 19], "side": "black", "type": "disciple"},
    ]
    return {"ruleset": "spirit", "to_move": to_move, "pieces": base + pieces}


def test_protocol_turn_legal_reply_lists_sorted_pieces_and_captures():
    req = {
        "query": "turn",
        "position": _pos(
            [
                {"at": [10, 10], "side": "white", "type": "elder"},
                {"at": [10, 12], "side": "black", "type": "disciple", "level": 1},
            ]
        ),
        "turn": {"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11], [10, 12]]},
    }
    reply = handle(req)
    assert reply["legal"] is True and reply["result"] is None
    pieces = reply["position"]["pieces"]
    assert [p["at"] for p in pieces] == sorted([p["at"] for p in pieces], key=lambda c: (c[1], c[0]))
    assert {"at": [10, 12], "side": "white", "type": "elder", "level": 3} in pieces
    assert all(p["at"] != [10, 10] for p in pieces)
    assert reply["captured"] == [{"at": [10, 12], "side": "black", "type": "disciple", "level": 1, "reason": "level"}]
    assert reply["position"]["to_move"] == "black"
    json.dumps(reply)


def test_protocol_turn_formation_capture_removes_piece():
    req = {
        "query": "turn",
        "position": _pos(
            [
                {"at": [10, 10], "side": "white", "type": "disciple"},
                {"at": [10, 12], "side": "black", "type": "formation"},
            ]
        ),
        "turn": {"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11]]},
    }
    reply = handle(req)
    assert reply["legal"] and all(p["at"] not in ([10, 10], [10, 11]) for p in reply["position"]["pieces"])
    assert reply["captured"][0]["reason"] == "formation"


def test_protocol_turn_result_and_game_over():
    pos = _pos([{"at": [18, 18], "side": "white", "type": "master"}])
    reply = handle(
        {
            "query": "turn",
            "position": pos,
            "turn": {"levelup": [18, 18], "origin": [18, 18], "path": [[17, 18], [18, 19], [19, 19]]},
        }
    )
    assert reply["legal"] and reply["result"] == {"winner": "white", "reason": "sect-captured"}


def test_protocol_turn_transform():
    pos = _pos([{"at": [10, 10], "side": "white", "type": "disciple", "level": 2}])
    reply = handle(
        {
            "query": "turn",
            "position": pos,
            "turn": {
                "levelup": [10, 10],
                "origin": [10, 10],
                "path": [[10, 11]],
                "transform": {"at": [10, 11], "into": "elder"},
            },
        }
    )
    assert reply["legal"], reply
    assert {"at": [10, 11], "side": "white", "type": "elder", "level": 3} in reply["position"]["pieces"]


@pytest.mark.parametrize(
    "turn,code",
    [
        ({"levelup": [1, 1], "origin": [10, 10], "path": [[10, 11], [10, 12]]}, "illegal-levelup"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11]]}, "illegal-path"),
        ({"levelup": [10, 10], "origin": [11, 11], "path": [[10, 11]]}, "illegal-origin"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11], [10, 20]]}, "out-of-board"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11], "x"]}, "malformed"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11], [10, 12, 3]]}, "malformed"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": "up"}, "malformed"),
        ({"levelup": [10, 10], "origin": [10, 10], "path": [[10, 11], [10, 12]], "speed": 1}, "unknown-field"),
        (
            {
                "levelup": [10, 10],
                "origin": [10, 10],
                "path": [[10, 11], [10, 12]],
                "transform": {"at": [10, 12], "into": "pope"},
            },
            "unknown-name",
        ),
        (
            {
                "levelup": [10, 10],
                "origin": [10, 10],
                "path": [[10, 11], [10, 12]],
                "transform": {"at": [10, 12], "into": "master"},
            },
            "illegal-transform",
        ),
        ({"levelup": [True, 1], "origin": [10, 10], "path": []}, "malformed"),
    ],
)
def test_protocol_turn_errors(turn, code):
    reply = handle(
        {"query": "turn", "position": _pos([{"at": [10, 10], "side": "white", "type": "elder"}]), "turn": turn}
    )
    assert reply["legal"] is False and reply["error"] == code, reply
    assert isinstance(reply["message"], str) and reply["message"]


@pytest.mark.parametrize(
    "position,code",
    [
        ({"ruleset": "spirit", "to_move": "red", "pieces": []}, "unknown-name"),
        (
            {"ruleset": "spirit", "to_move": "white", "pieces": [{"at": [1, 1], "side": "white", "type": "pope"}]},
            "unknown-name",
        ),
        (
            {"ruleset": "spirit", "to_move": "white", "pieces": [{"at": [0, 1], "side": "white", "type": "sect"}]},
            "out-of-board",
        ),
        (
            {
                "ruleset": "spirit",
                "to_move": "white",
                "pieces": [{"at": [1, 1], "side": "white", "type": "sect", "colour": 1}],
            },
            "unknown-field",
        ),
        (
            {
                "ruleset": "spirit",
                "to_move": "white",
                "pieces": [{"at": [1, 1], "side": "white", "type": "sect", "level": -1}],
            },
            "malformed",
        ),
        ({"ruleset": "spirit", "to_move": "white", "pieces": {}}, "malformed"),
        ({"ruleset": "spirit", "to_move": "white", "pieces": [], "extra": 1}, "unknown-field"),
        ({"ruleset": "standard", "to_move": "white", "pieces": []}, "unknown-name"),
        ({"ruleset": "nosuch", "to_move": "white", "pieces": []}, "ruleset"),
        (
            {
                "ruleset": "spirit",
                "to_move": "white",
                "pieces": [
                    {"at": [1, 1], "side": "white", "type": "sect"},
                    {"at": [1, 1], "side": "black", "type": "sect"},
                ],
            },
            "bad-position",
        ),
        ("nonsense", "malformed"),
    ],
)
def test_protocol_bad_positions(position, code):
    reply = handle(
        {"query": "turn", "position": position, "turn": {"levelup": [1, 1], "origin": [1, 1], "path": [[1, 2]]}}
    )
    assert reply["legal"] is False and reply["error"] == code, reply


@pytest.mark.parametrize(
    "request_",
    [
        None,
        3,
        [],
        "turn",
        {},
        {"query": "dance"},
        {"query": ["turn"]},
        {"query": "turn"},
        {"query": "turn", "position": {}, "turn": {}, "x": 1},
        {"query": "ruleset", "ruleset": 7},
    ],
)
def test_protocol_malformed_requests_never_raise(request_):
    reply = handle(request_)
    assert "error" in reply and reply["error"] != "internal", reply


def test_protocol_setup_query():
    def req(pl, side="white"):
        return {
            "query": "setup",
            "ruleset": "spirit",
            "side": side,
            "pieces": [{"at": list(c), "type": k} for c, k in pl.items()],
        }

    assert handle(req(default_placement(RULES, "white"))) == {"legal": True}
    assert handle(req(default_placement(RULES, "black"), "black")) == {"legal": True}
    bad = handle(req(default_placement(RULES, "black")))
    assert bad["legal"] is False and bad["error"] == "bad-setup" and "white's half" in bad["message"]
    short = dict(default_placement(RULES, "white"))
    short.popitem()
    assert handle(req(short))["error"] == "bad-setup"
    assert (
        handle({"query": "setup", "side": "white", "pieces": [{"at": [1, 1], "type": "pope"}]})["error"]
        == "unknown-name"
    )
    assert handle({"query": "setup", "side": "white", "pieces": [{"at": [1, 1]}]})["error"] == "malformed"


def test_protocol_ruleset_query():
    reply = handle({"query": "ruleset", "ruleset": "spirit", "id": 7})
    assert reply["id"] == 7
    assert reply["size"] == [19, 19]
    assert reply["halves"] == {"white": [1, 9], "black": [11, 19]}
    assert reply["pieces"]["master"]["count"] == 1 and reply["pieces"]["master"]["steps"] == 3
    assert reply["pieces"]["master"]["level"] == 3
    assert reply["pieces"]["formation"]["level"] == 1
    assert reply["pieces"]["protector"]["unlimited_from_level"] == 3
    assert reply["gaps"]["h6_max_plies"] == 400
    json.dumps(reply)


def test_protocol_paths_query():
    reply = handle(
        {
            "query": "paths",
            "position": _pos(
                [
                    {"at": [10, 10], "side": "white", "type": "disciple"},
                    {"at": [12, 12], "side": "black", "type": "formation"},
                ]
            ),
            "origin": [10, 10],
        }
    )
    ends = [p["end"] for p in reply["paths"]]
    assert len(ends) == 8 and [11, 11] in ends
    assert {"at": [11, 11], "white": 0, "black": 1} in reply["zones"]


def test_protocol_paths_query_marks_s11_catch_squares():
    """S11: ``paths`` ends where a formation zone would catch the mover carry ``caught: true``; their
    path stops on the catching step; ``turn`` plays a full path through the zone as caught there."""
    pos = _pos(
        [
            {"at": [10, 10], "side": "white", "type": "master"},
            {"at": [3, 1], "side": "white", "type": "elder"},
            {"at": [12, 12], "side": "black", "type": "formation", "level": 3},
        ]
    )
    reply = handle({"query": "paths", "position": pos, "origin": [10, 10], "levelup": [3, 1]})
    by_end = {tuple(p["end"]): p for p in reply["paths"]}
    assert by_end[(11, 11)] == {"end": [11, 11], "path": [[11, 11]], "caught": True}
    assert by_end[(10, 13)]["caught"] is False and len(by_end[(10, 13)]["path"]) == 3
    assert (13, 13) not in by_end
    raised = handle({"query": "paths", "position": pos, "origin": [10, 10], "levelup": [10, 10]})
    assert raised["paths"] and not any(p["caught"] for p in raised["paths"])
    full = [[11, 11], [10, 12], [10, 13]]
    reply = handle({"query": "turn", "position": pos, "turn": {"levelup": [3, 1], "origin": [10, 10], "path": full}})
    assert reply["legal"], reply
    assert reply["captured"] == [{"at": [11, 11], "side": "white", "type": "master", "level": 3, "reason": "formation"}]
    assert not any(p["type"] == "master" for p in reply["position"]["pieces"])
    reply = handle({"query": "turn", "position": pos, "turn": {"levelup": [10, 10], "origin": [10, 10], "path": full}})
    assert reply["legal"] and reply["captured"] == []
    assert {"at": [10, 13], "side": "white", "type": "master", "level": 4} in reply["position"]["pieces"]
