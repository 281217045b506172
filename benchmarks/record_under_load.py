"""Demo renders beside CPU-bound processes: are the videos byte-identical?

    python benchmarks/record_under_load.py [--renders 4] [--busy N] [--size 960x540]

Renders ``daqi record --demo`` once on a quiet machine, then ``--renders`` times while ``--busy``
processes (default: one per core) spin the CPU, and prints each video's SHA-256 and whether all
are identical (issue 8: they must be).  Exit status 1 if any differs.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def render(out: Path, size: str) -> tuple[str, float]:
    t0 = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "viewer.app.cli", "record", "--demo", "--size", size, "--out", str(out), "--quiet"],
        cwd=ROOT,
        check=True,
    )
    return hashlib.sha256(out.read_bytes()).hexdigest(), time.perf_counter() - t0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--renders", type=int, default=4)
    ap.add_argument("--busy", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--size", default="960x540")
    args = ap.parse_args(argv)
    hashes = []
    with tempfile.TemporaryDirectory() as tmp:
        h, dt = render(Path(tmp) / "quiet.mp4", args.size)
        print(f"quiet render: {h[:16]}  {dt:.1f} s")
        hashes.append(h)
        for i in range(args.renders):
            busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.busy)]
            try:
                h, dt = render(Path(tmp) / f"busy{i}.mp4", args.size)
            finally:
                for p in busy:
                    p.kill()
                    p.wait()
            print(f"render {i + 1} beside {args.busy} CPU-bound processes: {h[:16]}  {dt:.1f} s")
            hashes.append(h)
    same = len(set(hashes)) == 1
    print(f"{len(hashes)} renders, {len(set(hashes))} distinct videos: {'byte-identical' if same else 'DIFFERENT'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
