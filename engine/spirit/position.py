"""Spirit-chess positions and turns (S3-S13, H1-H3, H5, H6).

A :class:`SpiritPosition` is immutable; :func:`apply_spirit_turn` returns a new one.
A turn (S13) = raise one own piece by one level, then move one piece by exactly its step
count, then (optionally, S8) turn an own disciple of level >= 3 into a depleted kind.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import NamedTuple

from ..core.coords import format_ascii, normalize
from ..core.errors import IllegalAction, NotationError
from .rules import SIDES, SpiritRules
from .zones import DIAG_DIRS, KING_DIRS, Coord, Zones, _Lifted, neighbours


def fmt(c) -> str:
    return format_ascii(c)


def other(side: str) -> str:
    return "black" if side == "white" else "white"


def adjacent(a: Coord, b: Coord) -> bool:
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def as_coord(value, rules: SpiritRules, what: str = "square") -> Coord:
    """Validate a 2-D board square: a pair of ints inside the board."""
    if type(value) is tuple and len(value) == 2:  # the common case, answered without a copy
        x, y = value
        if type(x) is int and type(y) is int and 1 <= x <= rules.size[0] and 1 <= y <= rules.size[1]:
            return value
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise NotationError(f"{what} {value!r} is not a coordinate [x, y]", code="malformed")
    try:
        c = normalize(list(value), min_len=2)
    except NotationError as exc:
        raise NotationError(f"{what} {value!r}: {exc}", code="malformed") from None
    if len(c) != 2:
        raise NotationError(f"{what} {fmt(c)} must have exactly two numbers (x, y)", code="malformed")
    if not rules.on_board(c):
        raise IllegalAction(
            f"{what} {fmt(c)} is outside the {rules.size[0]}x{rules.size[1]} board", code="out-of-board"
        )
    return c


@dataclass(frozen=True)
class SpiritPiece:
    type: str
    side: str
    level: int


class SpiritResult(NamedTuple):
    winner: str | None  # "white" | "black" | None (draw)
    reason: str  # "sect-captured" | "no-legal-turn" | "turn-limit"


class SpiritCapture(NamedTuple):
    at: Coord
    piece: SpiritPiece
    reason: str  # "level" (S10) | "formation" (S11) | "formation-square" (S12)


class SpiritTransform(NamedTuple):
    at: Coord
    into: str


@dataclass(frozen=True)
class SpiritTurn:
    """levelup: square of the own piece raised (S13); origin: square of the piece moved;
    path: the squares stepped on, in order, ending on the destination; transform: optional
    ``SpiritTransform(at, into)`` (S8)."""

    levelup: Coord
    origin: Coord
    path: tuple[Coord, ...]
    transform: SpiritTransform | None = None

    def __post_init__(self):
        object.__setattr__(self, "levelup", tuple(self.levelup))
        object.__setattr__(self, "origin", tuple(self.origin))
        object.__setattr__(self, "path", tuple(tuple(p) for p in self.path))
        if self.transform is not None:
            at, into = self.transform
            object.__setattr__(self, "transform", SpiritTransform(tuple(at), into))

    @property
    def end(self) -> Coord:
        return self.path[-1] if self.path else self.origin


@dataclass(frozen=True, eq=False)
class SpiritPosition:
    rules: SpiritRules
    to_move: str
    pieces: Mapping[Coord, SpiritPiece]
    start_counts: Mapping[str, Mapping[str, int]] = field(default_factory=dict)  # empty: the rules' counts
    ply: int = 0
    result: SpiritResult | None = None

    def __post_init__(self):
        object.__setattr__(self, "pieces", MappingProxyType(dict(self.pieces)))
        sc = self.start_counts
        if not sc:  # (also None, from older callers)
            sc = {s: self.rules.start_counts() for s in SIDES}
        object.__setattr__(self, "start_counts", MappingProxyType({s: MappingProxyType(dict(sc[s])) for s in SIDES}))

    def __eq__(self, o) -> bool:
        if not isinstance(o, SpiritPosition):
            return NotImplemented
        return (
            self.rules.name,
            self.to_move,
            dict(self.pieces),
            self.ply,
            self.result,
            {s: dict(v) for s, v in self.start_counts.items()},
        ) == (o.rules.name, o.to_move, dict(o.pieces), o.ply, o.result, {s: dict(v) for s, v in o.start_counts.items()})

    __hash__ = None  # type: ignore[assignment]   # unhashable, as typeshed spells it

    def counts(self, side: str) -> dict[str, int]:
        out = dict.fromkeys(self.rules.pieces, 0)
        for p in self.pieces.values():
            if p.side == side:
                out[p.type] = out.get(p.type, 0) + 1
        return out

    def side_pieces(self, side: str) -> list[tuple[Coord, SpiritPiece]]:
        return sorted(((c, p) for c, p in self.pieces.items() if p.side == side), key=lambda cp: (cp[0][1], cp[0][0]))

    def replace(self, **kw) -> SpiritPosition:
        return replace(self, **kw)


# --- levels and zones ----------------------------------------------------------------------


def zone_level(rules: SpiritRules, pieces: Mapping, side: str, sq: Coord) -> int:
    """Summed level of ``side``'s formations whose 8 neighbours include ``sq`` (S9, S11)."""
    total = 0
    for dx, dy in KING_DIRS:
        p = pieces.get((sq[0] + dx, sq[1] + dy))
        if p is not None and p.side == side and rules.pieces[p.type].formation:
            total += p.level
    return total


