"""The game report (issue 19): classes from the documented thresholds, an annotated record that
loads and replays, the graph, and `daqi analyse` end to end on the demo and a self-play game."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from engine import Game, random_turn
from engine.analysis.cli import main as analyse_main
from engine.analysis.report import (
    Evaluation,
    analyse_game,
    annotated_record,
    build_report,
    classify,
    load_record,
    load_record_text,
    thresholds,
)
from engine.spirit import sample_spirit_game


def test_thresholds_are_data_and_classify_by_them():
    t = thresholds()["cube"]
    assert classify(t["inaccuracy"] - 1, "cube") is None
    assert classify(t["inaccuracy"], "cube") == "inaccuracy"
    assert classify(t["mistake"], "cube") == "mistake"
    assert classify(t["blunder"] + 5000, "cube") == "blunder"
    assert thresholds()["symbols"] == {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def test_loss_is_best_minus_kept_for_the_mover_clamped():
    g = Game.load("engine/cube/samples/demo.txt")
    n = len(g.positions)
    # every position 0 for the side to move, except: before turn 3 white could have had +5 (500),
    # and the position after turn 14 (black moved) is a forced win for white (to move)
    vals = [0.0] * n
    vals[2] = 500.0
    vals[14] = 1_000_000.0
    best_turn = g.turns[6]  # N(4,3,1)-(6,4,1): legal in the first positions
    evals = [Evaluation(v, best_turn, (best_turn,)) for v in vals]
    rep = build_report(g, evals, level=2)
    by_ply = {t.ply: t for t in rep.turns}
    assert by_ply[2].side == "white" and by_ply[2].loss == 500 and by_ply[2].cls == "mistake"
    assert by_ply[2].better == "N(4,3,1)-(6,4,1)"
    assert by_ply[13].side == "black" and by_ply[13].loss == thresholds()["cube"]["cap"]
    assert by_ply[13].cls == "blunder" and by_ply[13].white == thresholds()["cube"]["cap"]
    assert by_ply[0].cls is None and by_ply[0].better == ""  # lost nothing
    assert by_ply[6].cls is None and by_ply[6].line[0] == by_ply[6].played
    s = rep.summary()
    assert s["white"]["mistake"] == 1 and s["black"]["blunder"] == 1 and s["white"]["turns"] == 8


@pytest.mark.parametrize("game", ["cube", "spirit"])
def test_annotated_record_loads_and_replays(game):
    g = Game.load("engine/cube/samples/demo.txt") if game == "cube" else sample_spirit_game()
    rep = analyse_game(g, level=1)
    text = annotated_record(g, rep)
    again = load_record_text(text)
    assert again.turns == g.turns
    assert again.positions[-1].result == g.positions[-1].result
    comments = [line for line in text.splitlines() if line.startswith("# eval ")]
    assert len(comments) == len(g.turns)  # an evaluation on every turn
    assert "# analysed:" in text


def _selfplay_record(tmp_path) -> str:
    g = Game("standard")
    rng = random.Random(3)
    for _ in range(10):
        t = random_turn(g.position, rng)
        if t is None or g.position.result is not None:
            break
        g.play(t)
    path = tmp_path / "selfplay.txt"
    g.save(path)
    return str(path)


@pytest.mark.parametrize("which", ["demo", "selfplay", "spirit"])
def test_daqi_analyse_writes_record_graph_and_summary(tmp_path, capsys, which):
    if which == "demo":
        src = "engine/cube/samples/demo.txt"
    elif which == "selfplay":
        src = _selfplay_record(tmp_path)
    else:
        src = str(tmp_path / "spirit.txt")
        sample_spirit_game().save(src)
    out = tmp_path / "report"
    assert analyse_main([src, "--level", "1", "--out", str(out), "--quiet"]) == 0
    stem = src.rsplit("/", 1)[-1][:-4]
    record = load_record(out / f"{stem}-analysed.txt")
    original = load_record(src)
    assert record.turns == original.turns
    with Image.open(out / f"{stem}-eval.png") as im:
        assert im.size == (800, 320)
    summary = (out / f"{stem}-summary.txt").read_text()
    assert "white:" in summary and "black:" in summary
    assert "graph:" in capsys.readouterr().out


def test_daqi_analyse_bad_input_is_one_line_and_status_2(tmp_path, capsys):
    bad = tmp_path / "bad.txt"
    bad.write_text("ruleset standard\n1. Z(1,1,1)\n")
    assert analyse_main([str(bad), "--out", str(tmp_path / "o")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("daqi analyse:") and "bad.txt" in err[0]
    assert analyse_main(["engine/cube/samples/demo.txt", "--out", str(bad)]) == 2  # a file, not a folder
    assert "not a folder" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        analyse_main([str(bad), "--level", "9", "--out", str(tmp_path)])
    assert e.value.code == 2
