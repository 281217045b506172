"""The compiled build against pure Python, beside python-chess, interleaved round by round.

Run from the repository root, after ``.venv/bin/python -m tools.build_compiled``::

    nice -n 5 .venv/bin/python benchmarks/bench_compiled.py            # 3 rounds, 4 positions per game
    nice -n 5 .venv/bin/python benchmarks/bench_compiled.py --rounds 5 --positions 6
    nice -n 5 .venv/bin/python benchmarks/bench_compiled.py --build DIR  # a build elsewhere (DAQI_COMPILED)

Each round runs two fresh processes of this tree, one with ``DAQI_PURE=1`` and one with the
compiled build (which goes first alternates), and each process measures, in CPU time of the
process (``time.process_time``) with wall time beside it:

* level 3 of cube and spirit chess over the same positions as ``bench_search.py`` (seed = the
  position's index, default node budgets), in nodes per CPU-second;
* a plain python-chess alpha-beta (``bench_search.chess_alphabeta``, depth 3) in the same process,
  the reference of "cube L3 within 2x of python-chess";
* the search's apply + undo (``apply_turn_changes``, trusted) and ``Game.play`` + ``undo`` per turn,
  against python-chess's ``push`` + ``pop`` (best of 3, garbage collector off).

Prints each round, then the medians: compiled / pure for every figure, and both against
python-chess.  The compiled process asserts that it loaded every compiled module (``engine.compiled.status``);
the two must also suggest the very same turns and node counts, which this script checks too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1] + "/benchmarks")
import engine
from engine.compiled import status
from engine.players import suggest
import bench_search as b

npos, mode = int(sys.argv[2]), sys.argv[3]
st = status()
if mode == "compiled":
    assert st["active"] and set(st["loaded"]) == set(st["compiled"]), st
else:
    assert not st["loaded"], st
cube, spirit = b.cube_positions(npos), b.spirit_positions(npos)
out = {"status": st}
w0, c0 = time.perf_counter(), time.process_time()
n, c = b.chess_alphabeta(b.chess_boards())
out["chess"] = [n, c, time.perf_counter() - w0]
turns = []
for name, ps in (("cube", cube), ("spirit", spirit)):
    nodes, cpu, wall = 0, 0.0, 0.0
    for i, p in enumerate(ps):
        w0, c0 = time.perf_counter(), time.process_time()
        s = suggest(p, 3, seed=i)
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        nodes += s.nodes
        turns.append([name, i, repr(s.turn), s.nodes, s.eval])
    out[name] = [nodes, cpu, wall]
out["pushpop"] = b.chess_figures(3)[0]
out["apply"], out["play"] = b.apply_undo_figures(cube, 3)
out["turns"] = turns
print(json.dumps(out))
"""


def run(mode: str, npos: int, build: Path | None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DAQI_PURE", "DAQI_COMPILED")}
    if mode == "pure":
        env["DAQI_PURE"] = "1"
    elif build is not None:
        env["DAQI_COMPILED"] = str(build)
    p = subprocess.run(
        [sys.executable, "-c", _CHILD, str(ROOT), str(npos), mode],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=False,
    )
    if p.returncode:
        raise SystemExit(f"the {mode} process failed:\n{p.stderr[-2000:]}")
    return json.loads(p.stdout)


def rate(x: list) -> float:
    return x[0] / x[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=4, help="positions per game (start + seeded middlegames)")
    ap.add_argument("--build", type=Path, help="the compiled build's folder (default: build/compiled)")
    args = ap.parse_args(argv)
    seen: dict[str, list[dict]] = {"pure": [], "compiled": []}
    for r in range(args.rounds):
        order = ["pure", "compiled"] if r % 2 == 0 else ["compiled", "pure"]
        for mode in order:
            got = run(mode, args.positions, args.build)
            seen[mode].append(got)
            print(
                f"round {r + 1} {mode:8s}: cube L3 {rate(got['cube']):7,.0f} nodes/cpu-s "
                f"({got['cube'][1]:.1f} s CPU, {got['cube'][2]:.1f} s wall), spirit L3 {rate(got['spirit']):7,.0f} "
                f"({got['spirit'][1]:.1f} s CPU, {got['spirit'][2]:.1f} s wall); python-chess alpha-beta "
                f"{rate(got['chess']):7,.0f} ({got['chess'][1]:.1f} s CPU, {got['chess'][2]:.1f} s wall); "
                f"apply+undo {got['apply'] * 1e6:5.1f} µs, Game.play+undo {got['play'] * 1e6:5.1f} µs, "
                f"push+pop {got['pushpop'] * 1e6:4.2f} µs",
                flush=True,
            )
    pure, comp = seen["pure"], seen["compiled"]
    same = all(p["turns"] == c["turns"] for p, c in zip(pure, comp))
    print(f"\ncompiled modules: {len(comp[0]['status']['loaded'])} ({comp[0]['status']['folder']})")
    print(f"same turns, nodes and values in every round: {same}")

    def med(rows: list[dict], fn) -> float:
        return statistics.median(fn(x) for x in rows)

    print(f"median of {args.rounds} rounds          pure    compiled   compiled/pure")
    rows = [
        ("cube L3 nodes/CPU-s", lambda x: rate(x["cube"]), False),
        ("spirit L3 nodes/CPU-s", lambda x: rate(x["spirit"]), False),
        ("apply+undo µs", lambda x: x["apply"] * 1e6, True),
        ("Game.play+undo µs", lambda x: x["play"] * 1e6, True),
    ]
    for name, fn, lower in rows:
        a, b = med(pure, fn), med(comp, fn)
        print(f"  {name:24s} {a:9,.1f} {b:10,.1f}   {(a / b if lower else b / a):.2f}x faster")
    print("against python-chess, measured in the same process (median of the rounds):")
    for label, rows_ in (("pure", pure), ("compiled", comp)):
        chess = med(rows_, lambda x: rate(x["chess"]))
        print(
            f"  {label:8s}: python-chess alpha-beta {chess:7,.0f} nodes/cpu-s; "
            f"cube L3 {med(rows_, lambda x: rate(x['chess']) / rate(x['cube'])):.1f}x slower, "
            f"spirit L3 {med(rows_, lambda x: rate(x['chess']) / rate(x['spirit'])):.1f}x slower; "
            f"apply+undo {med(rows_, lambda x: x['apply'] / x['pushpop']):.1f}x push+pop, "
            f"Game.play+undo {med(rows_, lambda x: x['play'] / x['pushpop']):.1f}x"
        )
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
