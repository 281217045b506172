"""A Betza-style movement notation, compiled once into offset tables.

Grammar (see docs/NOTATION.md)::

    pattern  := part (" "? part)*
    part     := modifier* atom range?
    modifier := "m" | "c" | "f" | "b" | "l" | "r" | "v" | "s" | "p"
    atom     := "W" | "F" | "D" | "A" | "N" | "K" | "R" | "B" | "Q"
    range    := digit+            (riders only: at most this many squares)

``W F D A N K`` are leapers (one jump), ``R B Q`` riders (repeat the W, F or K
step until blocked); ``W F K`` followed by a range are riders of that range
(``W2`` = up to two orthogonal steps).  ``m`` = may only move there, ``c`` = may only capture
there (neither = both).  ``f b l r`` keep the directions whose step goes
forward/backward/left/right for the owner (white's forward is +y), ``v`` keeps
vertical (dx = 0) and ``s`` sideways (dy = 0) steps.  ``p`` makes a rider a
hopper: it must jump over exactly one piece (of either side) and may land on
the squares after it, up to its range.

Compiling gives, per side, a tuple of :class:`Ray` — ``(dx, dy, max_steps,
can_move, can_capture, hop)`` — which the move generator walks.  A leaper is a
ray with ``max_steps = 1``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .errors import NotationError

_BASE = {
    "W": ((1, 0),),
    "F": ((1, 1),),
    "D": ((2, 0),),
    "A": ((2, 2),),
    "N": ((1, 2), (2, 1)),
}
_RIDER = {"R": "W", "B": "F", "Q": "K"}
_UNBOUNDED = 1 << 30
_PART = re.compile(r"\s*([mcfblrvsp]*)([WFDANKRBQ])(\d*)")


def _symmetric(base):
    out = set()
    for a, b in base:
        for sx in (1, -1):
            for sy in (1, -1):
                out.add((a * sx, b * sy))
                out.add((b * sx, a * sy))
    return sorted(out)


def _steps(atom):
    if atom == "K":
        return _symmetric(_BASE["W"]) + _symmetric(_BASE["F"])
    if atom in _RIDER:
        return _steps(_RIDER[atom] if atom != "Q" else "K")
    return _symmetric(_BASE[atom])


@dataclass(frozen=True, slots=True)
class Ray:
    dx: int
    dy: int
    max_steps: int
    can_move: bool
    can_capture: bool
    hop: bool


def _keep(dx, dy, mods):
    keep = True
    dirs = [m for m in mods if m in "fblrvs"]
    if not dirs:
        return True
    keep = False
    for m in dirs:
        if (
            (m == "f" and dy > 0)
            or (m == "b" and dy < 0)
            or (m == "r" and dx > 0)
            or (m == "l" and dx < 0)
            or (m == "v" and dx == 0)
            or (m == "s" and dy == 0)
        ):
            keep = True
    return keep


@cache
def compile_betza(pattern: str, forward: int = 1) -> tuple[Ray, ...]:
    """Compile ``pattern`` for a side whose forward is ``forward`` (+1 or -1 in y)."""
    if not isinstance(pattern, str) or not pattern.strip():
        raise NotationError(f"empty movement pattern {pattern!r}", code="bad-betza")
    pos, rays = 0, []
    text = pattern.rstrip()
    while pos < len(text):
        m = _PART.match(text, pos)
        if not m or m.end() == pos:
            raise NotationError(
                f"bad movement pattern {pattern!r} at column {pos + 1}: "
                f"expected modifiers (mcfblrvsp) and an atom (WFDANKRBQ)",
                code="bad-betza",
            )
        mods, atom, rng = m.group(1), m.group(2), m.group(3)
        rider = atom in _RIDER or (bool(rng) and atom in "WFK")
        if rng and not rider:
            raise NotationError(
                f"range {rng} given to leaper {atom} in {pattern!r}: only W F K R B Q take a range", code="bad-betza"
            )
        if "p" in mods and not rider:
            raise NotationError(f"hop modifier p needs a rider (R, B, Q) in {pattern!r}", code="bad-betza")
        max_steps = (int(rng) if rng else _UNBOUNDED) if rider else 1
        if max_steps < 1:
            raise NotationError(f"range must be at least 1 in {pattern!r}", code="bad-betza")
        can_move = "c" not in mods or "m" in mods
        can_capture = "m" not in mods or "c" in mods
        for dx, dy in _steps(atom):
            if _keep(dx, dy * forward, mods):
                rays.append(Ray(dx, dy, max_steps, can_move, can_capture, "p" in mods))
        pos = m.end()
    return tuple(rays)
