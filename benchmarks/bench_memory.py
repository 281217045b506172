"""Memory of Daqi positions against touched cells, dimension and index.

Run from the repository root::

    .venv/bin/python benchmarks/bench_memory.py

Prints three tables (figures, not a test):

1. memory against the number of touched (changed) cells: should grow linearly;
2. memory of a position after one piece moved home / hyper-jumped into dimension 4 … 10,000
   or to index 2, 1000, 1,000,000: should be flat (a changed cell's key is a plain tuple up to
   dimension 16 and a compact ``FarCoord`` beyond, so it is bounded in dimension);
3. reading cells of an untouched board of dimension 1000: allocates nothing that persists;
4. loading long records (``--records``; issue 17: at most 50x the file size): for cube records of
   3,000 and 30,000 plies of seeded random play and a spirit record (user rulesets without a ply
   limit, written to a temporary rulesets folder), and with ``--cap`` a record of a 4-turn shuffle
   up to the 8 MiB record cap: file size, memory held after loading and its peak (tracemalloc),
   the process's peak RSS growth, CPU and wall time.  Each load runs in a fresh process.

Two measures: ``deep(cells)`` — ``sys.getsizeof`` summed over ``Position.cells``, its keys,
their ints, its stacks and their pieces (each object once; the piece-name strings and CPython's
cached small ints are shared by everything, so not counted); and ``tracemalloc`` — bytes still
allocated after building the position and keeping it (the whole Position: cells plus its
per-side tables).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import subprocess
import sys
import tempfile
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import HyperJump, Move, Piece, Position, Turn, load_ruleset, start_position  # noqa: E402
from engine.cube.rules import apply_turn  # noqa: E402


def deep_size(obj, seen=None) -> int:
    """sys.getsizeof over containers, tuples, ints and slotted pieces, each object once."""
    if seen is None:
        seen = set()
    if id(obj) in seen or isinstance(obj, str) or obj is None or isinstance(obj, bool):
        return 0
    if isinstance(obj, int) and -5 <= obj <= 256:  # CPython's shared small ints
        return 0
    seen.add(id(obj))
    size = sys.getsizeof(obj)
    if isinstance(obj, dict):
        for k, v in obj.items():
            size += deep_size(k, seen) + deep_size(v, seen)
    elif isinstance(obj, (tuple, list, set, frozenset)):
        for v in obj:
            size += deep_size(v, seen)
    elif hasattr(obj, "__slots__"):
        for name in obj.__slots__:
            size += deep_size(getattr(obj, name, None), seen)
    return size


def traced(build):
    """(result, bytes still allocated after ``build()`` with the result kept)."""
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        result = build()
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return result, after - before


def table_touched(rules):
    print("1. memory against touched cells (rooks placed on random cells of several boards)")
    print(f"{'touched cells':>14s} {'deep(cells) B':>14s} {'B/cell':>8s} {'tracemalloc B':>14s} {'B/cell':>8s}")
    rng = random.Random(5)
    base = None

    def pieces(n):
        cells = {}
        while len(cells) < n:
            c = (rng.randint(1, 16), rng.randint(5, 12), rng.randint(1, 16))
            c += tuple(rng.choice((1, 1, 2, 3, 4)) for _ in range(rng.randint(0, 3)))
            while len(c) > 3 and c[-1] == 1:
                c = c[:-1]
            cells[c] = (Piece("rook", rng.choice(("white", "black"))),)
        return cells

    for n in (0, 1, 10, 100, 1000, 10000, 20000):
        pos, mem = traced(lambda: Position.from_pieces(rules, pieces(n)))
        d = deep_size(pos.cells)
        if base is None:
            base = (d, mem)
        per_d = (d - base[0]) / n if n else 0
        per_m = (mem - base[1]) / n if n else 0
        print(f"{len(pos.cells):14d} {d:14d} {per_d:8.0f} {mem:14d} {per_m:8.0f}")
    print(
        "   (tracemalloc: everything the position keeps, cells and their coordinates, stacks and pieces, "
        "plus its per-side tables, a constant)\n"
    )


def table_far(rules):
    print("2. one white rook, one turn: stays on the main board, or hyper-jumps into a far dimension / index")
    print(
        f"{'where it lands':40s} {'dimension':>9s} {'changed cells':>13s} {'deep(cells) B':>14s} "
        f"{'of which key B':>14s} {'tracemalloc B':>14s}"
    )
    rook = (Piece("rook", "white"),)
    home = (8, 8, 1)
    cases = [("move on the main board (8,9,1)", home, Move((8, 9, 1)))]
    for d in (4, 10, 16, 17, 50, 200, 10_000):
        to = home + (1,) * (d - 4) + (2,)
        cases.append((f"hyper-jump to dimension {d}, index 2", home, HyperJump(to)))
    for idx in (2, 1000, 1_000_000):
        src = home + (idx - 1,) if idx - 1 != 1 else home
        cases.append((f"hyper-jump to dimension 4, index {idx:,}", src, HyperJump(home + (idx,))))
    for name, src, action in cases:
        pos = Position.from_pieces(rules, {src: rook})
        new, mem = traced(lambda: apply_turn(pos, Turn(src, (action,)))[0])
        ((c, s),) = [(c, s) for c, s in new.cells.items() if s]
        d = deep_size(new.cells)
        print(f"{name:40s} {max(3, len(c)):9d} {len(new.cells):13d} {d:14d} {deep_size(c):14d} {mem:14d}")
    print(
        "   deep(cells) differs only by the cell's key: a plain tuple up to dimension 16 (8 B per index), "
        "beyond that a compact key\n   (engine.coords.FarCoord: x, y, z and the (dimension, index) pairs "
        "that are not 1), so the cost is bounded whatever the dimension;\n   nothing is allocated per "
        "dimension or per index value\n"
    )


def table_untouched(rules):
    print("3. reading an untouched board of dimension 1000")
    pos = start_position(rules)

    def measure(fn, c):
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(1000):
            s = fn(c)
        del s
        gc.collect()
        after, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return after - before, peak - before

    ctrl = measure(len, (5, 5, 5))
    print(f"   control: len(coord) x1000 (the measuring loop itself): persistent {ctrl[0]} B, peak {ctrl[1]} B")
    for c in [(5, 5, 5) + (1,) * 996 + (7,), (5, 2, 5) + (1,) * 996 + (7,), (5, 15, 5) + (1,) * 996 + (7,)]:
        after, peak = measure(pos.cell, c)
        print(
            f"   pos.cell((5,{c[1]},5,1,…,1,7)) [len {len(c)}] x1000 -> {str(pos.cell(c)):44.44s} "
            f"persistent {after} B, peak {peak} B, changed cells {len(pos.cells)}"
        )
    print()


ENDLESS = """extends = "standard"
[meta]
name = "endless"
[draw]
max_plies = 0                    # no ply limit (issue 17: long records)
repetitions = {reps}
"""
ENDLESS_SPIRIT = """extends = "spirit"
[meta]
name = "endless-spirit"
game = "spirit"
[gaps]
h6_max_plies = 0
"""

_LOAD = """
import os, resource, sys, time, tracemalloc
from pathlib import Path
import engine  # noqa: F401  (registers both games)
from engine.core.games import load_record
def hwm():  # peak RSS in KiB of this process image (ru_maxrss would carry the forking parent's over exec)
    try:
        with open("/proc/self/status") as f:
            return next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
