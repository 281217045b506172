"""Spirit chess through the window: hidden setup with the hand-over screen, then a few turns."""

from __future__ import annotations

import pytest

from viewer.spirit.controller import SpiritController


@pytest.fixture
def window(tmp_path, headless_window):
    """A headless pyglet window (EGL) showing spirit chess in its hidden setup."""
    sc = SpiritController(autosave_path=tmp_path / "spirit-auto.txt")
    return headless_window(None, spirit_controller=sc, start="spirit", width=1100, height=760)


def click(win, sq):
    from pyglet.window import mouse

    x, y = win.app.geometry().center(sq)
    win.on_mouse_press(x, y, mouse.LEFT, 0)


def test_hidden_setup_and_turns(window, tmp_path):
    from pyglet.window import key as K

    from engine import load_ruleset
    from engine.spirit import default_placement, legal_paths

    win = window
    c = win.controller
    rules = load_ruleset("spirit")
    assert c.mode == "setup" and c.setup.side == "white"
    # white places by hand: the default arrangement, clicking the palette then the squares
    white = default_placement(rules, "white")
    geo = win.app.geometry()
    for sq, kind in white.items():
        px, py, pw, ph = geo.palette_rect(c.kinds.index(kind))
        win.on_mouse_press(px + 5, py + 5, 1, 0)
        click(win, sq)
    assert sum(c.remaining().values()) == 0
    # S2 is checked with a clear message: take the master away from the sect, put it far off
    master = next(sq for sq, k in white.items() if k == "master")
    click(win, master)
    px, py, pw, ph = geo.palette_rect(c.kinds.index("master"))
    win.on_mouse_press(px + 5, py + 5, 1, 0)
    click(win, (1, 9))
    win.on_key_press(K.ENTER, 0)
    assert c.message.level == "error" and "master" in c.message.text
    click(win, (1, 9))
    click(win, master)
    win.on_key_press(K.ENTER, 0)
    # hand-over: nothing of white's placement is visible
    assert c.mode == "handover" and c.board() == {}
    win.draw_frame()
    assert "look away" in win.app.panels()["overlay"]
    win.on_key_press(K.ENTER, 0)
    assert c.mode == "setup" and c.setup.side == "black" and c.board() == {}
    win.on_key_press(K.D, 0)  # black takes its default placement
    assert all(s == "black" for _k, s, _l in c.board().values())
    win.on_key_press(K.ENTER, 0)
    assert c.mode == "play" and len(c.board()) == 38  # both revealed
    win.draw_frame()

    # three turns, checking the engine state after each
    for _ in range(3):
        pos = c.game.position
        side = pos.to_move
        up = next(sq for sq, p in pos.side_pieces(side) if p.type == "elder")
        mover, path = next(
            (sq, paths)
            for sq, p in pos.side_pieces(side)
            if p.type == "elder"
            for paths in [legal_paths(pos, sq, up)]
            if paths
        )
        end, steps = sorted(path.items())[0]
        click(win, up)
        assert c.levelup == up
        click(win, mover)
        assert c.origin == mover and end in c.targets()["ends"]
        for sq in steps:
            click(win, sq)
        new = c.game.position
        assert new.to_move != side, c.message.text
        assert new.pieces[end].side == side and new.pieces[end].type == "elder"
        assert new.pieces[end].level >= 2
        win.draw_frame()
    assert len(c.turn_list()) == 3
    # an illegal first click is explained
    click(win, (10, 10))
    assert c.message.level == "error"
    # the record is saved and loads back
    c.save(tmp_path / "sp.txt")
    c2 = SpiritController(quick=True)
    assert c2.load(tmp_path / "sp.txt") and len(c2.game.turns) == 3
    assert (tmp_path / "spirit-auto.txt").exists()
    win.on_key_press(K.Z, K.MOD_CTRL)
    assert len(c.game.turns) == 2
