"""Threats and game analysis for both games (issue 19): a room above the games and the players.

* :mod:`.threats` — :class:`Threat` records and :func:`threats` for either game's position;
* :mod:`.report` — :func:`analyse_game`: an evaluation of every turn with the better turn and a
  class (inaccuracy, mistake, blunder; thresholds in ``classes.toml``), the annotated record and
  the summary;
* :mod:`.graph` — the evaluation graph as a PNG (matplotlib, Agg).
"""

from .threats import CUBE_KINDS, SPIRIT_KINDS, Threat, board_label, cube_threats, decisive, spirit_threats, threats

__all__ = [
    "CUBE_KINDS",
    "SPIRIT_KINDS",
    "Threat",
    "board_label",
    "cube_threats",
    "decisive",
    "spirit_threats",
    "threats",
]
