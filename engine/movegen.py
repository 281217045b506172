"""Legal-action generation.

:func:`legal_actions` returns a lazy :class:`LegalActions` collection of the
single actions that may start a turn from one origin square.  Because the
board has unboundedly many dimensions, hyper-jumps are listed only for
dimensions up to an explicit ``horizon`` (house style 6); ``in`` answers by
validating the action directly, so it needs no enumeration.
"""
from __future__ import annotations

from itertools import product

from .actions import Capture, HyperJump, Jump, Move, Promote, Split
from .coords import Coord, normalize
from .errors import IllegalAction
from .rules import TurnBuilder, facing_line_clear, grammar_error, group_rays, highest_value
from .position import Position, other


def _stackable(rules, stack) -> bool:
    pieces = rules.pieces
    for p in stack:
        if not pieces[p.type].stackable:
            return False
    return True


def displacements(cell, rules, group, side, at, *, seq, horizon, score, sizes, higher_min,
                  enemy_king=None, facing=None) -> list:
    """Single displacement actions of ``group`` standing on ``at`` (helper of the generators).

    ``seq`` lists the non-promote action kinds done so far this turn; ``cell`` reads the board.
    A displacement onto own pieces is listed when a stack may follow it.
    """
    kinds = {k for k in ("move", "capture", "jump", "hyperjump") if grammar_error(rules, seq, k) is None}
    stack_after = {k: grammar_error(rules, seq + [k], "stack") is None for k in kinds}
    grp_stackable = _stackable(rules, group)
    out = []
    sx, sy, sz = sizes
    x0, y0 = at[0], at[1]
    rest = at[2:]
    pieces = rules.pieces
    can_stack = grp_stackable and stack_after.get("move", False)
    want_move = "move" in kinds
    want_cap = "capture" in kinds
    multi = len(group) > 1
    seen = set() if multi else None
    if want_move or want_cap:
        for r in group_rays(rules, group, side):
            dx, dy, hop = r.dx, r.dy, r.hop
            mv = r.can_move and want_move
            cp = r.can_capture and want_cap
            if not (mv or cp):
                continue
            x, y = x0, y0
            screened = False
            for _ in range(r.max_steps):
                x += dx
                y += dy
                if x < 1 or y < 1 or x > sx or y > sy:
                    break
                c = (x, y) + rest
                s = cell(c)
                if hop and not screened:
                    if s:
                        screened = True
                    continue
                if not s:
                    if mv:
                        if seen is None:
                            out.append(Move(c))
                        elif ("m", c) not in seen:
                            seen.add(("m", c))
                            out.append(Move(c))
                    continue
                if s[0].side == side:
                    if mv and can_stack and _stackable(rules, s):
                        if seen is None or ("m", c) not in seen:
                            seen is not None and seen.add(("m", c))
                            out.append(Move(c))
                elif cp:
                    ok = True
                    for p in s:
                        if pieces[p.type].immune:
                            ok = False
                            break
                    if ok and (seen is None or ("c", c) not in seen):
                        seen is not None and seen.add(("c", c))
                        out.append(Capture(c))
                break
    if want_cap and enemy_king is not None and not multi and group[0].type == "king":
        a = at
        if enemy_king != a and not (len(enemy_king) == len(a) and enemy_king[2:] == rest
                                    and abs(enemy_king[0] - x0) <= 1 and abs(enemy_king[1] - y0) <= 1):
            if facing(a, enemy_king):
                out.append(Capture(enemy_king))
    want_jump = "jump" in kinds
    want_hyper = "hyperjump" in kinds
    if want_jump:
        can_stack = grp_stackable and stack_after["jump"]
        z = at[2]
        for nz in (z - 1, z + 1):
            if 1 <= nz <= sz:
                c = (x0, y0, nz) + at[3:]
                s = cell(c)
                if not s or (s[0].side == side and can_stack and _stackable(rules, s)):
                    out.append(Jump(c))
    if want_hyper:
        price = rules.hyperjump_cost
        if multi and rules.stack_hyperjump_pays_highest:
            price = max(price, highest_value(rules, group))
        can_stack = grp_stackable and stack_after["hyperjump"]
        if price <= score:
            base = list(at)
            for dim in range(4, horizon + 1):
                v = base[dim - 1] if dim <= len(base) else 1
                for nv in (v - 1, v + 1):
                    if nv < higher_min:
                        continue
                    vals = base + [1] * (dim - len(base)) if dim > len(base) else list(base)
                    vals[dim - 1] = nv
                    c = normalize(vals)
                    s = cell(c)
                    if not s or (s[0].side == side and can_stack and _stackable(rules, s)):
                        out.append(HyperJump(c))
    return out


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


