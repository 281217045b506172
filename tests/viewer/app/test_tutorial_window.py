"""The tutorial in the window (issue 13, item 1): lessons played through the window's handlers,
"show me" through the controller, hint, lesson panel, first-start offer, the legend (L)."""

from __future__ import annotations

import numpy as np
import pytest
from click_points import shown_pixel

from engine.tutorial import load_lessons


def _press(win, sym, mods=0):
    win.on_key_press(sym, mods)


def _click(win, coord):
    from pyglet.window import mouse  # imported after the headless window exists

    c = win.controller
    px, py = shown_pixel(c, coord)  # on what the window draws there (its piece or floor)
    win.on_mouse_press(int(px), win.height - int(py), mouse.LEFT, 0)


@pytest.fixture
def tutorial_window(headless_window):
    from viewer.app.tutorial import TutorialSession

    def make(start=0):
        session = TutorialSession(start=start)
        win = headless_window(None, width=1280, height=720, tutorial=session)
        return win, session

    return make


def test_a_lesson_is_completed_with_clicks_and_keys_in_the_window(tutorial_window):
    win, session = tutorial_window(start=1)  # planes and 3-D jumps (the window first: headless)
    from pyglet.window import key as K

    from viewer.app.tutorial import panel_text

    assert session.lesson.id == "planes" and win.app.name == "cube"
    before = win.draw_frame()
    assert "[  ]  put a knight on (7,8,2)" in panel_text(session)  # each goal, with its state
    assert "[  ]" in panel_text(session) and not session.done
    _click(win, (6, 6, 1))
    assert win.controller.builder is not None
    _click(win, (7, 8, 1))
    _press(win, K.PAGEUP)  # 3-D jump to the plane above
    _press(win, K.ENTER)
    assert session.done
    win.tick(0.0)
    assert "lesson complete" in win.controller.message.text.lower()
    assert "[done]" in panel_text(session)
    after = win.draw_frame()
    # the lesson panel (right side) is drawn and changed with the goal's state
    right = (slice(60, 500), slice(900, 1270))
    assert after[right].max() > 200 and np.abs(after[right].astype(int) - before[right].astype(int)).sum() > 0
    _press(win, K.F7)  # next lesson
    assert session.lesson.id == "hyperjump" and not session.done


def test_show_me_plays_every_lesson_through_the_window(tutorial_window):
    win, session = tutorial_window()
    from pyglet.window import key as K

    n = len(load_lessons())
    for i in range(n):
        assert session.index == i
        _press(win, K.F4)  # show me
        assert session.queue and not session.done
        for _ in range(200):
            win.tick(0.35)
            if not session.queue:
                break
        assert session.done, (session.lesson.id, win.controller.message.text)
        assert win.app.name == session.lesson.game
        assert len(win.controller.game.turns) == len(session.lesson.solution)
        win.draw_frame()
        _press(win, K.F7)
    assert "last lesson" in win.controller.message.text


def test_hint_restart_and_the_game_keys_in_the_tutorial(tutorial_window, monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))  # the game after F8 autosaves there
    win, session = tutorial_window(start=4)  # hiring
    from pyglet.window import key as K

    from viewer.app.tutorial import panel_text

    _press(win, K.H)
    assert session.hint_shown and "HINT: Press B" in panel_text(session)
    assert not win.controller.help_visible  # H is the hint here, F1 the help
    _press(win, K.F1)
    assert win.controller.help_visible
    _press(win, K.H)  # with the help open, H closes it
    assert not win.controller.help_visible
    _press(win, K.B)  # the game's own keys still work
    assert win.controller.chooser is not None and win.controller.chooser.kind == "drop"
    _press(win, K.ESCAPE)
    _press(win, K.N, K.MOD_CTRL)  # no new game inside a lesson
    assert win.controller.message.level == "error" and "F5 restarts" in win.controller.message.text
    _press(win, K.F5)
    assert not session.hint_shown and session.lesson.id == "hiring"
    _press(win, K.F8)  # leave: a real game, setup first
    assert win.tutorial is None and win.controller.mode == "setup"
    assert win.controller.autosave_path == tmp_path / "daqi" / "autosave.txt"


