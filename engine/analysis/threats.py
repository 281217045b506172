"""Threats: what each side could do to the other in one turn, for both games (issue 19).

A :class:`Threat` is a small frozen record — the kind, the side that threatens, the cell it comes
from and the cell it goes to (any board: a cube-chess cell carries its higher indices), the two
boards in words, the words a player reads, and whether carrying it out would end the game in the
threatening side's favour (``decisive``; the window shows these by default).

Cube chess (:func:`cube_threats`), for both sides, each as if it were its turn:

* ``capture`` — a piece that can take an enemy stack (planar captures; the stack's value);
* ``king`` — a capture of the enemy king (C4 decides what it costs);
* ``facing`` — the two kings on one clear lattice line (C3, G10), along any direction including the
  higher indices: the side to move may take the king at any distance;
* ``home`` — an enemy king or prince one turn (up to the grammar's two actions) away from a home
  square (C5 king's home, C7 prince's home), on any board;
* ``margin`` — a capture that would leave the victim with at most half the capturer's score or
  none (C16);
* ``approach`` — a piece one hyper-jump (and maybe a 3-D jump) from the enemy king's board that,
  landed there this turn, would attack the king on the next (C22 then C4): the threat that comes
  from another board.

Spirit chess (:func:`spirit_threats`): ``capture`` (a piece that can end on an enemy piece at the
current levels, S10/S12), ``sect`` (a piece that can reach the enemy sect: S3 decides the game)
and ``zone`` (an enemy formation's eight neighbours that would catch movers of the side to move,
S11).

Every enumeration is bounded: cube origins are the finite part of the board (setup arrangement
and changed cells, ``Position.pieces_of``) plus own pieces diagonally next to enemy pieces; the home
walks try at most :data:`MAX_WALK_BUILDS` two-action turns per royal.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.coords import normalize
from ..core.errors import IllegalAction

#: kinds, in the order the window lists them; the decisive ones are drawn by default
CUBE_KINDS = ("facing", "king", "home", "margin", "capture", "approach")
SPIRIT_KINDS = ("sect", "capture", "zone")
#: turns of up to two actions tried per royal when looking for a C5/C7 home walk
MAX_WALK_BUILDS = 4000


@dataclass(frozen=True)
class Threat:
    kind: str  # see CUBE_KINDS / SPIRIT_KINDS
    side: str  # the side that threatens
    frm: tuple  # the cell the threat comes from
    to: tuple  # the cell it goes to
    boards: tuple[str, str]  # the boards of frm and to, in words ("" in spirit chess)
    words: str  # one line a player reads
    decisive: bool = False  # carrying it out ends the game for the threatening side
    now: bool = False  # the threatening side is the side to move
    rule: str = ""  # the rule id it rests on
    via: tuple = ()  # cells passed on the way (a home walk's first action, a spirit path)
    cells: tuple = field(default=())  # a zone's squares (spirit ``zone``)

    @property
    def across(self) -> bool:
        """The threat leaves its board (cube chess: a higher index differs between frm and to)."""
        return self.boards[0] != self.boards[1]


def board_label(coord) -> str:
    """The 3-D board of a cell in words: ``main board`` or ``board w4=2, w6=3``."""
    c = normalize(coord)
    parts = [f"w{i + 1}={v}" for i, v in enumerate(c) if i >= 3 and v != 1]
    return "board " + ", ".join(parts) if parts else "main board"


def fmt(c) -> str:
    return "(" + ",".join(str(v) for v in c) + ")"


def _other(side: str) -> str:
    return "black" if side == "white" else "white"


# ------------------------------------------------------------------------------------ cube chess
def _names(stack) -> str:
    return "+".join(p.type for p in stack)


def _direction(a, b) -> str:
    """The lattice direction of the line a -> b in words: 'x', 'the x-y diagonal', 'w5', ..."""
    n = max(len(a), len(b))
    av = list(a) + [1] * (n - len(a))
    bv = list(b) + [1] * (n - len(b))
    axes = ["x", "y", "z"] + [f"w{i + 1}" for i in range(3, n)]
    moving = [axes[i] for i in range(n) if av[i] != bv[i]]
    if len(moving) == 1:
        return f"along {moving[0]}"
    return "along the " + "-".join(moving) + " diagonal"


def _origins(pos, side: str) -> list:
    """The finite part's own pieces plus own pieces diagonally next to a finite enemy piece."""
    own = {c: s for c, s in pos.pieces_of(side)}
    for c, _s in pos.pieces_of(_other(side)):
        for dx in (-1, 1):
            for dy in (-1, 1):
                n = normalize((c[0] + dx, c[1] + dy) + tuple(c[2:]))
                if n not in own and pos.in_board(n):
                    st = pos.cell(n)
                    if st and st[0].side == side:
                        own[n] = st
    return sorted(own.items())


