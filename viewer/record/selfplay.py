"""Self-play games for demo videos: two computer players (``engine.players`` through
:func:`viewer.ui.computer.think`) play a game from the default arrangement (no GL).

Deterministic: every turn's seed is :func:`viewer.ui.computer.turn_seed` of the game's seed and
the ply, the node budget is the level's own (or ``nodes``), and no clock is read, so the same
arguments give the same game.  Every turn goes through the game's own turn machine
(``Game.play`` / ``SpiritGame.play``), so the game is legal by construction.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import games

from ..ui.computer import think, turn_seed
from .errors import RecordError

GAMES = games.names()
DEFAULT_MAX_PLIES = 60


def parse_levels(text: str) -> tuple[int, int]:
    """``"2"`` -> (2, 2) (both sides); ``"1,3"`` -> white 1, black 3."""
    parts = [p.strip() for p in str(text).split(",")]
    try:
        levels = [int(p) for p in parts]
    except ValueError:
        raise RecordError(f"--level must be 0-3, or WHITE,BLACK such as 1,3; got {text!r}") from None
    if len(levels) == 1:
        levels *= 2
    if len(levels) != 2 or any(lv not in (0, 1, 2, 3) for lv in levels):
        raise RecordError(f"--level must be 0-3, or WHITE,BLACK such as 1,3; got {text!r}")
    return levels[0], levels[1]


def selfplay_game(
    game: str = games.DEFAULT_GAME,
    levels: tuple[int, int] = (2, 2),
    seed: int = 0,
    max_plies: int = DEFAULT_MAX_PLIES,
    nodes: int | None = None,
    ruleset: str | None = None,
    on_ply: Callable[[int, Any], None] | None = None,
):
    """The game two computer players play (white at ``levels[0]``, black at ``levels[1]``): until a
    result or ``max_plies`` turns.  ``on_ply(ply, suggestion)`` is called after each turn."""
    if game not in games.names():
        raise RecordError(f"--game must be one of {', '.join(games.names())}, got {game!r}")
    if max_plies < 1:
        raise RecordError(f"--max-plies must be at least 1, got {max_plies}")
    from engine.core.loader import load_ruleset_arg  # a name or a ruleset file the user named

    kind = games.get(game)
    g = kind.new_game(load_ruleset_arg(ruleset or kind.default_ruleset))
    while len(g.turns) < max_plies and g.position.result is None:
        pos = g.position
        level = levels[0] if pos.to_move == "white" else levels[1]
        sug = think(pos, level, turn_seed(seed, len(g.turns)), nodes=nodes, repeats=g.repeat_positions())
        if sug.turn is None:
            break
        g.play(sug.turn)
        if on_ply is not None:
            on_ply(len(g.turns), sug)
    return g


def record_text(game) -> str:
    """The game's record (the text ``daqi record GAME.txt`` and the window's Ctrl+O read)."""
    return game.to_text()
