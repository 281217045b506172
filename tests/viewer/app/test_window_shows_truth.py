"""Every change reaches the screen without input (issue 16, item 1).

The window is driven as pyglet's clock drives it: ``window.tick(dt)`` (the scheduled tick) and
``pyglet.clock.tick()`` (the scheduled redraw); no input event is sent.  The computer answers
through :class:`InlineExecutor` (it answers on the next poll once ``hold`` is released): no sleeps.
A frame "drawn" is counted by ``window.frames_drawn`` and read back from the framebuffer.
"""

from __future__ import annotations

import numpy as np
import pytest

from viewer.ui.computer import InlineExecutor


def _scheduled(win):
    """As in the real window: redraw requests go through pyglet's clock (the ticks are the test's:
    their pace is asserted through ``frame_rate``)."""
    win._scheduled = True
    win._pace = lambda: None
    win._redraw_pending = False
    win.draw_frame()
    return win


def _settle():
    import pyglet

    pyglet.clock.tick()


def _advance(win, dt):
    """One tick of the window's clock and the redraw it may have scheduled; the new frame's pixels
    (None when nothing was drawn)."""
    drawn = win.frames_drawn
    win.tick(dt)
    _settle()
    return win.read_pixels() if win.frames_drawn > drawn else None


@pytest.fixture
def cube_vs_computer(headless_window):
    import pyglet

    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    ex = InlineExecutor(hold=True)
    c.set_computer(["white"], level=1, seed=5, executor=ex)
    win = _scheduled(headless_window(c, width=640, height=480))
    yield win, ex
    pyglet.clock.unschedule(win._redraw)
    win._scheduled = False


def test_cube_computer_turn_counter_and_glide_reach_the_screen_without_input(cube_vs_computer):
    win, ex = cube_vs_computer
    c = win.controller
    assert _advance(win, 0.05) is not None  # the computer starts thinking: the status says so
    assert c.computer_thinking and "thinking" in win.app.hud.status.text
    before = win.app.hud.status.text
    assert win.app.frame_rate() >= 10  # ticks come often enough to fetch the answer
    assert _advance(win, 0.3) is not None  # the thinking counter advances on screen
    assert win.app.hud.status.text != before
    at_rest = win.read_pixels()
    ex.hold = False
    first = _advance(win, 0.05)  # the answer arrives: the turn is played and starts to glide
    assert first is not None and len(c.game.turns) == 1
    assert win.app.glide.frame(c) is not None and win.animating()
    assert "The computer" in c.message.text
    frames = [first]
    while c.glide is not None and len(frames) < 200:  # every tick draws the next glide frame
        frames.append(_advance(win, 1 / 30))
        assert frames[-1] is not None
    assert c.glide is None and 3 < len(frames) < 200
    moving = [i for i in range(1, len(frames) - 1) if not np.array_equal(frames[i - 1], frames[i])]
    assert len(moving) >= 2  # the piece moved between frames, more than once
    last = frames[-1]
    assert not np.array_equal(at_rest, last)
    truth = win.draw_frame()  # the position as it is: what the last frame already showed
    assert np.array_equal(last, truth)
    drawn = win.frames_drawn
    for _ in range(4):  # and then the window rests
        assert _advance(win, 0.5) is None
    assert win.frames_drawn == drawn


def test_cube_selected_piece_breathes_then_rests(headless_window):
    import pyglet

    from viewer.cube.controller import CubeController
    from viewer.cube.scene import PULSE_FPS, PULSE_SECONDS

    win = _scheduled(headless_window(CubeController(quick=True, autosave_path=None), width=480, height=360))
    try:
        c = win.controller
        c.click_cell((9, 3, 1))  # a white pawn: its targets breathe for a moment
        assert win.animating() and win.app.frame_rate() == PULSE_FPS
        frames = 0
        for _ in range(60):
            frames += _advance(win, 0.1) is not None
        breathing = PULSE_SECONDS * PULSE_FPS  # ~1.6 s at 8 Hz, then no frame at all
        assert 0.7 * breathing <= frames <= 1.3 * breathing + 2, frames
        assert not win.animating() and win.app.frame_rate() == 0
        assert c.view.highlights.targets  # still selected, still marked
    finally:
        pyglet.clock.unschedule(win._redraw)
        win._scheduled = False


@pytest.fixture
def spirit_vs_computer(headless_window):
    import pyglet

    from viewer.spirit.controller import SpiritController

    sc = SpiritController(quick=True, autosave_path=None)
    ex = InlineExecutor(hold=True)
    sc.set_computer(["black"], level=1, seed=3, executor=ex)
    win = _scheduled(headless_window(None, spirit_controller=sc, start="spirit", width=800, height=600))
    yield win, ex
    pyglet.clock.unschedule(win._redraw)
    win._scheduled = False


