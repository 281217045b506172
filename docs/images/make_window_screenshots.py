"""Screenshots of the real game window (pyglet, drawn headless through EGL), 1280x800.

    .venv/bin/python docs/images/make_window_screenshots.py [--out docs/images]

* ``window.png``           the sample game after 7 turns, black's knight selected: every target
                           drawn with its own symbol in the default 3-D view;
* ``window-observe.png``   the observation view (O, C18): the z columns around (3, 2) as a picture;
* ``window-overview.png``  the same position in the board overview (V).

Deterministic: fixed game, fixed window size, injected time (no wall clock in the picture).
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent))
    args = ap.parse_args(argv)
    import pyglet
    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    from PIL import Image

    from engine.cube.game import sample_game
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController

    game = sample_game()
    game.undo()                                   # before the winning turn
    tmp = Path(tempfile.mkdtemp(prefix="daqi-shots-"))
    c = CubeController(game=game, autosave_path=tmp / "autosave.txt", offer_resume=False)
    win = DaqiWindow(c, width=1280, height=800, schedule=False, visible=False)
    out = Path(args.out)
    try:
        pos = c.position
        mover = pos.to_move
        origin = next(coord for coord, st in sorted(pos.board_pieces(()))
                      if st and st[-1].side == mover and st[-1].type == "knight" and coord[2] == 1)
        c.click_cell(origin)
        c.tick(0.35)
        Image.fromarray(win.draw_frame()).save(out / "window.png")
        print(out / "window.png")
        c.cancel()
        c.key("o")                                   # the observation view (C18), range 0 -> 1
        c.key("o")
        c.hovered = c.view.highlights.hovered = (3, 2, 1)
        Image.fromarray(win.draw_frame()).save(out / "window-observe.png")
        print(out / "window-observe.png")
        c.key("o")
        c.key("o")
        c.key("v")
        Image.fromarray(win.draw_frame()).save(out / "window-overview.png")
        print(out / "window-overview.png")
    finally:
        win.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
