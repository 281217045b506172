"""Reviewing a game without undoing it, for both games (no GL, no pyglet, no wall clock).

The engine's games (:class:`engine.Game`, :class:`engine.spirit.SpiritGame`) keep
``positions`` (one more than ``turns``) and ``turns``; a review is only an index
into that history:

* ``ply`` — the shown position is ``game.positions[ply]`` (0 = the start,
  ``len(game.turns)`` = the live position); ``None`` when not reviewing;
* :meth:`Review.step`, :meth:`Review.home`, :meth:`Review.end` move it;
* :meth:`Review.branch` — *play from here*: returns a new game that ends at the
  reviewed position; the game it came from is kept as a *variation*
  (:attr:`Review.variations`) and can be brought back with :meth:`Review.swap_line`.
  Decision: the old line is kept, not asked about — nothing is ever lost, and in the
  branched game Ctrl+Y replays the old line's next turns until a new turn is played.

:class:`ReviewControls` is the part of a controller (cube or spirit) that uses it:
keys Ctrl+←/→ (start a review), ←/→ (turn back / forward), Home/End (start / last turn),
Enter (play from here), L (switch to the other line), Escape (back to the game).
Its keys are the ``review`` context and the review's Ctrl keys of the game's key table
(:mod:`viewer.ui.bindings`; :meth:`ReviewControls._review_actions`); a controller
reads :meth:`ReviewControls.shown_position` for the board and overrides
``_review_shown()`` to follow the reviewed turn (cube chess: plane and sliders).

The move list is windowed: :func:`turn_window` says which turns fit in ``rows``
rows around the selected one, :func:`turn_rows` gives the text of those rows.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from .bindings import PASS


def fork_game(game, ply: int):
    """A copy of ``game`` that ends after ``ply`` turns; ``game`` is untouched.

    Works on any game with ``turns``, ``positions`` and ``undo()``: its lists, dicts and anything
    else that says how to copy itself (``__copy__``: the cube game's
    :class:`~engine.core.history.PositionHistory`, which shares its immutable positions and copies
    its turn list and checkpoint table) are copied, then the copy undoes back to ``ply`` without
    autosaving.
    """
    if not 0 <= ply <= len(game.turns):
        raise IndexError(f"ply {ply} is outside 0..{len(game.turns)}")
    new = copy.copy(game)
    for name, value in vars(game).items():
        if isinstance(value, (list, dict)) or hasattr(type(value), "__copy__"):
            setattr(new, name, copy.copy(value))
    while len(new.turns) > ply:
        new.undo()
    return new


@dataclass
class Review:
    """Which position of a game's history is shown, and the lines kept by *play from here*."""

    ply: int | None = None
    variations: list = field(default_factory=list)

    @property
    def active(self) -> bool:
        return self.ply is not None

    def start(self, game, ply: int | None = None) -> int:
        """Start reviewing at ``ply`` (default: the position before the last turn)."""
        n = len(game.turns)
        self.ply = max(0, min(n, n - 1 if ply is None else int(ply)))
        return self.ply

    def stop(self) -> None:
        self.ply = None

    def step(self, game, delta: int) -> int:
        if self.ply is None:
            return self.start(game, len(game.turns) + min(0, delta))
        self.ply = max(0, min(len(game.turns), self.ply + delta))
        return self.ply

    def home(self, game) -> int:
        return self.start(game, 0)

    def end(self, game) -> int:
        return self.start(game, len(game.turns))

    def position(self, game):
        """The position shown while reviewing (the live one when not reviewing)."""
        if self.ply is None or game is None:
            return game.position if game is not None else None
        return game.positions[min(self.ply, len(game.positions) - 1)]

    def last_turn(self, game):
        """The turn that led to the shown position (None at the start)."""
        p = len(game.turns) if self.ply is None else self.ply
        return game.turns[p - 1] if p > 0 else None

    def branch(self, game):
        """*Play from here*: the game cut at the reviewed ply; the full game becomes a variation."""
        if self.ply is None:
            return game
        new = fork_game(game, self.ply)
        self.variations.append(game)
        self.ply = None
        return new

    def swap_line(self, game):
        """Bring back the last kept line; the current game is kept in its place (None if none)."""
        if not self.variations:
            return None
        other = self.variations.pop()
        self.variations.append(game)
        self.ply = None
        return other


def turn_window(n: int, selected: int | None, rows: int, scroll: int = 0) -> tuple[int, int]:
    """(first, stop) of the turn indices (0-based) shown in ``rows`` rows.

    ``selected`` (a turn index, or None for the newest) is kept in view; ``scroll`` moves the
    window back by that many rows (the mouse wheel), clamped to the list.
    """
    rows = max(1, rows)
    if n <= rows:
        return 0, n
    anchor = n - 1 if selected is None else max(0, min(n - 1, selected))
    first = max(0, min(n - rows, anchor - rows + 2 if selected is not None else n - rows))
    first = max(0, min(n - rows, first - scroll))
    return first, first + rows


