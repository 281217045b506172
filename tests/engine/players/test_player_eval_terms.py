"""The evaluation's issue-18 terms: static exchange, hanging pieces, C16 captures as wins on the
spot, pawns near promotion, pieces one jump from a fled king's board; spirit: formation immunity,
reach and mobility; the weights as data."""

import random

import pytest
from players_helpers import cube, spirit

from engine import Game
from engine.cube.randomplay import random_turn
from engine.players import cube_eval as ev
from engine.players import cube_exchange as cx
from engine.players import spirit_eval as se
from engine.players.weights import WEIGHTS, load_weights


@pytest.mark.parametrize(
    ("victim", "attackers", "defenders", "gain"),
    [
        (3, [1], [], 3),  # a hanging piece
        (3, [12], [1], 0),  # queen for a rook guarded by a pawn: not worth it
        (12, [3], [1], 9),  # rook takes a queen, the pawn takes the rook
        (1, [3], [3], 0),  # pawn guarded: 1 - 3 < 0, so no capture
        (3, [3, 3], [3], 3),  # two attackers against one defender
        (3, [3], [3, 3], 0),
    ],
)
def test_swap_gain_is_the_static_exchange(victim, attackers, defenders, gain):
    assert cx.swap_gain(victim, attackers, defenders) == gain


def test_a_hanging_rook_counts_for_the_side_that_can_take_it_and_against_its_owner():
    # the black rook on (5,9) is attacked by the white rook and guarded by nothing
    pos = cube({(1, 1, 1): "wK", (3, 1, 1): "wH", (5, 5, 1): "wR", (5, 9, 1): "bR", (14, 16, 1): "bK"})
    ex = cx.exchanges(pos)
    assert ex["white"][1] == [3] and ex["black"][1] == [3]  # each rook hangs to the other
    guarded = cube(
        {(1, 1, 1): "wK", (3, 1, 1): "wH", (5, 5, 1): "wR", (5, 9, 1): "bR", (6, 10, 1): "bP", (14, 16, 1): "bK"}
    )
    ex = cx.exchanges(guarded)
    assert ex["white"][1] == []  # rook for rook, then the pawn recaptures: 3 - 3 = 0
    w, f = ev.features(pos)
    assert not w and f[ev.TERMS.index("hang_gain")] == 3 and f[ev.TERMS.index("hang_loss")] == -3


def test_the_board_grid_scan_agrees_with_the_attack_scan_on_every_square():
    for seed in range(3):
        rng, g = random.Random(seed), Game("standard")
        for _ in range(30 + 10 * seed):
            t = random_turn(g.position, rng)
            if t is None or g.position.result is not None:
                break
            g.play(t)
        pos = g.position
        vals = {n: p.value for n, p in pos.rules.pieces.items()}
        for rest in {c[2:] for c in pos.cells} | {(1,)}:
            grid, h = cx._board_grid(pos, rest)
            for x in range(1, 17):
                for y in range(1, 17):
                    for side in ("white", "black"):
                        got = cx._grid_capturers(grid, h, (x + 1) * h + y + 1, side, cx._table(pos.rules, side), vals)
                        want = sorted(
                            cx.KING_ATTACKER
                            if any(p.type == "king" for p in pos.cell(c))
                            else sum(vals[p.type] for p in pos.cell(c))
                            for c, _, _ in ev.attackers(pos, (x, y) + rest, side)
                        )
                        assert got == want, ((x, y) + rest, side)


def test_a_capture_that_ends_the_game_by_c16_is_a_win_on_the_spot():
    cells = {(8, 1, 1): "wK", (9, 1, 1): "wH", (6, 6, 1): "wR", (6, 12, 1): "bQ", (7, 13, 1): "bP", (9, 16, 1): "bK"}
    near = cube(cells, scores={"white": 70, "black": 40})  # 70 + 12 >= 2 * 40
    far = cube(cells, scores={"white": 60, "black": 40})  # 60 + 12 < 80
    assert ev.evaluate(near) == ev.THREAT_WIN
    assert ev.evaluate(far) < ev.THREAT_WIN
    # the same capture threatened by the side not to move is a threat against it
    black = cube(cells, scores={"white": 70, "black": 40}, to_move="black")
    assert ev.features(black)[1][ev.TERMS.index("threat")] <= -1


