"""Showing a session's controller in the window (the puzzles and the editor, issue 22)."""

from __future__ import annotations


def show_controller(win, game: str, c, caption: str) -> None:
    """Make ``c`` (a cube or spirit controller) the window's game view, the board slid left clear
    of the session's panel on the right."""
    if game == "cube":
        if "cube" not in win.apps:  # the window makes its cube view with this controller
            win._cube_controller = c
        win.switch("cube")
        app = win.apps["cube"]
        app.controller = c
        app.frame_camera()
        cam = c.view.camera
        cam.pan(-min(230.0, win.width * 0.17), 0.0)
        cam.set_home()
    else:
        from ..spirit.view import SpiritBoardView

        win.apps["spirit"] = SpiritBoardView(win, c)
        win.switch("spirit")
    win.set_caption(caption)


def panel_top(win) -> float:
    """The top of a session panel on the right: under the game's move list when it shows."""
    top = win.height - 12
    app = getattr(win, "app", None)
    above = getattr(getattr(app, "hud", None), "turns", None) or getattr(app, "turns", None)
    label = getattr(above, "label", None)
    if label is not None and label.visible:
        top -= label.content_height + 24
    return top


def panel_width(win, wanted: int = 380) -> int:
    """A session panel's width: ``wanted``, narrower where the spirit board would be covered."""
    width = min(float(wanted), max(260.0, win.width * 0.3))
    geometry = getattr(getattr(win, "app", None), "geometry", None)
    if callable(geometry):
        geo = geometry()
        board_right = geo.origin[0] + geo.cell * geo.size[0]
        width = min(width, max(220.0, win.width - board_right - 44))
    return int(width)
