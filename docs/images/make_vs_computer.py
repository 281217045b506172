"""Re-render the README's "Playing the computer" screenshots through the real window (headless EGL):

    .venv/bin/python docs/images/make_vs_computer.py [--out docs/images]

* ``vs-computer-hint.png``     cube chess against the computer (black, level 2): white pressed I,
                               the hinted turn is marked on the board and explained;
* ``vs-computer-thinking.png`` white played the hint; the computer (black) is thinking;
* ``vs-computer-spirit-hint.png`` the same hint in spirit chess.

Deterministic: the computer's answers depend on the seed and the ply only, and the window's clock
is injected (``window.tick``); the computer runs inline, held while the picture is taken.
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
    out = Path(ap.parse_args(argv).out)
    import pyglet
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from PIL import Image

    from engine import TurnBuilder
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController
    from viewer.spirit.controller import SpiritController
    from viewer.ui.computer import InlineExecutor

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    ex = InlineExecutor(hold=True)
    c.set_computer(["black"], level=2, seed=1, executor=ex)
    win = DaqiWindow(c, schedule=False, visible=False, width=1280, height=800)
    win.tick(0.05)
    c.key("h", shift=True)
    ex.hold = False
    win.tick(0.05)
    Image.fromarray(win.draw_frame()).save(out / "vs-computer-hint.png")
    t = c.hint_turn()
    c.builder = TurnBuilder(c.game.position, t.origin)
    for a in t.actions:
        c.builder.add(a)
    c.key("enter")
    ex.hold = True
    win.tick(0.05)
    win.tick(1.3)
    Image.fromarray(win.draw_frame()).save(out / "vs-computer-thinking.png")
    win.close()

    sc = SpiritController(quick=True, autosave_path=None)
    ex = InlineExecutor(hold=True)
    sc.set_computer(["black"], level=2, seed=1, executor=ex)
    win = DaqiWindow(None, spirit_controller=sc, start="spirit", schedule=False, visible=False, width=1280,
                     height=800)
    win.tick(0.05)
    sc.key("h", shift=True)
    ex.hold = False
    win.tick(0.05)
    Image.fromarray(win.draw_frame()).save(out / "vs-computer-spirit-hint.png")
    win.close()
    print(f"wrote 3 screenshots to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
