"""Spirit chess (灵棋) interaction state machine (no GL, no pyglet, no wall clock).

Phases: ``setup`` (hidden placement, H4: white places and commits, a hand-over
screen, black places and commits; S2 is checked on commit), ``play`` and
``over``.  A turn (S13) is built by clicks: first the own piece to raise one
level, then the piece to move, then its path squares one by one (or a
highlighted end square, which takes a legal path there); Enter confirms when
the path is complete (a piece with a fixed step count confirms itself on its
last step).  All rules are the engine's (:mod:`engine.spirit`).
"""
from __future__ import annotations

from pathlib import Path

from engine import DaqiError, load_ruleset
from engine.spirit import (SpiritGame, SpiritPiece, SpiritSetup, SpiritTurn, effective_level, format_spirit_turn,
                           formation_zones, legal_paths, levelup_squares, step_budget)

from .bindings import SPIRIT_BINDINGS
from .control_common import ControllerBase, Message, Prompt, run_key

__all__ = ["SPIRIT_BINDINGS", "Message", "Prompt", "SpiritController"]


class SpiritController(ControllerBase):
    game_name = "spirit"
    game_class = SpiritGame
    default_save_name = "daqi-spirit.txt"
    nothing_to_save = "Nothing to save before both placements are committed."

    def __init__(self, rules="spirit", *, quick: bool = False, autosave_path=None, save_path=None):
        super().__init__(load_ruleset(rules) if isinstance(rules, (str, Path)) else rules, autosave_path, save_path)
        self.kinds = list(self.rules.pieces)
        self.place_kind = self.kinds[0]
        self.setup: SpiritSetup | None = None
        self._clear_turn()
        self.new_game(quick=quick)

    # ------------------------------------------------------------------ state
    @property
    def mode(self) -> str:
        if self.setup is not None:
            return "handover" if self.setup.phase == "handover" else "setup"
        if self.game.result is not None:
            return "over"
        return "play"

    @property
    def position(self):
        return self.game.position if self.game is not None else None

    @property
    def to_move(self) -> str:
        return self.setup.side if self.setup is not None else self.game.position.to_move

    def _clear_turn(self):
        self.levelup = None
        self.origin = None
        self.path: list = []
        self._ends: dict = {}

    # ------------------------------------------------------------------ lifecycle
    def new_game(self, quick: bool = False):
        self._clear_turn()
        self.game = None
        self.setup = SpiritSetup(self.rules)
        if quick:
            self.quick_start()
        else:
            self.say("Spirit chess: WHITE places 19 pieces in rows 1-9 while black looks away. Choose a kind "
                     "(1-7), click squares; D = default placement; Enter commits.")

    def quick_start(self):
        self.setup = None
        self.game = SpiritGame(self.rules)
        self._autosave()
        self.say("Quick start: default placements. White: click your piece to raise one level.", "ok")

    def _start_game(self, game: SpiritGame):
        self.setup = None
        self.game = game
        self._clear_turn()

    def _adopt_loaded(self, game: SpiritGame) -> None:
        self._start_game(game)

    def _after_position_change(self) -> None:
        self._autosave()

    undo = ControllerBase.undo_turn           # the names this controller had before
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
        self.say(f"{kind} on ({c[0]},{c[1]}). {total} pieces left to place." +
                 (" Enter commits." if total == 0 else ""))

    def setup_default(self):
        if self.setup is not None and self.setup.phase == "placing":
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
        if st.phase == "handover":
            self.say(f"{side} committed. Hand the screen to BLACK; white looks away. Black presses Enter.")
        else:
            self._start_game(SpiritGame(self.rules, st.committed["white"], st.committed["black"]))
            self._autosave()
            self.say("Both placements committed and revealed. White: click your piece to raise one level (S13).",
                     "ok")

    # ------------------------------------------------------------------ turns (S13)
    def targets(self) -> dict:
        """What to highlight: levelup candidates, the chosen squares and the legal ends."""
        if self.game is None or self.mode != "play":
            return {}
        out = {"levelup": [], "ends": [], "path": list(self.path)}
        if self.levelup is None:
            out["levelup"] = levelup_squares(self.game.position)
        else:
            out["ends"] = list(self._ends)
        return out

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
        if self.mode == "over":
            self.error(f"The game is over: {self.result_text()}. Ctrl+N starts a new game.")
            return
        pos = self.game.position
        piece = pos.pieces.get(c)
        side = pos.to_move
        if self.levelup is None:
            if c not in levelup_squares(pos):
                why = "empty" if piece is None else (f"a {piece.side} {piece.type}" if piece.side != side
                                                     else f"your {piece.type}, which cannot be raised (S3)")
                self.error(f"First raise one of your pieces by one level (S13): ({c[0]},{c[1]}) is {why}.")
                return
            self.levelup = c
            self.say(f"Raise the {piece.type} on ({c[0]},{c[1]}) to level {piece.level + 1}. Now click the "
                     f"piece to move.")
            return
        if self.origin is None:
            if piece is None or piece.side != side:
                self.error(f"Click one of {side}'s pieces to move.")
                return
            ends = legal_paths(pos, c, self.levelup)
            if not ends:
                self.error(f"The {piece.type} on ({c[0]},{c[1]}) has no legal move now (it may not move, or "
                           f"every path is blocked).")
                return
            self.origin, self._ends, self.path = c, ends, []
            b = self.budget()
            self.say(f"Move the {piece.type}: " + (f"exactly {b} steps" if b else "any number of diagonal steps")
                     + ". Click the path squares one by one, or a highlighted end square.")
            return
        last = self.path[-1] if self.path else self.origin
        adjacent = c != last and abs(c[0] - last[0]) <= 1 and abs(c[1] - last[1]) <= 1
        b = self.budget()
        if not adjacent or (b is not None and len(self.path) >= b):
            if c in self._ends:
                self.path = list(self._ends[c])
                self._finish_if_complete(force=True)
                return
            self.error(f"({c[0]},{c[1]}) is not a next step (squares around ({last[0]},{last[1]})) nor a legal "
                       f"end square.")
            return
        self.path.append(c)
        self._finish_if_complete()

    def _finish_if_complete(self, force=False):
        b = self.budget()
        if b is not None and len(self.path) == b or force and b is not None:
            self.confirm()
        else:
            n = len(self.path)
            self.say(f"Path: {n} step{'s' if n != 1 else ''}" + (f" of {b}" if b else "") +
                     (". Enter confirms." if b is None else "."))

    def confirm(self):
        if self.game is None or self.levelup is None or self.origin is None or not self.path:
            self.error("A turn needs a level-up, a piece to move and its path (S13).")
            return False
        turn = SpiritTurn(self.levelup, self.origin, tuple(self.path))
        side = self.game.position.to_move
        try:
            caps = self.game.play(turn)
        except DaqiError as exc:
            self.path = []
            self.error(f"Not allowed: {exc}. Click the path again.")
            return False
        self._clear_turn()
        self._autosave()
        txt = f"{side} played {format_spirit_turn(turn)}"
        if caps:
            txt += "; captured " + ", ".join(f"{c.piece.side} {c.piece.type} on ({c.at[0]},{c.at[1]})" for c in caps)
        if self.game.result is not None:
            self.say(txt + f". Game over: {self.result_text()}.", "ok")
        else:
            self.say(txt + f". {self.game.position.to_move}: raise a piece.", "ok")
        return True

    def back(self):
        if self.setup is not None:
            return
        if self.path:
            self.path.pop()
        elif self.origin is not None:
            self.origin, self._ends = None, {}
        elif self.levelup is not None:
            self.levelup = None
        self.say("Took back the last click.")

    # ------------------------------------------------------------------ keys
    def _game_key(self, name, shift, ctrl) -> bool:
        if ctrl:
            return self._ctrl_key(name)
        if self.setup is not None and name.isdigit() and name != "0":
            self.choose_kind(int(name) - 1)
            return True
        keys = self._setup_keys() if self.setup is not None else self._play_keys()
        return run_key(keys, "enter" if name == "return" else name)

    def _setup_keys(self) -> dict:
        return {"enter": self.setup_enter, "q": self.quick_start, "d": self.setup_default}

    def _play_keys(self) -> dict:
        return {"enter": self.confirm, "backspace": self.back, "escape": self.cancel}

    def cancel(self):
        self._clear_turn()
        self.say("Turn cancelled.")

    # ------------------------------------------------------------------ HUD queries
    def _can_redo(self) -> bool:
        return self.game.can_redo

    def _turn_text(self, index: int, style: str) -> str:
        return format_spirit_turn(self.game.turns[index])

    def zones(self) -> dict:
        return formation_zones(self.game.position) if self.game is not None else {}

    def effective(self, c) -> int:
        return effective_level(self.game.position, c)

    def board(self) -> dict:
        """{coord: (type, side, level or None)} for drawing; the setup shows only what H4 allows."""
        if self.setup is not None:
            return {c: (k, s, self.rules.pieces[k].level) for c, (k, s) in self.visible_setup().items()}
        out = {c: (p.type, p.side, p.level) for c, p in self.game.position.pieces.items()}
        if self.levelup is not None and self.levelup in out:
            k, s, lv = out[self.levelup]
            out[self.levelup] = (k, s, lv + 1)
        return out
