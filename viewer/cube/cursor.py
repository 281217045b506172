"""Keyboard-only play for cube chess: a cell cursor and a typed-move box (no GL, no pyglet).

:class:`CursorControls` is a part of :class:`viewer.cube.controller.CubeController`:

* the arrow keys move a cell cursor on the focused plane of the shown 3-D board (the first
  press shows it: on the first slot of a setup part, the selected piece, the last move or
  the side to move's pawns); the arrows follow the screen: "up" is the board direction that points up on screen
  for the camera as it stands;
* Space clicks the cursor's cell (choose a piece, a target, a setup slot) while the cursor is
  shown; Enter confirms, Backspace takes back, Escape cancels and hides the cursor;
  Z/X (or [ ]) change the plane the cursor is on, N/M the board, PageUp/PageDown jump as usual;
* ``/`` (or F3) opens the typed-move box: a whole turn in the ASCII notation
  (``P(9,3,1)-(9,4,1)``, read by :func:`engine.parse_turn`), played on Enter; a turn that
  cannot be read or played is explained and the box stays open with the text.

The camera keeps the mouse, W A S D (pan) and Shift+arrows (orbit).
"""

from __future__ import annotations

import math

from engine import DaqiError, IllegalAction, format_coord, parse_turn

from ..ui.control_common import Prompt
from .view_control import canon

#: arrow key -> direction on screen (x right, y up)
ARROWS = {"left": (-1.0, 0.0), "right": (1.0, 0.0), "up": (0.0, 1.0), "down": (0.0, -1.0)}

MOVE_BOX_TITLE = "Type a turn, e.g. P(9,3,1)-(9,4,1)   (Enter plays it, Esc cancels, Ctrl+U clears):"


def screen_step(yaw: float, arrow: str) -> tuple[int, int]:
    """The board step (dx, dy) that moves most nearly in the arrow's screen direction for a camera
    turned by ``yaw`` degrees (yaw 0 looks from white's side: up on screen is +y)."""
    sx, sy = ARROWS[arrow]
    y = math.radians(yaw)
    right = (math.cos(y), math.sin(y))
    up = (-math.sin(y), math.cos(y))  # the camera's forward direction on the board
    want = (sx * right[0] + sy * up[0], sx * right[1] + sy * up[1])
    return max(((1, 0), (-1, 0), (0, 1), (0, -1)), key=lambda d: d[0] * want[0] + d[1] * want[1])


class CursorControls:
    """The cell cursor and the typed-move box (see the module docstring)."""

    cursor: tuple | None = None  # (x, y) on the focused plane of the shown board

    # ------------------------------------------------------------------ the cursor
    def cursor_coord(self):
        """The full engine coordinate under the cursor (None when it is hidden)."""
        if self.cursor is None:
            return None
        sl = self.view.slicing
        return canon((self.cursor[0], self.cursor[1], sl.focus_z) + tuple(sl.higher()))

    def _cursor_start(self) -> tuple:
        slots = self.setup_squares() if getattr(self, "setup", None) is not None else []
        if slots:  # the setup: the first slot of the part
            self.view.slicing.set_focus(slots[0][2])
            return tuple(slots[0][:2])
        b = getattr(self, "builder", None)
        if b is not None and b.at is not None:
            return tuple(b.at[:2])
        if self.hovered is not None:
            return tuple(self.hovered[:2])
        last = self.view.highlights.last_to
        if last is not None:
            return tuple(last[:2])
        sx, sy = self.rules.size[0], self.rules.size[1]
        return (sx // 2, 3 if self.to_move == "white" else sy - 2)

    def cursor_move(self, arrow: str) -> None:
        sx, sy = self.rules.size[0], self.rules.size[1]
        if self.cursor is None:
            self.cursor = self._cursor_start()
        else:
            cam = self.view.camera
            dx, dy = screen_step(cam.yaw, arrow)
            self.cursor = (min(sx, max(1, self.cursor[0] + dx)), min(sy, max(1, self.cursor[1] + dy)))
        self._cursor_show()

    def _cursor_show(self) -> None:
        c = self.cursor_coord()
        self.hovered = c
        self.hover_outside = False
        self.view.highlights.hovered = c

    def cursor_hide(self) -> None:
        if self.cursor is not None:
            self.cursor = None
            self.hovered = None
            self.view.highlights.hovered = None

    def cursor_click(self) -> None:
        """Space: the same as a click on the cursor's cell."""
        c = self.cursor_coord()
        if c is None:
            return
        self.click_cell(c)
        if self.cursor is not None:
            b = getattr(self, "builder", None)
            if b is not None and b.at is not None and b.at[2] != self.view.slicing.focus_z:
                self.view.slicing.set_focus(b.at[2])
            self._cursor_show()

    def _cursor_key(self, name: str, shift: bool) -> bool:
        """Arrow keys (without Shift) and Space while the cursor is shown; True if used."""
        if name in ARROWS and not shift:
            self.cursor_move(name)
            return True
        if name == "space" and self.cursor is not None:
            self.cursor_click()
            return True
        if name in ("z", "x", "[", "]") and self.cursor is not None:
            sl = self.view.slicing
            self.set_focus(sl.focus_z + (1 if name in ("x", "]") else -1))
            self._cursor_show()
            return True
        if (
            name == "escape"
            and self.cursor is not None
            and not getattr(self, "overview_on", False)  # issue 16: there Escape closes the overview
            and getattr(self, "builder", None) is None
            and getattr(self, "drop_piece", None) is None
        ):
            self.cursor_hide()
            self.say("Cursor hidden (the arrow keys show it again).")
            return True
        if name in ("/", "f3"):
            self.open_move_box()
            return True
        return False

    # ------------------------------------------------------------------ the typed-move box
    def open_move_box(self) -> None:
        if self.game is None or self.setup is not None:
            self.error("Typed turns are for play; now it is the setup phase (Space on a slot, Enter confirms).")
            return
        if getattr(self, "reviewing", False):
            self.error(
                "This is a review: Enter plays from the shown position, Escape returns to the game; then type the turn."
            )
            return
        if self.mode == "over":
            self.error(f"The game is over: {self.result_text()}.")
            return
        self._clear_turn()
        self.prompt = Prompt("move", MOVE_BOX_TITLE, "", swallow="/")

    def play_typed(self, text: str) -> bool:
        """Play a whole turn written in the notation; a problem keeps the box open with the text."""
        text = text.strip()
        if not text:
            self.error("No turn typed.")
            return False
        try:
            turn, _letters = parse_turn(text, self.rules)
        except DaqiError as exc:
            self.error(f"Could not read the turn: {exc}")
            self.prompt = Prompt("move", MOVE_BOX_TITLE, text)
            return False
        before = self.game.position
        try:
            self.game.play(turn)
        except IllegalAction as exc:
            self.error(f"Not allowed: {exc}")
            self.prompt = Prompt("move", MOVE_BOX_TITLE, text)
            return False
        self._autosave()
        self._clear_turn()
        self._after_position_change()
        note = self.game.notation(len(self.game.turns) - 1)
        end = self.view.highlights.last_to
        if end is not None:
            self._follow(end)
        tail = (
            f"Game over: {self.result_text()}."
            if self.game.position.result is not None
            else f"{self.game.position.to_move.capitalize()} to move."
        )
        self.say(f"{before.to_move.capitalize()} played {note} (to {format_coord(end) if end else '-'}). {tail}", "ok")
        return True
