"""``daqi arena`` with match options and ``daqi study`` (engine.lab.cli)."""

from __future__ import annotations

import json
import re

from PIL import Image

from engine.lab.cli import arena_main, study_main


def test_sprt_match_stops_by_itself_and_prints_llr_bounds_elo_and_pentanomial(tmp_path, capsys):
    rc = arena_main(
        [
            "--ruleset",
            "spirit",
            "--levels",
            "0,1",
            "--sprt",
            "elo0=0",
            "elo1=200",
            "--no-progress",
            "--out",
            str(tmp_path),
            "--json",
            str(tmp_path / "copy.json"),
        ]
    )
    out = capsys.readouterr().out
    assert rc == 0
    assert "SPRT H1 accepted" in out
    assert "LLR +" in out and "bounds [-2.944, +2.944]" in out
    assert re.search(r"Elo difference \(A - B\): \S+ \[\+\d+\.\d, \S+\] \(score .*\), 95 % interval", out)
    assert re.search(r"Pentanomial \[LL, LD, DD\+WL, WD, WW\]: \[0, 0, \d+, \d+, \d+\]", out)
    s = json.loads((tmp_path / "summary.json").read_text())["summary"]
    assert json.loads((tmp_path / "copy.json").read_text())["summary"] == s
    assert s["sprt"]["decision"] == "H1" and s["pairs"] < 1000 and s["sprt"]["llr"] >= s["sprt"]["upper"]


def test_arena_without_match_options_is_the_old_arena(capsys):
    assert arena_main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "games per pairing" in out and "--sprt" in out


def test_match_options_are_checked(capsys, tmp_path):
    import pytest

    for argv, msg in (
        (["--sprt", "elo0=5", "elo1=1"], "below elo1"),
        (["--player", "9", "--player", "1"], "levels are"),
        (["--player", "1"], "--player is given twice"),
        (["--resign", "abc"], "SCORE/PLIES"),
        (["--resume", str(tmp_path)], "no match.json"),
    ):
        with pytest.raises(SystemExit) as e:
            arena_main(argv)
        assert e.value.code == 2
        assert msg in capsys.readouterr().err


def test_study_writes_a_report_with_tables_and_plots(tmp_path, capsys):
    rc = study_main(
        ["--rulesets", "standard,free-combination", "--levels", "0", "--games", "4", "--plies", "16"]
        + ["--out", str(tmp_path), "--no-progress"]
    )
    assert rc == 0
    md = (tmp_path / "report.md").read_text()
    assert "| ruleset | games |" in md and "| standard | 4 |" in md and "| free-combination | 4 |" in md
    for section in ("## How the games end", "hyper-jump", "drop in green", "dimension >= 4", "White's score"):
        assert section in md
    for png in ("endings", "kinds", "first-move", "lengths", "dimensions"):
        assert f"]({png}.png)" in md
        with Image.open(tmp_path / f"{png}.png") as im:
            assert im.size[0] >= 600 and im.size[1] >= 200
    study = json.loads((tmp_path / "study.json").read_text())
    assert set(study) == {"standard", "free-combination"}


def test_a_spirit_study_has_no_dimension_table(tmp_path):
    assert (
        study_main(["--rulesets", "spirit", "--levels", "0", "--games", "2", "--out", str(tmp_path), "--no-progress"])
        == 0
    )
    md = (tmp_path / "report.md").read_text()
    assert "| spirit | 2 |" in md and "transform" in md and "Dimensions reached" not in md
    assert not (tmp_path / "dimensions.png").exists() and (tmp_path / "endings.png").exists()


def test_bad_ruleset_opening_file_or_missing_program_is_one_line_before_any_game(tmp_path, capsys):
    for argv, msg in (
        (["--ruleset", "nosuch", "--pairs", "1"], "no ruleset named 'nosuch'"),
        (["--openings", str(tmp_path / "none.txt"), "--pairs", "1", "--no-progress"], "no such opening suite file"),
        (["--player", "cmd:/nonexistent/bot", "--player", "0", "--pairs", "1"], "is not found"),
    ):
        assert arena_main(argv) == 2
        err = capsys.readouterr().err
        assert msg in err and "Traceback" not in err and "game/s" not in err
