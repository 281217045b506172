"""Tactics benchmark (a script, not a test):
python benchmarks/bench_tactics.py [--levels 2 3 4] [--only TEXT] [--verify] [--engine TREE]

Runs the computer (its default node budget, seed 0) on every position of
``tests/engine/players/tactics_more.toml`` at each level and prints, per position, whether the turn
it chose solves the position (checked by the suite's oracle, ``tactics_oracle.solves``: a win at
once or a forced win in two, a defence after which the opponent has no winning turn, not the
poisoned capture) and the CPU time of the search beside its wall time; then the solved counts per
game and category, and the positions marked ``known_failure`` with their reasons.  ``--verify``
first checks every position's claim by the oracle (every legal turn, docs/AI.md "Tactics");
``--engine /tmp/base480`` runs the players of another tree (e.g. main before the candidates: fixes).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "engine" / "players"))
if "--engine" in sys.argv:  # the players (and rules) of another tree, e.g. main before a change
    sys.path.insert(0, str(Path(sys.argv[sys.argv.index("--engine") + 1]).resolve()))

import tactics_oracle as oracle  # noqa: E402

from engine.players import suggest  # noqa: E402

SUITE = ROOT / "tests" / "engine" / "players" / "tactics_more.toml"


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--levels", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--only", default="", help="only the positions whose id contains this text")
    ap.add_argument("--verify", action="store_true", help="check every position's claim first")
    ap.add_argument("--engine", default="", help="a tree whose engine to run (default: this one)")
    args = ap.parse_args(argv)
    entries = [e for e in tomllib.loads(SUITE.read_text(encoding="utf-8"))["position"] if args.only in e["id"]]
    import engine

    where = Path(engine.__file__).resolve().parent.parent
    print(f"# {len(entries)} positions, levels {args.levels}, engine {where}, load average {os.getloadavg()[0]:.1f}")
    if args.verify:
        for e in entries:
            bad = oracle.verify(e)
            print(f"verify {e['id']:48s} {bad or 'ok'}")
            if bad:
                return 1
    solved: dict = defaultdict(int)
    total: dict = defaultdict(int)
    cpu: dict = defaultdict(float)
    for e in entries:
        pos = oracle.load(e)
        game = e["id"].split("-")[0]
        row = []
        for lv in args.levels:
            c0, w0 = time.process_time(), time.perf_counter()
            s = suggest(pos, lv, seed=0)
            c, w = time.process_time() - c0, time.perf_counter() - w0
            ok, why = oracle.solves(e, pos, s.turn)
            cpu[lv] += c
            for key in ((game, e["category"], lv), (game, "all", lv), ("both", "all", lv)):
                total[key] += 1
                solved[key] += ok
            row.append(f"L{lv} {'yes' if ok else 'NO '} {c:5.1f}s cpu {w:5.1f}s wall" + ("" if ok else f" ({why})"))
        flag = " [known failure]" if e.get("known_failure") else ""
        print(f"{e['id']:48s}{flag}\n    " + "\n    ".join(row), flush=True)
    print("\n# solved per game and category")
    keys = sorted({(g, cat) for g, cat, _ in total}, key=lambda k: (k[0] == "both", k[0], k[1] == "all", k[1]))
    print(f"{'game':8s} {'category':14s} " + " ".join(f"{'L' + str(lv):>7s}" for lv in args.levels))
    for g, cat in keys:
        cells = " ".join(f"{solved[(g, cat, lv)]:>3d}/{total[(g, cat, lv)]:<3d}" for lv in args.levels)
        print(f"{g:8s} {cat:14s} {cells}")
    print("CPU seconds: " + ", ".join(f"L{lv} {cpu[lv]:.1f}" for lv in args.levels))
    known = [e for e in entries if e.get("known_failure")]
    if known:
        print("\n# known failures at level 3")
        for e in known:
            print(f"{e['id']}: {e['known_failure']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
