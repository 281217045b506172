"""The games the window can show: one :class:`WindowGame` per registered engine game.

The window (``DaqiWindow.switch``) looks a game up here by its registry name
(:mod:`engine.core.games`); F2 steps through them in registry order.  Both games register
here; cube chess's view (``CubeApp``) is added by ``viewer/app/window.py``, where it lives.  A new game registers its
controller and its view here (the noughts-and-crosses game of the tests does), and the window
needs no change.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from engine.core import games

from ..ui.protocols import GameController, GameView


@dataclass(frozen=True)
class WindowGame:
    #: the engine game's registry name
    name: str
    #: ``make_controller(rules, autosave_path=PATH, quick=False, game=None, offer_resume=False,
    #: save_path=None)``: a controller (its setup running unless ``quick``, or showing ``game``);
    #: ``rules`` None means the game's default ruleset
    make_controller: Callable[..., GameController]
    #: ``make_view(window, controller)``: the view that draws it (a ``viewer.ui.protocols.GameView``)
    make_view: Callable[[Any, GameController], GameView] | None
    #: ``show_lesson(window, controller)``: the view of a tutorial lesson's game, made ready in
    #: ``window`` (cube chess reuses its view and slides the board clear of the lesson panel)
    show_lesson: Callable[[Any, GameController], GameView] | None = None


_WINDOW_GAMES: dict[str, WindowGame] = {}


def register(game: WindowGame) -> WindowGame:
    games.get(game.name)  # an engine game first
    _WINDOW_GAMES[game.name] = game
    return game


def unregister(name: str) -> None:
    _WINDOW_GAMES.pop(name, None)


def set_view(name: str, make_view: Callable, show_lesson: Callable | None = None) -> None:
    """Give a registered game its view (for a view defined where importing it needs the GL window)."""
    _WINDOW_GAMES[name] = replace(window_game(name), make_view=make_view, show_lesson=show_lesson)


def window_game(name: str) -> WindowGame:
    try:
        return _WINDOW_GAMES[name]
    except KeyError:
        raise games.UnknownGame(f"the window cannot show {name!r} (it shows: {', '.join(shown())})") from None


def shown() -> tuple[str, ...]:
    """The games the window shows, in the registry's order (the default game first)."""
    return tuple(n for n in games.names() if n in _WINDOW_GAMES)


def next_game(current: str | None) -> str:
    """The game F2 switches to after ``current``."""
    order = shown()
    if current not in order:
        return order[0]
    return order[(order.index(current) + 1) % len(order)]


def game_of(controller: Any) -> str:
    """The registry name of the game a controller plays (by its ruleset)."""
    return games.of_rules(controller.rules).name


def _cube_controller(rules=None, *, autosave_path=None, quick=False, game=None, offer_resume=False, save_path=None):
    from ..cube.controller import CubeController

    return CubeController(
        rules or games.get("cube").default_ruleset,
        game=game,
        quick=quick,
        autosave_path=autosave_path,
        offer_resume=offer_resume,
        save_path=save_path,
    )


def _spirit_controller(rules=None, *, autosave_path=None, quick=False, game=None, offer_resume=False, save_path=None):
    from ..spirit.controller import SpiritController

    ctl = SpiritController(
        rules or games.get("spirit").default_ruleset, quick=quick or game is not None, autosave_path=autosave_path
    )
    if game is not None:
        ctl.adopt(game, save_path)
    return ctl


def _spirit_view(window, controller):
    from ..spirit.view import SpiritBoardView

    return SpiritBoardView(window, controller)


register(WindowGame("cube", _cube_controller, None))  # its view: viewer/app/window.py (set_view)
register(WindowGame("spirit", _spirit_controller, _spirit_view, _spirit_view))
