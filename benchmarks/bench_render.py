"""Render benchmark (a script, not a test): python benchmarks/bench_render.py [--frames N]

Prints, at 1280x720 offscreen (headless EGL; on this machine Mesa llvmpipe):
* the default scene (opening position, 3/4 view): frame time with and without read-back,
  beside the bare baseline at the same instance count;
* frame time as the number of pieces drawn grows (1k, 4k, 16k, 64k instances, a
  synthetic position drawn by the real scene path), each beside a bare baseline
  measured in the same run: the same number of plain instanced translucent cubes at
  the same places, in ONE draw call.  Scene and baseline frames are interleaved;
  each figure is the median of --frames frames, with its quartiles; the load
  average is printed because other processes share the CPUs;
* picking time.
Every timing ends with ctx.finish() (or a read-back) so the GPU work is counted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from viewer.cube.picking import pick_view  # noqa: E402
from viewer.cube.render import OffscreenRenderer  # noqa: E402
from viewer.cube.scene import INSTANCE_FLOATS, View, build_scene  # noqa: E402
from viewer.gl import meshes  # noqa: E402
from viewer.gl.shaders import load_program  # noqa: E402

W, H = 1280, 720
TYPES = meshes.PIECE_TYPES


class _P:
    def __init__(self, type, side):
        self.type, self.side, self.was = type, side, None


class _Rules:
    size = (16, 16, 16)
    green = ((3, 14), (1, 16), (1, 1))
    promotion = {"white": 14, "black": 3}
    red_line = {"white": 3, "black": 14}


class SyntheticPosition:
    """A shown board holding exactly ``n`` pieces (mixed types, both sides, piles when n > 4096)."""

    def __init__(self, n: int):
        self.rules = _Rules()
        cells = 16 * 16 * 16
        per = -(-n // cells)
        rng = np.random.default_rng(7)
        self._cells = []
        left = n
        for i in range(cells):
            if left <= 0:
                break
            k = min(per, left)
            left -= k
            z, y, x = i // 256 + 1, (i // 16) % 16 + 1, i % 16 + 1
            stack = tuple(_P(TYPES[int(t)], "white" if y <= 8 else "black") for t in rng.integers(0, len(TYPES), k))
            self._cells.append(((x, y, z), stack))

    def board_pieces(self, higher=()):
        return self._cells if not higher else []

    def max_dimension(self):
        return 3

    def indices_used(self, dim):
        return []


def opening_position():
    try:
        from engine import start_position

        return start_position(), "engine start_position()"
    except Exception as exc:  # engine not importable
        sys.path.insert(0, str(ROOT / "tests" / "viewer"))
        from conftest import FakePosition

        return FakePosition(), f"fake opening (engine unavailable: {exc.__class__.__name__})"


def timed(fn, frames: int) -> float:
    fn()  # warm-up (uploads, shader compile)
    fn()
    samples = []
    for _ in range(frames):
        t0 = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(samples)


def paired(fa, fb, frames: int) -> tuple[list, list]:
    """Time ``fa`` and ``fb`` (ms) interleaved, alternating which goes first; 2 warm-ups each."""
    for _ in range(2):
        fa()
        fb()
    a, b, ca, cb = [], [], [], []
    for i in range(frames):
        order = ((fa, a, ca), (fb, b, cb)) if i % 2 == 0 else ((fb, b, cb), (fa, a, ca))
        for fn, out, cpu in order:
            c0, t0 = time.process_time(), time.perf_counter()
            fn()
            out.append((time.perf_counter() - t0) * 1000.0)
            cpu.append((time.process_time() - c0) * 1000.0)
    paired.cpu = (ca, cb)  # CPU time of this process (all renderer threads), same frames
    return a, b


def spread(xs: list) -> str:
    q = statistics.quantiles(xs, n=4) if len(xs) >= 2 else [xs[0]] * 3
    return f"{statistics.median(xs):6.1f} [{q[0]:.1f}-{q[2]:.1f}]"


def ratio(a: list, b: list) -> tuple[float, float]:
    """(ratio of medians, median of the per-pair ratios)."""
    return (statistics.median(a) / statistics.median(b), statistics.median([x / y for x, y in zip(a, b)]))


def load() -> str:
    try:
        return "load average {:.2f} {:.2f} {:.2f}".format(*os.getloadavg())
    except OSError:
        return "load average n/a"


def describe(scene) -> str:
    op = sum(len(scene.opaque.get(t, ())) for t in TYPES)
    tr = sum(len(scene.translucent.get(t, ())) for t in TYPES)
    planes = len(scene.opaque.get("tiles", ())) + len(scene.translucent.get("tiles", ()))
    return (
        f"{op} opaque detailed + {tr} translucent low-poly pieces, "
        f"{planes} board planes (1 opaque, {planes - 1} translucent)"
    )


class Baseline:
    """N plain translucent cubes, one instanced draw."""

    def __init__(self, ctx, fbo):
        import moderngl

        self.mgl, self.ctx, self.fbo = moderngl, ctx, fbo
        self.prog = load_program(ctx, "cubes")
        cube = meshes.unit_cube()[:, :3]
        self.vbo = ctx.buffer(np.ascontiguousarray(cube, dtype="f4").tobytes())
        self.ibo = None

    def set_instances(self, inst: np.ndarray):
        if self.ibo is not None:
            self.vao.release()
            self.ibo.release()
        self.n = len(inst)
        self.ibo = self.ctx.buffer(np.ascontiguousarray(inst, dtype="f4").tobytes())
        self.vao = self.ctx.vertex_array(
            self.prog, [(self.vbo, "3f", "in_position"), (self.ibo, "4f 4f/i", "in_offset", "in_color")]
        )

    def draw(self, camera):
        ctx, mgl = self.ctx, self.mgl
        self.fbo.use()
        self.fbo.clear(0.1, 0.1, 0.1, 1.0, depth=1.0)
        self.prog["m_vp"].write(camera.vp_bytes())
        ctx.enable(mgl.DEPTH_TEST | mgl.BLEND)
        ctx.depth_mask = False
        ctx.blend_func = mgl.SRC_ALPHA, mgl.ONE_MINUS_SRC_ALPHA
        self.vao.render(instances=self.n)
        ctx.depth_mask = True
        ctx.finish()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=15)
    ap.add_argument("--counts", default="1000,4000,16000,64000")
    args = ap.parse_args(argv)

    off = OffscreenRenderer(W, H)
    ctx = off.ctx
    print(f"renderer: {ctx.info['GL_RENDERER']}  ({W}x{H}, {args.frames} frames per figure: median [quartiles] ms)")
    print(f"{load()}  (cpus: {os.cpu_count()})")
    print(
        "baseline = the same number of plain instanced cubes (36 vertices, scale 0.5, alpha 0.3,"
        " blended, depth test on, no depth writes) at the pieces' places in ONE draw call,\n"
        "into the same framebuffer, same clear, each frame ended by ctx.finish(); scene and"
        " baseline frames are interleaved."
    )

    base = Baseline(ctx, off.fbo)

    def scene_vs_baseline(position, view):
        off.renderer.invalidate()
        off.draw(position, view)
        sc = off.renderer.scene
        inst = (
            np.concatenate(
                [a for name, a in list(sc.opaque.items()) + list(sc.translucent.items()) if name in TYPES and len(a)]
            )
            .reshape(-1, INSTANCE_FLOATS)
            .copy()
        )
        inst[:, 3] = 0.5
        inst[:, 7] = 0.3
        base.set_instances(inst)
        a, b = paired(lambda: (off.draw(position, view), ctx.finish()), lambda: base.draw(view.camera), args.frames)
        return sc, a, b

    pos, what = opening_position()
    view = View()
    view.camera.resize(W, H)
    view.frame()
    build_ms = timed(lambda: build_scene(pos, view), 3)
    sc, a, b = scene_vs_baseline(pos, view)
    n = sc.piece_count
    full_ms = timed(lambda: off.render(pos, view), args.frames)
    read_ms = timed(off.read, args.frames)
    view.camera.orbit(1.0, 0.0)
    orbit_ms = timed(lambda: (view.camera.orbit(0.5, 0.0), off.draw(pos, view), ctx.finish()), args.frames)
    r, pr = ratio(a, b)
    print(f"\ndefault scene: {what}, 3/4 view; {n} pieces drawn: {describe(sc)}")
    print(f"  frame (draw + finish)        {spread(a)} ms   target < 50 ms")
    print(f"  baseline, {n} cubes        {spread(b)} ms")
    print(f"  ratio scene / baseline       {r:6.2f}x (median of per-pair ratios {pr:.2f}x)   target <= 1.5x")
    ca, cb = paired.cpu
    print(
        f"  CPU ms (all threads) scene {spread(ca)}  baseline {spread(cb)}  ratio "
        f"{ratio(ca, cb)[0]:.2f}x   (less sensitive to other processes than wall time)"
    )
    print(f"  frame + read-back (H,W,3)    {full_ms:6.1f} ms   (read-back alone {read_ms:.1f} ms)")
    print(f"  frame while orbiting (resort){orbit_ms:6.1f} ms")
    print(f"  scene rebuild (position changed) {build_ms:5.1f} ms")
    print(f"  {load()}")

    print(
        "\nscaling: a synthetic position holding exactly N pieces on the shown 16x16x16 board,"
        " drawn by the real scene path\n(build_scene + Renderer.render, default View: focused"
        " plane z=1 opaque + detailed meshes, other planes translucent + low-poly; cells fill"
        " plane by plane, piles when N > 4096)"
    )
    print(
        f"{'pieces':>7}  {'scene ms':>19}  {'baseline cubes ms':>19}  {'ratio':>6} {'(pairs)':>8}"
        f"  {'cpu ratio':>9}  drawn"
    )
    for count in [int(c) for c in args.counts.split(",")]:
        syn = SyntheticPosition(count)
        v = View()
        v.camera.resize(W, H)
        v.frame()
        sc, a, b = scene_vs_baseline(syn, v)
        r, pr = ratio(a, b)
        cr = ratio(*paired.cpu)[0]
        print(
            f"{sc.piece_count:>7}  {spread(a):>19}  {spread(b):>19}  {r:5.2f}x {pr:7.2f}x  {cr:8.2f}x  {describe(sc)}"
        )
    print(f"  {load()}")

    view = View()
    view.camera.resize(W, H)
    view.frame()
    pts = np.random.default_rng(3).uniform([0, 0], [W, H], size=(2000, 2))
    t0 = time.perf_counter()
    for px, py in pts:
        pick_view(view, px, py)
    pick_us = (time.perf_counter() - t0) / len(pts) * 1e6
    print(f"\npicking: {pick_us:.0f} us per pick (target < 1000 us)")
    off.release()


if __name__ == "__main__":
    main()
