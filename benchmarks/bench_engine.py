"""Legal-action generation speed of the Daqi engine, against python-chess in the same run.

Run from the repository root::

    .venv/bin/python benchmarks/bench_engine.py            # full run (a few seconds)
    .venv/bin/python benchmarks/bench_engine.py --quick    # fewer repetitions

It prints figures, it is not a test.  Every figure is the best of several timed runs
(``time.perf_counter``), so background load inflates it as little as possible.

* engine: ``list(legal_actions(pos, origin, horizon))`` for every own origin of the side to move
  (all of the main 3-D board, plus own pieces on other boards), per action and per position, and
  for single origin squares (pawn, knight, rook, a stack, a queen on an open board);
* python-chess: ``list(board.legal_moves)`` on the start position and middlegames from seeded
  random play, per move and per position;
* the ratio engine µs per action / python-chess µs per move (target: at most 5).
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import Game, Piece, Position, legal_actions, load_ruleset, start_position  # noqa: E402
from engine.cube.randomplay import random_turn as _random_turn  # noqa: E402

HORIZON = 5


# -- seeded random play (also used by bench_records.py and bench_memory.py) --------------------------


def random_turn(pos, rng, horizon=6, tries=25):
    """A random legal turn that does not end the game (engine.cube.randomplay), or None."""
    return _random_turn(pos, rng, horizon=horizon, tries=tries)


def random_game(seed: int, turns: int, horizon: int = 6) -> Game:
    """A game of ``turns`` seeded random legal turns (stops early only if no turn is found)."""
    rng = random.Random(seed)
    game = Game("standard")
    while len(game.turns) < turns:
        for _ in range(5):
            t = random_turn(game.position, rng, horizon=horizon)
            if t is None:
                continue
            game.play(t)
            if game.position.result is None:
                break
            game.undo()  # a repetition draw: try another turn
        else:
            break
    return game


def crowded_position() -> Position:
    """A constructed crowded middlegame: big pieces, stacks and pieces on several boards."""
    rules = load_ruleset("standard")
    rng = random.Random(2024)
    W = lambda t: Piece(t, "white")  # noqa: E731
    B = lambda t: Piece(t, "black")  # noqa: E731
    cells = {}
    big = ["queen", "brother", "rook", "bishop", "cannon", "knight"]
    for z in (1, 2, 5, 9):
        for _ in range(10):
            x, y = rng.randint(1, 16), rng.randint(4, 13)
            side = rng.choice((W, B))
            cells[(x, y, z)] = (side(rng.choice(big)),)
        for _ in range(4):
            x, y = rng.randint(1, 16), rng.randint(4, 13)
            side = rng.choice((W, B))
            cells[(x, y, z)] = tuple(side(rng.choice(big + ["pawn"])) for _ in range(rng.randint(2, 4)))
        for x in range(1, 17, 3):  # open some files through the crowded pawns
            for y in (2, 3, 14, 15):
                cells[(x, y, z)] = ()
    for higher in ((2,), (1, 3), (1, 1, 1, 1, 1, 1, 7), (1000000,)):
        for _ in range(6):
            x, y, z = rng.randint(1, 16), rng.randint(4, 13), rng.randint(1, 16)
            side = rng.choice((W, B))
            cells[(x, y, z) + higher] = (side(rng.choice(big)),)
    return Position.from_pieces(rules, cells)


def own_origins(pos) -> list:
    """Every own origin of the side to move on the main 3-D board, plus own changed cells elsewhere."""
    side = pos.to_move
    out = [c for c, s in pos.board_pieces() if s[0].side == side]
    out += [c for c, s in pos.cells.items() if s and s[0].side == side and len(c) > 3]
    return out


# -- timing --------------------------------------------------------------------------------------------


def best_time(fn, repeat: int, number: int) -> float:
    """Best per-call seconds over ``repeat`` runs of ``number`` calls."""
    gc.collect()
    best = float("inf")
    gc.disable()
    try:
        for _ in range(repeat):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            best = min(best, (time.perf_counter() - t0) / number)
    finally:
        gc.enable()
    return best


def engine_full(pos, horizon, repeat, number):
    origins = own_origins(pos)

    def run():
        n = 0
        for o in origins:
            n += len(list(legal_actions(pos, o, horizon)))
        return n

    actions = run()
    t = best_time(run, repeat, number)
    return len(origins), actions, t


def chess_positions(seeds=(1, 2, 3, 4), plies=(20, 40, 60)) -> list:
    import chess

    boards = [chess.Board()]
    for seed in seeds:
        rng = random.Random(seed)
        b = chess.Board()
        for ply in range(max(plies)):
            moves = list(b.legal_moves)
            if not moves:
                break
            b.push(rng.choice(moves))
            if ply + 1 in plies and not b.is_game_over():
                boards.append(b.copy(stack=False))
    return boards


def chess_timing(boards, repeat, number):
    total_moves = sum(len(list(b.legal_moves)) for b in boards)

    def run():
        for b in boards:
            list(b.legal_moves)

    t = best_time(run, repeat, number)
    return total_moves, t


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions")
    ap.add_argument("--horizon", type=int, default=HORIZON)
    args = ap.parse_args(argv)
    rep, num = (3, 1) if args.quick else (7, 2)
    H = args.horizon
    import chess

    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}, "
        f"{platform.system()}; python-chess {chess.__version__}"
    )
    print(f"horizon {H} (hyper-jumps listed in dimensions 4..{H}); best of {rep} runs\n")

    # python-chess, same run
    boards = chess_positions()
    moves, t_chess = chess_timing(boards, rep, num * 20)
    chess_per_move = t_chess / moves * 1e6
    chess_per_pos = t_chess / len(boards) * 1e6
    b0 = boards[:1]
    m0, t0 = chess_timing(b0, rep, num * 200)
    print(
        f"python-chess list(board.legal_moves): {len(boards)} positions (start + random middlegames), "
        f"{moves} moves: {chess_per_move:.2f} µs/move, {chess_per_pos:.1f} µs/position "
        f"(start position alone: {t0 / m0 * 1e6:.2f} µs/move)\n"
    )

    # engine positions
    t_build = time.perf_counter()
    start = start_position()
    game = random_game(seed=200, turns=200)
    mid = game.position
    crowded = crowded_position()
    print(
        f"built positions in {time.perf_counter() - t_build:.1f} s: random middlegame after "
        f"{len(game.turns)} seeded random turns ({len(mid.cells)} changed cells, highest dimension "
        f"{mid.max_dimension()}), constructed crowded position ({len(crowded.cells)} changed cells, highest "
        f"dimension {crowded.max_dimension()})\n"
    )

    print(
        f"{'full listing (every own origin)':42s} {'origins':>7s} {'actions':>8s} {'ms/pos':>8s} "
        f"{'µs/action':>10s} {'× chess':>8s}"
    )
    ratios = {}
    for name, pos in (
        ("start position", start),
        ("random middlegame (200 turns)", mid),
        ("constructed crowded position", crowded),
    ):
        n_orig, n_act, t = engine_full(pos, H, rep, num)
        per_action = t / n_act * 1e6
        ratios[name] = per_action / chess_per_move
        print(f"{name:42s} {n_orig:7d} {n_act:8d} {t * 1e3:8.2f} {per_action:10.2f} {ratios[name]:8.2f}")
    print()

    print(f"{'single origin':42s} {'actions':>8s} {'µs/listing':>11s} {'µs/action':>10s}")
    rules = start.rules
    stacked = Position.from_pieces(
        rules, {(8, 6, 1): (Piece("rook", "white"), Piece("knight", "white"), Piece("pawn", "white"))}
    )
    open_q = Position.from_pieces(rules, {(8, 8, 8, 1, 2): (Piece("queen", "white"),)}, fill="empty")
    singles = [
        ("start: pawn (9,3,1)", start, (9, 3, 1)),
        ("start: knight (4,1,1)", start, (4, 1, 1)),
        ("start: rook (3,1,1)", start, (3, 1, 1)),
        ("start: king (8,1,1)", start, (8, 1, 1)),
        ("start: crowded pawn (1,3,5)", start, (1, 3, 5)),
        ("stack rook+knight+pawn (8,6,1)", stacked, (8, 6, 1)),
        ("queen on an empty board (8,8,8,1,2)", open_q, (8, 8, 8, 1, 2)),
    ]
    worst = 0.0
    for name, pos, o in singles:
        n = len(list(legal_actions(pos, o, H)))
        t = best_time(lambda: list(legal_actions(pos, o, H)), rep, num * 300)
        worst = max(worst, t)
        print(f"{name:42s} {n:8d} {t * 1e6:11.2f} {t / max(n, 1) * 1e6:10.2f}")
    print()
    print(
        f"target 1: one origin's full listing < 1 ms: worst {worst * 1e6:.1f} µs -> "
        f"{'MET' if worst < 1e-3 else 'NOT MET'}"
    )
    w = max(ratios.values())
    print(
        f"target 2: engine µs/action <= 5 × python-chess µs/move: worst ratio {w:.2f} -> "
        f"{'MET' if w <= 5 else 'NOT MET'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
