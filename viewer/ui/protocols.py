"""The contracts between the window and what it shows, declared instead of probed.

* :class:`GameView` -- what ``viewer.app.window.DaqiWindow`` calls on the view of the game it
  shows (``CubeApp``, ``SpiritBoardView``, the tests' noughts-and-crosses view).  A new game's
  view implements these and registers in ``viewer/app/games.py``.
* :class:`GameController` -- what the window, its sounds and the views' HUD read of a game's
  controller (``CubeController``, ``SpiritController``).

``state_key``, ``animating`` and ``frame_rate`` are optional parts of a view (the window asks
for them only if present); they are not part of the protocol.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class GameController(Protocol):
    rules: Any
    game: Any  # a game of the engine's Game protocol (engine.core.games.Game), None during a setup
    message: Any  # viewer.ui.control_common.Message

    def say(self, text: str, level: str = "info") -> None: ...

    def result_text(self) -> str: ...

    def tick(self, dt: float) -> None: ...


@runtime_checkable
class GameView(Protocol):
    name: str  # the engine registry's name of the game
    controller: Any  # a GameController

    def draw(self) -> None: ...

    def resize(self, width: int, height: int) -> None: ...

    def tick(self, dt: float) -> None: ...

    def key(self, name: str, shift: bool, ctrl: bool) -> None: ...

    def text(self, text: str) -> None: ...

    def mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None: ...

    def mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None: ...

    def mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None: ...

    def motion(self, x: int, y: int) -> None: ...

    def scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None: ...

    def say(self, text: str, level: str = "info") -> None: ...
