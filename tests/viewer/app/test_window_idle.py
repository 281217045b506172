"""Idle at rest (issue 12): the window draws only when something changed."""

from __future__ import annotations

import pytest


@pytest.fixture
def window(headless_window):
    from viewer.cube.controller import CubeController

    win = headless_window(CubeController(quick=True, autosave_path=None), width=640, height=480)
    import pyglet

    win._scheduled = True  # as in the real window: redraws go through pyglet's clock
    win._redraw_pending = False
    win.draw_frame()  # the first frame is on screen
    yield win
    pyglet.clock.unschedule(win._redraw)
    win._scheduled = False


def _run_clock():
    import pyglet

    pyglet.clock.tick()


def test_requests_are_coalesced_into_one_draw(window):
    _run_clock()
    drawn = window.frames_drawn
    window.request_redraw()
    window.request_redraw()
    window.request_redraw()
    _run_clock()
    assert window.frames_drawn == drawn + 1
    _run_clock()
    assert window.frames_drawn == drawn + 1  # nothing changed since: no further draw


def test_a_tick_at_rest_draws_nothing_but_input_does(window):
    from pyglet.window import key as K

    _run_clock()
    drawn = window.frames_drawn
    assert not window.animating()
    window.tick(0.5)
    window.tick(0.5)
    _run_clock()
    assert window.frames_drawn == drawn
    window.on_key_press(K.E, 0)  # explode the planes: the picture changes
    _run_clock()
    assert window.frames_drawn == drawn + 1


def test_a_selected_piece_animates_and_a_message_counts_as_a_change(window):
    c = window.controller
    assert not window.animating()
    key = window.state_key()
    c.click_cell((9, 3, 1))  # a white pawn: its targets pulse
    assert window.animating()
    c.cancel()
    assert not window.animating()
    assert window.state_key() != key  # the messages changed
    _run_clock()
    drawn = window.frames_drawn
    c.say("a result from the background")
    window.tick(0.5)
    _run_clock()
    assert window.frames_drawn == drawn + 1
