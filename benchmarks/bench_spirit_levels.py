"""Spirit chess levels 2-4: nodes per CPU-second and think time, against another checkout.

Run from the repository root::

    nice -n 5 .venv/bin/python benchmarks/bench_spirit_levels.py --against /tmp/old [--rounds 3] [--positions 6]

The positions are ``bench_search.spirit_positions`` (the start and seeded random middlegames, the
same as ``bench_search.py --against``); they travel as protocol JSON to fresh processes, one per
tree and round, alternating which tree goes first.  Each process runs ``suggest`` at levels 2, 3
and 4 (default node budgets, seed = position index) and reports, per level, the nodes and the CPU
time of each suggestion (``time.process_time`` around ``suggest`` only).  Printed: per round and
tree, nodes per CPU-second; then the medians over the rounds and the ratio (this tree / other), and
the median and largest CPU seconds per suggestion (the think time on an unloaded core), with the
wall-clock time of the whole run beside it.  It prints figures; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
sys.path.insert(0, str(ROOT))

_RUN = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import engine
assert engine.__file__.startswith(sys.argv[1]), engine.__file__
from engine.spirit.protocol import parse_position
from engine.players import suggest
out = {}
from engine.players.base import LEVELS
for level in (2, 3, 4):
    if level not in LEVELS:  # the original had no level 4
        continue
    rows = []
    for i, obj in enumerate(json.loads(sys.argv[2])):
        pos = parse_position(obj)
        c0 = time.process_time()
        n = suggest(pos, level, seed=i).nodes
        rows.append([n, time.process_time() - c0])
    out[level] = rows
print(json.dumps(out))
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--against", type=Path, required=True, metavar="DIR", help="the other checkout")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--positions", type=int, default=6)
    args = ap.parse_args(argv)
    from bench_search import spirit_positions

    from engine.spirit.protocol import format_position

    payload = json.dumps([format_position(p) for p in spirit_positions(args.positions)])
    trees = {"this tree": ROOT, "other": args.against.resolve()}
    seen: dict = {name: [] for name in trees}
    t0 = time.perf_counter()
    for r in range(args.rounds):
        order = list(trees.items()) if r % 2 == 0 else list(trees.items())[::-1]
        for name, tree in order:
            p = subprocess.run(
                [sys.executable, "-c", _RUN, str(tree), payload], capture_output=True, text=True, cwd=tree
            )
            if p.returncode:
                raise SystemExit(f"{tree}: {p.stderr}")
            got = {int(k): v for k, v in json.loads(p.stdout).items()}
            seen[name].append(got)
            figs = ", ".join(
                f"L{lv} {sum(n for n, _ in rows) / sum(c for _, c in rows):6,.0f}" for lv, rows in got.items()
            )
            print(f"round {r + 1} {name:9s}: nodes/cpu-s {figs}")
    wall = time.perf_counter() - t0
    print(
        f"\n{args.positions} positions, {args.rounds} rounds, {wall:.0f} s wall in all; this tree {ROOT}, other {args.against}"
    )
    print(
        f"{'level':5s} {'nodes/cpu-s':>12s} {'other':>8s} {'ratio':>6s}  {'cpu s/turn median':>17s} {'max':>6s} {'other median':>12s}"
    )
    for lv in (2, 3, 4):
        have = [name for name in trees if lv in seen[name][0]]
        # nodes per CPU-second of each round's run; per position, the median CPU time over the rounds
        rate = {
            n: statistics.median(sum(a for a, _ in x[lv]) / sum(c for _, c in x[lv]) for x in seen[n]) for n in have
        }
        per = {n: [statistics.median(x[lv][i][1] for x in seen[n]) for i in range(args.positions)] for n in have}
        if "this tree" not in have:
            continue
        if "other" in have:
            other = f"{rate['other']:8,.0f} {rate['this tree'] / rate['other']:5.2f}x"
            other_med = f"{statistics.median(per['other']):12.2f}"
        else:
            other, other_med = f"{'-':>8s} {'-':>6s}", f"{'-':>12s}"
        print(
            f"L{lv:<4d} {rate['this tree']:12,.0f} {other}  "
            f"{statistics.median(per['this tree']):17.2f} {max(per['this tree']):6.2f} {other_med}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
