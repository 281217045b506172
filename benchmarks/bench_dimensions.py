"""High dimensions (issue 17): the overview, the threats, a far board's scene and ``daqi record`` for
a game that reached dimension 2,000 and 10,000, against the same game in dimension 5.

Run from the repository root::

    nice .venv/bin/python benchmarks/bench_dimensions.py [--rounds 2] [--no-record]

The game: two pawn steps, then each side's pawn hyper-jumps into dimension D (index 2) and white's
steps on there (5 plies; the record of D = 10,000 is 80 KB).  Per round, interleaved D = 5, 2,000,
10,000, each figure is CPU time (wall time beside it: the machine is shared):

* ``overview``: the overview model and its instance buffers around the far board (dims 4 and D);
* ``threats``: every threat of the final position (what the analysis panel and ``--annotate`` draw);
* ``scene``: the 3-D scene of the far board (``viewer.cube.scene.build_scene``);
* ``record``: ``daqi record`` of the whole game at 320x180, 8 frames/s (a fresh process; its CPU).

Before issue 17's fix (same machine, loaded): overview at 2,000 about 6.5 s, at 10,000 and ``daqi
record`` over 60 s; the window's first frame at 10,000 took 9.2 s CPU (threats and 9,998 sliders).
"""

from __future__ import annotations

import argparse
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import Game, HyperJump, Move, Turn  # noqa: E402
from engine.analysis.threats import cube_threats  # noqa: E402
from viewer.cube.overview import Overview, build_overview_scene  # noqa: E402
from viewer.cube.scene import View, build_scene  # noqa: E402


def far_game(d: int) -> Game:
    """The 5-ply game that reaches dimension ``d``."""

    def far(c):
        return c + (1,) * (d - 4) + (2,)

    g = Game("standard")
    g.play(Turn((9, 3, 1), (Move((9, 4, 1)),)))
    g.play(Turn((9, 14, 1), (Move((9, 13, 1)),)))
    g.play(Turn((9, 4, 1), (HyperJump(far((9, 4, 1))),)))
    g.play(Turn((9, 13, 1), (HyperJump(far((9, 13, 1))),)))
    g.play(Turn(far((9, 4, 1)), (Move(far((9, 5, 1))),)))
    return g


def timed(fn) -> tuple[float, float]:
    c0, w0 = time.process_time(), time.perf_counter()
    fn()
    return time.process_time() - c0, time.perf_counter() - w0


def record_cpu(path: Path, out: Path) -> tuple[float, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    w0 = time.perf_counter()
    cmd = [sys.executable, "-m", "viewer.app.cli", "record", str(path), "--out", str(out), "--size", "320x180"]
    cmd += ["--fps", "8", "--hold", "0.5", "--transition", "0.25", "--quiet"]
    subprocess.run(cmd, check=True, cwd=ROOT)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime), time.perf_counter() - w0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--no-record", action="store_true", help="skip daqi record (the slowest part)")
    args = ap.parse_args(argv)
    print(f"Python {platform.python_version()} ({platform.python_implementation()}) on {platform.machine()}")
    dims = (5, 2000, 10_000)
    games = {d: far_game(d) for d in dims}
    parts = ["overview", "threats", "scene"] + ([] if args.no_record else ["record"])
    best: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        for d, g in games.items():
            Path(tmp, f"dim{d}.txt").write_text(g.to_text(), encoding="utf-8")
        for r in range(args.rounds):
            for d in dims:  # interleaved: each round measures every dimension
                pos = games[d].position
                far = pos.max_dimension()
                higher = (1,) * (far - 4) + (2,)
                view = View()
                view.slicing.update_from(pos)
                view.slicing.set_higher(higher)
                figures = {
                    "overview": timed(
                        lambda pos=pos, higher=higher, d=d: build_overview_scene(
                            Overview(pos, current=higher, dims=(4, max(5, d)))
                        )
                    ),
                    "threats": timed(lambda pos=pos: cube_threats(pos)),
                    "scene": timed(lambda pos=pos, view=view: build_scene(pos, view)),
                }
                if not args.no_record:
                    figures["record"] = record_cpu(Path(tmp, f"dim{d}.txt"), Path(tmp, f"dim{d}.mp4"))
                for k, v in figures.items():
                    old = best.get((d, k))
                    best[(d, k)] = v if old is None or v[0] < old[0] else old
            print(f"round {r + 1} done")
    print(f"\nbest of {args.rounds} rounds, CPU s (wall s); ratio: CPU against dimension 5")
    print(f"{'dimension':>10s} " + " ".join(f"{p:>22s}" for p in parts))
    for d in dims:
        cells = []
        for p in parts:
            cpu, wall = best[(d, p)]
            ratio = cpu / max(best[(5, p)][0], 1e-9)
            cells.append(f"{cpu:7.3f} ({wall:6.2f}) x{ratio:5.1f}")
        print(f"{d:>10d} " + " ".join(f"{c:>22s}" for c in cells))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
