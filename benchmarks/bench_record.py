"""Benchmark of the recording pipeline: render, read-back, overlay and H.264 encode.

    .venv/bin/python benchmarks/bench_record.py [--size 1280x720] [--frames 60] [--preset veryfast]

Prints frames per second for each stage alone (on the sample game, every frame
distinct: orbiting camera) and for the whole pipeline as ``daqi record`` runs it
(render -> read-back -> overlay in this thread; libx264 in the ffmpeg process fed
through a pipe by a writer thread, so encoding overlaps rendering), with the
default camera (held positions are rendered once and repeated) and with an
orbiting camera (every frame rendered).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv=None) -> int:
    from engine.cube.game import sample_game
    from viewer.record import recording as R
    from viewer.record.overlay import draw_overlay

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--frames", type=int, default=60, help="frames per stage measurement")
    ap.add_argument("--preset", default="veryfast")
    args = ap.parse_args(argv)
    w, h = R.parse_size(args.size)
    n = args.frames
    game = sample_game()
    print(f"daqi record benchmark: {w}x{h}, sample game, {os.cpu_count()} CPUs, preset {args.preset}")

    # ---- stages alone, every frame distinct (orbit camera)
    opts = R.RecordOptions(size=(w, h), camera="orbit")
    rec = R.Recorder(game, opts)
    painter = rec.painter
    print(f"GL: {painter.off.ctx.info.get('GL_RENDERER')}")
    states = [rec.state(i % len(rec)) for i in range(n)]
    painter.paint(states[0], rec.animator)  # warm up (scene build, shaders)
    t0 = time.perf_counter()
    for st in states:
        painter.draw(st, rec.animator)
        painter.off.ctx.finish()
    t_render = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    frames = [painter.read() for _ in range(n)]
    t_read = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    frames = [draw_overlay(f, st.overlay) for f, st in zip(frames, states)]
    t_overlay = (time.perf_counter() - t0) / n
    rec.close()

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "enc.mp4"
        writer = R.Mp4Writer(out, (w, h), 24, preset=args.preset)
        t0 = time.perf_counter()
        for i in range(n):
            writer.add(frames[i])
        writer.close()
        t_encode = (time.perf_counter() - t0) / n

        print(f"\nstage alone (ms/frame, fps), {n} distinct frames:")
        for name, t in (
            ("render (draw + finish)", t_render),
            ("read-back (fbo -> numpy)", t_read),
            ("overlay (Pillow text)", t_overlay),
            ("encode (libx264 via pipe)", t_encode),
        ):
            print(f"  {name:28s} {t * 1000:7.1f} ms  {1 / t:7.1f} fps")
        serial = t_render + t_read + t_overlay + t_encode
        print(f"  {'sum (if nothing overlapped)':28s} {serial * 1000:7.1f} ms  {1 / serial:7.1f} fps")
        dom = max((t_render, "render"), (t_read, "read-back"), (t_overlay, "overlay"), (t_encode, "encode"))
        print(f"  dominant stage: {dom[1]}")

        # ---- the whole pipeline as `daqi record` runs it
        print("\nwhole pipeline (record(): render -> read -> overlay -> queue -> ffmpeg/libx264):")
        for label, cam in (
            ("default camera (follow)", "follow"),
            ("fixed camera", "fixed"),
            ("orbit camera (all frames distinct)", "orbit"),
        ):
            o = R.RecordOptions(size=(w, h), camera=cam, preset=args.preset)
            info = R.record(game, Path(tmp) / f"{cam}.mp4", o, progress=False)
            fps = info["frames"] / info["seconds"]
            print(
                f"  {label:36s} {info['frames']:4d} frames ({info['unique_frames']:3d} rendered) "
                f"in {info['seconds']:5.1f} s = {fps:6.1f} fps"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
