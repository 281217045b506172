"""Per-ruleset caches (move generation, the computer's attack tables and reach sets) are keyed by
the ruleset's value (``Ruleset.fingerprint``), not by ``id()`` (issues 18 and 20): two equal
rulesets share one entry, and a ruleset made after another was collected (whose id Python may
hand out again) never sees the other's data."""

import gc
import pickle

from engine import Piece, Position, legal_actions, load_ruleset
from engine.core.frozen import thaw
from engine.cube import movegen
from engine.cube.ruleset import build_cube
from engine.players import cube_exchange, cube_moves


def _variant(rook: str):
    raw = thaw(load_ruleset("standard").raw)
    raw["pieces"]["rook"]["betza"] = rook
    return build_cube(raw, f"standard with a {rook} rook")


def _rook_range(rules) -> int:
    """How far a rook captures, from the evaluation's cached attack table."""
    return max(d[3]["rook"][0] for d in cube_exchange._table(rules, "white") if "rook" in d[3])


def _rook_moves(rules) -> int:
    pos = Position.from_pieces(
        rules,
        {
            (8, 8, 1): (Piece("rook", "white"),),
            (1, 1, 1): (Piece("king", "white"),),
            (16, 16, 1): (Piece("king", "black"),),
        },
        fill="empty",
    )
    return sum(1 for a in legal_actions(pos, (8, 8, 1), 3) if a.kind == "move")


def test_two_equal_rulesets_share_their_cache_entries():
    a, b = _variant("R"), _variant("R")
    c = pickle.loads(pickle.dumps(_variant("R")))  # made in another way, fingerprint not yet computed
    assert a is not b and a == b == c
    assert a.fingerprint == b.fingerprint == c.fingerprint
    assert movegen._rcache(a) is movegen._rcache(b) is movegen._rcache(c)
    assert cube_exchange._table(a, "white") is cube_exchange._table(b, "white")
    rook = (Piece("rook", "white"),)
    assert cube_moves._reach(a, "white", rook) is cube_moves._reach(c, "white", rook)


def test_different_rulesets_never_share_an_entry():
    r, w = _variant("R"), _variant("W")
    assert r.fingerprint != w.fingerprint
    assert movegen._rcache(r) is not movegen._rcache(w)
    reach = {t: _rook_range(x) for t, x in (("R", r), ("W", w))}
    assert reach["W"] == 1 and reach["R"] >= 15  # one step / a rider's whole line


def test_a_ruleset_made_after_another_was_collected_gets_its_own_data():
    """Alternate two rulesets that differ in one piece, dropping each before making the next (so
    its id may be reused): every answer is the one of the ruleset asked about."""
    expected = {"R": _rook_moves(_variant("R")), "W": _rook_moves(_variant("W"))}
    assert expected == {"R": 30, "W": 4}  # a rook on (8,8) of the 16x16 board; a one-step "rook"
    for i in range(12):
        rook = "RW"[i % 2]
        rules = _variant(rook)
        assert _rook_moves(rules) == expected[rook]
        wide = _rook_range(rules)
        assert (wide == 1) == (rook == "W")
        del rules
        gc.collect()  # CPython often gives the next ruleset the same id: no answer above may change
