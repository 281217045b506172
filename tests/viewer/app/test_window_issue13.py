"""The window, issue 13: keyboard-only play, the move list as a control (bug 6), autosave of the
game opened with F2 (bug 3), the spirit help layout (bug 1), the UI scale, --clock and sounds."""

from __future__ import annotations

import pytest

from viewer.cube.controller import CubeController
from viewer.cube.cursor import screen_step


def press(win, name, mods=0):
    from pyglet.window import key as K

    sym = {
        "enter": K.ENTER,
        "space": K.SPACE,
        "escape": K.ESCAPE,
        "left": K.LEFT,
        "right": K.RIGHT,
        "up": K.UP,
        "down": K.DOWN,
        "pageup": K.PAGEUP,
        "/": K.SLASH,
        "end": K.END,
        "home": K.HOME,
    }.get(name)
    win.on_key_press(sym if sym is not None else getattr(K, name.upper()), mods)


def cursor_to(win, target):
    """Arrow keys until the cell cursor is on ``target`` (x, y)."""
    c = win.controller
    if c.cursor is None:
        press(win, "up")
    for _ in range(40):
        if c.cursor == tuple(target):
            return
        dx, dy = target[0] - c.cursor[0], target[1] - c.cursor[1]
        yaw = c.view.camera.yaw
        best = max(
            ("left", "right", "up", "down"), key=lambda a: screen_step(yaw, a)[0] * dx + screen_step(yaw, a)[1] * dy
        )
        press(win, best)
    raise AssertionError(f"the cursor did not reach {target}: {c.cursor}")


def test_a_game_played_with_the_keyboard_alone(tmp_path, headless_window):
    c = CubeController(autosave_path=tmp_path / "auto.txt", offer_resume=False)
    win = headless_window(c, width=1280, height=720)
    assert c.mode == "setup"
    press(win, "q")  # quick start
    assert c.mode == "play"
    # white: pawn (9,3,1) one step, then a 3-D jump up, with the cursor
    cursor_to(win, (9, 3))
    press(win, "space")
    assert c.builder is not None and c.builder.origin == (9, 3, 1), c.message.text
    cursor_to(win, (9, 4))
    press(win, "space")
    press(win, "pageup")
    assert c.builder.at == (9, 4, 2)
    press(win, "enter")
    assert len(c.game.turns) == 1 and c.game.position.to_move == "black"
    # black: a typed turn
    press(win, "/")
    win.on_text("/")  # the key's own character
    win.on_text("P(9,14,1)-(9,13,1)")
    press(win, "enter")
    assert len(c.game.turns) == 2, c.message.text
    # white: review the two turns, then back, then one more turn with the cursor
    from pyglet.window import key as K

    press(win, "left", K.MOD_CTRL)
    assert c.reviewing and c.review.ply == 1
    press(win, "left")
    assert c.review.ply == 0
    press(win, "end")
    assert c.review.ply == 2
    press(win, "escape")
    assert not c.reviewing
    cursor_to(win, (8, 3))
    press(win, "space")
    cursor_to(win, (8, 4))
    press(win, "space")
    press(win, "enter")
    assert len(c.game.turns) == 3 and c.game.notation(2).startswith("P(8,3,1)-(8,4,1)")
    win.draw_frame()
    assert (tmp_path / "auto.txt").exists()


def turns_panel_rows(win):
    hud = win.app.hud
    p = hud.turns
    n = p.text.count("\n") + 1
    lh = p.label.content_height / n
    return hud, p, lh


def test_bug6_clicking_the_move_list_reviews_a_turn(headless_window):
    from pyglet.window import mouse

    from engine import sample_game

    c = CubeController(game=sample_game())
    win = headless_window(c, width=1280, height=720)
    win.draw_frame()
    hud, p, lh = turns_panel_rows(win)
    x = p.bg.x + p.bg.width / 2
    header_y = p.label.y - lh / 2
    win.on_mouse_press(x, header_y, mouse.LEFT, 0)
    assert "outside the board" not in c.message.text and not c.reviewing
    row = 3  # the third turn in the list (index 2)
    win.on_mouse_press(x, p.label.y - lh * row - lh / 2, mouse.LEFT, 0)
    assert c.reviewing and c.review.ply == hud.turn_index[row] + 1 == 3
    win.draw_frame()
    assert ">  3 white  P(9,4,1)^(9,4,2)" in hud.turns.text
    win.on_mouse_scroll(x, p.label.y - lh * 2, 0, 1)
    assert c.turns_scroll == 1


def test_bug3_the_game_opened_with_f2_is_autosaved(tmp_path, headless_window):
    from pyglet.window import key as K

    cube_path, spirit_path = tmp_path / "auto.txt", tmp_path / "auto-spirit.txt"
    c = CubeController(quick=True, autosave_path=cube_path)
    win = headless_window(c, autosave={"cube": cube_path, "spirit": spirit_path})
    win.on_key_press(K.F2, 0)
    s = win.controller
    assert s.autosave_path == spirit_path
    win.on_key_press(K.Q, 0)  # spirit quick start: autosaved
    assert spirit_path.exists()


def test_bug3_a_cube_game_opened_from_spirit_chess_is_autosaved(tmp_path, headless_window):
    from pyglet.window import key as K

    from viewer.spirit.controller import SpiritController

    cube_path = tmp_path / "auto.txt"
    s = SpiritController(quick=True, autosave_path=tmp_path / "auto-spirit.txt")
    win = headless_window(None, spirit_controller=s, start="spirit", autosave={"cube": cube_path})
    win.on_key_press(K.F2, 0)
    c = win.controller
    assert c.game_name == "cube" and c.autosave_path == cube_path
    win.on_key_press(K.Q, 0)  # cube quick start: autosaved
    assert cube_path.exists()


