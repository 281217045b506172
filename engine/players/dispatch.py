"""``suggest`` for either game: dispatches on the position type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cube.position import Position
from ..spirit.position import SpiritPosition
from .base import Player, Suggestion
from .cube_player import CubePlayer
from .spirit_player import SpiritPlayer

_CUBE = CubePlayer()
_SPIRIT = SpiritPlayer()


def player_for(position: Any) -> Player:
    """The player of the position's game (cube chess or spirit chess)."""
    if isinstance(position, SpiritPosition):
        return _SPIRIT
    if isinstance(position, Position):
        return _CUBE
    raise TypeError(f"not a game position: {type(position).__name__}")


def suggest(
    position: Any,
    level: int,
    seed: int = 0,
    nodes: int | None = None,
    budget_ms: int | None = None,
    clock: Callable[[], float] | None = None,
) -> Suggestion:
    """The turn the computer would play at ``level`` (0-4) with this ``seed`` and budget."""
    return player_for(position).suggest(position, level, seed, nodes, budget_ms, clock)
