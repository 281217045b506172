"""Spirit-chess turns the computer built itself, applied fast (issue 18, the speed pass).

The search applies thousands of turns that the engine's own generators made for the very position
they are played in.  :func:`apply_generated` gives exactly what :func:`~.position.apply_spirit_turn`
gives for such a turn -- the same position, piece for piece and in the same order, and the same
captures -- with less work:

* a *trusted* turn (its path is one of :func:`~.position.legal_paths` for its own level-up) is
  not walked again: the level-up, the mover lifted, S11 on the last step of a path cut short by a
  zone, then S10-S12 on the end square (:func:`~.position._resolve`) and the S8 transform, checked
  as always; any other turn goes through the whole check (:func:`~.position._move`);
* the new position shares the old one's read-only start counts instead of copying them;
* whether the side to move then has a legal turn (:func:`has_legal_turn`) first tries the cheapest
  witness: a piece that moves one step when it raises itself and has a neighbouring square it may
  end on; only when there is none the whole question is asked
  (:func:`~.position.has_legal_turn`).

:func:`paths` is :func:`~.position.legal_paths` for coordinates the caller took from the position,
with the formation zones of the whole board shared between the pieces it asks about (a mover that
is not a formation, raised or beside a level-up that is not a formation, sees the same zones).

``tests/engine/spirit/test_generated_turns.py`` compares each with the reference along random games.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from types import MappingProxyType

from ..core.errors import IllegalAction
from .position import (
    SpiritCapture,
    SpiritPiece,
    SpiritPosition,
    SpiritResult,
    SpiritTransform,
    SpiritTurn,
    _h3_ends,
    _move,
    _paths_from,
    _resolve,
    _transform,
    legal_paths,
    other,
    step_budget,
)
from .position import has_legal_turn as _has_legal_turn_reference
from .rules import SIDES
from .zones import Zones, neighbours

_set = object.__setattr__


def make_turn(levelup, origin, path: tuple, transform: SpiritTransform | None = None) -> SpiritTurn:
    """A :class:`SpiritTurn` from squares that are already tuples of ints (the engine's own): the
    same object ``SpiritTurn(...)`` makes, without converting each square again."""
    t = object.__new__(SpiritTurn)
    _set(t, "levelup", levelup)
    _set(t, "origin", origin)
    _set(t, "path", path)
    _set(t, "transform", transform)
    return t


def _successor(pos: SpiritPosition, pieces: dict, result: SpiritResult | None) -> SpiritPosition:
    """The position after ``pos``'s turn: ``pieces`` (a dict nobody else holds) and the same start
    counts (already read-only), without the copies ``SpiritPosition.__post_init__`` makes."""
    new = object.__new__(SpiritPosition)
    _set(new, "rules", pos.rules)
    _set(new, "to_move", other(pos.to_move))
    _set(new, "pieces", MappingProxyType(pieces))
    _set(new, "start_counts", pos.start_counts)
    _set(new, "ply", pos.ply + 1)
    _set(new, "result", result)
    return new


def _one_step_witness(pos: SpiritPosition) -> bool:
    """A sufficient condition for :func:`has_legal_turn`: an own movable piece (not a formation)
    that moves exactly one step once it raises itself (S13) has a neighbouring square in its
    directions that holds no own piece and where H3 lets it end (a square inside an enemy zone is
    fine when the zone catches it there, S11: the move is still legal)."""
    rules = pos.rules
    kinds = rules.pieces
    pieces = pos.pieces
    side = pos.to_move
    mine = 0 if side == SIDES[0] else 1
    h3 = rules.higher_may_not_end_in_zone
    zones = None
    get = pieces.get
    for c, p in pieces.items():
        if p.side != side:
            continue
        k = kinds[p.type]
        if k.formation or not k.movable:
            continue
        level = p.level + 1
        if k.steps != 1 or (k.unlimited_from_level is not None and level >= k.unlimited_from_level):
            continue
        for e in neighbours(rules, k.diagonal)[c]:
            q = get(e)
            if q is not None and q.side == side:
                continue
            if h3:
                if zones is None:
                    zones = Zones(rules, pieces, eager=False)  # the mover is no formation: same zones lifted
                v = zones.at(e)
                if v is not None and 0 < v[1 - mine] < level + v[mine]:
                    continue
            return True
    return False


def has_legal_turn(pos: SpiritPosition) -> bool:
    """:func:`~.position.has_legal_turn`, answered by a one-step witness when there is one."""
    return _one_step_witness(pos) or _has_legal_turn_reference(pos)


def _trusted_move(pos: SpiritPosition, turn: SpiritTurn) -> tuple[dict, list[SpiritCapture]]:
    """:func:`~.position._move` for a turn whose path is a legal path of its mover with its own
    level-up (nothing to validate but the transform): the same pieces, in the same order."""
    rules = pos.rules
    pieces = dict(pos.pieces)
    up = turn.levelup
    p = pieces[up]
    pieces[up] = SpiritPiece(p.type, p.side, p.level + 1)
    mover = pieces.pop(turn.origin)
    path = turn.path
    end = path[-1]
    n = step_budget(rules, mover)
    if n is not None and len(path) < n and not rules.pieces[mover.type].formation:
        caps = [SpiritCapture(end, mover, "formation")]  # S11: a legal path stops where a zone catches it
    else:
        caps = _resolve(rules, pieces, mover, end)
    if turn.transform is not None:  # S8
        _transform(pos, pieces, turn.transform)
    return pieces, caps


def _too_long(pos: SpiritPosition, turn: SpiritTurn) -> None:
    """Raise what :func:`~.position._move` raises for a well-formed turn whose path is longer than
    its mover's step count after the level-up (S13; a generated turn that raises another piece
    than the one its path was found for), without building the board first."""
    pieces = pos.pieces
    p = pieces.get(turn.origin)
    if not _plain(pos, pieces.get(turn.levelup), p):
        return  # the turn machine says why
    assert p is not None
    k = pos.rules.pieces[p.type]
    level = p.level + (turn.levelup == turn.origin)
    if k.formation or (k.unlimited_from_level is not None and level >= k.unlimited_from_level):
        return
    path = turn.path
    if len(path) <= k.steps:
        return
    w, h = pos.rules.size
    for c in path:
        if not (type(c) is tuple and len(c) == 2 and type(c[0]) is int and type(c[1]) is int):
            return
        if not (1 <= c[0] <= w and 1 <= c[1] <= h):
            return
    raise IllegalAction(
        f"the path has {len(path)} steps but the {p.type} (level {level}) must make exactly {k.steps} (S13)",
        code="illegal-path",
    )


def apply_generated(
    pos: SpiritPosition, turn: SpiritTurn, trusted: bool = False
) -> tuple[SpiritPosition, list[SpiritCapture]]:
    """:func:`~.position.apply_spirit_turn` for the search; ``trusted``: the turn's path is one of
    ``legal_paths(pos, turn.origin, turn.levelup)``.  Raises IllegalAction like it."""
    if trusted and pos.result is None:
        pieces, caps = _trusted_move(pos, turn)
    else:
        _too_long(pos, turn)
        pieces, caps, _path = _move(pos, turn)
    rules = pos.rules
    side = pos.to_move
    result = None
    for c in caps:
        if c.piece.side != side and rules.pieces[c.piece.type].royal:
            result = SpiritResult(side, "sect-captured")  # S3
            break
    new = _successor(pos, pieces, result)
    if result is None:
        if not has_legal_turn(new):
            winner = side if rules.no_legal_turn == "lose" else None
            new = _successor(pos, pieces, SpiritResult(winner, "no-legal-turn"))
        elif rules.max_plies and new.ply >= rules.max_plies:  # H6
            new = _successor(pos, pieces, SpiritResult(None, "turn-limit"))
    return new, caps


class _Hit(Exception):
    """The end square :func:`_walks` was asked about is found."""


def _walks(rules, board: Mapping, origin, mover: SpiritPiece, zones: Zones, target=None) -> dict:
    """:func:`~.position._paths_from` for a mover that is no formation under rules without
    revisits (H2): the same end squares, in the same order, with the same path to each (the same
    search in the same order, its tests inlined).  ``target``: an occupied square under rules
    where no path passes a piece (H2); the search stops when it is found (its path is then final:
    it can only be a last step, of the full step count, or the first square found breadth first)."""
    k = rules.pieces[mover.type]
    n = step_budget(rules, mover)
    around = neighbours(rules, k.diagonal)
    get = board.get
    side = mover.side
    through = rules.pass_through_occupied
    zone_at = zones.at
    mine = 0 if side == SIDES[0] else 1
    theirs = 1 - mine
    level = mover.level
    ends: dict = {}
    if n is None:  # any number of steps: breadth first, the first (shortest) path to each square
        trail: dict = {origin: ()}
        queue = deque([origin])
        popleft, push = queue.popleft, queue.append
        while queue:
            sq = popleft()
            here = trail[sq]
            for nb in around[sq]:
                if nb in trail:
                    continue
                q = get(nb)
                if q is None:  # an end, and a square to go on from
                    path = ends.get(nb)
                    if path is None:
                        path = ends[nb] = here + (nb,)
                    else:  # found before, where a zone caught the mover: it catches it again
                        continue
                elif q.side != side:  # an end; passed only where pieces may be passed
                    if nb not in ends:
                        path = ends[nb] = here + (nb,)
                        if nb == target:
                            return ends
                    if not through:
                        continue
                    path = here + (nb,)
                elif through:
                    path = here + (nb,)
                else:
                    continue
                v = zone_at(nb)
                if v is not None and 0 < v[theirs] >= level + v[mine]:
                    continue  # caught there (S11): every path through it ends there
                trail[nb] = path
                push(nb)
        return ends

    def dfs(sq, path):  # simple paths (H2): no square twice, the origin included
        last = len(path) + 1 == n
        for nb in around[sq]:
            if nb == origin or nb in path:
                continue
            new = path + (nb,)
            if last:
                q = get(nb)
                if q is None or q.side != side:
                    old = ends.get(nb)
                    if old is None or n < len(old):
                        ends[nb] = new
                        if nb == target:
                            raise _Hit
            elif through or nb not in board:
                v = zone_at(nb)
                if v is not None and 0 < v[theirs] >= level + v[mine]:  # caught (S11): the move ends here
                    old = ends.get(nb)
                    if old is None or len(new) < len(old):
                        ends[nb] = new
                else:
                    dfs(nb, new)

    try:
        dfs(origin, ())
    except _Hit:
        pass
    return ends


def board_zones(pos: SpiritPosition) -> Zones:
    """The formation zones of all of ``pos``'s pieces (for :func:`paths`)."""
    return Zones(pos.rules, pos.pieces)


