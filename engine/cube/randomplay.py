"""Seeded random legal play: the simplest computer opponent, and the source of the random
positions used by benchmarks and property tests."""

from __future__ import annotations

from ..core.errors import IllegalAction
from .actions import Turn
from .legal import legal_actions
from .position import Position
from .rules import TurnBuilder, apply_turn

FANCY = ("hyperjump", "jump", "split", "capture")


def random_turn(
    pos: Position,
    rng,
    *,
    horizon: int = 6,
    fancy: float = 0.4,
    companions: int = 2,
    stop: float = 0.5,
    extra_origins: int = 2,
    tries: int = 25,
    avoid_result: bool = True,
) -> Turn | None:
    """A random legal turn for the side to move, or None if none was found in ``tries`` origins.

    Origins are the side's pieces on the finite part of the board plus ``extra_origins`` random
    crowded-pawn squares on other planes.  With probability ``fancy`` the first action is drawn
    from hyper-jumps, jumps, splits and captures; then up to ``companions`` further actions are
    added from ``TurnBuilder.options`` (stopping early with probability ``stop`` once the turn is
    complete).  With ``avoid_result`` a turn that would end the game is skipped.
    """
    side = pos.to_move
    origins = [c for c, _ in pos.pieces_of(side)]
    lo, hi = pos.rules.crowded[side]
    origins += [
        (rng.randint(1, pos.rules.size[0]), rng.randint(lo, hi), rng.randint(2, pos.rules.size[2]))
        for _ in range(extra_origins)
    ]
    rng.shuffle(origins)
    for origin in origins[:tries]:
        acts = list(legal_actions(pos, origin, horizon))
        if not acts:
            continue
        special = [a for a in acts if a.kind in FANCY]
        first = rng.choice(special if special and rng.random() < fancy else acts)
        b = TurnBuilder(pos, origin, transactional=False)
        b.add(first)
        for _ in range(companions):
            if b.complete and rng.random() < stop:
                break
            options = b.options(horizon)
            if not options:
                break
            try:
                b.add(rng.choice(options))
            except IllegalAction:
                break
        if not b.complete:
            continue
        turn = b.finish()
        try:
            new, _ = apply_turn(pos, turn)
        except IllegalAction:
            continue
        if new.result is None or not avoid_result:
            return turn
    return None
