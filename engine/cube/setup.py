"""The setup phase (自选系统, C24–C27).

Slots are filled part by part, alternating white, black, white, …: first each
side's left part of its back rank (four slots, from the player's own view),
then the right part, then the next rank forward, up to the red line; last the
royal part (king, prince, queen, brother, each exactly once).  Every slot that
holds a pawn adds ``pawn_slot_bonus`` to that side's start score (C25).  A
choice not made within ``seconds_per_choice`` takes the default arrangement of
that part (C26); choices are public so the other player can react (C27).

Time is injected: :meth:`SetupPhase.timeout` is called by whoever owns the
clock (the window, a test); this module never reads a clock.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..core.errors import IllegalAction
from .layout import SIDES, check_choice, default_choice, default_choices, n_parts, part_squares, royal_homes  # noqa: F401
from .position import Position

if TYPE_CHECKING:
    from .ruleset import Ruleset


@dataclass
class SetupPhase:
    """Alternating, visible setup (C24–C27).  ``choose`` fills the next part of the side to
    choose; ``timeout`` fills it with the default; ``done`` once every part is filled."""

    rules: Ruleset
    choices: dict = field(default_factory=lambda: {"white": [], "black": []})
    defaulted: list = field(default_factory=list)

    @property
    def to_choose(self) -> str | None:
        w, b = len(self.choices["white"]), len(self.choices["black"])
        total = n_parts(self.rules)
        if w == total and b == total:
            return None
        return "white" if w <= b else "black"

    @property
    def part(self) -> int:
        side = self.to_choose
        return len(self.choices[side]) if side else n_parts(self.rules)

    @property
    def done(self) -> bool:
        return self.to_choose is None

    def squares(self) -> list:
        # once done, ``part`` is past the last part and the side does not matter (white's view)
        return part_squares(self.rules, self.to_choose or "white", self.part)

    def choose(self, names) -> None:
        side = self.to_choose
        if side is None:
            raise IllegalAction("setup is already complete", code="bad-setup")
        self.choices[side].append(check_choice(self.rules, side, self.part, names))

    def timeout(self) -> None:
        side = self.to_choose
        if side is None:
            return
        self.defaulted.append((side, self.part))
        self.choices[side].append(default_choice(self.rules, side, self.part))

    def quick_start(self) -> None:
        while not self.done:
            side = self.to_choose
            assert side is not None  # not done: a side still chooses
            self.choices[side].append(default_choice(self.rules, side, self.part))

    def pawn_bonus(self, side: str) -> int:
        parts = self.choices[side][: len(self.rules.setup["parts"])]
        return self.rules.pawn_slot_bonus * sum(n == "pawn" for p in parts for n in p)

    def position(self):
        if not self.done:
            raise IllegalAction(
                f"setup is not complete: {self.to_choose} still chooses part {self.part + 1}", code="bad-setup"
            )
        return Position.from_setup(self.rules, self.choices)