def _plain(pos: SpiritPosition, u, p) -> bool:
    """Whether ``u`` (on the level-up square) and ``p`` (on the origin) make a turn's first two
    parts legal: an own piece that may be raised, an own movable piece, a game not over."""
    side = pos.to_move
    return (
        pos.result is None
        and u is not None
        and u.side == side
        and pos.rules.levellable(u.type)
        and p is not None
        and p.side == side
        and pos.rules.pieces[p.type].movable
    )


def paths(pos: SpiritPosition, origin, levelup, zones: Zones | None = None) -> dict:
    """``legal_paths(pos, origin, levelup)`` for squares taken from ``pos.pieces`` (tuples), the
    same dict in the same order; ``zones``: :func:`board_zones` of ``pos``, used where the mover
    and the level-up change no zone (neither is a formation, or the mover raises itself)."""
    rules = pos.rules
    pieces = pos.pieces
    u = pieces.get(levelup)
    p = pieces.get(origin)
    kinds = rules.pieces
    if not _plain(pos, u, p):
        return legal_paths(pos, origin, levelup)  # the reference says why (or returns nothing)
    assert u is not None and p is not None  # _plain
    raised = SpiritPiece(u.type, u.side, u.level + 1)
    mover = raised if levelup == origin else p
    k = kinds[mover.type]
    if zones is None or k.formation or rules.revisit or (levelup != origin and kinds[u.type].formation):
        board = dict(pieces)
        board[levelup] = raised
        del board[origin]
        if zones is None or k.formation or (levelup != origin and kinds[u.type].formation):
            zones = Zones(rules, board)
        if k.formation or rules.revisit:
            ends = _paths_from(rules, board, origin, mover, zones)
        else:
            ends = _walks(rules, board, origin, mover, zones)
    else:  # the board as it is (see path_to)
        ends = _walks(rules, pieces, origin, mover, zones)
    if not rules.higher_may_not_end_in_zone:
        return ends
    return _h3_ends(rules, ends, mover, zones)


