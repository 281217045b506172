"""Puzzles made from played games (docs/PUZZLES.md): find them, store them, check and judge them."""

from .finder import Options, Puzzle, Verdict, analyse, check_puzzle, find_in_game, judge
from .store import BUNDLED, bundled_puzzles, load_puzzles, puzzles_text, save_puzzles

__all__ = [
    "BUNDLED",
    "Options",
    "Puzzle",
    "Verdict",
    "analyse",
    "bundled_puzzles",
    "check_puzzle",
    "find_in_game",
    "judge",
    "load_puzzles",
    "puzzles_text",
    "save_puzzles",
]
