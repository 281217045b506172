"""Nothing important under a panel (issue 16, item 3): the HUD laid out at several window sizes."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.cube.hud_layout import covered_cells, important_cells, overlaps, panel_rects
from viewer.ui.computer import InlineExecutor

SIZES = [(800, 600), (1024, 768), (1280, 720), (1280, 800), (1920, 1080)]


def _window(headless_window, w, h, human="white"):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    if human == "black":
        c.set_computer(["white"], level=0, seed=1, executor=InlineExecutor(hold=True))
    win = headless_window(c, width=w, height=h)
    win.app.frame_camera()  # the first view for this side and size
    return win, c


@pytest.mark.parametrize("size", SIZES)
def test_no_two_panels_overlap_and_no_piece_or_target_is_under_one(headless_window, size):
    w, h = size
    win, c = _window(headless_window, w, h)
    win.draw_frame()
    rects = panel_rects(win.app.hud)
    assert {"status", "turns", "message", "hint"} <= set(rects)
    assert overlaps(rects) == []
    assert len(important_cells(c)) >= 96  # the 6 home ranks of the focused plane
    assert covered_cells(c, rects, h) == {}
    c.click_cell((4, 1, 1))  # a knight: its targets shown, the status grows
    c.tick(0.0)
    win.draw_frame()
    rects = panel_rects(win.app.hud)
    assert overlaps(rects) == [] and covered_cells(c, rects, h) == {}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_playing_black_the_camera_looks_from_black_and_nothing_is_covered(headless_window, size):
    w, h = size
    win, c = _window(headless_window, w, h, human="black")
    win.draw_frame()
    lay = c.view.layout(c.rules)
    _x, y_white = c.view.camera.project(lay.cell_center(8, 1, 1))
    _x, y_black = c.view.camera.project(lay.cell_center(8, 16, 1))
    assert y_black > y_white  # black's home rank is nearer the bottom of the window (the near side)
    rects = panel_rects(win.app.hud)
    assert overlaps(rects) == [] and covered_cells(c, rects, h) == {}


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_top_view_fits_the_board_clear_of_the_panels(headless_window, size):
    w, h = size
    win, c = _window(headless_window, w, h)
    home = c.view.camera._home
    c.key("2")  # the top view
    win.draw_frame()
    lay = c.view.layout(c.rules)
    cam = c.view.camera
    for corner in [(1, 1), (16, 1), (1, 16), (16, 16)]:
        px, py = cam.project(lay.cell_center(*corner, 1))
        assert 0 <= px <= w and 0 <= py <= h, corner
    # issue 16 re-test: at 800x600 black's home ranks were under the status panel
    assert covered_cells(c, panel_rects(win.app.hud), h) == {}
    assert c.view.camera._home == home  # R still returns to the first view


def test_a_window_below_800x600_says_so(headless_window):
    win, _c = _window(headless_window, 640, 400)
    img = win.draw_frame()
    assert win.too_small()
    assert "too small" in win._small_label.text and "800x600" in win._small_label.text
    top = img[:30]
    assert (np.abs(top.astype(int) - (20, 16, 8)).sum(axis=2) < 12).mean() > 0.5  # the message's band
    assert (top[..., 0] > 200).any()  # and its words


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_the_lesson_panel_folds_while_the_game_over_banner_shows(headless_window, size, monkeypatch):
    """Issue 16: in the tutorial the game-over banner was drawn over the lesson panel."""
    from viewer.app.tutorial import TutorialSession
    from viewer.cube.hud_layout import _rect_of, intersects

    w, h = size
    session = TutorialSession(start=0)
    win = headless_window(None, width=w, height=h, tutorial=session)
    win.draw_frame()
    assert not session.folded and session.buttons  # the lesson panel while the game runs
    c = win.controller
    monkeypatch.setattr(c, "result_text", lambda: "white wins (king captured)")
    win.draw_frame()
    banner = _rect_of(win.app.hud.banner)
    assert banner is not None  # the banner shows ...
    assert session.folded and session.buttons == []  # ... and the lesson panel is folded away
    for _name, rect in session.buttons:
        assert not intersects(rect, banner)
    monkeypatch.undo()
    win.draw_frame()
    assert not session.folded and session.buttons  # back when the banner goes


@pytest.mark.parametrize("size", SIZES)
def test_the_legend_and_the_observation_view_stay_apart(headless_window, size):
    """Issue 16: the legend (L) was drawn over the observation view (O); neither may cover another
    panel, at any size from 800×600 up."""
    w, h = size
    win, c = _window(headless_window, w, h)
    win.on_mouse_motion(w // 2, h // 2, 0, 0)  # a hovered cell: the observation view has columns
    c.key("o")
    c.key("l")
    win.draw_frame()
    rects = panel_rects(win.app.hud)
    assert {"legend", "observation", "status", "message"} <= set(rects), sorted(rects)
    assert overlaps(rects) == []
    for name, (x, y, rw, rh) in rects.items():
        assert x >= 0 and y >= 0 and x + rw <= w and y + rh <= h, name


def _spirit_window(headless_window, w, h, quick):
    from viewer.spirit.controller import SpiritController

    c = SpiritController(quick=quick, autosave_path=None)
    win = headless_window(c, width=w, height=h)
    return win, c


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("quick", [False, True], ids=["setup", "play"])
def test_spirit_panels_palette_and_board_stay_apart(headless_window, size, quick):
    """Issue 16: in the spirit setup the status legend was drawn over "1 S sect"; at 800×600 the
    board shrank to 9-pixel cells and the message ran off the window."""
    w, h = size
    win, c = _spirit_window(headless_window, w, h, quick)
    assert c.mode == ("play" if quick else "setup")
    if quick:  # six turns of the sample game in the move list
        from engine.spirit import sample_spirit_game
        from viewer.ui.review import fork_game

        c.adopt(fork_game(sample_spirit_game(), 6))
        assert c.mode == "play" and len(c.turn_list()) == 6
    win.draw_frame()
    view = win.app
    rects = view.panel_rects()
    assert "board" in rects and "status" in rects and "message" in rects
    if not quick:
        assert sum(name.startswith("palette") for name in rects) == len(c.kinds)
    assert overlaps(rects) == [], overlaps(rects)
    for name, (x, y, rw, rh) in rects.items():
        assert x >= 0 and y >= 0 and x + rw <= w and y + rh <= h, (name, (x, y, rw, rh))
    assert view.geometry().cell >= 20  # a board a player can click, 800×600 included
    if not quick:  # a click on the first palette entry chooses the sect
        px, py, pw, ph = view.geometry().palette_rect(0)
        c.place_kind = c.kinds[1]
        view.mouse_press(px + pw / 2, py + ph / 2, 1, 0)
        assert c.place_kind == c.kinds[0] == "sect"


@pytest.mark.parametrize("size", [(800, 600), (1280, 720), (1920, 1080)])
def test_a_spirit_lesson_keeps_its_board_clear_of_the_lesson_panel(headless_window, size):
    """Issue 16 re-test: in lesson 9 at 800×600 the lesson panel covered half of the spirit board."""
    from viewer.app.tutorial import TutorialSession
    from viewer.cube.hud_layout import _rect_of

    w, h = size
    session = TutorialSession(start=8)
    win = headless_window(None, width=w, height=h, tutorial=session)
    assert session.lesson.game == "spirit"
    win.draw_frame()
    rects = win.app.panel_rects()
    rects["lesson"] = _rect_of(session.panel.panel)
    for i, (_name, rect) in enumerate(session.buttons):
        rects[f"button {i}"] = rect
    pairs = [p for p in overlaps(rects) if not (p[0].startswith("button") or p[1].startswith("button")) or "board" in p]
    assert pairs == [], pairs
    assert win.app.geometry().cell >= 20
