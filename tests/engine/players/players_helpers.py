"""Shared helpers for the player tests: hand-built positions of both games."""

from __future__ import annotations

import random

from engine import Piece, Position, apply_turn, load_ruleset, start_position
from engine.cube.randomplay import random_turn
from engine.spirit import SpiritPiece, SpiritPosition

CUBE = load_ruleset("standard")
SPIRIT = load_ruleset("spirit")
LETTER = {
    "K": "king",
    "H": "prince",
    "P": "pawn",
    "N": "knight",
    "B": "bishop",
    "R": "rook",
    "C": "cannon",
    "Q": "queen",
    "G": "brother",
}
SIDE = {"w": "white", "b": "black"}


def cube(cells: dict, *, to_move: str = "white", scores=None, **kw) -> Position:
    """An empty-filled cube position from ``{coord: "wK"}`` (side letter + piece letters)."""
    pieces = {c: tuple(Piece(LETTER[ch], SIDE[v[0]]) for ch in v[1:]) for c, v in cells.items()}
    return Position.from_pieces(CUBE, pieces, fill="empty", to_move=to_move, scores=scores, **kw)


def middlegame(seed: int, plies: int) -> Position:
    """The cube position after ``plies`` seeded random turns from the start (fewer if the game
    would end)."""
    pos, rng = start_position(), random.Random(seed)
    for _ in range(plies):
        t = random_turn(pos, rng)
        if t is None:
            break
        new = apply_turn(pos, t)[0]
        if new.result is not None:
            break
        pos = new
    return pos


def spirit(pieces: dict, to_move: str = "white") -> SpiritPosition:
    """A spirit position from ``{(x, y): (kind, side) | (kind, side, level)}``."""
    out = {}
    for c, v in pieces.items():
        kind, side = v[0], v[1]
        level = v[2] if len(v) > 2 else SPIRIT.pieces[kind].level
        out[c] = SpiritPiece(kind, side, level)
    return SpiritPosition(SPIRIT, to_move, out, None, 0)
