"""Game analysis for both games (issue 19): an evaluation of every turn, the better turn and a
class where a turn lost a set margin, the annotated record and a summary per side.

Evaluation: ``engine.players.suggest`` (the public players API) at a level; a finished position is
scored as the players score it (a win about +1,000,000 for the side to move).  For the turn that led
from position ``i`` to ``i + 1`` the mover's best is ``E[i]`` and what the turn kept is ``-E[i + 1]``
(the other side moves next); the **loss** is the difference of the two after clamping both to the
game's ``cap`` (``classes.toml``), never below 0.  A loss of at least ``inaccuracy`` / ``mistake`` /
``blunder`` gives the class (symbols ``?!`` ``?`` ``??``).

The annotated record is the game's own record text with one ``#`` comment line after every turn
line (both games' records skip comment lines), so it loads and replays like the original.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ..core import games

CLASSES = ("inaccuracy", "mistake", "blunder")
WIN = 1_000_000.0


@cache
def thresholds() -> dict:
    """The documented data: one table per game (by its registry name) and ``symbols``."""
    text = resources.files(__package__).joinpath("classes.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def symbol(cls: str | None) -> str:
    return thresholds()["symbols"].get(cls, "") if cls else ""


def game_kind(game: Any) -> str:
    """The registry name of a game's kind (its ruleset's ``meta.game``)."""
    return games.of_rules(game.rules).name


def classify(loss: float, kind: str) -> str | None:
    t = thresholds()[kind]
    found = None
    for cls in CLASSES:
        if loss >= t[cls]:
            found = cls
    return found


# -------------------------------------------------------------------------------- evaluation
@dataclass(frozen=True)
class Evaluation:
    """The players' view of one position: ``value`` for the side to move (centi-points), the best
    turn and line (``None`` / ``()`` for a finished position)."""

    value: float
    turn: Any = None
    line: tuple = ()
    depth: int = 0


def evaluate(pos: Any, level: int = 2, seed: int = 0) -> Evaluation:
    """The evaluation of one position at ``level`` through ``engine.players.suggest``."""
    from ..core.errors import IllegalAction
    from ..players import suggest

    if pos.result is not None:
        winner = pos.result.winner
        return Evaluation(0.0 if winner is None else (WIN if winner == pos.to_move else -WIN))
    try:
        s = suggest(pos, level, seed)
    except IllegalAction:
        return Evaluation(0.0)
    if s.turn is None:
        return Evaluation(float(s.eval))
    return Evaluation(float(s.eval), s.turn, tuple(s.line), int(s.depth))


# -------------------------------------------------------------------------------- turn notation
def turn_text(pos: Any, turn: Any) -> str:
    """A turn in the game's own notation, written against the position before it."""
    return games.of_position(pos).format_turn(turn, pos)


def apply(pos: Any, turn: Any) -> Any:
    """The position after ``turn`` (the game's own turn machine, through its analysis hook)."""
    return games.of_position(pos).hook("analysis").apply(pos, turn)


def line_texts(pos: Any, line: tuple, n: int = 3) -> tuple[str, ...]:
    """The first ``n`` turns of a line in notation (stops quietly at a turn that does not apply)."""
    out = []
    for t in line[:n]:
        try:
            out.append(turn_text(pos, t))
            pos = apply(pos, t)
        except Exception:  # noqa: BLE001 - a stale line is shown up to where it held
            break
    return tuple(out)


# -------------------------------------------------------------------------------- the report
@dataclass(frozen=True)
class TurnReport:
    ply: int  # 0-based index of the turn
    side: str  # who played it
    played: str  # its notation
    best: float  # the mover's best before it (centi-points, raw)
    kept: float  # what the played turn kept for the mover (raw)
    white: float  # the evaluation after the turn from white's side (clamped; the graph)
    loss: float  # clamped best - clamped kept, >= 0
    cls: str | None  # "inaccuracy" | "mistake" | "blunder" | None
    better: str = ""  # the best turn's notation where it differs and the turn has a class
    line: tuple[str, ...] = ()  # the best line from the position before the turn (notation)

    @property
    def symbol(self) -> str:
        return symbol(self.cls)


