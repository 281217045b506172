"""The tactics suite (issue 18): wins in one and two, defences against a king capture, a home walk
and a sect capture, poisoned captures, a hyper-jump and a drop that win, in both games.  The
positions, their answers and the reasons are data (``tactics.toml``, position texts of
docs/NOTATION.md "Positions"); level 3 (its default node budget, seed 0) must solve every one."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import apply_turn
from engine.cube.game import parse_position
from engine.cube.notation import format_turn
from engine.players import suggest
from engine.players.cube_eval import home_threats, king_capture
from engine.players.spirit_eval import sect_threat
from engine.spirit import apply_spirit_turn
from engine.spirit.position import other
from engine.spirit.record import parse_spirit_position

SUITE = tomllib.loads((Path(__file__).parent / "tactics.toml").read_text(encoding="utf-8"))["position"]
PROVEN = 500_000


def _load(entry):
    if entry["id"].startswith("cube"):
        return parse_position(entry["text"])
    return parse_spirit_position(entry["text"])


def _play(pos, turn):
    if hasattr(pos, "cells"):
        return apply_turn(pos, turn)[0]
    return apply_spirit_turn(pos, turn)[0]


def _name(pos, turn) -> str:
    if hasattr(pos, "cells"):
        return format_turn(turn, pos.rules)
    return f"({turn.origin[0]},{turn.origin[1]})->({turn.end[0]},{turn.end[1]})"


def _can_win_at_once(pos, side) -> bool:
    if hasattr(pos, "cells"):
        return king_capture(pos, side) == 2 or home_threats(pos, side) > 0
    return sect_threat(pos, side)


def test_the_suite_covers_both_games_and_every_kind():
    ids = [e["id"] for e in SUITE]
    assert len(ids) == len(set(ids)) and len(ids) >= 14
    assert {e["kind"] for e in SUITE} >= {"win", "defend", "avoid"}
    for game in ("cube", "spirit"):
        kinds = {e["kind"] for e in SUITE if e["id"].startswith(game)}
        assert {"win", "defend", "avoid"} <= kinds, game
    assert all(e["reason"].strip() for e in SUITE)


@pytest.mark.parametrize("entry", SUITE, ids=[e["id"] for e in SUITE])
def test_level_3_solves(entry):
    pos = _load(entry)
    side = pos.to_move
    s = suggest(pos, 3, seed=0)
    new = _play(pos, s.turn)
    name = _name(pos, s.turn)
    kind = entry["kind"]
    if kind == "win":
        if entry.get("solution"):
            assert name in entry["solution"], f"{name} ({s.reason}); expected {entry['solution']}: {entry['reason']}"
        won = new.result is not None and new.result.winner == side
        assert won or s.eval > PROVEN, f"{name}: {s.reason}"
    elif kind == "defend":
        assert _can_win_at_once(pos, other(side)), "the position must hold a threat to parry"
        assert new.result is None or new.result.winner == side
        assert not _can_win_at_once(new, other(side)), f"{name} leaves the threat: {entry['reason']}"
        assert suggest(new, 3, seed=0).eval < PROVEN, f"{name}: the opponent still forces a win"
    elif kind == "avoid":
        assert name != entry["turn"], f"{name} is the poisoned capture: {entry['reason']}"
        assert s.eval > -PROVEN
    else:
        assert kind == "win-material"
        assert name == entry["turn"], f"{name} ({s.reason}): {entry['reason']}"


@pytest.mark.parametrize("entry", [e for e in SUITE if e["kind"] == "avoid"], ids=lambda e: e["id"])
def test_the_poisoned_capture_is_legal_and_loses_material(entry):
    # the suite's poisoned turns exist in the position (a candidate the search sees and refuses)
    pos = _load(entry)
    if hasattr(pos, "cells"):
        from engine.players.cube_moves import candidates

        turns = [t for t in candidates(pos) if _name(pos, t) == entry["turn"]]
    else:
        from engine.players.spirit_player import ADAPTER

        turns = [t for t in ADAPTER.moves(ADAPTER.root(pos)) if _name(pos, t) == entry["turn"]]
    assert turns, entry["turn"]
    after = _play(pos, turns[0])
    reply = suggest(after, 3, seed=0)
    # the opponent's best answer leaves the side that took worse off than not taking at all
    assert reply.eval > 0, f"{entry['id']}: the capture is not poisoned ({reply.reason})"
