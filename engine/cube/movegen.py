"""Legal-action generation.

:func:`legal_actions` returns a lazy :class:`LegalActions` collection of the
single actions that may start a turn from one origin square.  Because the
board has unboundedly many dimensions, hyper-jumps are listed only for
dimensions up to an explicit ``horizon`` (house style 6); ``in`` answers by
validating the action directly, so it needs no enumeration.

Speed (benchmarks/README.md): everything that depends on the ruleset only —
the turn-grammar answers for a sequence of action kinds, the merged rays of a
group of piece types, which types may stack or are immune — is computed once
per ruleset and kept in a small module cache.  The ray walk then does plain
integer arithmetic, one dict lookup per cell (``cells.get``) and falls back
to ``Position.default`` only for unchanged cells.

Cost bounds (issue 8): every ray is planar (it changes x and y only) and stops at the board's
edge or its ``max_steps``, so a ride reads at most one board side of cells; hyper-jumps are
listed for the dimensions 4..``horizon`` only (two per dimension); a facing-king line through
higher dimensions is checked without walking it (:func:`.grammar.facing_line_clear`).  The
protocol bounds the board side, the horizon and the stack height (engine/core/limits.py).
"""

from __future__ import annotations

import dataclasses
from itertools import product

from ..core.caches import remember
from ..core.errors import IllegalAction
from .actions import Capture, HyperJump, Jump, Move, Promote, Split, Stack
from .grammar import facing_line_clear, grammar_error, group_rays, highest_value, promote_after_drop_error
from .position import other

# -- fast construction of the frozen one-field action dataclasses ---------------------------------


def _maker(cls):
    """``cls(to)`` without the frozen-dataclass ``__init__`` detour (same object, ~30 % faster).
    Falls back to the class itself if the action ever grows fields or a ``__post_init__``."""
    try:
        names = tuple(f.name for f in dataclasses.fields(cls))
        slot = cls.__dict__["to"]
        setter = slot.__set__
    except (TypeError, KeyError, AttributeError):
        return cls
    if names != ("to",) or hasattr(cls, "__post_init__") or not hasattr(slot, "__set__"):
        return cls
    new = cls.__new__

    def make(to, _new=new, _cls=cls, _set=setter):
        a = _new(_cls)
        _set(a, to)
        return a

    return make


_MOVE = _maker(Move)
_CAPTURE = _maker(Capture)
_JUMP = _maker(Jump)
_HYPER = _maker(HyperJump)


# -- per-ruleset caches ----------------------------------------------------------------------------

_CACHE: dict = {}  # rules.fingerprint -> _RulesCache (a value key: equal rulesets share one)
_CACHE_MAX = 64


class _RulesCache:
    __slots__ = ("rules", "plans", "groups", "nonstack", "immune")

    def __init__(self, rules):
        self.rules = rules
        self.plans = {}  # tuple(seq) -> (move, capture, jump, hyper, stack after move/jump/hyper)
        self.groups = {}  # (side, types) -> (rays, stackable, highest value, lone king)
        pieces = rules.pieces
        self.nonstack = frozenset(n for n, p in pieces.items() if not p.stackable)
        self.immune = frozenset(n for n, p in pieces.items() if p.immune)


def _rcache(rules) -> _RulesCache:
    key = rules.fingerprint
    rc = _CACHE.get(key)
    if rc is None:
        rc = remember(_CACHE, key, _RulesCache(rules), _CACHE_MAX - 1)
    return rc


def _plan(rc: _RulesCache, seq) -> tuple:
    """Which displacements may follow the non-promote kinds ``seq``, and whether a stack may follow
    each of them (``grammar_error`` answers, cached per ruleset and sequence)."""
    key = tuple(seq)
    p = rc.plans.get(key)
    if p is None:
        rules = rc.rules
        ok = {k: grammar_error(rules, list(key), k) is None for k in ("move", "capture", "jump", "hyperjump")}
        after = {
            k: ok[k] and grammar_error(rules, list(key) + [k], "stack") is None for k in ("move", "jump", "hyperjump")
        }
        p = rc.plans[key] = (
            ok["move"],
            ok["capture"],
            ok["jump"],
            ok["hyperjump"],
            after["move"],
            after["jump"],
            after["hyperjump"],
        )
    return p


