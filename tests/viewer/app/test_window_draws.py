"""Headless window: it draws the board, the HUD, highlights and overlays where expected."""

from __future__ import annotations

import numpy as np
import pytest


@pytest.fixture
def window(headless_window):
    """A headless pyglet window (EGL) with a quick-started cube game, no autosave."""
    from viewer.cube.controller import CubeController

    return headless_window(CubeController(quick=True, autosave_path=None), width=800, height=600)


def pixel_of(win, coord):
    c = win.controller
    px, py = c.view.camera.project(c.view.layout(c.rules).cell_center(*coord))
    return int(px), int(py)


def region(frame, px, py, r=6):
    return frame[py - r : py + r, px - r : px + r].astype(int)


def test_board_and_hud_are_drawn(window):
    from viewer.gl import palette

    frame = window.draw_frame()
    bg = np.array([round(v * 255) for v in palette.SAFE.background])
    px, py = pixel_of(window, (8, 8, 1))  # the green battlefield
    r, g, b = frame[py, px].astype(int)
    assert g > r + 20 and g > b + 20
    # the status panel (top left) holds light text on a dark box
    panel = frame[10:60, 10:300].astype(int)
    assert panel.max() > 200
    # somewhere the background shows
    assert (np.abs(frame.astype(int) - bg).sum(axis=2) < 12).any()


def test_selection_ring_and_help_overlay_change_pixels(window):
    from pyglet.window import key as K
    from pyglet.window import mouse

    before = window.draw_frame()
    px, py = pixel_of(window, (9, 3, 1))
    window.on_mouse_press(px, window.height - py, mouse.LEFT, 0)
    assert window.controller.builder is not None
    after = window.draw_frame()
    cell = np.abs(region(after, px, py, 14) - region(before, px, py, 14)).sum()
    assert cell > 0  # ring / highlight drawn around the piece
    window.on_key_press(K.H, 0)
    helped = window.draw_frame()
    cx, cy = window.width // 2, window.height // 2
    assert np.abs(region(helped, cx, cy, 40) - region(after, cx, cy, 40)).sum() > 1000
    window.on_key_press(K.ESCAPE, 0)
    assert not window.controller.help_visible


def test_slider_click_changes_the_board_shown(window):
    from pyglet.window import mouse

    window.draw_frame()
    wd = window.app.hud.widgets[0]
    window.on_mouse_press(wd.x_of(2), wd.y + 7, mouse.LEFT, 0)
    assert window.controller.view.slicing.higher() == (2,)
    bx, by, bw, bh = wd.play
    window.on_mouse_press(bx + bw / 2, by + bh / 2, mouse.LEFT, 0)
    assert window.controller.view.slicing.playing
    window.tick(0.6)
    window.draw_frame()


def test_f2_switches_to_spirit_chess_and_back(window):
    from pyglet.window import key as K

    window.on_key_press(K.F2, 0)
    assert window.app.name == "spirit"
    frame = window.draw_frame()
    assert frame.std() > 5
    window.on_key_press(K.F2, 0)
    assert window.app.name == "cube"


def test_f9_records_frames(window, tmp_path):
    path = tmp_path / "live.gif"
    window.toggle_recording(path=str(path), fps=10)
    assert window.capture is not None, window.controller.message.text
    for _ in range(3):
        window.draw_frame()
    assert window.frames_captured == 3
    window.toggle_recording()
    assert window.capture is None and path.exists()


def test_an_unexpected_error_in_a_handler_becomes_a_message_not_a_crash(window, monkeypatch, capsys):
    from pyglet.window import key as K

    def broken(*args):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(window.app, "key", broken)
    window.on_key_press(K.S, 0)  # must not raise
    assert "simulated bug" in window.controller.message.text
    assert "RuntimeError" in capsys.readouterr().err
    window.draw_frame()  # the window keeps working
