"""Threats and game analysis for both games (issue 19): a room above the games and the players.

* :mod:`.threats` — :class:`Threat` records and :func:`threats` for either game's position;
* :mod:`.report` — :func:`analyse_game`: an evaluation of every turn with the better turn and a
  class (inaccuracy, mistake, blunder; thresholds in ``classes.toml``), the annotated record and
  the summary;
* :mod:`.graph` — the evaluation graph as a PNG (matplotlib, Agg).
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import games
from .threats import CUBE_KINDS, SPIRIT_KINDS, Threat, board_label, cube_threats, decisive, spirit_threats, threats

__all__ = [
    "AnalysisHooks",
    "CUBE_KINDS",
    "SPIRIT_KINDS",
    "Threat",
    "board_label",
    "cube_threats",
    "decisive",
    "spirit_threats",
    "threats",
]


@dataclass(frozen=True)
class AnalysisHooks:
    """What the analysis needs of a game, attached to its registry entry (``hook("analysis")``)."""

    threats: Callable[[Any], list]
    apply: Callable[[Any, Any], Any]  # the position after a turn


def _cube_apply(pos, turn):
    from ..cube.rules import apply_turn

    return apply_turn(pos, turn)[0]


def _spirit_apply(pos, turn):
    from ..spirit.position import apply_spirit_turn

    return apply_spirit_turn(pos, turn)[0]


games.get("cube").set_hook("analysis", AnalysisHooks(cube_threats, _cube_apply))
games.get("spirit").set_hook("analysis", AnalysisHooks(spirit_threats, _spirit_apply))
