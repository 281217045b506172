"""The cube-chess setup phase (C24-C27) in the viewer: drafts, slot cycling, the minute per choice.

:class:`CubeSetup` is a part of :class:`viewer.cube.controller.CubeController` that owns the
setup's state: the :class:`engine.SetupPhase` (:attr:`CubeSetup.phase`, None once the game
runs), the draft of the part being chosen, the royal swap's first slot, the seconds spent on this
choice and the picture of the setup so far; what it needs of the controller is :class:`SetupHost`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from engine import Game, IllegalAction, Position, SetupPhase, format_coord

from ..ui.bindings import Actions

SIDES = ("white", "black")


class SetupHost(Protocol):
    """What the setup needs of the controller."""

    rules: Any
    resume_offer: Any
    prompt: Any
    help_visible: bool

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def _start_game(self, game: Game) -> None: ...

    def _autosave(self) -> None: ...

    def _refresh_targets(self) -> None: ...


class CubeSetup:
    """Choosing the parts of both sides' arrangements, one part at a time."""

    def __init__(self, host: SetupHost):
        self.host = host
        self.phase: SetupPhase | None = None
        self.position: Position | None = None  # the setup so far, as the board shows it (cached)
        self.elapsed = 0.0
        self.draft: list[str] = []
        self.pick: int | None = None  # royal part: first slot of a swap

    def start(self) -> None:
        """A new game's setup phase."""
        self.phase = SetupPhase(self.host.rules)
        self.elapsed = 0.0
        self.reset_draft()

    def end(self) -> None:
        """The game runs: no setup any more."""
        self.phase = None
        self.position = None

    @property
    def _live(self) -> SetupPhase:
        """The running setup phase (for the steps that run only during the setup)."""
        if self.phase is None:
            raise RuntimeError("no setup phase is running")
        return self.phase

    def shown_position(self) -> Position:
        if self.position is None:
            self.position = self._build_position()
        return self.position

    def quick_start(self) -> None:
        if self.phase is None:
            return
        self.phase.quick_start()
        self._finish_setup("Quick start: the default arrangement for both sides.")

    def _finish_setup(self, text: str) -> None:
        game = Game(self.host.rules, {s: list(self._live.choices[s]) for s in SIDES})
        bonus = {s: self._live.pawn_bonus(s) for s in SIDES}
        self.host._start_game(game)
        self.host._autosave()
        extra = ", ".join(f"{s} +{b}" for s, b in bonus.items() if b)
        self.host.say(
            text + (f" Pawn bonus (C25): {extra}." if extra else "") + " White to move: click one of your pieces.", "ok"
        )

    @property
    def seconds_per_choice(self) -> float:
        return float(self.host.rules.setup.get("seconds_per_choice", 60))

    @property
    def remaining(self) -> float:
        return max(0.0, self.seconds_per_choice - self.elapsed)

    def is_royal(self) -> bool:
        return self.phase is not None and self.phase.part == len(self.host.rules.setup["parts"])

    def reset_draft(self) -> None:
        self.pick = None
        self.position = None
        if self.phase is None or self.phase.done:
            self.draft = []
            return
        part = self.phase.part
        if part == len(self.host.rules.setup["parts"]):
            names = list(self.host.rules.setup["default_royal"])
        else:
            names = list(self.host.rules.setup["default_parts"][part])
        self.draft = names
        self.host._refresh_targets()

    def _chosen_so_far(self) -> SetupPhase:
        return SetupPhase(self.host.rules, choices={s: list(self._live.choices[s]) for s in SIDES})

    def _remaining_parts(self):
        """[(side, part, squares)] for every part not yet confirmed (current first), via the public API."""
        tmp = self._chosen_so_far()
        out = []
        while not tmp.done:
            out.append((tmp.to_choose, tmp.part, tmp.squares()))
            tmp.timeout()
        return out

    def _build_position(self) -> Position:
        full = self._chosen_so_far()
        rest = self._remaining_parts()
        first = True
        while not full.done:
            if first and self.draft:
                full.choose(self.draft)
            else:
                full.timeout()
            first = False
        pos = full.position()
        cells = dict(pos.cells)
        for i, (_side, _part, squares) in enumerate(rest):
            if i == 0:
                continue
            for sq in squares:
                cells[sq] = ()
        return pos.replace(cells=cells)

    def cycle(self, slot: int) -> None:
        """Change the piece in slot ``slot`` (0-based) of the current part."""
        if self.phase is None or not 0 <= slot < len(self.draft):
            return
        if self.is_royal():
            if self.pick is None:
                self.pick = slot
                self.host.say(f"Royal part: now click the slot to swap the {self.draft[slot]} with.")
                return
            a, b = self.pick, slot
            d = self.draft
            d[a], d[b] = d[b], d[a]
            self.pick = None
        else:
            choices = list(self.host.rules.setup["slot_choices"])
            cur = self.draft[slot]
            self.draft[slot] = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else choices[0]
        self.position = None
        self.host.say(f"{self.phase.to_choose} part {self.phase.part + 1}: " + ", ".join(self.draft))

    def confirm(self) -> None:
        if self.phase is None:
            return
        side, part = self.phase.to_choose, self.phase.part
        try:
            self.phase.choose(self.draft)
        except IllegalAction as exc:
            self.host.error(str(exc))
            return
        self._next_part(f"{side} chose part {part + 1}: {', '.join(self.draft)}.")

    def _next_part(self, text: str) -> None:
        self.elapsed = 0.0
        if self._live.done:
            self._finish_setup(text + " Setup complete.")
            return
        self.reset_draft()
        nxt = self._live.to_choose
        self.host.say(
            f"{text} Now {nxt} chooses part {self._live.part + 1} of {len(self.host.rules.setup['parts']) + 1}."
        )

    def _draft_is_default(self) -> bool:
        part = self._live.part
        default = (
            self.host.rules.setup["default_royal"]
            if part == len(self.host.rules.setup["parts"])
            else self.host.rules.setup["default_parts"][part]
        )
        return list(self.draft) == list(default)

    def timeout(self) -> None:
        """C26: the minute ran out - the part gets its default arrangement (the source's rule,
        "超时则按原先的默认位置安排"); unconfirmed edits are dropped, and the message names them."""
        if self.phase is None:
            return
        side, part = self.phase.to_choose, self.phase.part
        dropped = (
            ""
            if self._draft_is_default()
            else f" Your unconfirmed choice ({', '.join(self.draft)}) was not used: Enter confirms a part."
        )
        self.phase.timeout()
        self._next_part(
            f"{side}'s minute ran out: the default arrangement was used for part {part + 1} (C26).{dropped}"
        )

    def squares(self) -> list:
        return self.phase.squares() if self.phase is not None and not self.phase.done else []

    def tick(self, dt: float) -> None:
        # the minute waits while the help, a prompt or the resume question is open (issue 13, bug 2)
        if (
            self.phase is not None
            and self.host.resume_offer is None
            and self.host.prompt is None
            and not self.host.help_visible
        ):
            before = self.remaining
            self.elapsed += dt
            if self.elapsed >= self.seconds_per_choice:
                self.timeout()
            elif before > 10.0 >= self.remaining and not self._draft_is_default():
                self.host.error(
                    f"10 seconds left for {self.phase.to_choose}'s part {self.phase.part + 1}: press Enter to "
                    f"keep your choice, or the default arrangement is used (C26)."
                )

    def click(self, c: tuple) -> None:
        squares = self.squares()
        if c in squares:
            self.cycle(squares.index(c))
        else:
            self.host.error(
                f"{format_coord(c)} is not a slot of this part: the highlighted squares are "
                f"{self._live.to_choose}'s part {self._live.part + 1}."
            )

    def key_actions(self) -> Actions:
        """The setup's actions of the key table (context ``setup``)."""
        actions: Actions = {
            "setup.confirm": self.confirm,
            "setup.quick": self.quick_start,
            "setup.reset_part": self._reset_part,
            "setup.play_only": lambda: self.host.error(
                "That works during play; now it is the setup phase (Enter confirms a part, Q = quick start)."
            ),
        }
        for n in range(1, 10):
            actions[f"setup.slot{n}"] = partial(self.cycle, n - 1)
        return actions

    def _reset_part(self) -> None:
        self.reset_draft()
        self.host.say("Back to the default arrangement for this part.")
