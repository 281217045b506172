"""Finding puzzles in played games, checking them, and judging a solver's answer (docs/PUZZLES.md).

A position before a turn of a record is a puzzle when, for the side to move:

* **win** — its candidate turns that end the game in its favour on the spot are all turns of one
  piece (one idea: a royal that can hop home three ways is one puzzle; two pieces that win are
  none); or
* **material** — one turn wins at least ``min_gain`` points of material against every reply
  (the opponent's candidate turns: none may win, and after the best recapture the mover is still
  ``min_gain`` ahead; a cube-chess drop buys material with points and does not count), and every
  other turn is at least
  ``margin`` points worse (the best few by a two-turn look-ahead, the rest by what they take
  at once);

and a deeper search (the computer player at ``deep_level``) chooses the same turn.  The puzzle
keeps the forced line: the winning turn, or the turn and the best defence.

Every loop is bounded: at most :data:`MAX_TURNS` turns of a position and :data:`MAX_REPLIES`
replies of each of the best ``look`` turns are tried.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import DaqiError
from ..players import suggest
from .games import kind_named, kind_of, other
from .lines import check_line, complete_line, find_win_in_two, judge_in_two

MAX_TURNS = 2000
MAX_REPLIES = 2000
LOSS = -(10**6)


@dataclass(frozen=True)
class Options:
    min_gain: int = 3  # material a "material" puzzle wins (a knight in cube chess, a disciple+ in spirit)
    margin: int = 2  # how much worse every other turn must be
    look: int = 6  # turns looked at two turns deep
    deep_level: int = 2
    deep_nodes: int = 4000
    min_ply: int = 2  # skip the opening turns
    lines: bool = True  # also look for forced wins in two (engine.puzzles.lines)


@dataclass(frozen=True)
class Puzzle:
    id: str
    game: str  # "cube" | "spirit"
    position: str  # the position text (docs/NOTATION.md, "Positions")
    line: tuple[str, ...]  # the forced line in the game's notation, the solver's turns at even places
    goal: str  # "win" | "material"
    gain: int = 0  # material won by a "material" puzzle
    rating: int = 1000
    tags: tuple[str, ...] = ()
    source: str = ""
    candidates: int = field(default=0, compare=False)

    @property
    def kind(self):
        return kind_named(self.game)

    @property
    def moves(self) -> int:
        """The solver's turns in the line (2 for a win in two)."""
        return (len(self.line) + 1) // 2 if self.goal == "win" else 1

    def start(self):
        return self.kind.parse_position(self.position, source=f"puzzle {self.id}")

    def turns(self) -> list:
        """The line's turns, parsed against the positions along it."""
        pos = self.start()
        out = []
        for text in self.line:
            t = self.kind.parse_turn(pos, text)
            out.append(t)
            pos = self.kind.apply(pos, t)
            if pos is None:
                break
        return out

    def goal_words(self) -> str:
        side = self.start().to_move
        if self.goal == "win" and self.moves == 2:
            return f"{side} to play and win in two turns, whatever {other(side)} answers"
        if self.goal == "win":
            return f"{side} to play and win at once"
        return f"{side} to play and win material (at least {self.gain} points, whatever the reply)"


def _value_after(kind, child, side: str, base: int) -> tuple[int, Any]:
    """The material ``side`` keeps after the opponent's best reply (and that reply), or LOSS."""
    worst, reply = kind.balance(child, side) - base, None
    for r in kind.replies(child)[:MAX_REPLIES]:
        grand = kind.apply(child, r)
        if grand is None:
            continue
        if grand.result is not None and grand.result.winner == other(side):
            return LOSS, r
        if not kind.takes(r):
            continue
        v = kind.balance(grand, side) - base
        if v < worst:
            worst, reply = v, r
    return worst, reply


