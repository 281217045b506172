"""Memory of Daqi positions against touched cells, dimension and index.

Run from the repository root::

    .venv/bin/python benchmarks/bench_memory.py

Prints three tables (figures, not a test):

1. memory against the number of touched (changed) cells: should grow linearly;
2. memory of a position after one piece moved home / hyper-jumped into dimension 4 … 10,000
   or to index 2, 1000, 1,000,000: should be flat (a changed cell's key is a plain tuple up to
   dimension 16 and a compact ``FarCoord`` beyond, so it is bounded in dimension);
3. reading cells of an untouched board of dimension 1000: allocates nothing that persists.

Two measures: ``deep(cells)`` — ``sys.getsizeof`` summed over ``Position.cells``, its keys,
their ints, its stacks and their pieces (each object once; the piece-name strings and CPython's
cached small ints are shared by everything, so not counted); and ``tracemalloc`` — bytes still
allocated after building the position and keeping it (the whole Position: cells plus its
per-side tables).
"""

from __future__ import annotations

import gc
import platform
import random
import sys
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


def main() -> int:
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}\n")
    rules = load_ruleset("standard")
    table_touched(rules)
    table_far(rules)
    table_untouched(rules)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
