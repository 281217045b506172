"""The position a turn builds and what it decides (split from :mod:`.rules`, issue 18).

:func:`build_position` writes a turn's changed cells over the previous position (the board hash
derived incrementally, every unwritten table shared); :func:`judge` applies C4/C8 and decides C4,
C5, C7, C8, C16, G11 and G14; :func:`_apply_simple` applies the computer's most common trusted
turns (a planar move, a move and its stack, a planar capture) without the turn machine, exactly as
the turn machine would.
"""

from __future__ import annotations

from ..core.caches import remember
from ..core.coords import compact
from .actions import Turn
from .grammar import grammar_error
from .position import EMPTY, SIDES, Piece, Position, Result, other


def build_position(
    pos: Position,
    changes: dict,
    side: str,
    earned: int,
    cost: int,
    credits: dict,
    stats: dict,
    ledger: dict,
    royals: dict,
    final: bool,
) -> Position:
    """The position after a turn's ``changes`` (cell -> stack, in the order written) by ``side``:
    the changed cells over a copy of the previous position's, the board hash updated from the cells
    written (``Position.zhash``), every table the turn did not write shared with the previous
    position (positions are never mutated); ``final``: the turn is over (the other side moves)."""
    old_cells = pos.cells
    cells = dict(old_cells)
    default = pos.default
    zh = pos._zh
    fresh = None  # the royals table, copied when a royal stands on a written cell
    for c, s in changes.items():
        if zh is not None:
            was = old_cells.get(c)
            if was is not None:
                zh ^= hash((c, was))
        if s == default(c):
            cells.pop(c, None)
        else:
            cells[compact(c)] = s
            if zh is not None:
                zh ^= hash((c, s))
        for p in s:
            if p.type in _ROYAL_TYPES:
                if fresh is None:
                    fresh = {s_: dict(royals[s_]) for s_ in SIDES}
                fresh[p.side][p.type] = c
    # a royal moved away from a square: drop stale pointers (a royal's square the turn did
    # not write still holds it)
    for s_ in SIDES:
        for t in _ROYAL_TYPES:
            c = (fresh or royals)[s_][t]
            if c is None or c not in changes:
                continue
            here = cells.get(c)
            if here is None:
                here = default(c)
            for p in here:
                if p.type == t and p.side == s_:
                    break
            else:
                if fresh is None:
                    fresh = {s_: dict(royals[s_]) for s_ in SIDES}
                fresh[s_][t] = None
    if earned or cost:
        scores = dict(pos.scores)
        scores[side] = pos.scores[side] + earned - cost
    else:
        scores = pos.scores
    new = Position(
        pos.rules,
        pos.base,
        cells,
        pos.fill,
        other(side) if final else side,
        scores,
        credits,
        stats,
        ledger,
        pos.homes,
        pos.kings_was,
        fresh or royals,
        pos.ply + (1 if final else 0),
    )
    new._zh = zh  # the board hash, derived from the previous one (Position.zhash)
    return new


_ROYAL_TYPES = ("king", "prince")


def _royal_of(stack, side: str) -> bool:
    """Whether ``stack`` holds a king or prince of ``side``."""
    for p in stack:
        if p.side == side and p.type in _ROYAL_TYPES:
            return True
    return False


_SIMPLE: dict = {}  # rules.fingerprint -> what _apply_simple needs of the ruleset


def _simple_rules(rules) -> tuple:
    """The ruleset's tables for :func:`_apply_simple`: piece values, the types that cannot stack,
    the immune types, the credit kinds, and whether the grammar allows a turn to start with a move
    or a capture and a stack to follow a move."""
    key = rules.fingerprint
    got = _SIMPLE.get(key)
    if got is None:
        pieces = rules.pieces
        got = (
            {n: p.value for n, p in pieces.items()},
            frozenset(n for n, p in pieces.items() if not p.stackable),
            frozenset(n for n, p in pieces.items() if p.immune),
            frozenset(rules.credit_kinds),
            grammar_error(rules, [], "move") is None,
            grammar_error(rules, [], "capture") is None,
            grammar_error(rules, ["move"], "stack") is None,
        )
        remember(_SIMPLE, key, got)
    return got


