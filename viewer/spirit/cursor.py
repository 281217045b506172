"""Keyboard-only play for spirit chess: a cell cursor (no GL, no pyglet).

:class:`SpiritCursor` is a part of :class:`viewer.spirit.controller.SpiritController` owning the cursor's cell: the arrow
keys move a cursor over the 19×19 board (up is +y, as drawn; the first press shows it on the
piece being built with, or the middle of the side's half); Space clicks the cursor's cell (place
or take back a piece in the setup; raise, choose, step during play); Escape hides it.  With the
typed-turn box (``/``) and the setup keys (1-7, D, Enter) no mouse is needed.  As in cube chess,
V starts a review and the arrows then step through the turns.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from ..ui.bindings import PASS, Actions

STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


class CursorHost(Protocol):
    """What the spirit cursor needs of the controller."""

    rules: Any
    hovered: Any
    origin: Any
    levelup: Any

    @property
    def to_move(self) -> str: ...

    def click_cell(self, coord: Any) -> None: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...


class SpiritCursor:
    """The cell cursor, a part of the spirit controller owning its cell (:attr:`cell`, None
    while hidden)."""

    def __init__(self, host: CursorHost):
        self.host = host
        self.cell: tuple | None = None

    def _home(self) -> tuple:
        h = self.host
        for c in (h.origin, h.levelup, h.hovered):
            if c is not None:
                return tuple(c)
        sx = h.rules.size[0]
        lo, hi = h.rules.halves[h.to_move]
        return (sx // 2 + 1, (lo + hi) // 2)

    def move(self, name: str) -> None:
        sx, sy = self.host.rules.size
        if self.cell is None:
            self.cell = self._home()
        else:
            dx, dy = STEPS[name]
            self.cell = (min(sx, max(1, self.cell[0] + dx)), min(sy, max(1, self.cell[1] + dy)))
        self.host.hovered = self.cell

    def hide(self) -> None:
        self.cell = None
        self.host.hovered = None

    def key_actions(self) -> Actions:
        """The cursor's actions of the key table: arrows (context ``cursor``), Space and Escape while
        it is shown (``cursor-shown``; neither on the hand-over screen nor in the transform list)."""
        actions: Actions = {f"cursor.{name}": partial(self.move, name) for name in STEPS}
        actions["cursor.click"] = self.click
        actions["cursor.hide"] = self._escape
        return actions

    def click(self) -> None:
        if self.cell is not None:
            cell = self.cell
            self.host.click_cell(cell)
            self.host.hovered = cell

    def _escape(self) -> object:
        """Escape hides the cursor unless a turn is being built (then it cancels the turn)."""
        if self.host.levelup is not None:
            return PASS
        self.hide()
        self.host.say("Cursor hidden (the arrow keys show it again).")
        return None