def turn_rows(labels: list[str], selected: int | None, rows: int, scroll: int = 0) -> tuple[list[str], list]:
    """The move list's visible rows and, for each, the turn index it shows (None: a header row).

    ``labels`` are the turns' texts; the selected turn is marked with ``>``; rows cut at either
    end say how many turns they hide.
    """
    n = len(labels)
    if n <= rows:  # everything fits: no "earlier" / "later" rows
        return ([("> " if i == selected else "  ") + lab for i, lab in enumerate(labels)], list(range(n)))
    first, stop = turn_window(n, selected, max(1, rows - 2), scroll)
    out: list[str] = []
    idx: list = []
    if first > 0:
        out.append(f"   ^ {first} earlier (wheel scrolls)")
        idx.append(first - 1)
    for i in range(first, stop):
        out.append(("> " if i == selected else "  ") + labels[i])
        idx.append(i)
    if stop < n:
        out.append(f"   v {n - stop} later")
        idx.append(stop)
    return out, idx


class ReviewHost(Protocol):
    """What the review needs of the controller (``viewer.ui.control_common.ControllerBase``)."""

    game: Any

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def result_text(self) -> str: ...

    def ask_before(self, what: str, action: Callable[[], object], key: str | None) -> None: ...

    def _start_game(self, game: Any) -> None: ...

    def _autosave(self) -> None: ...

    def _clear_turn(self) -> None: ...

    def _after_position_change(self) -> None: ...

    def _turn_text(self, index: int, style: str) -> str: ...

    def _review_shown(self) -> None: ...

    def _rematch_game(self) -> Any: ...

    def _base_actions(self) -> dict: ...


