"""Playing a lesson: games that start from a lesson's position, where the other side waits.

:class:`CubeLessonGame` and :class:`SpiritLessonGame` are the engine's game classes started from
any position instead of a setup; after each of the learner's turns the other side's turn is
passed (the position comes back with the learner to move, the same ply), unless the game is over.
So the window's controllers can play a lesson exactly as a game, through the normal turn machine.
:class:`LessonRun` ties a lesson, its game and its goals together (used by the tests and the window).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn, Protocol

from ..core import games
from ..core.errors import IllegalAction
from ..core.history import PositionHistory
from ..cube.actions import Turn
from ..cube.game import Game, position_weight, replay_turn
from ..cube.layout import default_choices
from ..cube.rules import apply_turn
from ..spirit.position import SpiritPosition, SpiritTurn, apply_spirit_turn
from ..spirit.record import SpiritGame, replay_spirit_turn
from .goals import GoalStatus, goals_status


class Lesson(Protocol):
    """What a lesson offers this module (``engine.tutorial.lessons.Lesson``; not imported here,
    because loading a lesson plays its solution with this module)."""

    game: str
    goals: Any

    def start_position(self) -> Any: ...

    def solution_turns(self) -> list: ...


class CubeLessonGame(Game):
    """A cube-chess game from a prepared position; the side not to move waits (its turns pass)."""

    def __init__(self, position, *, wait: bool = True):  # no setup: Game.__init__ is not used
        self.rules = position.rules
        self.choices = default_choices(self.rules)
        self._played = PositionHistory(position, replay_turn, weight=position_weight)
        self._seen = Counter([position.key()])
        self.costs: list[int] = []
        self._redo: list[Turn] = []
        self.learner = position.to_move
        self.wait = wait

    def play(self, turn: Turn, *, keep_redo: bool = False):
        new, cost = apply_turn(self.position, turn)
        if self.wait and new.result is None and new.to_move != self.learner:
            new = new.replace(to_move=self.learner, ply=self.position.ply)
            return self._push(turn, new, cost, replayable=False, keep_redo=keep_redo)  # a replay would not wait
        return self._push(turn, new, cost, replayable=True, keep_redo=keep_redo)

    def save(self, path):
        raise OSError(f"a tutorial lesson is not saved (asked to write {path})")


class SpiritLessonGame(SpiritGame):
    """A spirit-chess game from a prepared position; the side not to move waits."""

    def __init__(self, position, *, wait: bool = True):  # no placements: SpiritGame.__init__ is not used
        self.rules = position.rules
        self.white = {c: p.type for c, p in position.pieces.items() if p.side == "white"}
        self.black = {c: p.type for c, p in position.pieces.items() if p.side == "black"}
        self._played = PositionHistory(position, replay_spirit_turn)
        self.captures: list = []
        self._redo: list[SpiritTurn] = []
        self.learner = position.to_move
        self.wait = wait

    def play(self, turn: SpiritTurn) -> SpiritPosition:
        new, caps = apply_spirit_turn(self.position, turn)
        if self.wait and new.result is None and new.to_move != self.learner:
            new = new.replace(to_move=self.learner, ply=self.position.ply)
            self._played.append(turn, new, replayable=False)  # a replay would not wait
        else:
            self._played.append(turn, new)
        self.captures.append(caps)
        self._redo.clear()
        return new

    def save(self, path) -> NoReturn:
        raise OSError(f"a tutorial lesson is not saved (asked to write {path})")


def lesson_game(lesson: Lesson):
    """A fresh game on the lesson's position."""
    pos = lesson.start_position()
    return games.get(lesson.game).hook("tutorial").lesson_game(pos)


class LessonRun:
    """One attempt at a lesson: its game, the goals reached so far, the solution."""

    def __init__(self, lesson: Lesson, game=None):
        self.lesson = lesson
        self.game = game if game is not None else lesson_game(lesson)

    def play(self, turn) -> None:
        """Play one of the learner's turns (raises IllegalAction, like the game)."""
        if self.game.position.result is not None:
            raise IllegalAction("the lesson's game is over: restart the lesson", code="game-over")
        self.game.play(turn)

    def status(self) -> list[GoalStatus]:
        return goals_status(self.lesson, self.game.positions)

    @property
    def done(self) -> bool:
        return all(s.met for s in self.status())

    def solve(self) -> LessonRun:
        """Play the lesson's solution from the current position (normally a fresh run)."""
        for turn in self.lesson.solution_turns():
            self.play(turn)
        return self
