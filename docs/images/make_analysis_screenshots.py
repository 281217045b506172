"""Re-render the README's analysis pictures (issue 19) headless through EGL.

    .venv/bin/python docs/images/make_analysis_screenshots.py [--out docs/images]

* ``analysis-threats.png`` a constructed cube position: the game-deciding threats (a facing line
                           along the 5th dimension, a prince two actions from the king's home on
                           board w4=2) leave the board toward their boards, a capture that
                           ends the game on the score (C16); the evaluation bar
                           and the best line as numbered arrows;
* ``analysis-review.png``  the sample game analysed (F11) and reviewed at turn 13: ?! ? ?? in the
                           move list, the evaluation graph (a click reviews a turn), the bar, the
                           best line, the threat that decides the game;
* ``analysis-spirit.png``  spirit chess: a sect attack, a formation zone, the bar and the best line;
* ``analysis-graph.png``   the graph ``daqi analyse engine/cube/samples/demo.txt`` writes.

Deterministic: fixed positions, level 2, seed 0, searches answered in-process (InlineExecutor).
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

    from engine import Piece, Position, load_ruleset, sample_game
    from engine.analysis.graph import plot
    from engine.analysis.report import analyse_game
    from engine.spirit import SpiritPiece, SpiritPosition
    from viewer.app.window import DaqiWindow
    from viewer.cube.controller import CubeController
    from viewer.spirit.controller import SpiritController
    from viewer.ui.computer import InlineExecutor

    W, B = "white", "black"

    def settle(win):
        for _ in range(3 + len(getattr(win.controller.game, "positions", []))):
            win.tick(0.05)

    def shot(win, name):
        Image.fromarray(win.draw_frame()).save(out / name, optimize=True)
        print(out / name)
        win.close()

    # 1. threats across boards
    c = CubeController(quick=True, offer_resume=False, autosave_path=None)
    c.analysis_executor = InlineExecutor()
    c.game.positions[-1] = Position.from_pieces(
        load_ruleset("standard"),
        {
            (5, 5, 1): (Piece("king", W),),
            (5, 5, 1, 1, 4): (Piece("king", B),),
            (7, 2, 1, 2): (Piece("prince", B),),
            (9, 1, 1): (Piece("prince", W),),
            (10, 6, 1): (Piece("rook", W),),
            (10, 11, 1): (Piece("rook", B),),
            (12, 8, 1): (Piece("knight", B),),
        },
        fill="empty",
        scores={W: 61, B: 120},
    )
    w = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720, sound=False)
    w.app.key("j", True, False)  # the analysis board
    settle(w)
    c.say("J: threats (red: they decide the game)   Shift+J: evaluation bar and best line")
    shot(w, "analysis-threats.png")

    # 2. the sample game analysed and reviewed
    c = CubeController(game=sample_game(), autosave_path=None)
    c.analysis_executor = InlineExecutor()
    w = DaqiWindow(c, schedule=False, visible=False, width=1280, height=720, sound=False)
    w.app.key("f11", False, False)
    settle(w)
    c.review_goto(13)
    w.app.key("j", True, False)
    settle(w)
    shot(w, "analysis-review.png")

    # 3. spirit chess
    s = SpiritController(autosave_path=None)
    s.key("q")
    s.analysis_executor = InlineExecutor()
    s.game.positions[-1] = SpiritPosition(
        load_ruleset("spirit"),
        W,
        {
            (10, 2): SpiritPiece("sect", W, 0),
            (9, 2): SpiritPiece("formation", W, 1),
            (10, 18): SpiritPiece("sect", B, 0),
            (11, 18): SpiritPiece("elder", B, 2),
            (10, 15): SpiritPiece("master", W, 5),
            (6, 10): SpiritPiece("formation", B, 3),
            (6, 13): SpiritPiece("elder", B, 2),
            (6, 8): SpiritPiece("disciple", W, 1),
            (13, 9): SpiritPiece("protector", W, 2),
        },
    )
    w = DaqiWindow(
        None, spirit_controller=s, start="spirit", schedule=False, visible=False, width=1280, height=720, sound=False
    )
    w.app.key("j", False, False)  # every threat
    w.app.key("j", True, False)
    settle(w)
    shot(w, "analysis-spirit.png")

    # 4. the report's graph
    g = sample_game()
    plot(analyse_game(g, level=2), out / "analysis-graph.png", title="demo.txt: evaluation at level 2 (cube chess)")
    print(out / "analysis-graph.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
