"""The analysis board in the window, for both games (issue 19): no GL, no pyglet.

* **Threats** (J cycles: the game-deciding ones (default) -> all -> none): ``engine.analysis.threats``
  of the shown position, computed once per position.
* **Evaluation** (Shift+J turns the analysis board on/off: the evaluation bar and the best line):
  a background search of the shown position through the computer's executors
  (:mod:`viewer.ui.computer`: a worker process in the window), submitted when the shown position
  changes and read on the next tick, so it reaches the screen with no input and never blocks it.
* **Best turn** (Ctrl+J shows it on the board, Ctrl+Shift+J plays it), **level** (F10 cycles 1-3).
* **Game report** (F11): every position of the game evaluated in the same worker, then the move
  list shows ?! ? ?? and the evaluation graph is drawn (a click on it reviews that turn).

The view of each game draws it (``viewer.cube.analysis_view``, ``viewer.spirit.analysis_view``).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from engine.analysis import decisive, threats
from engine.analysis.report import Evaluation, GameReport, build_report, line_texts

from .computer import Request, make_executor

THREAT_MODES = ("decisive", "all", "off")
MODE_WORDS = {
    "decisive": "the threats that decide the game",
    "all": "every threat of both sides",
    "off": "no threats",
}
ANALYSIS_SEED = 0
#: evaluations kept (a review stepping back and forth shows them at once)
MAX_CACHED = 256
#: its keys are in the key table (viewer.ui.bindings, context "app": J, Shift+J, Ctrl+J, Ctrl+Shift+J, F10, F11)


def shown_position(c) -> Any:
    """The position the analysis is about: the reviewed one, else the game's (None in a setup)."""
    if getattr(c, "mode", None) in ("setup", "handover") or getattr(c, "game", None) is None:
        return None
    if getattr(c, "reviewing", False):
        return c.shown_position()
    return c.game.position


def shown_turn(c) -> int:
    """The window's number of the turn to be played in the shown position ("turn N", both sides
    counted from 1: the record's ``N.``), so a best line reads ``24. … 25. …`` as the HUD does."""
    game = getattr(c, "game", None)
    ply = getattr(getattr(c, "review", None), "ply", None) if getattr(c, "reviewing", False) else None
    if ply is None:
        ply = len(game.turns) if game is not None else 0
    return int(ply) + 1


@dataclass
class EvalShown:
    position_id: int
    evaluation: Evaluation
    line: tuple[str, ...]  # the best line in notation


def _value_key(pos):
    """A key equal for equal positions (the cube position's 64-bit ``key()``, else its hash, else
    its identity)."""
    key = getattr(pos, "key", None)
    if callable(key):
        return key()
    try:
        return hash(pos)
    except TypeError:
        return id(pos)


