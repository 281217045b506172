"""Search speed of the computer players, beside python-chess measured in the same run.

Run from the repository root::

    .venv/bin/python benchmarks/bench_search.py            # full run (about a minute)
    .venv/bin/python benchmarks/bench_search.py --quick    # fewer positions and repetitions
    .venv/bin/python benchmarks/bench_search.py --against DIR [--rounds N]  # levels 2-3 vs another checkout

It prints figures; it is not a test.  Engine-operation figures (python-chess's too) are the best of
several timed runs in CPU time of the process (``time.process_time``, garbage collector off), so a
loaded machine inflates them little; search figures are per suggestion over a fixed set of positions
(the start position and seeded random middlegames), median and p95, in wall-clock and CPU time.

* python-chess: ``board.push(m); board.pop()`` per move and ``list(board.legal_moves)`` per position;
* engine operations the search stands on: ``apply_turn`` (a turn applied: a new immutable position),
  taking it back (keeping the old position: a reference, nothing to undo), the static evaluation,
  the bounded candidate list; the same for spirit chess (``apply_spirit_turn``);
* the search: nodes per second (a node = a turn applied and its position evaluated) and think
  time per turn for levels 1 to 4 of both games (default node budgets);
* the reference search: a plain python-chess alpha-beta (negamax, depth 3, material evaluation,
  captures first), measured in the same rounds as level 3 of both games, interleaved round by
  round, in nodes per CPU-second (a node = a move pushed and its position evaluated);
* apply + undo: the search's own apply (``apply_turn_changes``, trusted, as at inner nodes) and
  ``Game.play`` + ``Game.undo`` (with the repetition key) against python-chess's push + pop.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import Game, apply_turn, load_ruleset, start_position
from engine.cube.randomplay import random_turn
from engine.players import suggest
from engine.players.cube_player import ADAPTER as CUBE
from engine.players.spirit_player import ADAPTER as SPIRIT
from engine.players.spirit_player import random_spirit_turn
from engine.spirit import apply_spirit_turn, default_placement, spirit_start_position


def best(fn, repeat: int) -> float:
    gc.disable()
    try:
        times = []
        for _ in range(repeat):
            t0 = time.process_time()
            fn()
            times.append(time.process_time() - t0)
        return min(times)
    finally:
        gc.enable()


def cube_positions(n: int) -> list:
    out = [start_position()]
    seed = 0
    while len(out) < n:
        rng, g = random.Random(seed), Game("standard")
        for _ in range(10 + 6 * seed):
            t = random_turn(g.position, rng)
            if t is None:
                break
            g.play(t)
        if g.position.result is None:
            out.append(g.position)
        seed += 1
    return out


def spirit_positions(n: int) -> list:
    rules = load_ruleset("spirit")
    start = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    out, seed = [start], 0
    while len(out) < n:
        rng, pos = random.Random(seed), start
        for _ in range(6 + 4 * seed):
            t = random_spirit_turn(pos, rng)
            if t is None:
                break
            pos = apply_spirit_turn(pos, t)[0]
            if pos.result is not None:
                break
        if pos.result is None:
            out.append(pos)
        seed += 1
    return out


def chess_figures(repeat: int) -> tuple[float, float, float]:

    boards = chess_boards((20, 40, 60))
    pairs = [(b, m) for b in boards for m in list(b.legal_moves)]
    n_moves = len(pairs)

    def pushpop():
        for b, m in pairs:
            b.push(m)
            b.pop()

    def gen():
        for b in boards:
            list(b.legal_moves)

    t_pp = best(pushpop, repeat) / n_moves
    t_gen = best(gen, repeat) / len(boards)
    return t_pp, t_gen, n_moves / len(boards)


def engine_figures(positions: list, repeat: int, game: str) -> dict:
    adapter = CUBE if game == "cube" else SPIRIT
    nodes = [adapter.root(p) for p in positions]
    turns = [(n, t) for n in nodes for t in adapter.moves(n)]
    if game == "cube":
        ok = [(n, t) for n, t in turns if _legal_cube(n.pos, t)]
    else:
        ok = [(n, t) for n, t in turns if adapter.play(n, t) is not None]
    kids = [adapter.play(n, t) for n, t in ok]
    raw = [(n.pos, t) for n, t in ok]

    def apply_all():
        if game == "cube":
            for p, t in raw:
                apply_turn(p, t)
        else:
            for p, t in raw:
                apply_spirit_turn(p, t)

    def take_back():
        keep = None
        for p, _ in raw:
            keep = p  # the old position is immutable: taking a turn back is keeping it
        return keep

    def evaluate():
        for k in kids:
            adapter.evaluate(k)

    def generate():
        for n in nodes:
            adapter.moves(n)

    return {
        "turns": len(raw),
        "apply": best(apply_all, repeat) / len(raw),
        "undo": best(take_back, repeat) / len(raw),
        "eval": best(evaluate, repeat) / len(kids),
        "gen": best(generate, repeat) / len(nodes),
        "cands": len(turns) / len(nodes),
    }


def chess_alphabeta(boards: list, depth: int = 3) -> tuple[int, float]:
    """Nodes and CPU seconds of a plain python-chess alpha-beta over ``boards`` (the reference)."""
    import chess

    vals = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500, chess.QUEEN: 900, chess.KING: 0}
    nodes = 0

    def evaluate(b) -> int:
        e = 0
        for p in b.piece_map().values():
            e += vals[p.piece_type] if p.color == b.turn else -vals[p.piece_type]
        return e

    def negamax(b, d, alpha, beta) -> int:
        nonlocal nodes
        if d == 0:
            return evaluate(b)
        moves = sorted(b.legal_moves, key=lambda m: not b.is_capture(m))
        if not moves:
            return -100_000 if b.is_check() else 0
        best = -1_000_000
        for m in moves:
            b.push(m)
            nodes += 1
            v = -negamax(b, d - 1, -beta, -alpha)
            b.pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best

    c0 = time.process_time()
    for b in boards:
        negamax(b.copy(), depth, -1_000_000, 1_000_000)
    return nodes, time.process_time() - c0


def chess_boards(lengths=(12, 24)) -> list:
    """The start position and seeded random games of the given lengths (python-chess boards)."""
    import chess

    out = [chess.Board()]
    rng = random.Random(1)
    for plies in lengths:
        b = chess.Board()
        for _ in range(plies):
            ms = list(b.legal_moves)
            if not ms:
                break
            b.push(rng.choice(ms))
        out.append(b)
    return out


def interleaved(cube_pos: list, spirit_pos: list, rounds: int) -> None:
    """python-chess alpha-beta and level 3 of both games, round by round, in nodes per CPU-second."""
    boards = chess_boards()
    rows = []
    for r in range(rounds):
        n, c = chess_alphabeta(boards)
        row = [n / c]
        for ps in (cube_pos, spirit_pos):
            nodes, cpu = 0, 0.0
            for i, p in enumerate(ps):
                c0 = time.process_time()
                nodes += suggest(p, 3, seed=i).nodes
                cpu += time.process_time() - c0
            row.append(nodes / cpu)
        rows.append(row)
        print(
            f"round {r + 1}: python-chess alpha-beta {row[0]:9,.0f}  cube L3 {row[1]:7,.0f} ({row[0] / row[1]:.1f}x slower)"
            f"  spirit L3 {row[2]:7,.0f} ({row[0] / row[2]:.1f}x slower)  nodes/cpu-s"
        )
    med = [statistics.median(x[i] for x in rows) for i in range(3)]
    print(
        f"median: python-chess {med[0]:,.0f}, cube L3 {med[1]:,.0f} ({med[0] / med[1]:.1f}x), "
        f"spirit L3 {med[2]:,.0f} ({med[0] / med[2]:.1f}x) nodes per CPU-second"
    )


def apply_undo_figures(positions: list, repeat: int) -> tuple[float, float]:
    """µs per turn: the search's trusted apply (``apply_turn_changes``) and ``Game.play`` + ``undo``."""
    from engine.cube.rules import apply_turn_changes

    turns = []
    for p in positions:
        for t in CUBE.moves(CUBE.root(p)):
            if _legal_cube(p, t):
                turns.append((p, t))
    games = []
    for p, t in turns[:400]:
        g = Game("standard")
        g.positions[-1] = p  # the game's history holds the position (its repetition count too)
        g._seen[p.key()] += 1
        games.append((g, t))

    def search_apply():
        for p, t in turns:
            apply_turn_changes(p, t, trusted=True)

    def play_undo():
        for g, t in games:
            g.play(t)
            g.undo()

    return best(search_apply, repeat) / len(turns), best(play_undo, repeat) / len(games)


