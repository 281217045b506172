"""Do two checkouts of the engine choose the same cube turns?  (issue 18: speed without new play)

Run from the repository root::

    nice -n 5 .venv/bin/python benchmarks/check_identical.py --base /tmp/base480
    nice -n 5 .venv/bin/python benchmarks/check_identical.py --base DIR --positions 12 --levels 1 2 3

Every position is searched by ``suggest`` at cube levels 1-4 (default node budgets, seed = the
position's index) in this tree and in ``--base`` (another checkout, e.g. ``git worktree add
/tmp/base480 480198b``), each in its own fresh process whose ``engine`` is imported from that tree
(checked through ``engine.__file__``).  The two processes run side by side; the positions travel
as position texts (docs/NOTATION.md), so both trees search the very same ones:
``bench_search.cube_positions`` (the start and seeded random middlegames), more seeded random
middlegames of other lengths, and the cube positions of ``tests/engine/players/tactics.toml``.

Prints the number of (position, level) searches compared and every one where the suggested turn,
the node count, the value, the depth or the expected line differ; the exit status is 1 if any does.
A speed change must print ``differences: 0`` (the arenas of issue 18 run on the base commit).
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import engine
assert engine.__file__.startswith(sys.argv[1]), engine.__file__
from engine.cube.game import parse_position
from engine.players import suggest
jobs = json.load(open(sys.argv[2], encoding="utf-8"))
out, cpu = [], 0.0
for i, text, level in jobs:
    pos = parse_position(text)
    c0 = time.process_time()
    s = suggest(pos, level, seed=i)
    cpu += time.process_time() - c0
    out.append([i, level, repr(s.turn), s.nodes, s.eval, s.depth, [repr(t) for t in s.line]])
print(json.dumps({"engine": engine.__file__, "cpu": cpu, "results": out}))
"""


def positions(n_random: int, tactics: bool = True) -> list:
    """Position texts: the benchmark's positions, seeded random middlegames, the tactics suite's cube ones."""
    from bench_search import cube_positions

    from engine import Game
    from engine.cube.position_text import format_position
    from engine.cube.randomplay import random_turn

    out = [format_position(p) for p in cube_positions(6)]
    seed = 1000
    while len(out) < 6 + n_random:
        rng, g = random.Random(seed), Game("standard")
        for _ in range(4 + (seed * 7) % 50):
            t = random_turn(g.position, rng)
            if t is None:
                break
            g.play(t)
        if g.position.result is None:
            out.append(format_position(g.position))
        seed += 1
    if tactics:
        suite = ROOT / "tests" / "engine" / "players" / "tactics.toml"
        for e in tomllib.loads(suite.read_text(encoding="utf-8"))["position"]:
            if e["id"].startswith("cube"):
                out.append(e["text"])
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", type=Path, required=True, help="the other checkout (e.g. /tmp/base480)")
    ap.add_argument("--positions", type=int, default=10, help="seeded random middlegames beside the fixed ones")
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3, 4])
    ap.add_argument("--l4", type=int, default=8, help="positions searched at level 4 (the slowest), default 8")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    texts = positions(args.positions)
    jobs = [[i, t, lv] for lv in args.levels for i, t in enumerate(texts) if lv != 4 or i < args.l4]
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    with tmp:
        json.dump(jobs, tmp)
    trees = {"this tree": ROOT, "base": args.base.resolve()}
    t0 = time.perf_counter()
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(tree), tmp.name],
            stdout=subprocess.PIPE,
            text=True,
            cwd=tree,
        )
        for name, tree in trees.items()
    }
    got = {}
    for name, p in procs.items():
        out, _ = p.communicate()
        if p.returncode:
            print(f"{name}: the search process failed (exit {p.returncode})")
            return 2
        got[name] = json.loads(out)
    Path(tmp.name).unlink()
    for name in trees:
        print(f"{name}: engine {got[name]['engine']}, CPU {got[name]['cpu']:.1f} s in suggest")
    diffs = 0
    for a, b in zip(got["this tree"]["results"], got["base"]["results"], strict=True):
        if a != b:
            diffs += 1
            print(f"DIFFERENT position {a[0]} level {a[1]}:\n  this tree {a[2:]}\n  base      {b[2:]}")
    print(
        f"positions: {len(texts)}, searches compared (position x level, levels {args.levels}): {len(jobs)}, "
        f"differences: {diffs}  ({time.perf_counter() - t0:.0f} s wall)"
    )
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