def _as_mover(pos, side: str):
    return pos if pos.to_move == side else pos.replace(to_move=side)


def cube_threats(pos, *, horizon: int | None = None) -> list[Threat]:
    """Every threat of both sides in a cube-chess position (sorted: decisive first).

    Bounded at any dimension (issue 17): captures are listed without hyper-jumps, and the walks
    and approaches try only the hyper-jumps toward their goal, so a game in dimension 10,000 costs
    about what one in dimension 5 does (``horizon`` is kept for callers; nothing needs it now)."""
    from ..cube.actions import Capture, Turn
    from ..cube.legal import legal_actions
    from ..cube.rules import apply_turn

    if pos.result is not None:
        return []
    rules = pos.rules
    out: list[Threat] = []
    for side in ("white", "black"):
        me = _as_mover(pos, side)
        enemy = _other(side)
        now = side == pos.to_move
        for origin, stack in _origins(me, side):
            # captures never change a higher index: horizon 3 lists them all without a hyper-jump
            # per dimension (a game in dimension 10,000 would list 20,000 of them per piece)
            for a in legal_actions(me, origin, 3):
                if a.kind != "capture":
                    continue
                to = normalize(a.to)
                victim = me.cell(to)
                value = sum(rules.pieces[p.type].value for p in victim)
                king_hit = any(p.type == "king" for p in victim)
                lone_king = len(stack) == 1 and stack[0].type == "king"
                far = max(abs(x - y) for x, y in zip(_pad(origin, to), _pad(to, origin))) > 1 or origin[2:] != to[2:]
                try:
                    after, _cost = apply_turn(me, Turn(origin, (Capture(to),)))
                    won = after.result is not None and after.result.winner == side
                    reason = after.result.reason if after.result is not None else ""
                except IllegalAction:
                    after, won, reason = None, False, ""
                boards = (board_label(origin), board_label(to))
                if lone_king and king_hit and far:
                    kind, rule = "facing", "C3"
                    words = (
                        f"the kings face each other {_direction(origin, to)}: {side}'s king on {fmt(origin)} "
                        f"can take {enemy}'s king on {fmt(to)} at any distance (C3)"
                    )
                elif king_hit:
                    kind, rule = "king", "C4"
                    words = f"{side}'s {_names(stack)} on {fmt(origin)} attacks {enemy}'s king on {fmt(to)}"
                elif after is not None and "C16" in reason:
                    kind, rule = "margin", "C16"
                    words = (
                        f"taking {enemy}'s {_names(victim)} on {fmt(to)} (+{value}) brings {side} to "
                        f"{after.scores[side]} against {enemy}'s {after.scores[enemy]}: at most half, {enemy} loses (C16)"
                    )
                else:
                    kind, rule = "capture", "C9"
                    words = f"{side}'s {_names(stack)} on {fmt(origin)} attacks {enemy}'s {_names(victim)} on {fmt(to)} ({value})"
                if won and kind in ("king", "facing") and reason:
                    words += f" - it wins ({reason})"
                out.append(Threat(kind, side, origin, to, boards, words, won, now, rule))
        out.extend(_home_walks(me, side, now))
        out.extend(_approaches(me, side, now))
    order = {k: i for i, k in enumerate(CUBE_KINDS)}
    out.sort(key=lambda t: (not t.decisive, order[t.kind], t.side != pos.to_move, t.frm, t.to))
    return out


