"""Matches in game pairs: records, summary, resume, Ctrl-C, SPRT stop point, outside players
(engine.lab.match, .players, .openings)."""

from __future__ import annotations

import json
import random
import sys
import textwrap
from dataclasses import replace

import pytest

from engine.lab import players as players_mod
from engine.lab.cluster import SerialPool
from engine.lab.games import load
from engine.lab.match import Adjudication, MatchConfig, Tally, play_task, run_match, tasks
from engine.lab.openings import file_openings, seeded_openings
from engine.lab.players import PlayerSpec, close_all, parse_player
from engine.lab.sprt import Sprt

SMALL = MatchConfig("standard", PlayerSpec(1), PlayerSpec(0), pairs=2, seed=3, adjudication=Adjudication(max_plies=30))


def _deterministic(result: dict) -> dict:
    return result["summary"]


def test_player_specs_read_and_reject():
    assert parse_player("3/800") == PlayerSpec(3, 800)
    assert parse_player("L2") == PlayerSpec(2)
    assert parse_player("cmd@1:python bot.py") == PlayerSpec(1, None, "python bot.py")
    for bad, msg in (("7", "levels are"), ("2/0", "1..50000"), ("cmd:", "names no command"), ("bot", "a level")):
        with pytest.raises(ValueError, match=msg):
            parse_player(bad)


def test_pairs_share_an_opening_with_colours_swapped_and_openings_differ():
    ts = list(tasks(SMALL, set()))
    assert [t.index for t in ts] == [0, 1, 2, 3]
    assert ts[0].opening == ts[1].opening != ts[2].opening
    assert ts[0].a_white and not ts[1].a_white
    rules, kind = load("standard")
    again = seeded_openings(rules, kind, 2, 2, 3)
    assert again == [ts[0].opening, ts[2].opening]  # a pure function of the seed


def test_a_game_is_a_pure_function_of_its_task():
    t = next(tasks(SMALL, set()))
    a, b = play_task(t), play_task(t)
    for r in (a, b):
        r.pop("cpu")
    assert a == b
    assert a["record"].startswith("# Daqi record") and a["plies"] <= 30


def test_match_writes_records_and_summary_and_resumes_without_replaying(tmp_path):
    out = tmp_path / "m"
    first = run_match(SMALL, SerialPool(), out, progress=False)
    s = first["summary"]
    assert s["games"] == 4 and s["pairs"] == 2 and s["status"] == "finished"
    assert sum(s["pentanomial"]) == 2 and s["a_wins"] + s["draws"] + s["a_losses"] == 4
    assert sorted(p.name for p in (out / "records").iterdir()) == [f"game-0000{i}.txt" for i in range(4)]
    assert json.loads((out / "summary.json").read_text())["summary"] == s
    lines = (out / "games.jsonl").read_text().splitlines()

    class Refuses(SerialPool):
        def imap(self, fn, items, window=0):
            for _ in items:
                raise AssertionError("a finished game was played again")
            yield from ()

    again = run_match(SMALL, Refuses(), out, progress=False)
    assert again["summary"] == s
    assert (out / "games.jsonl").read_text().splitlines() == lines
    # the same match with fewer pairs counts the first pair only, and plays nothing
    one = run_match(replace(SMALL, pairs=1), Refuses(), out, progress=False)["summary"]
    assert one["pairs"] == 1 and one["finished_beyond_prefix"] == 2


def test_a_folder_of_another_match_is_refused(tmp_path):
    run_match(SMALL, SerialPool(), tmp_path, progress=False)
    other = MatchConfig("standard", PlayerSpec(2), PlayerSpec(0), pairs=2, seed=3)
    with pytest.raises(ValueError, match="holds a different match"):
        run_match(other, SerialPool(), tmp_path, progress=False)


def test_ctrl_c_leaves_a_valid_summary_and_resume_finishes_the_same_match(tmp_path):
    class Interrupted(SerialPool):
        def imap(self, fn, items, window=0):
            it = iter(items)
            yield fn(next(it))
            yield fn(next(it))
            yield fn(next(it))
            raise KeyboardInterrupt

    part = run_match(SMALL, Interrupted(), tmp_path / "m", progress=False)["summary"]
    assert part["status"] == "interrupted" and part["pairs"] == 1 and part["finished_beyond_prefix"] == 1
    assert json.loads((tmp_path / "m" / "summary.json").read_text())["summary"]["status"] == "interrupted"
    # a crash in the middle of a line leaves a cut line: it is ignored and that game replayed
    with open(tmp_path / "m" / "games.jsonl", "a") as fh:
        fh.write('{"index": 3, "pa')
    whole = run_match(SMALL, SerialPool(), tmp_path / "m", progress=False)["summary"]
    straight = run_match(SMALL, SerialPool(), tmp_path / "n", progress=False)["summary"]
    assert whole == straight


def _fake(index: int, a_score: float) -> dict:
    return {"index": index, "a_score": a_score}