_zone = zone_level  # the former private name


def _effective(rules: SpiritRules, pieces: Mapping, sq: Coord, piece: SpiritPiece) -> int:
    if rules.pieces[piece.type].formation:
        return piece.level  # formations are not boosted by formations (documented)
    return piece.level + _zone(rules, pieces, piece.side, sq)


def effective_level(pos: SpiritPosition, coord) -> int:
    """Level of the piece on ``coord`` counting own formations around it (S9)."""
    c = as_coord(coord, pos.rules)
    p = pos.pieces.get(c)
    if p is None:
        raise IllegalAction(f"no piece on {fmt(c)}", code="no-piece")
    return _effective(pos.rules, pos.pieces, c, p)


def formation_zones(pos: SpiritPosition) -> dict[Coord, dict[str, int]]:
    """For shading: ``{square: {"white": level, "black": level}}`` summed formation levels, non-zero only."""
    out: dict[Coord, dict[str, int]] = {}
    for c, p in pos.pieces.items():
        if not pos.rules.pieces[p.type].formation:
            continue
        for dx, dy in KING_DIRS:
            n = (c[0] + dx, c[1] + dy)
            if pos.rules.on_board(n):
                z = out.setdefault(n, dict.fromkeys(SIDES, 0))
                z[p.side] += p.level
    return out


# --- movement ------------------------------------------------------------------------------


def _levelled(pos: SpiritPosition, levelup) -> dict:
    """Pieces after the S13 level-up; raises IllegalAction for a bad level-up square."""
    rules = pos.rules
    c = as_coord(levelup, rules, "level-up square")
    p = pos.pieces.get(c)
    if p is None:
        raise IllegalAction(f"level-up square {fmt(c)} is empty", code="illegal-levelup")
    if p.side != pos.to_move:
        raise IllegalAction(
            f"level-up square {fmt(c)} holds a {p.side} {p.type}; {pos.to_move} must raise one of its own pieces",
            code="illegal-levelup",
        )
    if not rules.levellable(p.type):
        why = (
            "the sect can never be levelled (S3)"
            if rules.pieces[p.type].royal
            else "formations cannot be levelled in this ruleset (H1)"
        )
        raise IllegalAction(f"cannot raise the {p.type} on {fmt(c)}: {why}", code="illegal-levelup")
    pieces = dict(pos.pieces)
    pieces[c] = SpiritPiece(p.type, p.side, p.level + 1)
    return pieces