def _legal_cube(pos, t) -> bool:
    try:
        apply_turn(pos, t)
        return True
    except Exception:  # noqa: BLE001 - a candidate the engine refuses is simply not counted
        return False


def search_figures(positions: list, levels=(1, 2, 3, 4)) -> dict:
    out = {}
    for lv in levels:
        times, cpus, nodes = [], [], []
        for i, p in enumerate(positions):
            t0, c0 = time.perf_counter(), time.process_time()
            s = suggest(p, lv, seed=i)
            times.append(time.perf_counter() - t0)
            cpus.append(time.process_time() - c0)
            nodes.append(s.nodes)
        st, sc = sorted(times), sorted(cpus)
        k = min(len(st) - 1, int(0.95 * len(st)))
        out[lv] = {
            "median": statistics.median(times),
            "p95": st[k],
            "nps": sum(nodes) / sum(times),
            "cpu": statistics.median(cpus),
            "cpu95": sc[k],
            "cnps": sum(nodes) / sum(cpus),
            "nodes": statistics.median(nodes),
        }
    return out


_BASELINE_RUN = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import engine
assert engine.__file__.startswith(sys.argv[1]), engine.__file__
from engine.cube.protocol import parse_position as cube_parse
from engine.spirit.protocol import parse_position as spirit_parse
from engine.players import suggest
out = {}
for game, level, items in json.load(sys.stdin):
    nodes, cpu = 0, 0.0
    for i, obj in enumerate(items):
        pos = cube_parse(obj)[0] if game == "cube" else spirit_parse(obj)
        c0 = time.process_time()
        nodes += suggest(pos, level, seed=i).nodes
        cpu += time.process_time() - c0
    out[f"{game} level {level}"] = [nodes, cpu]
