"""The protocol takes the position text (docs/NOTATION.md, "Positions") as a request position."""

from __future__ import annotations

from engine.core.loader import load_ruleset
from engine.cube.position import Piece, Position
from engine.cube.position_text import format_position
from engine.protocol import handle
from engine.spirit import SpiritPiece, SpiritPosition
from engine.spirit.position_text import format_spirit_position


def test_a_cube_request_position_may_be_the_position_text():
    rules = load_ruleset("standard")
    cells = {
        (9, 1, 1): (Piece("king", "white"),),
        (12, 16, 1): (Piece("king", "black"),),
        (5, 5, 1): (Piece("rook", "white"),),
        (5, 9, 1): (Piece("knight", "black"),),
    }
    pos = Position.from_pieces(rules, cells, fill="empty")
    text = format_position(pos)
    for written in (text, format_position(pos, style="chinese")):  # either form of the text
        reply = handle(
            {
                "query": "turn",
                "position": {"text": written},
                "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
            }
        )
        assert reply["legal"] is True
        assert {"at": [5, 9, 1], "side": "white", "stack": ["rook"]} in reply["position"]["pieces"]
    bad = handle({"query": "turn", "position": {"text": text + "cells (7,7,1) Z\n"}, "turn": {"actions": []}})
    assert bad["legal"] is False and "unknown piece letter 'Z'" in bad["message"]


def test_a_spirit_request_position_may_be_the_position_text():
    rules = load_ruleset("spirit")
    pos = SpiritPosition(
        rules,
        "white",
        {
            (10, 1): SpiritPiece("sect", "white", 0),
            (10, 19): SpiritPiece("sect", "black", 0),
            (10, 3): SpiritPiece("master", "white", 3),
        },
    )
    reply = handle(
        {
            "query": "paths",
            "ruleset": "spirit",
            "position": {"ruleset": "spirit", "text": format_spirit_position(pos)},
            "origin": [10, 3],
        }
    )
    assert reply.get("legal", True) is not False, reply
