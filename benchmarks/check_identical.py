"""Do two checkouts of the engine choose the same turns?  (issue 18: speed without new play)

Run from the repository root::

    nice -n 5 .venv/bin/python benchmarks/check_identical.py --base /tmp/base-ded               # cube
    nice -n 5 .venv/bin/python benchmarks/check_identical.py --game cube --base DIR --positions 12 --levels 1 2 3
    nice -n 5 .venv/bin/python benchmarks/check_identical.py --game spirit --base DIR --positions 30 --full 6

Issue 18's speed work must leave the computer's choices unchanged (same position, seed and node
budget -> same turn, node count, value, line, depth and reason), so that arena games played on the
older commit stay the strength evidence.  The positions travel as position texts
(docs/NOTATION.md) to one fresh process per tree whose ``engine`` is imported from that tree
(checked through ``engine.__file__``); the two processes run side by side.

``--game cube``: ``bench_search.cube_positions`` (the start and seeded random middlegames), more
seeded random middlegames of other lengths and the cube positions of
``tests/engine/players/tactics.toml``, each searched by ``suggest`` at ``--levels`` (default 1-4)
with the levels' default node budgets and seed = the position's index (level 4 only on the first
``--l4`` positions, the slowest).

``--game spirit``: the spirit start, seeded random middlegames of several lengths and the spirit
positions of the tactics suite; levels 1-4 with small node budgets and seeds by position on every
position, levels 2-4 at their default budgets on the first ``--full``.

Prints the positions and searches compared and every difference; the exit status is 1 if any
differs.  A speed change must print ``differences: 0``.  It prints findings; it is not a test.
(``check_identical_spirit.py`` is this script with ``--game spirit``.)
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
if sys.argv[3] == "spirit":
    from engine.spirit.record import parse_spirit_position as parse
else:
    from engine.cube.game import parse_position as parse
from engine.players import suggest
out, cpu = [], 0.0
for text, level, seed, nodes in json.load(open(sys.argv[2], encoding="utf-8")):
    pos = parse(text)
    c0 = time.process_time()
    s = suggest(pos, level, seed=seed, nodes=nodes)
    cpu += time.process_time() - c0
    out.append([repr(s.turn), s.nodes, s.eval, [repr(t) for t in s.line], s.depth, s.reason])
print(json.dumps({"engine": engine.__file__, "cpu": cpu, "results": out}))
"""

FIELDS = ("turn", "nodes", "value", "line", "depth", "reason")


def _suite(prefix: str) -> list:
    suite = tomllib.loads((ROOT / "tests/engine/players/tactics.toml").read_text(encoding="utf-8"))["position"]
    return [e["text"] for e in suite if e["id"].startswith(prefix)]


def cube_positions(n_random: int) -> list:
    """Position texts: the benchmark's positions, seeded random middlegames, the tactics suite's cube ones."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_search import cube_positions as bench_positions

    from engine import Game
    from engine.cube.position_text import format_position
    from engine.cube.randomplay import random_turn

    out = [format_position(p) for p in bench_positions(6)]
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
    return out + _suite("cube")


def spirit_positions(n_random: int) -> list:
    """Spirit positions as text: the start, seeded random middlegames, the tactics suite's."""
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
    return [format_spirit_position(p) for p in out] + _suite("spirit")


def cube_jobs(texts: list, levels: list, l4: int) -> list:
    """(text, level, seed, nodes): every level at its default budget, seed = the position's index."""
    return [[t, lv, i, None] for lv in levels for i, t in enumerate(texts) if lv != 4 or i < l4]


def spirit_jobs(texts: list, full: int) -> list:
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", choices=("cube", "spirit"), default="cube")
    ap.add_argument("--base", type=Path, required=True, help="the other checkout (e.g. /tmp/base-ded)")
    ap.add_argument(
        "--positions",
        type=int,
        help="seeded random middlegames beside the fixed ones (cube 10; spirit 24 with the start)",
    )
    ap.add_argument("--levels", type=int, nargs="+", default=[1, 2, 3, 4], help="cube: levels searched")
    ap.add_argument("--l4", type=int, default=8, help="cube: positions searched at level 4 (the slowest), default 8")
    ap.add_argument("--full", type=int, default=4, help="spirit: positions also searched at the default budgets")
    args = ap.parse_args(argv)
    if args.game == "cube":
        texts = cube_positions(10 if args.positions is None else args.positions)
        work = cube_jobs(texts, args.levels, args.l4)
    else:
        texts = spirit_positions(24 if args.positions is None else args.positions)
        work = spirit_jobs(texts, args.full)
    tmp = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8")
    with tmp:
        json.dump(work, tmp)
    trees = {"this tree": ROOT, "base": args.base.resolve()}
    t0 = time.perf_counter()
    procs = {
        name: subprocess.Popen(
            [sys.executable, "-c", _CHILD, str(tree), tmp.name, args.game], stdout=subprocess.PIPE, text=True, cwd=tree
        )
        for name, tree in trees.items()
    }
    got = {}
    try:
        for name, p in procs.items():
            out, _ = p.communicate()
            if p.returncode:
                print(f"{name}: the search process failed (exit {p.returncode})")
                return 2
            got[name] = json.loads(out)
    finally:
        Path(tmp.name).unlink()
    for name in trees:
        print(f"{name:9s}: engine {got[name]['engine']}, {len(work)} searches, {got[name]['cpu']:.1f} s CPU in suggest")
    diffs = 0
    for job, a, b in zip(work, got["this tree"]["results"], got["base"]["results"], strict=True):
        for f, x, y in zip(FIELDS, a, b, strict=True):
            if x != y:
                diffs += 1
                where = f"level {job[1]} seed {job[2]} nodes {job[3]} position {texts.index(job[0])}"
                print(f"DIFFERENT {f} at {where}: this tree {x!r} / base {y!r}")
    print(
        f"game: {args.game}; positions compared: {len(texts)}; searches compared: {len(work)}; "
        f"differences: {diffs}  ({time.perf_counter() - t0:.0f} s wall)"
    )
    return 1 if diffs else 0


if __name__ == "__main__":
    raise SystemExit(main())