class AnalysisBoard:
    """The state behind the threat arrows, the evaluation bar, the best line and the game report."""

    def __init__(self, executor: Any = None, level: int = 2):
        self.threat_mode = "decisive"
        self.board_on = False
        self.level = level
        self._executor = executor
        self._job = 0
        self._pending: dict[int, tuple] = {}  # job -> ("eval", position, level) | ("game", index)
        self._threat_cache: tuple | None = None  # (id, threats, position)
        # value key of the position -> (position, EvalShown), newest last: by value, since a game's
        # history replays positions it does not keep (a new object for the same position)
        self._evals: OrderedDict = OrderedDict()
        self._want = None  # the position shown while another was searched
        self.report: GameReport | None = None
        self._game_evals: list | None = None
        self._game_for: Any = None
        self.revision = 0  # grows whenever something drawn changes (state_key)

    # -- executors --------------------------------------------------------------------------
    def executor(self):
        if self._executor is None:
            self._executor = make_executor("process")
        return self._executor

    def close(self) -> None:
        if self._executor is not None:
            self._executor.close()
            self._executor = None

    def _submit(self, what: tuple, position) -> int:
        self._job += 1
        self._pending[self._job] = what
        self.executor().submit(self._job, Request(position, self.level, ANALYSIS_SEED))
        return self._job

    # -- threats ----------------------------------------------------------------------------
    def threats_of(self, pos) -> list:
        if pos is None or self.threat_mode == "off":
            return []
        if self._threat_cache is None or self._threat_cache[2] is not pos:  # the position, not its id:
            self._threat_cache = (id(pos), threats(pos), pos)  # a replayed one may reuse a freed id
        found = self._threat_cache[1]
        return decisive(found) if self.threat_mode == "decisive" else list(found)

    def cycle_threats(self) -> str:
        self.threat_mode = THREAT_MODES[(THREAT_MODES.index(self.threat_mode) + 1) % len(THREAT_MODES)]
        self.revision += 1
        return f"Threats: {MODE_WORDS[self.threat_mode]} (J: next)."

    # -- the evaluation bar -------------------------------------------------------------------
    def toggle_board(self) -> str:
        self.board_on = not self.board_on
        self.revision += 1
        if not self.board_on:
            self._want = None
            return "Analysis board off (Shift+J: on)."
        return (
            f"Analysis board on: the evaluation bar and the best line at level {self.level} (Shift+J: off, F10: level)."
        )

    def cycle_level(self) -> str:
        self.level = self.level % 3 + 1
        self._evals.clear()  # a search still running at the old level is answered, then dropped
        self.revision += 1
        return f"Analysis level {self.level} (F10: next)."

    def _eval_in_flight(self) -> bool:
        return any(w[0] == "eval" for w in self._pending.values())

    def tick(self, pos) -> None:
        """Ask for the shown position's evaluation when it has none; take the answers in.

        One search at a time: a position shown while another is searched (stepping through a
        review) waits as the *latest wish* and is asked for when the search ends — the worker is
        never killed, and every answer is kept (a review stepping back shows it at once)."""
        if self.board_on and pos is not None and pos.result is None and self._cached(pos) is None:
            if not self._eval_in_flight():
                self._submit(("eval", pos, self.level), pos)
                self._want = None
            else:
                self._want = pos
        if not self._pending or self._executor is None:
            return
        for job, outcome in self.executor().poll():
            what = self._pending.pop(job, None)
            if what is None:
                continue
            sug = outcome.suggestion
            ev = (
                Evaluation(0.0)
                if sug is None or sug.turn is None
                else Evaluation(float(sug.eval), sug.turn, tuple(sug.line), int(sug.depth))
            )
            if what[0] == "eval":
                position, level = what[1], what[2]
                if level == self.level:
                    line = line_texts(position, ev.line) if ev.line else ()
                    self._evals[_value_key(position)] = (position, EvalShown(id(position), ev, line))
                    while len(self._evals) > MAX_CACHED:
                        self._evals.popitem(last=False)
                    self.revision += 1
                want, self._want = self._want, None
                if want is not None and self.board_on and self._cached(want) is None:
                    self._submit(("eval", want, self.level), want)
            elif what[0] == "game" and self._game_evals is not None:
                self._game_evals[what[1]] = ev
                self._finish_game_report()

    def _cached(self, pos) -> EvalShown | None:
        hit = self._evals.get(_value_key(pos))
        return hit[1] if hit is not None and (hit[0] is pos or hit[0] == pos) else None

    def evaluation_for(self, pos) -> EvalShown | None:
        """The evaluation shown for ``pos`` (None while it is being searched)."""
        if pos is None:
            return None
        if pos.result is not None:
            from engine.analysis.report import evaluate

            return EvalShown(id(pos), evaluate(pos), ())
        return self._cached(pos)

    def thinking(self) -> bool:
        return self._eval_in_flight()

    def white_value(self, pos) -> float | None:
        """The shown evaluation from white's side (centi-points), None while searching."""
        e = self.evaluation_for(pos)
        if e is None:
            return None
        v = e.evaluation.value
        return v if pos.to_move == "white" else -v

    # -- the game report ------------------------------------------------------------------------
    def analyse_game(self, game) -> str:
        if not getattr(game, "turns", None):
            return "There is no turn to analyse yet."
        for job, what in list(self._pending.items()):
            if what[0] == "game":
                self.executor().cancel(job)
                del self._pending[job]
        self._game_for = game
        self._game_evals = [None] * len(game.positions)
        self.report = None
        for i, pos in enumerate(game.positions):
            if pos.result is not None:
                from engine.analysis.report import evaluate

                self._game_evals[i] = evaluate(pos)
            else:
                self._submit(("game", i), pos)
        self._finish_game_report()
        self.revision += 1
        return f"Analysing the game at level {self.level}: {len(game.positions)} positions in the background."

    def _finish_game_report(self) -> None:
        if self._game_evals is not None and all(e is not None for e in self._game_evals):
            self.report = build_report(self._game_for, self._game_evals, self.level)
            self._game_evals = None
            self.revision += 1

    def game_progress(self) -> tuple[int, int] | None:
        if self._game_evals is None:
            return None
        return sum(1 for e in self._game_evals if e is not None), len(self._game_evals)

    def symbol(self, game, ply: int) -> str:
        """``?!`` ``?`` ``??`` for turn ``ply`` (0-based) of the analysed game (its own turns only)."""
        rep = self.report
        if rep is None or game is not self._game_for or not 0 <= ply < len(rep.turns):
            return ""
        return rep.turns[ply].symbol

    def status(self, pos, turn: int = 1) -> str:
        """One HUD line: the evaluation and the best line (numbered from ``turn``, the window's
        number of the turn to be played in ``pos``), or 'thinking'."""
        parts = []
        if self.board_on and pos is not None:
            e = self.evaluation_for(pos)
            if e is None:
                parts.append(f"analysis (level {self.level}): thinking...")
            else:
                wv = e.evaluation.value if pos.to_move == "white" else -e.evaluation.value
                best = "  best: " + "  ".join(f"{turn + i}. {t}" for i, t in enumerate(e.line)) if e.line else ""
                parts.append(f"evaluation {format_eval(wv)} (white's view, level {self.level}){best}")
        prog = self.game_progress()
        if prog is not None:
            parts.append(f"analysing the game: {prog[0]}/{prog[1]}")
        return "   ".join(parts)

    def state_key(self) -> tuple:
        return (self.threat_mode, self.board_on, self.level, self.revision)

    def best_turn(self, c, play: bool) -> str:
        pos = shown_position(c)
        e = self.evaluation_for(pos)
        if not self.board_on:
            self.toggle_board()
            return "Analysis board on: the best turn appears when the search ends (Ctrl+J again)."
        if e is None or e.evaluation.turn is None:
            return "The computer is still thinking about this position."
        if not play:
            return f"Best turn: {e.line[0] if e.line else '?'} (Ctrl+Shift+J plays it)."
        if getattr(c, "reviewing", False):
            return "In a review, Enter first plays from here; then Ctrl+Shift+J plays the best turn."
        played = c._computer_play(e.evaluation.turn)
        return (
            f"Played the best turn {e.line[0] if e.line else ''}." if played is not False else "It could not be played."
        )


def format_eval(v: float) -> str:
    if abs(v) >= 300_000:
        return "white wins" if v > 0 else "black wins"
    return f"{v / 100.0 + 0.0:+.2f}"