def test_a_moved_pawn_near_its_promotion_line_counts_on_any_board():
    base = {(1, 1, 1): "wK", (3, 1, 1): "wH", (14, 16, 1): "bK"}
    far = cube({**base, (5, 6, 1, 2): "wP"})
    near = cube({**base, (5, 12, 1, 2): "wP"})
    on = cube({**base, (5, 14, 3): "wP"})
    assert ev._pawns_near(far, "white") == 0
    assert 0 < ev._pawns_near(near, "white") < ev._pawns_near(on, "white") == 1


def test_pieces_on_or_next_to_a_fled_kings_board_are_hunters():
    pos = cube({(1, 1, 1): "wK", (3, 1, 1): "wH", (9, 9, 1, 3): "bK", (5, 5, 1, 3): "wR", (6, 6, 1, 2): "wN"})
    assert ev._hunters(pos, "white") == (1, 1)
    assert ev._hunters(pos, "black") == (0, 0)  # white's king is on the main plane


def test_spirit_pieces_inside_their_formation_zone_are_immune_and_others_reachable():
    pos = spirit(
        {
            (10, 1): ("sect", "white"),
            (9, 2): ("formation", "white"),
            (10, 2): ("disciple", "white"),  # inside its own formation's zone
            (5, 5): ("disciple", "white"),  # two steps from black's elder: reachable
            (10, 18): ("sect", "black"),
            (5, 7): ("elder", "black"),
        }
    )
    rc = se.reach(pos)
    assert rc["white"][1] == 1
    assert rc["black"][0] == [se.VALUE["disciple"]]  # the elder reaches the outside disciple only
    assert se._mobility(pos, "white") > 0


def test_the_weights_are_data_and_bad_values_are_refused():
    assert WEIGHTS["cube"]["point"] == 100
    assert ev.term_weights(WEIGHTS["cube"]) == ev.WEIGHTS_CUBE
    assert len(ev.WEIGHTS_CUBE) == len(ev.TERMS)
    with pytest.raises(ValueError, match="hang_gain"):
        load_weights('[cube]\nhang_gain = "a lot"\n')
    with pytest.raises(TypeError):
        WEIGHTS["cube"]["point"] = 1  # read-only


def _reference_exchanges(pos):
    """exchanges() from the plain attack scan (no grids, no lone-board shortcut)."""
    vals = {n: p.value for n, p in pos.rules.pieces.items()}

    def worth(c):
        st = pos.cell(c)
        return cx.KING_ATTACKER if any(p.type == "king" for p in st) else sum(vals[p.type] for p in st)

    out = {"white": [0, []], "black": [0, []]}
    for c, side, v in cx._targets(pos, vals):
        opp = "black" if side == "white" else "white"
        att = sorted(worth(a) for a, _, _ in ev.attackers(pos, c, opp))
        if not att:
            continue
        dfn = sorted(worth(a) for a, _, _ in ev.attackers(pos, c, side))
        out[opp][0] = max(out[opp][0], v)
        g = cx.swap_gain(v, att, dfn)
        if g > 0:
            out[opp][1].append(g)
    for rec in out.values():
        rec[1].sort(reverse=True)
    return out


def test_exchanges_equal_the_plain_attack_scan_along_random_games():
    for seed in range(4):
        rng, g = random.Random(100 + seed), Game("standard")
        for _ in range(40):
            t = random_turn(g.position, rng)
            if t is None or g.position.result is not None:
                break
            g.play(t)
            assert cx.exchanges(g.position) == _reference_exchanges(g.position)