def step_budget(rules: SpiritRules, piece: SpiritPiece) -> int | None:
    """Exact number of steps the piece must make, or None for "any number >= 1" (S7)."""
    k = rules.pieces[piece.type]
    if k.unlimited_from_level is not None and piece.level >= k.unlimited_from_level:
        return None
    return k.steps


def _end_problem(
    rules: SpiritRules, pieces: Mapping, mover: SpiritPiece, end: Coord, zones: Zones | None = None
) -> str | None:
    """Why the move may not end on ``end`` (H3), or None.  ``pieces`` excludes the mover;
    ``zones``: its :class:`Zones` when the caller has them.  An enemy formation on ``end`` (which
    S12 removes first) does not count: a zone is the 8 squares around a formation, never its own."""
    if not rules.higher_may_not_end_in_zone:
        return None
    if zones is None:
        zones = Zones(rules, pieces)
    z = zones.level(other(mover.side), end)
    if z <= 0:
        return None
    lm = zones.effective(rules, end, mover)
    if lm > z:
        return (
            f"{fmt(end)} is inside a {other(mover.side)} formation zone of level {z} and the "
            f"{mover.type}'s level there is {lm}, higher, so it may not end its move there (S11, H3)"
        )
    return None


def _catches(rules: SpiritRules, pieces: Mapping, mover: SpiritPiece, sq: Coord, zones: Zones | None = None) -> bool:
    """S11 on one step: entering ``sq`` puts the mover inside an enemy formation zone whose summed
    level is at least the mover's effective level there (its own level + its own formations around
    ``sq``).  ``pieces`` excludes the mover; an enemy formation standing on ``sq`` is not counted
    (S12 takes it first when the move ends there; a zone never includes its formation's own square,
    so no copy of the board without it is needed)."""
    if zones is None:
        zones = Zones(rules, pieces)
    z = zones.level(other(mover.side), sq)
    return z > 0 and zones.effective(rules, sq, mover) <= z


def _formation_targets(rules: SpiritRules, pieces: Mapping, origin: Coord, side: str) -> list[Coord]:
    out = []
    for dx, dy in KING_DIRS:
        helper = (origin[0] + dx, origin[1] + dy)
        hp = pieces.get(helper)
        if hp is None or hp.side != side or rules.pieces[hp.type].formation:
            continue
        for ex, ey in KING_DIRS:
            t = (origin[0] + ex, origin[1] + ey)
            if t in out or not rules.on_board(t) or not adjacent(t, helper):
                continue
            tp = pieces.get(t)
            if tp is None or (tp.side != side and rules.pieces[tp.type].formation):
                out.append(t)
    return out


class _Found(Exception):
    """An end square the caller of :func:`_paths_from` was looking for (``stop``) is found."""


def _paths_from(
    rules: SpiritRules,
    pieces: Mapping,
    origin: Coord,
    mover: SpiritPiece,
    zones: Zones | None = None,
    stop: Callable[[Coord], bool] | None = None,
) -> dict:
    """Candidate end squares -> one path, before the H3 end-square check.  ``pieces`` excludes the
    mover; ``zones`` are its :class:`Zones` (made here when not given); ``stop``: return as soon
    as an end square it accepts is found (a question of whether any move exists).

    A square where the mover is caught by an enemy formation zone in the middle of its path (S11) is
    an end too: the move ends there, so its path stops there (the shortest such path is kept).
    """
    k = rules.pieces[mover.type]
    if k.formation:
        return {t: (t,) for t in _formation_targets(rules, pieces, origin, mover.side)}
    n = step_budget(rules, mover)

    def passable(sq):
        return rules.pass_through_occupied or sq not in pieces

    def can_end(sq):
        return sq != origin and (sq not in pieces or pieces[sq].side != mover.side)

    if zones is None:
        zones = Zones(rules, pieces)
    zone_at = zones.at
    mine = 0 if mover.side == SIDES[0] else 1
    boosted = not k.formation  # a formation is not boosted by formations (_effective)
    level = mover.level

    def caught(sq):  # S11 on an intermediate step (_catches, read from the zone table)
        v = zone_at(sq)
        if v is None:
            return False
        z = v[1 - mine]
        return z > 0 and level + (v[mine] if boosted else 0) <= z

    ends: dict[Coord, tuple] = {}

    def keep(sq, path):
        if sq not in ends or len(path) < len(ends[sq]):
            ends[sq] = path
            if stop is not None and stop(sq):
                raise _Found

    if n is None:  # any number of steps: BFS (shortest paths, simple)
        side = mover.side
        through = rules.pass_through_occupied
        around = neighbours(rules, k.diagonal)
        get = pieces.get
        trail: dict[Coord, tuple] = {origin: ()}  # the BFS tree: the shortest path to each square
        queue = deque([origin])
        while queue:
            sq = queue.popleft()
            here = trail[sq]
            for nb in around[sq]:
                if nb in trail:
                    continue
                q = get(nb)
                if (q is None or q.side != side) and nb not in ends:
                    ends[nb] = here + (nb,)
                    if stop is not None and stop(nb):
                        return ends
                if (through or q is None) and not caught(nb):  # a caught square ends every path through it
                    trail[nb] = here + (nb,)
                    queue.append(nb)
        return ends
    try:
        _fixed_paths(rules, pieces, origin, n, k.diagonal, can_end, passable, caught, keep)
    except _Found:
        pass
    return ends