def _apply_simple(position: Position, turn: Turn) -> tuple[Position, int, tuple] | None:
    """:func:`apply_turn_changes` of a trusted turn that is one planar move, a planar move onto own
    pieces and its stack, or one planar capture -- most of the computer's turns -- without the
    turn machine: the same checks, tables and position as :class:`TurnBuilder` makes for them
    (``test_the_simple_apply_equals_the_turn_machine``).  None: any other turn, or one the turn
    machine might refuse (it is then applied by the turn machine, which says why)."""
    acts = turn.actions
    n = len(acts)
    origin = turn.origin
    if n == 0 or n > 2 or origin is None or position.result is not None:
        return None
    a = acts[0]
    kind = getattr(a, "kind", None)
    to = a.to if kind == "move" or kind == "capture" else None
    if to is None or to == origin or to[2:] != origin[2:]:
        return None
    pos = position
    cells = pos.cells
    group = cells.get(origin)
    if group is None:
        group = pos.default(origin)
    side = pos.to_move
    if not group or group[0].side != side:
        return None
    rules = pos.rules
    vals, nonstack, immune, credit_kinds, g_move, g_capture, g_stack = _simple_rules(rules)
    dest = cells.get(to)
    if dest is None:
        dest = pos.default(to)
    if kind == "move":
        if not g_move:
            return None
        if not dest:
            if n != 1:
                return None
            changes = {origin: EMPTY, to: group}
            new = build_position(pos, changes, side, 0, 0, pos.credits, pos.stats, pos.ledger, pos.royals, True)
            return _concluded(position, new, side, False, changes, 0)
        # onto own pieces: the stack must follow (C39), at its price (C15)
        if n != 2 or getattr(acts[1], "kind", None) != "stack" or not g_stack or dest[0].side != side:
            return None
        for p in group:
            if p.type in nonstack:
                return None
        for p in dest:
            if p.type in nonstack:
                return None
        merged = tuple(dest) + tuple(group)
        if rules.beyond_promotion(side, to[1]):
            price = rules.stack_after_promotion_line
        else:
            price = 0
            for p in merged:
                v = vals[p.type]
                if v > price:
                    price = v
        if price > pos.scores[side]:
            return None
        ledger = {s: dict(v) for s, v in pos.ledger.items()}
        ledger[side]["stack"] += price
        changes = {origin: EMPTY, to: merged}
        new = build_position(pos, changes, side, 0, price, pos.credits, pos.stats, ledger, pos.royals, True)
        return _concluded(position, new, side, False, changes, price)
    if n != 1 or not g_capture or not dest or dest[0].side == side:
        return None
    for p in dest:
        if p.type in immune:
            return None
    gained = 0
    stats = {s: dict(v) for s, v in pos.stats.items()}
    mine = stats[side]
    copied: set = set()
    credits, royals = pos.credits, pos.royals
    king_taken = False
    for p in dest:
        t = p.type
        v = vals[t]
        gained += v
        if t not in copied:
            copied.add(t)
            mine[t] = dict(mine[t])
        st = mine[t]
        st["points"] += v
        st["captured"] += 1
        if t in credit_kinds:
            if credits is pos.credits:
                credits = {s: dict(c) for s, c in credits.items()}
            have = credits[side]
            have[t] = have.get(t, 0) + 1
        if t == "king":
            king_taken = True
            if royals is pos.royals:
                royals = {s: dict(r) for s, r in royals.items()}
            royals[other(side)]["king"] = None
    ledger = {s: dict(v) for s, v in pos.ledger.items()}
    ledger[side]["earned"] += gained
    changes = {origin: EMPTY, to: group}
    new = build_position(pos, changes, side, gained, 0, credits, stats, ledger, royals, True)
    return _concluded(position, new, side, king_taken, changes, 0)


def _concluded(position: Position, new: Position, side: str, king_taken: bool, changes: dict, cost: int) -> tuple:
    """:func:`judge` the position a turn built and say which cells it wrote (:func:`apply_turn_changes`)."""
    new = judge(new, mover=side, king_taken=king_taken)
    changed = tuple(changes)
    if new.kings_was != position.kings_was:  # a prince was crowned on its own square (C4, C8)
        changed += tuple(c for c in (new.royals[s]["king"] for s in SIDES) if c is not None)
    return new, cost, changed


def judge(pos: Position, mover: str, king_taken: bool) -> Position:
    """Apply C4/C8 (crowning the prince) and decide C4, C5, C7, C8, C16, G11, G14."""
    rules = pos.rules
    losers: dict = {}
    victim = other(mover)
    if king_taken:
        if pos.kings_was[victim] == "prince":
            losers[victim] = "crowned-prince-captured (C8)"
        elif pos.scores[victim] <= pos.scores[mover]:
            losers[victim] = "king-captured (C4)"
        else:
            pc = pos.royals[victim]["prince"]
            if pc is None:
                losers[victim] = "king-captured, no prince to crown (C4)"
            else:
                stack = tuple(Piece("king", victim, "prince") if p.type == "prince" else p for p in pos.cell(pc))
                cells = dict(pos.cells)
                cells[compact(pc)] = stack
                royals = {s: dict(pos.royals[s]) for s in SIDES}
                royals[victim] = {"king": pc, "prince": None}
                kw = dict(pos.kings_was)
                kw[victim] = "prince"
                pos = pos.replace(cells=cells, royals=royals, kings_was=kw)
    get, default = pos.cells.get, pos.default
    for side in SIDES:
        opp = other(side)
        if side in losers:
            continue
        homes = pos.homes[side]
        for royal in _ROYAL_TYPES:
            home = homes[royal]
            here = get(home)
            if here is None:
                here = default(home)
            if here and _royal_of(here, opp):
                losers[side] = f"{royal}-home-occupied ({'C5' if royal == 'king' else 'C7'})"
                break
        else:
            s, o = pos.scores[side], pos.scores[opp]
            if s <= 0 or 2 * s <= o:
                losers[side] = "score (C16)"
    result = None
    if len(losers) == 1:
        ((loser, reason),) = losers.items()
        result = Result(other(loser), reason)
    elif len(losers) == 2:
        if rules.both_lose == "draw":
            result = Result(None, f"both sides lose at once (G11): {losers['white']} / {losers['black']}")
        else:
            result = Result(other(mover), f"both sides lose at once; the mover loses (G11): {losers[mover]}")
    elif rules.max_plies and pos.ply >= rules.max_plies:
        result = Result(None, f"turn limit of {rules.max_plies} plies (G14)")
    if result is not None:
        pos = pos.replace(result=result)
    return pos
