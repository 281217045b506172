"""Chess clocks for both games: ``--clock 10+5`` = 10 minutes per side, 5 seconds added after each
of that side's turns (no GL, no pyglet, and no wall clock: the window passes its ticks).

Running out of time loses.  This is a house rule — neither source has a clock during play (cube
chess has one minute per setup choice, C26) — documented in docs/RULES.md ("House rules").

:class:`GameClock` is the model (two remaining times, the side whose clock runs, the flag);
:func:`drive` is what the window calls on every tick with a controller: the clock runs for the
side to move only while a game is being played — not during a setup, while the help is open,
while a game is reviewed or over — and a turn played since the last tick adds the increment to
the side that played it.  A flag sets ``controller.clock_result`` (the game is then over).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine import DaqiError

SIDES = ("white", "black")


class ClockError(DaqiError):
    """A ``--clock`` value that cannot be read."""


def parse_clock(text: str) -> tuple[float, float]:
    """``"10+5"`` -> (600.0, 5.0): minutes per side plus seconds added per turn (``"5"`` = no increment)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(?:\+\s*(\d+(?:\.\d+)?))?\s*", text or "")
    if not m or float(m.group(1)) <= 0:
        raise ClockError(f"a clock looks like MINUTES+SECONDS, e.g. 10+5 or 3+0; got {text!r}")
    return float(m.group(1)) * 60.0, float(m.group(2) or 0.0)


def format_time(seconds: float) -> str:
    """m:ss (and tenths under ten seconds)."""
    s = max(0.0, seconds)
    if s < 10:
        return f"0:{s:04.1f}"
    whole = int(s + 0.999)
    return f"{whole // 60}:{whole % 60:02d}"


@dataclass
class GameClock:
    base: float
    increment: float = 0.0
    remaining: dict = field(default_factory=dict)
    flagged: str | None = None  # the side whose time ran out
    running: str | None = None  # the side whose clock ran on the last tick

    def __post_init__(self):
        if not self.remaining:
            self.remaining = {s: float(self.base) for s in SIDES}

    @classmethod
    def from_text(cls, text: str) -> GameClock:
        return cls(*parse_clock(text))

    def reset(self) -> None:
        self.remaining = {s: float(self.base) for s in SIDES}
        self.flagged = None
        self.running = None

    def run(self, side: str, dt: float) -> bool:
        """Take ``dt`` seconds from ``side``; True if that made it run out."""
        self.running = side
        if self.flagged is not None or dt <= 0:
            return False
        self.remaining[side] = max(0.0, self.remaining[side] - dt)
        if self.remaining[side] <= 0.0:
            self.flagged = side
            return True
        return False

    def add_increment(self, side: str) -> None:
        if self.flagged is None:
            self.remaining[side] += self.increment

    def text(self, compact: bool = False) -> str:
        """The HUD line: both times, the running one marked (``compact``: for a narrow panel)."""
        parts = []
        for s in SIDES:
            mark = ">" if self.running == s and self.flagged is None else " "
            parts.append(f"{mark}{s} {format_time(self.remaining[s])}")
        out = "clock " + (" |".join(parts) if compact else "   ".join(parts))
        if compact and self.flagged:
            return out + f"\n{self.flagged}'s time ran out"
        if self.flagged:
            out += f"   ({self.flagged}'s time ran out)"
        return out


@dataclass
class ClockDriver:
    """Connects a :class:`GameClock` to one controller (the window keeps one per game)."""

    clock: GameClock
    _game: Any = None
    _turns: int = 0

    def tick(self, c, dt: float) -> None:
        game = getattr(c, "game", None)
        if game is None:  # setup: the clock waits
            self._game = None
            return
        if game is not self._game:  # a new, loaded, branched or rematch game
            if self._game is not None or c.clock_result is not None:
                self.clock.reset()
            self._game, self._turns = game, len(game.turns)
            c.clock_result = None
        n = len(game.turns)
        if n > self._turns:  # a turn was played: the side that played gets the increment
            self.clock.add_increment(game.positions[-2].to_move)
        self._turns = n
        if game.position.result is not None or c.clock_result is not None:
            self.clock.running = None
            return
        side = game.position.to_move
        if c.help_visible or getattr(c, "reviewing", False) or getattr(c, "resume_offer", None) is not None:
            self.clock.running = None
            return
        if self.clock.run(side, dt):
            other = SIDES[1 - SIDES.index(side)]
            c.clock_result = f"{other} wins ({side}'s time ran out - house rule)"
            c.say(f"{side}'s time ran out: {other} wins (house rule: running out of time loses).", "ok")


def drive(c, dt: float) -> None:
    """Tick ``c.clock_driver`` if the controller has one."""
    d = getattr(c, "clock_driver", None)
    if d is not None:
        d.tick(c, dt)
