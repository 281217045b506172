"""Spirit chess (灵棋) interaction state machine (no GL, no pyglet, no wall clock).

Phases: ``setup`` (hidden placement, H4: white places and commits, a hand-over
screen, black places and commits; S2 is checked on commit), ``play`` and
``over``.  A turn (S13) is built by clicks: first the own piece to raise one
level, then the piece to move, then its path squares one by one (or a
highlighted end square, which takes a legal path there); Enter confirms when
the path is complete (a piece with a fixed step count confirms itself on its
last step).  All rules are the engine's (:mod:`engine.spirit`).

The optional disciple transform (S8) comes after the move: when the path is
complete and one of the mover's disciples may transform after it, the turn
waits instead of confirming itself; X opens a chooser of the allowed
(disciple, kind) pairs, 1-9 picks one and plays the turn with it, Enter plays
the turn without a transform.  X when no transform is allowed says why.
"""

from __future__ import annotations

from pathlib import Path

from engine import DaqiError, load_ruleset
from engine.spirit import (
    SpiritGame,
    SpiritPiece,
    SpiritSetup,
    SpiritTransform,
    SpiritTurn,
    apply_spirit_turn,
    catch_squares,
    effective_level,
    format_spirit_turn,
    formation_zones,
    legal_paths,
    levelup_squares,
    parse_spirit_turn,
    step_budget,
)

from ..ui.bindings import SPIRIT_BINDINGS
from ..ui.computer import GLIDE_STEP_S, ComputerControls
from ..ui.control_common import ControllerBase, Message, Prompt, run_key
from ..ui.review import ReviewControls
from ..ui.words import plural
from .cursor import SpiritCursor

MOVE_BOX_TITLE = (
    "Type a turn: +level-up square, then the mover's path, e.g. +(10,3) (10,3)-(10,4)   (Enter plays it, Esc cancels):"
)

__all__ = ["SPIRIT_BINDINGS", "Message", "Prompt", "SpiritController"]


