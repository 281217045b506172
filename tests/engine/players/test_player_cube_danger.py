"""Cube danger (issue 18, session 6): a side facing a capture that ends the game by C16 searches
all its replies, like one facing a king capture or a home walk."""

from __future__ import annotations

from engine.cube.game import parse_position
from engine.players.cube_player import CubeAdapter


def _position(to_move: str, scores: tuple, cells: str):
    return parse_position(
        "ruleset standard\n"
        f"position {to_move} to move, ply 0, fill empty\n"
        f"score white {scores[0]}, black {scores[1]}\n"
        f"cells (8,1,1) K (9,1,1) H (9,16,1) k (8,16,1) h {cells}\n"
    )


def test_in_danger_sees_a_capture_that_ends_the_game_by_c16():
    # black's rook can take the lone white rook: 78 + 3 = 81 >= 2 * 40, white loses (C16)
    cells = "(5,5,1) R (5,10,1) r"
    for fast in (True, False):
        adapter = CubeAdapter(fast=fast)
        node = adapter.root(_position("white", (40, 78), cells))
        adapter.evaluate(node)
        assert adapter.in_danger(node)
        # the same capture far from the line is no danger
        calm = adapter.root(_position("white", (60, 60), cells))
        adapter.evaluate(calm)
        assert not adapter.in_danger(calm)
