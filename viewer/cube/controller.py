"""The cube-chess interaction state machine (no GL, no pyglet, no wall clock).

The window translates its events into calls on :class:`CubeController`:

* ``key(name, shift=False, ctrl=False)`` — ``name`` is a lower-case key name
  (``"enter"``, ``"pageup"``, ``"a"``, ``"1"``, ``"["`` ...; see :data:`BINDINGS`);
* ``text(s)`` — typed text (only used by the file-path prompt);
* ``click(px, py)`` / ``click_cell(coord)`` — a left click (pixels: top-left origin);
* ``hover(px, py)``, ``drag(dx, dy, pan=False)``, ``scroll(steps)``;
* ``tick(dt)`` — seconds elapsed; drives the setup countdown (C26) and slider playback.

Everything the HUD shows is read from attributes and small query methods here,
so the whole game can be driven and checked in unit tests.  Rules are the
engine's: every action goes through :class:`engine.TurnBuilder`, and an
:class:`engine.IllegalAction` becomes a message in words, never a crash.

The controller is put together from parts, one concern each: messages, prompts,
history and files shared with spirit chess (:mod:`viewer.ui.control_common`), the
setup phase (:mod:`viewer.cube.setup_control`), the choosers (:mod:`viewer.cube.choosers`),
camera and slicing (:mod:`viewer.cube.view_control`) and the key table
(:mod:`viewer.ui.bindings`); turn building and the key dispatch live here.
"""

from __future__ import annotations

import os
from pathlib import Path

from engine import (
    Capture,
    Drop,
    Game,
    HyperJump,
    IllegalAction,
    Jump,
    Move,
    Position,
    SetupPhase,
    Stack,
    TurnBuilder,
    format_coord,
    format_turn,
    load_ruleset,
)

from ..ui.bindings import BINDINGS
from ..ui.computer import GLIDE_ACTION_S, ComputerControls
from ..ui.control_common import ControllerBase, Message, Prompt, default_autosave_path, set_aside_broken_autosave
from ..ui.explain import Explanation, explain
from ..ui.review import ReviewControls
from ..ui.words import ACTION_WORDS
from .choosers import Chooser, ChooserControls
from .column_pick import pick_column, pick_piece
from .cursor import CursorControls
from .overview_control import OverviewControls
from .scene import View
from .setup_control import SIDES, SetupControls
from .view_control import ViewControls

__all__ = ["BINDINGS", "KIND_NAMES", "SIDES", "Chooser", "CubeController", "Message", "Prompt", "default_autosave_path"]

KIND_NAMES = ACTION_WORDS  # the one words table (viewer.ui.words)


