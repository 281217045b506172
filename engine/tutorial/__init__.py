"""The tutorial's engine side: lessons as data (``lessons/*.toml``), their loader and validator,
and the goal checker.

A lesson is a prepared position (a protocol position object or a record), a text, a hint, a goal
given as declarative data and a solution written in the game's notation (docs/NOTATION.md; spirit
chess: docs/RULES-spirit.md).  :func:`load_lessons` reads and validates every lesson
(:class:`LessonError` on bad lesson data); :class:`LessonRun` plays turns on a lesson and says
which goals are met.  Pure engine code: the window's lesson panel is ``viewer/app/tutorial.py``.
"""

from __future__ import annotations

from .goals import GOAL_KINDS, GoalStatus, describe_goal, goal_met, goals_status
from .lessons import LESSON_DIR, Goal, Lesson, LessonError, load_lesson, load_lessons, parse_lesson
from .run import CubeLessonGame, LessonRun, SpiritLessonGame, lesson_game

__all__ = [
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
