"""Record parsing speed: turns per second, ASCII and Chinese.

Run from the repository root::

    .venv/bin/python benchmarks/bench_records.py [--turns 500] [--seed 500]

Generates a long record of seeded random legal play (benchmarks/bench_engine.random_game, saved
with ``Game.to_record``), then times, best of several runs:

* ``parse_turn`` alone on every turn line (notation only);
* ``Game.from_record`` (notation + validation of every action + applying the turns + result and
  repetition checks: what loading a saved game costs).

It also checks the round trip (the loaded game's final position equals the generated one).
"""

from __future__ import annotations

import argparse
import platform
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for p in (str(ROOT), str(HERE)):
    if p not in sys.path:
        sys.path.insert(0, p)

from bench_engine import best_time, random_game  # noqa: E402

from engine import Game  # noqa: E402
from engine.cube.notation import parse_turn  # noqa: E402

_TURN = re.compile(r"^\s*\d+\.(?:\.\.)?\s*(.+?)\s*$")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=500)
    ap.add_argument("--seed", type=int, default=500)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    t0 = time.perf_counter()
    game = random_game(args.seed, args.turns)
    n = len(game.turns)
    kinds = {}
    for t in game.turns:
        for a in t.actions:
            kinds[a.kind] = kinds.get(a.kind, 0) + 1
    print(
        f"generated {n} turns of seeded random play (seed {args.seed}) in {time.perf_counter() - t0:.1f} s; "
        f"actions: {', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}; highest dimension "
        f"{game.position.max_dimension()}\n"
    )
    rules = game.rules
    print(
        f"{'style':8s} {'bytes':>8s} {'parse_turn turns/s':>19s} {'µs/turn':>8s} "
        f"{'from_record turns/s':>20s} {'µs/turn':>8s}  round trip"
    )
    for style in ("ascii", "chinese"):
        text = game.to_record(style)
        bodies = [m.group(1) for line in text.splitlines() if (m := _TURN.match(line))]
        assert len(bodies) == n, (len(bodies), n)
        t_parse = best_time(lambda: [parse_turn(b, rules) for b in bodies], args.repeat, 1)
        t_load = best_time(lambda: Game.from_record(text), args.repeat, 1)
        loaded = Game.from_record(text)
        ok = loaded.position == game.position and loaded.turns == game.turns
        print(
            f"{style:8s} {len(text.encode('utf-8')):8d} {n / t_parse:19.0f} {t_parse / n * 1e6:8.1f} "
            f"{n / t_load:20.0f} {t_load / n * 1e6:8.1f}  {'ok' if ok else 'MISMATCH'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
