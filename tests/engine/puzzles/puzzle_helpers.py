"""Small made positions with one clear best turn, for the puzzle tests."""

from __future__ import annotations

from engine.editor import CubeDraft, SpiritDraft


def cube(*pieces) -> CubeDraft:
    d = CubeDraft()
    d.set_fill("empty")
    for c, p, s in pieces:
        d.put(c, p, s)
    return d


KINGS = (((9, 1, 1), "king", "white"), ((12, 16, 1), "king", "black"))
FREE_QUEEN = cube(*KINGS, ((5, 5, 1), "rook", "white"), ((5, 12, 1), "queen", "black"), ((2, 14, 1), "pawn", "black"))
KING_EN_PRISE = cube(*KINGS, ((12, 5, 1), "rook", "white"), ((3, 14, 1), "pawn", "black"))


def spirit_elder() -> SpiritDraft:
    d = SpiritDraft()
    for c, p, s, lv in (
        ((10, 1), "sect", "white", None),
        ((10, 19), "sect", "black", None),
        ((10, 10), "master", "white", 5),
        ((10, 12), "elder", "black", 1),
        ((3, 17), "disciple", "black", None),
    ):
        d.put(c, p, s, lv)
    return d


def fork_in_two() -> CubeDraft:
    """White wins in two: the knight forks two rooks, and taking either puts black at half of
    white's score or less (C16): 103 against 51."""
    d = cube(
        ((8, 1, 1), "king", "white"),
        ((9, 1, 1), "prince", "white"),
        ((9, 16, 1), "king", "black"),
        ((8, 16, 1), "prince", "black"),
        ((4, 5, 1), "knight", "white"),
        ((3, 8, 1), "rook", "black"),
        ((7, 8, 1), "rook", "black"),
    )
    d.set_score("white", 100)
    d.set_score("black", 51)
    return d


FORK_IN_TWO = fork_in_two()
BLACK_TAKES_THE_KING = cube(*KINGS, ((9, 12, 1), "rook", "black"), ((3, 3, 1), "pawn", "white"))
BLACK_TAKES_THE_KING.set_to_move("black")