class SpiritController(ComputerControls, SpiritCursor, ReviewControls, ControllerBase):
    game_name = "spirit"
    game_class = SpiritGame
    default_save_name = "daqi-spirit.txt"
    nothing_to_save = "Nothing to save before both placements are committed."

    def __init__(self, rules="spirit", *, quick: bool = False, autosave_path=None, save_path=None):
        super().__init__(load_ruleset(rules) if isinstance(rules, (str, Path)) else rules, autosave_path, save_path)
        self.kinds = list(self.rules.pieces)
        self.place_kind = self.kinds[0]
        self.setup: SpiritSetup | None = None
        self._default_armed = False
        self._init_review()
        self._clear_turn()
        self.new_game(quick=quick)

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> str:
        if self.setup is not None:
            return "handover" if self.setup.phase == "handover" else "setup"
        if self.game.result is not None or self.clock_result is not None:
            return "over"
        return "play"

    @property
    def position(self):
        if self.game is not None and self.reviewing:
            return self.shown_position()
        return self.game.position if self.game is not None else None

    @property
    def to_move(self) -> str:
        return self.setup.side if self.setup is not None else self.game.position.to_move

    def _clear_turn(self):
        self.levelup = None
        self.origin = None
        self.path: list = []
        self._ends: dict = {}
        self._caught: set = set()  # ends where an enemy formation zone catches the mover (S11)
        self.transform: SpiritTransform | None = None
        self.chooser: list | None = None  # open transform chooser: [(label, SpiritTransform)]

    # ------------------------------------------------------------------ lifecycle
    def new_game(self, quick: bool = False):
        self._clear_turn()
        self.game = None
        self.setup = SpiritSetup(self.rules)
        if quick:
            self.quick_start()
        else:
            self.say(
                "Spirit chess: WHITE places 19 pieces in rows 1-9 while black looks away. Choose a kind "
                "(1-7), click squares; D = default placement; Enter commits."
            )

    def quick_start(self):
        self.setup = None
        self.game = SpiritGame(self.rules)
        self._autosave()
        self.say("Quick start: default placements. White: click your piece to raise one level.", "ok")

    def _start_game(self, game: SpiritGame):
        self.review.stop()
        self.setup = None
        self.game = game
        self._clear_turn()

    def _adopt_loaded(self, game: SpiritGame) -> None:
        self._start_game(game)

    undo = ControllerBase.undo_turn  # the names this controller had before
    redo = ControllerBase.redo_turn

    # ------------------------------------------------------------------ hidden setup (S2, H4)
    def visible_setup(self) -> dict:
        return self.setup.visible() if self.setup is not None else {}

    def remaining(self) -> dict:
        return self.setup.remaining() if self.setup is not None and self.setup.phase == "placing" else {}

    def choose_kind(self, index: int):
        if 0 <= index < len(self.kinds):
            self.place_kind = self.kinds[index]
            left = self.remaining().get(self.place_kind, 0)
            self.say(f"Placing {self.place_kind} ({left} left). Click a square of your half.")

    def setup_click(self, c):
        st = self.setup
        if st.phase != "placing":
            self.say("Hand-over screen: the next player presses Enter when the other one looks away.")
            return
        if c in st.working:
            kind = st.remove(c)
            self.say(f"Took back the {kind} from ({c[0]},{c[1]}).")
            return
        kind = self.place_kind
        if self.remaining().get(kind, 0) <= 0:
            nxt = next((k for k in self.kinds if self.remaining().get(k, 0) > 0), None)
            if nxt is None:
                self.error("All 19 pieces are placed: Enter commits (or click a piece to take it back).")
                return
            kind = self.place_kind = nxt
        try:
            st.place(c, kind)
        except DaqiError as exc:
            self.error(str(exc))
            return
        left = self.remaining()
        total = sum(left.values())
        if left.get(kind, 0) == 0:
            nxt = next((k for k in self.kinds if left.get(k, 0) > 0), None)
            if nxt is not None:
                self.place_kind = nxt
        self.say(
            f"{kind} on ({c[0]},{c[1]}). {total} pieces left to place." + (" Enter commits." if total == 0 else "")
        )

    def setup_default(self):
        if self.setup is not None and self.setup.phase == "placing":
            placed = len(self.setup.working)
            if placed and not self._default_armed:
                self._default_armed = True
                self.error(
                    f"D replaces the {placed} piece{'s' if placed != 1 else ''} you placed with the default "
                    f"placement: press D again to do it, any other key keeps them."
                )
                return
            self._default_armed = False
            self.setup.fill_default()
            self.say(f"{self.setup.side}: default placement. Enter commits.")

    def setup_enter(self):
        st = self.setup
        if st.phase == "handover":
            st.hand_over()
            self.say("BLACK places 19 pieces in rows 11-19 (white's placement stays hidden). Enter commits.")
            return
        problem = st.problem()
        if problem:
            self.error(f"Cannot commit: {problem}")
            return
        side = st.side
        try:
            st.commit()
        except DaqiError as exc:
            self.error(f"Cannot commit: {exc}")
            return
        if st.phase == "handover" and self.computer_sides:
            st.hand_over()  # issue 16: against the computer nobody needs to look away
            if "black" in self.computer_sides:
                self.say(f"{side} committed. The computer places black's pieces...")
            else:
                self.say("The computer placed white (hidden). BLACK places 19 pieces in rows 11-19; Enter commits.")
        elif st.phase == "handover":
            self.say(f"{side} committed. Hand the screen to BLACK; white looks away. Black presses Enter.")
        else:
            self._start_game(SpiritGame(self.rules, st.committed["white"], st.committed["black"]))
            self._autosave()
            self.say("Both placements committed and revealed. White: click your piece to raise one level (S13).", "ok")

    # ------------------------------------------------------------------ turns (S13)
    def targets(self) -> dict:
        """What to highlight: levelup candidates, the chosen squares and the legal ends."""
        if self.game is None or self.mode != "play" or self.reviewing or self.computer_to_move():
            return {}
        out = {"levelup": [], "ends": [], "caught": [], "path": list(self.path)}
        if self.levelup is None:
            out["levelup"] = levelup_squares(self.game.position)
        else:
            out["ends"] = [e for e in self._ends if e not in self._caught]
            out["caught"] = [e for e in self._ends if e in self._caught]
        return out

    def path_caught(self) -> bool:
        """Whether the path built so far steps into an enemy formation zone that catches the mover (S11):
        the move ends there, so the path is complete."""
        return bool(self.path) and self.path[-1] in self._caught

    def budget(self):
        if self.origin is None:
            return None
        pos = self.game.position
        p = pos.pieces[self.origin]
        if self.levelup == self.origin:
            p = SpiritPiece(p.type, p.side, p.level + 1)
        return step_budget(self.rules, p)

    def click_cell(self, c):
        c = tuple(c)
        if self.setup is not None:
            self.setup_click(c)
            return
        if self.reviewing:
            self.say(
                f"Reviewing turn {self.review.ply} of {len(self.game.turns)}: Enter plays from here, Escape "
                f"returns to the game."
            )
            return
        if self.mode == "over":
            self.error(f"The game is over: {self.result_text()}. Ctrl+N starts a new game.")
            return
        if self.computer_to_move():
            self.error(f"The computer plays {self.to_move}: wait for its turn (C gives you this side).")
            return
        if self.chooser is not None:
            self.error("Choose a transform with 1-9 (S8); Enter confirms without one, Escape closes the list.")
            return
        pos = self.game.position
        piece = pos.pieces.get(c)
        side = pos.to_move
        if self.levelup is None:
            if c not in levelup_squares(pos):
                why = (
                    "empty"
                    if piece is None
                    else (
                        f"a {piece.side} {piece.type}"
                        if piece.side != side
                        else f"your {piece.type}, which cannot be raised (S3)"
                    )
                )
                self.error(f"First raise one of your pieces by one level (S13): ({c[0]},{c[1]}) is {why}.")
                return
            self.levelup = c
            self.say(
                f"Raise the {piece.type} on ({c[0]},{c[1]}) to level {piece.level + 1}. Now click the piece to move."
            )
            return
        if self.origin is None:
            if piece is None or piece.side != side:
                self.error(f"Click one of {side}'s pieces to move.")
                return
            ends = legal_paths(pos, c, self.levelup)
            if not ends:
                self.error(
                    f"The {piece.type} on ({c[0]},{c[1]}) has no legal move now (it may not move, or "
                    f"every path is blocked)."
                )
                return
            self.origin, self._ends, self.path = c, ends, []
            self._caught = catch_squares(pos, c, self.levelup)
            b = self.budget()
            self.say(
                f"Move the {piece.type}: "
                + (f"exactly {plural(b, 'step')}" if b else "any number of diagonal steps")
                + ". Click the path squares one by one, or a highlighted end square"
                + (" (red cross: a formation zone catches it there, S11)." if self._caught else ".")
            )
            return
        last = self.path[-1] if self.path else self.origin
        adjacent = c != last and abs(c[0] - last[0]) <= 1 and abs(c[1] - last[1]) <= 1
        b = self.budget()
        if not adjacent or (b is not None and len(self.path) >= b) or self.path_caught():
            if c in self._ends:
                self.path = list(self._ends[c])
                self._finish_if_complete(force=True)
                return
            self.error(
                f"({c[0]},{c[1]}) is not a next step (squares around ({last[0]},{last[1]})) nor a legal "
                f"end square: {self._why_not_there(c)}"
            )
            return
        self.path.append(c)
        self._finish_if_complete()

    def _why_not_there(self, c) -> str:
        """Why the piece being moved cannot end on ``c``, in words (issue 13: say why)."""
        pos = self.game.position
        mover = pos.pieces[self.origin]
        kind = self.rules.pieces[mover.type]
        there = pos.pieces.get(c)
        if there is not None and there.side == mover.side:
            return f"it holds your own {there.type}."
        if kind.formation:
            return (
                "a formation moves one step, onto an empty square (or an enemy formation) next to both "
                "itself and one of your other pieces that stands next to it."
            )
        b = self.budget()
        how = "diagonal " if kind.diagonal else ""
        count = f"exactly {plural(b, how + 'step')}" if b is not None else f"any number of {how}steps"
        art = "an" if mover.type[:1] in "aeiou" else "a"
        enemy = "black" if mover.side == "white" else "white"
        if formation_zones(pos).get(c, {}).get(enemy, 0) > 0:
            return (
                f"it lies in an enemy formation's zone, where a piece stronger than the formation may not "
                f"stop (and a weaker one is captured); {art} {mover.type} moves {count}."
            )
        return f"{art} {mover.type} moves {count}, each to a neighbouring square, through empty squares."

    def _finish_if_complete(self, force=False):
        b = self.budget()
        if self.path_caught():  # S11: the move ends here; confirming it costs the piece
            at = self.path[-1]
            self.say(
                f"Caught on ({at[0]},{at[1]}): an enemy formation zone captures the mover there (S11) and "
                f"its move ends. Enter confirms, Backspace takes the step back.",
                "error",
            )
            return
        if b is not None and len(self.path) == b or force and b is not None:
            if self.transform_options():
                self.say(
                    f"Path complete ({plural(len(self.path), 'step')}). Enter confirms the turn; X: a "
                    f"disciple may transform (S8)."
                )
                return
            self.confirm()
        else:
            n = len(self.path)
            self.say(
                f"Path: {n} step{'s' if n != 1 else ''}"
                + (f" of {b}" if b else "")
                + (". Enter confirms." if b is None else ".")
            )

    def confirm(self):
        if self.game is None or self.levelup is None or self.origin is None or not self.path:
            self.error("A turn needs a level-up, a piece to move and its path (S13).")
            return False
        turn = SpiritTurn(self.levelup, self.origin, tuple(self.path), self.transform)
        side = self.game.position.to_move
        self.chooser = None
        try:
            self.game.play(turn)
            caps = self.game.captures[-1]
        except DaqiError as exc:
            if self.transform is not None:
                self.transform = None
                self.error(f"Not allowed: {exc}. Enter confirms the turn without it.")
                return False
            self.path = []
            self.error(f"Not allowed: {exc}. Click the path again.")
            return False
        self._clear_turn()
        self._autosave()
        txt = f"{side.capitalize()} played {format_spirit_turn(turn)}"
        if caps:
            txt += "; captured " + ", ".join(f"{c.piece.side} {c.piece.type} on ({c.at[0]},{c.at[1]})" for c in caps)
        if self.game.result is not None:
            self.say(txt + f". Game over: {self.result_text()}.", "ok")
        else:
            self.say(txt + f". {self.game.position.to_move.capitalize()}: raise a piece.", "ok")
        return True

    # ------------------------------------------------------------------ transform (S8)
    def _turn_so_far(self, transform=None):
        """The turn being built, or None while it lacks a level-up, a mover or a path."""
        if self.game is None or self.levelup is None or self.origin is None or not self.path:
            return None
        return SpiritTurn(self.levelup, self.origin, tuple(self.path), transform)

    def transform_options(self) -> list:
        """[(label, SpiritTransform)] allowed after the move being built (S8); [] if none or no move yet."""
        turn = self._turn_so_far()
        if turn is None:
            return []
        pos = self.game.position
        cached = getattr(self, "_transform_cache", None)  # the HUD asks every frame
        if cached is not None and cached[0] is pos and cached[1] == turn:
            return list(cached[2])
        out = self._compute_transform_options(pos, turn)
        self._transform_cache = (pos, turn, out)
        return list(out)

    def _compute_transform_options(self, pos, turn) -> list:
        try:
            after, _caps = apply_spirit_turn(pos, turn)
        except DaqiError:
            return []
        side = pos.to_move
        kinds = [k for k, spec in self.rules.pieces.items() if not spec.royal and not spec.transforms]
        out = []
        for at, p in sorted(after.pieces.items()):
            spec = self.rules.pieces[p.type]
            if p.side != side or not spec.transforms or p.level < spec.transform_level:
                continue
            for into in kinds:
                tr = SpiritTransform(at, into)
                try:
                    apply_spirit_turn(pos, self._turn_so_far(tr))
                except DaqiError:
                    continue
                out.append((f"{p.type} on ({at[0]},{at[1]}), level {p.level} -> {into}", tr))
        return out

    def _no_transform_reason(self) -> str:
        turn = self._turn_so_far()
        pos = self.game.position
        try:
            after, _caps = apply_spirit_turn(pos, turn)
        except DaqiError as exc:
            return f"this move is not allowed ({exc})"
        side = pos.to_move
        disciples = [(c, p) for c, p in after.pieces.items() if p.side == side and self.rules.pieces[p.type].transforms]
        if not disciples:
            return f"{side} has no disciple after this move"
        ready = [(c, p) for c, p in disciples if p.level >= self.rules.pieces[p.type].transform_level]
        if not ready:
            need = min(self.rules.pieces[p.type].transform_level for _c, p in disciples)
            best = max(p.level for _c, p in disciples)
            return f"a disciple needs level {need} or more; {side}'s highest disciple is level {best} after this move"
        return (
            f"{side} still has every kind a disciple may become at its starting count (a disciple may only "
            f"turn into a kind its side has lost)"
        )

    def open_transform(self) -> bool:
        """X: the chooser of the transforms (S8) allowed after the move being built."""
        if self.mode != "play":
            self.error("A transform (S8) is part of a turn during play.")
            return False
        if self._turn_so_far() is None:
            self.error(
                "A transform (S8) comes after the move: raise a piece, click the piece to move and its "
                "path first, then press X."
            )
            return False
        b = self.budget()
        if b is not None and len(self.path) != b and not self.path_caught():
            self.error(f"Finish the path first ({len(self.path)} of {plural(b, 'step')}), then press X to transform.")
            return False
        opts = self.transform_options()
        if not opts:
            self.error(f"No transform (S8) is allowed here: {self._no_transform_reason()}. Enter confirms the turn.")
            return False
        self.chooser = opts[:9]
        self.say(
            "Transform a disciple (S8): press 1-" + str(len(self.chooser)) + " to choose; Enter confirms "
            "without a transform; Escape closes the list."
        )
        return True

    def choose_transform(self, index: int) -> bool:
        """Pick entry ``index`` (0-based) of the transform chooser and play the turn with it."""
        if self.chooser is None or not 0 <= index < len(self.chooser):
            return False
        self.transform = self.chooser[index][1]
        self.chooser = None
        return self.confirm()

    def _chooser_key(self, name) -> bool:
        if name.isdigit() and name != "0":
            self.choose_transform(int(name) - 1)
        elif name in ("enter", "return"):
            self.chooser = None
            self.confirm()
        elif name in ("escape", "backspace", "x"):
            self.chooser = None
            self.say("Transform list closed: Enter confirms the turn without a transform, X opens it again.")
        return True

    def back(self):
        if self.setup is not None:
            return
        self.chooser = None
        self.transform = None
        if self.path:
            self.path.pop()
        elif self.origin is not None:
            self.origin, self._ends, self._caught = None, {}, set()
        elif self.levelup is not None:
            self.levelup = None
        self.say("Took back the last click.")

    # ------------------------------------------------------------------ keys
    def _game_key(self, name, shift, ctrl) -> bool:
        if ctrl:
            return self._ctrl_key(name)
        if name != "d":
            self._default_armed = False
        if self.setup is None and self._review_key(name, shift, ctrl):
            return True
        if self.chooser is None and self._cursor_key(name):
            return True
        if name in ("/", "f3") and self.setup is None:
            self.open_move_box()
            return True
        if self.setup is not None and name.isdigit() and name != "0":
            self.choose_kind(int(name) - 1)
            return True
        if self.setup is None and self.chooser is not None:
            return self._chooser_key("enter" if name == "return" else name)
        if self._computer_key(name, shift):
            return True
        keys = self._setup_keys() if self.setup is not None else self._play_keys()
        return run_key(keys, "enter" if name == "return" else name)

    def _setup_keys(self) -> dict:
        return {"enter": self.setup_enter, "q": self.quick_start, "d": self.setup_default}

    def _play_keys(self) -> dict:
        return {"enter": self.confirm, "backspace": self.back, "escape": self.cancel, "x": self.open_transform}

    def cancel(self):
        self._clear_turn()
        self.say("Turn cancelled.")

    # ------------------------------------------------------------------ the computer (viewer.ui.computer)
    def tick(self, dt: float) -> None:
        super().tick(dt)
        self.computer_tick()

    # ------------------------------------------------------------------ the tutorial (viewer.app.tutorial)
    def solution_steps(self, turn) -> list[tuple[str, object]]:
        """The tutorial's "show me" steps of ``turn``: click the level-up, the mover, each path square, confirm."""
        clicks = [turn.levelup, turn.origin, *turn.path]
        return [("click", sq) for sq in clicks] + [("confirm", None)]

    def turn_pending(self) -> bool:
        """Whether a turn is being built (a level-up chosen)."""
        return self.levelup is not None

    def _computer_play(self, turn) -> bool:
        """Play the computer's turn through the human's path (level-up, mover, path, transform, confirm)."""
        self._clear_turn()
        self.levelup, self.origin, self.path = turn.levelup, turn.origin, list(turn.path)
        self.transform = turn.transform
        if self.confirm():
            return True
        self._clear_turn()
        return False

    def _computer_setup_step(self) -> None:
        st = self.setup
        if st is None or self.prompt is not None:
            return
        if st.phase == "handover":
            self.setup_enter()  # against the computer nobody needs to look away
        elif st.side in self.computer_sides:
            st.fill_default()
            self.setup_enter()

    def _computer_turn_text(self, turn) -> str:
        return format_spirit_turn(turn)

    def hint_marks(self) -> dict:
        """The hinted turn: {"levelup": sq, "origin": sq, "path": [sq, ...]} ({} without a hint)."""
        t = self.hint_turn()
        if t is None:
            return {}
        return {"levelup": t.levelup, "origin": t.origin, "path": list(t.path)}

    def glide_seconds(self) -> float:
        if self.glide is None or self.game is None or not 1 <= self.glide[0] <= len(self.game.turns):
            return 0.0
        return GLIDE_STEP_S * len(self.game.turns[self.glide[0] - 1].path)

    def glide_at(self):
        """(square the moving piece stands on after the turn, (x, y) in cells where it is drawn now) during
        the glide of the computer's last turn, else None."""
        g = self.glide
        if g is None or self.game is None or g[0] != len(self.game.turns):
            return None
        turn = self.game.turns[-1]
        pts = [turn.origin] + list(turn.path)
        total = self.glide_seconds()
        if total <= 0 or self.time - g[1] >= total:
            return None
        f = (self.time - g[1]) / total * (len(pts) - 1)
        i = min(int(f), len(pts) - 2)
        u = f - i
        (x0, y0), (x1, y1) = pts[i], pts[i + 1]
        return pts[-1], (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u)

    # ------------------------------------------------------------------ HUD queries
    def _can_redo(self) -> bool:
        return self.game.can_redo

    def _turn_text(self, index: int, style: str) -> str:
        return format_spirit_turn(self.game.turns[index])

    def zones(self) -> dict:
        return formation_zones(self.position) if self.game is not None else {}

    def effective(self, c) -> int:
        return effective_level(self.position, c)

    def board(self) -> dict:
        """{coord: (type, side, level or None)} for drawing; the setup shows only what H4 allows."""
        if self.setup is not None:
            return {c: (k, s, self.rules.pieces[k].level) for c, (k, s) in self.visible_setup().items()}
        out = {c: (p.type, p.side, p.level) for c, p in self.position.pieces.items()}
        if self.levelup is not None and self.levelup in out:
            k, s, lv = out[self.levelup]
            out[self.levelup] = (k, s, lv + 1)
        return out

    # ------------------------------------------------------------------ review, rematch, typed turns
    def _rematch_game(self):
        return SpiritGame(self.rules, dict(self.game.white), dict(self.game.black))

    def open_move_box(self) -> None:
        if self.game is None or self.mode != "play" or self.reviewing:
            self.error("Typed turns are for play (the game is not running now).")
            return
        self._clear_turn()
        self.prompt = Prompt("move", MOVE_BOX_TITLE, "", swallow="/")

    def play_typed(self, text: str) -> bool:
        """A whole turn in the record notation (level-up, mover, path[, transform])."""
        text = text.strip()
        title = MOVE_BOX_TITLE
        try:
            turn = parse_spirit_turn(text)
        except DaqiError as exc:
            self.error(f"Could not read the turn: {exc}")
            self.prompt = Prompt("move", title, text)
            return False
        self.levelup, self.origin, self.path, self.transform = (
            turn.levelup,
            turn.origin,
            list(turn.path),
            turn.transform,
        )
        if self.confirm():
            return True
        self._clear_turn()
        self.prompt = Prompt("move", title, text)
        return False
