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
camera and slicing (:mod:`viewer.cube.view_control`); every key goes through the one key
table (:data:`viewer.ui.bindings.CUBE_KEYS`, which the help prints too): each part names its
actions, :meth:`CubeController.key_active` says which contexts are active; turn building lives here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

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

from ..gl.camera import Camera
from ..ui.bindings import BINDINGS, CUBE_KEYS
from ..ui.computer import GLIDE_ACTION_S
from ..ui.control_common import ControllerBase, Delegate, Message, Prompt, default_autosave_path
from ..ui.explain import Explanation, explain
from ..ui.words import ACTION_WORDS
from .choosers import Chooser, Choosers
from .column_pick import pick_column, pick_piece
from .cursor import Cursor, MoveBox
from .overview import Overview
from .overview_control import BoardOverview
from .resume import ResumeOffer
from .scene import View
from .setup_control import SIDES, CubeSetup
from .view_control import ViewControls

__all__ = ["BINDINGS", "KIND_NAMES", "SIDES", "Chooser", "CubeController", "Message", "Prompt", "default_autosave_path"]

KIND_NAMES = ACTION_WORDS  # the one words table (viewer.ui.words)


class CubeController(ControllerBase):
    """Local two-player cube chess: setup phase, turn building, history, files."""

    game_name = "cube"
    game_class = Game
    key_table = CUBE_KEYS
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
        # a Path is refused by load_ruleset (names only; --ruleset FILE is loaded by the caller)
        rules = load_ruleset(rules) if isinstance(rules, (str, Path)) else rules  # type: ignore[arg-type]
        super().__init__(rules, autosave_path, save_path)
        self.view_controls = ViewControls(self, View())  # camera, slicing, observation (a part)
        self.view.slicing.size_z = self.rules.size[2]
        self.choosers = Choosers(self)  # the split / promote / hire lists (a part owning its state)
        self.resume = ResumeOffer(self)  # "resume the autosaved game?" (a part owning the offer)
        self.builder: TurnBuilder | None = None
        self.drop_piece: str | None = None
        self.hover_outside = False
        self.horizon = horizon
        self._preview: Position | None = None
        self._targets: dict = {}
        self.options: list = []
        self.legend_visible = False  # L: the legend of the board's colours and marks
        self.board_overview = BoardOverview(self)  # V: the board overview (a part owning its state)
        self.cursor_part = Cursor(self)  # the keyboard cell cursor (a part owning its cell)
        self.move_box = MoveBox(self)  # the typed-turn box
        self.setup_part = CubeSetup(self)  # the setup phase (a part owning its state)
        if game is not None:
            self._start_game(game)
        else:
            broken = self.resume.look() if offer_resume else None
            self.new_game(quick=quick, announce=False)
            if broken is not None:
                self.error(broken)
            elif self.resume.game is not None:
                self.say(self.resume.question())

    # ------------------------------------------------------------------ state
    # the parts' state under the controller's names (the HUD, the window and the tests read them)
    chooser = Delegate[Chooser | None]("choosers", "current")
    choose = Delegate[Callable[[int], None]]("choosers", "choose")
    drop_price = Delegate[Callable[..., int]]("choosers", "drop_price")
    setup = Delegate[SetupPhase | None]("setup_part", "phase")
    setup_elapsed = Delegate[float]("setup_part", "elapsed")
    setup_remaining = Delegate[float]("setup_part", "remaining")
    setup_draft = Delegate[list[str]]("setup_part", "draft")
    setup_pick = Delegate[int | None]("setup_part", "pick")
    setup_squares = Delegate[Callable[[], list]]("setup_part", "squares")
    setup_is_royal = Delegate[Callable[[], bool]]("setup_part", "is_royal")
    setup_cycle = Delegate[Callable[[int], None]]("setup_part", "cycle")
    quick_start = Delegate[Callable[[], None]]("setup_part", "quick_start")
    overview_on = Delegate[bool]("board_overview", "on")
    overview_camera = Delegate[Camera]("board_overview", "camera")
    overview = Delegate[Callable[[], Overview]]("board_overview", "current")
    frame_overview = Delegate[Callable[[int, int], None]]("board_overview", "frame")
    toggle_overview = Delegate[Callable[[], None]]("board_overview", "toggle")
    cursor = Delegate[tuple | None]("cursor_part", "cell")
    cursor_coord = Delegate[Callable[[], tuple | None]]("cursor_part", "coord")
    cursor_hide = Delegate[Callable[[], None]]("cursor_part", "hide")
    resume_offer = Delegate[Game | None]("resume", "game")
    view = Delegate[View]("view_controls", "view")
    active_dim = Delegate[int]("view_controls", "active_dim")
    observe = Delegate[int | None]("view_controls", "observe")
    set_focus = Delegate[Callable[[int], None]]("view_controls", "set_focus")
    set_slider = Delegate[Callable[[int, int], None]]("view_controls", "set_slider")
    step_slider = Delegate[Callable[..., None]]("view_controls", "step_slider")
    toggle_play = Delegate[Callable[..., None]]("view_controls", "toggle_play")
    board_name = Delegate[Callable[[], str]]("view_controls", "board_name")
    cycle_observe = Delegate[Callable[[], None]]("view_controls", "cycle_observe")
    observation = Delegate[Callable[[], list]]("view_controls", "observation")
    pick = Delegate[Callable[[float, float], Any]]("view_controls", "pick")
    hover = Delegate[Callable[[float, float], None]]("view_controls", "hover")
    hover_text = Delegate[Callable[[], str]]("view_controls", "hover_text")
    orbit = Delegate[Callable[[float, float], None]]("view_controls", "orbit")
    answer_resume = Delegate[Callable[[bool], None]]("resume", "answer")

    def play_typed(self, text: str) -> bool:
        return self.move_box.play(text)

    def drag(self, dx: float, dy: float, pan: bool = False) -> None:
        if self.overview_on:
            self.board_overview.drag(dx, dy)  # the overview's camera; the 3-D one stays put
        else:
            self.view_controls.drag(dx, dy, pan=pan)

    def scroll(self, steps: float) -> None:
        if self.overview_on:
            self.board_overview.scroll(steps)
        else:
            self.view_controls.scroll(steps)

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
            return self.setup_part.shown_position()
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
        self.setup_part.start()
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
        self.setup_part.end()
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

    # ------------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """Advance the injected clock by ``dt`` seconds."""
        dt = max(0.0, float(dt))
        super().tick(dt)  # also runs the game clock (--clock), if any
        self.view.time = self.time
        if self.view.slicing.playing:
            self.view.slicing.advance(self.time)
        self.setup_part.tick(dt)
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
            self.setup_part.click(tuple(coord))
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
            act: Move | Capture | Jump | HyperJump = HyperJump(c)
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
            self.board_overview.click(px, py)
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

    # the keys: one table (viewer.ui.bindings.CUBE_KEYS) drives the dispatch and the help
    def key_active(self, context: str) -> bool:
        if context in ("ctrl", "cursor", "board", "computer", "turn", "view"):
            return True
        if context == "resume":
            return self.resume_offer is not None
        if context == "chooser":
            return self.chooser is not None
        if context == "review":
            return self.setup is None and self.reviewing
        if context == "cursor-shown":
            return self.cursor is not None
        if context == "overview":
            return self.overview_on
        if context == "setup":
            return self.setup is not None
        return super().key_active(context)

    def key_actions(self) -> dict:
        return {
            **self._base_actions(),
            **self.review_part.key_actions(),
            **self.choosers.key_actions(),
            **self.cursor_part.key_actions(),
            **self.move_box.key_actions(),
            **self.board_overview.key_actions(),
            **self.setup_part.key_actions(),
            **self.computer.key_actions(),
            **self.view_controls.key_actions(),
            **self._turn_actions(),
            **self.resume.key_actions(),
        }

    def _turn_actions(self) -> dict:
        """Building a turn (context ``turn``), the legend (``board``), the resume question."""
        return {
            "turn.confirm": self.confirm,
            "turn.back": self.undo_action,
            "turn.cancel": self._escape_turn,
            "turn.jump_up": lambda: self.jump(+1),
            "turn.jump_down": lambda: self.jump(-1),
            "turn.hyperjump_up": lambda: self.hyperjump(+1),
            "turn.hyperjump_down": lambda: self.hyperjump(-1),
            "turn.stack": self.stack,
            "turn.split": self.choosers.open_split,
            "turn.promote": self.choosers.open_promote,
            "turn.hire": self.choosers.open_drop,
            "board.legend": self.toggle_legend,
        }

    def _escape_turn(self) -> None:
        """Escape: cancel the turn being built; with none, turn the observation view off."""
        if self.builder is None and self.drop_piece is None:
            self.observe = None
            return
        self.cancel()

    def toggle_legend(self) -> None:
        self.legend_visible = not self.legend_visible

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
            self.setup_part.reset_draft()
            self.setup_part.confirm()

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
