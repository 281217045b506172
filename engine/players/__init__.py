"""Computer players for both games (docs/AI.md, docs/API.md "Players").

Pure Python: imports the engine's rules only (never the viewer)."""

from .base import (
    LEVELS,
    MAX_BUDGET_MS,
    MAX_NODES,
    BadBudget,
    BadLevel,
    Budget,
    Player,
    Suggestion,
)
from .dispatch import player_for, suggest

__all__ = [
    "LEVELS",
    "MAX_BUDGET_MS",
    "MAX_NODES",
    "BadBudget",
    "BadLevel",
    "Budget",
    "Player",
    "Suggestion",
    "player_for",
    "suggest",
]
