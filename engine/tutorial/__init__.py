"""The tutorial's engine side: lessons as data (``lessons/*.toml``), their loader and validator,
and the goal checker.

A lesson is a prepared position (a protocol position object or a record), a text, a hint, a goal
given as declarative data and a solution written in the game's notation (docs/NOTATION.md; spirit
chess: docs/RULES-spirit.md).  :func:`load_lessons` reads and validates every lesson
(:class:`LessonError` on bad lesson data); :class:`LessonRun` plays turns on a lesson and says
which goals are met.  Pure engine code: the window's lesson panel is ``viewer/app/tutorial.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import games
from .goals import GOAL_KINDS, GoalStatus, cube_goal_met, describe_goal, goal_met, goals_status, spirit_goal_met
from .lessons import LESSON_DIR, Goal, Lesson, LessonError, load_lesson, load_lessons, parse_lesson
from .run import CubeLessonGame, LessonRun, SpiritLessonGame, lesson_game


@dataclass(frozen=True)
class TutorialHooks:
    """What the tutorial needs of a game (the ``"tutorial"`` hook on its registry entry)."""

    lesson_game: Any  # position -> a game that starts there, the other side waiting
    lesson_position: Any  # a lesson's ``position`` table -> position
    goal_met: Any  # (goal, start, pos, learner) -> bool
    on_board: Any  # (pos, square) -> bool


def _spirit_lesson_position(data: dict):
    data = dict(data)
    data.setdefault("to_move", "white")
    data.setdefault("pieces", [])
    return games.get("spirit").position_from_json(data, "spirit")


games.get("cube").set_hook(
    "tutorial",
    TutorialHooks(
        CubeLessonGame,
        lambda data: games.get("cube").position_from_json(data, None),
        cube_goal_met,
        lambda pos, v: pos.in_board(v),
    ),
)
games.get("spirit").set_hook(
    "tutorial",
    TutorialHooks(SpiritLessonGame, _spirit_lesson_position, spirit_goal_met, lambda pos, v: pos.rules.on_board(v)),
)

__all__ = [
    "TutorialHooks",
    "GOAL_KINDS",
    "GoalStatus",
    "describe_goal",
    "goal_met",
    "goals_status",
    "LESSON_DIR",
    "Goal",
    "Lesson",
    "LessonError",
    "load_lesson",
    "load_lessons",
    "parse_lesson",
    "CubeLessonGame",
    "LessonRun",
    "SpiritLessonGame",
    "lesson_game",
]