def _fixed_paths(
    rules: SpiritRules, pieces: Mapping, origin: Coord, n: int, diagonal: bool, can_end, passable, caught, keep
):
    """The paths of exactly ``n`` steps (or fewer, ending where a zone catches the mover), handed
    to ``keep(end, path)``: squares as states when the rules allow revisits, simple paths (H2)
    otherwise."""
    dirs = DIAG_DIRS if diagonal else KING_DIRS
    if rules.revisit:  # layered search: states are squares
        frontier: dict[Coord, tuple[Coord, ...]] = {origin: ()}
        for step in range(1, n + 1):
            nxt: dict[Coord, tuple] = {}
            for sq, path in frontier.items():
                for dx, dy in dirs:
                    nb = (sq[0] + dx, sq[1] + dy)
                    if not rules.on_board(nb):
                        continue
                    if step == n:
                        if can_end(nb):
                            keep(nb, path + (nb,))
                    elif passable(nb) or nb == origin:
                        if caught(nb):
                            keep(nb, path + (nb,))
                        elif nb not in nxt:
                            nxt[nb] = path + (nb,)
            frontier = nxt
        return

    around = neighbours(rules, diagonal)

    def dfs(sq, path, seen):  # simple paths only (H2)
        for nb in around[sq]:
            if nb in seen:
                continue
            new = path + (nb,)
            if len(new) == n:
                if can_end(nb):
                    keep(nb, new)
            elif passable(nb):
                if caught(nb):
                    keep(nb, new)
                else:
                    dfs(nb, new, seen | {nb})

    dfs(origin, (), frozenset({origin}))


def _mover_at(pos: SpiritPosition, pieces: Mapping, origin: Coord) -> SpiritPiece:
    p = pieces.get(origin)
    if p is None:
        raise IllegalAction(f"origin {fmt(origin)} is empty", code="illegal-origin")
    if p.side != pos.to_move:
        raise IllegalAction(
            f"origin {fmt(origin)} holds a {p.side} {p.type}; it is {pos.to_move}'s turn", code="illegal-origin"
        )
    if not pos.rules.pieces[p.type].movable:
        raise IllegalAction(f"the {p.type} on {fmt(origin)} never moves (S3)", code="illegal-origin")
    return p


def _mover_pieces(pos: SpiritPosition, origin, levelup) -> tuple[Coord, SpiritPiece, dict] | None:
    """(origin, mover, pieces without the mover) after the optional level-up, or None."""
    rules = pos.rules
    o = as_coord(origin, rules, "origin")
    if pos.result is not None:
        return None
    pieces = _levelled(pos, levelup) if levelup is not None else dict(pos.pieces)
    p = pieces.get(o)
    if p is None or p.side != pos.to_move or not rules.pieces[p.type].movable:
        return None
    del pieces[o]
    return o, p, pieces


