"""Hostile record files: every problem is a DaqiError naming the file and line."""

import pytest

from engine import DaqiError, Game, NotationError
from engine.cube.game import SAMPLES
from engine.spirit import SpiritGame
from engine.spirit.sample import SAMPLE_RECORD

DEMO = (SAMPLES / "demo.txt").read_text(encoding="utf-8")


def write(tmp_path, text, name="game.txt"):
    p = tmp_path / name
    p.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return p


@pytest.mark.parametrize("load", [Game.load, SpiritGame.load])
@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n; and another\n"])
def test_an_empty_record_is_an_error(tmp_path, load, text):
    p = write(tmp_path, text)
    with pytest.raises(NotationError, match="empty"):
        load(p)


def test_a_5000_digit_coordinate_is_an_error_naming_the_line(tmp_path):
    p = write(tmp_path, DEMO.replace("1. P(9,3,1)-(9,4,1)", "1. P(9,3,1)-(9," + "4" * 5000 + ",1)"))
    with pytest.raises(NotationError) as exc:
        Game.load(p)
    assert f"{p}, line 8" in str(exc.value) and "digits" in str(exc.value)


def test_a_5000_digit_turn_number_is_an_error(tmp_path):
    p = write(tmp_path, DEMO.replace("1. P(9,3,1)", "1" * 5000 + ". P(9,3,1)"))
    with pytest.raises(NotationError, match="digits"):
        Game.load(p)


def test_a_5000_digit_spirit_number_is_an_error(tmp_path):
    p = write(tmp_path, SAMPLE_RECORD.replace("1. +(10,3)", "1. +(10," + "3" * 5000 + ")"))
    with pytest.raises(NotationError) as exc:
        SpiritGame.load(p)
    assert str(p) in str(exc.value) and "digits" in str(exc.value)
    p = write(tmp_path, SAMPLE_RECORD.replace("1. +(10,3)", "1" * 5000 + ". +(10,3)"))
    with pytest.raises(NotationError, match="digits"):
        SpiritGame.load(p)


@pytest.mark.parametrize("name", ["spirit", "/dev/zero", "/tmp", "x" * 300, "../../etc/passwd", ""])
def test_hostile_ruleset_lines_in_a_cube_record(tmp_path, name):
    p = write(tmp_path, DEMO.replace("ruleset standard", f"ruleset {name}"))
    with pytest.raises(DaqiError) as exc:
        Game.load(p)
    assert f"{p}, line 5" in str(exc.value)


def test_a_cube_ruleset_in_a_spirit_record_is_an_error(tmp_path):
    p = write(tmp_path, SAMPLE_RECORD.replace("ruleset spirit", "ruleset standard"))
    with pytest.raises(DaqiError, match="not a spirit-chess ruleset"):
        SpiritGame.load(p)


@pytest.mark.parametrize("load, text", [(Game.load, DEMO), (SpiritGame.load, SAMPLE_RECORD)])
def test_non_utf8_records_are_errors(tmp_path, load, text):
    raw = text.encode("utf-8")
    p = write(tmp_path, raw[:200] + b"\xff\xfe" + raw[200:])
    with pytest.raises(NotationError, match="not UTF-8"):
        load(p)


@pytest.mark.parametrize("load", [Game.load, SpiritGame.load])
@pytest.mark.parametrize("path", ["/dev/zero", "/dev/stdin", "/tmp"])
def test_special_files_are_refused_without_reading(load, path):
    with pytest.raises(NotationError, match="not a regular file|folder"):
        load(path)


def test_a_missing_record_is_an_error(tmp_path):
    with pytest.raises(NotationError, match="no such record file"):
        Game.load(tmp_path / "missing.txt")


def test_an_overlong_line_is_an_error(tmp_path):
    p = write(tmp_path, DEMO + "# fine\n" + "8. " + "P" * 70000 + "\n")
    with pytest.raises(NotationError, match="longer than"):
        Game.load(p)


def test_valid_records_still_load(tmp_path):
    assert len(Game.load(write(tmp_path, DEMO)).turns) == 15
    assert SpiritGame.load(write(tmp_path, SAMPLE_RECORD, "s.txt")).result.winner == "white"
