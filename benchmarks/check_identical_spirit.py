"""Does this tree's spirit-chess computer choose exactly what another checkout's does?

Run from the repository root::

    .venv/bin/python benchmarks/check_identical_spirit.py                 # against /tmp/base480
    .venv/bin/python benchmarks/check_identical_spirit.py --base DIR --positions 40 --full 8

Issue 18's speed work must leave the computer's choices unchanged (same position, seed and node
budget -> same turn, node count and value), so that arena games played on the older commit stay
the strength evidence.  The positions -- the benchmark's (start + seeded random middlegames), more
seeded random middlegames of several lengths, and the spirit positions of
``tests/engine/players/tactics.toml`` -- travel as position text to one fresh process per tree
(the engine imported from that tree, checked); each runs ``suggest`` at levels 1-4 with several
seeds and node budgets (small budgets on every position, the levels' default budgets on the first
``--full``).  Prints the positions and suggestions compared and every difference (turn, nodes,
value, line, depth, reason).  Exit status 1 when any differs.  It prints findings; it is not a test.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_WORKER = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
import engine
assert engine.__file__.startswith(sys.argv[1]), engine.__file__
from engine.players import suggest
from engine.spirit.record import parse_spirit_position
out, cpu = [], 0.0
for text, level, seed, nodes in json.load(sys.stdin):
    pos = parse_spirit_position(text)
    c0 = time.process_time()
    s = suggest(pos, level, seed=seed, nodes=nodes)
    cpu += time.process_time() - c0
    out.append([repr(s.turn), s.nodes, s.eval, [repr(t) for t in s.line], s.depth, s.reason])
print(json.dumps({"engine": engine.__file__, "cpu": cpu, "results": out}))
"""


def positions(n_random: int) -> list:
    """Spirit positions as text: the benchmark's, seeded random middlegames, the tactics suite's."""
    from engine import load_ruleset
    from engine.spirit import default_placement, spirit_start_position
    from engine.spirit.position_text import format_spirit_position
    from engine.spirit.randomplay import random_spirit_line

    rules = load_ruleset("spirit")
    start = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    out = [start]
    seed = 0
    while len(out) < n_random:
        rng, pos = random.Random(1000 + seed), start
        plies = (4, 10, 18, 30, 45, 70)[seed % 6] + seed // 6
        out.append(random_spirit_line(pos, rng, plies)[-1])
        seed += 1
    texts = [format_spirit_position(p) for p in out]
    suite = tomllib.loads((ROOT / "tests/engine/players/tactics.toml").read_text(encoding="utf-8"))["position"]
    texts.extend(e["text"] for e in suite if e["id"].startswith("spirit"))
    return texts


def jobs(texts: list, full: int) -> list:
    """(text, level, seed, nodes): small budgets everywhere, the default budgets on the first ``full``."""
    out = []
    for i, text in enumerate(texts):
        out.append([text, 1, i, None])
        out.append([text, 2, i, 400 + 37 * i])
        out.append([text, 3, i + 1, 700 + 53 * i])
        out.append([text, 4, i + 2, 900 + 61 * i])
        if i < full:
            out.extend([[text, lv, i, None] for lv in (2, 3, 4)])
    return out


def run_tree(tree: Path, payload: str) -> dict:
    p = subprocess.run(
        [sys.executable, "-c", _WORKER, str(tree)], input=payload, capture_output=True, text=True, cwd=tree
    )
    if p.returncode:
        raise SystemExit(f"the worker in {tree} failed:\n{p.stderr}")
    return json.loads(p.stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", type=Path, default=Path("/tmp/base480"), help="the other checkout (default /tmp/base480)")
    ap.add_argument("--positions", type=int, default=24, help="start + seeded random positions (default 24)")
    ap.add_argument("--full", type=int, default=4, help="positions also searched at the default budgets (default 4)")
    args = ap.parse_args(argv)
    texts = positions(args.positions)
    work = jobs(texts, args.full)
    payload = json.dumps(work)
    got = {}
    for name, tree in (("this tree", ROOT), ("base", args.base.resolve())):
        t0 = time.perf_counter()
        got[name] = run_tree(tree, payload)
        print(
            f"{name:9s}: engine {got[name]['engine']}, {len(work)} suggestions, "
            f"{got[name]['cpu']:.1f} s CPU in suggest ({time.perf_counter() - t0:.1f} s wall in all)"
        )
    fields = ("turn", "nodes", "value", "line", "depth", "reason")
    diffs = 0
    for job, a, b in zip(work, got["this tree"]["results"], got["base"]["results"], strict=True):
        for f, x, y in zip(fields, a, b, strict=True):
            if x != y:
                diffs += 1
                where = f"level {job[1]} seed {job[2]} nodes {job[3]} position {texts.index(job[0])}"
                print(f"DIFFERENT {f} at {where}: this tree {x!r} / base {y!r}")
    print(f"positions compared: {len(texts)}; suggestions compared: {len(work)}; differences: {diffs}")
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
