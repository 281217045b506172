"""A uniformly drawn legal spirit-chess turn (the computer's level 0, the arena's openings)."""

from __future__ import annotations

import random

from .position import SpiritPosition, SpiritTurn, legal_paths, levelup_squares


def random_spirit_turn(pos: SpiritPosition, rng: random.Random) -> SpiritTurn | None:
    """A uniformly drawn level-up, mover and end square (level 0)."""
    ups = levelup_squares(pos)
    side = pos.to_move
    movers = sorted(c for c, p in pos.pieces.items() if p.side == side and pos.rules.pieces[p.type].movable)
    if not ups or not movers:
        return None
    for _ in range(60):
        u, m = rng.choice(ups), rng.choice(movers)
        paths = legal_paths(pos, m, u)
        if paths:
            end = rng.choice(sorted(paths))
            return SpiritTurn(u, m, paths[end])
    for u in ups:
        for m in movers:
            paths = legal_paths(pos, m, u)
            if paths:
                return SpiritTurn(u, m, paths[min(paths)])
    return None


def random_spirit_line(pos: SpiritPosition, rng: random.Random, plies: int) -> list[SpiritPosition]:
    """``pos`` and the positions after each of up to ``plies`` seeded random turns
    (:func:`random_spirit_turn`), stopping before a turn that would end the game or where the side
    to move has none: unfinished positions for tests and benchmarks."""
    from .position import apply_spirit_turn

    out = [pos]
    for _ in range(plies):
        t = random_spirit_turn(pos, rng)
        if t is None:
            break
        new = apply_spirit_turn(pos, t)[0]
        if new.result is not None:
            break
        pos = new
        out.append(pos)
    return out
