"""Keyboard-only play for cube chess: a cell cursor and a typed-move box (no GL, no pyglet).

:class:`Cursor` and :class:`MoveBox` are parts of :class:`viewer.cube.controller.CubeController`
that own their state (the cursor's cell; the box is the controller's prompt); what they need of
the controller is :class:`CursorHost` and :class:`MoveBoxHost`:

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
from functools import partial
from typing import Any, Protocol

from engine import DaqiError, IllegalAction, TurnBuilder, format_coord, parse_turn

from ..ui.bindings import PASS, Actions
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


class CursorHost(Protocol):
    """What the cursor needs of the controller."""

    rules: Any
    view: Any  # viewer.cube.scene.View
    setup: Any
    builder: TurnBuilder | None
    drop_piece: str | None
    hovered: Any
    hover_outside: bool

    @property
    def to_move(self) -> str: ...

    @property
    def overview_on(self) -> bool: ...

    def setup_squares(self) -> list: ...

    def click_cell(self, coord: Any) -> None: ...

    def set_focus(self, z: int) -> None: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...


class Cursor:
    """The cell cursor (see the module docstring): :attr:`cell` is (x, y) on the focused plane of
    the shown board, None while hidden."""

    def __init__(self, host: CursorHost):
        self.host = host
        self.cell: tuple | None = None

    def coord(self):
        """The full engine coordinate under the cursor (None when it is hidden)."""
        if self.cell is None:
            return None
        sl = self.host.view.slicing
        return canon((self.cell[0], self.cell[1], sl.focus_z) + tuple(sl.higher()))

    def _start(self) -> tuple:
        slots = self.host.setup_squares() if self.host.setup is not None else []
        if slots:  # the setup: the first slot of the part
            self.host.view.slicing.set_focus(slots[0][2])
            return tuple(slots[0][:2])
        b = self.host.builder
        if b is not None and b.at is not None:
            return tuple(b.at[:2])
        if self.host.hovered is not None:
            return tuple(self.host.hovered[:2])
        last = self.host.view.highlights.last_to
        if last is not None:
            return tuple(last[:2])
        sx, sy = self.host.rules.size[0], self.host.rules.size[1]
        return (sx // 2, 3 if self.host.to_move == "white" else sy - 2)

    def move(self, arrow: str) -> None:
        sx, sy = self.host.rules.size[0], self.host.rules.size[1]
        if self.cell is None:
            self.cell = self._start()
        else:
            cam = self.host.view.camera
            dx, dy = screen_step(cam.yaw, arrow)
            self.cell = (min(sx, max(1, self.cell[0] + dx)), min(sy, max(1, self.cell[1] + dy)))
        self.show()

    def show(self) -> None:
        c = self.coord()
        self.host.hovered = c
        self.host.hover_outside = False
        self.host.view.highlights.hovered = c

    def hide(self) -> None:
        if self.cell is not None:
            self.cell = None
            self.host.hovered = None
            self.host.view.highlights.hovered = None

    def click(self) -> None:
        """Space: the same as a click on the cursor's cell."""
        c = self.coord()
        if c is None:
            return
        self.host.click_cell(c)
        if self.cell is not None:
            b = self.host.builder
            if b is not None and b.at is not None and b.at[2] != self.host.view.slicing.focus_z:
                self.host.view.slicing.set_focus(b.at[2])
            self.show()

    def key_actions(self) -> Actions:
        """The cursor's actions of the key table: arrows (context ``cursor``), Space, Z X [ ] and
        Escape while it is shown (``cursor-shown``)."""
        actions: Actions = {f"cursor.{a}": partial(self.move, a) for a in ARROWS}
        actions.update(
            {
                "cursor.click": self.click,
                "cursor.plane_down": lambda: self._plane(-1),
                "cursor.plane_up": lambda: self._plane(+1),
                "cursor.hide": self._escape,
            }
        )
        return actions

    def _plane(self, delta: int) -> None:
        self.host.set_focus(self.host.view.slicing.focus_z + delta)
        self.show()

    def _escape(self) -> object:
        """Escape hides the cursor, unless the overview (issue 16: Escape closes it) or a turn is open."""
        if self.host.overview_on or self.host.builder is not None or self.host.drop_piece is not None:
            return PASS
        self.hide()
        self.host.say("Cursor hidden (the arrow keys show it again).")
        return None


class MoveBoxHost(Protocol):
    """What the typed-move box needs of the controller."""

    rules: Any
    game: Any
    setup: Any
    view: Any
    prompt: Prompt | None

    @property
    def mode(self) -> str: ...

    @property
    def reviewing(self) -> bool: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def result_text(self) -> str: ...

    def _clear_turn(self) -> None: ...

    def _autosave(self) -> None: ...

    def _after_position_change(self) -> None: ...

    def _follow(self, coord: Any) -> None: ...


class MoveBox:
    """The typed-move box: / or F3 opens it (the controller's prompt, kind ``move``); Enter plays
    the turn written in it."""

    def __init__(self, host: MoveBoxHost):
        self.host = host

    def key_actions(self) -> Actions:
        return {"cursor.move_box": self.open}

    def open(self) -> None:
        if self.host.game is None or self.host.setup is not None:
            self.host.error("Typed turns are for play; now it is the setup phase (Space on a slot, Enter confirms).")
            return
        if self.host.reviewing:
            self.host.error(
                "This is a review: Enter plays from the shown position, Escape returns to the game; then type the turn."
            )
            return
        if self.host.mode == "over":
            self.host.error(f"The game is over: {self.host.result_text()}.")
            return
        self.host._clear_turn()
        self.host.prompt = Prompt("move", MOVE_BOX_TITLE, "", swallow="/")

    def play(self, text: str) -> bool:
        """Play a whole turn written in the notation; a problem keeps the box open with the text."""
        text = text.strip()
        if not text:
            self.host.error("No turn typed.")
            return False
        try:
            turn, _letters = parse_turn(text, self.host.rules)
        except DaqiError as exc:
            self.host.error(f"Could not read the turn: {exc}")
            self.host.prompt = Prompt("move", MOVE_BOX_TITLE, text)
            return False
        before = self.host.game.position
        try:
            self.host.game.play(turn)
        except IllegalAction as exc:
            self.host.error(f"Not allowed: {exc}")
            self.host.prompt = Prompt("move", MOVE_BOX_TITLE, text)
            return False
        self.host._autosave()
        self.host._clear_turn()
        self.host._after_position_change()
        note = self.host.game.notation(len(self.host.game.turns) - 1)
        end = self.host.view.highlights.last_to
        if end is not None:
            self.host._follow(end)
        tail = (
            f"Game over: {self.host.result_text()}."
            if self.host.game.position.result is not None
            else f"{self.host.game.position.to_move.capitalize()} to move."
        )
        self.host.say(
            f"{before.to_move.capitalize()} played {note} (to {format_coord(end) if end else '-'}). {tail}", "ok"
        )
        return True