def _approaches(me, side: str, now: bool) -> list[Threat]:
    """Pieces on a neighbouring board of the enemy king's (higher indices and z each within one)
    that can land on its board this turn and would then attack the king."""
    from ..cube.actions import HyperJump, Jump, Stack
    from ..cube.legal import legal_actions
    from ..cube.rules import TurnBuilder, conclude

    enemy = _other(side)
    king = me.royals[enemy].get("king")
    if king is None:
        return []
    kk = normalize(king)
    out: list[Threat] = []
    for origin, stack in _origins(me, side):
        a, b = _pad(origin, kk), _pad(kk, origin)
        diffs = [i for i in range(2, len(a)) if a[i] != b[i]]
        if not any(i >= 3 for i in diffs) or len(diffs) > 2 or any(abs(a[i] - b[i]) != 1 for i in diffs):
            continue
        at = list(a)
        steps = []
        for i in sorted(diffs, reverse=True):  # the hyper-jump first, then the 3-D jump
            at[i] = b[i]
            steps.append((HyperJump if i >= 3 else Jump)(normalize(at)))
        try:
            tb = TurnBuilder(me, origin, transactional=False)
            for act in steps:
                tb.add(act)
            if tb.pending:
                tb.add(Stack())
            tb.finish()
            after = conclude(tb)
        except IllegalAction:
            continue
        if after.result is not None:
            continue
        landing = normalize(tb.at)
        again = after.replace(to_move=side)
        # captures never change a higher index: horizon 3 (no hyper-jump listed per dimension)
        if not any(x.kind == "capture" and normalize(x.to) == kk for x in legal_actions(again, landing, 3)):
            continue
        words = (
            f"{side}'s {_names(stack)} on {fmt(origin)} ({board_label(origin)}) can hyper-jump onto the "
            f"{board_label(kk)} to {fmt(landing)}, from where it attacks {enemy}'s king on {fmt(kk)} next turn (C22)"
        )
        out.append(
            Threat(
                "approach",
                side,
                origin,
                kk,
                (board_label(origin), board_label(kk)),
                words,
                False,
                now,
                "C22",
                (landing,),
            )
        )
    return out


def _pad(a, b) -> list:
    n = max(len(a), len(b))
    return list(a) + [1] * (n - len(a))


def _home_walks(me, side: str, now: bool) -> list[Threat]:
    """C5/C7: an own king or prince that can end a turn on an enemy home square."""
    from ..cube.actions import Stack
    from ..cube.rules import TurnBuilder, conclude

    enemy = _other(side)
    homes = {normalize(me.homes[enemy][r]): r for r in ("king", "prince") if me.homes[enemy].get(r) is not None}
    out: list[Threat] = []
    for royal in ("king", "prince"):
        origin = me.royals[side].get(royal)
        if origin is None:
            continue
        origin = normalize(origin)
        found: dict = {}
        builds = 0

        def finish(b, first_at, home, found=found):
            try:
                if b.pending:
                    b.add(Stack())
                b.finish()
                after = conclude(b)
            except IllegalAction:
                return
            won = after.result is not None and after.result.winner == side
            found.setdefault(home, (first_at, won))

        try:  # hyper-jumps only toward a home: one listed per dimension would cost d^2 at dimension d
            firsts = [*TurnBuilder(me, origin).options(3), *_toward(origin, homes)]
        except IllegalAction:
            continue
        for a1 in firsts:
            if builds >= MAX_WALK_BUILDS:
                break
            builds += 1
            try:
                b = TurnBuilder(me, origin, transactional=False)
                b.add(a1)
            except IllegalAction:
                continue
            at = normalize(b.at) if b.at is not None else None
            if at in homes:
                finish(b, None, at)
                continue
            if at is None or not _near_any(at, homes):
                continue
            try:
                seconds = [*b.options(3), *_toward(at, homes)]
            except IllegalAction:
                continue
            for a2 in seconds:
                to = getattr(a2, "to", None)
                if to is None or normalize(to) not in homes or builds >= MAX_WALK_BUILDS:
                    continue
                builds += 1
                try:
                    b2 = TurnBuilder(me, origin, transactional=False)
                    b2.add(a1)
                    b2.add(a2)
                except IllegalAction:
                    continue
                finish(b2, at, normalize(to))
        for home, (first_at, won) in sorted(found.items()):
            which = homes[home]
            rule = "C5" if which == "king" else "C7"
            steps = "in one action" if first_at is None else f"by way of {fmt(first_at)}"
            where = "" if board_label(origin) == board_label(home) else f" (from {board_label(origin)})"
            words = (
                f"{side}'s {royal} on {fmt(origin)}{where} reaches {enemy}'s {which} home {fmt(home)} "
                f"{steps}: {enemy} loses ({rule})"
            )
            via = () if first_at is None else (first_at,)
            out.append(
                Threat("home", side, origin, home, (board_label(origin), board_label(home)), words, won, now, rule, via)
            )
    return out


