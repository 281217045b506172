"""Showing a session's controller in the window (the puzzles and the editor, issue 22)."""

from __future__ import annotations

from engine.core import games

from .games import window_game


def show_controller(win, game: str, c, caption: str) -> None:
    """Make ``c`` (a controller of any registered game) the window's view of ``game``, as a
    tutorial lesson is shown (cube chess: the board slid left, clear of the panel on the right)."""
    wg = window_game(game)
    show = wg.show_lesson or wg.make_view
    if show is None:
        raise games.UnknownGame(f"the window has no view of {game!r}")
    win.apps[game] = show(win, c)
    win.switch(game)
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


def game_from(position):
    """A game of the position's own kind that begins there (the registry's game class)."""
    return games.of_rules(position.rules).game_type(position.rules, start=position)


def controller_for(game):
    """A controller of the game's kind showing ``game``, without autosave."""
    name = games.of_rules(game.rules).name
    return window_game(name).make_controller(game.rules, game=game, autosave_path=None)