def analyse(pos, opts: Options = Options(), source: str = "") -> Puzzle | None:
    """The puzzle at ``pos`` (the side to move solves it), or None."""
    if pos.result is not None:
        return None
    kind = kind_of(pos)
    side = pos.to_move
    base = kind.balance(pos, side)
    turns = kind.turns(pos)[:MAX_TURNS]
    wins, scored = [], []
    for t in turns:
        child = kind.apply(pos, t)
        if child is None:
            continue
        if child.result is not None:
            if child.result.winner == side:
                wins.append((t, child))
            continue
        scored.append((kind.balance(child, side) - base, t, child))
    if wins:
        if len({t.origin for t, _ in wins}) != 1:
            return None  # two pieces win: no single idea to find
        chosen = _deep_choice(pos, [t for t, _ in wins], opts, kind)
        if chosen is None:
            return None
        t, child = next(w for w in wins if kind.key(w[0]) == kind.key(chosen))
        return _make(kind, pos, [t], "win", 0, child.result, len(turns), source)
    if opts.lines:
        two = find_win_in_two(kind, pos)
        if two is not None:
            full = complete_line(kind, pos, two[0], two[1], opts.deep_level, opts.deep_nodes)
            if full is not None:
                end = kind.apply(kind.apply(two[1], full[1]), full[2])
                return _make(kind, pos, full, "win", 0, end.result, len(turns), source)
    if not scored:
        return None
    scored.sort(key=lambda g: -g[0])
    if scored[0][0] < opts.min_gain:
        return None
    looked = []
    for _gain, t, child in scored[: opts.look]:
        v, reply = _value_after(kind, child, side, base)
        looked.append((v, t, reply))
    looked.sort(key=lambda x: -x[0])
    best_v, best, reply = looked[0]
    others = [v for v, _, _ in looked[1:]] + [g for g, _, _ in scored[opts.look :]]
    if best_v < opts.min_gain or (others and max(others) > best_v - opts.margin):
        return None
    if not _deep_agrees(pos, best, opts, kind):
        return None
    line = [best] + ([reply] if reply is not None else [])
    return _make(kind, pos, line, "material", best_v, None, len(turns), source)


def _deep_agrees(pos, turn, opts: Options, kind) -> bool:
    return _deep_choice(pos, [turn], opts, kind) is not None


def _deep_choice(pos, turns: list, opts: Options, kind):
    """The deeper search's turn when it is one of ``turns``, else None."""
    try:
        s = suggest(pos, opts.deep_level, seed=0, nodes=opts.deep_nodes)
    except DaqiError:
        return None
    keys = {kind.key(t) for t in turns}
    return s.turn if s.turn is not None and kind.key(s.turn) in keys else None


