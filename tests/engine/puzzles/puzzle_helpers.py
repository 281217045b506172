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
