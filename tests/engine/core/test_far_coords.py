"""Far coordinates: a changed cell beyond dimension 16 is keyed compactly (engine.coords.FarCoord),
so memory stays bounded in dimension (issue: "memory is flat in dimension and index"), while every
lookup, comparison and output still uses plain tuples (house style: one spelling per point)."""

import pickle
import sys

from engine import HyperJump, Move, Piece, Position, Turn, apply_turn, legal_actions, load_ruleset
from engine.core.coords import COMPACT_FROM, FarCoord, compact
from engine.cube.protocol import position_json

RULES = load_ruleset("standard")
ROOK = (Piece("rook", "white"),)


def far(dim, index=2, head=(5, 5, 1)):
    return head + (1,) * (dim - 4) + (index,)


def test_far_coord_is_the_plain_tuple_for_hashing_equality_order_and_pickling():
    c = far(50)
    f = FarCoord(c)
    assert f == c and c == f and hash(f) == hash(c) and not (f != c)
    assert len(f) == 50 and f[49] == 2 and f[-1] == 2 and f[20] == 1 and f[:3] == (5, 5, 1)
    assert tuple(f) == c and list(f) == list(c)
    assert {f: 1}.get(c) == 1 and {c: 1}.get(f) == 1
    assert sorted([f, (9, 9, 9), far(40)]) == sorted([c, (9, 9, 9), far(40)])
    assert pickle.loads(pickle.dumps(f)) == c
    assert compact((1, 2, 3)) == (1, 2, 3) and type(compact((1, 2, 3))) is tuple
    assert type(compact(far(COMPACT_FROM + 1))) is FarCoord


def _key_size(pos):
    (k,) = pos.cells
    size = sys.getsizeof(k)
    if isinstance(k, FarCoord):
        size += sys.getsizeof(k.data) + sys.getsizeof(k._hash)
    return size


def test_a_cell_in_dimension_10000_costs_no_more_than_one_in_dimension_16():
    sizes = {}
    for dim in (16, 17, 50, 10_000):
        src = far(dim, 3)
        pos = Position.from_pieces(RULES, {src: ROOK}, fill="empty")
        new, cost = apply_turn(pos, Turn(src, (HyperJump(far(dim, 2)),)))
        assert cost == 1 and new.cell(far(dim, 2)) == ROOK and new.cell(src) == ()
        sizes[dim] = _key_size(new)
    assert sizes[10_000] <= sizes[16] + 64, sizes  # bounded, not 8 bytes per dimension


def test_far_pieces_play_and_report_in_plain_coordinates():
    src = far(40)
    pos = Position.from_pieces(RULES, {src: ROOK}, fill="empty")
    acts = list(legal_actions(pos, src, horizon=40))
    assert Move((5, 9, 1) + src[3:]) in acts
    assert HyperJump((5, 5, 1)) in acts and HyperJump(far(40, 3)) in acts
    new, _ = apply_turn(pos, Turn(src, (Move((5, 9, 1) + src[3:]),)))
    assert all(type(c) is tuple for c in new.changed()) and new.max_dimension() == 40
    assert new.indices_used(40) == [2]
    (entry,) = position_json(new)["pieces"]
    assert entry["at"] == [5, 9, 1] + [1] * 36 + [2]
    assert [c for c, _ in new.pieces_of("white")] == [(5, 9, 1) + src[3:]]
