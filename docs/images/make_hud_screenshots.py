"""Re-render the README's window screenshots (the HUD included) headless through EGL.

    .venv/bin/python docs/images/make_hud_screenshots.py [--out docs/images]

* ``window-review.png``   the sample game reviewed at turn 11: the move list marks it, the board
                          shows that position, its plane and sliders;
* ``window-banner.png``   the sample game's end: the result banner with its choices, a clock;
* ``window-typed.png``    a turn typed in the notation, the keyboard cell cursor on the board;
* ``window-scale2.png``   the HUD at UI scale 2 on a 2560×1440 window (statistics shown);
* ``spirit-levels.png``   spirit chess with its level badges.

Deterministic: fixed games and keys, time passed in by hand (no wall clock).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "images"))
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import pyglet
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from PIL import Image

    from engine import sample_game
    from engine.spirit import sample_spirit_game
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController
    from viewer.spirit.controller import SpiritController

    def shot(win, name):
        Image.fromarray(win.draw_frame()).save(out / name, optimize=True)
        print(out / name)
        win.close()

    c = CubeController(game=sample_game())
    w = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720)
    c.review_goto(11)
    shot(w, "window-review.png")

    c = CubeController(game=sample_game())
    w = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720, clock="10+5")
    c.tick(0.1)
    shot(w, "window-banner.png")

    c = CubeController(quick=True)
    w = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720, clock="10+5")
    c.tick(12.0)
    for k in ("up", "right", "up", "up"):
        c.key(k)
    c.key("/")
    c.text("/P(9,3,1)-(9,4,1)^(9,4,2)")
    shot(w, "window-typed.png")

    g = sample_game()
    for _ in range(3):
        g.undo()
    c = CubeController(game=g)
    w = DaqiWindow(c, schedule=False, visible=False, width=2560, height=1440, ui_scale=2, clock="10+5")
    w.app.key("k", False, False)      # the statistics table
    c.key("left", ctrl=True)          # and a review
    shot(w, "window-scale2.png")

    s = SpiritController(quick=True)
    s._adopt_loaded(sample_spirit_game())
    s.review_goto(6)
    w = DaqiWindow(spirit_controller=s, start="spirit", schedule=False, visible=False, width=1280, height=720)
    shot(w, "spirit-levels.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