def _group_info(rc: _RulesCache, group, side) -> tuple:
    """(rays as plain tuples, group stackable, highest value, lone king) for a group's piece types."""
    key = (side, group[0].type) if len(group) == 1 else (side,) + tuple([p.type for p in group])
    g = rc.groups.get(key)
    if g is None:
        rules = rc.rules
        rays = tuple(
            (r.dx, r.dy, r.max_steps, r.can_move, r.can_capture, r.hop) for r in group_rays(rules, group, side)
        )
        g = rc.groups[key] = (
            rays,
            _stackable(rules, group),
            highest_value(rules, group),
            len(group) == 1 and group[0].type == "king",
        )
    return g


def _stackable(rules, stack) -> bool:
    pieces = rules.pieces
    for p in stack:
        if not pieces[p.type].stackable:
            return False
    return True


def _ok_stack(s, nonstack) -> bool:
    for p in s:
        if p.type in nonstack:
            return False
    return True


def _stack_affordable(rules, side, y, top_value, s, budget) -> bool:
    """Can the side pay for stacking onto ``s`` on rank ``y`` (C15) with ``budget`` points?"""
    if rules.beyond_promotion(side, y):
        return rules.stack_after_promotion_line <= budget
    price = top_value
    pieces = rules.pieces
    for p in s:
        v = pieces[p.type].value
        if v > price:
            price = v
    return price <= budget


# -- generation --------------------------------------------------------------------------------------


def _displace(get, default, rc, group, side, at, seq, horizon, score, sizes, higher_min, enemy_king, facing):
    """Core of :func:`displacements`: ``get(c)`` reads a cell (None = unchanged, then ``default(c)``).

    A hot loop, kept whole on purpose (issue 20): it runs for every piece at every node of the
    computer's search, and its locals (the plan, the rays, the sizes) are read once here instead of
    being passed down to helpers on every ray step."""
    want_move, want_cap, want_jump, want_hyper, st_move, st_jump, st_hyper = _plan(rc, seq)
    rays, grp_stackable, top_value, lone_king = _group_info(rc, group, side)
    nonstack = rc.nonstack
    immune = rc.immune
    out = []
    append = out.append
    sx, sy, sz = sizes
    x0, y0 = at[0], at[1]
    rest = at[2:]
    can_stack = grp_stackable and st_move
    multi = len(group) > 1
    seen = set() if multi else None
    if want_move or want_cap:
        for dx, dy, max_steps, r_move, r_cap, hop in rays:
            mv = r_move and want_move
            cp = r_cap and want_cap
            if not (mv or cp):
                continue
            # steps until the edge of the board (x, y within 1..size)
            n = max_steps
            if dx > 0:
                k = (sx - x0) // dx
                if k < n:
                    n = k
            elif dx < 0:
                k = (x0 - 1) // -dx
                if k < n:
                    n = k
            if dy > 0:
                k = (sy - y0) // dy
                if k < n:
                    n = k
            elif dy < 0:
                k = (y0 - 1) // -dy
                if k < n:
                    n = k
            x, y = x0, y0
            screened = not hop
            while n > 0:
                n -= 1
                x += dx
                y += dy
                c = (x, y) + rest
                s = get(c)
                if s is None:
                    s = default(c)
                if not screened:
                    if s:
                        screened = True
                    continue
                if not s:
                    if mv:
                        if seen is None:
                            append(_MOVE(c))
                        elif ("m", c) not in seen:
                            seen.add(("m", c))
                            append(_MOVE(c))
                    continue
                if s[0].side == side:
                    if (
                        mv
                        and can_stack
                        and _ok_stack(s, nonstack)
                        and _stack_affordable(rc.rules, side, y, top_value, s, score)
                    ):
                        if seen is None:
                            append(_MOVE(c))
                        elif ("m", c) not in seen:
                            seen.add(("m", c))
                            append(_MOVE(c))
                elif cp:
                    for p in s:
                        if p.type in immune:
                            break
                    else:
                        if seen is None:
                            append(_CAPTURE(c))
                        elif ("c", c) not in seen:
                            seen.add(("c", c))
                            append(_CAPTURE(c))
                break
    if want_cap and enemy_king is not None and lone_king:
        a = at
        if enemy_king != a and not (
            len(enemy_king) == len(a)
            and enemy_king[2:] == rest
            and abs(enemy_king[0] - x0) <= 1
            and abs(enemy_king[1] - y0) <= 1
        ):
            if facing(a, enemy_king):
                append(_CAPTURE(enemy_king))
    if want_jump:
        can_stack = grp_stackable and st_jump
        z = at[2]
        head = (x0, y0)
        tail = at[3:]
        for nz in (z - 1, z + 1):
            if 1 <= nz <= sz:
                c = head + (nz,) + tail
                s = get(c)
                if s is None:
                    s = default(c)
                if not s or (
                    s[0].side == side
                    and can_stack
                    and _ok_stack(s, nonstack)
                    and _stack_affordable(rc.rules, side, y0, top_value, s, score)
                ):
                    append(_JUMP(c))
    if want_hyper:
        rules = rc.rules
        price = rules.hyperjump_cost
        if multi and rules.stack_hyperjump_pays_highest:
            price = max(price, top_value)
        can_stack = grp_stackable and st_hyper
        if price <= score:
            n = len(at)
            for dim in range(4, horizon + 1):
                i = dim - 1
                if dim <= n:
                    v = at[i]
                    pre, post = at[:i], at[dim:]
                else:
                    v = 1
                    pre, post = at + (1,) * (i - n), ()
                for nv in (v - 1, v + 1):
                    if nv < higher_min:
                        continue
                    c = pre + (nv,) + post
                    if c[-1] == 1:  # canonical form: drop trailing higher 1s
                        m = len(c)
                        while m > 3 and c[m - 1] == 1:
                            m -= 1
                        c = c[:m]
                    s = get(c)
                    if s is None:
                        s = default(c)
                    if not s or (
                        s[0].side == side
                        and can_stack
                        and _ok_stack(s, nonstack)
                        and _stack_affordable(rules, side, y0, top_value, s, score - price)
                    ):
                        append(_HYPER(c))
    return out


