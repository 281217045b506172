"""Puzzles in the window (``daqi puzzles play [FILE]``).

:class:`PuzzleSession` runs the puzzles of :mod:`engine.puzzles` in the normal game window, the
way the tutorial runs its lessons: each puzzle is a game of the game's own controller started
from the puzzle's position, so every click and key works as in play.  When the solver has played
a turn, :func:`engine.puzzles.judge` decides: a solution is marked solved (kept between sessions in
``$XDG_DATA_HOME/daqi/puzzles-progress.json``) and the opponent's reply of the forced line is
played for the solver; in a win in two the defence is played after the first right turn and the
solver plays on; a wrong turn gets the reason in words and the refuting reply on the board.  The
cube board is seen from the solver's side (black's when black solves), as in play.

Keys: H hint (the puzzle's themes), F4 show the solution, F5 try again, F6 / F7 previous / next
puzzle, F8 leave.  The window calls the hooks ``key``, ``mouse_press``, ``tick`` and ``draw``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from engine.core.files import atomic_write_text
from engine.puzzles import Verdict, judge

from ..ui.control_common import default_autosave_path
from ..ui.panels import SANS, TEXT, Panel
from ..ui.words import result_words
from .session_view import controller_for, game_from, panel_top, panel_width, show_controller

KEYS = {"h": "hint", "f4": "show", "f5": "restart", "f6": "prev", "f7": "next", "f8": "leave"}
MAX_PROGRESS_BYTES = 1 << 20


def progress_path() -> Path:
    """Where solved puzzles are remembered (the user data folder, next to the autosave)."""
    return default_autosave_path().parent / "puzzles-progress.json"


def load_progress(path: Path) -> set:
    """The ids of solved puzzles (an unreadable or foreign file counts as none solved)."""
    try:
        if not path.is_file() or path.stat().st_size > MAX_PROGRESS_BYTES:
            return set()
        data = json.loads(path.read_text(encoding="utf-8"))
        return {s for s in data.get("solved", []) if isinstance(s, str)}
    except (OSError, ValueError, AttributeError):
        return set()


class PuzzleSession:
    """One puzzle at a time: judge the solver's turn, play the replies, keep the progress."""

    def __init__(self, puzzles: list, start: int | None = None, progress: Path | None = None):
        if not puzzles:
            raise ValueError("no puzzles to play")
        self.puzzles = puzzles
        self.progress_file = progress if progress is not None else progress_path()
        self.solved = load_progress(self.progress_file)
        if start is None:  # the first unsolved puzzle
            start = next((i for i, p in enumerate(puzzles) if p.id not in self.solved), 0)
        self.index = start
        self.window: Any = None  # the DaqiWindow showing the puzzles
        self.controller: Any = None  # the puzzle game's controller (a viewer.ui.protocols.GameController)
        self.game: Any = None  # the puzzle's game (engine.core.games.Game)
        self.state = "solve"  # solve | solved | failed | shown
        self.step = 0
        self.verdict: Verdict | None = None
        self.hint_shown = False
        self.panel: Panel | None = None
        self.modal = False

    @property
    def puzzle(self):
        return self.puzzles[self.index]

    # ------------------------------------------------------------------ puzzles
    def attach(self, window) -> None:
        self.window = window
        self.start_puzzle(self.index)

    def start_puzzle(self, index: int) -> None:
        self.index = max(0, min(len(self.puzzles) - 1, index))
        p = self.puzzle
        self.start = p.start()
        self.state, self.verdict, self.hint_shown = "solve", None, False
        self.step = 0  # the solver's turns judged right so far (a win in two has two)
        self.game = game_from(self.start)
        c = controller_for(self.game)
        c.seen_from = self.start.to_move  # the camera looks from the solver's side, as in play
        c.session_says_result = True  # no game-over banner over the board: the panel says it
        self.controller = c
        if self.window is not None:
            self._install(c)
        c.say(f"Puzzle {self.index + 1}: {p.goal_words()}. (H: hint, F4: show me, F7: next)")

    def _install(self, c) -> None:
        caption = f"Daqi - puzzle {self.index + 1}/{len(self.puzzles)} ({self.puzzle.id})"
        show_controller(self.window, self.puzzle.game, c, caption)

    def _save_progress(self) -> None:
        try:
            self.progress_file.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.progress_file, json.dumps({"solved": sorted(self.solved)}, indent=1) + "\n")
        except OSError as exc:  # a read-only home: the puzzle is still solved for this session
            self.controller.error(f"could not save the puzzle progress: {exc}")

    # ------------------------------------------------------------------ judging
    def update(self) -> None:
        """Judge the solver's turn once it is on the board (each of its turns in a longer line)."""
        i = 2 * self.step
        if self.game is None or self.state != "solve" or len(self.game.turns) <= i:
            return
        p = self.puzzle
        v = judge(p, self.game.positions[i], self.game.turns[i], self.step)
        self.verdict = v
        c = self.controller
        if v.correct and not v.done:  # a right turn of a longer line: the defence is played, go on
            self.step += 1
            if v.reply is not None:
                c._computer_play(v.reply)
            c.say(f"Right! {v.words[0].upper() + v.words[1:]}: find that turn.", "ok")
        elif v.correct:
            self.state = "solved"
            self.solved.add(p.id)
            self._save_progress()
            line = p.turns()
            if len(line) > i + 1 and self.game.position.result is None and self.game.turns[: i + 1] == line[: i + 1]:
                c._computer_play(line[i + 1])  # the opponent's reply of the forced line
            c.say(f"Solved! {plain_words(v.words)}. F7: the next puzzle ({len(self.solved)} solved).", "ok")
        else:
            self.state = "failed"
            if v.reply is not None and self.game.position.result is None:
                c._computer_play(v.reply)  # show the refutation on the board
            c.error(f"{v.words}. F5 tries again, F4 shows the solution.")

    # ------------------------------------------------------------------ commands
    def command(self, name: str) -> None:
        if name == "hint":
            self.hint_shown = True
            themes = [t for t in self.puzzle.tags if t not in ("win", "material")]
            self.controller.say("Hint: " + (", ".join(themes) if themes else "look for the biggest capture") + ".")
        elif name == "show":
            self.start_puzzle(self.index)
            c = self.controller
            self.state = "shown"
            for t in self.puzzle.turns():  # the whole forced line
                c._computer_play(t)
            c.say(f"The solution: {'  '.join(self.puzzle.line)}. F5 tries it yourself, F7 the next puzzle.")
        elif name == "restart":
            self.start_puzzle(self.index)
        elif name == "prev":
            self.start_puzzle(self.index - 1)
        elif name == "next":
            self.start_puzzle(self.index + 1)
        elif name == "leave":
            self.leave()

    def leave(self) -> None:
        win, self.window = self.window, None
        if win is not None:
            win.tutorial = None
            self.controller.say("Puzzles closed. 'daqi puzzles play' brings them back.")

    # ------------------------------------------------------------------ window hooks
    def key(self, window, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        c = self.controller
        if c is None or c.prompt is not None or c.help_visible or ctrl:
            return False
        cmd = KEYS.get(name)
        if cmd is None:
            return False
        self.command(cmd)
        return True

    def mouse_press(self, window, x, y, button=None) -> bool:
        return False

    def tick(self, window, dt: float) -> None:
        self.update()

    def draw(self, window) -> None:
        self.update()
        if self.panel is None:
            import pyglet

            self.batch = pyglet.graphics.Batch()
            g0, g1 = pyglet.graphics.Group(order=10), pyglet.graphics.Group(order=11)
            self.panel = Panel(self.batch, (g0, g1), font=SANS, size=11, anchor="top-right", width=380)
        width = panel_width(window)
        if self.panel.label.width != width:
            self.panel.label.width = width
        self.panel.set(panel_text(self), window.width - 14, panel_top(window), TEXT)
        self.batch.draw()


def plain_words(words: str) -> str:
    """A verdict with a game result's reason in the window's plain words (``white wins (score
    (C16))`` -> ``white wins: the score fell to 0 or to half of the opponent's``)."""
    m = re.fullmatch(r"(.*?wins(?: at once)?) \((.+)\)", words)
    if m is None:
        return words
    return f"{m.group(1)}: {result_words(m.group(2))[0]}"


def panel_text(s: PuzzleSession) -> str:
    p = s.puzzle
    lines = [
        f"PUZZLE {s.index + 1} of {len(s.puzzles)}  ·  rating {p.rating}  ·  {p.game} chess",
        "",
        p.goal_words()[0].upper() + p.goal_words()[1:] + ".",
    ]
    if s.hint_shown:
        lines += ["", "Themes: " + (", ".join(t for t in p.tags if t not in ("win", "material")) or "-")]
    if p.moves > 1 and s.state == "solve":
        lines += ["", f"Your turn {s.step + 1} of {p.moves}" + ("  ·  RIGHT SO FAR" if s.step else "")]
    if s.state == "solved":
        lines += ["", "SOLVED  " + (plain_words(s.verdict.words) if s.verdict else "")]
    elif s.state == "failed":
        lines += ["", "NOT YET  " + (s.verdict.words if s.verdict else "")]
    elif s.state == "shown":
        lines += ["", f"Solution: {'  '.join(p.line)}"]
    lines += [
        "",
        f"solved {len(s.solved & {q.id for q in s.puzzles})} of {len(s.puzzles)}"
        + ("  ·  this one: solved" if p.id in s.solved else ""),
        "H hint · F4 show · F5 again · F6/F7 prev/next · F8 leave",
    ]
    return "\n".join(lines)