def promotions(rules, group, side, at) -> list:
    if at is None or not any(p.type == "pawn" for p in group) or not rules.beyond_promotion(side, at[1]):
        return []
    return [Promote(t) for t in rules.pieces["pawn"].promotes_to]


class LegalActions:
    """The legal single actions that may start a turn from ``origin`` (lazy)."""

    def __init__(self, position: Position, origin: Coord, horizon: int = 5):
        self.position = position
        self.origin = normalize(origin)
        self.horizon = horizon
        self._list = None

    def _generate(self) -> list:
        pos = self.position
        if pos.result is not None or not pos.in_board(self.origin):
            return []
        stack = pos.cell(self.origin)
        side = pos.to_move
        if not stack or stack[0].side != side:
            return []
        rules = pos.rules
        kinds = rules.follows["start"]
        opp_king = pos.royals[other(side)]["king"]
        out = displacements(pos.cell, rules, stack, side, self.origin, seq=[], horizon=self.horizon,
                            score=pos.scores[side], sizes=rules.size, higher_min=rules.higher_min,
                            enemy_king=opp_king, facing=lambda a, b: facing_line_clear(pos, a, b))
        if "split" in kinds:
            out.extend(splits(stack))
        out.extend(promotions(rules, stack, side, self.origin))
        return out

    def __iter__(self):
        if self._list is None:
            self._list = self._generate()
        return iter(self._list)

    def __len__(self) -> int:
        return self.count()

    def count(self) -> int:
        if self._list is None:
            self._list = self._generate()
        return len(self._list)

    def __bool__(self) -> bool:
        return self.count() > 0

    def __contains__(self, action) -> bool:
        to = getattr(action, "to", None)
        if getattr(action, "kind", None) == "hyperjump" and isinstance(to, tuple) and len(to) > self.horizon:
            return False
        try:
            TurnBuilder(self.position, self.origin, transactional=False).add(action)
        except (IllegalAction, TypeError, IndexError):
            return False
        return True


def legal_actions(position: Position, origin, horizon: int = 5) -> LegalActions:
    return LegalActions(position, origin, horizon)


def next_actions(b: TurnBuilder, horizon: int = 5) -> list:
    """Single actions that may follow the builder's actions so far."""
    pos = b.position
    rules = pos.rules
    cands = []
    if b.pending:
        from .actions import Stack
        cands.append(Stack())
    else:
        group = b.current_group
        at = b.at
        if group and at is not None:
            seq = [k for k in b.kinds if k != "promote"]
            cands = displacements(b.cell, rules, group, b.side, at, seq=seq, horizon=horizon,
                                  score=pos.scores[b.side] + b.earned - b.cost, sizes=rules.size,
                                  higher_min=rules.higher_min, enemy_king=b.royals[other(b.side)]["king"],
                                  facing=lambda a, c: facing_line_clear(_Cells(b.cell), a, c))
            if grammar_error(rules, seq, "split") is None and b.group is None:
                cands.extend(splits(group))
    if b.current_group and b.at is not None:
        cands.extend(promotions(rules, b.current_group, b.side, b.at))
    ok = []
    for a in cands:
        try:
            b._grammar(a.kind)
        except IllegalAction:
            continue
        ok.append(a)
    return ok


class _Cells:
    def __init__(self, cell):
        self.cell = cell
