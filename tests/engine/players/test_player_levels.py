"""What the cube levels promise each other (issue 18, session 8, docs/ARENA.md): level 4 searches
level 3's tree and more, and like level 3 it ends its search on the opponent's reply (an even
depth), because the depth-5 level 4 that ended on its own turn lost to level 3."""

from __future__ import annotations

from players_helpers import middlegame

from engine.players import suggest
from engine.players.cube_player import LEVEL_PARAMS
from engine.players.search import ROOT_ALL


def test_cube_level_4_is_level_3_at_least_as_wide_everywhere():
    l3, l4 = LEVEL_PARAMS[3], LEVEL_PARAMS[4]
    assert l4.depth == l3.depth and l4.depth % 2 == 0
    assert l4.reply_width == l3.reply_width == ROOT_ALL
    for name in ("root_keep", "root_keep2", "gen_width", "keep", "qdepth", "qwidth", "nodes"):
        assert getattr(l4, name) >= getattr(l3, name), name
    assert (l4.root_keep, l4.gen_width, l4.keep) != (l3.root_keep, l3.gen_width, l3.keep)


def test_cube_level_4_finishes_its_even_depth_and_searches_more_than_level_3():
    pos = middlegame(5, 16)
    assert pos.result is None
    s3, s4 = suggest(pos, 3, seed=1), suggest(pos, 4, seed=1)
    assert s4.depth == LEVEL_PARAMS[4].depth == s3.depth
    assert s4.nodes > s3.nodes
    assert len(s4.line) >= 1 and s4.line[0] == s4.turn
