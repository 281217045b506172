"""Constructed starting positions for self-play that reaches the end game quickly (docs/PUZZLES.md).

Self-play from the setup rarely ends a game within a few dozen turns, so its puzzles are about
material.  A **sparse** start (``daqi puzzles selfplay --start sparse``) puts both royals and a
few pieces of each side on empty boards, near the enemy royals, some on other planes (z) and
other boards (w4), with scores that may stand near the C16 margin and sometimes a queen credit
(C12); one start in three puts a royal of the side to move by (or on another plane or board
above) an enemy home its royal has left, one in three sets the scores so that one capture of 3
points crosses the C16 margin.  Games from it end by king captures (C4), facing lines (C3), home
walks (C5, C7) and the C16 margin, after drops, jumps and hyper-jumps.  Each start is checked by the editor's own rules
(:func:`engine.editor.draft.cube_problems`) and is deterministic for its seed.
"""

from __future__ import annotations

import random

from ..cube.position import Position
from ..editor.draft import CubeDraft, cube_problems

ARMY = ("pawn", "pawn", "knight", "bishop", "rook", "cannon", "queen")
SIDES = ("white", "black")


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


def _near(rng: random.Random, c: tuple, spread: int, size: tuple) -> tuple:
    x = min(size[0], max(1, c[0] + rng.randint(-spread, spread)))
    y = min(size[1], max(1, c[1] + rng.randint(-spread, spread)))
    z = 1 if rng.random() < 0.75 else 2
    higher = (2,) if rng.random() < 0.12 else ()
    return (x, y, z) + higher


def sparse_position(rng: random.Random, rules="standard", tries: int = 200) -> Position:
    """A playable sparse position drawn from ``rng`` (at most ``tries`` draws)."""
    for _ in range(tries):
        d = CubeDraft(rules)
        d.set_fill("empty")
        size = d.rules.size
        used: set = set()

        royals: dict = {}  # (side, "king" | "prince") -> its cell

        def put(c, piece, side, d=d, used=used, royals=royals):
            if c in used:
                return False
            used.add(c)
            d.put(c, piece, side)
            if piece in ("king", "prince"):
                royals[side, piece] = c
            return True

        def take(c, d=d, used=used, royals=royals):
            d.clear_cell(c)
            used.discard(c)
            for k, v in list(royals.items()):
                if v == c:
                    del royals[k]

        for side in SIDES:
            homes = d.rules.homes[side]
            king = homes["king"] if rng.random() < 0.5 else _near(rng, homes["king"], 4, size)[:3]
            put(king, "king", side)
            if rng.random() < 0.8:
                put(_near(rng, homes["prince"], 2, size)[:3], "prince", side)
        for side in SIDES:
            enemy_king = royals.get((_other(side), "king"), d.rules.homes[_other(side)]["king"])
            target = enemy_king if rng.random() < 0.7 else d.rules.homes[_other(side)]["king"]
            for _ in range(rng.randint(2, 5)):
                put(_near(rng, target, 5, size), rng.choice(ARMY), side)
        mover = rng.choice(SIDES)
        theme = rng.choice(("open", "home", "margin"))
        if theme == "home":  # a royal of the mover right by (or above) an enemy home the enemy left
            enemy = _other(mover)
            home = d.rules.homes[enemy][rng.choice(("king", "prince"))]
            if home in used:
                was_king = royals.get((enemy, "king")) == home
                take(home)
                if was_king:
                    put(_near(rng, home, 3, size)[:3], "king", enemy)
            step = rng.choice(((0, 0, 1), (0, 0, 0, 1), (0, 0, 0, 1), (1, 0, 0), (0, -1 if mover == "white" else 1, 0)))
            above = tuple(a + b for a, b in zip(home + (1,), step + (0,) * (4 - len(step))))
            above = above[:3] if above[3] == 1 else above
            if 1 <= above[1] <= size[1] and 1 <= above[0] <= size[0]:
                royal = rng.choice(("king", "prince"))
                if (mover, royal) in royals:
                    take(royals[mover, royal])
                if above in used:
                    take(above)
                put(above, royal, mover)
        for side in SIDES:
            d.set_score(side, rng.randint(30, 140))
            if rng.random() < 0.25:
                d.set_credit(side, "queen", 1)
        if theme == "margin":  # one capture of 3 points or more puts the other side at half or less
            low = rng.randint(30, 70)
            d.set_score(_other(mover), low)
            d.set_score(mover, 2 * low - rng.randint(1, 3))
        d.set_to_move(mover)
        pos = d.position()
        if not cube_problems(pos):
            return pos
    raise ValueError(f"no playable sparse position in {tries} draws")


__all__ = ["sparse_position"]
