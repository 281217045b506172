"""The optimised move generator (engine/movegen.py) says exactly what the turn machine says.

* every generated action is accepted by ``TurnBuilder(pos, origin).add(action)``;
* for candidate targets around the origin (x/y/z within 3, dims 4..7 within 1) ``action in
  legal_actions(...)`` agrees with membership in the generated list, horizon included;
* the generated list equals, order included, the one of the straightforward generator the
  engine had before it was optimised (kept below as ``_reference``), for the first action of a
  turn and for the actions that may follow it (``TurnBuilder.options``).

Positions come from seeded random play (stacks, splits, jumps, hyper-jumps, captures) and from
hand-built positions with pieces far out in high dimensions and indices.
"""

from __future__ import annotations

import random
from itertools import product

import pytest

from engine import (
    Capture,
    HyperJump,
    Jump,
    Move,
    Piece,
    Position,
    TurnBuilder,
    legal_actions,
    load_ruleset,
    start_position,
)
from engine.core.coords import normalize
from engine.cube.actions import Promote, Split
from engine.cube.movegen import displacements, splits
from engine.cube.position import other
from engine.cube.randomplay import random_turn
from engine.cube.rules import apply_turn, facing_line_clear, grammar_error, group_rays, highest_value

SIDES = ("white", "black")


# -- the generator as it was before optimisation (behavioural reference) ---------------------------


def _ref_stackable(rules, stack):
    return all(rules.pieces[p.type].stackable for p in stack)


def _ref_affordable(rules, side, y, group, dest, budget):
    """C15: stacking onto ``dest`` on rank ``y`` must be payable from ``budget``."""
    if rules.beyond_promotion(side, y):
        return rules.stack_after_promotion_line <= budget
    return highest_value(rules, tuple(group) + tuple(dest)) <= budget


def _ref_displacements(
    cell, rules, group, side, at, *, seq, horizon, score, sizes, higher_min, enemy_king=None, facing=None
):
    kinds = {k for k in ("move", "capture", "jump", "hyperjump") if grammar_error(rules, seq, k) is None}
    stack_after = {k: grammar_error(rules, seq + [k], "stack") is None for k in kinds}
    grp_stackable = _ref_stackable(rules, group)
    out = []
    sx, sy, sz = sizes
    x0, y0 = at[0], at[1]
    rest = at[2:]
    pieces = rules.pieces
    can_stack = grp_stackable and stack_after.get("move", False)
    want_move, want_cap = "move" in kinds, "capture" in kinds
    multi = len(group) > 1
    seen = set() if multi else None
    if want_move or want_cap:
        for r in group_rays(rules, group, side):
            mv = r.can_move and want_move
            cp = r.can_capture and want_cap
            if not (mv or cp):
                continue
            x, y = x0, y0
            screened = False
            for _ in range(r.max_steps):
                x += r.dx
                y += r.dy
                if x < 1 or y < 1 or x > sx or y > sy:
                    break
                c = (x, y) + rest
                s = cell(c)
                if r.hop and not screened:
                    if s:
                        screened = True
                    continue
                if not s:
                    if mv and (seen is None or ("m", c) not in seen):
                        seen is not None and seen.add(("m", c))
                        out.append(Move(c))
                    continue
                if s[0].side == side:
                    if (
                        mv
                        and can_stack
                        and _ref_stackable(rules, s)
                        and _ref_affordable(rules, side, y, group, s, score)
                    ):
                        if seen is None or ("m", c) not in seen:
                            seen is not None and seen.add(("m", c))
                            out.append(Move(c))
                elif cp:
                    if not any(pieces[p.type].immune for p in s) and (seen is None or ("c", c) not in seen):
                        seen is not None and seen.add(("c", c))
                        out.append(Capture(c))
                break
    if want_cap and enemy_king is not None and not multi and group[0].type == "king":
        a = at
        if enemy_king != a and not (
            len(enemy_king) == len(a)
            and enemy_king[2:] == rest
            and abs(enemy_king[0] - x0) <= 1
            and abs(enemy_king[1] - y0) <= 1
        ):
            if facing(a, enemy_king):
                out.append(Capture(enemy_king))
    if "jump" in kinds:
        can_stack = grp_stackable and stack_after["jump"]
        z = at[2]
        for nz in (z - 1, z + 1):
            if 1 <= nz <= sz:
                c = (x0, y0, nz) + at[3:]
                s = cell(c)
                if not s or (
                    s[0].side == side
                    and can_stack
                    and _ref_stackable(rules, s)
                    and _ref_affordable(rules, side, y0, group, s, score)
                ):
                    out.append(Jump(c))
    if "hyperjump" in kinds:
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
                    if not s or (
                        s[0].side == side
                        and can_stack
                        and _ref_stackable(rules, s)
                        and _ref_affordable(rules, side, y0, group, s, score - price)
                    ):
                        out.append(HyperJump(c))
    return out