def path_to(pos: SpiritPosition, origin, levelup, target, zones: Zones | None = None):
    """``legal_paths(pos, origin, levelup).get(target)`` for an occupied ``target`` (a recapture),
    searched only until ``target`` is found where that gives the same path (no formation mover, no
    revisits or passing over pieces, H2)."""
    rules = pos.rules
    pieces = pos.pieces
    kinds = rules.pieces
    u = pieces.get(levelup)
    p = pieces.get(origin)
    if rules.revisit or rules.pass_through_occupied or target not in pieces or not _plain(pos, u, p):
        return paths(pos, origin, levelup, zones).get(target)
    assert u is not None and p is not None  # _plain
    if kinds[p.type].formation:
        return paths(pos, origin, levelup, zones).get(target)
    raised = SpiritPiece(u.type, u.side, u.level + 1)
    mover = raised if levelup == origin else p
    if zones is None or (levelup != origin and kinds[u.type].formation):
        board = dict(pieces)
        board[levelup] = raised
        del board[origin]
        zones = Zones(rules, board)
    # the whole board is read as it is: the search never reads the origin, and the raised piece
    # differs only in its level, which it does not read
    ends = _walks(rules, pieces, origin, mover, zones, target)
    path = ends.get(target)
    if path is None or not rules.higher_may_not_end_in_zone:
        return path
    v = zones.at(target)
    mine = 0 if mover.side == SIDES[0] else 1
    if v is not None and 0 < v[1 - mine] < mover.level + v[mine]:
        return None  # H3
    return path


__all__ = ["IllegalAction", "apply_generated", "board_zones", "has_legal_turn", "make_turn", "path_to", "paths"]
