"""The tutorial's lessons: every lesson is valid data and its own solution reaches its goals."""

from __future__ import annotations

import copy

import pytest

from engine import IllegalAction, parse_turn
from engine.spirit import parse_spirit_turn
from engine.tutorial import LessonError, LessonRun, load_lesson, load_lessons, parse_lesson

LESSONS = load_lessons()

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


def test_the_lessons_cover_every_topic_of_the_tutorial():
    ids = [les.id for les in LESSONS]
    assert ids == [
        "move-capture",
        "planes",
        "hyperjump",
        "stacks",
        "hiring",
        "facing-kings",
        "home-squares",
        "scores",
        "spirit-levels",
        "spirit-formations",
    ]
    assert {les.game for les in LESSONS} == {"cube", "spirit"}
    assert any(les.record is not None for les in LESSONS)  # a lesson may start from a record


@pytest.mark.parametrize("lesson", LESSONS, ids=[les.id for les in LESSONS])
def test_every_lesson_is_completed_by_its_own_solution(lesson):
    run = LessonRun(lesson)
    assert not any(s.met for s in run.status())  # nothing is done before playing
    run.solve()
    assert run.done, [(s.text, s.met) for s in run.status()]


@pytest.mark.parametrize("lesson", LESSONS, ids=[les.id for les in LESSONS])
def test_lesson_texts_speak_words_not_rule_ids(lesson):
    import re

    for text in (lesson.title, lesson.text, lesson.hint, lesson.goal_text):
        assert not re.search(r"\b[CSGH]\d+\b", text), text


def test_the_other_side_waits_between_the_learners_turns():
    lesson = next(les for les in LESSONS if les.id == "stacks")
    run = LessonRun(lesson)
    first, second = lesson.solution_turns()
    run.play(first)
    assert run.game.position.to_move == "white"
    assert [s.met for s in run.status()] == [True, False]  # the stack is there, no capture yet
    run.play(second)
    assert run.done
    # goals stay reached once reached: the split broke the stack up, the stack goal still counts
    assert run.game.position.cell((5, 8, 1))[0].type == "knight" and len(run.game.position.cell((5, 8, 1))) == 1


def test_a_wrong_turn_does_not_reach_the_goal():
    lesson = next(les for les in LESSONS if les.id == "move-capture")
    run = LessonRun(lesson)
    run.play(parse_turn("P(9,4,1)-(9,5,1)", lesson.start_position().rules)[0])
    assert not run.done
    assert run.game.position.to_move == "white"


def test_spirit_elder_that_is_not_raised_dies_and_the_goal_stays_open():
    lesson = next(les for les in LESSONS if les.id == "spirit-levels")
    run = LessonRun(lesson)
    # raise the sect? it cannot be raised: the engine refuses
    with pytest.raises(IllegalAction):
        run.play(parse_spirit_turn("+(10,2) (10,10)-(10,11)-(10,12)"))
    run.play(parse_spirit_turn("+(10,10) (10,10)-(10,11)-(9,12)"))  # raised, but walks past the elder
    assert not run.done
    fresh = LessonRun(lesson)
    fresh.game.play(parse_spirit_turn("+(10,10) (10,10)-(10,11)-(10,12)"))
    assert fresh.done


def test_a_goal_on_another_board_counts_only_there():
    lesson = next(les for les in LESSONS if les.id == "hyperjump")
    run = LessonRun(lesson)
    run.play(parse_turn("R(6,6,1)-(6,10,1)", lesson.start_position().rules)[0])
    assert [s.met for s in run.status()] == [False, False]  # (6,10,1) of the main board is not w4=2


def test_a_lesson_game_is_not_saved(tmp_path):
    run = LessonRun(LESSONS[0])
    with pytest.raises(OSError):
        run.game.save(tmp_path / "x.txt")
    assert not (tmp_path / "x.txt").exists()


def test_a_good_lesson_table_parses():
    les = parse_lesson(dict(GOOD))
    assert les.learner == "white" and les.goals[0].kind == "capture"
    assert LessonRun(les).solve().done


@pytest.mark.parametrize(
    "change, words",
    [
        ({"colour": "red"}, "unknown field(s) 'colour'"),
        ({"id": "Bad Id"}, "lower-case words"),
        ({"game": "go"}, "'game' must be one of"),
        ({"record": "ruleset standard\n"}, "exactly one of 'position'"),
        ({"solution": []}, "'solution' must be a non-empty list"),
        ({"solution": ["R(5,5,1)?(5,9,1)"]}, "solution turn 'R(5,5,1)?(5,9,1)'"),
        ({"goals": []}, "at least one [[goals]]"),
        ({"goals": [{"kind": "teleport"}]}, "unknown goal kind 'teleport'"),
        ({"goals": [{"kind": "level", "at_least": 3}]}, "goal kind 'level' is for spirit chess"),
        ({"goals": [{"kind": "capture", "piece": "dragon"}]}, "unknown piece 'dragon'"),
        ({"goals": [{"kind": "occupy"}]}, "goal 'occupy' needs 'at'"),
        ({"goals": [{"kind": "occupy", "at": [5, 99, 1]}]}, "outside the board"),
        ({"goals": [{"kind": "capture", "colour": 1}]}, "unknown field(s) 'colour'"),
        (
            {"position": {"fill": "empty", "pieces": [{"at": [5, 5, 1], "side": "green", "stack": ["rook"]}]}},
            "bad position",
        ),
    ],
)
def test_bad_lesson_data_is_refused_with_the_reason(change, words):
    data = dict(GOOD)
    data.update(change)
    with pytest.raises(LessonError) as info:
        parse_lesson(data, "x.toml")
    assert words in str(info.value), str(info.value)
    assert info.value.code == "bad-lesson"
    assert "x.toml" in str(info.value)


def test_bad_toml_and_duplicate_ids_in_a_folder(tmp_path):
    (tmp_path / "a.toml").write_text("id = \n", encoding="utf-8")
    with pytest.raises(LessonError, match="not valid TOML"):
        load_lesson(tmp_path / "a.toml")
    from engine.tutorial import LESSON_DIR

    text = (LESSON_DIR / "02-planes.toml").read_text(encoding="utf-8")
    (tmp_path / "a.toml").write_text(text, encoding="utf-8")
    (tmp_path / "b.toml").write_text(text, encoding="utf-8")
    with pytest.raises(LessonError, match="also used by a.toml"):
        load_lessons(tmp_path)


# -- a lesson is validated at load like a ruleset (issue 17) ---------------------------------------


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
