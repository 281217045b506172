"""A lesson is data validated at load like a ruleset (issue 17): its solution must be legal on its
position and reach every goal; otherwise loading fails with one error naming file and field."""

from __future__ import annotations

import copy

import pytest

from engine.tutorial import LessonError, load_lesson, parse_lesson

GOOD = {
    "id": "tiny",
    "title": "Tiny",
    "text": "A rook.",
    "hint": "Capture.",
    "solution": ["R(5,5,1)x(5,9,1)"],
    "position": {
        "fill": "empty",
        "pieces": [
            {"at": [5, 5, 1], "side": "white", "stack": ["rook"]},
            {"at": [5, 9, 1], "side": "black", "stack": ["knight"]},
        ],
    },
    "goals": [{"kind": "capture", "piece": "knight"}],
}


def test_a_lesson_whose_solution_works_loads():
    assert parse_lesson(copy.deepcopy(GOOD), "tiny.toml").id == "tiny"


def test_an_illegal_solution_turn_is_refused_naming_the_turn():
    data = copy.deepcopy(GOOD)
    data["solution"] = ["R(5,5,1)x(6,9,1)"]  # a rook cannot reach (6,9,1)
    with pytest.raises(LessonError) as err:
        parse_lesson(data, "tiny.toml")
    assert "tiny.toml (tiny), solution[0]" in str(err.value) and "illegal here" in str(err.value)


def test_a_solution_that_misses_a_goal_is_refused_naming_the_goal():
    data = copy.deepcopy(GOOD)
    data["solution"] = ["R(5,5,1)-(5,6,1)"]  # legal, but captures nothing
    with pytest.raises(LessonError) as err:
        parse_lesson(data, "tiny.toml")
    assert "does not reach every goal" in str(err.value) and "knight" in str(err.value)


def test_a_lesson_file_that_is_a_fifo_is_refused_unread(tmp_path):
    import os

    fifo = tmp_path / "lesson.toml"
    os.mkfifo(fifo)
    with pytest.raises(LessonError, match="not a regular file"):
        load_lesson(fifo)
