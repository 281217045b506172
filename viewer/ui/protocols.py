"""The contracts between the window and what it shows, declared instead of probed.

* :class:`GameView` -- what ``viewer.app.window.DaqiWindow`` calls on the view of the game it
  shows (``CubeApp``, ``SpiritBoardView``, the tests' noughts-and-crosses view).  A new game's
  view implements these and registers in ``viewer/app/games.py``.
* :class:`GameController` -- what the window, its sounds and the views' HUD read of a game's
  controller (``CubeController``, ``SpiritController``).

Every view answers ``state_key``, ``animating`` and ``frame_rate`` (issue 16: one mechanism for
every game): the window's tick draws when the view animates or its key differs from the key of the
frame on screen, and ticks as often as ``frame_rate`` asks.
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

    def state_key(self) -> Any:
        """Everything shown that can change without input (a background result, a message, a
        clock's seconds, the thinking counter): a hashable value."""
        ...

    def animating(self) -> bool:
        """Whether the picture changes every tick by itself (a glide, a pulse)."""
        ...

    def frame_rate(self) -> float:
        """Ticks per second the view needs by itself (0 at rest: the window ticks at 2 Hz)."""
        ...