def test_spirit_hint_and_computer_reply_reach_the_screen_without_input(spirit_vs_computer):
    win, ex = spirit_vs_computer
    c = win.controller
    _advance(win, 0.05)
    assert c.mode == "play" and c.to_move == "white"
    c.request_hint()  # (what Shift+H does) - the answer comes later, with no event
    _advance(win, 0.05)
    plain = win.read_pixels()
    ex.hold = False
    hinted = _advance(win, 0.05)
    assert c.hint_marks() and hinted is not None and not np.array_equal(plain, hinted)
    ex.hold = True
    assert c._computer_play(c.hint_turn())  # white plays the hint (through the click path)
    _advance(win, 0.05)
    assert c.computer_thinking
    status = win.app.panels()["status"]
    assert _advance(win, 0.5) is not None and win.app.panels()["status"] != status  # the counter runs
    asked = len(c.game.turns)
    ex.hold = False
    first = _advance(win, 0.05)
    assert first is not None and len(c.game.turns) == asked + 1 and win.animating()
    frames = [first]
    while c.glide is not None and len(frames) < 200:
        frames.append(_advance(win, 1 / 30))
        assert frames[-1] is not None
    assert c.glide is None
    assert sum(not np.array_equal(a, b) for a, b in zip(frames, frames[1:])) >= 2
    assert np.array_equal(frames[-1], win.draw_frame())  # the last frame is the true position
    assert _advance(win, 0.5) is None  # then it rests


def test_a_running_clock_redraws_its_seconds_without_input(headless_window):
    import pyglet

    from viewer.cube.controller import CubeController

    win = _scheduled(
        headless_window(CubeController(quick=True, autosave_path=None), clock="5+0", width=480, height=360)
    )
    try:
        _advance(win, 0.05)
        shown = win.app.hud.status.text
        assert "clock" in shown
        assert win.app.frame_rate() >= 1
        assert _advance(win, 1.0) is not None
        assert win.app.hud.status.text != shown
    finally:
        pyglet.clock.unschedule(win._redraw)
        win._scheduled = False


def test_tutorial_show_me_steps_reach_the_screen_without_input(headless_window):
    import pyglet

    from viewer.app.tutorial import SHOW_STEP, TutorialSession

    session = TutorialSession(start=1)
    win = _scheduled(headless_window(None, width=1280, height=720, tutorial=session))
    try:
        session.show_me()  # (what its button does) - then the steps play by themselves
        assert win.app.frame_rate() == 0 and session.frame_rate() > 0  # the tutorial keeps the ticks coming
        _advance(win, 0.01)
        shown = []
        for _ in range(40):
            if not session.queue:
                break
            shown.append(_advance(win, SHOW_STEP))
            assert shown[-1] is not None  # every step is drawn when it happens
        assert session.done and len(shown) >= 3
        assert np.array_equal(shown[-1], win.draw_frame())
    finally:
        pyglet.clock.unschedule(win._redraw)
        win._scheduled = False


def test_mouse_motion_draws_only_when_the_hovered_cell_changes(headless_window):
    import pyglet

    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None)
    win = _scheduled(headless_window(c, width=640, height=480))
    try:
        layout = c.view.layout(c.rules)
        px, py = c.view.camera.project(layout.cell_center(8, 8, 1))
        x, y = int(px), win.height - int(py)
        win.on_mouse_motion(x, y, 1, 0)
        _settle()
        assert c.hovered == (8, 8, 1)
        drawn = win.frames_drawn
        win.on_mouse_motion(x + 1, y, 1, 0)  # inside the same cell: nothing new to show
        win.on_mouse_motion(x, y + 1, 0, 1)
        _settle()
        assert win.frames_drawn == drawn and c.hovered == (8, 8, 1)
        qx, qy = c.view.camera.project(layout.cell_center(10, 9, 1))
        win.on_mouse_motion(int(qx), win.height - int(qy), 5, 5)  # another cell: one frame
        _settle()
        assert c.hovered == (10, 9, 1) and win.frames_drawn == drawn + 1
    finally:
        pyglet.clock.unschedule(win._redraw)
        win._scheduled = False


def test_quality_low_and_software_renderers_ask_for_no_multisampling():
    from viewer.gl.quality import is_software, msaa_samples

    assert is_software("llvmpipe (LLVM 15.0.6, 256 bits)") and is_software("Google SwiftShader")
    assert is_software("softpipe") and not is_software("NVIDIA GeForce RTX 3060/PCIe/SSE2")
    assert msaa_samples("auto", "llvmpipe (LLVM 15.0.6, 256 bits)") == 0
    assert msaa_samples("auto", "AMD Radeon RX 6800") == 4
    assert msaa_samples("low", "AMD Radeon RX 6800") == 0 and msaa_samples("high", "llvmpipe") == 4
    with pytest.raises(ValueError, match="quality"):
        msaa_samples("ultra", "x")
