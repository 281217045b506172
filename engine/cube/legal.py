"""The lazy collection of legal first actions from one origin (house style 6).

:func:`legal_actions` returns a :class:`LegalActions`: the generator in :mod:`.movegen` lists
them up to an explicit dimension ``horizon``; ``in`` answers by validating the action with the
turn machine, so it needs no enumeration.
"""

from __future__ import annotations

from ..core.coords import Coord, normalize
from ..core.errors import IllegalAction
from .actions import Stack
from .grammar import facing_line_clear, grammar_error
from .movegen import _displace, _rcache, changed_dimension, promotions, splits
from .position import Position, other
from .rules import TurnBuilder, take_piece


class LegalActions:
    """The legal single actions that may start a turn from ``origin`` (lazy)."""

    def __init__(self, position: Position, origin: Coord, horizon: int = 5):
        self.position = position
        self.origin = normalize(origin)
        self.horizon = horizon
        self._list: list | None = None

    def _generate(self) -> list:
        pos = self.position
        origin = self.origin
        if pos.result is not None or not pos.in_board(origin):
            return []
        stack = pos.cell(origin)
        if not stack or stack[0].side != pos.to_move:
            return []
        return first_actions(pos, origin, stack, self.horizon)

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
        if (
            getattr(action, "kind", None) == "hyperjump"
            and isinstance(to, tuple)
            and changed_dimension(self.origin, to) > self.horizon
        ):
            return False
        try:
            b = TurnBuilder(self.position, self.origin, transactional=False)
            b.add(action)
            if b.pending:  # it lands on own pieces: only legal if the stack can follow
                b.add(Stack())
        except (IllegalAction, TypeError, IndexError):
            return False
        return True


def first_actions(pos: Position, origin: Coord, stack: tuple, horizon: int = 5) -> list:
    """The legal first actions from ``origin`` (canonical, on the board) of ``stack``, the side to
    move's pieces standing there, in a game not over: :class:`LegalActions`'s list without its
    checks of the origin (the computer's candidate generator has made them)."""
    side = pos.to_move
    rules = pos.rules
    rc = _rcache(rules)
    opp_king = pos.royals[other(side)]["king"]
    facing = None
    if opp_king is not None and len(stack) == 1 and stack[0].type == "king":

        def facing(a, b):
            return facing_line_clear(pos, a, b)

    out = _displace(
        pos.cells.get,
        pos.default,
        rc,
        stack,
        side,
        origin,
        (),
        horizon,
        pos.scores[side],
        rules.size,
        rules.higher_min,
        opp_king,
        facing,
    )
    if len(stack) > 1 and "split" in rules.follows["start"]:
        out.extend(splits(stack))
    if stack[0].type == "pawn" or len(stack) > 1:
        out.extend(promotions(rules, stack, side, origin))
    return out


def split_part(stack: tuple, take: tuple) -> tuple | None:
    """The pieces a :class:`~engine.cube.actions.Split` of ``take`` lifts off ``stack`` (per type
    an unpromoted piece first, as the turn machine takes them), or None where the turn machine
    refuses the split (a type missing, nothing taken or nothing left, C43)."""
    if len(stack) < 2:
        return None
    rest = list(stack)
    taken = []
    for name in take:
        piece = take_piece(rest, name)
        if piece is None:
            return None
        taken.append(piece)
    if not taken or not rest:
        return None
    return tuple(taken)


def split_displacements(pos: Position, origin: Coord, stack: tuple, take: tuple) -> list | None:
    """The planar moves and captures that may follow a split of ``take`` from the side to move's
    ``stack`` on ``origin`` (in a game not over), in the order :meth:`TurnBuilder.options` lists
    them after that split, or None where the turn machine refuses the split or the part is a lone
    king (its facing lines: ask the turn machine).  The rays start next to the origin, so the part
    moves over the position's own cells."""
    rules = pos.rules
    if grammar_error(rules, [], "split") is not None:
        return None
    part = split_part(stack, take)
    if part is None or (len(part) == 1 and part[0].type == "king"):
        return None
    side = pos.to_move
    out = _displace(
        pos.cells.get,
        pos.default,
        _rcache(rules),
        part,
        side,
        origin,
        ("split",),
        3,  # no hyper-jumps: only the planar actions are asked for
        pos.scores[side],
        rules.size,
        rules.higher_min,
        None,
        None,
    )
    return [a for a in out if a.kind == "move" or a.kind == "capture"]


def legal_actions(position: Position, origin, horizon: int = 5) -> LegalActions:
    return LegalActions(position, origin, horizon)