def test_first_start_offer_asks_once(headless_window, tmp_path):
    from viewer.app.tutorial import TutorialOffer, TutorialSession
    from viewer.cube.controller import CubeController

    marker = tmp_path / "daqi" / "tutorial-offered"
    win = headless_window(
        CubeController(autosave_path=None, offer_resume=False), width=800, height=600, tutorial=TutorialOffer(marker)
    )
    from pyglet.window import key as K

    plain = win.draw_frame()
    _press(win, K.Q)  # modal: the setup does not see the key
    assert win.controller.mode == "setup" and win.tutorial is not None
    win.tick(90.0)  # nor does its one-minute clock run
    assert win.controller.setup.part == 0 and win.controller.setup_elapsed == 0.0
    assert np.abs(plain[250:350, 300:500].astype(int)).sum() > 0
    _press(win, K.N)
    assert win.tutorial is None and marker.exists()
    assert "daqi tutorial" in win.controller.message.text
    marker.unlink()
    win2 = headless_window(
        CubeController(autosave_path=None, offer_resume=False), width=800, height=600, tutorial=TutorialOffer(marker)
    )
    _press(win2, K.T)
    assert isinstance(win2.tutorial, TutorialSession) and win2.tutorial.lesson.id == "move-capture"
    assert marker.exists()


def test_the_cli_offers_the_tutorial_only_the_first_time(monkeypatch, tmp_path):
    from viewer.app import cli
    from viewer.app.tutorial import TutorialOffer, find_lesson

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    args = cli.build_parser().parse_args(["play"])
    assert isinstance(cli._first_start_offer(args, None), TutorialOffer)
    (tmp_path / "daqi").mkdir()
    (tmp_path / "daqi" / "tutorial-offered").write_text("offered\n")
    assert cli._first_start_offer(args, None) is None
    args = cli.build_parser().parse_args(["tutorial", "--lesson", "stacks"])
    lessons = load_lessons()
    assert lessons[find_lesson(lessons, args.lesson)].id == "stacks"
    assert find_lesson(lessons, "3") == 2
    with pytest.raises(ValueError, match="give 1..10"):
        find_lesson(lessons, "chess960")


def test_daqi_tutorial_refuses_an_unknown_lesson(capsys):
    from viewer.app import cli

    assert cli.main(["tutorial", "--lesson", "chess960", "--headless"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("daqi tutorial: no lesson 'chess960'") and "hyperjump" in err


def test_legend_key_draws_the_legend_panel(headless_window):
    from viewer.cube.controller import CubeController
    from viewer.cube.legend import LEGEND_ROWS

    win = headless_window(CubeController(quick=True, autosave_path=None), width=1280, height=720)
    from pyglet.window import key as K

    off = win.draw_frame()
    _press(win, K.L)
    assert win.controller.legend_visible
    on = win.draw_frame()
    legend = win.app.hud.legend
    x0 = int(win.width - 14 - legend.width)
    region = (
        slice(win.height - int(legend.bg.y + legend.bg.height), win.height - int(legend.bg.y)),
        slice(x0, win.width - 14),
    )
    assert np.abs(on[region].astype(int) - off[region].astype(int)).sum() > 10000
    assert any("grey squares" in text for _k, _c, text in LEGEND_ROWS)
    _press(win, K.L)
    assert not win.controller.legend_visible


def test_every_lesson_panel_fits_a_1280x720_window(tutorial_window):
    """With the hint shown, the panel and its buttons stay inside the window, above the sliders, and
    beside (not over) the spirit-chess board."""
    win, session = tutorial_window()
    for i in range(len(session.lessons)):
        session.start_lesson(i)
        session.command("hint")
        win.draw_frame()
        bg = session.panel.panel.bg
        assert bg.y + bg.height <= win.height and bg.x >= 0 and bg.x + bg.width <= win.width + 1
        widgets = getattr(getattr(win.app, "hud", None), "widgets", [])
        floor = max((wd.y + 30 for wd in widgets), default=0)
        for _name, (x, y, w, _h) in session.buttons:
            assert y >= floor and x + w <= win.width, session.lesson.id
        if session.lesson.game == "spirit":
            geo = win.app.geometry()
            assert bg.x >= geo.origin[0] + geo.cell * geo.size[0], session.lesson.id


def test_the_lesson_panel_folds_while_a_chooser_is_open(tutorial_window):
    win, session = tutorial_window(start=4)  # hiring: B opens the hire chooser
    from pyglet.window import key as K

    win.draw_frame()
    assert session.buttons
    _press(win, K.B)
    assert win.controller.chooser is not None
    win.draw_frame()
    assert session.buttons == []  # nothing of the lesson panel over the chooser
    _press(win, K.ESCAPE)
    win.draw_frame()
    assert session.buttons