print(json.dumps(out))
"""


def against(baseline: Path, cube_pos: list, spirit_pos: list, rounds: int) -> None:
    """Levels 2 and 3 of this tree against another checkout of the engine (``--against DIR``: e.g.
    ``git worktree add /tmp/old 35abf72``), each round in two fresh processes, alternating which
    goes first; the positions travel as protocol JSON, so both trees search the very same ones.
    Prints nodes per CPU-second (CPU time of ``suggest`` only) and the ratio, median of the rounds."""
    import json
    import subprocess

    from engine.cube.protocol import position_json
    from engine.spirit.protocol import format_position

    cube_json = [position_json(p) for p in cube_pos]
    spirit_json = [format_position(p) for p in spirit_pos]
    payload = json.dumps([["cube", 3, cube_json], ["cube", 2, cube_json], ["spirit", 3, spirit_json]])
    trees = {"this tree": ROOT, "baseline": baseline.resolve()}
    seen: dict = {name: [] for name in trees}
    for r in range(rounds):
        order = list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]
        for name, tree in order:
            p = subprocess.run(
                [sys.executable, "-c", _BASELINE_RUN, str(tree)],
                input=payload,
                capture_output=True,
                text=True,
                cwd=tree,
                check=True,
            )
            got = json.loads(p.stdout)
            seen[name].append(got)
            print(f"round {r + 1} {name:9s}: " + ", ".join(f"{k} {n / c:7,.0f}" for k, (n, c) in got.items()))
    print(f"median nodes per CPU-second over {rounds} rounds (this tree / baseline {baseline}):")
    for key in seen["this tree"][0]:
        a = statistics.median(n / c for n, c in (x[key] for x in seen["this tree"]))
        b = statistics.median(n / c for n, c in (x[key] for x in seen["baseline"]))
        print(f"  {key:16s} {a:8,.0f} / {b:8,.0f} = {a / b:.2f}x")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument(
        "--against", type=Path, metavar="DIR", help="only: levels 2-3 against another checkout's engine, interleaved"
    )
    ap.add_argument("--rounds", type=int, default=3, help="rounds of --against (default 3)")
    args = ap.parse_args(argv)
    if args.against is not None:
        npos = 4 if args.quick else 6
        against(args.against, cube_positions(npos), spirit_positions(npos), args.rounds)
        return 0
    rep = 3 if args.quick else 7
    npos = 4 if args.quick else 10
    import chess

    print(
        f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()} "
        f"{platform.system()}; python-chess {chess.__version__}"
    )
    pp, gen, per = chess_figures(rep)
    print(
        f"\npython-chess: push+pop {pp * 1e6:.2f} µs/move ({1 / pp:,.0f}/s); "
        f"legal-move generation {gen * 1e6:.1f} µs/position ({per:.0f} moves/position)"
    )
    cube_pos, spirit_pos = cube_positions(npos), spirit_positions(npos)
    print(f"\nengine operations ({npos} positions each: start + seeded random middlegames)")
    print(
        f"{'game':8s} {'apply µs':>9s} {'× push+pop':>10s} {'take back µs':>12s} {'eval µs':>8s} "
        f"{'node µs':>8s} {'cands/pos':>9s} {'cands ms':>9s} {'× chess gen':>11s}"
    )
    for name, ps in (("cube", cube_pos), ("spirit", spirit_pos)):
        f = engine_figures(ps, rep, name)
        node = f["apply"] + f["eval"]
        print(
            f"{name:8s} {f['apply'] * 1e6:9.1f} {f['apply'] / pp:10.1f} {f['undo'] * 1e6:12.3f} "
            f"{f['eval'] * 1e6:8.1f} {node * 1e6:8.1f} {f['cands']:9.0f} {f['gen'] * 1e3:9.2f} "
            f"{f['gen'] / gen:11.1f}"
        )
        print(f"{'':8s} -> at most {1 / node:,.0f} nodes/s from apply + evaluation alone")
    ap_us, pu_us = apply_undo_figures(cube_pos, rep)
    print(
        f"cube apply+undo: search apply (trusted) {ap_us * 1e6:.1f} µs = {ap_us / pp:.1f}x push+pop; "
        f"Game.play+undo {pu_us * 1e6:.1f} µs = {pu_us / pp:.1f}x push+pop"
    )
    print("\nlevel 3 against a plain python-chess alpha-beta (depth 3), interleaved, CPU time")
    interleaved(cube_pos, spirit_pos, 2 if args.quick else 3)
    print("\nsearch per suggestion (default node budgets; a node = a turn applied and evaluated)")
    print(
        f"{'game':8s} {'level':>5s} {'median ms':>10s} {'p95 ms':>8s} {'nodes/s':>9s} {'cpu med ms':>10s} "
        f"{'cpu p95 ms':>10s} {'nodes/cpu-s':>11s} {'median nodes':>13s}"
    )
    for name, ps in (("cube", cube_pos), ("spirit", spirit_pos)):
        for lv, f in search_figures(ps).items():
            print(
                f"{name:8s} {lv:5d} {f['median'] * 1e3:10.0f} {f['p95'] * 1e3:8.0f} {f['nps']:9,.0f} "
                f"{f['cpu'] * 1e3:10.0f} {f['cpu95'] * 1e3:10.0f} {f['cnps']:11,.0f} {f['nodes']:13.0f}"
            )
    print("(wall-clock figures grow with the machine's load; the CPU-time ones much less)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