def legal_paths(pos: SpiritPosition, origin, levelup=None) -> dict[Coord, tuple[Coord, ...]]:
    """Every legal end square of the piece on ``origin`` -> one legal path to it (for highlighting).

    With ``levelup`` the level-up is applied first (it may change the step budget or H3); without
    it the current levels are used.  An empty dict if ``origin`` holds no own movable piece.
    A square where the mover would be caught by an enemy formation zone (S11) is an end square too;
    its path stops there (:func:`catch_squares` lists these squares).
    """
    found = _mover_pieces(pos, origin, levelup)
    if found is None:
        return {}
    o, p, pieces = found
    rules = pos.rules
    zones = Zones(rules, pieces)
    ends = _paths_from(rules, pieces, o, p, zones)
    if not rules.higher_may_not_end_in_zone:
        return ends
    return _h3_ends(rules, ends, p, zones)


def _h3_ends(rules: SpiritRules, ends: dict, mover: SpiritPiece, zones: Zones) -> dict:
    """``ends`` without those where H3 forbids the mover to end (:func:`_end_problem`, read from the
    zone table): no end inside an enemy zone of a lower summed level than the mover's effective
    level there.  The order is kept."""
    at, mine, level = zones.at, 0 if mover.side == SIDES[0] else 1, mover.level
    boosted = not rules.pieces[mover.type].formation
    out = {}
    for e, path in ends.items():
        v = at(e)
        if v is not None and 0 < v[1 - mine] < level + (v[mine] if boosted else 0):
            continue
        out[e] = path
    return out


def catch_squares(pos: SpiritPosition, origin, levelup=None) -> set[Coord]:
    """The end squares of :func:`legal_paths` where the move ends with the mover captured by an
    enemy formation zone (S11: on the step that enters the zone, or on the last step)."""
    found = _mover_pieces(pos, origin, levelup)
    if found is None:
        return set()
    o, p, pieces = found
    zones = Zones(pos.rules, pieces)
    return {
        e
        for e, path in _paths_from(pos.rules, pieces, o, p, zones).items()
        if _end_problem(pos.rules, pieces, p, e, zones) is None and _catches(pos.rules, pieces, p, e, zones)
    }


class _Shown:
    """Squares joined as ``a-b-c`` when a message formats them (not before: most paths are legal)."""

    __slots__ = ("squares",)

    def __init__(self, squares: tuple):
        self.squares = squares

    def __str__(self) -> str:
        return "-".join(fmt(c) for c in self.squares)