def test_sprt_stop_point_does_not_depend_on_finishing_order():
    rng = random.Random(5)
    results = [_fake(i, rng.choice((1.0, 1.0, 0.5, 0.0))) for i in range(400)]
    stops = set()
    for order in range(5):
        shuffled = results[:]
        random.Random(order).shuffle(shuffled)
        t = Tally(Sprt(0, 50, 0.05, 0.05))
        for r in shuffled:
            t.add(r)
        stops.add((t.prefix, t.decision, round(t.llr, 9)))
    assert len(stops) == 1
    prefix, decision, value = stops.pop()
    assert decision == "H1" and value >= Sprt(0, 50).upper and prefix < 200


@pytest.fixture
def outside_programs_closed():
    """The outside programs a test's match started are stopped when it ends (a match keeps them
    running for the next game of the process; the process's exit would stop them much later)."""
    yield
    running = list(players_mod._RUNNING.values())
    close_all()
    assert running and all(e.proc.poll() is not None for e in running)


def test_outside_program_speaking_the_protocol_plays(tmp_path, outside_programs_closed):
    cmd = f"cmd@1:{sys.executable} -m engine.protocol"
    cfg = MatchConfig("standard", parse_player(cmd), PlayerSpec(0), pairs=1, seed=3, adjudication=Adjudication(30))
    s = run_match(cfg, SerialPool(), None, progress=False)["summary"]
    assert s["games"] == 2 and "forfeit" not in s["endings"]
    assert s["a_wins"] == 2  # the protocol's level-1 suggestion beats random play


def test_outside_program_that_answers_nonsense_forfeits(tmp_path, outside_programs_closed):
    bot = tmp_path / "bot.py"
    bot.write_text(
        textwrap.dedent(
            """
            import sys
            for line in sys.stdin:
                print('{"legal": true, "turn": {"origin": null, "actions": [{"do": "fly"}]}}', flush=True)
            """
        )
    )
    cfg = MatchConfig(
        "standard", parse_player(f"cmd:{sys.executable} {bot}"), PlayerSpec(0), pairs=1, adjudication=Adjudication(30)
    )
    s = run_match(cfg, SerialPool(), None, progress=False)["summary"]
    assert s["endings"] == {"forfeit": 2} and s["a_losses"] == 2


def test_an_opening_file_of_records_is_read_and_checked(tmp_path):
    rules, kind = load("standard")
    recs = seeded_openings(rules, kind, 3, 2, 9)
    suite = tmp_path / "suite.txt"
    suite.write_text("".join(recs))
    assert file_openings(str(suite), rules, kind) == recs
    cfg = MatchConfig("standard", PlayerSpec(1), PlayerSpec(0), pairs=4, openings_file=str(suite))
    ts = list(tasks(cfg, set(), file_openings(str(suite), rules, kind)))
    assert [t.opening for t in ts[::2]] == [recs[0], recs[1], recs[2], recs[0]]
    bad = tmp_path / "bad.txt"
    bad.write_text(recs[0] + "# Daqi record\nruleset standard\n1. zz99\n")
    with pytest.raises(ValueError, match="record 2"):
        file_openings(str(bad), rules, kind)


def test_resign_and_draw_adjudication():
    from engine.lab.match import _adjudicate

    adj = Adjudication(max_plies=100, resign_score=500, resign_plies=2, draw_after=10, draw_score=20, draw_plies=3)
    winner, reason = _adjudicate(adj, [0, -600, -700], 5)
    assert winner == "black" and "White resigns" in reason
    assert _adjudicate(adj, [0, 600, 700], 5)[0] == "white"
    assert _adjudicate(adj, [0, 600, None], 5) is None  # level 0's ply breaks the run
    assert _adjudicate(adj, [5, -10, 3], 9) is None and _adjudicate(adj, [5, -10, 3], 10)[0] is None
    assert _adjudicate(adj, [], 100) == (None, "ply cap 100")


def test_balanced_openings_are_redrawn_until_level_1_finds_them_even():
    from engine.lab.openings import seeded_opening
    from engine.players.dispatch import suggest

    rules, kind = load("standard")
    plain = [seeded_opening(rules, kind, 2, 21, i) for i in range(3)]
    even = [seeded_opening(rules, kind, 2, 21, i, balance=300) for i in range(3)]
    evals = [abs(suggest(kind.from_record(o, rules, "t").position, 1, seed=0).eval) for o in plain + even]
    assert max(evals[:3]) > 300  # random openings are often lopsided (this seed: all three)
    assert all(e <= 300 for e in evals[3:])


def test_a_crashing_game_leaves_a_summary_of_what_was_played(tmp_path):
    class Crashes(SerialPool):
        def imap(self, fn, items, window=0):
            it = iter(items)
            yield fn(next(it))
            yield fn(next(it))
            raise RuntimeError("engine bug")

    with pytest.raises(RuntimeError, match="engine bug"):
        run_match(SMALL, Crashes(), tmp_path, progress=False)
    s = json.loads((tmp_path / "summary.json").read_text())["summary"]
    assert s["status"] == "error: RuntimeError: engine bug" and s["games"] == 2
