"""Actions and turns: small frozen dataclasses, one per kind (house style 3).

A turn is ``Turn(origin, actions)``: the actions of one side in one turn, in
order, all concerning the own pieces standing on ``origin`` (C28), or — for a
drop turn — ``origin=None``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core.coords import Coord


@dataclass(frozen=True, slots=True)
class Move:
    """A planar move of the moving group (G3: x and y only)."""

    to: Coord
    kind = "move"


@dataclass(frozen=True, slots=True)
class Capture:
    """Move onto an enemy-held square and capture everything there (C2, G6)."""

    to: Coord
    kind = "capture"


@dataclass(frozen=True, slots=True)
class Jump:
    """3-D jump: same (x, y), the plane directly above or below (C19)."""

    to: Coord
    kind = "jump"


@dataclass(frozen=True, slots=True)
class HyperJump:
    """High-dimensional jump: one index beyond the third changes by 1 (C22)."""

    to: Coord
    kind = "hyperjump"


@dataclass(frozen=True, slots=True)
class Stack:
    """Merge the moving group with the own pieces on its square (C39–C42)."""

    kind = "stack"


@dataclass(frozen=True, slots=True)
class Split:
    """Part of the stack (these piece types) leaves; the rest stays (C43)."""

    take: tuple
    kind = "split"


@dataclass(frozen=True, slots=True)
class Drop:
    """Hire a new piece and drop it (C11–C13)."""

    piece: str
    to: Coord
    kind = "drop"


@dataclass(frozen=True, slots=True)
class Promote:
    """A pawn of the group on or beyond its promotion line becomes ``to`` (G8)."""

    to: str
    kind = "promote"


Action = Move | Capture | Jump | HyperJump | Stack | Split | Drop | Promote
DISPLACEMENTS = ("move", "capture", "jump", "hyperjump")
KINDS = ("move", "capture", "drop", "jump", "hyperjump", "stack", "split", "promote")


@dataclass(frozen=True, slots=True)
class Turn:
    origin: Coord | None
    actions: tuple

    def __post_init__(self):
        if not isinstance(self.actions, tuple):
            object.__setattr__(self, "actions", tuple(self.actions))


def _turn_maker() -> Callable[[Any, tuple], Turn]:
    """``Turn(origin, actions)`` for an ``actions`` that is already a tuple, without the frozen
    dataclass's ``__init__`` and ``__post_init__`` (the computer builds tens of thousands per
    search): the same object.  Falls back to the class itself where its fields are not plain
    slots (a compiled build) or a test object differs from the one the class builds."""
    try:
        origin = Turn.__dict__["origin"]
        actions = Turn.__dict__["actions"]
        if type(origin).__name__ != "member_descriptor" or type(actions).__name__ != "member_descriptor":
            return Turn
        new = Turn.__new__
        set_origin, set_actions = origin.__set__, actions.__set__

        def make(o, acts, _new=new, _cls=Turn, _so=set_origin, _sa=set_actions):
            t = _new(_cls)
            _so(t, o)
            _sa(t, acts)
            return t

        probe = ((1, 2, 1), (Move((1, 3, 1)),))
        made = make(*probe)
        if made != Turn(*probe) or repr(made) != repr(Turn(*probe)) or hash(made) != hash(Turn(*probe)):
            return Turn
        return make
    except (AttributeError, KeyError, TypeError):
        return Turn


#: ``make_turn(origin, actions_tuple)``: a :class:`Turn` (see :func:`_turn_maker`)
make_turn: Callable[[Any, tuple], Turn] = _turn_maker()