def _walk(
    rules: SpiritRules, pieces: Mapping, origin: Coord, mover: SpiritPiece, path, zones: Zones | None = None
) -> tuple:
    """Validate an explicit path (H2, S7, S9, S11, S13); ``pieces`` excludes the mover.

    Returns ``(steps, caught)``: the validated squares and the index of the step on which an enemy
    formation zone catches the mover in the middle of its move (S11), or None.  The move ends on
    that step; the squares after it are checked for their shape only (neighbouring squares, diagonal,
    no square twice, the step count), not against the pieces, because they are never reached.  A
    path may also stop on its catching step (fewer steps than the piece's count).
    """
    k = rules.pieces[mover.type]
    if not path:
        raise IllegalAction(
            f"the {mover.type} on {fmt(origin)} must move (S13): the path is empty", code="illegal-path"
        )
    w, h = rules.size
    steps = [
        c
        if type(c) is tuple
        and len(c) == 2
        and type(c[0]) is int
        and type(c[1]) is int
        and 1 <= c[0] <= w
        and 1 <= c[1] <= h
        else as_coord(c, rules, f"path square {i + 1}")
        for i, c in enumerate(path)
    ]
    shown = _Shown((origin, *steps))  # the path as text, made only for a message
    if k.formation:
        if len(steps) != 1 or steps[0] not in _formation_targets(rules, pieces, origin, mover.side):
            raise IllegalAction(
                f"formation path {shown}: a formation moves one step onto an empty square "
                f"(or an enemy formation) next to both itself and an own non-formation piece "
                f"next to it (S9)",
                code="illegal-path",
            )
        return steps, None
    n = step_budget(rules, mover)
    if n is not None and len(steps) > n:
        raise IllegalAction(
            f"path {shown} has {len(steps)} steps but the {mover.type} (level {mover.level}) "
            f"must make exactly {n} (S13)",
            code="illegal-path",
        )
    last_free = (n if n is not None else len(steps)) - 1  # steps before this index are intermediate
    caught = None
    if zones is None:
        zones = Zones(rules, pieces)
    prev = origin
    for i, sq in enumerate(steps):
        dx, dy = sq[0] - prev[0], sq[1] - prev[1]
        if not adjacent(prev, sq):
            raise IllegalAction(
                f"path {shown}: step {i + 1} {fmt(prev)}->{fmt(sq)} is not a move to one of the 8 neighbouring squares",
                code="illegal-path",
            )
        if k.diagonal and not (dx and dy):
            raise IllegalAction(
                f"path {shown}: step {i + 1} {fmt(prev)}->{fmt(sq)} is not diagonal; the "
                f"{mover.type} moves diagonally only (S7)",
                code="illegal-path",
            )
        prev = sq
        if caught is not None or i >= last_free:
            continue
        if sq in pieces and not rules.pass_through_occupied:
            q = pieces[sq]
            raise IllegalAction(
                f"path {shown}: step {i + 1} passes over {fmt(sq)}, which holds a {q.side} "
                f"{q.type}; only the last step may land on a piece (H2)",
                code="illegal-path",
            )
        if _catches(rules, pieces, mover, sq, zones):
            caught = i
    if not rules.revisit and len({origin, *steps}) != len(steps) + 1:
        raise IllegalAction(
            f"path {shown} visits a square twice; a path visits each square at most once, its origin included (H2)",
            code="illegal-path",
        )
    if caught is not None:
        return steps, caught
    if n is not None and len(steps) != n:
        raise IllegalAction(
            f"path {shown} has {len(steps)} steps but the {mover.type} (level {mover.level}) "
            f"must make exactly {n} (S13)",
            code="illegal-path",
        )
    end = steps[-1]
    if end == origin:
        raise IllegalAction(f"path {shown} ends where it started; the piece must move", code="illegal-path")
    if end in pieces and pieces[end].side == mover.side:
        q = pieces[end]
        raise IllegalAction(f"path {shown} ends on {fmt(end)}, which holds your own {q.type}", code="illegal-path")
    return steps, None


def _resolve(rules: SpiritRules, pieces: dict, mover: SpiritPiece, end: Coord) -> list[SpiritCapture]:
    """Put the mover on ``end`` applying S10-S12 (mutates ``pieces``, which excludes the mover)."""
    caps: list[SpiritCapture] = []
    target = pieces.get(end)
    if target is not None and rules.pieces[target.type].formation:  # S12
        caps.append(SpiritCapture(end, target, "formation-square"))
        del pieces[end]
        target = None
    z = _zone(rules, pieces, other(mover.side), end)
    lm = _effective(rules, pieces, end, mover)
    if z > 0 and lm <= z:  # S11
        caps.append(SpiritCapture(end, mover, "formation"))
        return caps
    if target is None:
        pieces[end] = mover
        return caps
    ld = _effective(rules, pieces, end, target)  # S10
    if lm > ld or (lm == ld and rules.equal_level_captured == "defender"):
        caps.append(SpiritCapture(end, target, "level"))
        pieces[end] = mover
    else:
        caps.append(SpiritCapture(end, mover, "level"))
    return caps


