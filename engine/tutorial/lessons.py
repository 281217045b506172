"""Lessons as data: one TOML file per lesson in ``engine/tutorial/lessons/``, read and validated here.

A lesson file::

    id = "hyperjump"                      # unique, lower-case words joined by "-"
    order = 3                             # lessons are listed by order
    game = "cube"                         # "cube" (default) or "spirit"
    title = "Hyper-jumps and the sliders"
    text = "..."                          # what the lesson teaches (plain words)
    hint = "..."                          # shown on request
    goal = "..."                          # optional: the goal in words (else written from [[goals]])
    solution = ["R(6,6,1)~(6,6,1,2)-(6,10,1,2)"]   # the learner's turns, ASCII notation
    record = "..."                        # EITHER a record (docs/NOTATION.md) whose last position is used
    [position]                            # OR a protocol position object (docs/PROTOCOL.md)
    fill = "empty"
    pieces = [{at = [6, 6, 1], side = "white", stack = ["rook"]}]
    [[goals]]                             # every goal must be reached (each at some point of the lesson)
    kind = "board"
    higher = [2]

The learner plays the side to move in the lesson's position; the other side waits (its turns
are passed) so a lesson may take several turns.  Goal kinds: :data:`engine.tutorial.goals.GOAL_KINDS`.
Every problem in a file raises :class:`LessonError` naming the file and the field.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core import games
from ..core.errors import DaqiError
from .goals import Goal, LessonError, parse_goal

LESSON_DIR = Path(__file__).with_name("lessons")


def lesson_games() -> tuple[str, ...]:
    """The games a lesson may be about: those with tutorial hooks (``engine/tutorial/__init__.py``)."""
    return tuple(k.name for k in games.kinds() if "tutorial" in k.hooks)


LESSON_FIELDS = {"id", "order", "game", "title", "text", "hint", "goal", "solution", "record", "position", "goals"}
_ID = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


@dataclass
class Lesson:
    id: str
    order: int
    game: str
    title: str
    text: str
    hint: str
    goal_text: str
    solution: tuple[str, ...]
    goals: tuple[Goal, ...]
    source: str = ""
    position_data: dict | None = None
    record: str | None = None
    _start: Any = field(default=None, repr=False)

    @property
    def learner(self) -> str:
        return self.start_position().to_move

    def start_position(self):
        """The lesson's prepared position (built once)."""
        if self._start is None:
            self._start = _build_position(self)
        return self._start

    def solution_turns(self) -> list:
        """The solution as engine turns (``Turn`` or ``SpiritTurn``)."""
        return [parse_solution_turn(self, t) for t in self.solution]


def _fail(where: str, message: str) -> LessonError:
    return LessonError(message, where=where)


def _text(data: dict, name: str, where: str, required: bool = True) -> str:
    v = data.get(name)
    if v is None:
        if required:
            raise _fail(where, f"the lesson needs the field {name!r}")
        return ""
    if not isinstance(v, str) or (required and not v.strip()):
        raise _fail(where, f"{name!r} must be a non-empty string, got {v!r}")
    return " ".join(v.split()) if name not in ("record",) else v


def parse_lesson(data: dict, source: str = "lesson") -> Lesson:
    """A lesson from its parsed TOML table; raises :class:`LessonError`."""
    if not isinstance(data, dict):
        raise _fail(source, "a lesson must be a TOML table")
    extra = sorted(set(data) - LESSON_FIELDS)
    if extra:
        raise _fail(
            source, f"unknown field(s) {', '.join(map(repr, extra))} (allowed: {', '.join(sorted(LESSON_FIELDS))})"
        )
    lid = _text(data, "id", source)
    if not _ID.match(lid):
        raise _fail(source, f"id {lid!r} must be lower-case words joined by '-'")
    where = f"{source} ({lid})"
    order = data.get("order", 0)
    if isinstance(order, bool) or not isinstance(order, int):
        raise _fail(where, f"'order' must be an integer, got {order!r}")
    game = data.get("game", games.DEFAULT_GAME)
    if not isinstance(game, str) or game not in lesson_games():
        raise _fail(where, f"'game' must be one of {', '.join(lesson_games())}, got {game!r}")
    if ("position" in data) == ("record" in data):
        raise _fail(where, "give exactly one of 'position' (a protocol position) and 'record' (a game record)")
    pos_data = data.get("position")
    if pos_data is not None and not isinstance(pos_data, dict):
        raise _fail(where, "'position' must be a table (a protocol position object)")
    sol = data.get("solution")
    if not isinstance(sol, list) or not sol or not all(isinstance(t, str) and t.strip() for t in sol):
        raise _fail(where, f"'solution' must be a non-empty list of turns in notation, got {sol!r}")
    raw_goals = data.get("goals")
    if not isinstance(raw_goals, list) or not raw_goals:
        raise _fail(where, "the lesson needs at least one [[goals]] table")
    lesson = Lesson(
        lid,
        order,
        game,
        _text(data, "title", where),
        _text(data, "text", where),
        _text(data, "hint", where),
        _text(data, "goal", where, required=False),
        tuple(t.strip() for t in sol),
        (),
        source,
        pos_data,
        data.get("record") if "record" in data else None,
    )
    if lesson.record is not None and not isinstance(lesson.record, str):
        raise _fail(where, "'record' must be the text of a game record")
    pos = lesson.start_position()
    if pos.result is not None:
        raise _fail(where, "the lesson's position is already decided")
    lesson.goals = tuple(parse_goal(g, game, pos, f"{where}, goals[{i}]") for i, g in enumerate(raw_goals))
    for i, t in enumerate(lesson.solution):
        parse_solution_turn(lesson, t, f"{where}, solution[{i}]")
    return lesson


def _build_position(lesson: Lesson):
    where = f"{lesson.source} ({lesson.id})"
    try:
        kind = games.get(lesson.game)
        if lesson.record is not None:
            return kind.read_record(lesson.record, "record", None).position
        return kind.hook("tutorial").lesson_position(lesson.position_data or {})
    except LessonError:
        raise
    except DaqiError as exc:
        raise _fail(where, f"bad {'record' if lesson.record is not None else 'position'}: {exc}") from None


def parse_solution_turn(lesson: Lesson, text: str, where: str | None = None):
    """One solution turn in the game's notation -> an engine turn (LessonError if unparsable)."""
    try:
        return games.get(lesson.game).parse_turn(text, lesson.start_position().rules)
    except DaqiError as exc:
        raise _fail(where or f"{lesson.source} ({lesson.id})", f"solution turn {text!r}: {exc}") from None


def load_lesson(path) -> Lesson:
    """Read and validate one lesson file."""
    path = Path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise _fail(str(path), f"cannot read the lesson: {exc.strerror}") from None
    except tomllib.TOMLDecodeError as exc:
        raise _fail(path.name, f"not valid TOML: {exc}") from None
    return parse_lesson(data, path.name)


def load_lessons(folder=None) -> list[Lesson]:
    """Every lesson of ``folder`` (default: the built-in lessons), in their order; ids must be unique."""
    folder = Path(folder) if folder is not None else LESSON_DIR
    lessons = [load_lesson(p) for p in sorted(folder.glob("*.toml"))]
    seen: dict[str, str] = {}
    for les in lessons:
        if les.id in seen:
            raise _fail(les.source, f"lesson id {les.id!r} is also used by {seen[les.id]}")
        seen[les.id] = les.source
    if not lessons:
        raise _fail(str(folder), "no lesson files (*.toml) found")
    return sorted(lessons, key=lambda les: (les.order, les.id))