def test_cli_gives_both_games_an_autosave():
    from pathlib import Path

    from viewer.app.cli import autosave_paths, build_parser

    base = Path("/tmp/x/autosave.txt")
    args = build_parser().parse_args(["play"])
    assert autosave_paths(args, base, "cube") == {"cube": base, "spirit": base.with_name("autosave-spirit.txt")}
    args = build_parser().parse_args(["spirit"])
    paths = autosave_paths(args, base, "spirit")
    assert paths["spirit"] == base.with_name("autosave-spirit.txt") and paths["cube"].name == "autosave.txt"
    assert autosave_paths(args, None, "spirit") == {}
    args = build_parser().parse_args(["spirit", "--autosave", "/tmp/y/s.txt"])
    paths = autosave_paths(args, Path("/tmp/y/s.txt"), "spirit")
    assert paths == {"spirit": Path("/tmp/y/s.txt"), "cube": Path("/tmp/y/autosave-cube.txt")}


def test_cli_refuses_a_bad_clock(capsys):
    from viewer.app.cli import main

    assert main(["play", "--clock", "soon", "--headless"]) == 2
    assert "10+5" in capsys.readouterr().err
    assert main(["play", "--ui-scale", "9", "--headless"]) == 2


def test_bug1_spirit_help_lines_never_wrap_and_cover_the_panels(headless_window):
    import pyglet
    from pyglet.window import key as K

    from viewer.spirit.controller import SpiritController
    from viewer.ui.bindings import SPIRIT_BINDINGS
    from viewer.ui.panels import help_lines

    s = SpiritController(quick=True)
    win = headless_window(None, spirit_controller=s, start="spirit", width=1280, height=720)
    win.on_key_press(K.H, 0)
    win.draw_frame()
    ov = win.app.overlay
    longest = max(help_lines(SPIRIT_BINDINGS), key=len)
    probe = pyglet.text.Label(longest, font_name=ov.label.font_name, font_size=ov.label.font_size)
    assert probe.content_width <= ov.label.width
    lines = ov.text.count("\n") + 1
    probe1 = pyglet.text.Label("X", font_name=ov.label.font_name, font_size=ov.label.font_size)
    assert ov.label.content_height <= lines * probe1.content_height * 1.05  # no extra wrapped rows
    # the help's backing is drawn over every other panel's text
    top = ov.bg.group.order
    for p in (win.app.status, win.app.turns, win.app.message):
        assert p.label.group.order < top
    assert ov.bg.x >= 0 and ov.bg.x + ov.bg.width <= win.width


def test_ui_scale_from_the_window_size_and_as_asked(headless_window):
    c = CubeController(quick=True)
    win = headless_window(c, width=1280, height=720)
    assert win.ui_scale_for(1280, 720) == 1.0
    assert win.ui_scale_for(3840, 2160) == 2.0
    assert win.ui_scale_for(2560, 1440) == 1.25
    win.ui_scale = 2
    win.draw_frame()
    hud = win.app.hud
    assert hud.scale == 2.0 and hud.status.label.font_size == 24
    widgets = hud.widgets
    assert widgets and widgets[0].h == 28.0


@pytest.mark.parametrize("size", [(1280, 720), (3840, 2160)])
def test_hud_panels_stay_apart_and_inside_the_window(headless_window, size):
    from engine import sample_game

    c = CubeController(game=sample_game())
    win = headless_window(c, width=size[0], height=size[1])
    c.hovered = (5, 15, 1)
    c.observe = 2
    win.draw_frame()
    hud = win.app.hud
    boxes = {}
    for name in ("status", "stats", "turns", "message", "hint"):
        p = getattr(hud, name)
        if p.text:
            b = p.bg
            assert b.x >= -1 and b.y >= -1 and b.x + b.width <= size[0] + 1 and b.y + b.height <= size[1] + 1, name
            boxes[name] = (b.x, b.y, b.x + b.width, b.y + b.height)
    boxes["observe"] = hud.observe_picture.box  # the observation view is a picture (C18)
    assert boxes["observe"] is not None
    ox0, oy0, ox1, oy1 = boxes["observe"]
    assert ox0 >= -1 and oy0 >= -1 and ox1 <= size[0] + 1 and oy1 <= size[1] + 1
    top_sliders = max(w.y + 24 * w.scale for w in hud.widgets)
    assert boxes["observe"][1] >= top_sliders  # bug 7: never over the sliders

    def overlap(a, b):
        return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]

    assert not overlap(boxes["turns"], boxes["observe"])
    assert not overlap(boxes["status"], boxes["stats"])


def test_sounds_are_asked_for_after_events(headless_window):
    from pyglet.window import key as K

    c = CubeController(quick=True)
    win = headless_window(c, sound=False)
    win.on_mouse_motion(5, 5, 0, 0)  # any first event: the watcher's starting point
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    win.on_key_press(K.ENTER, 0)
    assert win.sounds.played[-1] == "move"
    win.on_key_press(K.M, K.MOD_CTRL)
    assert not win.sounds.muted and "Sound on" in c.message.text


def test_clock_in_the_window(headless_window):
    c = CubeController(quick=True)
    win = headless_window(c, clock="5+3")
    win.tick(2.0)
    assert c.clock_driver.clock.remaining["white"] == 298.0
    win.draw_frame()
    assert "clock" in win.app.hud.status.text and "4:58" in win.app.hud.status.text
