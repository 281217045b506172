"""Daqi engine: the rules of cube chess (大棋) and spirit chess (灵棋).

Pure Python; never imports the viewer or any GL library.  The public API is
what this module exports (docs/API.md)."""
from .actions import Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, Turn
from .coords import format_ascii as format_coord, format_chinese, normalize, parse_coord
from .errors import DaqiError, IllegalAction, NotationError, RulesetError
from .movegen import LegalActions, legal_actions
from .notation import format_turn, parse_turn
from .position import Piece, Position, Result, start_position
from .randomplay import random_turn
from .rules import TurnBuilder, apply_turn
from .ruleset import load_ruleset
from .setup import SetupPhase

__all__ = [
    "Capture", "Drop", "HyperJump", "Jump", "Move", "Promote", "Split", "Stack", "Turn",
    "format_coord", "format_chinese", "normalize", "parse_coord",
    "DaqiError", "IllegalAction", "NotationError", "RulesetError",
    "LegalActions", "legal_actions", "format_turn", "parse_turn",
    "Piece", "Position", "Result", "start_position", "TurnBuilder", "apply_turn",
    "load_ruleset", "SetupPhase", "Game", "random_turn",
]


def __getattr__(name):
    if name in ("Game", "GameRecord", "parse_record", "format_record", "sample_game"):
        from . import game
        return getattr(game, name)
    raise AttributeError(name)
