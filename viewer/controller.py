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
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from engine import (Capture, DaqiError, Drop, Game, HyperJump, IllegalAction, Jump, Move, Position, Promote,
                    SetupPhase, Split, Stack, TurnBuilder, format_chinese, format_coord, load_ruleset)

from .picking import pick_view
from .scene import View

SIDES = ("white", "black")

#: every key and mouse action, (keys, what it does); the help overlay prints this table
BINDINGS: list[tuple[str, str]] = [
    ("Left click", "choose a piece (origin), then a highlighted square: each click adds one action"),
    ("Enter", "confirm the turn being built (setup: confirm this part)"),
    ("Backspace", "take back the last action of the turn"),
    ("Escape", "cancel the turn / close a chooser, prompt or help"),
    ("PageUp / PageDown", "3-D jump to the plane above / below (C19)"),
    ("Shift+PageUp / Shift+PageDown", "hyper-jump +1 / -1 along the active dimension (C22)"),
    ("Tab / Shift+Tab", "choose the active higher dimension (4th, 5th, ...): hyper-jumps, slider, ghosts"),
    ("S", "stack onto your own pieces on the current square (C39)"),
    ("T", "split: choose which pieces of the stack leave (C43)"),
    ("P", "promote: knight / bishop / rook / cannon / queen / brother (G8)"),
    ("B", "hire and drop: choose a piece (price shown), then click the target (C11-C13)"),
    ("1 .. 9 (in a chooser)", "pick / toggle an entry; Enter confirms"),
    ("Right drag / Left drag / arrow keys", "orbit the camera"),
    ("Shift+drag / middle drag / W A S D", "pan the camera (Shift+S pans when S is stack)"),
    ("Mouse wheel / + -", "zoom"),
    ("R or Home", "reset the camera"),
    ("1 / 2 / 3", "front / top / side view"),
    ("Z X  or  [ ]", "focus the plane below / above (z)"),
    (", .", "fade the other planes more / less (opacity)"),
    ("E / Shift+E", "spread the planes apart / together (explode)"),
    ("N / M", "step the active higher-dimension slider down / up (shows another 3-D board)"),
    ("Space or the play button", "play: step the active slider automatically"),
    ("G", "ghosts: show the neighbouring boards (index -1 / +1) of the active dimension"),
    ("O", "observation view (C18): z column of pieces around the hovered (x, y); press again: range 1, 2, off"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a whole turn"),
    ("Ctrl+N", "new game (setup phase)"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter)"),
    ("Q (setup)", "quick start: the default arrangement for both sides"),
    ("Click a slot / 1..4 (setup)", "cycle the piece in that slot (royal part: click two slots to swap)"),
    ("F9", "start / stop recording the window to a video"),
    ("F2", "switch between cube chess and spirit chess"),
    ("H or F1", "this help"),
]

KIND_NAMES = {"move": "move", "capture": "capture", "jump": "3-D jump", "hyperjump": "hyper-jump",
              "stack": "stack", "split": "split", "promote": "promote", "drop": "drop"}


@dataclass
class Message:
    text: str
    level: str = "info"        # info | ok | error


@dataclass
class Chooser:
    """A small modal list: ``kind`` in split | promote | drop; ``options`` [(label, value)]."""
    kind: str
    title: str
    options: list
    multi: bool = False
    chosen: set = field(default_factory=set)
    enabled: list | None = None


@dataclass
class Prompt:
    """A one-line text prompt (file paths): ``kind`` in save | load."""
    kind: str
    title: str
    text: str = ""


def default_autosave_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "daqi" / "autosave.txt"


class CubeController:
    """Local two-player cube chess: setup phase, turn building, history, files."""

    game_name = "cube"

    def __init__(self, rules="standard", *, game: Game | None = None, quick: bool = False,
                 autosave_path=None, offer_resume: bool = True, save_path=None, horizon: int | None = None):
        self.rules = load_ruleset(rules) if isinstance(rules, (str, Path)) else rules
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.save_path = Path(save_path) if save_path else Path.cwd() / "daqi-game.txt"
        self.view = View()
        self.view.slicing.size_z = self.rules.size[2]
        self.time = 0.0
        self.message = Message("")
        self.log: list[Message] = []
        self.help_visible = False
        self.chooser: Chooser | None = None
        self.prompt: Prompt | None = None
        self.resume_offer: Game | None = None
        self.builder: TurnBuilder | None = None
        self.drop_piece: str | None = None
        self.active_dim = 4
        self.observe: int | None = None       # observation range (C18) or None
        self.hovered: tuple | None = None
        self.hover_outside = False
        self.horizon = horizon
        self.recording = False                # set by the window (F9)
        self.setup: SetupPhase | None = None
        self.game: Game | None = None
        self._preview = None
        self._targets: dict = {}
        self.options: list = []
        self._setup_position = None
        self.setup_elapsed = 0.0
        self.setup_draft: list[str] = []
        self.setup_pick: int | None = None    # royal part: first slot of a swap
        if game is not None:
            self._start_game(game)
        else:
            if offer_resume and self.autosave_path is not None and self.autosave_path.exists():
                try:
                    found = Game.load(self.autosave_path)
                except DaqiError:
                    found = None
                if found is not None and found.turns and found.position.result is None:
                    self.resume_offer = found
            self.new_game(quick=quick, announce=False)
            if self.resume_offer is not None:
                self.say(f"An autosaved game with {len(self.resume_offer.turns)} turns was found "
                         f"({self.autosave_path}). Resume it? Y = resume, N = new game.")

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> str:
        if self.resume_offer is not None:
            return "resume"
        if self.setup is not None:
            return "setup"
        if self.game is not None and self.game.position.result is not None:
            return "over"
        return "play"

    @property
    def position(self) -> Position:
        """What the board shows: the setup so far, the turn preview, or the game position."""
        if self.setup is not None:
            if self._setup_position is None:
                self._setup_position = self._build_setup_position()
            return self._setup_position
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

    def say(self, text: str, level: str = "info") -> None:
        self.message = Message(text, level)
        self.log.append(self.message)
        del self.log[:-50]

    def error(self, text: str) -> None:
        self.say(text, "error")

    # ------------------------------------------------------------------ game lifecycle
    def new_game(self, quick: bool = False, announce: bool = True) -> None:
        self._cancel_turn()
        self.game = None
        self.setup = SetupPhase(self.rules)
        self.setup_elapsed = 0.0
        self._reset_draft()
        if quick:
            self.quick_start()
        elif announce:
            self.say("New game: setup phase. Fill each part, Enter confirms, Q takes the default arrangement.")
        else:
            self.say("Setup phase (C24-C27): white chooses first. Click a slot to change its piece, Enter "
                     "confirms the part, Q = quick start with the default arrangement. H = help.")

    def quick_start(self) -> None:
        if self.setup is None:
            return
        self.setup.quick_start()
        self._finish_setup("Quick start: the default arrangement for both sides.")

    def _start_game(self, game: Game) -> None:
        self.game = game
        if self.autosave_path is not None:
            game.autosave_path = self.autosave_path
        self.setup = None
        self._setup_position = None
        self._cancel_turn()
        self._after_position_change()

    def _finish_setup(self, text: str) -> None:
        game = Game(self.rules, {s: list(self.setup.choices[s]) for s in SIDES})
        bonus = {s: self.setup.pawn_bonus(s) for s in SIDES}
        self._start_game(game)
        if self.autosave_path is not None:
            self._safe_autosave()
        extra = ", ".join(f"{s} +{b}" for s, b in bonus.items() if b)
        self.say(text + (f" Pawn bonus (C25): {extra}." if extra else "") + " White to move: click one of "
                 "your pieces.", "ok")

    def _safe_autosave(self) -> None:
        try:
            self.game.save(self.autosave_path)
        except OSError as exc:
            self.error(f"autosave to {self.autosave_path} failed: {exc.strerror}")

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

    # ------------------------------------------------------------------ setup (C24-C27)
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
        side, part = self.setup.to_choose, self.setup.part
        if part == len(self.rules.setup["parts"]):
            names = list(self.rules.setup["default_royal"])
        else:
            names = list(self.rules.setup["default_parts"][part])
        self.setup_draft = names
        self._refresh_targets()

    def _remaining_parts(self):
        """[(side, part, squares)] for every part not yet confirmed (current first), via the public API."""
        tmp = SetupPhase(self.rules, choices={s: list(self.setup.choices[s]) for s in SIDES})
        out = []
        while not tmp.done:
            out.append((tmp.to_choose, tmp.part, tmp.squares()))
            tmp.timeout()
        return out

    def _build_setup_position(self) -> Position:
        full = SetupPhase(self.rules, choices={s: list(self.setup.choices[s]) for s in SIDES})
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
            self.setup_draft[slot] = choices[(choices.index(cur) + 1) % len(choices)] if cur in choices \
                else choices[0]
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

    def setup_timeout(self) -> None:
        if self.setup is None:
            return
        side, part = self.setup.to_choose, self.setup.part
        self.setup.timeout()
        self._next_setup_part(f"{side}'s minute ran out: the default arrangement was used for part {part + 1} (C26).")

    def setup_squares(self) -> list:
        return self.setup.squares() if self.setup is not None and not self.setup.done else []

    # ------------------------------------------------------------------ time
    def tick(self, dt: float) -> None:
        """Advance the injected clock by ``dt`` seconds."""
        dt = max(0.0, float(dt))
        self.time += dt
        self.view.time = self.time
        if self.view.slicing.playing:
            self.view.slicing.advance(self.time)
        if self.setup is not None and self.resume_offer is None and self.prompt is None:
            self.setup_elapsed += dt
            if self.setup_elapsed >= self.seconds_per_choice:
                self.setup_timeout()

    # ------------------------------------------------------------------ turns
    def _cancel_turn(self) -> None:
        self.builder = None
        self.drop_piece = None
        self.chooser = None
        self._preview = None
        self.view.highlights.selected = None
        self._targets = {}
        self.view.highlights.targets = {}

    def cancel(self) -> None:
        if self.builder is not None or self.drop_piece is not None:
            self._cancel_turn()
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
                self.error(str(exc))
            return False
        self.drop_piece = None
        self._refresh_targets()
        stack = pos.cell(tuple(coord))
        n = sum(len(v) for v in self._targets.values())
        names = "+".join(p.type for p in stack)
        if n == 0 and not self.options:
            self.say(f"Selected {names} on {format_coord(coord)}: it has no legal action here.")
        else:
            self.say(f"Selected {names} on {format_coord(coord)}: {n} highlighted targets. Click one, or use "
                     f"PageUp/PageDown (jump), Shift+PageUp/Down (hyper-jump), T (split), P (promote).")
        return True

    def add(self, action) -> bool:
        """Add one action to the turn being built; an illegal one becomes an error message."""
        if self.mode == "over":
            self.error(f"The game is over: {self._result_text()}. Ctrl+Z undoes, Ctrl+N starts a new game.")
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
            if not self.builder.actions and self.builder.origin is None:
                self.builder = None
            self.error(f"Not allowed: {exc}")
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
            self.error(f"Cannot end the turn: {exc}")
            return False
        except OSError as exc:
            self.error(f"The turn was played but the autosave failed: {exc.strerror}")
        side = before.to_move
        self._cancel_turn()
        self._after_position_change()
        note = self.game.notation(len(self.game.turns) - 1)
        res = self.game.position.result
        if res is not None:
            self.say(f"{side} played {note}. Game over: {self._result_text()}.", "ok")
        else:
            self.say(f"{side} played {note}. {self.game.position.to_move} to move.", "ok")
        return True

    def undo_action(self) -> None:
        b = self.builder
        if b is None:
            self.error("No turn is being built (Ctrl+Z undoes whole turns).")
            return
        if not b.actions:
            self._cancel_turn()
            self.say("Selection cleared.")
            return
        last = b.undo_last()
        if not b.actions and b.origin is None:
            self._cancel_turn()
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
            self.error(f"Index {vals[d - 1]} on dimension {d} does not exist (indices start at "
                       f"{self.rules.higher_min}).")
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
            squares = self.setup_squares()
            c = tuple(coord)
            if c in squares:
                self.setup_cycle(squares.index(c))
            else:
                self.error(f"{format_coord(c)} is not a slot of this part: the highlighted squares are "
                           f"{self.setup.to_choose}'s part {self.setup.part + 1}.")
            return
        if self.mode == "over":
            self.error(f"The game is over: {self._result_text()}. Ctrl+Z undoes the last turn, Ctrl+N starts "
                       f"a new game.")
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
            self._cancel_turn()
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

    # ------------------------------------------------------------------ choosers
    def open_split(self) -> None:
        b = self.builder
        if b is None or b.origin is None:
            self.error("Split: first click the stack you want to split.")
            return
        stack = b.cell(b.origin) if b.group is None else b.current_group
        if len(stack) < 2:
            self.error(f"Split needs a stack of at least two pieces; {format_coord(b.at)} holds "
                       f"{'+'.join(p.type for p in stack) or 'nothing'}.")
            return
        opts = [(f"{p.type}{' (promoted)' if p.was else ''}", p.type) for p in stack]
        self.chooser = Chooser("split", "Split: toggle the pieces that LEAVE (1-9), Enter confirms, Esc cancels",
                               opts, multi=True)

    def open_promote(self) -> None:
        if self._at() is None:
            return
        kinds = list(self.rules.pieces["pawn"].promotes_to)
        opts = [(f"{k} (value {self.rules.pieces[k].value})", k) for k in kinds]
        self.chooser = Chooser("promote", "Promote the pawn to (1-9), Esc cancels", opts)

    def drop_price(self, piece: str, coord=None) -> int:
        price = self.rules.pieces[piece].value
        if coord is not None and self.rules.in_green(tuple(coord)):
            price += self.rules.green_drop_surcharge
        return price

    def open_drop(self) -> None:
        if self.mode != "play":
            self.error("Drops are made during play.")
            return
        if self.builder is not None and self.builder.actions:
            self.error("A drop must start its turn: Escape cancels the turn being built.")
            return
        pos = self.game.position
        side = pos.to_move
        opts, enabled = [], []
        sur = self.rules.green_drop_surcharge
        for name, spec in self.rules.pieces.items():
            if spec.hire == "none":
                continue
            ok = spec.hire == "unlimited" or pos.credits[side].get(name, 0) > 0
            label = f"{name}: {spec.value} pt, {spec.value + sur} in the green area"
            if spec.hire == "credit":
                label += f" (credits: {pos.credits[side].get(name, 0)})"
            opts.append((label, name))
            enabled.append(ok)
        self.chooser = Chooser("drop", f"Hire and drop ({side} has {pos.scores[side]} points): choose a piece "
                                       f"(1-9), then click the target", opts, enabled=enabled)

    def choose(self, index: int) -> None:
        """Pick (or toggle) entry ``index`` (0-based) of the open chooser."""
        ch = self.chooser
        if ch is None or not 0 <= index < len(ch.options):
            return
        if ch.enabled is not None and not ch.enabled[index]:
            name = ch.options[index][1]
            self.error(f"A {name} can be hired only after capturing the enemy's {name} (C12, G9).")
            return
        if ch.multi:
            ch.chosen ^= {index}
            return
        value = ch.options[index][1]
        self.chooser = None
        if ch.kind == "promote":
            self.add(Promote(value))
        elif ch.kind == "drop":
            self._cancel_turn()
            self.drop_piece = value
            self.say(f"Hire a {value}: click the target square ({self.drop_price(value)} points, "
                     f"{self.drop_price(value) + self.rules.green_drop_surcharge} inside the green area). "
                     f"Escape cancels.")

    def chooser_confirm(self) -> None:
        ch = self.chooser
        if ch is None:
            return
        if not ch.multi:
            return
        take = tuple(ch.options[i][1] for i in sorted(ch.chosen))
        if not take:
            self.error("Toggle at least one piece to split off (1-9), or Escape.")
            return
        self.chooser = None
        if self.add(Split(take)):
            self.say(f"Split off {'+'.join(take)}: now click where it goes.", "ok")

    # ------------------------------------------------------------------ history and files
    def undo_turn(self) -> None:
        if self.game is None:
            self.error("Undo works on played turns; the setup is still running.")
            return
        self._cancel_turn()
        t = self.game.undo()
        if t is None:
            self.error("Nothing to undo.")
        else:
            self._after_position_change()
            self.say(f"Undid a turn. {self.game.position.to_move} to move.")

    def redo_turn(self) -> None:
        if self.game is None:
            return
        self._cancel_turn()
        try:
            t = self.game.redo()
        except (IllegalAction, OSError) as exc:
            self.error(f"Redo failed: {exc}")
            return
        if t is None:
            self.error("Nothing to redo.")
        else:
            self._after_position_change()
            self.say(f"Redid a turn. {self.game.position.to_move} to move.")

    def open_prompt(self, kind: str) -> None:
        if kind == "save" and self.game is None:
            self.error("Nothing to save yet: finish the setup first (Q = quick start).")
            return
        title = "Save the record to" if kind == "save" else "Load a record from"
        self.prompt = Prompt(kind, title + " (Enter = OK, Esc = cancel):", str(self.save_path))

    def prompt_confirm(self) -> None:
        p = self.prompt
        if p is None:
            return
        self.prompt = None
        path = Path(os.path.expanduser(p.text.strip()))
        if not p.text.strip():
            self.error("No file name given.")
            return
        if p.kind == "save":
            self.save(path)
        else:
            self.load(path)

    def save(self, path) -> bool:
        try:
            self.game.save(path)
        except OSError as exc:
            self.error(f"Could not save to {path}: {exc.strerror or exc}")
            return False
        self.save_path = Path(path)
        self.say(f"Saved {len(self.game.turns)} turns to {path}.", "ok")
        return True

    def load(self, path) -> bool:
        try:
            game = Game.load(path)
        except DaqiError as exc:
            self.error(f"Could not load {path}: {exc}")
            return False
        self.rules = game.rules
        self.save_path = Path(path)
        self._start_game(game)
        if self.autosave_path is not None:
            self._safe_autosave()
        self.say(f"Loaded {path}: {len(game.turns)} turns, {game.position.to_move} to move.", "ok")
        return True

    def answer_resume(self, yes: bool) -> None:
        found = self.resume_offer
        self.resume_offer = None
        if yes and found is not None:
            self.rules = found.rules
            self._start_game(found)
            self.say(f"Resumed the autosaved game: {len(found.turns)} turns, {found.position.to_move} to move.",
                     "ok")
        else:
            self.say("Starting a new game (the autosave is replaced after setup). Setup: click slots, "
                     "Enter confirms, Q = quick start.")

    # ------------------------------------------------------------------ camera and slicing
    def orbit(self, d_yaw: float, d_pitch: float) -> None:
        self.view.camera.orbit(d_yaw, d_pitch)

    def drag(self, dx: float, dy: float, pan: bool = False) -> None:
        """Mouse drag by (dx, dy) pixels (y down): orbit, or pan with ``pan``."""
        if pan:
            self.view.camera.pan(dx, dy)
        else:
            self.view.camera.orbit(-dx * 0.4, dy * 0.4)

    def scroll(self, steps: float) -> None:
        self.view.camera.zoom(0.9 ** steps)

    def set_focus(self, z: int) -> None:
        self.view.slicing.set_focus(z)
        self.say(f"Focused plane z={self.view.slicing.focus_z}.")

    def set_opacity(self, delta: float) -> None:
        v = self.view
        v.opacity = round(max(0.0, min(1.0, v.opacity + delta)), 2)
        self.say(f"Other planes: opacity {v.opacity:.2f}" + (" (hidden)" if v.opacity == 0 else ""))

    def set_explode(self, delta: float) -> None:
        v = self.view
        v.explode = round(max(0.3, min(6.0, v.explode + delta)), 2)
        self.say(f"Plane spacing (explode): {v.explode:.2f} cells")

    def cycle_dim(self, delta: int = 1) -> None:
        dims = self.view.slicing.dims()
        i = dims.index(self.active_dim) if self.active_dim in dims else 0
        self.active_dim = dims[(i + delta) % len(dims)]
        if self.view.slicing.ghost_dim is not None:
            self.view.slicing.set_ghost_dim(self.active_dim)
        self.say(f"Active higher dimension: {self.active_dim} (hyper-jumps, slider N/M, ghosts).")

    def step_slider(self, delta: int, dim: int | None = None) -> None:
        d = dim or self.active_dim
        self.view.slicing.step(d, delta)
        self.say(f"Showing the 3-D board {self.board_name()}.")

    def set_slider(self, dim: int, value: int) -> None:
        self.active_dim = dim
        self.view.slicing.set_index(dim, max(1, int(value)))
        self.say(f"Showing the 3-D board {self.board_name()}.")

    def toggle_play(self, dim: int | None = None) -> None:
        sl = self.view.slicing
        if sl.playing:
            sl.stop()
            self.say("Slider playback stopped.")
        else:
            sl.play(dim or self.active_dim, self.time)
            self.say(f"Playing dimension {dim or self.active_dim} (Space stops).")

    def toggle_ghosts(self) -> None:
        sl = self.view.slicing
        sl.set_ghost_dim(None if sl.ghost_dim is not None else self.active_dim)
        self.say("Ghost boards " + (f"on: the neighbours along dimension {sl.ghost_dim}" if sl.ghost_dim
                                    else "off") + ".")

    def board_name(self) -> str:
        hi = self.view.slicing.higher()
        return "main board" if not hi else "(x,y,z," + ",".join(map(str, hi)) + ")"

    def cycle_observe(self) -> None:
        self.observe = {None: 0, 0: 1, 1: 2, 2: None}[self.observe]
        if self.observe is None:
            self.say("Observation view off.")
        else:
            self.say(f"Observation view (C18): z columns around the hovered (x, y), range ±{self.observe}.")

    def observation(self) -> list:
        """[(x, y, [(z, stack), ...])] for the hovered (x, y) ± range on the shown board (C18)."""
        if self.observe is None or self.hovered is None:
            return []
        pos = self.position
        hx, hy = self.hovered[0], self.hovered[1]
        hi = tuple(self.view.slicing.higher())
        r = self.observe
        out = []
        sx, sy, sz = self.rules.size
        for y in range(hy + r, hy - r - 1, -1):
            for x in range(hx - r, hx + r + 1):
                if not (1 <= x <= sx and 1 <= y <= sy):
                    continue
                col = []
                for z in range(1, sz + 1):
                    st = pos.cell(_canon((x, y, z) + hi))
                    if st:
                        col.append((z, st))
                out.append((x, y, col))
        return out

    # ------------------------------------------------------------------ mouse
    def pick(self, px: float, py: float):
        """Cell under the pixel (top-left origin), on the focused plane or a ghost board."""
        return pick_view(self.view, px, py, self.rules, focus_only=True)

    def click(self, px: float, py: float) -> None:
        c = self.pick(px, py)
        if c is None:
            if self.mode == "resume":
                self.say("Press Y to resume the autosaved game or N for a new one.")
            else:
                self.error(f"That click is outside the board (plane z={self.view.slicing.focus_z} is the one you "
                           f"can click; Z/X change it).")
            return
        self.click_cell(c)

    def hover(self, px: float, py: float) -> None:
        c = self.pick(px, py)
        self.hover_outside = c is None
        self.hovered = c
        self.view.highlights.hovered = c

    def hover_text(self) -> str:
        c = self.hovered
        if c is None:
            return ""
        st = self.position.cell(_canon(c))
        what = "+".join(f"{p.side} {p.type}" if i == 0 else p.type for i, p in enumerate(st)) or "empty"
        extra = "  green area" if self.rules.in_green(_canon(c)) else ""
        return f"{format_coord(c)}   {format_chinese(c)}   {what}{extra}"

    # ------------------------------------------------------------------ keys
    def text(self, s: str) -> None:
        if self.prompt is not None:
            self.prompt.text += "".join(ch for ch in s if ch.isprintable() and ch not in "\r\n")

    def key(self, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        """Handle a key; returns False if it means nothing here."""
        name = name.lower()
        if name in ("h", "f1") and self.prompt is None and not ctrl:
            self.help_visible = not self.help_visible
            return True
        if self.help_visible and name == "escape":
            self.help_visible = False
            return True
        if self.prompt is not None:
            if name in ("enter", "return"):
                self.prompt_confirm()
            elif name == "escape":
                self.prompt = None
                self.say("Cancelled.")
            elif name == "backspace":
                self.prompt.text = self.prompt.text[:-1]
            return True
        if self.resume_offer is not None:
            if name in ("y", "enter", "return"):
                self.answer_resume(True)
            elif name in ("n", "escape"):
                self.answer_resume(False)
            return True
        if ctrl:
            return self._ctrl_key(name)
        if self.chooser is not None:
            if name.isdigit() and name != "0":
                self.choose(int(name) - 1)
            elif name in ("enter", "return"):
                self.chooser_confirm()
            elif name == "escape":
                self.chooser = None
                self.say("Cancelled.")
            return True
        if self.setup is not None and self._setup_key(name, shift):
            return True
        if self._turn_key(name, shift):
            return True
        return self._view_key(name, shift)

    def _ctrl_key(self, name: str) -> bool:
        if name == "z":
            self.undo_turn()
        elif name == "y":
            self.redo_turn()
        elif name == "n":
            self.new_game()
        elif name == "s":
            self.open_prompt("save")
        elif name == "o":
            self.open_prompt("load")
        else:
            return False
        return True

    def _setup_key(self, name: str, shift: bool) -> bool:
        if name in ("enter", "return"):
            self.setup_confirm()
        elif name == "q":
            self.quick_start()
        elif name in ("1", "2", "3", "4", "5", "6", "7", "8", "9"):
            self.setup_cycle(int(name) - 1)
        elif name == "backspace":
            self._reset_draft()
            self.say("Back to the default arrangement for this part.")
        elif name in ("pageup", "pagedown", "b", "t", "p"):
            self.error("That works during play; now it is the setup phase (Enter confirms a part, Q = quick "
                       "start).")
        else:
            return False
        return True

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

    def _view_key(self, name: str, shift: bool) -> bool:
        cam = self.view.camera
        step = 20.0 if shift else 6.0
        if name == "left":
            self.orbit(-step, 0)
        elif name == "right":
            self.orbit(step, 0)
        elif name == "up":
            self.orbit(0, step)
        elif name == "down":
            self.orbit(0, -step)
        elif name in ("+", "=", "plus", "equal", "num_add"):
            cam.zoom(0.85)
        elif name in ("-", "minus", "num_subtract"):
            cam.zoom(1 / 0.85)
        elif name == "w":
            cam.pan(0, -40)
        elif name == "s":
            cam.pan(0, 40)
        elif name == "a":
            cam.pan(-40, 0)
        elif name == "d":
            cam.pan(40, 0)
        elif name in ("r", "home"):
            cam.reset()
            self.say("Camera reset.")
        elif name in ("1", "2", "3"):
            cam.set_view({"1": "front", "2": "top", "3": "side"}[name])
        elif name in ("z", "["):
            self.set_focus(self.view.slicing.focus_z - 1)
        elif name in ("x", "]"):
            self.set_focus(self.view.slicing.focus_z + 1)
        elif name == ",":
            self.set_opacity(-0.1)
        elif name == ".":
            self.set_opacity(+0.1)
        elif name == "e":
            self.set_explode(-0.25 if shift else 0.25)
        elif name == "tab":
            self.cycle_dim(-1 if shift else 1)
        elif name == "n":
            self.step_slider(-1)
        elif name == "m":
            self.step_slider(+1)
        elif name == "space":
            self.toggle_play()
        elif name == "g":
            self.toggle_ghosts()
        elif name == "o":
            self.cycle_observe()
        else:
            return False
        return True

    # ------------------------------------------------------------------ HUD queries
    def _result_text(self) -> str:
        r = self.game.position.result if self.game is not None else None
        if r is None:
            return ""
        return (f"{r.winner} wins" if r.winner else "draw") + f" ({r.reason})"

    def result_text(self) -> str:
        return self._result_text()

    def turn_list(self, style: str = "ascii") -> list[str]:
        if self.game is None:
            return []
        out = []
        for i in range(len(self.game.turns)):
            num = i // 2 + 1
            out.append(f"{num}{'.' if i % 2 == 0 else '...'} {self.game.notation(i, style)}")
        return out

    def cost_preview(self) -> str:
        b = self.builder
        if b is None:
            if self.drop_piece is not None and self.hovered is not None:
                return f"hire {self.drop_piece} on {format_coord(self.hovered)}: " \
                       f"{self.drop_price(self.drop_piece, self.hovered)} points"
            return ""
        side = b.side
        after = self.game.position.scores[side] + b.earned - b.cost
        acts = " ".join(KIND_NAMES[a.kind] for a in b.actions) or "(no action yet)"
        return f"turn: {acts}   cost {b.cost}, earned {b.earned}  ->  {side} score {after}"

    def stats_rows(self, side: str) -> list:
        """C17 rows for ``side``: (type, points, captured, hired, green_drops, hyperjumps), non-zero only."""
        pos = self.game.position if self.game is not None else self.position
        rows = []
        for t, st in pos.stats[side].items():
            vals = (st["points"], st["captured"], st["hired"], st["green_drops"], st["hyperjumps"])
            if any(vals):
                rows.append((t,) + vals)
        return rows


def _canon(c) -> tuple:
    c = tuple(c)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


def _turn_end(turn):
    end = turn.origin
    for a in turn.actions:
        to = getattr(a, "to", None)
        if isinstance(to, tuple):
            end = to
    return end
