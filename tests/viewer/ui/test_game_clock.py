"""The chess clock (viewer.ui.clock): parsing, running for the side to move, increments, pauses, flag."""

from __future__ import annotations

import pytest

from viewer.cube.controller import CubeController
from viewer.spirit.controller import SpiritController
from viewer.ui.clock import ClockDriver, ClockError, GameClock, format_time, parse_clock


def test_parse_clock_reads_minutes_and_increment():
    assert parse_clock("10+5") == (600.0, 5.0)
    assert parse_clock("3") == (180.0, 0.0)
    assert parse_clock("0.5+0") == (30.0, 0.0)
    for bad in ("", "ten", "5+", "-1+2", "0+3"):
        with pytest.raises(ClockError, match="MINUTES"):
            parse_clock(bad)


def test_format_time():
    assert format_time(600) == "10:00"
    assert format_time(61.2) == "1:02"
    assert format_time(9.25) == "0:09.2"
    assert format_time(-3) == "0:00.0"


def cube_with_clock(text="1+2"):
    c = CubeController(quick=True)
    c.clock_driver = ClockDriver(GameClock.from_text(text))
    return c


def test_the_clock_runs_for_the_side_to_move_and_adds_the_increment():
    c = cube_with_clock("1+2")
    clock = c.clock_driver.clock
    c.tick(10.0)
    assert clock.remaining == {"white": 50.0, "black": 60.0}
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    c.key("enter")
    c.tick(4.0)
    assert clock.remaining["white"] == 52.0  # + 2 s after white's turn
    assert clock.remaining["black"] == 56.0
    assert "white 0:52" in clock.text() and ">black" in clock.text()


def test_the_clock_waits_while_help_is_open_and_while_reviewing():
    c = cube_with_clock("1+0")
    clock = c.clock_driver.clock
    c.key("h")
    c.tick(30.0)
    assert clock.remaining["white"] == 60.0
    c.key("h")
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    c.key("enter")
    c.key("left", ctrl=True)
    c.tick(30.0)
    assert clock.remaining["black"] == 60.0


def test_the_clock_waits_during_the_setup():
    c = CubeController(quick=False, offer_resume=False)
    c.clock_driver = ClockDriver(GameClock.from_text("1+0"))
    c.tick(20.0)
    assert c.clock_driver.clock.remaining["white"] == 60.0


def test_running_out_of_time_loses_house_rule():
    c = cube_with_clock("0.1+0")  # 6 seconds
    c.tick(7.0)
    assert c.mode == "over"
    assert c.result_text().startswith("black wins") and "time" in c.result_text()
    c.click_cell((9, 3, 1))
    assert c.builder is None and c.message.level == "error"


def test_a_new_game_resets_the_clock():
    c = cube_with_clock("0.1+0")
    c.tick(7.0)
    assert c.mode == "over"
    c.key("r", ctrl=True)  # rematch
    c.tick(1.0)
    assert c.mode == "play" and c.clock_driver.clock.remaining["white"] == 5.0


def test_spirit_chess_clock_flags_too():
    s = SpiritController(quick=True)
    s.clock_driver = ClockDriver(GameClock.from_text("0.1+0"))
    s.tick(3.0)
    assert s.clock_driver.clock.remaining["white"] == 3.0
    s.tick(4.0)
    assert s.mode == "over" and "white's time ran out" in s.result_text()
