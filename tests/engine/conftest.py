"""Shared helpers for the cube-chess engine tests.

Positions are written compactly: a cell is a string ``side letter + piece letters``
(bottom first), e.g. ``"wK"`` (white king), ``"bPN"`` (black pawn under a black knight).
Letters come from the ruleset: K king, H prince, P pawn, N knight, B bishop, R rook,
C cannon, Q queen, G brother.  A tuple of :class:`Piece` works too (promoted pieces).

The helpers are exposed through the ``h`` fixture (tests/ is not a package).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine import IllegalAction, Piece, Position, Turn, TurnBuilder, apply_turn, load_ruleset

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


def stack(code) -> tuple:
    """``"wPN"`` -> (white pawn, white knight); a tuple of Pieces passes through."""
    if not isinstance(code, str):
        return tuple(code)
    if not code:
        return ()
    side = SIDE[code[0]]
    return tuple(Piece(LETTER[ch], side) for ch in code[1:])


def make(rules, cells: dict, *, to_move="white", scores=None, fill="empty", **kw) -> Position:
    """A hand-built position; ``fill="empty"`` unless told otherwise."""
    pieces = {c: stack(v) for c, v in cells.items()}
    return Position.from_pieces(rules, pieces, fill=fill, to_move=to_move, scores=scores, **kw)


def play(pos, origin, *actions):
    """Apply one turn; returns ``(new_position, cost)``."""
    return apply_turn(pos, Turn(origin, tuple(actions)))


def refuse(pos, origin, *actions, code=None, match=None) -> IllegalAction:
    """Assert the turn is illegal (optionally with this error code / message part)."""
    with pytest.raises(IllegalAction) as info:
        apply_turn(pos, Turn(origin, tuple(actions)))
    if code is not None:
        assert info.value.code == code, str(info.value)
    if match is not None:
        assert match in str(info.value), str(info.value)
    return info.value


def builder(pos, origin=None) -> TurnBuilder:
    return TurnBuilder(pos, origin)


def types(cell) -> list:
    return [p.type for p in cell]


@pytest.fixture(scope="session")
def rules():
    return load_ruleset("standard")


@pytest.fixture(scope="session")
def free_rules():
    return load_ruleset("free-combination")


@pytest.fixture(scope="session")
def h():
    return SimpleNamespace(
        stack=stack, make=make, play=play, refuse=refuse, builder=builder, types=types, Piece=Piece, Turn=Turn
    )
