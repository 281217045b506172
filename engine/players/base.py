"""The player interface shared by both games (docs/AI.md, docs/API.md).

A player answers one question: given a position, a level, a seed and a budget, which turn would it
play and why.  :func:`suggest` dispatches on the position's game (a cube-chess :class:`Position` or a
:class:`SpiritPosition`) and returns a :class:`Suggestion`.

Reproducibility: under a node budget (``nodes``) the answer is a pure function of the position's
content, the level, the seed and the budget -- no clock, no hash randomisation, no dict-order
dependence.  ``budget_ms`` is an extra stop read from an injected ``clock`` (``time.monotonic`` by
default); with it the answer may depend on the machine's speed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..core.errors import DaqiError, IllegalAction

#: levels 0 (random) .. 4 (the widest search, about 1-2 s a turn)
LEVELS = (0, 1, 2, 3, 4)
#: upper bounds accepted by :func:`suggest` and the protocol
MAX_NODES = 50_000  # about 10-15 s of search on one core: the most one request may ask for
MAX_BUDGET_MS = 10_000


class BadLevel(DaqiError):
    code = "bad-level"


class BadBudget(DaqiError):
    code = "bad-budget"


class BudgetExceeded(Exception):
    """Raised inside a search when its node or time budget is used up (internal)."""


@dataclass(frozen=True)
class Suggestion:
    """What a player would play and what it thought.

    ``turn``: a :class:`~engine.cube.actions.Turn` or :class:`~engine.spirit.SpiritTurn` that the
    game's own turn machine accepts (``None`` only when the side to move has no turn at all);
    ``eval``: the expected value for the side to move, in centi-points (100 = one point of score in
    cube chess; see docs/AI.md), ``+/-WIN`` style values near ``1e6`` mean a forced win/loss;
    ``line``: the turns it expects, starting with ``turn``; ``nodes``: turns applied and evaluated;
    ``reason``: one line in plain words; ``depth``: the deepest search depth completed."""

    turn: Any
    eval: float
    line: tuple = ()
    nodes: int = 0
    reason: str = ""
    depth: int = 0


class Player(Protocol):
    """One game's computer player (``CubePlayer``, ``SpiritPlayer``).  ``repeats``: the positions
    that end the game as a repetition draw if reached once more (``Game.repeat_positions()``, G14):
    a turn reaching one is scored as a draw, so a side ahead avoids it and a side behind seeks it."""

    def suggest(
        self,
        position: Any,
        level: int,
        seed: int = 0,
        nodes: int | None = None,
        budget_ms: int | None = None,
        clock: Callable[[], float] | None = None,
        *,
        repeats: tuple = (),
    ) -> Suggestion: ...


@dataclass
class Budget:
    """Counts nodes and stops the search when ``nodes`` or ``budget_ms`` is used up."""

    nodes: int | None = None
    budget_ms: int | None = None
    clock: Callable[[], float] = time.monotonic
    used: int = 0
    _deadline: float | None = field(default=None, repr=False)
    armed: bool = True  # False while the root list is built (it always completes)

    def __post_init__(self) -> None:
        if self.budget_ms is not None:
            self._deadline = self.clock() + self.budget_ms / 1000.0

    def tick(self) -> None:
        self.used += 1
        if not self.armed:
            return
        if self.nodes is not None and self.used > self.nodes:
            raise BudgetExceeded
        if self._deadline is not None and (self.used & 31) == 0 and self.clock() > self._deadline:
            raise BudgetExceeded

    def spent(self) -> bool:
        if self.nodes is not None and self.used >= self.nodes:
            return True
        return self._deadline is not None and self.clock() > self._deadline


def check_request(position: Any, level: Any, nodes: Any, budget_ms: Any) -> None:
    """What every player checks first: the level, the budget, and that the game is not over."""
    check_level(level)
    check_budget(nodes, budget_ms)
    if position.result is not None:
        raise IllegalAction(f"the game is over ({position.result.reason})", code="game-over")


def check_level(level: Any) -> int:
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise BadLevel(f"level must be one of {', '.join(map(str, LEVELS))}, got {level!r}")
    return level


def check_budget(nodes: Any, budget_ms: Any) -> None:
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int) or not 1 <= nodes <= MAX_NODES):
        raise BadBudget(f"nodes must be an integer 1..{MAX_NODES}, got {nodes!r}")
    if budget_ms is not None and (
        isinstance(budget_ms, bool) or not isinstance(budget_ms, int) or not 1 <= budget_ms <= MAX_BUDGET_MS
    ):
        raise BadBudget(f"budget_ms must be an integer 1..{MAX_BUDGET_MS} (milliseconds), got {budget_ms!r}")


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise DaqiError(f"seed must be an integer, got {seed!r}", code="malformed")
    return seed
