"""An outside examiner for the tactics suites (tactics_more.toml): what a position claims, checked
by the engine's own turn machine over (nearly) every legal turn -- never through the computer
players' candidate lists, whose gaps are what the suites look for.

Cube chess: every turn of every own piece of the position (every first action of ``legal_actions``
up to the dimension in use + 2, and every second and third action the turn builder offers after
it: jumps after moves, moves after hyper-jumps, stacks, splits and their parts, promotions, a drop
after a promotion, C36), and for the defender the pawn drops (the cheapest hire: a drop defends by
standing somewhere and by what it costs, C16) on every empty or own cell of every board that holds a
piece, every cell within one step on every axis of a royal, and every cell strictly between two
aligned kings (C3 across planes and boards).  Spirit chess: ``legal_turns`` (every level-up, mover
and end square) and every transformation (S8) of a disciple that reaches level 3.

``wins_now`` lists the turns that end the game for the side to move; ``forced_in_two`` checks that
after a turn every reply of the opponent either loses at once or leaves a turn that wins at once.
A "unique" claim compares the winning turns of the whole enumeration with the suite's answers.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.core.errors import IllegalAction
from engine.cube.actions import Drop, Stack, Turn
from engine.cube.game import parse_position
from engine.cube.legal import legal_actions
from engine.cube.notation import format_turn
from engine.cube.position import Position
from engine.cube.rules import TurnBuilder, apply_turn
from engine.spirit.position import SpiritTransform, SpiritTurn, apply_spirit_turn, legal_turns
from engine.spirit.record import parse_spirit_position

SIDES = ("white", "black")


def other(side: str) -> str:
    return "black" if side == "white" else "white"


def load(entry: dict):
    if entry["id"].startswith("cube"):
        return parse_position(entry["text"])
    return parse_spirit_position(entry["text"])


def is_cube(pos) -> bool:
    return hasattr(pos, "cells")


def name(pos, turn) -> str:
    """The suite's name of a turn: cube notation without piece letters; spirit
    ``+(levelup) (origin)->(end)[ =kind]``."""
    if is_cube(pos):
        return format_turn(turn, pos.rules)
    s = f"+({turn.levelup[0]},{turn.levelup[1]}) ({turn.origin[0]},{turn.origin[1]})->({turn.end[0]},{turn.end[1]})"
    if turn.transform is not None:
        s += f" ={turn.transform.into}"
    return s


def matches(pos, turn, answers: list) -> bool:
    """Whether ``turn`` is one of ``answers`` (cube: the exact notation; spirit: ``(o)->(e)``, with
    an optional ``+(levelup) `` before it and `` =kind`` after it, each checked when given)."""
    n = name(pos, turn)
    if is_cube(pos):
        return n in answers
    up, move = n.split(" ", 1)
    for a in answers:
        a_up = None
        if a.startswith("+"):
            if " " not in a:  # a level-up alone: any move with it
                if a == up:
                    return True
                continue
            a_up, a = a.split(" ", 1)
        a_move, _, a_tr = a.partition(" =")
        t_move, _, t_tr = move.partition(" =")
        if a_move == t_move and (a_up is None or a_up == up) and (not a_tr or a_tr == t_tr):
            return True
    return False


def play(pos, turn):
    """The position after ``turn`` (the whole turn machine), or None if it is illegal."""
    try:
        if is_cube(pos):
            return apply_turn(pos, turn)[0]
        return apply_spirit_turn(pos, turn)[0]
    except IllegalAction:
        return None


# -- cube chess ------------------------------------------------------------------------------------


def _horizon(pos: Position) -> int:
    return max(4, pos.max_dimension() + 2)


def _origins(pos: Position) -> list:
    side = pos.to_move
    return sorted({c for c, _ in pos.pieces_by_side()[side]})


def _sequences(pos: Position, o, horizon: int) -> Iterator[tuple]:
    """Every action sequence of a legal turn from ``o`` (at most three actions)."""
    firsts = list(legal_actions(pos, o, horizon))
    stack = pos.cell(o)
    cheap = "pawn"

    def grow(prefix: tuple) -> Iterator[tuple]:
        b = TurnBuilder(pos, o, transactional=False)
        try:
            for a in prefix:
                b.add(a)
        except IllegalAction:
            return
        try:
            b.finish()
            yield prefix
        except IllegalAction:
            pass
        if len(prefix) >= 3:
            return
        nxt = list(b.options(horizon))
        if "promote" in b.kinds and b.at is not None and "drop" not in b.kinds:
            nxt.append(Drop(cheap, b.at))  # C36: a drop onto the promoted pawn's square (then a stack)
        for a in nxt:
            yield from grow((*prefix, a))

    if not stack:
        return
    for a in firsts:
        yield from grow((a,))


def _drop_cells(pos: Position) -> set:
    cells: set = set()
    sx, sy, sz = pos.rules.size
    boards = {tuple(c[3:]) for c, s in pos.cells.items() if s}
    for rest in boards:
        for x, y, z in itertools.product(range(1, sx + 1), range(1, sy + 1), range(1, sz + 1)):
            cells.add((x, y, z, *rest))
    n = pos.max_dimension() + 1
    royals = [c for s in SIDES for c in pos.royals[s].values() if c is not None]
    for r in royals:
        base = list(r) + [1] * (n - len(r))
        for d in itertools.product((-1, 0, 1), repeat=n):
            cells.add(tuple(v + e for v, e in zip(base, d)))
    kings = [pos.royals[s]["king"] for s in SIDES]
    if all(k is not None for k in kings):
        a, b = (list(k) + [1] * (n - len(k)) for k in kings)
        d = [y - x for x, y in zip(a, b)]
        m = max(abs(v) for v in d)
        if m and all(v in (0, m, -m) for v in d):
            step = [(v > 0) - (v < 0) for v in d]
            for j in range(1, m):
                cells.add(tuple(x + s * j for x, s in zip(a, step)))
    out = set()
    for c in cells:
        c = list(c)
        while len(c) > 3 and c[-1] == 1:
            c.pop()
        c = tuple(c)
        if pos.in_board(c):
            out.add(c)
    return out


def cube_turns(pos: Position, drops: bool = True) -> Iterator:
    """Every turn of the side to move (module docstring: the drops are pawn drops on the cells that
    can matter)."""
    side = pos.to_move
    h = _horizon(pos)
    seen = set()
    for o in _origins(pos):
        for seq in _sequences(pos, o, h):
            t = Turn(o, seq)
            if t not in seen:
                seen.add(t)
                yield t
    if drops:
        for c in sorted(_drop_cells(pos)):
            st = pos.cell(c)
            if not st:
                yield Turn(None, (Drop("pawn", c),))
            elif st[0].side == side:
                yield Turn(None, (Drop("pawn", c), Stack()))


# -- spirit chess ----------------------------------------------------------------------------------


def spirit_turns(pos) -> Iterator:
    rules = pos.rules
    side = pos.to_move
    kinds = sorted(k for k, p in rules.pieces.items() if not p.royal and not p.transforms)
    for t in legal_turns(pos):
        yield t
        raised = {c: p.level + (c == t.levelup) for c, p in pos.pieces.items() if p.side == side}
        for c, lvl in sorted(raised.items()):
            k = rules.pieces[pos.pieces[c].type]
            if not k.transforms or lvl < k.transform_level:
                continue
            at = t.end if c == t.origin else c
            for into in kinds:
                yield SpiritTurn(t.levelup, t.origin, t.path, SpiritTransform(at, into))


# -- both games --------------------------------------------------------------------------------


def all_turns(pos, drops: bool = True) -> Iterator:
    return cube_turns(pos, drops) if is_cube(pos) else spirit_turns(pos)


def wins_now(pos, first: bool = False, hint: list | None = None) -> list:
    """The turns of the side to move after which the game is its own (``hint``: turns tried first,
    e.g. the winning turns of a similar position).  A drop never ends a game in the mover's favour
    (it lowers only the mover's score), so cube drops are not tried."""
    if pos.result is not None:
        return []
    side = pos.to_move
    out = []
    tried = set()
    for t in itertools.chain(hint or (), all_turns(pos, drops=False)):
        if t in tried:
            continue
        tried.add(t)
        new = play(pos, t)
        if new is not None and new.result is not None and new.result.winner == side:
            out.append(t)
            if first:
                return out
    return out


def escape(child, solver: str) -> tuple | None:
    """After the solver's turn: ``(reply, why)`` for a reply that does not lose in one, or None
    when every reply loses at once (or the game is over in the solver's favour)."""
    if child.result is not None:
        return None if child.result.winner == solver else (None, f"the game ended: {child.result}")
    hint: list = []
    any_reply = False
    for r in all_turns(child):
        grand = play(child, r)
        if grand is None:
            continue
        any_reply = True
        if grand.result is not None:
            if grand.result.winner == solver:
                continue
            return (r, f"the reply ends the game: {grand.result}")
        w = wins_now(grand, first=True, hint=hint)
        if not w:
            return (r, "no turn wins at once after it")
        if w[0] not in hint:
            hint.insert(0, w[0])
    if not any_reply:
        return (None, "the opponent has no legal reply (not a win by itself in cube chess)")
    return None


def forced_in_two(pos, turn) -> tuple | None:
    """None when ``turn`` wins at once or forces a win next turn, else the escape."""
    child = play(pos, turn)
    if child is None:
        return (None, "illegal")
    return escape(child, pos.to_move)


def threatened(pos) -> list:
    """The turns with which the side *not* to move would end the game if it moved now."""
    return wins_now(pos.replace(to_move=other(pos.to_move)) if is_cube(pos) else _passed_spirit(pos))


def _passed_spirit(pos):
    from dataclasses import replace

    return replace(pos, to_move=other(pos.to_move))


def defends(pos, turn) -> tuple | None:
    """None when after ``turn`` the opponent has no turn that wins at once, else that turn."""
    child = play(pos, turn)
    if child is None:
        return ("illegal",)
    if child.result is not None:
        return None if child.result.winner == pos.to_move else ("lost", child.result)
    w = wins_now(child, first=True)
    return (w[0],) if w else None


# -- what a suite entry claims, and whether a turn solves it ----------------------------------------

SPIRIT_VALUES = {"master": 9, "vicemaster": 7, "formation": 6, "elder": 5, "protector": 5, "disciple": 2, "sect": 0}


def parse(pos, text: str):
    """A turn of the suite's answers (cube notation; spirit ``+(u) (o)->(e)`` is matched against
    the enumeration instead)."""
    if is_cube(pos):
        from engine.cube.notation import parse_turn

        return parse_turn(text, pos.rules)[0]
    for t in all_turns(pos):
        if matches(pos, t, [text]):
            return t
    raise ValueError(f"no legal turn {text!r}")


def balance(pos, side: str) -> float:
    """Score and material of ``side`` minus the other side's (cube: points on the finite board plus
    the score; spirit: piece values), for "the capture loses material"."""
    if is_cube(pos):
        from engine.players.cube_eval import material

        mat = material(pos)
        return pos.scores[side] - pos.scores[other(side)] + mat[side] - mat[other(side)]
    return sum((1 if p.side == side else -1) * SPIRIT_VALUES.get(p.type, 0) for p in pos.pieces.values())


def looks_like_a_capture(pos, turn) -> bool:
    if is_cube(pos):
        return any(a.kind == "capture" for a in turn.actions)
    q = pos.pieces.get(turn.end)
    return q is not None and q.side != pos.to_move


def verify(entry: dict) -> list[str]:
    """What is wrong with the entry's claim (empty: the claim holds)."""
    pos = load(entry)
    side = pos.to_move
    kind = entry["kind"]
    bad = []
    if kind == "win":
        at_once = wins_now(pos)
        if entry["moves"] == 1:
            for s in entry["solution"]:
                t = parse(pos, s)
                new = play(pos, t)
                if new is None or new.result is None or new.result.winner != side:
                    bad.append(f"{s} does not win at once")
            if entry.get("unique"):
                extra = [name(pos, t) for t in at_once if not matches(pos, t, entry["solution"])]
                if extra:
                    bad.append(f"other turns win at once too: {extra[:5]}")
        else:
            if at_once:
                bad.append(f"a turn wins at once: {name(pos, at_once[0])}")
            for s in entry["solution"]:
                e = forced_in_two(pos, parse(pos, s))
                if e is not None:
                    bad.append(f"{s} does not force a win: {e[0] and name(play(pos, parse(pos, s)), e[0])} {e[1]}")
    elif kind == "defend":
        if not threatened(pos):
            bad.append("no threat to parry")
        for s in entry.get("solution", []):
            d = defends(pos, parse(pos, s))
            if d is not None:
                bad.append(f"{s} does not defend: {d}")
        for s in entry.get("fails", []):
            if defends(pos, parse(pos, s)) is None:
                bad.append(f"{s} (listed as failing) defends")
    elif kind == "avoid":
        versions = [t for t in all_turns(pos) if matches(pos, t, [entry["turn"]])]
        if not versions:
            bad.append("the poisoned turn is illegal")
        for t in versions:
            if not looks_like_a_capture(pos, t):
                bad.append(f"{name(pos, t)} takes nothing")
            child = play(pos, t)
            if "refutation" in entry:
                r = parse(child, entry["refutation"])
                end = play(child, r)
                if end is None:
                    bad.append("the refutation is illegal")
                    continue
            else:
                end = child
            lost = end.result is not None and end.result.winner == other(side)
            if not lost and balance(end, side) >= balance(pos, side):
                bad.append(f"after {name(pos, t)} and the refutation the taker is not worse off")
    elif kind == "win-material":
        for s in entry["solution"]:
            child = play(pos, parse(pos, s))
            if child is None or balance(child, side) <= balance(pos, side):
                bad.append(f"{s} wins no material")
    else:
        bad.append(f"unknown kind {kind!r}")
    return bad


def solves(entry: dict, pos, turn) -> tuple[bool, str]:
    """Whether ``turn`` (the computer's choice in ``pos``) answers the entry, and why not."""
    side = pos.to_move
    kind = entry["kind"]
    n = name(pos, turn)
    if kind == "win":
        if matches(pos, turn, entry["solution"]):
            return True, ""
        child = play(pos, turn)
        if child is not None and child.result is not None and child.result.winner == side:
            return True, ""
        if entry["moves"] == 2 and forced_in_two(pos, turn) is None:
            return True, ""
        return False, f"{n} does not win"
    if kind == "defend":
        d = defends(pos, turn)
        return (d is None), ("" if d is None else f"{n} leaves {d}")
    if kind == "avoid":
        return (n != entry["turn"]), f"{n} is the poisoned capture"
    return matches(pos, turn, entry["solution"]), f"{n} is not {entry['solution']}"
