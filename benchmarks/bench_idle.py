"""CPU use of the idle window and frame time while orbiting (issue 12: idle at rest).

    xvfb-run -a .venv/bin/python benchmarks/bench_idle.py [--seconds 10] [--legacy]

Opens the real cube-chess window (1280x800, the opening position after Q = quick start, no
piece selected) on an X display and runs pyglet's event loop as ``daqi`` does
(:func:`viewer.app.window.run`).  Three phases in one loop:

1. warm-up (2 s): the first frames are drawn;
2. rest (``--seconds``): no input; prints the process's CPU time over that span as % of one
   core (``time.process_time``: every thread of this process, not the X server) and how many
   frames were drawn;
3. orbit (``--seconds``/2): a mouse drag of 4 px is sent 60 times a second (like a user
   orbiting); prints the median and 95th-percentile frame time (``Window.draw``: render + HUD +
   buffer swap) and the frames drawn per second;
4. selected (``--seconds``/2): a knight is selected, its targets pulse, no input: CPU and frames/s.

``--legacy`` runs the loop the way it ran before issue 12 (``pyglet.app.run(1/60)``: a redraw
every 1/60 s whatever happens) for comparison.  Goal: <= 2 % of one core at rest.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=10.0, help="length of the rest phase (default 10)")
    ap.add_argument("--legacy", action="store_true", help="redraw every 1/60 s (the loop before issue 12)")
    args = ap.parse_args(argv)
    if not os.environ.get("DISPLAY"):
        print(
            "bench_idle: no X display; run it as  xvfb-run -a .venv/bin/python benchmarks/bench_idle.py",
            file=sys.stderr,
        )
        return 2

    import pyglet

    from viewer.app.window import DaqiWindow, run
    from viewer.cube.controller import CubeController

    tmp = Path(tempfile.mkdtemp(prefix="daqi-bench-idle-"))
    controller = CubeController(quick=True, autosave_path=tmp / "autosave.txt", offer_resume=False)
    win = DaqiWindow(controller, width=1280, height=800)
    frame_times: list[float] = []
    name = "draw" if args.legacy else "draw_now"
    draw = getattr(win, name)

    def timed_draw(*a):
        t0 = time.perf_counter()
        draw(*a)
        frame_times.append(time.perf_counter() - t0)

    setattr(win, name, timed_draw)
    if args.legacy:
        win.request_redraw = lambda: None  # the old loop: no draws on demand
    marks: dict[str, tuple[float, float, int]] = {}

    def mark(name):
        marks[name] = (time.perf_counter(), time.process_time(), win.frames_drawn)

    def drag(_dt):
        win.dispatch_event("on_mouse_drag", 640, 400, 4, 0, pyglet.window.mouse.LEFT, 0)

    def start_orbit(_dt):
        mark("rest_end")
        frame_times.clear()
        mark("orbit_start")
        pyglet.clock.schedule_interval(drag, 1 / 60.0)
        pyglet.clock.schedule_once(stop, args.seconds / 2)

    def stop(_dt):
        mark("orbit_end")
        pyglet.clock.unschedule(drag)
        controller.click_cell((4, 1, 1))  # a knight selected: its targets pulse
        win.request_redraw()
        mark("selected_start")
        pyglet.clock.schedule_once(finish, args.seconds / 2)

    def finish(_dt):
        mark("selected_end")
        pyglet.app.exit()

    pyglet.clock.schedule_once(lambda _dt: mark("rest_start"), 2.0)
    pyglet.clock.schedule_once(start_orbit, 2.0 + args.seconds)
    if args.legacy:
        pyglet.app.run(1 / 60.0)
    else:
        run(win)
    win.close()

    def span(a, b):
        (w0, c0, f0), (w1, c1, f1) = marks[a], marks[b]
        return w1 - w0, c1 - c0, f1 - f0

    wall, cpu, frames = span("rest_start", "rest_end")
    mode = "legacy loop (redraw every 1/60 s)" if args.legacy else "redraw on change"
    print(f"window 1280x800, opening position, {mode}")
    print(
        f"rest:  {wall:5.1f} s without input: CPU {100.0 * cpu / wall:6.2f} % of one core, "
        f"{frames} frames drawn ({frames / wall:.1f}/s)"
    )
    wall, cpu, frames = span("orbit_start", "orbit_end")
    ft = sorted(frame_times) or [0.0]
    p95 = ft[min(len(ft) - 1, int(0.95 * len(ft)))]
    print(
        f"orbit: {wall:5.1f} s of 60 drags/s: {frames / wall:5.1f} frames/s, frame time median "
        f"{1000 * statistics.median(ft):6.1f} ms, p95 {1000 * p95:6.1f} ms, CPU {100.0 * cpu / wall:6.1f} % "
        f"of one core"
    )
    wall, cpu, frames = span("selected_start", "selected_end")
    print(
        f"selected piece (pulsing targets, no input): {wall:5.1f} s: CPU {100.0 * cpu / wall:6.1f} % of one core, "
        f"{frames / wall:.1f} frames/s"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
