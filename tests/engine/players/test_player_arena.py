"""The arena: seeded games through a pool, Wilson intervals, the report and the command line."""

import pytest

from engine.players.arena import (
    GameSpec,
    ProcessPool,
    SerialPool,
    categorize,
    main,
    make_specs,
    pairings,
    play_game,
    run_arena,
)
from engine.players.arena_report import percentile, report, wilson


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-3)
    lo, hi = wilson(10, 10)
    assert hi == 1 and lo == pytest.approx(0.7225, abs=1e-3)
    lo, hi = wilson(30, 40)
    assert lo < 0.75 < hi and lo == pytest.approx(0.5980, abs=2e-3)


def test_percentile_and_pairings():
    assert percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95) == 10
    assert pairings([0, 1, 2, 3]) == [(0, 1), (1, 2), (2, 3)]
    specs = make_specs(4, [1, 2], seed=3)
    assert [(s.white, s.black) for s in specs] == [(1, 2), (2, 1), (1, 2), (2, 1)]
    assert len({s.seed for s in specs}) == 4


def test_endings_are_named_by_rule():
    assert categorize("cube", "king-captured (C4)", last_was_facing=True) == "C3 facing kings (C4)"
    assert categorize("cube", "king-captured (C4)") == "C4 king captured"
    assert categorize("cube", "prince-home-occupied (C7)") == "C7 prince's home taken"
    assert categorize("cube", "score (C16)") == "C16 score"
    assert categorize("cube", "turn limit of 600 plies (G14)") == "G14 turn limit"
    assert categorize("spirit", "sect-captured") == "S3 sect captured"


def test_a_game_is_a_pure_function_of_its_spec_except_think_times():
    spec = GameSpec("cube", "standard", 1, 0, seed=5, max_plies=30)
    a, b = play_game(spec), play_game(spec)
    assert (a.winner, a.reason, a.plies, a.nodes, a.counts) == (b.winner, b.reason, b.plies, b.nodes, b.counts)
    assert a.plies <= 30 and a.winner in ("white", "black", None)
    s = play_game(GameSpec("spirit", "spirit", 0, 1, seed=2, max_plies=12))
    assert s.plies <= 12 and sum(len(v) for v in s.think.values()) == s.plies - s.spec.opening


def test_run_arena_through_pools_and_report():
    res = run_arena(2, [0, 1], game="cube", max_plies=40, pool=SerialPool(), progress=False)
    assert len(res) == 2 and {(r.spec.white, r.spec.black) for r in res} == {(0, 1), (1, 0)}
    text = report(res, wall=1.0)
    for part in ("L1 vs L0", "Think time per turn", "Rules report", "First-move advantage", "hyper-jumps"):
        assert part in text
    assert list(ProcessPool(2).map_unordered(abs, [-1, -2, 3])) != [] and sorted(
        ProcessPool(2).map_unordered(abs, [-1, -2, 3])
    ) == [1, 2, 3]


def test_the_command_line_prints_the_tables(capsys):
    assert main(["--games", "2", "--levels", "0,1", "--game", "spirit", "--plies", "16", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "Arena: spirit" in out and "S3" in out or "ply cap" in out
    with pytest.raises(SystemExit):
        main(["--levels", "1,9"])


def test_adjudication_at_the_ply_cap_gives_a_clear_score_lead_the_win():
    from players_helpers import cube

    from engine.players.arena_games import arena_of

    adjudicate = arena_of("cube").adjudicate
    ahead = cube({(1, 1, 1): "wK", (14, 16, 1): "bK"}, scores={"white": 130, "black": 120})
    close = cube({(1, 1, 1): "wK", (14, 16, 1): "bK"}, scores={"white": 124, "black": 120})
    assert adjudicate(ahead, 10)[0] == "white"
    assert adjudicate(close, 10)[0] is None
