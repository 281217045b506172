"""C3/G10 facing lines: the sparse check (changed cells + the default fill's formula) answers
exactly what walking the line cell by cell answers, and a line 10**18 cells long is answered."""

from __future__ import annotations

import random

import pytest

from engine import Piece, Position
from engine.core.coords import normalize
from engine.cube.grammar import _layers, _sparse_line_clear, facing_line_clear


def walk_clear(pos, a, b) -> bool:
    """The reference: every cell strictly between ``a`` and ``b`` read one by one."""
    n = max(len(a), len(b))
    av, bv = list(a) + [1] * (n - len(a)), list(b) + [1] * (n - len(b))
    d = [y - x for x, y in zip(av, bv)]
    m = max(abs(v) for v in d)
    step = [(v > 0) - (v < 0) for v in d]
    return all(not pos.cell(normalize([x + s * k for x, s in zip(av, step)])) for k in range(1, m))


def random_line(rng):
    """Two ends of a lattice line that moves in at least one higher dimension (4..7)."""
    n = rng.randint(4, 7)
    m = rng.randint(2, 9)
    step = [rng.choice((-1, 0, 1)) for _ in range(n)]
    step[rng.randint(3, n - 1)] = rng.choice((-1, 1))
    # x, y, z stay on the 16^3 board; higher indices stay >= 1
    a = []
    for i, s in enumerate(step):
        if i < 3:
            lo, hi = (1, 16 - m) if s > 0 else (1 + m, 16) if s < 0 else (1, 16)
        else:
            lo, hi = (1, 4) if s >= 0 else (1 + m, 4 + m)
        a.append(rng.randint(lo, hi))
    if rng.random() < 0.5:  # often cross the main board (all higher indices 1)
        k = rng.randint(1, m - 1)
        for i in range(3, n):
            if step[i]:
                a[i] = 1 - k * step[i]
            else:
                a[i] = 1
        if any(v < 1 for v in a[3:]):
            a = [v if i < 3 else max(v, 1) for i, v in enumerate(a)]
    b = [x + s * m for x, s in zip(a, step)]
    return normalize(a), normalize(b), step, m


def test_sparse_check_matches_the_walk_on_random_lines_both_fills_and_mid_turn(rules):
    rng = random.Random(8)
    kinds = ["pawn", "rook", "knight", "queen"]
    checked = blocked = 0
    for trial in range(1500):
        a, b, step, m = random_line(rng)
        cells = {a: (Piece("king", "white"),), b: (Piece("king", "black"),)}
        av = list(a) + [1] * (len(step) - len(a))
        for _ in range(rng.randint(0, 4)):
            k = rng.randint(1, m - 1)
            c = normalize([x + s * k for x, s in zip(av, step)])
            if c in cells:
                continue
            # a piece, or an emptied default cell
            cells[c] = () if rng.random() < 0.4 else (Piece(rng.choice(kinds), rng.choice(("white", "black"))),)
        fill = "default" if trial % 2 else "empty"
        pos = Position.from_pieces(rules, cells, fill=fill)
        expect = walk_clear(pos, a, b)
        base, layers = _layers(pos)
        assert _sparse_line_clear(pos, base, layers, av, step, m) == expect, (a, b, cells, fill)
        checked += 1
        blocked += not expect

        # mid-turn: a TurnBuilder overlays its own changes on the position
        class Mid:
            def __init__(self, position, changes):
                self.position, self.changes = position, changes

            def cell(self, c):
                v = self.changes.get(c)
                return v if v is not None else self.position.cell(c)

        k = rng.randint(1, m - 1)
        c = normalize([x + s * k for x, s in zip(av, step)])
        mid = Mid(pos, {c: () if pos.cell(c) else (Piece("pawn", "white"),)})
        base, layers = _layers(mid)
        assert _sparse_line_clear(mid, base, layers, av, step, m) == walk_clear(mid, a, b), (a, b, c, fill)
    assert 200 < blocked < checked - 200  # both answers occur often


