"""Bounded candidate turns for cube chess (docs/AI.md, "Candidate generation").

The legal turn space of cube chess is infinite: drops on any square of any board, hyper-jumps into
any dimension, and every pair of companion actions.  A player needs a finite, principled subset.
Every list here is bounded and built in a fixed order from the position's content (origins sorted
by coordinate), so it does not depend on dict insertion order.

* **Origins** (what is near the action): every own piece on the finite part of the board (the setup
  arrangement and every changed cell, on any board), plus the own crowded pawns that can capture
  an enemy piece of the finite part (diagonally behind it).  The untouched crowded pawns of the
  infinitely many other boards are left out: they are all alike and far from both kings.
* **First actions** come from the engine's own ``legal_actions`` (moves, captures, C3 facing
  captures, 3-D jumps, hyper-jumps, splits, promotions); a displacement onto own pieces gets its
  ``Stack`` (C15 price checked by the engine).  3-D jumps and hyper-jumps are kept for the royals,
  for pieces off the main plane and for hyper-jumps that bring a piece closer to the enemy king's
  board; hyper-jumps only up to ``horizon`` (the highest dimension in use + 1, at least 4, at most 6).
* **Second actions** (where the grammar allows, G4): a pawn reaching its promotion line promotes to
  queen or brother (C36, G8); a jump or hyper-jump of a royal may be followed by its planar steps;
  a split (C43) takes one kind of piece off a stack and its part makes a capture or one of a few moves.
* **Drops** (C11-C13, prices with the green surcharge paid by the engine): blocking squares on the
  lines along which the enemy attacks our king or faces it (C3), cheapest piece first (a pawn);
  rook, bishop and knight drops that attack the enemy king from up to three squares away; queen
  and brother drops only with a credit (C12, G9).
* **Tactical** turns (quiescence): captures and steps of a royal onto an enemy home square.
"""

from __future__ import annotations

from ..core.errors import IllegalAction
from ..cube.actions import Drop, Promote, Stack, Turn
from ..cube.grammar import facing_line_clear
from ..cube.legal import legal_actions
from ..cube.position import Position, other
from ..cube.rules import TurnBuilder
from .cube_eval import _distance, attackers

ROYALS = ("king", "prince")
KING_DIRS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
DROP_REACH = 3
SPLIT_MOVES = 4
ROYAL_SECOND = 6


def horizon_of(pos: Position) -> int:
    return min(6, max(4, pos.max_dimension() + 1))


def origins(pos: Position) -> list:
    side = pos.to_move
    mine = {c for c, _ in pos.pieces_of(side)}
    fwd = 1 if side == "white" else -1
    for c, _s in pos.pieces_of(other(side)):
        for dx in (-1, 1):
            o = (c[0] - dx, c[1] - fwd) + tuple(c[2:])
            if o not in mine and pos.in_board(o):
                st = pos.cell(o)
                if st and st[0].side == side:
                    mine.add(o)
    return sorted(mine)


def _planar(a, b) -> bool:
    return len(a) == len(b) and a[2:] == b[2:]


def _lands_on_own(pos: Position, to, side) -> bool:
    s = pos.cell(to)
    return bool(s) and s[0].side == side


def _first_turns(pos: Position, o, stack, acts, horizon, tactical, out: list) -> None:
    side = pos.to_move
    rules = pos.rules
    royal = stack[0].type in ROYALS
    off_main = len(o) > 3 or o[2] != 1
    ek = pos.royals[other(side)]["king"]
    pawn = any(p.type == "pawn" for p in stack)
    for a in acts:
        k = a.kind
        if k == "capture":
            out.append(Turn(o, (a,)))
            continue
        if tactical:
            if royal and k in ("move", "jump") and _home_target(pos, a.to):
                out.append(Turn(o, (a,)))
            continue
        if k in ("move", "jump", "hyperjump"):
            if (
                k != "move"
                and not (royal or off_main)
                and (k == "jump" or ek is None or _distance(a.to, ek) >= _distance(o, ek))
            ):
                continue
            if _lands_on_own(pos, a.to, side):
                out.append(Turn(o, (a, Stack())))
                continue
            out.append(Turn(o, (a,)))
            if pawn and k == "move" and rules.beyond_promotion(side, a.to[1]):
                for t in ("queen", "brother"):
                    if t in rules.pieces["pawn"].promotes_to:
                        out.append(Turn(o, (a, Promote(t))))
            if royal and k in ("jump", "hyperjump"):
                _royal_second(pos, o, a, horizon, out)
        elif k == "promote":
            out.append(Turn(o, (a,)))
        elif k == "split" and len(a.take) >= 1 and len({t for t in a.take}) == 1:
            _split_turns(pos, o, a, horizon, out)


