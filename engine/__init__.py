"""Daqi engine: the rules of cube chess (大棋) and spirit chess (灵棋).

Pure Python; never imports the viewer or any GL library.  The public API is
what this module exports (docs/API.md)."""

from . import compiled as compiled  # noqa: F401  (first: the compiled build of the hot modules, where current)
from . import spirit as spirit  # noqa: F401  (registers spirit chess with the loader)
from .core.coords import format_ascii as format_coord
from .core.coords import format_chinese, normalize, parse_coord
from .core.errors import DaqiError, IllegalAction, NotationError, RulesetError
from .core.loader import load_ruleset, load_ruleset_file
from .cube.actions import Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, Turn
from .cube.game import Game, sample_game
from .cube.legal import LegalActions, legal_actions
from .cube.notation import format_turn, parse_turn
from .cube.position import Piece, Position, Result, start_position
from .cube.randomplay import random_turn
from .cube.rules import TurnBuilder, apply_turn
from .cube.setup import SetupPhase
from .players import LEVELS as PLAYER_LEVELS
from .players import Suggestion, suggest

__all__ = [
    "Capture",
    "Drop",
    "HyperJump",
    "Jump",
    "Move",
    "Promote",
    "Split",
    "Stack",
    "Turn",
    "format_coord",
    "format_chinese",
    "normalize",
    "parse_coord",
    "DaqiError",
    "IllegalAction",
    "NotationError",
    "RulesetError",
    "LegalActions",
    "legal_actions",
    "format_turn",
    "parse_turn",
    "Piece",
    "Position",
    "Result",
    "start_position",
    "TurnBuilder",
    "apply_turn",
    "load_ruleset",
    "load_ruleset_file",
    "SetupPhase",
    "Game",
    "sample_game",
    "random_turn",
    "suggest",
    "Suggestion",
    "PLAYER_LEVELS",
]
