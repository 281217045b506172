"""End to end: a short cube-chess game played through the window's own input handlers.

Clicks go to ``window.on_mouse_press`` at the pixel where the camera projects
each target cell; keys go to ``window.on_key_press``.  The game includes a
move, a 3-D jump, a hyper-jump, a drop, a stack and a split; the engine state
is checked after every turn.  No sleeps: time is injected with ``tick``.
"""

from __future__ import annotations

import pytest
from click_points import shown_pixel

from engine import Piece


@pytest.fixture
def window(tmp_path, headless_window):
    """A headless pyglet window (EGL) with a quick-started cube game."""
    from viewer.cube.controller import CubeController

    return headless_window(CubeController(quick=True, autosave_path=tmp_path / "autosave.txt"), width=1024, height=700)


def click(win, coord, delta=0):
    from pyglet.window import mouse

    c = win.controller
    px, py = shown_pixel(c, coord, delta)  # on what the window draws there (its piece or floor)
    assert 0 <= px < win.width and 0 <= py < win.height, f"{coord} is off screen"
    win.on_mouse_motion(px, win.height - py, 0, 0)
    win.on_mouse_press(px, win.height - py, mouse.LEFT, 0)
    win.on_mouse_release(px, win.height - py, mouse.LEFT, 0)
    assert c.hovered is not None and tuple(c.hovered[:3]) == tuple(coord[:3])


def press(win, symbol, modifiers=0):
    win.on_key_press(symbol, modifiers)


def test_short_game_through_the_window(window):
    from pyglet.window import key as K

    win = window
    c = win.controller
    win.tick(0.1)
    win.draw_frame()

    # 1. white: pawn forward, then a 3-D jump up (PageUp)
    click(win, (9, 3, 1))
    assert c.builder.origin == (9, 3, 1)
    click(win, (9, 4, 1))
    press(win, K.PAGEUP)
    press(win, K.ENTER)
    pos = c.game.position
    assert pos.cell((9, 4, 2)) == (Piece("pawn", "white"),) and pos.cell((9, 3, 1)) == ()
    assert pos.to_move == "black" and c.view.slicing.focus_z == 2
    win.draw_frame()

    # 1... black: hire a pawn (B, chooser) and drop it into the green area on plane 1
    press(win, K.Z)  # focus plane z=1 again
    assert c.view.slicing.focus_z == 1
    press(win, K.B)
    names = [v for _l, v in c.chooser.options]
    press(win, getattr(K, f"_{names.index('pawn') + 1}"))
    click(win, (5, 8, 1))
    press(win, K.ENTER)
    pos = c.game.position
    assert pos.cell((5, 8, 1)) == (Piece("pawn", "black"),)
    assert pos.scores["black"] == 118 and pos.stats["black"]["pawn"]["green_drops"] == 1
    win.draw_frame()

    # 2. white: hyper-jump the pawn on plane 2 into the 4th dimension (Shift+PageUp)
    press(win, K.X)
    click(win, (9, 4, 2))
    press(win, K.PAGEUP, K.MOD_SHIFT)
    press(win, K.ENTER)
    pos = c.game.position
    assert pos.cell((9, 4, 2, 2)) == (Piece("pawn", "white"),) and pos.cell((9, 4, 2)) == ()
    assert pos.scores["white"] == 119 and pos.stats["white"]["pawn"]["hyperjumps"] == 1
    assert c.view.slicing.higher() == (2,)  # the view followed the piece
    win.draw_frame()

    # 2... black: back to the main board (N steps the slider), plane 1, a pawn move
    press(win, K.N)
    press(win, K.Z)
    assert c.view.slicing.higher() == () and c.view.slicing.focus_z == 1
    click(win, (10, 14, 1))
    click(win, (10, 13, 1))
    press(win, K.ENTER)
    assert c.game.position.cell((10, 13, 1)) == (Piece("pawn", "black"),)

    # 3. white: knight onto its own bishop, then S = stack
    click(win, (4, 1, 1))
    click(win, (5, 3, 1))
    press(win, K.S)
    press(win, K.ENTER)
    pos = c.game.position
    assert [p.type for p in pos.cell((5, 3, 1))] == ["bishop", "knight"]
    assert pos.scores["white"] == 116
    win.draw_frame()

    # 3... black: an illegal click is explained, not fatal; then a pawn move
    click(win, (8, 14, 1))
    click(win, (8, 10, 1))
    assert c.message.level == "error"
    click(win, (8, 13, 1))
    press(win, K.ENTER)
    assert c.game.position.cell((8, 13, 1)) == (Piece("pawn", "black"),)

    # 4. white: split the knight off the stack (T, toggle 2, Enter) and move it
    click(win, (5, 3, 1))
    press(win, K.T)
    press(win, K._2)
    press(win, K.ENTER)
    click(win, (6, 5, 1))
    press(win, K.ENTER)
    pos = c.game.position
    assert pos.cell((5, 3, 1)) == (Piece("bishop", "white"),)
    assert pos.cell((6, 5, 1)) == (Piece("knight", "white"),)
    assert len(c.game.turns) == 7
    assert c.turn_list()[-1] == " 7 white  BN(5,3,1)/N-(6,5,1)"

    # undo / redo whole turns with Ctrl+Z / Ctrl+Y; Escape never closes the window
    press(win, K.Z, K.MOD_CTRL)
    assert len(c.game.turns) == 6
    press(win, K.Y, K.MOD_CTRL)
    assert len(c.game.turns) == 7
    press(win, K.ESCAPE)
    assert not win.has_exit
    frame = win.draw_frame()
    assert frame.shape == (700, 1024, 3)
