"""The window's frame time while the computer thinks (a script, not a test):

    python benchmarks/bench_thinking.py [--frames 120] [--nodes 40000] [--level 3] [--size 1280x800]
                                        [--executors process,thread] [--nice 5] [--orbit]

Opens the game's window headless (pyglet + EGL; on this machine Mesa llvmpipe, which draws on the
CPUs), draws the opening position of cube chess and prints the frame time (``on_draw`` of the real
window: the board, the pieces and the HUD, ended by ``ctx.finish()``) at rest, then while the
computer searches a turn (level 3, an exact node budget, so every run searches the same tree) in
each executor of :mod:`viewer.ui.computer`: the worker *process* the window uses, and a worker
*thread* for comparison (it shares the window's GIL).  Each figure: the median and the 95th
percentile of the frames, and the ratio to the median at rest (the target: within 2x).  The
frames while thinking are those drawn between the question and the answer, with the HUD showing
"thinking"; the window's clock tick (which polls the worker) runs before every frame.
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


def pct(values, q):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(q * (len(v) - 1))))]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=120, help="frames at rest (default 120)")
    ap.add_argument("--nodes", type=int, default=40000, help="node budget of the search (default 40000)")
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--size", default="1280x800")
    ap.add_argument("--executors", default="process,thread")
    ap.add_argument("--orbit", action="store_true", help="turn the camera before every frame")
    ap.add_argument(
        "--nice",
        type=int,
        default=None,
        help="the worker process's nice increment (default: the window's, viewer.ui.computer.WORKER_NICE)",
    )
    args = ap.parse_args(argv)
    w, h = (int(v) for v in args.size.lower().split("x"))

    import pyglet

    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController
    from viewer.ui import computer as comp

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    win = DaqiWindow(c, schedule=False, visible=False, width=w, height=h)

    def frame() -> float:
        win.tick(1 / 60)
        t0 = time.perf_counter()
        win.switch_to()
        win.on_draw()
        win.ctx.finish()
        return time.perf_counter() - t0

    def spin(n: int) -> list:
        """Frames of the window; with --orbit the camera turns a little before each (as when a
        person drags the view: the scene's translucent parts are re-sorted every frame)."""
        out = []
        for _ in range(n):
            if args.orbit:
                c.view.camera.orbit(0.5, 0.0)
            out.append(frame())
        return out

    print(
        f"bench_thinking: window {w}x{h} headless, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}, "
        f"level {args.level}, {args.nodes} nodes per search, camera {'orbiting' if args.orbit else 'still'}"
    )
    spin(15)  # warm-up: shaders, buffers, fonts
    rest = spin(args.frames)
    rest_med = statistics.median(rest)
    print(
        f"{'at rest':34s} median {rest_med * 1e3:7.2f} ms   p95 {pct(rest, 0.95) * 1e3:7.2f} ms   ({len(rest)} frames)"
    )
    req = comp.Request(c.game.position, args.level, comp.turn_seed(0, 0), nodes=args.nodes)
    for kind in args.executors.split(","):
        kind = kind.strip()
        if kind == "process":
            ex = comp.ProcessExecutor(nice=comp.WORKER_NICE if args.nice is None else args.nice)
            ex.submit(0, comp.Request(c.game.position, 0, 0))  # start-up: import the engine
            ex.wait(120.0)
            ex.poll()
        else:
            ex = comp.make_executor(kind)
        t0 = time.perf_counter()
        ex.submit(1, req)
        frames, answer = [], []
        while not answer:
            frames.append(spin(1)[0])
            answer = ex.poll()
        think_s = time.perf_counter() - t0
        ex.close()
        out = answer[0][1]
        nodes = getattr(out.suggestion, "nodes", 0) if out.suggestion is not None else 0
        med = statistics.median(frames)
        label = f"thinking ({kind}{', nice ' + str(ex._nice) if kind == 'process' else ''})"
        print(
            f"{label:34s} median {med * 1e3:7.2f} ms   p95 {pct(frames, 0.95) * 1e3:7.2f} ms   "
            f"({len(frames)} frames in {think_s:.2f} s, {nodes} nodes)   ratio {med / rest_med:.2f}x"
            + (f"   error: {out.error}" if out.error else "")
        )
    again = spin(args.frames // 2)
    print(
        f"{'at rest again':34s} median {statistics.median(again) * 1e3:7.2f} ms   p95 {pct(again, 0.95) * 1e3:7.2f} ms"
    )
    win.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
