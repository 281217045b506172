"""Forced lines of several turns: "win in two" (docs/PUZZLES.md, "Forced lines").

A position is a **win in two** for the side to move (the solver) when no turn wins at once, and
one turn ``t`` leaves the opponent without escape: after *every* reply among the opponent's
candidate turns (``kind.replies``: the computer players' bounded candidates, which hold every
planar move, capture, jump and facing capture of every piece, the blocking drops and the royal
home steps), either the game is already the solver's or the solver has a turn that wins at once.
The puzzle stores the whole line ``t, reply, winning turn``; the reply is the defence the deeper
search (the computer at ``deep_level``) chooses, or else the one that leaves the fewest wins.

Judging follows lichess for mates: at every step any turn that wins as fast is accepted (a turn
that wins at once in a win in two wins faster, and is accepted too); a wrong turn is told the
reply that refutes it.  Every loop is bounded by the candidate lists (``MAX_TURNS`` each).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import DaqiError
from ..players import suggest
from .games import other

MAX_TURNS = 2000


def wins_now(kind, pos, first: bool = True) -> list:
    """The turns of the side to move that end the game in its favour on the spot (only the first
    found when ``first``).  A game ends with a capture or a royal's step home, so only the
    tactical candidates are tried (``kind.winning_candidates``)."""
    if pos.result is not None:
        return []
    side, out = pos.to_move, []
    for t in kind.winning_candidates(pos)[:MAX_TURNS]:
        child = kind.apply(pos, t)
        if child is not None and child.result is not None and child.result.winner == side:
            out.append((t, child))
            if first:
                break
    return out


def escape(kind, child, solver: str) -> tuple[Any, str] | None:
    """After the solver's turn: a reply of the opponent that escapes (no win at once follows it,
    or it wins itself) and why, or None when every reply loses at once."""
    if child.result is not None:
        return None
    replies = kind.replies(child)[:MAX_TURNS]
    if not replies:
        return (None, f"{other(solver)} has no turn at all, which does not win the game")
    for r in replies:
        grand = kind.apply(child, r)
        if grand is None:
            continue
        if grand.result is not None:
            if grand.result.winner == solver:
                continue
            return (r, f"{other(solver)} then wins the game ({grand.result.reason})")
        if not wins_now(kind, grand):
            return (r, "after it no turn of yours wins at once")
    return None


def forced_in_two(kind, pos, t) -> bool:
    """Whether the solver's turn ``t`` from ``pos`` wins in two (or at once) whatever the reply."""
    child = kind.apply(pos, t)
    if child is None:
        return False
    if child.result is not None:
        return child.result.winner == pos.to_move
    return escape(kind, child, pos.to_move) is None


def defence(kind, child, solver: str, deep_level: int, deep_nodes: int):
    """The reply a solver meets after a turn that wins in two: the deep search's choice for the
    defender where it is a legal candidate, else the reply that leaves the fewest winning turns."""
    replies = [r for r in kind.replies(child)[:MAX_TURNS] if kind.apply(child, r) is not None]
    try:
        s = suggest(child, deep_level, seed=0, nodes=deep_nodes)
        chosen = s.turn
    except DaqiError:
        chosen = None
    keys = {kind.key(r): r for r in replies}
    if chosen is not None and kind.key(chosen) in keys:
        r = keys[kind.key(chosen)]
        if kind.apply(child, r).result is None:
            return r
    best, fewest = None, None
    for r in replies:
        grand = kind.apply(child, r)
        if grand.result is not None:
            continue
        n = len(wins_now(kind, grand, first=False))
        if fewest is None or n < fewest:
            best, fewest = r, n
    return best


def find_win_in_two(kind, pos) -> tuple | None:
    """``(t, position after t)`` when exactly one candidate turn of the side to move wins in two
    and none wins at once; else None.  Only turns that threaten a win at once (were the
    opponent to pass) are tried to the end: a win in two by zugzwang alone is not looked for."""
    if pos.result is not None or wins_now(kind, pos):
        return None
    side = pos.to_move
    found = []
    for t in kind.turns(pos)[:MAX_TURNS]:
        child = kind.apply(pos, t)
        if child is None or child.result is not None:
            continue
        if not wins_now(kind, kind.passed(child)):
            continue  # it threatens nothing: the opponent could leave things as they are
        if escape(kind, child, side) is None:
            found.append((t, child))
            if len(found) > 1:
                return None  # two ways: not a puzzle with one answer
    if len(found) != 1:
        return None
    return found[0]


def complete_line(kind, pos, t, child, deep_level: int, deep_nodes: int) -> list | None:
    """``[t, reply, win]``: the defence and the first winning answer to it."""
    r = defence(kind, child, pos.to_move, deep_level, deep_nodes)
    if r is None:
        return None
    grand = kind.apply(child, r)
    w = wins_now(kind, grand)
    return [t, r, w[0][0]] if w else None


def check_line(kind, pos, turns: list) -> list[str]:
    """What is wrong with a stored win-in-two line (empty when it is forced at every step)."""
    if len(turns) != 3:
        return [f"a win in two has 3 turns (yours, the reply, yours), not {len(turns)}"]
    side = pos.to_move
    child = kind.apply(pos, turns[0])
    if child is None or child.result is not None:
        return ["the first turn must be legal and not end the game"]
    esc = escape(kind, child, side)
    if esc is not None:
        r, why = esc
        where = kind.format_turn(child, r) if r is not None else "no reply"
        return [f"the first turn is not forced: {where} escapes ({why})"]
    grand = kind.apply(child, turns[1])
    if grand is None or grand.result is not None:
        return ["the stored reply must be legal and not end the game"]
    last = kind.apply(grand, turns[2])
    if last is None or last.result is None or last.result.winner != side:
        return ["the last turn does not win at once"]
    return []


def judge_in_two(kind, pos, turn) -> tuple[bool, str, Any, bool]:
    """A solver's first turn of a win in two: ``(correct, words, reply, done)``; ``reply`` is the
    refutation of a wrong turn (or None), ``done`` whether the turn already won."""
    side = pos.to_move
    child = kind.apply(pos, turn)
    if child is None:
        return False, "that turn is not legal here", None, False
    if child.result is not None:
        if child.result.winner == side:
            return True, f"and faster: {side} wins at once ({child.result.reason})", None, True
        return False, f"that ends the game badly: {child.result.winner or 'draw'} ({child.result.reason})", None, False
    esc = escape(kind, child, side)
    if esc is None:
        return True, f"whatever {other(side)} answers, your next turn wins", None, False
    r, why = esc
    words = "not this: " + (f"{other(side)} answers {kind.format_turn(child, r)} and {why}" if r else why)
    return False, words, r, False