def _toward(at, homes) -> list:
    """The hyper-jumps from ``at`` that bring one higher index one step toward a home: the only
    hyper-jumps a walk of two actions to a home can use (one in a dimension where ``at`` and every
    home agree leaves a difference the other action cannot also mend).  Linear in the dimension
    per home, never an enumeration of every dimension's hyper-jumps."""
    from ..cube.actions import HyperJump

    out = []
    for h in homes:
        a, b = _pad(at, h), _pad(h, at)
        for i in range(3, len(a)):
            if a[i] != b[i]:
                step = list(a)
                step[i] += 1 if b[i] > a[i] else -1
                out.append(HyperJump(normalize(step)))
    return out


def _near_any(at, homes) -> bool:
    """A second action moves one step, jumps one plane or hyper-jumps one index: only a cell
    within one of a home in every coordinate can still reach it."""
    for h in homes:
        a, b = _pad(at, h), _pad(h, at)
        if sum(1 for i in range(len(a)) if a[i] != b[i] and i >= 2) <= 1 and all(abs(x - y) <= 1 for x, y in zip(a, b)):
            return True
    return False


# ------------------------------------------------------------------------------------ spirit chess
def spirit_threats(pos) -> list[Threat]:
    """Every threat of both sides in a spirit-chess position, at the current levels (sorted)."""
    from ..spirit.position import catch_squares, legal_paths

    if pos.result is not None:
        return []
    rules = pos.rules
    royal = rules.royal
    out: list[Threat] = []
    for side in ("white", "black"):
        me = pos if pos.to_move == side else pos.replace(to_move=side)
        enemy = _other(side)
        now = side == pos.to_move
        for origin, piece in me.side_pieces(side):
            if not rules.pieces[piece.type].movable:
                continue
            for end, path in sorted(legal_paths(me, origin).items()):
                target = me.pieces.get(end)
                if target is None or target.side != enemy:
                    continue
                if end in catch_squares(me, origin):
                    continue
                via = tuple(path[:-1])
                if target.type == royal:
                    kind, rule, decisive = "sect", "S3", True
                    words = f"{side}'s {piece.type} (level {piece.level}) on {fmt(origin)} can reach {enemy}'s sect on {fmt(end)}: {enemy} loses (S3)"
                else:
                    kind, rule, decisive = "capture", "S10", False
                    words = (
                        f"{side}'s {piece.type} (level {piece.level}) on {fmt(origin)} can take {enemy}'s "
                        f"{target.type} (level {target.level}) on {fmt(end)}"
                    )
                out.append(Threat(kind, side, origin, end, ("", ""), words, decisive, now, rule, via))
        # the enemy formations whose zones would catch this side's movers (S11)
        caught: dict = {}
        for origin, piece in me.side_pieces(side):
            if not rules.pieces[piece.type].movable:
                continue
            for end in catch_squares(me, origin):
                for c, p in me.pieces.items():
                    if (
                        p.side == enemy
                        and rules.pieces[p.type].formation
                        and max(abs(c[0] - end[0]), abs(c[1] - end[1])) == 1
                    ):
                        caught.setdefault(c, set()).add((origin, piece.type))
        for c, movers in sorted(caught.items()):
            f = me.pieces[c]
            cells = tuple(
                (c[0] + dx, c[1] + dy)
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if (dx or dy) and rules.on_board((c[0] + dx, c[1] + dy))
            )
            names = ", ".join(f"{t} {fmt(o)}" for o, t in sorted(movers)[:3]) + (" ..." if len(movers) > 3 else "")
            words = (
                f"{enemy}'s formation (level {f.level}) on {fmt(c)} catches a {side} piece of level <= {f.level} "
                f"entering its eight neighbours (S11): {names}"
            )
            out.append(Threat("zone", enemy, c, c, ("", ""), words, False, not now, "S11", (), cells))
    order = {k: i for i, k in enumerate(SPIRIT_KINDS)}
    out.sort(key=lambda t: (not t.decisive, order[t.kind], t.side != pos.to_move, t.frm, t.to))
    return out


def threats(pos) -> list[Threat]:
    """The threats of a position of any game with an analysis hook (cube and spirit chess; a game
    without one has none to show)."""
    from ..core import games

    hooks = games.of_position(pos).hooks.get("analysis")
    return hooks.threats(pos) if hooks is not None else []


def decisive(found: list[Threat]) -> list[Threat]:
    """The threats the window draws by default: those that would end the game."""
    return [t for t in found if t.decisive]