def _home_target(pos: Position, to) -> bool:
    opp = other(pos.to_move)
    return to in (pos.homes[opp]["king"], pos.homes[opp]["prince"])


def _royal_second(pos: Position, o, first, horizon, out: list) -> None:
    try:
        b = TurnBuilder(pos, o, transactional=False)
        b.add(first)
        opts = [a for a in b.options(horizon) if a.kind == "move"]
    except IllegalAction:
        return
    opp = other(pos.to_move)
    goal = pos.homes[opp]["king"]
    opts.sort(key=lambda a: (_distance(a.to, goal), a.to))
    for a in opts[:ROYAL_SECOND]:
        out.append(Turn(o, (first, a)))


def _split_turns(pos: Position, o, split, horizon, out: list) -> None:
    try:
        b = TurnBuilder(pos, o, transactional=False)
        b.add(split)
        opts = b.options(horizon)
    except IllegalAction:
        return
    ek = pos.royals[other(pos.to_move)]["king"]
    caps = [a for a in opts if a.kind == "capture"]
    moves = [a for a in opts if a.kind == "move" and not _lands_on_own(pos, a.to, pos.to_move)]
    if ek is not None:
        moves.sort(key=lambda a: (_distance(a.to, ek), a.to))
    for a in caps + moves[:SPLIT_MOVES]:
        out.append(Turn(o, (split, a)))


def _drops(pos: Position, out: list) -> None:
    side = pos.to_move
    opp = other(side)
    rules = pos.rules
    hireable = [n for n, p in rules.pieces.items() if p.hire == "unlimited"]
    credit = [n for n, p in rules.pieces.items() if p.hire == "credit" and pos.credits[side].get(n, 0) > 0]
    cheap = min(hireable, key=lambda n: (rules.pieces[n].value, n)) if hireable else None
    seen = set()

    def add(piece, c):
        if (piece, c) in seen or not pos.in_board(c) or pos.cell(c):
            return
        seen.add((piece, c))
        out.append(Turn(None, (Drop(piece, c),)))

    # defence: block the lines along which the enemy attacks our king or faces it (C3)
    mk, ek = pos.royals[side]["king"], pos.royals[opp]["king"]
    if mk is not None and cheap is not None:
        lines = [(c, d, k) for c, d, k in attackers(pos, mk, opp) if k > 1]
        for _c, (dx, dy), k in lines:
            for j in range(1, k):
                add(cheap, (mk[0] - dx * j, mk[1] - dy * j) + tuple(mk[2:]))
        if ek is not None and facing_line_clear(pos, mk, ek):
            n = max(len(mk), len(ek))
            a = list(mk) + [1] * (n - len(mk))
            b = list(ek) + [1] * (n - len(ek))
            d = [y - x for x, y in zip(a, b)]
            m = max(abs(v) for v in d)
            step = [(v > 0) - (v < 0) for v in d]
            for j in range(1, min(m, 4)):
                sq = [x + s_ * j for x, s_ in zip(a, step)]
                while len(sq) > 3 and sq[-1] == 1:
                    sq.pop()
                add(cheap, tuple(sq))
    # attack: pieces dropped where they would capture the enemy king next turn
    if ek is not None:
        rest = tuple(ek[2:])
        kinds = {
            "rook": [d for d in KING_DIRS if not (d[0] and d[1])],
            "bishop": [d for d in KING_DIRS if d[0] and d[1]],
        }
        for piece, dirs in kinds.items():
            if piece not in hireable:
                continue
            for dx, dy in dirs:
                for j in range(1, DROP_REACH + 1):
                    c = (ek[0] + dx * j, ek[1] + dy * j) + rest
                    if not pos.in_board(c) or pos.cell(c):
                        break
                    if j >= 2:
                        add(piece, c)
        if "knight" in hireable:
            for dx, dy in KNIGHT:
                add("knight", (ek[0] + dx, ek[1] + dy) + rest)
        for piece in credit:
            for dx, dy in KING_DIRS:
                c = (ek[0] + dx * 2, ek[1] + dy * 2) + rest
                add(piece, c)


def candidates(pos: Position, tactical: bool = False) -> list:
    """The bounded candidate turns of the side to move (all tried by the search)."""
    if pos.result is not None:
        return []
    side = pos.to_move
    horizon = horizon_of(pos)
    out: list = []
    for o in origins(pos):
        stack = pos.cell(o)
        if not stack or stack[0].side != side:
            continue
        acts = list(legal_actions(pos, o, horizon))
        if acts:
            _first_turns(pos, o, stack, acts, horizon, tactical, out)
    if not tactical:
        _drops(pos, out)
    return out
