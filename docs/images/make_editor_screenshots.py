"""Re-render the README's editor and puzzle screenshots headless through EGL.

    .venv/bin/python docs/images/make_editor_screenshots.py [--out docs/images]

* ``editor.png``         the position editor: a position being made (a stack, a piece on a board
                         of the 4th dimension), the panel with the engine's check in words;
* ``editor-spirit.png``  the spirit-chess editor with levels;
* ``puzzle.png``         a bundled cube puzzle after a wrong try: the refutation on the board and
                         the reason in words;
* ``puzzle-spirit.png``  a bundled spirit puzzle, solved: the reply of its line played for the solver;
* ``puzzle-in-two.png``  a bundled cube win in two (black to solve when the sets hold one: the
                         board seen from black's side) after the right first turn: the defence
                         played for the solver, "Your turn 2 of 2".

``--only NAME …`` renders just those images (re-render only what changed).

Deterministic: fixed positions, the first puzzles of the bundled sets, no wall clock.
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
    ap.add_argument("--only", nargs="*", default=None, help="image names to render (default: all)")
    args = ap.parse_args(argv)
    wanted = set(args.only) if args.only else None
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    import pyglet

    pyglet.options["headless"] = True
    pyglet.options["debug_gl"] = False
    import tempfile

    from PIL import Image

    from engine.editor import CubeDraft, SpiritDraft
    from engine.puzzles import bundled_puzzles
    from viewer.app.editor import EditorSession
    from viewer.app.puzzles import PuzzleSession
    from viewer.app.window import DaqiWindow

    tmp = Path(tempfile.mkdtemp())

    def shot(win, name):
        if wanted is not None and name not in wanted:
            win.close()
            return
        win.tick(0.0)
        Image.fromarray(win.draw_frame()).save(out / name, optimize=True)
        print(out / name)
        win.close()

    d = CubeDraft()
    d.set_fill("empty")
    for c, p, s in (
        ((9, 1, 1), "king", "white"),
        ((8, 1, 1), "prince", "white"),
        ((7, 4, 1), "rook", "white"),
        ((7, 4, 1), "knight", "white"),
        ((10, 6, 1), "queen", "white"),
        ((6, 9, 1), "bishop", "black"),
        ((12, 12, 1), "cannon", "black"),
        ((11, 14, 1), "pawn", "black"),
    ):
        d.put(c, p, s)
    session = EditorSession(d, tmp / "pos.txt")
    w = DaqiWindow(None, schedule=False, visible=False, width=1280, height=720, tutorial=session)
    session.piece = "king"
    session.side = "black"
    session.edit_cell((12, 16, 1))
    session.edit_cell((12, 16, 1))  # a second king on the same cell: refused, said in words
    session.piece = "rook"
    session.edit_cell((3, 14, 1))
    shot(w, "editor.png")

    sd = SpiritDraft()
    for c, p, s, lv in (
        ((10, 1), "sect", "white", None),
        ((10, 19), "sect", "black", None),
        ((10, 8), "master", "white", 5),
        ((9, 2), "formation", "white", None),
        ((11, 2), "formation", "white", None),
        ((8, 13), "elder", "black", 3),
        ((12, 12), "disciple", "black", None),
    ):
        sd.put(c, p, s, lv)
    session = EditorSession(sd, tmp / "spirit.txt")
    w = DaqiWindow(None, start="spirit", schedule=False, visible=False, width=1280, height=720, tutorial=session)
    session.edit_cell((4, 15))
    shot(w, "editor-spirit.png")

    cube = bundled_puzzles("cube")
    p = next(q for q in cube if q.goal == "material")
    session = PuzzleSession([p], progress=tmp / "progress.json")
    w = DaqiWindow(None, schedule=False, visible=False, width=1280, height=720, tutorial=session)
    start = p.start()
    kind = p.kind
    wrong = next(t for t in kind.turns(start) if kind.key(t) != kind.key(p.turns()[0]))
    w.controller._computer_play(wrong)
    session.update()
    shot(w, "puzzle.png")

    sp = bundled_puzzles("spirit")
    q = next(x for x in sp if x.goal == "material" and len(x.line) > 1)
    session = PuzzleSession([q], progress=tmp / "progress2.json")
    w = DaqiWindow(None, start="spirit", schedule=False, visible=False, width=1280, height=720, tutorial=session)
    w.controller._computer_play(q.turns()[0])
    session.update()
    shot(w, "puzzle-spirit.png")

    twos = [x for x in cube if x.moves == 2]
    two = next((x for x in twos if x.start().to_move == "black"), twos[0])
    session = PuzzleSession([two], progress=tmp / "progress3.json")
    w = DaqiWindow(None, schedule=False, visible=False, width=1280, height=720, tutorial=session)
    w.controller._computer_play(two.turns()[0])  # the solver's right first turn
    session.update()  # judged right: the defence of the line is played for the solver
    shot(w, "puzzle-in-two.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