def rating(kind, pos, line: list, goal: str, n_turns: int, tags: list) -> int:
    """A difficulty guess on the Elo-like scale puzzle sites use: more choices, a quiet or
    many-action turn, an exotic idea (drop, hyper-jump, stack, formation) and a longer line are
    harder; taking something big on the spot is easier."""
    first = line[0]
    r = 900 + 60 * math.log2(max(n_turns, 2)) + kind.rating_extra(pos, first)
    r += 120 * sum(t in ("drop", "hyper-jump", "stack", "formation", "facing line", "3-D jump") for t in tags)
    r += 150 * (len(line) // 2)
    if goal == "material":
        r += 100
    return int(round(r / 10) * 10)


def _make(kind, pos, line: list, goal: str, gain: int, outcome, n_turns: int, source: str) -> Puzzle:
    text = kind.format_position(pos)
    notation = []
    p = pos
    for t in line:
        notation.append(kind.format_turn(p, t))
        p = kind.apply(p, t)
    tags = kind.tags(pos, line, outcome)
    if len(line) == 3 and goal == "win":  # a win in two: the themes of the winning turn too
        before_last = kind.apply(kind.apply(pos, line[0]), line[1])
        tags += [t for t in kind.tags(before_last, line[2:], outcome) if t not in tags]
        tags.insert(0, "in two")
    if goal == "win":
        tags.insert(0, "win")
    else:
        tags.insert(0, "material")
    pid = f"{kind.name}-{hashlib.sha1(text.encode()).hexdigest()[:8]}"
    return Puzzle(
        pid,
        kind.name,
        text,
        tuple(notation),
        goal,
        gain,
        rating(kind, pos, line, goal, n_turns, tags),
        tuple(tags),
        source,
        n_turns,
    )


def find_in_game(game, opts: Options = Options(), name: str = "game") -> list[Puzzle]:
    """The puzzles in a played game (a cube ``Game`` or a ``SpiritGame``)."""
    out = []
    for i, pos in enumerate(game.positions[:-1]):
        if i < opts.min_ply:
            continue
        p = analyse(pos, opts, source=f"{name}, before turn {i + 1}")
        if p is not None:
            out.append(p)
    return out


# -- checking and judging ------------------------------------------------------------------------
def check_puzzle(p: Puzzle) -> list[str]:
    """What is wrong with a puzzle (empty when each turn of its line is legal and the first wins
    what the puzzle claims)."""
    kind = p.kind
    try:
        pos = p.start()
    except DaqiError as exc:
        return [f"{p.id}: the position does not read: {exc}"]
    side = pos.to_move
    problems = []
    seq = pos
    for i, text in enumerate(p.line):
        try:
            t = kind.parse_turn(seq, text)
        except DaqiError as exc:
            return [f"{p.id}: turn {i + 1} {text!r} does not read: {exc}"]
        nxt = kind.apply(seq, t)
        if nxt is None:
            return [f"{p.id}: turn {i + 1} {text!r} is not legal"]
        seq = nxt
    first = p.turns()[0]
    child = kind.apply(pos, first)
    if p.goal == "win" and p.moves == 2:
        problems += [f"{p.id}: {m}" for m in check_line(kind, pos, p.turns())]
    elif p.goal == "win":
        if child.result is None or child.result.winner != side:
            problems.append(f"{p.id}: {p.line[0]} does not win at once")
    elif p.goal == "material":
        v, _ = _value_after(kind, child, side, kind.balance(pos, side))
        if v < p.gain:
            problems.append(f"{p.id}: {p.line[0]} keeps only {v} points against the best reply, claims {p.gain}")
    else:
        problems.append(f"{p.id}: unknown goal {p.goal!r}")
    return problems


@dataclass(frozen=True)
class Verdict:
    correct: bool
    words: str
    reply: Any = None  # the opponent's answer to play on the board (after a wrong turn: its refutation)
    done: bool = True  # False after a right turn that is not the line's last: the solver plays on


def judge(p: Puzzle, pos, turn, step: int = 0) -> Verdict:
    """Is ``turn`` (the solver's turn number ``step`` from 0, played from ``pos``) right?  A wrong
    turn gets the reason in words and the reply that refutes it.  In a win in two the first turn
    is right when it still wins whatever the reply (any such turn, as lichess accepts any mate);
    the reply to play is then the line's own where the solver played the line's turn."""
    kind = p.kind
    side = pos.to_move
    if p.goal == "win" and p.moves - step == 2:
        ok, words, reply, done = judge_in_two(kind, pos, turn)
        if ok and not done:
            line = p.turns()
            child = kind.apply(pos, turn)
            if kind.key(turn) == kind.key(line[0]):
                reply = line[1]
            else:
                reply = _defence_for(kind, child, side)
        return Verdict(ok, words, reply, done or not ok)
    child = kind.apply(pos, turn)
    if child is None:
        return Verdict(False, "that turn is not legal here")
    if p.goal == "win":
        if child.result is not None and child.result.winner == side:
            return Verdict(True, f"{side} wins ({child.result.reason})")
        if child.result is not None:
            return Verdict(False, f"that ends the game badly: {child.result.winner or 'draw'} ({child.result.reason})")
        return Verdict(False, "that does not end the game: one turn here wins outright. " + _hint(p))
    base = kind.balance(pos, side)
    v, reply = _value_after(kind, child, side, base)
    if v >= p.gain:
        return Verdict(True, f"you keep +{v} points of material whatever {other(side)} answers", reply)
    if v == LOSS:
        words = f"{other(side)} then wins the game"
    else:
        words = f"after {other(side)}'s best answer you are at {v:+d} points, not +{p.gain}"
    if reply is not None:
        words += f" ({kind.format_turn(child, reply)})"
    return Verdict(False, "not this: " + words, reply)


def _defence_for(kind, child, side: str):
    """A reply to play against a right turn that left the stored line (the first candidate that
    does not end the game; every reply loses)."""
    for r in kind.replies(child):
        grand = kind.apply(child, r)
        if grand is not None and grand.result is None:
            return r
    return None


def _hint(p: Puzzle) -> str:
    tags = [t for t in p.tags if t not in ("win", "material")]
    return f"Think of: {', '.join(tags)}." if tags else ""