def _ref_promotions(rules, group, side, at):
    if at is None or not any(p.type == "pawn" for p in group) or not rules.beyond_promotion(side, at[1]):
        return []
    return [Promote(t) for t in rules.pieces["pawn"].promotes_to]


def _reference(pos, origin, horizon):
    origin = normalize(origin)
    if pos.result is not None or not pos.in_board(origin):
        return []
    stack = pos.cell(origin)
    side = pos.to_move
    if not stack or stack[0].side != side:
        return []
    rules = pos.rules
    out = _ref_displacements(
        pos.cell,
        rules,
        stack,
        side,
        origin,
        seq=[],
        horizon=horizon,
        score=pos.scores[side],
        sizes=rules.size,
        higher_min=rules.higher_min,
        enemy_king=pos.royals[other(side)]["king"],
        facing=lambda a, b: facing_line_clear(pos, a, b),
    )
    if "split" in rules.follows["start"]:
        out.extend(splits(stack))
    out.extend(_ref_promotions(rules, stack, side, origin))
    return out


# -- positions ----------------------------------------------------------------------------------------


def _random_turn(pos, rng, horizon):
    """A random legal turn (biased towards stacks, splits and hyper-jumps) applied, or None."""
    turn = random_turn(pos, rng, horizon=horizon, fancy=0.5, companions=3, stop=0.4, extra_origins=1)
    return None if turn is None else apply_turn(pos, turn)[0]


def _random_positions(seed, plies, every, horizon=6):
    rng = random.Random(seed)
    pos = start_position()
    out = [pos]
    for ply in range(plies):
        new = _random_turn(pos, rng, horizon)
        if new is None:
            break
        pos = new
        if ply % every == every - 1:
            out.append(pos)
    return out


def _built_positions():
    """Hand-built positions: stacks, far dimensions / indices, facing kings, promotion ranks."""
    rules = load_ruleset("standard")
    W = lambda t: Piece(t, "white")  # noqa: E731
    B = lambda t: Piece(t, "black")  # noqa: E731
    cells = {
        (8, 6, 1): (W("rook"), W("knight"), W("pawn")),
        (5, 5, 2): (W("brother"),),
        (5, 9, 2): (B("pawn"), B("cannon")),
        (9, 9, 1): (W("cannon"),),
        (6, 15, 1): (W("pawn"), W("rook")),
        (4, 4, 3, 1, 1, 1, 2): (W("queen"), W("pawn")),
        (5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3): (W("knight"),),
        (7, 7, 7, 1000000): (W("bishop"), W("bishop")),
        (7, 8, 7, 1000000): (B("queen"),),
        (8, 1, 1): (),
        (8, 8, 4): (W("king"),),
        (8, 12, 4): (),
        (8, 13, 4): (),
        (8, 14, 4): (),
    }
    pos = Position.from_pieces(rules, cells)
    # black king facing the white king along an empty file on plane z=4
    cells2 = dict(cells)
    cells2[(8, 12, 4)] = (B("king"),)
    cells2[(8, 1, 16)] = ()
    pos2 = Position.from_pieces(rules, cells2)
    return [pos, pos2, pos2.replace(to_move="black"), pos.replace(scores={"white": 1, "black": 120})]


# -- candidates ----------------------------------------------------------------------------------------


def _candidates(pos, origin, rng, n_random=20):
    """Targets around ``origin``: the planar 7x7 square (the one kind that can apply: capture onto
    enemy pieces, move elsewhere), the z line, every hyper-neighbour in dims 4..7, and random cells
    of the box x/y/z within 3, dims 4..7 within 1 with a random kind."""
    o = list(origin) + [1] * (7 - len(origin))
    out = []
    for dx, dy in product(range(-3, 4), repeat=2):
        c = normalize([o[0] + dx, o[1] + dy] + o[2:])
        s = pos.cell(c) if pos.in_board(c) else ()
        out.append(Capture(c) if s and s[0].side != pos.to_move else Move(c))
    for dz in (-2, -1, 1, 2):
        out.append(Jump(normalize(o[:2] + [o[2] + dz] + o[3:])))
    for dim in range(4, 8):
        for d in (-1, 1):
            v = list(o)
            v[dim - 1] += d
            out.append(HyperJump(normalize(v)))
    kinds = (Move, Capture, Jump, HyperJump)
    for _ in range(n_random):
        v = [o[0] + rng.randint(-3, 3), o[1] + rng.randint(-3, 3), o[2] + rng.randint(-3, 3)]
        v += [o[i] + rng.randint(-1, 1) for i in range(3, 7)]
        out.append(rng.choice(kinds)(normalize(v)))
    return out