@dataclass
class GameReport:
    kind: str  # the game's registry name
    level: int
    turns: list[TurnReport] = field(default_factory=list)
    start: float = 0.0  # the first position's evaluation from white's side (clamped)

    def summary(self) -> dict:
        """Per side: the count of each class, the average loss (centi-points) and the turns."""
        out = {}
        for side in ("white", "black"):
            mine = [t for t in self.turns if t.side == side]
            counts = {c: sum(1 for t in mine if t.cls == c) for c in CLASSES}
            avg = sum(t.loss for t in mine) / len(mine) if mine else 0.0
            out[side] = {"turns": len(mine), **counts, "average_loss": round(avg, 1)}
        return out

    def summary_text(self) -> str:
        unit = thresholds()[self.kind]["unit"]
        lines = [f"Analysis at level {self.level} ({self.kind} chess), {len(self.turns)} turns; losses in {unit}."]
        for side, s in self.summary().items():
            lines.append(
                f"{side:5}: {s['turns']} turns; inaccuracies (?!) {s['inaccuracy']}, mistakes (?) {s['mistake']}, "
                f"blunders (??) {s['blunder']}; average loss {s['average_loss']}"
            )
        worst = sorted((t for t in self.turns if t.cls), key=lambda t: -t.loss)[:3]
        for t in worst:
            lines.append(
                f"  turn {t.ply + 1} ({t.side}) {t.played}{t.symbol}: lost {t.loss:.0f}"
                + (f"; better {t.better}" if t.better else "")
            )
        return "\n".join(lines)


def _clamp(v: float, cap: float) -> float:
    return max(-cap, min(cap, v))


def build_report(game: Any, evals: list[Evaluation], level: int) -> GameReport:
    """The report from one evaluation per position (``len(game.positions)`` of them)."""
    kind = game_kind(game)
    cap = float(thresholds()[kind]["cap"])
    positions = game.positions
    rep = GameReport(kind, level)
    p0 = positions[0]
    rep.start = _clamp(evals[0].value if p0.to_move == "white" else -evals[0].value, cap)
    for i, turn in enumerate(game.turns):
        before, after = positions[i], positions[i + 1]
        side = before.to_move
        best = evals[i].value
        kept = -evals[i + 1].value if after.to_move != side else evals[i + 1].value
        loss = max(0.0, _clamp(best, cap) - _clamp(kept, cap))
        cls = classify(loss, kind)
        line = line_texts(before, evals[i].line) if evals[i].line else ()
        better = ""
        if cls is not None and evals[i].turn is not None and evals[i].turn != turn:
            better = line[0] if line else turn_text(before, evals[i].turn)
        white = _clamp(kept if side == "white" else -kept, cap)
        rep.turns.append(TurnReport(i, side, turn_text(before, turn), best, kept, white, loss, cls, better, line))
    return rep


def analyse_game(game: Any, level: int = 2, seed: int = 0, progress=None) -> GameReport:
    """Evaluate every position of ``game`` in this process (``progress(done, total)`` after each)."""
    evals = []
    n = len(game.positions)
    for i, pos in enumerate(game.positions):
        evals.append(evaluate(pos, level, seed))
        if progress is not None:
            progress(i + 1, n)
    return build_report(game, evals, level)


# -------------------------------------------------------------------------------- the record
def comment(t: TurnReport, kind: str) -> str:
    """The comment line written after a turn: ``# eval +1.25 (white) | mistake (?) lost 3.10; better ...``."""
    scale = 100.0
    head = f"# eval {t.white / scale + 0.0:+.2f} (white's view)"
    if t.cls:
        head += f" | {t.cls} ({t.symbol}) lost {t.loss / scale:.2f}"
        if t.better:
            head += f"; better {t.better}"
    if t.line and not t.cls and t.line[0] != t.played:
        head += f" | engine's choice {t.line[0]}"
    return head


def record_text(game: Any) -> str:
    return game.to_text()


def annotated_record(game: Any, report: GameReport) -> str:
    """The game's record with a comment after every turn and the summary at the top."""
    import re

    turn_line = re.compile(r"^\s*\d+(\.\.\.|\.)\s")
    src = record_text(game).splitlines()
    out = []
    head = [f"# analysed: {line}" for line in report.summary_text().splitlines()]
    out.extend(src[:1])
    out.extend(head)
    k = 0
    for line in src[1:]:
        out.append(line)
        if turn_line.match(line) and k < len(report.turns):
            out.append(comment(report.turns[k], report.kind))
            k += 1
    return "\n".join(out) + "\n"


def load_record(path: str | Path) -> Any:
    """A game of any registered kind from a record file the user named (``engine.core.games``)."""
    return games.load_record(Path(path))


def load_record_text(text: str, source: str = "record") -> Any:
    return games.read_record(text, source)
