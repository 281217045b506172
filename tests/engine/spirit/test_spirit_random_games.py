"""Property test: random legal games from random valid setups never crash and keep invariants."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from spirit_helpers import RULES

from engine.core.errors import IllegalAction
from engine.spirit import (
    SpiritGame,
    SpiritPiece,
    SpiritTurn,
    apply_spirit_turn,
    check_setup,
    format_spirit_record,
    formation_zones,
    legal_paths,
    levelup_squares,
    parse_spirit_record,
    played_turn,
    step_budget,
)

MAX_PLIES = 200


def other_side(side: str) -> str:
    return "black" if side == "white" else "white"


def random_placement(rng: random.Random, side: str) -> dict:
    lo, hi = RULES.halves[side]
    sect = (rng.randint(2, 18), rng.randint(lo + 1, hi - 1))
    ring = [(sect[0] + dx, sect[1] + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
    rng.shuffle(ring)
    kinds = [k for k, spec in RULES.pieces.items() if not spec.royal for _ in range(spec.count)]
    kinds.remove("master")
    rng.shuffle(kinds)
    out = {sect: "sect", ring[0]: "master"}
    guards = rng.randint(2, 7)
    for c in ring[1 : 1 + guards]:
        out[c] = kinds.pop()
    free = [(x, y) for x in range(1, 20) for y in range(lo, hi + 1) if (x, y) not in out]
    for c, k in zip(rng.sample(free, len(kinds)), kinds):
        out[c] = k
    check_setup(RULES, side, out)
    return out


def random_turn(rng: random.Random, pos, bold: float = 0.6) -> SpiritTurn:
    ups = levelup_squares(pos)
    movers = [c for c, p in pos.side_pieces(pos.to_move) if RULES.pieces[p.type].movable]
    rng.shuffle(movers)
    enemy = [c for c, p in pos.pieces.items() if p.side != pos.to_move and RULES.pieces[p.type].royal]
    goal = enemy[0] if enemy else (10, 10)
    for _ in range(40):
        up = rng.choice(ups)
        for m in movers:
            paths = legal_paths(pos, m, up)
            if paths:
                ends = sorted(paths)
                if rng.random() < bold:  # head for the enemy sect
                    end = min(ends, key=lambda e: max(abs(e[0] - goal[0]), abs(e[1] - goal[1])))
                else:
                    end = rng.choice(ends)
                return SpiritTurn(up, m, _maybe_full_path(rng, pos, up, m, paths[end]))
    raise AssertionError("has_legal_turn said a turn exists but none was found")


def _maybe_full_path(rng: random.Random, pos, up, origin, path):
    """A path cut where a formation zone catches the mover (S11) is sometimes given in full: the
    engine must play it as caught on the same square (the rest has only to be well-shaped)."""
    piece = pos.pieces[origin]
    piece = SpiritPiece(piece.type, piece.side, piece.level + (up == origin))
    n = step_budget(RULES, piece)
    if n is None or len(path) >= n or rng.random() < 0.5:
        return path
    dirs = [
        (dx, dy)
        for dx in (-1, 0, 1)
        for dy in (-1, 0, 1)
        if (dx or dy) and (not RULES.pieces[piece.type].diagonal or (dx and dy))
    ]
    full = list(path)
    while len(full) < n:
        seen = {origin, *full}
        nxt = [(full[-1][0] + dx, full[-1][1] + dy) for dx, dy in dirs]
        nxt = [c for c in nxt if RULES.on_board(c) and c not in seen]
        if not nxt:
            return path
        full.append(rng.choice(nxt))
    return tuple(full)


def maybe_transform(rng, pos, turn):
    """Try to add a legal S8 transform to ``turn``; return the turn used."""
    side = pos.to_move
    counts = pos.counts(side)
    depleted = [
        k
        for k, n in counts.items()
        if n < pos.start_counts[side][k] and not RULES.pieces[k].royal and not RULES.pieces[k].transforms
    ]
    if not depleted:
        return turn
    for c, p in pos.side_pieces(side):
        if p.type == "disciple" and p.level >= 2:
            at = turn.end if c == turn.origin else c
            t = SpiritTurn(turn.levelup, turn.origin, turn.path, (at, rng.choice(depleted)))
            try:
                apply_spirit_turn(pos, t)
                return t
            except IllegalAction:
                continue
    return turn


def check_invariants(before, after, turn, caps):
    for side in ("white", "black"):
        cb, ca = before.counts(side), after.counts(side)
        assert sum(ca.values()) <= sum(cb.values())
        for k, n in ca.items():
            assert n <= after.start_counts[side][k]
            if not (turn.transform and side == before.to_move):
                assert n <= cb[k]
    assert len(before.pieces) - len(after.pieces) == len(caps)
    mover = before.pieces[turn.origin]
    for c in caps:  # S11: a zone catches the mover where its played path ends
        if c.reason == "formation":
            assert c.at == turn.end and c.piece.side == mover.side
    moved = after.pieces.get(turn.end)
    if moved is not None and moved.side == mover.side and not turn.transform:
        # H3 + S11: a mover that survives never stands inside an enemy formation zone it entered
        assert formation_zones(after).get(turn.end, {}).get(other_side(mover.side), 0) == 0
    for c, p in after.pieces.items():
        if c == turn.end and p.side == before.to_move:
            old = before.pieces[turn.origin]
            assert p.level == old.level + (turn.levelup == turn.origin)
        elif c in before.pieces:
            old = before.pieces[c]
            assert old.side == p.side
            assert p.level == old.level + (c == turn.levelup)
            assert p.type == old.type or (turn.transform and c == turn.transform.at)
        else:
            raise AssertionError(f"piece appeared on {c}")


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1))
def test_random_games_keep_invariants_and_replay(seed):
    rng = random.Random(seed)
    game = SpiritGame(RULES, random_placement(rng, "white"), random_placement(rng, "black"))
    while game.result is None and len(game.turns) < MAX_PLIES:
        before = game.position
        turn = maybe_transform(rng, before, random_turn(rng, before))
        game.play(turn)
        caps = game.captures[-1]
        played = game.turns[-1]  # the game keeps the path as played (cut by S11)
        assert played == played_turn(before, turn) and turn.path[: len(played.path)] == played.path
        check_invariants(before, game.position, played, caps)
    text = format_spirit_record(game)
    replay = SpiritGame.from_record(parse_spirit_record(text))
    assert replay.position == game.position
    assert format_spirit_record(replay) == text
    while game.can_undo:
        game.undo()
    assert game.position == replay.positions[0]


def test_random_games_reach_results(tmp_path):
    """Bold seeded games under a turn limit end with results (sect captured or turn limit)."""
    from spirit_helpers import variant

    rules = variant(tmp_path, "[gaps]\nh6_max_plies = 150\n")
    reasons = {}
    for seed in range(8):
        rng = random.Random(seed)
        game = SpiritGame(rules, random_placement(rng, "white"), random_placement(rng, "black"))
        while game.result is None:
            game.play(random_turn(rng, game.position, bold=0.9))
        reasons[game.result.reason] = reasons.get(game.result.reason, 0) + 1
    print(reasons)
    assert "sect-captured" in reasons, reasons
