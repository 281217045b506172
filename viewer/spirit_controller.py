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

import os
from pathlib import Path

from engine import DaqiError, IllegalAction, load_ruleset
from engine.spirit import (SpiritGame, SpiritSetup, SpiritTurn, effective_level,
                           format_spirit_turn, formation_zones, legal_paths, levelup_squares, step_budget)

from .controller import Message, Prompt

SPIRIT_BINDINGS: list[tuple[str, str]] = [
    ("Setup: 1-7 or click the palette", "choose the kind of piece to place"),
    ("Setup: click a square of your half", "place it there; click your piece again to take it back"),
    ("Setup: D", "fill your half with the default placement"),
    ("Setup: Enter", "commit your placement (S2 is checked), then hand the screen over"),
    ("Play: click", "1) your piece to raise one level, 2) the piece to move, 3) its path squares one by one "
                    "(or a highlighted end square)"),
    ("Enter", "confirm the turn (a fixed-step piece confirms on its last step)"),
    ("Backspace / Escape", "take back the last click / cancel the turn"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo a turn"),
    ("Ctrl+N", "new game (hidden setup)"),
    ("Ctrl+S / Ctrl+O", "save / load a record (type a path, Enter)"),
    ("Q (setup)", "quick start: default placements for both sides"),
    ("F2", "switch to cube chess"),
    ("F9", "start / stop recording the window"),
    ("H or F1", "this help"),
]


class SpiritController:
    game_name = "spirit"

    def __init__(self, rules="spirit", *, quick: bool = False, autosave_path=None, save_path=None):
        self.rules = load_ruleset(rules) if isinstance(rules, (str, Path)) else rules
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.save_path = Path(save_path) if save_path else Path.cwd() / "daqi-spirit.txt"
        self.message = Message("")
        self.help_visible = False
        self.prompt: Prompt | None = None
        self.recording = False
        self.time = 0.0
        self.hovered = None
        self.kinds = list(self.rules.pieces)
        self.place_kind = self.kinds[0]
        self.game: SpiritGame | None = None
        self.setup: SpiritSetup | None = None
        self._clear_turn()
        self.new_game(quick=quick)

    # ------------------------------------------------------------------ helpers
    def say(self, text, level="info"):
        self.message = Message(text, level)

    def error(self, text):
        self.say(text, "error")

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

    def _start(self, game: SpiritGame):
        self.setup = None
        self.game = game
        self._clear_turn()

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
            self._start(SpiritGame(self.rules, st.committed["white"], st.committed["black"]))
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
            from engine.spirit import SpiritPiece
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

    # ------------------------------------------------------------------ history and files
    def _autosave(self):
        if self.autosave_path is None or self.game is None:
            return
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(self.autosave_path)
        except OSError as exc:
            self.error(f"autosave failed: {exc}")

    def undo(self):
        self._clear_turn()
        if self.game is None or not self.game.can_undo:
            self.error("Nothing to undo.")
            return
        self.game.undo()
        self._autosave()
        self.say(f"Undid a turn. {self.game.position.to_move} to move.")

    def redo(self):
        self._clear_turn()
        if self.game is None or not self.game.can_redo:
            self.error("Nothing to redo.")
            return
        self.game.redo()
        self._autosave()
        self.say(f"Redid a turn. {self.game.position.to_move} to move.")

    def save(self, path) -> bool:
        if self.game is None:
            self.error("Nothing to save before both placements are committed.")
            return False
        try:
            self.game.save(path)
        except OSError as exc:
            self.error(f"Could not save to {path}: {exc}")
            return False
        self.save_path = Path(path)
        self.say(f"Saved {len(self.game.turns)} turns to {path}.", "ok")
        return True

    def load(self, path) -> bool:
        try:
            game = SpiritGame.load(path)
        except (DaqiError, OSError, UnicodeDecodeError) as exc:
            self.error(f"Could not load {path}: {exc}")
            return False
        self._start(game)
        self.save_path = Path(path)
        self.say(f"Loaded {path}: {len(game.turns)} turns, {game.position.to_move} to move.", "ok")
        return True

    # ------------------------------------------------------------------ input
    def tick(self, dt):
        self.time += max(0.0, float(dt))

    def text(self, s):
        if self.prompt is not None:
            self.prompt.text += "".join(ch for ch in s if ch.isprintable() and ch not in "\r\n")

    def key(self, name, shift=False, ctrl=False) -> bool:
        name = name.lower()
        if name in ("h", "f1") and self.prompt is None and not ctrl:
            self.help_visible = not self.help_visible
            return True
        if self.help_visible and name == "escape":
            self.help_visible = False
            return True
        if self.prompt is not None:
            if name == "enter":
                p, self.prompt = self.prompt, None
                path = Path(os.path.expanduser(p.text.strip()))
                (self.save if p.kind == "save" else self.load)(path)
            elif name == "escape":
                self.prompt = None
            elif name == "backspace":
                self.prompt.text = self.prompt.text[:-1]
            return True
        if ctrl:
            if name == "z":
                self.undo()
            elif name == "y":
                self.redo()
            elif name == "n":
                self.new_game()
            elif name in ("s", "o"):
                kind = "save" if name == "s" else "load"
                self.prompt = Prompt(kind, ("Save the record to" if kind == "save" else "Load a record from")
                                     + " (Enter = OK, Esc = cancel):", str(self.save_path))
            else:
                return False
            return True
        if self.setup is not None:
            if name == "enter":
                self.setup_enter()
            elif name == "q":
                self.quick_start()
            elif name == "d":
                self.setup_default()
            elif name.isdigit() and name != "0":
                self.choose_kind(int(name) - 1)
            else:
                return False
            return True
        if name == "enter":
            self.confirm()
        elif name == "backspace":
            self.back()
        elif name == "escape":
            self._clear_turn()
            self.say("Turn cancelled.")
        else:
            return False
        return True

    # ------------------------------------------------------------------ HUD queries
    def result_text(self) -> str:
        r = self.game.result if self.game is not None else None
        if r is None:
            return ""
        return (f"{r.winner} wins" if r.winner else "draw") + f" ({r.reason})"

    def turn_list(self) -> list[str]:
        if self.game is None:
            return []
        return [f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'} {format_spirit_turn(t)}"
                for i, t in enumerate(self.game.turns)]

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
