"""The second tactics suite (issue 18, docs/AI.md "Tactics"): positions written as an outside
examiner would, each claim checked by the engine's own turn machine over every legal turn
(``tactics_oracle``), and level 3 (default node budget, seed 0) solving every position that is not
a documented known failure (those are run by ``benchmarks/bench_tactics.py``); cube level 4 solves
the same cube positions."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
import tactics_oracle as oracle

from engine.players import suggest

SUITE = tomllib.loads((Path(__file__).parent / "tactics_more.toml").read_text(encoding="utf-8"))["position"]
CATEGORIES = {"win-in-one", "win-in-two", "defence", "poisoned", "jump-or-drop"}
PROVEN = 500_000


def _ids(entries):
    return [e["id"] for e in entries]


def test_the_suite_is_broad():
    ids = _ids(SUITE)
    assert len(ids) == len(set(ids)) and len(ids) >= 30
    for e in SUITE:
        assert e["id"].split("-")[0] in ("cube", "spirit"), e["id"]
        assert e["category"] in CATEGORIES, e["id"]
        assert e["reason"].strip() and e["text"].strip(), e["id"]
        assert "known_failure" not in e or e["known_failure"].strip(), e["id"]
    for game in ("cube", "spirit"):
        cats = {e["category"] for e in SUITE if e["id"].startswith(game)}
        assert {"win-in-one", "win-in-two", "defence", "poisoned"} <= cats, game
    assert any(e["category"] == "jump-or-drop" for e in SUITE)


@pytest.mark.parametrize("entry", SUITE, ids=_ids(SUITE))
def test_the_claim_holds_over_every_legal_turn(entry):
    # the answer wins / defends / the capture is poisoned, checked without the computer's candidates
    assert oracle.verify(entry) == []


SOLVED = [e for e in SUITE if not e.get("known_failure") and e.get("ci", True)]


def _assert_solves(entry, level: int) -> None:
    pos = oracle.load(entry)
    s = suggest(pos, level, seed=0)
    ok, why = oracle.solves(entry, pos, s.turn)
    assert ok, f"{why} ({s.reason}): {entry['reason']}"
    if entry["kind"] == "win":
        assert s.eval > PROVEN, s.reason
    elif entry.get("holds"):
        assert s.eval > -PROVEN, s.reason


@pytest.mark.parametrize("entry", SOLVED, ids=_ids(SOLVED))
def test_level_3_solves(entry):
    _assert_solves(entry, 3)


CUBE_SOLVED = [e for e in SOLVED if e["id"].startswith("cube")]


@pytest.mark.parametrize("entry", CUBE_SOLVED, ids=_ids(CUBE_SOLVED))
def test_cube_level_4_solves_what_level_3_solves(entry):
    # level 4 is the stronger opponent (issue 18, session 8: an even depth, wider than level 3);
    # a wider search must not lose a tactic the narrower one finds
    _assert_solves(entry, 4)


def test_the_oracle_refuses_a_wrong_claim():
    # the examiner is not a rubber stamp: a turn that does not win, a defence that does not defend
    # and a capture that is not poisoned are each reported
    wrong = dict(next(e for e in SUITE if e["id"] == "cube-w1-c16-rook-not-pawn"))
    wrong["solution"] = ["(11,4,1)x(14,7,1)"]
    assert any("does not win" in b for b in oracle.verify(wrong))
    wrong["solution"] = ["(4,4,1)x(4,10,1)", "(11,4,1)x(14,7,1)"]
    wrong["unique"] = True
    assert oracle.verify(wrong)
    defence = dict(next(e for e in SUITE if e["id"] == "cube-def-block-the-middle-square"))
    defence["solution"] = ["(8,1,1)-(9,1,1)"]
    assert any("does not defend" in b for b in oracle.verify(defence))
    poison = dict(next(e for e in SUITE if e["id"] == "cube-poison-cannon-behind-a-screen"))
    poison["refutation"] = "(8,16,1)-(7,15,1)"  # a quiet reply: the queen keeps the bishop
    assert any("not worse off" in b for b in oracle.verify(poison))