def test_facing_kings_10_18_apart_along_the_4th_dimension(rules):
    far = 10**18
    kings = {(8, 8, 8, 2): (Piece("king", "white"),), (8, 8, 8, far): (Piece("king", "black"),)}
    empty = Position.from_pieces(rules, kings, fill="empty")
    assert facing_line_clear(empty, (8, 8, 8, 2), (8, 8, 8, far))
    # y = 8 is not a crowded rank: the default fill leaves the line empty too
    assert facing_line_clear(Position.from_pieces(rules, kings, fill="default"), (8, 8, 8, 2), (8, 8, 8, far))
    # one piece far out on the line blocks it
    blocked = Position.from_pieces(rules, {**kings, (8, 8, 8, far // 2): (Piece("pawn", "black"),)}, fill="empty")
    assert not facing_line_clear(blocked, (8, 8, 8, 2), (8, 8, 8, far))
    # a piece just off the line does not
    beside = Position.from_pieces(rules, {**kings, (8, 8, 7, far // 2): (Piece("pawn", "black"),)}, fill="empty")
    assert facing_line_clear(beside, (8, 8, 8, 2), (8, 8, 8, far))


def test_crowded_rank_blocks_a_far_line_unless_every_pawn_on_it_was_removed(rules):
    far = 10**12
    a, b = (8, 2, 8, 2), (8, 2, 8, far)  # y = 2 holds crowded white pawns off the green area
    kings = {a: (Piece("king", "white"),), b: (Piece("king", "black"),)}
    assert not facing_line_clear(Position.from_pieces(rules, kings, fill="default"), a, b)
    # a short line on that rank with every cell between emptied is clear
    b2 = (8, 2, 8, 6)
    cleared = {a: (Piece("king", "white"),), b2: (Piece("king", "black"),), **{(8, 2, 8, w): () for w in range(3, 6)}}
    pos = Position.from_pieces(rules, cleared, fill="default")
    assert facing_line_clear(pos, a, b2) == walk_clear(pos, a, b2) is True


@pytest.mark.parametrize("crowded", [None, {"white": [1, 5], "black": [12, 16]}])
def test_a_far_line_across_the_main_board_meets_the_default_of_its_one_main_board_cell(rules, crowded):
    # (x, y, 1, w) for w from +10**15 down to -10**15 crosses the main board once, at w = 1;
    # every other cell on it is off the main board: crowded pawns if y is a crowded rank.
    # Wider crowded ranks put empty green squares (no setup piece) on crowded ranks.
    far = 10**15
    if crowded:
        rules = rules.with_overrides({"crowded": crowded})
    pos = Position.from_pieces(rules, {}, fill="default")
    crowded = [r for side in ("white", "black") for r in range(rules.crowded[side][0], rules.crowded[side][1] + 1)]
    seen = set()
    for x in range(1, 17):
        for y in range(1, 17):
            expect = y not in crowded and not pos.default((x, y, 1))
            seen.add(expect)
            assert facing_line_clear(pos, (x, y, 1, far), (x, y, 1, -far)) == expect, (x, y)
            # the same crossing on a short line agrees with the walk
            base, layers = _layers(pos)
            assert _sparse_line_clear(pos, base, layers, [x, y, 1, 3], [0, 0, 0, -1], 4) == walk_clear(
                pos, (x, y, 1, 3), (x, y, 1, -1)
            ), (x, y)
    assert seen == {True, False}


def test_the_main_board_cell_of_a_line_holds_no_crowded_pawn_inside_the_green_area(rules):
    # crowded white ranks 1..4: rank 4 is crowded off the green area but empty inside it (no setup
    # piece there).  The line (x, 6, 1, 3) -> (x, 3, 1, 0) passes (x, 5, 1, 2) and (x, 4, 1, 1).
    rules = rules.with_overrides({"crowded": {"white": [1, 4], "black": [13, 16]}})
    pos = Position.from_pieces(rules, {}, fill="default")
    base, layers = _layers(pos)
    for x in range(1, 17):
        expect = rules.green[0][0] <= x <= rules.green[0][1]
        got = _sparse_line_clear(pos, base, layers, [x, 6, 1, 3], [0, -1, 0, -1], 3)
        assert got == walk_clear(pos, (x, 6, 1, 3), (x, 3, 1, 0)) == expect, x
