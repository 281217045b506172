"""Keyboard-only play for spirit chess: a cell cursor (no GL, no pyglet).

:class:`SpiritCursor` is a part of :class:`viewer.spirit.controller.SpiritController`: the arrow
keys move a cursor over the 19×19 board (up is +y, as drawn; the first press shows it on the
piece being built with, or the middle of the side's half); Space clicks the cursor's cell (place
or take back a piece in the setup; raise, choose, step during play); Escape hides it.  With the
typed-turn box (``/``) and the setup keys (1-7, D, Enter) no mouse is needed.  As in cube chess,
V starts a review and the arrows then step through the turns.
"""

from __future__ import annotations

from functools import partial

from ..ui.bindings import PASS

STEPS = {"left": (-1, 0), "right": (1, 0), "up": (0, 1), "down": (0, -1)}


class SpiritCursor:
    cursor: tuple | None = None

    def _cursor_home(self) -> tuple:
        for c in (getattr(self, "origin", None), getattr(self, "levelup", None), self.hovered):
            if c is not None:
                return tuple(c)
        sx = self.rules.size[0]
        lo, hi = self.rules.halves[self.to_move]
        return (sx // 2 + 1, (lo + hi) // 2)

    def cursor_move(self, name: str) -> None:
        sx, sy = self.rules.size
        if self.cursor is None:
            self.cursor = self._cursor_home()
        else:
            dx, dy = STEPS[name]
            self.cursor = (min(sx, max(1, self.cursor[0] + dx)), min(sy, max(1, self.cursor[1] + dy)))
        self.hovered = self.cursor

    def cursor_hide(self) -> None:
        self.cursor = None
        self.hovered = None

    def _cursor_actions(self) -> dict:
        """The cursor's actions of the key table: arrows (context ``cursor``), Space and Escape while
        it is shown (``cursor-shown``; neither on the hand-over screen nor in the transform list)."""
        actions: dict = {f"cursor.{name}": partial(self.cursor_move, name) for name in STEPS}
        actions["cursor.click"] = self.cursor_click
        actions["cursor.hide"] = self._cursor_escape
        return actions

    def cursor_click(self) -> None:
        if self.cursor is not None:
            self.click_cell(self.cursor)
            self.hovered = self.cursor

    def _cursor_escape(self) -> object:
        """Escape hides the cursor unless a turn is being built (then it cancels the turn)."""
        if getattr(self, "levelup", None) is not None:
            return PASS
        self.cursor_hide()
        self.say("Cursor hidden (the arrow keys show it again).")
        return None
