"""``suggest`` for any registered game: the game's player is a hook on its registry entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import games
from .base import Player, Suggestion
from .cube_player import CubePlayer
from .spirit_player import SpiritPlayer

games.get("cube").set_hook("player", CubePlayer())
games.get("spirit").set_hook("player", SpiritPlayer())


def player_for(position: Any) -> Player:
    """The player of the position's game (``TypeError`` for something that is not a position)."""
    try:
        return games.of_position(position).hook("player")
    except games.UnknownGame:
        raise TypeError(f"not a game position: {type(position).__name__}") from None


def suggest(
    position: Any,
    level: int,
    seed: int = 0,
    nodes: int | None = None,
    budget_ms: int | None = None,
    clock: Callable[[], float] | None = None,
    *,
    repeats: tuple = (),
) -> Suggestion:
    """The turn the computer would play at ``level`` (0-4) with this ``seed`` and budget;
    ``repeats``: the game's ``repeat_positions()`` (a turn onto one of them is a draw, G14)."""
    player = player_for(position)
    if repeats:  # a game without a repetition rule never has any: its player need not take them
        return player.suggest(position, level, seed, nodes, budget_ms, clock, repeats=repeats)
    return player.suggest(position, level, seed, nodes, budget_ms, clock)
