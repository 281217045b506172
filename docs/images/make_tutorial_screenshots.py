"""Re-render the README screenshots of the tutorial and the legend (headless EGL window, 1280x720).

    .venv/bin/python docs/images/make_tutorial_screenshots.py [--out docs/images]

* ``tutorial.png``  lesson 3 (hyper-jumps and the sliders) with its hint shown;
* ``legend.png``    the legend panel (L) and an illegal click explained, with its detail line (I).

Deterministic: the window is never ticked (no wall clock), fixed positions and clicks.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    import pyglet
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from PIL import Image

    from viewer.app.tutorial import TutorialSession
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController

    session = TutorialSession(start=2)
    win = DaqiWindow(None, schedule=False, visible=False, width=1280, height=720, tutorial=session)
    session.key(win, "h")
    Image.fromarray(win.draw_frame()).save(out / "tutorial.png")
    win.close()

    c = CubeController(quick=True, autosave_path=None)
    win = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720)
    c.key("l")
    c.click_cell((5, 1, 1))            # the bishop behind its pawns ...
    c.click_cell((5, 6, 1))            # ... sent straight ahead: refused, and told why
    c.key("i", shift=True)             # the detail line under the message
    Image.fromarray(win.draw_frame()).save(out / "legend.png")
    win.close()
    print(f"wrote {out / 'tutorial.png'} and {out / 'legend.png'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
