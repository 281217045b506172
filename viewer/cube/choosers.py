"""Cube chess choosers: the small modal lists for split (C43), promote (G8) and hire-and-drop (C11-C13).

:class:`Choosers` is a part of :class:`viewer.cube.controller.CubeController` that owns the open
list (:attr:`Choosers.current`); what it needs of the controller -- the turn being built, the
rules and game, ``add`` and the messages -- is :class:`ChooserHost`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Protocol

from engine import Promote, Split, TurnBuilder, format_coord
from engine.cube.grammar import grammar_error

from ..ui.bindings import Actions


@dataclass
class Chooser:
    """A small modal list: ``kind`` in split | promote | drop; ``options`` [(label, value)]."""

    kind: str
    title: str
    options: list
    multi: bool = False
    chosen: set = field(default_factory=set)
    enabled: list | None = None


class ChooserHost(Protocol):
    """What the choosers need of the controller."""

    rules: Any
    game: Any
    builder: TurnBuilder | None
    drop_piece: str | None

    @property
    def mode(self) -> str: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def result_text(self) -> str: ...

    def add(self, action: Any) -> bool: ...

    def _at(self) -> tuple | None: ...

    def _clear_turn(self) -> None: ...


class Choosers:
    """Opening, picking from and confirming the split / promote / drop choosers."""

    def __init__(self, host: ChooserHost):
        self.host = host
        self.current: Chooser | None = None

    def open_split(self) -> None:
        b = self.host.builder
        if b is None or b.origin is None:
            self.host.error("Split: first click the stack you want to split.")
            return
        why = grammar_error(self.host.rules, [k for k in b.kinds if k != "promote"], "split")
        if b.group is not None or why:  # issue 16: no chooser for a split the turn cannot take
            self.host.error(
                "No split now: a split comes first in its turn (before the stack moves). "
                "Escape cancels the turn being built.",
                why or "",
            )
            return
        stack = b.cell(b.origin)
        if len(stack) < 2:
            self.host.error(
                f"Split needs a stack of at least two pieces; {format_coord(b.at)} holds "
                f"{'+'.join(p.type for p in stack) or 'nothing'}."
            )
            return
        opts = [(f"{p.type}{' (promoted)' if p.was else ''}", p.type) for p in stack]
        self.current = Chooser(
            "split", "Split: toggle the pieces that LEAVE (1-9), Enter confirms, Esc cancels", opts, multi=True
        )

    def open_promote(self) -> None:
        if self.host._at() is None:
            return
        kinds = list(self.host.rules.pieces["pawn"].promotes_to)
        opts = [(f"{k} (value {self.host.rules.pieces[k].value})", k) for k in kinds]
        self.current = Chooser("promote", "Promote the pawn to (1-9), Esc cancels", opts)

    def drop_price(self, piece: str, coord=None) -> int:
        price = self.host.rules.pieces[piece].value
        if coord is not None and self.host.rules.in_green(tuple(coord)):
            price += self.host.rules.green_drop_surcharge
        return price

    def open_drop(self) -> None:
        if self.host.mode != "play":
            self.host.error(
                {
                    "over": f"The game is over ({self.host.result_text()}): no more turns, so no hiring. "
                    f"Ctrl+Z takes the last turn back, Ctrl+N starts a new game.",
                    "setup": "Hiring (B) is part of a turn: finish the setup first (Enter confirms each "
                    "part, Q = quick start).",
                }.get(self.host.mode, "Answer the question first: Y resumes the autosaved game, N starts a new one.")
            )
            return
        if self.host.builder is not None and any(k != "promote" for k in self.host.builder.kinds):
            self.host.error(
                "A drop starts its turn or follows a promotion only (C36): Escape cancels the turn being built."
            )
            return
        pos = self.host.game.position
        side = pos.to_move
        opts, enabled = [], []
        sur = self.host.rules.green_drop_surcharge
        for name, spec in self.host.rules.pieces.items():
            if spec.hire == "none":
                continue
            have = pos.credits[side]  # G9: one credit buys any credit kind unless credit_same_kind
            credits = (
                have.get(name, 0)
                if getattr(self.host.rules, "credit_same_kind", True)
                else sum(have.get(k, 0) for k in self.host.rules.credit_kinds)
            )
            ok = spec.hire == "unlimited" or credits > 0
            label = f"{name}: {spec.value} pt, {spec.value + sur} in the green area"
            if spec.hire == "credit":
                label += f" (credits: {credits})"
            opts.append((label, name))
            enabled.append(ok)
        self.current = Chooser(
            "drop",
            f"Hire and drop ({side} has {pos.scores[side]} points): choose a piece (1-9), then click the target",
            opts,
            enabled=enabled,
        )

    def choose(self, index: int) -> None:
        """Pick (or toggle) entry ``index`` (0-based) of the open chooser."""
        ch = self.current
        if ch is None or not 0 <= index < len(ch.options):
            return
        if ch.enabled is not None and not ch.enabled[index]:
            name = ch.options[index][1]
            self.host.error(f"A {name} can be hired only after capturing the enemy's {name} (C12, G9).")
            return
        if ch.multi:
            ch.chosen ^= {index}
            return
        value = ch.options[index][1]
        self.current = None
        if ch.kind == "promote":
            self.host.add(Promote(value))
        elif ch.kind == "drop":
            b = self.host.builder
            if b is None or not b.actions:  # a drop after a promotion keeps the turn (C36)
                self.host._clear_turn()
            self.host.drop_piece = value
            self.host.say(
                f"Hire a {value}: click the target square ({self.drop_price(value)} points, "
                f"{self.drop_price(value) + self.host.rules.green_drop_surcharge} inside the green area). "
                f"Escape cancels."
            )

    def confirm(self) -> None:
        ch = self.current
        if ch is None:
            return
        if not ch.multi:
            return
        take = tuple(ch.options[i][1] for i in sorted(ch.chosen))
        if not take:
            self.host.error("Toggle at least one piece to split off (1-9), or Escape.")
            return
        self.current = None
        if self.host.add(Split(take)):
            self.host.say(f"Split off {'+'.join(take)}: now click where it goes.", "ok")

    def key_actions(self) -> Actions:
        """The chooser's actions of the key table (context ``chooser``: 1-9 pick, Enter confirms,
        Escape closes; every other key is swallowed while it is open)."""
        actions: Actions = {"chooser.confirm": self.confirm, "chooser.close": self.close}
        for n in range(1, 10):
            actions[f"chooser.{n}"] = partial(self.choose, n - 1)
        return actions

    def close(self) -> None:
        self.current = None
        self.host.say("Cancelled.")
