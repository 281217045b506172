"""How good are a cube level's turns, judged by the opponent's best answer?  (a script, not a test)

    python benchmarks/bench_replies.py --records ARENA_FOLDER [--games 16] [--level 3] [--judges 2,3]
                                       [--variant '{"reply_width": "all", "gen_width": 30, "nodes": 30000}']

A per-turn proxy for strength, much cheaper than an arena: on the positions of an arena's games
where the level under test (the arena's side A) was to move -- every third ply from 6 to 58 of the
first ``--games`` games -- the level (with ``--variant``'s changes to its ``SearchParams``; "all"
stands for every candidate) chooses a turn; then the judges (``--judges``, default level 2 and the
unchanged level; give the same judges to every variant) search the opponent's best answer to it.
Printed: the opponent's mean value after the turn (centi-points, clamped to +/-3,000 so that a won
or lost game counts as 30 points; lower is better for the level under test) and how many turns
leave the opponent 3 points or more, per judge.  Seeds are the ply
numbers, so a run is reproducible.  Run it once per variant on the same records and compare.
Issue 18, sessions 7 and 8 (docs/ARENA.md).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CLAMP = 3000.0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", required=True, help="an arena's --out folder (games.jsonl and records/)")
    ap.add_argument("--games", type=int, default=16)
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--variant", default="{}", help="JSON: SearchParams fields to change")
    ap.add_argument("--judges", default=None, help="levels that judge, e.g. 3,4 (default: 2 and --level)")
    args = ap.parse_args(argv)
    try:
        judges = [2, args.level] if args.judges is None else [int(j) for j in args.judges.split(",")]
    except ValueError:
        judges = []
    if not judges or any(j not in (1, 2, 3, 4) for j in judges):
        ap.error(f"--judges {args.judges!r}: levels 1..4 separated by commas, e.g. 3,4")

    from engine.core.games import load_record
    from engine.cube.rules import apply_turn
    from engine.players import cube_player as cp
    from engine.players.search import ROOT_ALL

    variant = json.loads(args.variant)
    for k, v in variant.items():
        if v == "all":
            variant[k] = ROOT_ALL
    base = cp.LEVEL_PARAMS[args.level]
    changed = dataclasses.replace(base, **variant)
    folder = Path(args.records)
    rows = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines() if line.strip()]
    rows.sort(key=lambda r: r["index"])
    judged: dict = {j: [] for j in judges}
    for r in rows[: args.games]:
        game = load_record(folder / "records" / f"game-{r['index']:05d}.txt")
        side = "white" if r["a_white"] else "black"
        for ply in range(6, min(len(game.turns), 60), 3):
            pos = game.positions[ply]
            if pos.to_move != side or pos.result is not None:
                continue
            cp.LEVEL_PARAMS[args.level] = changed
            try:
                turn = cp.suggest_cube(pos, args.level, seed=ply).turn
            finally:
                cp.LEVEL_PARAMS[args.level] = base
            after = apply_turn(pos, turn)[0]
            if after.result is not None:
                continue
            for judge, values in judged.items():
                v = cp.suggest_cube(after, judge, seed=ply).eval
                values.append(max(-CLAMP, min(CLAMP, v)))
    n = len(judged[judges[0]])
    if not n:
        print("no positions: the records hold no turn of side A between plies 6 and 58")
        return 1
    print(f"level {args.level} with {args.variant}: {n} turns")
    for judge, values in judged.items():
        print(
            f"  judged by level {judge}: the opponent's mean value after the turn {statistics.mean(values):.0f} "
            f"centi-points; turns leaving it >= 300: {sum(v >= 300 for v in values)}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