path = sys.argv[1]
rss0 = hwm()
c0, w0 = time.process_time(), time.perf_counter()
game = load_record(Path(path))
c1, w1 = time.process_time(), time.perf_counter()
rss1 = hwm()
del game
tracemalloc.start()
game = load_record(Path(path))
held, peak = tracemalloc.get_traced_memory()
print(len(game.turns), held, peak, (rss1 - rss0) * 1024, c1 - c0, w1 - w0)
"""


def cube_record(rules, plies: int, seed: int) -> str:
    from engine import Game, random_turn

    rng = random.Random(seed)
    g = Game(rules)
    while len(g.turns) < plies:
        for _ in range(8):
            t = random_turn(g.position, rng)
            if t is None:
                continue
            g.play(t)
            if g.position.result is None:
                break
            g.undo()  # a king lost or a repetition: try another turn
        else:
            break
    return g.to_text()


def spirit_record(plies: int, seed: int) -> str:
    from engine.spirit.randomplay import random_spirit_turn
    from engine.spirit.record import SpiritGame

    best = ""
    for s in range(seed, seed + 20):  # random spirit games end early: keep the longest of a few
        rng = random.Random(s)
        g = SpiritGame("endless-spirit")
        while len(g.turns) < plies and g.position.result is None:
            g.play(random_spirit_turn(g.position, rng))
        text = g.to_text()
        best = max(best, text, key=len)
        if len(g.turns) >= plies:
            break
    return best


def shuffle_record(limit: int) -> str:
    """A record of two pawns' opening steps then a 4-turn hop between boards, up to ``limit`` bytes."""
    from engine import Game, Jump, Move, Turn

    g = Game("endless")
    for t in (Turn((9, 3, 1), (Move((9, 4, 1)),)), Turn((9, 14, 1), (Move((9, 13, 1)),))):
        g.play(t)
    cycle = [
        Turn((9, 4, 1), (Jump((9, 4, 2)),)),
        Turn((9, 13, 1), (Jump((9, 13, 2)),)),
        Turn((9, 4, 2), (Jump((9, 4, 1)),)),
        Turn((9, 13, 2), (Jump((9, 13, 1)),)),
    ]
    for t in cycle:
        g.play(t)
    head = g.to_text().splitlines()[:-4]
    bodies = [line.split(" ", 1)[1] for line in g.to_text().splitlines()[-4:]]
    lines, size, ply = head, sum(len(x) + 1 for x in head), 2
    while True:
        line = f"{ply // 2 + 1}{'.' if ply % 2 == 0 else '...'} {bodies[(ply - 2) % 4]}"
        if size + len(line) + 1 > limit:
            break
        lines.append(line)
        size += len(line) + 1
        ply += 1
    return "\n".join(lines) + "\n"


