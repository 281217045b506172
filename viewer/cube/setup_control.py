"""The cube-chess setup phase (C24-C27) in the viewer: drafts, slot cycling, the minute per choice.

:class:`SetupControls` is a part of :class:`viewer.cube.controller.CubeController`;
it uses the controller's ``setup`` (an :class:`engine.SetupPhase`), ``rules``,
messages and ``_start_game`` / ``_autosave`` / ``_refresh_targets``.
"""

from __future__ import annotations

from functools import partial

from engine import Game, IllegalAction, Position, SetupPhase, format_coord

SIDES = ("white", "black")


class SetupControls:
    """Choosing the parts of both sides' arrangements, one part at a time."""

    setup: SetupPhase | None = None

    def _init_setup(self) -> None:
        self.setup = None
        self._setup_position = None
        self.setup_elapsed = 0.0
        self.setup_draft: list[str] = []
        self.setup_pick: int | None = None  # royal part: first slot of a swap

    def quick_start(self) -> None:
        if self.setup is None:
            return
        self.setup.quick_start()
        self._finish_setup("Quick start: the default arrangement for both sides.")

    def _finish_setup(self, text: str) -> None:
        game = Game(self.rules, {s: list(self.setup.choices[s]) for s in SIDES})
        bonus = {s: self.setup.pawn_bonus(s) for s in SIDES}
        self._start_game(game)
        self._autosave()
        extra = ", ".join(f"{s} +{b}" for s, b in bonus.items() if b)
        self.say(
            text + (f" Pawn bonus (C25): {extra}." if extra else "") + " White to move: click one of your pieces.", "ok"
        )

    @property
    def seconds_per_choice(self) -> float:
        return float(self.rules.setup.get("seconds_per_choice", 60))

    @property
    def setup_remaining(self) -> float:
        return max(0.0, self.seconds_per_choice - self.setup_elapsed)

    def setup_is_royal(self) -> bool:
        return self.setup is not None and self.setup.part == len(self.rules.setup["parts"])

    def _reset_draft(self) -> None:
        self.setup_pick = None
        self._setup_position = None
        if self.setup is None or self.setup.done:
            self.setup_draft = []
            return
        part = self.setup.part
        if part == len(self.rules.setup["parts"]):
            names = list(self.rules.setup["default_royal"])
        else:
            names = list(self.rules.setup["default_parts"][part])
        self.setup_draft = names
        self._refresh_targets()

    def _chosen_so_far(self) -> SetupPhase:
        return SetupPhase(self.rules, choices={s: list(self.setup.choices[s]) for s in SIDES})

    def _remaining_parts(self):
        """[(side, part, squares)] for every part not yet confirmed (current first), via the public API."""
        tmp = self._chosen_so_far()
        out = []
        while not tmp.done:
            out.append((tmp.to_choose, tmp.part, tmp.squares()))
            tmp.timeout()
        return out

    def _build_setup_position(self) -> Position:
        full = self._chosen_so_far()
        rest = self._remaining_parts()
        first = True
        while not full.done:
            if first and self.setup_draft:
                full.choose(self.setup_draft)
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

    def setup_cycle(self, slot: int) -> None:
        """Change the piece in slot ``slot`` (0-based) of the current part."""
        if self.setup is None or not 0 <= slot < len(self.setup_draft):
            return
        if self.setup_is_royal():
            if self.setup_pick is None:
                self.setup_pick = slot
                self.say(f"Royal part: now click the slot to swap the {self.setup_draft[slot]} with.")
                return
            a, b = self.setup_pick, slot
            d = self.setup_draft
            d[a], d[b] = d[b], d[a]
            self.setup_pick = None
        else:
            choices = list(self.rules.setup["slot_choices"])
            cur = self.setup_draft[slot]
            self.setup_draft[slot] = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices else choices[0]
        self._setup_position = None
        self.say(f"{self.setup.to_choose} part {self.setup.part + 1}: " + ", ".join(self.setup_draft))

    def setup_confirm(self) -> None:
        if self.setup is None:
            return
        side, part = self.setup.to_choose, self.setup.part
        try:
            self.setup.choose(self.setup_draft)
        except IllegalAction as exc:
            self.error(str(exc))
            return
        self._next_setup_part(f"{side} chose part {part + 1}: {', '.join(self.setup_draft)}.")

    def _next_setup_part(self, text: str) -> None:
        self.setup_elapsed = 0.0
        if self.setup.done:
            self._finish_setup(text + " Setup complete.")
            return
        self._reset_draft()
        nxt = self.setup.to_choose
        self.say(f"{text} Now {nxt} chooses part {self.setup.part + 1} of {len(self.rules.setup['parts']) + 1}.")

    def _draft_is_default(self) -> bool:
        part = self.setup.part
        default = (
            self.rules.setup["default_royal"]
            if part == len(self.rules.setup["parts"])
            else self.rules.setup["default_parts"][part]
        )
        return list(self.setup_draft) == list(default)

    def setup_timeout(self) -> None:
        """C26: the minute ran out - the part gets its default arrangement (the source's rule,
        "超时则按原先的默认位置安排"); unconfirmed edits are dropped, and the message names them."""
        if self.setup is None:
            return
        side, part = self.setup.to_choose, self.setup.part
        dropped = (
            ""
            if self._draft_is_default()
            else f" Your unconfirmed choice ({', '.join(self.setup_draft)}) was not used: Enter confirms a part."
        )
        self.setup.timeout()
        self._next_setup_part(
            f"{side}'s minute ran out: the default arrangement was used for part {part + 1} (C26).{dropped}"
        )

    def setup_squares(self) -> list:
        return self.setup.squares() if self.setup is not None and not self.setup.done else []

    def _setup_tick(self, dt: float) -> None:
        # the minute waits while the help, a prompt or the resume question is open (issue 13, bug 2)
        if self.setup is not None and self.resume_offer is None and self.prompt is None and not self.help_visible:
            before = self.setup_remaining
            self.setup_elapsed += dt
            if self.setup_elapsed >= self.seconds_per_choice:
                self.setup_timeout()
            elif before > 10.0 >= self.setup_remaining and not self._draft_is_default():
                self.error(
                    f"10 seconds left for {self.setup.to_choose}'s part {self.setup.part + 1}: press Enter to "
                    f"keep your choice, or the default arrangement is used (C26)."
                )

    def _setup_click(self, c: tuple) -> None:
        squares = self.setup_squares()
        if c in squares:
            self.setup_cycle(squares.index(c))
        else:
            self.error(
                f"{format_coord(c)} is not a slot of this part: the highlighted squares are "
                f"{self.setup.to_choose}'s part {self.setup.part + 1}."
            )

    def _setup_actions(self) -> dict:
        """The setup's actions of the key table (context ``setup``)."""
        actions = {
            "setup.confirm": self.setup_confirm,
            "setup.quick": self.quick_start,
            "setup.reset_part": self._setup_reset_part,
            "setup.play_only": lambda: self.error(
                "That works during play; now it is the setup phase (Enter confirms a part, Q = quick start)."
            ),
        }
        for n in range(1, 10):
            actions[f"setup.slot{n}"] = partial(self.setup_cycle, n - 1)
        return actions

    def _setup_reset_part(self) -> None:
        self._reset_draft()
        self.say("Back to the default arrangement for this part.")
