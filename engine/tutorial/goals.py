"""Lesson goals: declarative data checked against positions by the engine.

A goal is a TOML table with ``kind`` and the parameters of that kind (``text`` optional, the goal
in words).  Kinds (the learner is the side to move in the lesson's position):

========== ============================== =====================================================
kind       parameters                     met when
========== ============================== =====================================================
capture    ``piece``?, ``count`` (1)      the learner has captured ``count`` enemy pieces (of
                                          that type) since the lesson started
occupy     ``at``, ``piece``?             a learner's piece (of that type) stands on ``at``
board      ``higher``, ``piece``?         a learner's piece stands on the 3-D board with those
                                          higher indices (``[2]`` = board w4=2) — cube chess
stack      ``at``, ``pieces``             the learner's stack on ``at`` holds those pieces — cube
hire       ``piece``?, ``count`` (1)      the learner has hired (dropped) such pieces — cube
promote    ``piece``?                     a learner's promoted pawn (of that type) stands on the
                                          board — cube
score      ``at_least``                   the learner's score is at least that — cube
level      ``piece``?, ``at``?,           a learner's piece (of that type, on that square) has
           ``at_least``                   that effective level or more — spirit chess
win        ``reason``?                    the game is over, the learner won (the result's reason
                                          contains ``reason``, e.g. ``"C3"``, ``"C16"``)
========== ============================== =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..core import games as registry
from ..core.coords import normalize
from ..core.errors import DaqiError
from ..spirit.position import effective_level

#: kind -> (games, required parameters, optional parameters)
GOAL_KINDS: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "capture": (("cube", "spirit"), (), ("piece", "count")),
    "occupy": (("cube", "spirit"), ("at",), ("piece",)),
    "board": (("cube",), ("higher",), ("piece",)),
    "stack": (("cube",), ("at", "pieces"), ()),
    "hire": (("cube",), (), ("piece", "count")),
    "promote": (("cube",), (), ("piece",)),
    "score": (("cube",), ("at_least",), ()),
    "level": (("spirit",), ("at_least",), ("piece", "at")),
    "win": (("cube", "spirit"), (), ("reason",)),
}


class LessonError(DaqiError):
    """A lesson file is malformed (unknown field, bad position or goal, unparsable solution, ...)."""

    code = "bad-lesson"


@dataclass(frozen=True)
class Goal:
    """One goal: ``kind`` and its parameters (``params``, a sorted tuple of (name, value))."""

    kind: str
    params: tuple = ()
    text: str = ""

    def get(self, name: str, default: Any = None) -> Any:
        return dict(self.params).get(name, default)


@dataclass(frozen=True)
class GoalStatus:
    goal: Goal
    met: bool
    text: str


def _int(v: Any, where: str, name: str, low: int = 0) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or v < low:
        raise LessonError(f"{name!r} must be an integer >= {low}, got {v!r}", where=where)
    return v


def parse_goal(data: Any, game: str, pos, where: str) -> Goal:
    """A goal table -> :class:`Goal`, checked against the lesson's game and position."""
    if not isinstance(data, dict) or "kind" not in data:
        raise LessonError(
            f"a goal must be a table with a 'kind' (one of {', '.join(GOAL_KINDS)}), got {data!r}", where=where
        )
    kind = data["kind"]
    if kind not in GOAL_KINDS:
        raise LessonError(f"unknown goal kind {kind!r} (known: {', '.join(GOAL_KINDS)})", where=where)
    games, required, optional = GOAL_KINDS[kind]
    if game not in games:
        raise LessonError(f"goal kind {kind!r} is for {' and '.join(games)} chess, not {game}", where=where)
    extra = sorted(set(data) - {"kind", "text", *required, *optional})
    if extra:
        raise LessonError(
            f"goal {kind!r}: unknown field(s) {', '.join(map(repr, extra))} (allowed: "
            f"{', '.join(('text',) + required + optional)})",
            where=where,
        )
    missing = [r for r in required if r not in data]
    if missing:
        raise LessonError(f"goal {kind!r} needs {', '.join(map(repr, missing))}", where=where)
    rules = pos.rules
    params: dict[str, Any] = {}
    for name, v in data.items():
        if name in ("kind", "text"):
            continue
        if name == "piece":
            if v not in rules.pieces:
                raise LessonError(f"goal {kind!r}: unknown piece {v!r} (known: {', '.join(rules.pieces)})", where=where)
        elif name == "pieces":
            if not isinstance(v, list) or len(v) < 2 or any(p not in rules.pieces for p in v):
                raise LessonError(f"goal {kind!r}: 'pieces' must list at least two piece names, got {v!r}", where=where)
            v = tuple(sorted(v))
        elif name == "at":
            try:
                v = normalize(v, min_len=len(rules.size))
            except DaqiError as exc:
                raise LessonError(f"goal {kind!r}: 'at': {exc}", where=where) from None
            ok = registry.get(game).hook("tutorial").on_board(pos, v)
            if not ok:
                raise LessonError(f"goal {kind!r}: square {list(v)} is outside the board", where=where)
        elif name == "higher":
            if (
                not isinstance(v, list)
                or not v
                or any(isinstance(i, bool) or not isinstance(i, int) or i < 1 for i in v)
            ):
                raise LessonError(
                    f"goal {kind!r}: 'higher' must list the indices from w4 on (>= 1), got {v!r}", where=where
                )
            v = tuple(normalize([1, 1, 1, *v])[3:])
        elif name in ("count", "at_least"):
            v = _int(v, where, name, 1 if name == "count" else 0)
        elif name == "reason" and (not isinstance(v, str) or not v):
            raise LessonError(f"goal {kind!r}: 'reason' must be a non-empty string", where=where)
        params[name] = v
    text = data.get("text", "")
    if not isinstance(text, str):
        raise LessonError(f"goal {kind!r}: 'text' must be a string", where=where)
    return Goal(kind, tuple(sorted(params.items())), " ".join(text.split()))


