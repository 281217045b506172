"""Pure rule helpers shared by the turn machine and the move generator: the turn-grammar
table's answers (C28–C38, G4, G5), merged movement rays (G7), stack values and the facing
line (C3, G10)."""
from __future__ import annotations

from ..core.coords import Coord, normalize


GRAMMAR_RULE = {"move": "C29", "capture": "C30", "drop": "C31", "jump": "C32", "hyperjump": "C33",
                "stack": "C34", "split": "C35", "start": "C28"}


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


def facing_line_clear(pos, a: Coord, b: Coord) -> bool:
    """G10: ``a`` and ``b`` lie on one lattice line whose step changes every coordinate by
    -1, 0 or +1, and every cell strictly between them is empty (C3).  ``pos`` is anything with a
    ``cell(coord)`` method: a Position, or a TurnBuilder mid-turn."""
    n = max(len(a), len(b))
    av = list(a) + [1] * (n - len(a))
    bv = list(b) + [1] * (n - len(b))
    d = [y - x for x, y in zip(av, bv)]
    m = max(abs(v) for v in d)
    if m == 0 or any(v != 0 and abs(v) != m for v in d):
        return False
    step = [(v > 0) - (v < 0) for v in d]
    for k in range(1, m):
        c = normalize([x + s * k for x, s in zip(av, step)])
        if pos.cell(c):
            return False
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
        return (f"{kind} would be a second companion: after {seq[0]} only one of its companion actions is "
                f"allowed ({GRAMMAR_RULE[seq[0]]}, G4)")
    return None


def promote_after_drop_error(rules, to: str) -> str | None:
    """Why a pawn dropped this turn may not promote to ``to`` in the same turn (G19), or None."""
    mode = rules.promote_after_drop
    if mode == "none":
        return "a pawn dropped this turn may not promote in the same turn (G19, turns.promote_after_drop = \"none\")"
    if mode == "unlimited" and rules.pieces[to].hire == "credit":
        return (f"a pawn dropped this turn may not promote to {to}, which is hired only with a credit (C12): "
                f"it would buy one for 1-2 points (G19); promote in a later turn")
    return None
