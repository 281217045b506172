"""The window's frame time while the analysis runs vs at rest (a script, not a test; issue 19):

    python benchmarks/bench_analysis.py [--rounds 3] [--frames 40] [--level 2] [--size 1280x800]

Opens the cube-chess window headless (pyglet + EGL; Mesa llvmpipe draws on the CPUs) on the sample
game with the analysis board on (evaluation bar, best line) and every threat drawn (J), then, round
by round: frames at rest (the analysis idle, its results drawn), and frames while the analysis
board's worker process analyses the whole game (F11: one search per position, level ``--level``).
Each frame is the window's tick (which polls the worker) and ``on_draw`` ended by ``ctx.finish()``.
Printed per round: the median wall time and CPU time (this process) per frame in each state and
the ratio analysing / rest (the target: within 2x).
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


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--frames", type=int, default=40, help="frames at rest per round (default 40)")
    ap.add_argument("--level", type=int, default=2)
    ap.add_argument("--size", default="1280x800")
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    import pyglet

    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from engine import sample_game
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController

    c = CubeController(game=sample_game(), autosave_path=None)
    win = DaqiWindow(c, schedule=False, visible=False, width=w, height=h, sound=False)
    board = win.app.analysis.board
    board.level = args.level
    win.app.key("j", False, False)  # every threat
    win.app.key("j", True, False)  # the analysis board

    def frame() -> tuple[float, float]:
        t0, p0 = time.perf_counter(), time.process_time()
        win.tick(1 / 60)
        win.switch_to()
        win.on_draw()
        win.ctx.finish()
        return time.perf_counter() - t0, time.process_time() - p0

    # warm-up: the worker starts (spawn) and answers the bar's search; shaders, fonts
    t0 = time.perf_counter()
    while board.thinking() and time.perf_counter() - t0 < 120:
        frame()
    for _ in range(10):
        frame()
    print(
        f"bench_analysis: window {w}x{h} headless, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, "
        f"analysis level {args.level}, sample game ({len(c.game.positions)} positions), every threat drawn"
    )
    ratios = []
    for r in range(1, args.rounds + 1):
        rest = [frame() for _ in range(args.frames)]
        board.analyse_game(c.game)
        busy, t0 = [], time.perf_counter()
        while board.game_progress() is not None and time.perf_counter() - t0 < 300:
            busy.append(frame())
        took = time.perf_counter() - t0
        rw, rc = statistics.median(x[0] for x in rest), statistics.median(x[1] for x in rest)
        bw, bc = statistics.median(x[0] for x in busy), statistics.median(x[1] for x in busy)
        ratios.append(bw / rw)
        print(
            f"round {r}: at rest {rw * 1e3:6.2f} ms wall {rc * 1e3:6.2f} ms CPU ({len(rest)} frames)   "
            f"analysing {bw * 1e3:6.2f} ms wall {bc * 1e3:6.2f} ms CPU ({len(busy)} frames in {took:.1f} s)   "
            f"ratio {bw / rw:.2f}x"
        )
    print(f"median ratio analysing / rest: {statistics.median(ratios):.2f}x (target: within 2x)")
    win.close()
    board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