class ReviewControls:
    """The review part of a controller (see the module docstring): it owns the :class:`Review`
    (:attr:`model`) and the move list's scroll; the controller base holds one and names its state
    (``c.review``, ``c.reviewing``, ``c.review_step`` ...)."""

    def __init__(self, host: ReviewHost):
        self.host = host
        self.model = Review()
        self.turns_scroll = 0

    @property
    def game(self) -> Any:
        return self.host.game

    @property
    def reviewing(self) -> bool:
        return self.model.active and self.game is not None

    def shown_position(self):
        return self.model.position(self.game)

    def review_selected(self) -> int | None:
        """The turn index (0-based) whose result is shown, or None when live."""
        ply = self.model.ply
        if not self.reviewing or ply is None:
            return None
        return ply - 1 if ply > 0 else None

    # ------------------------------------------------------------------ hooks
    def _turn_in_progress(self) -> bool:
        """Whether a turn is half built (the review would drop it)."""
        b = getattr(self.host, "builder", None)
        return bool(b is not None and b.actions) or getattr(self.host, "levelup", None) is not None

    def _review_adopt(self, game) -> None:
        """Make ``game`` (a branch or a kept line) the one being played."""
        self.host._start_game(game)
        self.host._autosave()

    # ------------------------------------------------------------------ actions
    def review_toggle(self) -> None:
        if self.game is None:
            self.host.error("There is nothing to review during the setup.")
            return
        if self.reviewing:
            self.review_leave()
            return
        if not self.game.turns:
            self.host.error("No turn has been played yet: nothing to review.")
            return
        if self._turn_in_progress():
            self.host.error("A turn is being built: finish it (Enter) or cancel it (Escape) before the review.")
            return
        self.host._clear_turn()
        self.model.start(self.game)
        self._review_moved()

    def review_leave(self) -> None:
        self.model.stop()
        self.turns_scroll = 0
        self.host._after_position_change()
        self.host.say(
            "Back to the game: "
            + (
                f"{self.host.result_text()}."
                if self.game.position.result is not None
                else f"{self.game.position.to_move} to move."
            )
        )

    def review_goto(self, ply: int) -> None:
        """Show the position after ``ply`` turns (a click in the move list)."""
        if self.game is None or not self.game.turns:
            return
        self.host._clear_turn()
        self.model.start(self.game, ply)
        self._review_moved()

    def review_step(self, delta: int) -> None:
        if self.game is None or not self.game.turns:
            self.host.error("No turn has been played yet: nothing to review.")
            return
        self.host._clear_turn()
        self.model.step(self.game, delta)
        self._review_moved()

    def _review_moved(self) -> None:
        self.turns_scroll = 0
        self.host._review_shown()
        p, n = self.model.ply or 0, len(self.game.turns)
        if p == 0:
            where = "the start position"
        else:
            where = f"after turn {p} ({self.host._turn_text(p - 1, 'ascii')})"
        self.host.say(
            f"Review: {where}, {p} of {n}. Left/Right step, Home/End, Enter plays from here, "
            f"Escape returns to the game."
        )

    def play_from_here(self) -> None:
        if not self.reviewing:
            return
        p, n = self.model.ply, len(self.game.turns)
        if p == n:
            self.review_leave()
            return
        new = self.model.branch(self.game)
        self._review_adopt(new)
        pause = getattr(self.host, "computer_pause", None)
        paused = False
        if pause is not None and getattr(self.host, "computer_sides", None):
            pause()  # issue 16: the computer waits until the player starts it (C)
            paused = True
        self.host.say(
            f"Playing from turn {p}: the old line ({n} turns) is kept - Ctrl+L switches back to it, Ctrl+Y "
            f"replays its next turn. {new.position.to_move.capitalize()} to move."
            + (" The computer is paused: C starts it again." if paused else ""),
            "ok",
        )

    def swap_line(self) -> None:
        other = self.model.swap_line(self.game) if self.game is not None else None
        if other is None:
            self.host.error("There is no other line: 'play from here' in the review keeps one.")
            return
        self._review_adopt(other)
        self.host.say(f"Switched to the other line ({len(other.turns)} turns); Ctrl+L switches back.", "ok")

    def key_actions(self) -> dict:
        """The review's actions of the key table: stepping (context ``review``), Ctrl+arrows, Ctrl+L,
        Ctrl+R; Ctrl+Z, Ctrl+Y, Ctrl+N and Ctrl+O end a review first."""
        base = self.host._base_actions()
        actions: dict = {
            "review.left": lambda: self.review_step(-1),
            "review.right": lambda: self.review_step(+1),
            "review.up": lambda: self.review_step(-2),
            "review.down": lambda: self.review_step(+2),
            "review.home": lambda: self.review_goto(0),
            "review.end": lambda: self.review_goto(len(self.game.turns)),
            "review.play_from_here": self.play_from_here,
            "review.leave": self.review_leave,
            "review.swap_line": self.swap_line,
            "game.rematch": lambda: self.host.ask_before("Start a rematch", self.rematch, "r"),
        }
        for name in ("left", "right", "home", "end"):
            actions[f"review.ctrl_{name}"] = partial(self._review_ctrl, name)
        for name in ("game.undo", "game.redo", "game.new", "game.load"):
            actions[name] = partial(self._stop_review_then, base[name])
        return actions

    def _stop_review_then(self, step):
        if self.reviewing:
            self.model.stop()
        return step()

    def _review_ctrl(self, name: str) -> object:
        """Ctrl+Left / Ctrl+Right / Ctrl+Home / Ctrl+End: start a review (Ctrl+Left: one turn back)
        and step in it."""
        if self.game is None:
            return PASS
        if not self.reviewing:
            self.review_toggle()  # starts one turn back
            if name == "left":
                return True
        if self.reviewing:
            {
                "left": lambda: self.review_step(-1),
                "right": lambda: self.review_step(+1),
                "home": lambda: self.review_goto(0),
                "end": lambda: self.review_goto(len(self.game.turns)),
            }[name]()
        return True

    def rematch(self) -> None:
        """Ctrl+R: a new game with the same arrangement as this one (no setup phase)."""
        game = self.host._rematch_game() if self.game is not None else None
        if game is None:
            self.host.error("A rematch needs a game: finish the setup first.")
            return
        self.model = Review(variations=self.model.variations)
        self.host._start_game(game)
        self.host._autosave()
        self.host.say(f"Rematch with the same arrangement. {game.position.to_move.capitalize()} to move.", "ok")

    def scroll_turns(self, steps: int) -> None:
        self.turns_scroll = max(0, self.turns_scroll + int(steps))


def banner_text(c) -> str:
    """The game-over banner: the result with its reason and the choices ('' while the game runs)."""
    if getattr(c, "reviewing", False) or c.game is None or getattr(c, "session_says_result", False):
        return ""  # (a puzzle's panel says how it ended, and its keys are not the game's)
    res = c.result_text()
    if not res:
        return ""
    head, _sep, why = res.partition(" (")
    why = why.removesuffix(")")
    return (
        f"GAME OVER:  {head.upper()}\n"
        + (f"{why}\n" if why else "")
        + "\nCtrl+Left: review the game    Ctrl+N: new game    Ctrl+R: rematch"
        + "\nF11: analyse the game (?! ? ?? and a graph)"
    )