def _board_words(higher: tuple) -> str:
    if not higher:
        return "the main board"
    return "board " + ", ".join(f"w{4 + i}={v}" for i, v in enumerate(higher) if v != 1)


def _at_words(at) -> str:
    return "(" + ",".join(str(v) for v in at) + ")"


def describe_goal(goal: Goal) -> str:
    """The goal in words (its own ``text`` when the lesson gives one)."""
    if goal.text:
        return goal.text
    g = goal.get
    piece = g("piece")
    a = f"a {piece}" if piece else "a piece"
    count = g("count", 1)
    if goal.kind == "capture":
        return (
            f"capture {count} enemy {piece or 'piece'}{'s' if count > 1 else ''}"
            if count > 1
            else f"capture {'the enemy ' + piece if piece else 'an enemy piece'}"
        )
    if goal.kind == "occupy":
        return f"put {a} on {_at_words(g('at'))}"
    if goal.kind == "board":
        return f"bring {a} to {_board_words(g('higher'))}"
    if goal.kind == "stack":
        return f"stack {' and '.join(g('pieces'))} on {_at_words(g('at'))}"
    if goal.kind == "hire":
        return f"hire {a}" if count == 1 else f"hire {count} pieces"
    if goal.kind == "promote":
        return f"promote a pawn{' to a ' + piece if piece else ''}"
    if goal.kind == "score":
        return f"have at least {g('at_least')} points"
    if goal.kind == "level":
        where = f" on {_at_words(g('at'))}" if g("at") else ""
        return f"raise {a}{where} to level {g('at_least')}"
    reason = g("reason")
    return "win the game" + (f" ({reason})" if reason else "")


# ---------------------------------------------------------------------------------- checking
def _cube_pieces(pos, side: str) -> list:
    return [(c, st) for c, st in pos.pieces_of(side)]


def _stat(pos, side: str, key: str, piece: str | None) -> int:
    table = pos.stats[side]
    return sum(v[key] for t, v in table.items() if piece is None or t == piece)


def cube_goal_met(goal: Goal, start, pos, side: str) -> bool:
    g = goal.get
    piece = g("piece")
    k = goal.kind
    if k == "capture":
        return _stat(pos, side, "captured", piece) - _stat(start, side, "captured", piece) >= g("count", 1)
    if k == "hire":
        return _stat(pos, side, "hired", piece) - _stat(start, side, "hired", piece) >= g("count", 1)
    if k == "occupy":
        st = pos.cell(g("at"))
        return bool(st) and st[0].side == side and (piece is None or any(p.type == piece for p in st))
    if k == "board":
        return any(
            tuple(c[3:]) == g("higher") and (piece is None or any(p.type == piece for p in st))
            for c, st in _cube_pieces(pos, side)
        )
    if k == "stack":
        st = pos.cell(g("at"))
        if len(st) < 2 or st[0].side != side:
            return False
        have = [p.type for p in st]
        return all(have.count(t) >= g("pieces").count(t) for t in set(g("pieces")))
    if k == "promote":

        def promoted(p_) -> int:
            return sum(
                1
                for _c, st in _cube_pieces(p_, side)
                for p in st
                if p.was == "pawn" and (piece is None or p.type == piece)
            )

        return promoted(pos) > promoted(start)
    if k == "score":
        return pos.scores[side] >= g("at_least")
    return _won(goal, pos, side)


def _won(goal: Goal, pos, side: str) -> bool:
    r = pos.result
    reason = goal.get("reason")
    return r is not None and r.winner == side and (reason is None or reason in r.reason)


def spirit_goal_met(goal: Goal, start, pos, side: str) -> bool:
    g = goal.get
    piece = g("piece")
    k = goal.kind
    enemy = "black" if side == "white" else "white"
    if k == "capture":

        def count(p_) -> int:
            return sum(n for t, n in p_.counts(enemy).items() if piece is None or t == piece)

        return count(start) - count(pos) >= g("count", 1)
    if k == "occupy":
        p = pos.pieces.get(g("at"))
        return p is not None and p.side == side and (piece is None or p.type == piece)
    if k == "level":
        for c, p in pos.pieces.items():
            if p.side != side or (piece is not None and p.type != piece) or (g("at") and c != g("at")):
                continue
            if effective_level(pos, c) >= g("at_least"):
                return True
        return False
    return _won(goal, pos, side)


def goal_met(goal: Goal, start, pos, game: str = registry.DEFAULT_GAME) -> bool:
    """Whether ``goal`` holds in ``pos`` for the learner (the side to move in ``start``)."""
    return registry.get(game).hook("tutorial").goal_met(goal, start, pos, start.to_move)


def goals_status(lesson, positions: list) -> list[GoalStatus]:
    """Each goal of ``lesson`` with whether it was reached in any of ``positions`` after the first."""
    start = lesson.start_position()
    later = positions[1:]
    return [
        GoalStatus(g, any(goal_met(g, start, p, lesson.game) for p in later), describe_goal(g)) for g in lesson.goals
    ]