def _empty(c) -> tuple:
    return ()


def displacements(
    cell, rules, group, side, at, *, seq, horizon, score, sizes, higher_min, enemy_king=None, facing=None
) -> list:
    """Single displacement actions of ``group`` standing on ``at`` (helper of the generators).

    ``seq`` lists the non-promote action kinds done so far this turn; ``cell`` reads the board.
    A displacement onto own pieces is listed when a stack may follow it.
    """
    return _displace(
        cell, _empty, _rcache(rules), group, side, at, seq, horizon, score, sizes, higher_min, enemy_king, facing
    )


def splits(stack) -> list:
    """Every distinct way to split a stack: the multiset of types that leaves."""
    if len(stack) < 2:
        return []
    kinds = sorted({p.type for p in stack})
    counts = [sum(1 for p in stack if p.type == k) for k in kinds]
    out = []
    for combo in product(*(range(c + 1) for c in counts)):
        n = sum(combo)
        if 0 < n < len(stack):
            take = tuple(k for k, c in zip(kinds, combo) for _ in range(c))
            out.append(Split(take))
    return out


def promotions(rules, group, side, at, dropped: bool = False) -> list:
    """The promotions of the pawn in ``group`` on ``at``; ``dropped``: that pawn was dropped this turn (G19)."""
    if at is None or not any(p.type == "pawn" for p in group) or not rules.beyond_promotion(side, at[1]):
        return []
    return [
        Promote(t)
        for t in rules.pieces["pawn"].promotes_to
        if not dropped or promote_after_drop_error(rules, t) is None
    ]


def changed_dimension(a, b) -> int:
    """Highest dimension (1-based) in which coordinates ``a`` and ``b`` differ (0 if equal): the
    dimension a hyper-jump from ``a`` to ``b`` travels in, which the horizon limits."""
    la, lb = len(a), len(b)
    for i in range(max(la, lb) - 1, -1, -1):
        if (a[i] if i < la else 1) != (b[i] if i < lb else 1):
            return i + 1
    return 0


def next_actions(b, horizon: int = 5) -> list:
    """Single actions that may follow the builder's actions so far."""
    pos = b.position
    rules = pos.rules
    cands = []
    if b.pending:
        budget = pos.scores[b.side] + b.earned - b.cost
        if _stack_affordable(rules, b.side, b.at[1], highest_value(rules, b.group), b.cell(b.at), budget):
            cands.append(Stack())
    else:
        group = b.current_group
        at = b.at
        if group and at is not None:
            seq = [k for k in b.kinds if k != "promote"]
            cands = displacements(
                b.cell,
                rules,
                group,
                b.side,
                at,
                seq=seq,
                horizon=horizon,
                score=pos.scores[b.side] + b.earned - b.cost,
                sizes=rules.size,
                higher_min=rules.higher_min,
                enemy_king=b.royals[other(b.side)]["king"],
                facing=lambda a, c: facing_line_clear(b, a, c),
            )
            if grammar_error(rules, seq, "split") is None and b.group is None:
                cands.extend(splits(group))
    if b.current_group and b.at is not None:
        cands.extend(promotions(rules, b.current_group, b.side, b.at, dropped=b.promotes_dropped()))
    ok = []
    for a in cands:
        try:
            b._grammar(a.kind)
        except IllegalAction:
            continue
        ok.append(a)
    return ok
