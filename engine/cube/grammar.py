"""Pure rule helpers shared by the turn machine and the move generator: the turn-grammar
table's answers (C28–C38, G4, G5), merged movement rays (G7), stack values and the facing
line (C3, G10)."""

from __future__ import annotations

from ..core.coords import Coord, normalize

GRAMMAR_RULE = {
    "move": "C29",
    "capture": "C30",
    "drop": "C31",
    "jump": "C32",
    "hyperjump": "C33",
    "stack": "C34",
    "split": "C35",
    "start": "C28",
}


def group_rays(rules, group, side):
    """Union of the movement rays of every piece in ``group`` (G7), without duplicates."""
    seen, out = set(), []
    for p in group:
        for r in rules.pieces[p.type].rays[side]:
            if r not in seen:
                seen.add(r)
                out.append(r)
    return out


def highest_value(rules, stack) -> int:
    return max((rules.pieces[p.type].value for p in stack), default=0)


def stack_value(rules, stack) -> int:
    return sum(rules.pieces[p.type].value for p in stack)


#: lines with at most this many cells strictly between the ends are walked cell by cell
WALK_MAX = 64


def facing_line_clear(pos, a: Coord, b: Coord) -> bool:
    """G10: ``a`` and ``b`` lie on one lattice line whose step changes every coordinate by
    -1, 0 or +1, and every cell strictly between them is empty (C3).  ``pos`` is anything with a
    ``cell(coord)`` method: a Position, or a TurnBuilder mid-turn.

    Cost: a short line is walked; a long one costs O(changed cells x dimensions), whatever the
    distance (:func:`_sparse_line_clear`): a cell nobody touched holds the default fill, whose
    formula says at once whether any default piece lies on the line."""
    n = max(len(a), len(b))
    av = list(a) + [1] * (n - len(a))
    bv = list(b) + [1] * (n - len(b))
    d = [y - x for x, y in zip(av, bv)]
    m = max(abs(v) for v in d)
    if m == 0 or any(v != 0 and abs(v) != m for v in d):
        return False
    step = [(v > 0) - (v < 0) for v in d]
    layers = _layers(pos)
    if m - 1 > WALK_MAX and layers is not None and any(step[3:]):
        return _sparse_line_clear(pos, layers[0], layers[1], av, step, m)
    # within one 3-D board the line is at most a board side long: walk it
    for k in range(1, m):
        c = normalize([x + s * k for x, s in zip(av, step)])
        if pos.cell(c):
            return False
    return True


def _layers(pos):
    """(the underlying Position, the dicts of changed cells over its default) or None for an
    object this module does not know (it is then walked)."""
    changes = getattr(pos, "changes", None)
    base = getattr(pos, "position", None)
    if isinstance(changes, dict) and base is not None and hasattr(base, "_crowd"):
        return base, (base.cells, changes)
    if hasattr(pos, "_crowd") and isinstance(getattr(pos, "cells", None), dict):
        return pos, (pos.cells,)
    return None


def _k_on_line(c, av: list, step: list, m: int, first: int) -> int:
    """``k`` (1 <= k < m) with ``c == av + k * step`` (``c`` canonical, any length), or 0."""
    n = len(av)
    if len(c) > n:
        return 0  # a canonical coordinate ends in a non-1 index
    k = (c[first] - av[first]) * step[first] if first < len(c) else (1 - av[first]) * step[first]
    if not 0 < k < m:
        return 0
    lc = len(c)
    for i in range(n):
        v = c[i] if i < lc else 1
        if v != av[i] + k * step[i]:
            return 0
    return k