class CubeController(
    ComputerControls,
    SetupControls,
    ChooserControls,
    OverviewControls,
    ViewControls,
    CursorControls,
    ReviewControls,
    ControllerBase,
):
    """Local two-player cube chess: setup phase, turn building, history, files."""

    game_name = "cube"
    game_class = Game
    default_save_name = "daqi-game.txt"
    nothing_to_save = "Nothing to save yet: finish the setup first (Q = quick start)."

    def __init__(
        self,
        rules="standard",
        *,
        game: Game | None = None,
        quick: bool = False,
        autosave_path=None,
        offer_resume: bool = True,
        save_path=None,
        horizon: int | None = None,
    ):
        super().__init__(load_ruleset(rules) if isinstance(rules, (str, Path)) else rules, autosave_path, save_path)
        self.view = View()
        self.view.slicing.size_z = self.rules.size[2]
        self.chooser: Chooser | None = None
        self.resume_offer: Game | None = None
        self.builder: TurnBuilder | None = None
        self.drop_piece: str | None = None
        self.active_dim = 4
        self.observe: int | None = None  # observation range (C18) or None
        self.hover_outside = False
        self.horizon = horizon
        self._preview = None
        self._targets: dict = {}
        self.options: list = []
        self.legend_visible = False  # L: the legend of the board's colours and marks
        self.cursor = None
        self._init_review()
        self._init_setup()
        if game is not None:
            self._start_game(game)
        else:
            broken = None
            if offer_resume and self.autosave_path is not None and os.path.lexists(self.autosave_path):
                try:
                    found = Game.load(self.autosave_path, known=self.rules)  # a --ruleset FILE game too
                except Exception as exc:  # noqa: BLE001  (a broken autosave never blocks starting)
                    found = None
                    broken = set_aside_broken_autosave(self.autosave_path, exc)
                    if os.path.lexists(self.autosave_path):  # not a regular file: left as it is, not used
                        self.autosave_path = None
                if found is not None and found.turns and found.position.result is None:
                    self.resume_offer = found
            self.new_game(quick=quick, announce=False)
            if broken is not None:
                self.error(broken)
            elif self.resume_offer is not None:
                self.say(
                    f"An autosaved game with {len(self.resume_offer.turns)} turns was found "
                    f"({self.autosave_path}). Resume it? Y = resume, N = new game."
                )

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> str:
        if self.resume_offer is not None:
            return "resume"
        if self.setup is not None:
            return "setup"
        if self.game is not None and (self.game.position.result is not None or self.clock_result is not None):
            return "over"
        return "play"

    @property
    def position(self) -> Position:
        """What the board shows: the setup so far, the turn preview, or the game position."""
        if self.setup is not None:
            if self._setup_position is None:
                self._setup_position = self._build_setup_position()
            return self._setup_position
        if self.reviewing:
            return self.shown_position()
        if self.builder is not None and self.builder.actions:
            if self._preview is None:
                self._preview = self.builder.preview()
            return self._preview
        return self.game.position

    @property
    def to_move(self) -> str:
        if self.setup is not None:
            return self.setup.to_choose or "white"
        return self.game.position.to_move

    # ------------------------------------------------------------------ game lifecycle
    def new_game(self, quick: bool = False, announce: bool = True) -> None:
        self._clear_turn()
        self.game = None
        self.setup = SetupPhase(self.rules)
        self.setup_elapsed = 0.0
        self._reset_draft()
        self._reset_board_marks()
        if quick:
            self.quick_start()
        elif announce:
            self.say("New game: setup phase. Fill each part, Enter confirms, Q takes the default arrangement.")
        else:
            self.say(
                "Setup phase (C24-C27): white chooses first. Click a slot to change its piece, Enter "
                "confirms the part, Q = quick start with the default arrangement. H = help."
            )

    def _reset_board_marks(self) -> None:
        """A new game: no last-move frames, markers and slider range of the old one (bug 13.4)."""
        hl = self.view.highlights
        hl.last_from = hl.last_to = None
        sl = self.view.slicing
        sl.stop()
        sl.set_higher(())
        sl.update_from(self.position)
        self.review.stop()

    def _start_game(self, game: Game) -> None:
        self.review.stop()
        self.game = game
        self.setup = None
        self._setup_position = None
        self._clear_turn()
        self._after_position_change()

    def _adopt_loaded(self, game: Game) -> None:
        self.rules = game.rules
        self._start_game(game)
        self._autosave()

    def _after_position_change(self) -> None:
        pos = self.game.position if self.game is not None else self.position
        self.view.slicing.update_from(pos)
        hl = self.view.highlights
        hl.last_from = hl.last_to = None
        if self.game is not None and self.game.turns:
            t = self.game.turns[-1]
            hl.last_from = t.origin
            hl.last_to = _turn_end(t)
        self._refresh_targets()

    def answer_resume(self, yes: bool) -> None:
        found = self.resume_offer
        self.resume_offer = None
        if yes and found is not None:
            self.rules = found.rules
            self._start_game(found)
            self.say(f"Resumed the autosaved game: {len(found.turns)} turns, {found.position.to_move} to move.", "ok")
        else:
            kept = ""
            if found is not None and found.turns and self.autosave_path is not None:
                from ..ui.keep_games import rotate_and_keep

                try:  # issue 16: the autosaved game is kept, never overwritten by the new one
                    kept = f" The autosaved game is kept as {rotate_and_keep(self.autosave_path, found)}."
                except OSError as exc:
                    kept = f" (Could not keep the autosaved game: {exc.strerror or exc}.)"
            self.say(
                "Starting a new game (the autosave is replaced after setup)."
                + kept
                + " Setup: click slots, Enter confirms, Q = quick start."
            )

    # ------------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """Advance the injected clock by ``dt`` seconds."""
        dt = max(0.0, float(dt))
        super().tick(dt)  # also runs the game clock (--clock), if any
        self.view.time = self.time
        if self.view.slicing.playing:
            self.view.slicing.advance(self.time)
        self._setup_tick(dt)
        self.computer_tick()

    # ------------------------------------------------------------------ turns
    def _clear_turn(self) -> None:
        self.builder = None
        self.drop_piece = None
        self.chooser = None
        self._preview = None
        self.view.highlights.selected = None
        self._targets = {}
        self.view.highlights.targets = {}

    def cancel(self) -> None:
        if self.builder is not None or self.drop_piece is not None:
            self._clear_turn()
            self.say("Turn cancelled.")

    def _horizon(self) -> int:
        if self.horizon is not None:
            return self.horizon
        pos = self.game.position
        at = self.builder.at if self.builder is not None and self.builder.at is not None else ()
        return max(4, pos.max_dimension() + 1, len(at) + 1, self.active_dim)

    def _refresh_targets(self) -> None:
        hl = self.view.highlights
        self._preview = None
        if self.setup is not None:
            hl.targets = {"move": list(self.setup_squares())}
            hl.selected = None
            return
        targets: dict = {k: [] for k in ("move", "capture", "jump", "hyperjump", "stack")}
        self.options = []
        b = self.builder
        if b is not None and b.at is not None:
            try:
                self.options = b.options(self._horizon())
            except IllegalAction:
                self.options = []
            for a in self.options:
                to = getattr(a, "to", None)
                if a.kind == "stack":
                    targets["stack"].append(b.at)
                elif isinstance(to, tuple):
                    kind = a.kind
                    if kind in ("move", "jump", "hyperjump") and b.cell(to):
                        kind = "stack"
                    targets[kind].append(to)
        self._targets = {k: v for k, v in targets.items() if v}
        hl.targets = self._targets
        hl.selected = b.at if b is not None else None
        if b is None and self.drop_piece is None:
            self._show_hint_marks()

    def targets(self) -> dict:
        """Highlighted targets: kind -> list of coordinates (move, capture, jump, hyperjump, stack)."""
        return self._targets

    def _follow(self, coord) -> None:
        """Keep the board and plane of ``coord`` in view."""
        if coord is None:
            return
        self.view.slicing.set_higher(tuple(coord[3:]))
        self.view.slicing.set_focus(coord[2])

    def select(self, coord) -> bool:
        """Choose an origin (own pieces only)."""
        pos = self.game.position
        try:
            self.builder = TurnBuilder(pos, coord)
        except IllegalAction as exc:
            self.builder = None
            self._refresh_targets()
            stack = pos.cell(tuple(coord)) if pos.in_board(tuple(coord)) else ()
            if not stack:
                self.error(f"{format_coord(coord)} is empty: click one of {pos.to_move}'s pieces.")
            else:
                ex = explain(exc)
                self.error(ex.text, ex.detail)
            return False
        self.drop_piece = None
        self._refresh_targets()
        stack = pos.cell(tuple(coord))
        n = sum(len(v) for v in self._targets.values())
        names = "+".join(p.type for p in stack)
        if n == 0 and not self.options:
            self.say(f"Selected {names} on {format_coord(coord)}: it has no legal action here.")
        else:
            self.say(
                f"Selected {names} on {format_coord(coord)}: {n} highlighted targets. Click one, or use "
                f"PageUp/PageDown (jump), Shift+PageUp/Down (hyper-jump), T (split), P (promote)."
            )
        return True

    def add(self, action) -> bool:
        """Add one action to the turn being built; an illegal one becomes an error message."""
        if self.mode == "over":
            self.error(f"The game is over: {self.result_text()}. Ctrl+Z undoes, Ctrl+N starts a new game.")
            return False
        if self.builder is None:
            if isinstance(action, Drop):
                try:
                    self.builder = TurnBuilder(self.game.position, None)
                except IllegalAction as exc:
                    self.error(str(exc))
                    return False
            else:
                self.error("Choose a piece first: click one of your pieces.")
                return False
        try:
            self.builder.add(action)
        except IllegalAction as exc:
            ex = self.explain_refusal(exc, action)
            if not self.builder.actions and self.builder.origin is None:
                self.builder = None
            self.error(ex.text, ex.detail)
            self._refresh_targets()
            return False
        self.drop_piece = None
        b = self.builder
        self._follow(b.at)
        self._refresh_targets()
        cost = f" Cost so far: {b.cost} point{'s' if b.cost != 1 else ''}." if b.cost else ""
        hint = ""
        if b.pending:
            hint = " The pieces hover over your own: press S to stack (or Backspace)."
        elif b.complete:
            hint = " Enter confirms the turn" + (", or add another action." if self.options else ".")
        self.say(f"{KIND_NAMES[action.kind]} added.{cost}{hint}", "ok")
        return True

    def explain_refusal(self, exc: IllegalAction, action) -> Explanation:
        """Why the engine refused ``action`` for the turn being built, in words (viewer.ui.explain)."""
        b = self.builder
        if b is None:
            return explain(exc)
        return explain(
            exc,
            rules=self.rules,
            group=tuple(b.current_group),
            side=b.side,
            at=b.at,
            to=getattr(action, "to", None) if isinstance(getattr(action, "to", None), tuple) else None,
            cell=b.cell,
            action=getattr(action, "kind", None),
        )

    def confirm(self) -> bool:
        b = self.builder
        if b is None or not b.actions:
            self.error("Nothing to confirm: click a piece and a target first.")
            return False
        try:
            turn = b.finish()
            before = self.game.position
            self.game.play(turn)
        except IllegalAction as exc:
            ex = explain(exc)
            self.error(f"Cannot end the turn: {ex.text}", ex.detail)
            return False
        self._autosave()
        side = before.to_move
        self._clear_turn()
        self._after_position_change()
        note = self.game.notation(len(self.game.turns) - 1)
        res = self.game.position.result
        if res is not None:
            self.say(f"{side.capitalize()} played {note}. Game over: {self.result_text()}.", "ok")
        else:
            self.say(f"{side.capitalize()} played {note}. {self.game.position.to_move.capitalize()} to move.", "ok")
        return True

    def undo_action(self) -> None:
        b = self.builder
        if b is None:
            self.error("No turn is being built (Ctrl+Z undoes whole turns).")
            return
        if not b.actions:
            self._clear_turn()
            self.say("Selection cleared.")
            return
        last = b.undo_last()
        if not b.actions and b.origin is None:
            self._clear_turn()
        else:
            self._follow(b.at)
            self._refresh_targets()
        self.say(f"Took back the {KIND_NAMES[last.kind]}.")

    def _at(self):
        b = self.builder
        if b is None or b.at is None:
            self.error("Choose a piece first: click one of your pieces.")
            return None
        return b.at

    def jump(self, dz: int) -> None:
        at = self._at()
        if at is None:
            return
        z = at[2] + dz
        if not 1 <= z <= self.rules.size[2]:
            self.error(f"There is no plane z={z}: the cube has planes 1..{self.rules.size[2]}.")
            return
        self.add(Jump(at[:2] + (z,) + at[3:]))

    def hyperjump(self, delta: int) -> None:
        at = self._at()
        if at is None:
            return
        d = self.active_dim
        vals = list(at) + [1] * max(0, d - len(at))
        vals[d - 1] += delta
        if vals[d - 1] < self.rules.higher_min:
            self.error(
                f"Index {vals[d - 1]} on dimension {d} does not exist (indices start at {self.rules.higher_min})."
            )
            return
        while len(vals) > 3 and vals[-1] == 1:
            vals.pop()
        self.add(HyperJump(tuple(vals)))

    def stack(self) -> None:
        if self._at() is not None:
            self.add(Stack())

    def click_cell(self, coord) -> None:
        """A click on the board cell ``coord`` (full engine coordinate)."""
        if self.mode == "resume":
            self.say("Press Y to resume the autosaved game or N for a new one.")
            return
        if self.setup is not None:
            self._setup_click(tuple(coord))
            return
        if self.reviewing:
            self.say(
                f"Reviewing turn {self.review.ply} of {len(self.game.turns)}: Enter plays from here, Escape "
                f"returns to the game."
            )
            return
        if self.mode == "over":
            self.error(
                f"The game is over: {self.result_text()}. Ctrl+Z undoes the last turn, Ctrl+N starts a new game."
            )
            return
        if self.computer_to_move():
            self.error(f"The computer plays {self.to_move}: wait for its turn (C gives you this side).")
            return
        c = tuple(coord)
        if self.drop_piece is not None:
            self.add(Drop(self.drop_piece, c))
            return
        b = self.builder
        if b is None:
            self.select(c)
            return
        for a in self.options:
            if getattr(a, "to", None) == c:
                self.add(a)
                return
        if not b.actions and b.origin == c:
            self._clear_turn()
            self.say("Selection cleared.")
            return
        pos = b
        stack = pos.cell(c)
        if not b.actions and stack and stack[0].side == self.game.position.to_move:
            self.select(c)
            return
        at = b.at
        if at is None:
            self.error("Choose a piece first.")
            return
        if tuple(c[3:]) != tuple(at[3:]):
            act = HyperJump(c)
        elif c[:2] == at[:2] and c[2] != at[2]:
            act = Jump(c)
        elif stack and stack[0].side != self.game.position.to_move:
            act = Capture(c)
        else:
            act = Move(c)
        self.add(act)

    # ------------------------------------------------------------------ mouse and keys
    def pick_shown(self, px: float, py: float):
        """The cell of what is drawn under the pixel: a raised target box, a piece's body (issue 16),
        else the floor."""
        if self.overview_on:
            return self.pick(px, py)
        cam, lay = self.view.camera, self.view.layout(self.rules)
        col = pick_column(cam, px, py, lay, self.view, self.position)
        if col is not None:
            return col
        floor = self.pick(px, py)
        if floor is not None and any(
            tuple(floor) == tuple(t) for ts in self.view.highlights.targets.values() for t in ts
        ):
            return floor  # a target mark is drawn over everything: the cell under the pixel
        # the nearest drawn surface: a piece's mesh in front of the floor, else the floor's cell
        return pick_piece(cam, px, py, lay, self.view, self.position) or floor

    def click(self, px: float, py: float) -> None:
        if self.overview_on:
            self.overview_click(px, py)
            return
        # a piece or raised target box in front of the floor wins (issue 13, bug 5)
        c = self.pick_shown(px, py)
        if c is None:
            if self.mode == "resume":
                self.say("Press Y to resume the autosaved game or N for a new one.")
            else:
                self.error(
                    f"That click is outside the board (plane z={self.view.slicing.focus_z} is the one you "
                    f"can click; Z/X change it)."
                )
            return
        self.click_cell(c)

    def _game_key(self, name: str, shift: bool, ctrl: bool) -> bool:
        if self.resume_offer is not None:
            if name in ("y", "enter", "return"):
                self.answer_resume(True)
            elif name in ("n", "escape"):
                self.answer_resume(False)
            return True
        if ctrl:
            return self._ctrl_key(name)
        if self.chooser is not None:
            return self._chooser_key(name)
        if self.setup is None and self._review_key(name, shift, ctrl):
            return True
        if self._cursor_key(name, shift):
            return True
        if name == "l" and not shift and not ctrl:
            self.legend_visible = not self.legend_visible
            return True
        if self.overview_on and self._overview_key(name, shift):
            return True
        if self.setup is not None and self._setup_key(name, shift):
            return True
        if self._computer_key(name, shift):
            return True
        if self.setup is not None and name == "s":
            return self._view_key(name, shift)  # issue 16: no turn yet - S pans, as W, A and D do
        if self._turn_key(name, shift):
            return True
        return self._view_key(name, shift)

    def _turn_key(self, name: str, shift: bool) -> bool:
        if name in ("enter", "return"):
            self.confirm()
        elif name == "backspace":
            self.undo_action()
        elif name == "escape":
            if self.builder is None and self.drop_piece is None:
                self.observe = None
                return True
            self.cancel()
        elif name == "pageup":
            self.hyperjump(+1) if shift else self.jump(+1)
        elif name == "pagedown":
            self.hyperjump(-1) if shift else self.jump(-1)
        elif name == "s" and not shift:
            self.stack()
        elif name == "t":
            self.open_split()
        elif name == "p":
            self.open_promote()
        elif name == "b":
            self.open_drop()
        else:
            return False
        return True

    # ------------------------------------------------------------------ review hooks
    def _review_shown(self) -> None:
        """Show the reviewed position: its sliders, the last turn's frames, its plane and board."""
        pos = self.shown_position()
        self.view.slicing.update_from(pos)
        hl = self.view.highlights
        hl.last_from = hl.last_to = None
        t = self.review.last_turn(self.game)
        if t is not None:
            hl.last_from, hl.last_to = t.origin, _turn_end(t)
            self._follow(hl.last_to)
        self._refresh_targets()

    def _rematch_game(self):
        return Game(self.rules, {s: list(self.game.choices[s]) for s in SIDES})

    # ------------------------------------------------------------------ the tutorial (viewer.app.tutorial)
    def solution_steps(self, turn) -> list[tuple[str, object]]:
        """The tutorial's "show me" steps of ``turn``: select the origin, add each action, confirm."""
        steps: list[tuple[str, object]] = [] if turn.origin is None else [("select", turn.origin)]
        return steps + [("add", a) for a in turn.actions] + [("confirm", None)]

    def turn_pending(self) -> bool:
        """Whether a turn is being built (Enter would confirm something)."""
        return self.builder is not None

    # ------------------------------------------------------------------ the computer (viewer.ui.computer)
    def _computer_play(self, turn) -> bool:
        """Play the computer's turn through the human's turn machine (TurnBuilder, then Game.play)."""
        try:
            b = TurnBuilder(self.game.position, turn.origin)
            for a in turn.actions:
                b.add(a)
            self.builder = b
            ok = self.confirm()
        except IllegalAction as exc:
            self.error(f"Not allowed: {exc}")
            ok = False
        if not ok:
            self._clear_turn()
            return False
        self._follow(_turn_end(turn))
        return True

    def _computer_setup_step(self) -> None:
        if (
            self.setup is not None
            and self.resume_offer is None
            and self.prompt is None
            and self.setup.to_choose in self.computer_sides
        ):
            self._reset_draft()
            self.setup_confirm()

    def _computer_turn_text(self, turn) -> str:
        pos = self.game.position
        stack = pos.cell(turn.origin) if turn.origin is not None and turn.actions[0].kind != "drop" else None
        return format_turn(turn, self.rules, stack=stack)

    def _computer_hint_changed(self) -> None:
        if self.builder is None and self.drop_piece is None:
            self._refresh_targets()
        turn = self.hint_turn()
        if turn is not None:
            self._follow(_turn_end(turn))

    def _show_hint_marks(self) -> None:
        """The hinted turn on the board: its origin ringed, each action's target marked by kind."""
        turn = self.hint_turn()
        if turn is None:
            return
        hl = self.view.highlights
        marks: dict = {}
        for a in turn.actions:
            to = getattr(a, "to", None)
            if isinstance(to, tuple):
                kind = a.kind if a.kind in ("move", "capture", "jump", "hyperjump") else "move"
                marks.setdefault(kind, []).append(to)
            elif a.kind == "stack":
                marks.setdefault("stack", []).append(turn.origin)
        hl.targets = marks
        hl.selected = turn.origin

    def glide_seconds(self) -> float:
        if self.glide is None or self.game is None or not 1 <= self.glide[0] <= len(self.game.turns):
            return 0.0
        return GLIDE_ACTION_S * len(self.game.turns[self.glide[0] - 1].actions)

    # ------------------------------------------------------------------ HUD queries
    def _can_redo(self) -> bool:
        return self.game.can_redo

    def _turn_text(self, index: int, style: str) -> str:
        return self.game.notation(index, style)

    def cost_preview(self) -> str:
        b = self.builder
        if b is None:
            if self.drop_piece is not None and self.hovered is not None:
                return (
                    f"hire {self.drop_piece} on {format_coord(self.hovered)}: "
                    f"{self.drop_price(self.drop_piece, self.hovered)} points"
                )
            return ""
        side = b.side
        after = self.game.position.scores[side] + b.earned - b.cost
        acts = " ".join(KIND_NAMES[a.kind] for a in b.actions) or "(no action yet)"
        return f"turn: {acts}   cost {b.cost}, earned {b.earned}  ->  {side} score {after}"

    def stats_rows(self, side: str) -> list:
        """C17 rows for ``side``: (type, points, captured, hired, green_drops, hyperjumps), non-zero only."""
        pos = self.game.position if self.game is not None and not self.reviewing else self.position
        rows = []
        for t, st in pos.stats[side].items():
            vals = (st["points"], st["captured"], st["hired"], st["green_drops"], st["hyperjumps"])
            if any(vals):
                rows.append((t,) + vals)
        return rows


def _turn_end(turn):
    end = turn.origin
    for a in turn.actions:
        to = getattr(a, "to", None)
        if isinstance(to, tuple):
            end = to
    return end