def _transform(pos: SpiritPosition, pieces: dict, tr) -> None:
    rules, side = pos.rules, pos.to_move
    try:
        at, into = tr
    except (TypeError, ValueError):
        raise NotationError(f"transform {tr!r} must be (square, piece type)", code="malformed") from None
    at = as_coord(at, rules, "transform square")
    if into not in rules.pieces:
        raise NotationError(
            f"transform into {into!r}: unknown piece type (known: {', '.join(rules.pieces)})", code="unknown-name"
        )
    p = pieces.get(at)
    if p is None or p.side != side or not rules.pieces[p.type].transforms:
        what = "nothing" if p is None else f"a {p.side} {p.type}"
        raise IllegalAction(
            f"transform at {fmt(at)}: only an own disciple may transform, found {what} after the move (S8)",
            code="illegal-transform",
        )
    k = rules.pieces[p.type]
    if p.level < k.transform_level:
        raise IllegalAction(
            f"transform at {fmt(at)}: the {p.type} is level {p.level}; it needs level {k.transform_level} (S8)",
            code="illegal-transform",
        )
    ik = rules.pieces[into]
    if ik.royal or ik.transforms:
        raise IllegalAction(
            f"transform at {fmt(at)} into {into!r}: a disciple may not become a {into} (S8)", code="illegal-transform"
        )
    have = sum(1 for q in pieces.values() if q.side == side and q.type == into)
    start = pos.start_counts[side].get(into, 0)
    if have >= start:
        raise IllegalAction(
            f"transform at {fmt(at)} into {into!r}: {side} has {have} {into} pieces, not "
            f"fewer than the {start} it started with (S8)",
            code="illegal-transform",
        )
    level = p.level if rules.transform_level == "keep" else ik.level  # H9
    pieces[at] = SpiritPiece(into, side, level)


def _move(pos: SpiritPosition, turn: SpiritTurn) -> tuple[dict, list[SpiritCapture], tuple[Coord, ...]]:
    """Level-up, move and transform of one turn: ``(pieces after it, captures, the path played)``."""
    rules = pos.rules
    if pos.result is not None:
        w = pos.result.winner or "nobody"
        raise IllegalAction(f"the game is over ({pos.result.reason}, winner: {w})", code="game-over")
    pieces = _levelled(pos, turn.levelup)  # S13 step 1
    origin = as_coord(turn.origin, rules, "origin")
    mover = _mover_at(pos, pieces, origin)
    del pieces[origin]
    zones = Zones(rules, pieces)  # the board without the mover: read by the walk and by H3
    steps, caught = _walk(rules, pieces, origin, mover, turn.path, zones)  # S13 step 2
    if caught is not None:  # S11 in mid-path
        steps = steps[: caught + 1]
        caps = [SpiritCapture(steps[-1], mover, "formation")]
    else:
        problem = _end_problem(rules, pieces, mover, steps[-1], zones)  # H3
        if problem:
            raise IllegalAction(problem, code="illegal-path")
        caps = _resolve(rules, pieces, mover, steps[-1])
    if turn.transform is not None:  # S8
        _transform(pos, pieces, turn.transform)
    return pieces, caps, tuple(steps)


def played_turn(pos: SpiritPosition, turn: SpiritTurn) -> SpiritTurn:
    """``turn`` as it is played: its path cut after the step on which an enemy formation zone
    catches the mover (S11; the rest is never played).  Raises IllegalAction like
    :func:`apply_spirit_turn`.  Records store this form."""
    _pieces, _caps, path = _move(pos, turn)
    if path == turn.path:
        return turn
    return SpiritTurn(turn.levelup, turn.origin, path, turn.transform)


def apply_spirit_turn(pos: SpiritPosition, turn: SpiritTurn) -> tuple[SpiritPosition, list[SpiritCapture]]:
    """Play one complete turn; return ``(new position, captures)``.  Raises IllegalAction."""
    rules = pos.rules
    pieces, caps, _path = _move(pos, turn)
    side = pos.to_move
    result = None
    if any(c.piece.side != side and rules.pieces[c.piece.type].royal for c in caps):
        result = SpiritResult(side, "sect-captured")  # S3
    new = SpiritPosition(rules, other(side), pieces, pos.start_counts, pos.ply + 1, result)
    if result is None and not has_legal_turn(new):
        winner = side if rules.no_legal_turn == "lose" else None
        new = new.replace(result=SpiritResult(winner, "no-legal-turn"))
    elif result is None and rules.max_plies and new.ply >= rules.max_plies:  # H6
        new = new.replace(result=SpiritResult(None, "turn-limit"))
    return new, caps