def _sparse_line_clear(pos, base, layers: tuple, av: list, step: list, m: int) -> bool:
    """:func:`facing_line_clear` for a line that moves in a higher dimension, without walking it.

    Every changed cell (of the position and of a turn being built) is tested for lying on the
    segment and read; then the default fill (``Position.default``): crowded pawns on the crowded
    ranks, the setup arrangement inside the green area of the main board, nothing elsewhere.
    A line that moves in a higher dimension meets the main board (all higher indices 1) at one
    cell at most, so the default pieces on it are the cells whose rank is crowded — whole runs
    of ``k`` that are counted, not listed — plus that one cell."""
    first = next(i for i, s in enumerate(step) if s)
    touched = set()
    for layer in layers:
        for c in layer:
            k = _k_on_line(c, av, step, m, first)
            if k and k not in touched:
                touched.add(k)
                if pos.cell(normalize([x + s * k for x, s in zip(av, step)])):
                    return False
    crowd = base._crowd
    if crowd is None:  # fill "empty": untouched cells are empty
        return True
    # the one cell (if any) where every higher index is 1: the main board
    k3 = 0
    for i in range(3, len(av)):
        if step[i]:
            k = (1 - av[i]) * step[i]
            if k3 == 0:
                k3 = k if 0 < k < m else -1
            elif k != k3:
                k3 = -1
        elif av[i] != 1:
            k3 = -1
        if k3 < 0:
            break
    skip = set(touched)
    if k3 > 0 and k3 not in touched:
        x, z = av[0] + k3 * step[0], av[2] + k3 * step[2]
        gx0, gx1, gz0, gz1 = base._green
        if gx0 <= x <= gx1 and gz0 <= z <= gz1:  # green area: the setup arrangement
            if base.base.get((x, av[1] + k3 * step[1], z)):
                return False
            skip.add(k3)
    y0, sy = av[1], step[1]
    w0, w1, b0, b1 = crowd
    for r0, r1 in ((w0, w1), (b0, b1)):
        if sy == 0:
            if not r0 <= y0 <= r1:
                continue
            lo, hi = 1, m - 1
        elif sy > 0:
            lo, hi = max(1, r0 - y0), min(m - 1, r1 - y0)
        else:
            lo, hi = max(1, y0 - r1), min(m - 1, y0 - r0)
        if lo > hi:
            continue
        if hi - lo + 1 > sum(1 for k in skip if lo <= k <= hi):
            return False  # an untouched crowded pawn stands on the line
    return True


def grammar_error(rules, seq: list, kind: str) -> str | None:
    """Why ``kind`` may not follow the non-promote action kinds ``seq`` (None if it may).
    Pure function of the ruleset's grammar table (C28–C38, G4, G5)."""
    if kind in seq:
        return f"each kind of action at most once per turn: {kind} was already done (C38)"
    prev = seq[-1] if seq else "start"
    if kind not in rules.follows[prev]:
        if prev == "start":
            return f"a turn cannot start with {kind}"
        allowed = ", ".join(sorted(rules.follows[prev])) or "only promote"
        return f"{kind} may not follow {prev} ({GRAMMAR_RULE[prev]}; allowed after {prev}: {allowed})"
    count = len(seq) + 1
    if kind == "stack" and len(seq) == 2 and seq[0] == "split" and seq[1] in rules.composite_stack:
        count -= 1
    if rules.max_actions and count > rules.max_actions:
        return (
            f"{kind} would be a second companion: after {seq[0]} only one of its companion actions is "
            f"allowed ({GRAMMAR_RULE[seq[0]]}, G4)"
        )
    return None


def promote_after_drop_error(rules, to: str) -> str | None:
    """Why a pawn dropped this turn may not promote to ``to`` in the same turn (G19), or None."""
    mode = rules.promote_after_drop
    if mode == "none":
        return 'a pawn dropped this turn may not promote in the same turn (G19, turns.promote_after_drop = "none")'
    if mode == "unlimited" and rules.pieces[to].hire == "credit":
        return (
            f"a pawn dropped this turn may not promote to {to}, which is hired only with a credit (C12): "
            f"it would buy one for 1-2 points (G19); promote in a later turn"
        )
    return None


def ray_steps(ray, dx: int, dy: int, capture: bool) -> int | None:
    """How many steps ``k >= 1`` of ``ray`` make the plane offset ``(dx, dy)`` (None if no whole
    number of steps does, or the ray does not move / capture as asked).  The ray's step limit is
    not applied: the turn machine refuses ``k > ray.max_steps``, the viewer explains it."""
    if capture and not ray.can_capture or not capture and not ray.can_move:
        return None
    if ray.dx:
        if dx % ray.dx:
            return None
        k = dx // ray.dx
    else:
        if dx or not ray.dy or dy % ray.dy:
            return None
        k = dy // ray.dy
    if k < 1 or ray.dx * k != dx or ray.dy * k != dy:
        return None
    return k
