"""Closing the window never loses a game by accident (issue 16, item 5)."""

from __future__ import annotations

from viewer.ui.computer import think


def test_closing_an_unsaved_game_in_progress_asks_once(headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    win = headless_window(c, width=480, height=360)
    from pyglet.window import key as K  # after the headless window exists

    assert c._computer_play(think(c.game.position, 0, 0).turn)
    win.on_close()
    assert not win.has_exit and "not autosaved" in c.message.text
    win.on_key_press(K.X, 0)  # another key: the next close asks again
    win.on_close()
    assert not win.has_exit
    win.on_key_press(K.Q, K.MOD_CTRL)  # asked: Ctrl+Q quits
    assert win.has_exit


def test_an_autosaved_game_closes_at_once(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt", offer_resume=False)
    win = headless_window(c, width=480, height=360)
    assert c._computer_play(think(c.game.position, 0, 0).turn)
    win.on_close()
    assert win.has_exit
