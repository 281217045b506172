"""Spirit legality reads formation zones from one table per arrangement (issue 18): the table says
what ``zone_level`` says for every square, and the legal paths it yields are exactly the end
squares the turn machine accepts, found by trying every path of the step count."""

import itertools
import random

from spirit_helpers import RULES, make, pc

from engine.core.errors import IllegalAction
from engine.spirit import SpiritTurn, apply_spirit_turn, default_placement, spirit_start_position
from engine.spirit.position import KING_DIRS, _Lifted, catch_squares, legal_paths, step_budget, zone_level
from engine.spirit.randomplay import random_spirit_line
from engine.spirit.zones import Zones


def _positions():
    start = spirit_start_position(RULES, default_placement(RULES, "white"), default_placement(RULES, "black"))
    out = []
    for seed in range(3):
        out.append(random_spirit_line(start, random.Random(seed), 8 + 6 * seed)[-1])
    # zones that matter: formations of both sides around a crossing of pieces
    out.append(
        make(
            {
                (10, 10): ("formation", "black", 3),
                (12, 10): ("formation", "black"),
                (9, 12): ("formation", "white"),
                (11, 12): ("elder", "white"),
                (10, 13): ("master", "white"),
                (12, 13): ("vicemaster", "white", 4),
                (11, 8): ("disciple", "black"),
            }
        )
    )
    return out


def test_the_zone_table_says_what_zone_level_says_on_every_square():
    for pos in _positions():
        for view in (pos.pieces, _Lifted(pos.pieces, next(iter(pos.pieces)))):
            eager, lazy = Zones(RULES, view), Zones(RULES, view, eager=False)
            for x, y in itertools.product(range(1, 20), repeat=2):
                for side in ("white", "black"):
                    want = zone_level(RULES, view, side, (x, y))
                    assert eager.level(side, (x, y)) == lazy.level(side, (x, y)) == want


def _accepted_ends(pos, levelup, origin, n):
    """End squares of every path of 1..n neighbour steps that the turn machine plays."""
    ends = set()
    for k in range(1, n + 1):
        for steps in itertools.product(KING_DIRS, repeat=k):
            path, at = [], origin
            for dx, dy in steps:
                at = (at[0] + dx, at[1] + dy)
                path.append(at)
            try:
                new, caps = apply_spirit_turn(pos, SpiritTurn(levelup, origin, tuple(path)))
            except IllegalAction:
                continue
            caught = [c.at for c in caps if c.piece.side == pos.to_move and c.reason == "formation"]
            ends.add(caught[0] if caught else path[-1])
    return ends


def test_legal_paths_are_exactly_the_ends_the_turn_machine_accepts():
    checked = 0
    for pos in _positions():
        side = pos.to_move
        for origin, p in pos.side_pieces(side):
            if not RULES.pieces[p.type].movable or RULES.pieces[p.type].formation:
                continue
            raised = pc(p.type, side, p.level + 1)
            n = step_budget(RULES, raised)
            if n is None or n > 3:
                continue
            got = legal_paths(pos, origin, origin)
            assert set(got) == _accepted_ends(pos, origin, origin, n), (pos, origin)
            for end, path in got.items():  # each path is played as given, ending where it says
                new, caps = apply_spirit_turn(pos, SpiritTurn(origin, origin, path))
                mover_caught = any(c.piece.side == side and c.reason == "formation" for c in caps)
                assert mover_caught == (end in catch_squares(pos, origin, origin))
            checked += 1
    assert checked >= 8
