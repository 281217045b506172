"""Puzzle benchmark (a script, not a test): python benchmarks/bench_puzzles.py [--turns N]

Prints, CPU time beside wall time (the machine is shared; the load average is printed):
* ``check``: every bundled puzzle verified (what ``daqi puzzles check`` does), per game;
* ``judge``: the window's verdict on a solver's first turn of every bundled win in two, for the
  first ``--turns`` candidate turns of each (right and wrong: a wrong one searches for the escape
  on the UI thread), median and max, beside the verdict on a one-turn win puzzle's first turns
  measured in the same rounds (the reference), interleaved.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.puzzles import bundled_puzzles, check_puzzle, judge  # noqa: E402


def _timed(fn) -> tuple[float, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=15)
    args = ap.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}")
    for game in ("cube", "spirit"):
        ps = bundled_puzzles(game)
        cpu, wall = _timed(lambda ps=ps: [check_puzzle(p) for p in ps])
        print(f"check {game}: {len(ps)} puzzles, {cpu:.1f} s CPU, {wall:.1f} s wall")
    cube = bundled_puzzles("cube")
    twos = [p for p in cube if p.moves == 2]
    ones = [p for p in cube if p.goal == "win" and p.moves == 1][: len(twos)]
    two_t, one_t = [], []
    for two, one in zip(twos, ones):  # interleaved: a win in two, then the reference
        for p, out in ((two, two_t), (one, one_t)):
            start = p.start()
            for t in p.kind.turns(start)[: args.turns]:
                out.append(_timed(lambda p=p, start=start, t=t: judge(p, start, t)))
    for name, xs in (("win in two", two_t), ("win at once (reference)", one_t)):
        cpu = sorted(c for c, _ in xs)
        wall = max(w for _, w in xs)
        print(
            f"judge {name}: {len(xs)} first turns, median {statistics.median(cpu) * 1000:.1f} ms CPU, "
            f"max {cpu[-1] * 1000:.0f} ms CPU ({wall * 1000:.0f} ms wall max)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
