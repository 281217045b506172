"""Spirit ``has_legal_turn`` answers from a read-only view of the board, trying each mover raised,
unraised and with each own formation in reach (issue 17): the same answer as trying every
mover × level-up pair on copies of the board, which is what the rules define."""

from __future__ import annotations

import random

import pytest

from engine.core.loader import load_ruleset
from engine.spirit import position as P
from engine.spirit.position import SpiritPiece, SpiritPosition, legal_paths, levelup_squares

RULES = load_ruleset("spirit")


def every_pair(pos) -> bool:
    """The definition: some level-up square and some mover with a legal path after it."""
    movers = [c for c, p in pos.side_pieces(pos.to_move) if pos.rules.pieces[p.type].movable]
    return any(legal_paths(pos, m, u) for m in movers for u in levelup_squares(pos))


def random_position(rng, density, mover_share):
    pieces = {}
    for x in range(1, 20):
        for y in range(1, 20):
            if rng.random() < density:
                side = rng.choice(("white", "black"))
                if side == "white" and rng.random() > mover_share:
                    kind = rng.choice(("formation", "sect"))
                else:
                    kind = rng.choice(list(RULES.pieces))
                pieces[(x, y)] = SpiritPiece(kind, side, rng.randint(0, 5))
    return SpiritPosition(RULES, "white", pieces)


@pytest.mark.parametrize("seed", range(6))
def test_the_bounded_answer_equals_the_rules_definition(seed):
    rng = random.Random(seed)
    for _ in range(25):
        pos = random_position(rng, rng.choice((0.05, 0.4, 0.8, 1.0)), rng.choice((0.02, 0.3, 1.0)))
        assert P.has_legal_turn(pos) == every_pair(pos)


def test_a_side_with_nothing_to_raise_has_no_turn():
    pos = SpiritPosition(
        RULES, "white", {(1, 1): SpiritPiece("sect", "white", 0), (5, 5): SpiritPiece("sect", "black", 0)}
    )
    assert not P.has_legal_turn(pos) and not every_pair(pos)


def test_a_full_board_of_own_pieces_is_boxed_in_and_answered():
    """361 pieces that cannot move: every mover is boxed in by its own side (H2), so no pair needs
    a path search; the old way tried 360 × 360 pairs, each on a copy of the board."""
    rng = random.Random(3)
    pieces = {(1, 1): SpiritPiece("sect", "white", 0)}
    for x in range(1, 20):
        for y in range(1, 20):
            if (x, y) != (1, 1):
                kind = "formation" if max(x, y) <= 2 else rng.choice(("formation", "disciple", "master", "elder"))
                pieces[(x, y)] = SpiritPiece(kind, "black", rng.randint(0, 2))
    pos = SpiritPosition(RULES, "black", pieces)
    assert P.has_legal_turn(pos) is False


def test_the_lifted_view_reads_like_the_board_without_the_mover():
    base = {(1, 1): SpiritPiece("sect", "white", 0), (2, 2): SpiritPiece("master", "white", 1)}
    raised = SpiritPiece("formation", "white", 4)
    view = P._Lifted(base, (2, 2), (1, 1), raised)
    assert dict(view.items()) == {(1, 1): raised}
    assert (2, 2) not in view and view.get((2, 2)) is None and len(view) == 1