def table_records(cap: bool) -> None:
    print("4. loading long records (issue 17 bound: memory <= 50x the file size); one fresh process per load")
    print(
        f"{'record':44s} {'plies':>7s} {'file B':>9s} {'held B':>11s} {'held/file':>9s} {'peak B':>11s} "
        f"{'peak/file':>9s} {'RSS growth B':>12s} {'CPU s':>7s} {'wall s':>7s}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        rulesets = Path(tmp, "rulesets")
        rulesets.mkdir()
        (rulesets / "endless.toml").write_text(ENDLESS.format(reps=0 if cap else 3), encoding="utf-8")
        (rulesets / "endless-spirit.toml").write_text(ENDLESS_SPIRIT, encoding="utf-8")
        env = {**os.environ, "DAQI_RULESETS": str(rulesets), "PYTHONPATH": str(ROOT)}
        os.environ["DAQI_RULESETS"] = str(rulesets)
        from engine import load_ruleset

        rules = load_ruleset("endless")
        cases = [
            ("cube, 3,000 plies of random play", lambda: cube_record(rules, 3000, 17)),
            ("cube, 30,000 plies of random play", lambda: cube_record(rules, 30000, 17)),
            ("spirit, random play (up to 30,000 plies)", lambda: spirit_record(30000, 3)),
        ]
        if cap:
            from engine.core.files import MAX_RECORD_BYTES

            cases.append(
                (f"cube, a shuffle up to the cap ({MAX_RECORD_BYTES} B)", lambda: shuffle_record(MAX_RECORD_BYTES))
            )
        for name, make in cases:
            path = Path(tmp, "record.txt")
            path.write_text(make(), encoding="utf-8")
            size = path.stat().st_size
            out = subprocess.run(
                [sys.executable, "-c", _LOAD, str(path)], env=env, capture_output=True, text=True, check=False
            )
            if out.returncode:
                print(f"{name:44s} failed: {out.stderr.strip().splitlines()[-1:]}")
                continue
            plies, held, peak, rss, cpu, wall = out.stdout.split()
            print(
                f"{name:44s} {int(plies):7d} {size:9d} {int(held):11d} {int(held) / size:9.1f} {int(peak):11d} "
                f"{int(peak) / size:9.1f} {int(rss):12d} {float(cpu):7.2f} {float(wall):7.2f}"
            )
    print(
        "   held/peak: Python allocations of the loaded game (tracemalloc, second load); RSS growth: the\n"
        "   process's peak resident size during the first load, beyond what the interpreter had (allocator\n"
        "   pages included).  A game keeps every 64th position, the live one and the turns; the others are\n"
        "   replayed on demand (engine/core/history.py).\n"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", action="store_true", help="only table 4 (long records)")
    ap.add_argument("--cap", action="store_true", help="table 4 also loads a record at the 8 MiB cap (minutes)")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}\n")
    if not args.records:
        rules = load_ruleset("standard")
        table_touched(rules)
        table_far(rules)
        table_untouched(rules)
    table_records(args.cap)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
