"""Hostile input, round three (issue 17): parsers that never backtrack, records that split only on
newlines, the ruleset cache following ``extends``, spirit rulesets bounded at load, the protocol's
pre-scan, form feeds and paths in messages, and the suggest size limit."""

from __future__ import annotations

import json
import os

import pytest

from engine.core.coords import match_coord, parse_coord
from engine.core.errors import DaqiError, NotationError, RulesetError
from engine.core.files import MAX_LINE, record_lines
from engine.core.limits import LIMITS
from engine.core.loader import load_ruleset
from engine.cube.game import SAMPLES, Game
from engine.protocol import answer_line, nesting_depth, serve
from engine.spirit.record import parse_spirit_record

DEMO = (SAMPLES / "demo.txt").read_text(encoding="utf-8")


# -- coordinates and turn lines: adversarial lines of the longest allowed length ------------------


@pytest.mark.parametrize(
    "body",
    [
        "P(" + " " * (MAX_LINE - 8),
        "P(…" + " " * (MAX_LINE - 10) + "—",
        "P(" + "1 ," * ((MAX_LINE - 8) // 3),
        "P(……" + "0，" * ((MAX_LINE - 10) // 2),
        "P(" + "-" * (MAX_LINE - 8),
        "P(9,4,1)" + " " * (MAX_LINE - 20) + "x",
    ],
)
def test_a_record_line_of_the_longest_length_is_refused_with_its_line_number(body):
    text = DEMO.split("\n1.")[0] + "\n1. " + body + "\n"
    with pytest.raises(DaqiError) as err:
        Game.from_record(text, source="hostile.txt")
    assert "hostile.txt, line" in str(err.value)


def test_the_possessive_coordinate_grammar_reads_every_written_form():
    assert parse_coord("(9,4,1)") == (9, 4, 1)
    assert parse_coord("( 9 , -4 ,1 )") == (9, -4, 1)
    assert parse_coord("(…—9,4,1,2,1,1,1,1…)") == (9, 4, 1, 2)
    assert parse_coord("(……0，0，0——9，4，1，2，1，1，1，1……)") == (9, 4, 1, 2)
    assert parse_coord("(...--9,4,1...)") == (9, 4, 1)
    with pytest.raises(NotationError, match="column 1"):
        match_coord("(" + " " * 50_000)


# -- records: BOM, line ends ----------------------------------------------------------------------


def test_a_record_with_a_byte_order_mark_loads():
    assert len(Game.from_record("\ufeff" + DEMO).turns) == len(Game.from_record(DEMO).turns)


@pytest.mark.parametrize("sep", ["\u2028", "\x85", "\x0c", "\r", "\u2029", "\x1c"])
def test_unicode_line_breaks_stay_inside_a_comment(sep):
    head, turns = DEMO.split("\n1.", 1)
    text = head + f"\n# a comment{sep}1. P(9,3,1)-(9,4,1) still the comment\n1." + turns
    assert Game.from_record(text).turns == Game.from_record(DEMO).turns
    assert record_lines(f"a{sep}b\r\nc\n") == [f"a{sep}b", "c"]


def test_a_spirit_record_accepts_a_bom_and_keeps_comments_whole():
    from engine.spirit import sample_spirit_game

    text = sample_spirit_game().to_text()
    rec = parse_spirit_record("\ufeff# note\u2028result white sect-captured\n" + text)
    assert rec.turns == parse_spirit_record(text).turns


# -- the protocol's line reader ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        b'"' + b'\\"' * (LIMITS.line_bytes // 2 - 1),  # an unterminated string of escaped quotes
        b"[" * 70 + b'"' + b'\\""' * ((LIMITS.line_bytes - 80) // 3),
        b'"\\' + b"[[[[" * ((LIMITS.line_bytes - 2) // 4),
    ],
)
def test_the_pre_scan_answers_lines_of_the_longest_length(line):
    assert len(line) <= LIMITS.line_bytes
    reply = answer_line(line)
    assert reply["error"] in ("malformed", "too-deep")


def test_brackets_inside_strings_do_not_count_as_nesting():
    assert nesting_depth('["]]]]\\"' + "[" * 70 + '"]') <= 1
    assert nesting_depth('["a\\"]"' * 100) == 100


def test_a_line_of_only_a_form_feed_gets_a_reply(tmp_path):
    import io

    out = io.BytesIO()
    serve(io.BytesIO(b"\x0c\n \t\r\n\n"), out)
    replies = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(replies) == 1 and replies[0]["error"] == "malformed"


# -- rulesets -------------------------------------------------------------------------------------------


def _user_rulesets(tmp_path, monkeypatch):
    d = tmp_path / "rs"
    d.mkdir()
    monkeypatch.setenv("DAQI_RULESETS", str(d))
    return d


def test_editing_a_parent_ruleset_reloads_its_children(tmp_path, monkeypatch):
    d = _user_rulesets(tmp_path, monkeypatch)
    (d / "base17.toml").write_text('extends = "standard"\n[meta]\nname = "base17"\n[scores]\nstart = 100\n')
    (d / "child17.toml").write_text('extends = "base17"\n[meta]\nname = "child17"\n')
    first = load_ruleset("child17")
    assert load_ruleset("child17") is first  # cached while nothing changed
    (d / "base17.toml").write_text('extends = "standard"\n[meta]\nname = "base17"\n[scores]\nstart = 77\n')
    os.utime(d / "base17.toml", ns=(1, 1))  # a different signature even on a coarse clock
    second = load_ruleset("child17")
    assert second is not first
    assert second.raw["scores"]["start"] == 77


def test_a_spirit_ruleset_with_long_fixed_moves_is_refused_at_load_naming_file_and_key(tmp_path, monkeypatch):
    d = _user_rulesets(tmp_path, monkeypatch)
    (d / "slow17.toml").write_text('extends = "spirit"\n[meta]\nname = "slow17"\n[pieces.master]\nsteps = 12\n')
    with pytest.raises(RulesetError) as err:
        load_ruleset("slow17")
    msg = str(err.value)
    assert "slow17" in msg and "pieces.master.steps" in msg and "0..5" in msg


def test_protocol_errors_never_show_the_user_rulesets_folder(tmp_path, monkeypatch):
    d = _user_rulesets(tmp_path, monkeypatch)
    (d / "broken17.toml").write_text('extends = "standard"\n[meta]\nname = "broken17"\n[scores]\nnope = 1\n')
    reply = answer_line(json.dumps({"query": "ruleset", "ruleset": "broken17"}).encode())
    assert reply["error"] == "ruleset" and "broken17" in reply["message"]
    assert str(tmp_path) not in reply["message"] and str(d) not in reply["message"]


# -- suggest's size limit -------------------------------------------------------------------------------


def _tall_stacks(n):
    kinds = ["rook", "knight", "bishop", "cannon", "queen"]
    pieces = [{"at": [1, 1, 1], "side": "white", "type": "king"}, {"at": [16, 16, 1], "side": "black", "type": "king"}]
    cells = [(x, y, z) for z in range(1, 17) for y in range(2, 15) for x in range(1, 17)][:n]
    for i, c in enumerate(cells):
        pieces.append({"at": list(c), "side": "white", "stack": [kinds[(i + j) % 5] for j in range(16)]})
    return {"fill": "empty", "to_move": "white", "pieces": pieces}


def test_a_cube_suggest_on_thousands_of_tall_stacks_is_refused_before_searching():
    req = {"query": "suggest", "level": 3, "position": _tall_stacks(1000)}
    reply = answer_line(json.dumps(req).encode())
    assert reply["error"] == "limit" and reply["limit"] == "suggest-work"
    assert reply["value"] > reply["max"] == LIMITS.suggest_work