def levelup_squares(pos: SpiritPosition) -> list[Coord]:
    """Squares of the pieces the side to move may raise (S3, S13, H1)."""
    return [c for c, p in pos.side_pieces(pos.to_move) if pos.rules.levellable(p.type)]


def _can_move(rules: SpiritRules, pieces: Mapping, origin: Coord, mover: SpiritPiece, zones: Zones) -> bool:
    def ok(e: Coord) -> bool:
        return _end_problem(rules, pieces, mover, e, zones) is None

    return any(ok(e) for e in _paths_from(rules, pieces, origin, mover, zones, stop=ok))


def _boxed(rules: SpiritRules, pieces: Mapping, origin: Coord, mover: SpiritPiece) -> bool:
    """Whether no first step exists for the mover whatever the levels: every neighbour in its
    directions is off the board or holds an own piece it can neither end on nor pass (H2).  A
    formation moves by helpers (S9), not by steps: never boxed here."""
    k = rules.pieces[mover.type]
    if k.formation or rules.pass_through_occupied:
        return False
    x, y = origin
    for dx, dy in DIAG_DIRS if k.diagonal else KING_DIRS:
        q = pieces.get((x + dx, y + dy))
        if rules.on_board((x + dx, y + dy)) and (q is None or q.side != mover.side):
            return False
    return True


def has_legal_turn(pos: SpiritPosition) -> bool:
    """Whether the side to move can complete a turn (a level-up and a move).

    Bounded by the size of the position, not by movers × level-ups × board copies: raising a piece
    changes a mover's moves only if it raises the mover itself or an own formation (S9 zones count
    formation levels, the mover's effective level counts its own); raising any other piece leaves
    them as they are.  So each mover is tried unraised (when some other piece can be raised), raised
    (when it can be), and with each raisable own formation within reach -- on a read-only view of
    the board (:class:`_Lifted`), never a copy."""
    rules, pieces, side = pos.rules, pos.pieces, pos.to_move
    ups = levelup_squares(pos)
    if not ups:
        return False
    upset = set(ups)
    formation_ups = [u for u in ups if rules.pieces[pieces[u].type].formation]
    plain_ups = len(ups) - len(formation_ups)
    movers = [c for c, p in pos.side_pieces(side) if rules.pieces[p.type].movable]
    for m in movers:
        p = pieces[m]
        if _boxed(rules, pieces, m, p):
            continue
        lifted = _Lifted(pieces, m)
        zones = Zones(rules, lifted, eager=False)  # the mover lifted, raised or not
        raised = SpiritPiece(p.type, p.side, p.level + 1)
        if m in upset and _can_move(rules, lifted, m, raised, zones):
            return True
        others = plain_ups - (1 if m in upset and not rules.pieces[p.type].formation else 0)
        if others > 0 and _can_move(rules, lifted, m, p, zones):
            return True
        n = step_budget(rules, p)
        reach = None if n is None else n + 2  # a formation counts on squares next to it
        for u in formation_ups:
            if u == m or (reach is not None and max(abs(u[0] - m[0]), abs(u[1] - m[1])) > reach):
                continue
            f = pieces[u]
            view = _Lifted(pieces, m, u, SpiritPiece(f.type, f.side, f.level + 1))
            if _can_move(rules, view, m, p, Zones(rules, view, eager=False)):
                return True
    return False


def legal_turns(pos: SpiritPosition):
    """Yield every legal turn without transforms (one path per end square); for tests and bots."""
    if pos.result is not None:
        return
    for u in levelup_squares(pos):
        for c, p in pos.side_pieces(pos.to_move):
            if not pos.rules.pieces[p.type].movable:
                continue
            for path in legal_paths(pos, c, u).values():
                yield SpiritTurn(u, c, path)