def _origins(pos, rng, k):
    side = pos.to_move
    own = [c for c, s in pos.pieces_of(side)]
    rng.shuffle(own)
    extra = [(rng.randint(1, 16), rng.randint(1, 16), rng.randint(1, 16)) for _ in range(3)]
    return own[:k] + extra


def _check(pos, origin, horizon, rng, members=True):
    la = legal_actions(pos, origin, horizon)
    got = list(la)
    assert got == _reference(pos, origin, horizon), (origin, horizon)
    assert la.count() == len(got) and bool(la) == bool(got)
    listed = set(got)
    assert len(listed) == len(got), "duplicates"
    for a in got:
        TurnBuilder(pos, origin, transactional=False).add(a)  # raises if the generator lied
    if members and pos.cell(normalize(origin)):
        for a in _candidates(pos, origin, rng):
            assert (a in la) == (a in listed), (origin, horizon, a)
    return got


def _check_followups(pos, origin, horizon, got, rng):
    """After each first action, options() (fast generator) equals the reference generator."""
    for a in rng.sample(got, min(4, len(got))):
        b = TurnBuilder(pos, origin)
        b.add(a)
        if b.pending or not b.current_group or b.at is None:
            continue
        seq = [k for k in b.kinds if k != "promote"]
        rules = pos.rules
        kw = dict(
            seq=seq,
            horizon=horizon,
            score=pos.scores[b.side] + b.earned - b.cost,
            sizes=rules.size,
            higher_min=rules.higher_min,
            enemy_king=b.royals[other(b.side)]["king"],
            facing=lambda x, y: False,
        )
        fast = displacements(b.cell, rules, b.current_group, b.side, b.at, **kw)
        ref = _ref_displacements(b.cell, rules, b.current_group, b.side, b.at, **kw)
        assert fast == ref, (origin, a)
        for nxt in b.options(horizon):
            if nxt.kind == "stack":
                continue
            TurnBuilder(pos, origin, transactional=False).add(a).add(nxt)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_positions(seed):
    rng = random.Random(1000 + seed)
    checked = 0
    for pos in _random_positions(seed, plies=60, every=12):
        for origin in _origins(pos, rng, 15):
            for horizon in (4, 6):
                got = _check(pos, origin, horizon, rng, members=horizon == 6 or rng.random() < 0.3)
                checked += 1
                if horizon == 6 and got and rng.random() < 0.3:
                    _check_followups(pos, origin, horizon, got, rng)
    assert checked > 100


def test_start_position_every_origin():
    pos = start_position()
    rng = random.Random(7)
    total = 0
    for origin, stack in pos.board_pieces():
        if stack[0].side != pos.to_move:
            continue
        la = legal_actions(pos, origin, 5)
        got = list(la)
        assert got == _reference(pos, origin, 5)
        total += len(got)
    assert total > 0
    for origin in [(9, 3, 1), (4, 1, 1), (3, 1, 1), (8, 1, 1), (1, 3, 1), (5, 2, 7)]:
        _check(pos, origin, 5, rng)


def test_built_positions_high_dimensions_and_stacks():
    rng = random.Random(11)
    for pos in _built_positions():
        side = pos.to_move
        origins = [c for c, s in pos.cells.items() if s and s[0].side == side]
        origins += [c for c, s in pos.base.items() if s and s[0].side == side][:6]
        for origin in origins:
            for horizon in (3, 5, 12):
                got = _check(pos, origin, horizon, rng, members=horizon == 5 or rng.random() < 0.3)
                if got:
                    _check_followups(pos, origin, horizon, got, rng)


def test_horizon_limits_listing_and_membership():
    rules = load_ruleset("standard")
    far = (5, 5, 2, 1, 1, 1, 2)  # a rook on a board of dimension 7
    pos = Position.from_pieces(rules, {far: (Piece("rook", "white"),)})
    down7 = HyperJump((5, 5, 2))  # travels in dimension 7
    side4 = HyperJump((5, 5, 2, 2, 1, 1, 2))  # travels in dimension 4
    assert down7 not in list(legal_actions(pos, far, 5)) and down7 not in legal_actions(pos, far, 5)
    assert side4 in list(legal_actions(pos, far, 5)) and side4 in legal_actions(pos, far, 5)
    assert down7 in list(legal_actions(pos, far, 7)) and down7 in legal_actions(pos, far, 7)


def test_other_actions_not_listed_are_not_members():
    pos = start_position()
    la = legal_actions(pos, (3, 1, 1), 5)
    assert Split(("rook",)) not in la and Split(("rook",)) not in list(la)
    assert Move((3, 1, 2)) not in la
