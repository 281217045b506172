"""Static evaluation of cube-chess positions (docs/AI.md, "Evaluation").

Units: centi-points (100 = one point of score).  The value is from the side to move's view.  It
knows every way the rules end a game:

* C3 facing kings at any distance (``facing_line_clear`` of the engine) and C4/C8 king capture by
  any planar attacker, judged against the scores exactly as ``judge`` does (the capture wins when
  the victim's score is not above the captor's, when the victim's king is a crowned prince (C8) or
  when it has no prince to crown; otherwise the prince is crowned);
* C5/C7 a king or prince one step (or one 3-D jump) from the enemy's king or prince home;
* C16 the score conditions (``<= 0`` or ``<= half the opponent's``) as a margin penalty, so
  spending points (drops, stacks, hyper-jumps) near the line is feared;
* finished games (G11, G14 included) are scored by the search from ``pos.result``.

The side to move wins at once if it can capture the enemy king under C4/C8 or step onto a home
square: such a position is worth ``THREAT_WIN`` (just below a proven win); one such threat by the
side not to move costs ``THREAT_AGAINST`` (a tempo: it can be parried), two ``DOUBLE_THREAT``.
"""

from __future__ import annotations

from ..cube.grammar import facing_line_clear
from ..cube.position import Piece, Position, other

POINT = 100.0
MATERIAL = 40.0  # a point of material on the board is worth 0.4 points of score
THREAT_WIN = 400_000.0
THREAT_AGAINST = 150.0  # one threat of the side not to move: a tempo
DOUBLE_THREAT = 3_000.0  # two threats: rarely both parried
CROWN_THREAT = 1_500.0  # capturing the king only crowns the prince (C4 with a higher score)
C16_MARGIN = 25  # points above the C16 line below which the position is feared
C16_WEIGHT = 30.0
PRINCE_STEP = 15.0  # per step of the prince towards the enemy king's home
KING_BOARD = (
    120.0  # per own piece on the plane of an enemy king that left the main plane (more than a hyper-jump costs)
)

_TABLES: dict = {}
_WPAWN = (Piece("pawn", "white"),)
_BPAWN = (Piece("pawn", "black"),)


def _table(rules, side: str) -> tuple:
    """Per capture direction ``(dx, dy)``: ``(dx, dy, reach, {type: (plain_range, hop_range)}, any_hop)``,
    from the ruleset's compiled rays (any Betza pattern)."""
    key = (rules.fingerprint, side)  # a value key: equal rulesets share the table (issue 20)
    t = _TABLES.get(key)
    if t is not None:
        return t
    dirs: dict = {}
    for name, spec in rules.pieces.items():
        for r in spec.rays[side]:
            if not r.can_capture:
                continue
            d = dirs.setdefault((r.dx, r.dy), {})
            plain_r, hop_r = d.get(name, (0, 0))
            if r.hop:
                hop_r = max(hop_r, r.max_steps)
            else:
                plain_r = max(plain_r, r.max_steps)
            d[name] = (plain_r, hop_r)
    out = []
    for (dx, dy), types in sorted(dirs.items()):
        reach = max(max(a, b) for a, b in types.values())
        out.append((dx, dy, reach, types, any(b for _, b in types.values())))
    res = tuple(out)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[key] = res
    return res


def attackers(pos: Position, target, side: str, first: bool = False) -> list:
    """Planar attacks of ``side`` on ``target``: ``[(square, (dx, dy), distance)]`` for every own
    piece or stack that could capture on ``target`` (C2, G2, G7; cannons by hopping).  With
    ``first`` stop at the first one."""
    rules = pos.rules
    get = pos.cells.get
    sx, sy = rules.size[0], rules.size[1]
    x0, y0 = target[0], target[1]
    rest = tuple(target[2:])
    out = []
    # the default content without a call where it is surely empty: the middle ranks off the green part
    crowd = pos._crowd
    if crowd is None:
        lo, hi = 1, sy
    else:
        lo, hi = crowd[1] + 1, crowd[2] - 1
    main = len(target) == 3
    gx0, gx1, gz0, gz1 = pos._green
    in_green_plane = main and gz0 <= target[2] <= gz1
    base = pos.base
    for dx, dy, reach, types, any_hop in _table(rules, side):
        x, y, k, found = x0, y0, 0, 0
        while k < reach:
            x -= dx
            y -= dy
            k += 1
            if not (1 <= x <= sx and 1 <= y <= sy):
                break
            c = (x, y) + rest
            s = get(c)
            if s is None:  # Position.default, inlined (the hot path of the evaluation)
                if crowd is None or lo <= y <= hi and not (in_green_plane and gx0 <= x <= gx1):
                    continue
                if in_green_plane and gx0 <= x <= gx1:
                    s = base.get(c)
                    if s is None:
                        continue
                elif crowd[0] <= y <= crowd[1]:
                    s = _WPAWN
                elif crowd[2] <= y <= crowd[3]:
                    s = _BPAWN
                else:
                    continue
            elif not s:
                continue
            found += 1
            if s[0].side == side:
                for p in s:
                    r = types.get(p.type)
                    if r is not None and (r[0] if found == 1 else r[1]) >= k:
                        out.append((c, (dx, dy), k))
                        if first:
                            return out
                        break
            if found >= 2 or not any_hop:
                break
    return out


def _values(rules) -> dict:
    return {n: p.value for n, p in rules.pieces.items()}


def material(pos: Position) -> dict:
    """Value of each side's pieces on the finite part of the board: the setup arrangement plus the
    changes against the default (the infinite crowded pawns cancel out)."""
    vals = _values(pos.rules)
    mat = {"white": 0, "black": 0}
    cells = pos.cells
    for s in pos.base.values():
        for p in s:
            mat[p.side] += vals[p.type]
    default = pos.default
    for c, s in cells.items():
        for p in s:
            mat[p.side] += vals[p.type]
        for p in default(c):
            mat[p.side] -= vals[p.type]
    return mat


def royal_reaches(at, home) -> bool:
    """Can a king or prince on ``at`` reach ``home`` in one turn of at most two actions: a planar
    step, a 3-D jump, a hyper-jump, or a step with one jump or hyper-jump, or a 3-D jump with a
    hyper-jump (the G4 grammar: C29, C32, C33)?  Geometry only; the squares' contents are the
    caller's (:func:`home_threats`)."""
    n = max(len(at), len(home))
    a = tuple(at) + (1,) * (n - len(at))
    h = tuple(home) + (1,) * (n - len(home))
    if max(abs(a[0] - h[0]), abs(a[1] - h[1])) > 1:
        return False
    planar = a[:2] != h[:2]
    steps = 0
    for i in range(2, n):
        d = abs(a[i] - h[i])
        if d > 1:
            return False
        if d:
            if steps and (i != 2 and not planar and a[2] == h[2]):
                return False  # two hyper-jumps in one turn: not in the grammar
            steps += 1
    if not steps:
        return planar
    return steps == 1 or (steps == 2 and not planar and a[2] != h[2])


def _ways(at, home) -> list:
    """The squares a two-action walk from ``at`` to ``home`` passes (one per order of its two
    actions); ``[]`` for a one-action walk."""
    n = max(len(at), len(home))
    a = list(at) + [1] * (n - len(at))
    h = list(home) + [1] * (n - len(home))
    axes = ([(0, 1)] if a[:2] != h[:2] else []) + [(i, i) for i in range(2, n) if a[i] != h[i]]
    if len(axes) < 2:
        return []
    out = []
    for lo, hi in axes:
        mid = list(a)
        mid[lo : hi + 1] = h[lo : hi + 1]
        while len(mid) > 3 and mid[-1] == 1:
            mid.pop()
        out.append(tuple(mid))
    return out


def home_threats(pos: Position, side: str) -> int:
    """Ways ``side``'s king or prince could occupy an enemy home square next turn (C5, C7): by a
    step, a 3-D jump or a hyper-jump, or two of them (a step and a jump, from any board), through
    a free square; a king may also capture a (capturable) enemy piece standing on the home."""
    opp = other(side)
    n = 0
    immune = None
    for royal in ("king", "prince"):
        at = pos.royals[side][royal]
        if at is None:
            continue
        for which in ("king", "prince"):
            home = pos.homes[opp][which]
            if home is None or not royal_reaches(at, home):
                continue
            occ = pos.cell(home)
            ways = _ways(at, home)
            if ways:
                if not occ and any(not pos.cell(m) for m in ways):
                    n += 1
                continue
            if not occ:
                n += 1
            elif royal == "king" and at[2:] == home[2:] and occ[0].side == opp:
                if immune is None:
                    immune = {k for k, p in pos.rules.pieces.items() if p.immune}
                if not any(p.type in immune for p in occ):
                    n += 1
    return n


def king_capture(pos: Position, side: str) -> int:
    """0: ``side`` cannot capture the enemy king now; 2: it can and that wins (C4, C8);
    1: it can but the capture only crowns the enemy prince."""
    opp = other(side)
    ko = pos.royals[opp]["king"]
    if ko is None:
        return 0
    ks = pos.royals[side]["king"]
    hit = bool(attackers(pos, ko, side, first=True))
    if not hit and ks is not None and aligned(ks, ko):
        hit = facing_line_clear(pos, ks, ko)
    if not hit:
        return 0
    if pos.kings_was[opp] == "prince" or pos.scores[opp] <= pos.scores[side] or pos.royals[opp]["prince"] is None:
        return 2
    return 1


def _distance(a, b) -> int:
    n = max(len(a), len(b))
    d = max(abs(a[0] - b[0]), abs(a[1] - b[1]))
    for i in range(2, n):
        d += abs((a[i] if i < len(a) else 1) - (b[i] if i < len(b) else 1))
    return d


def aligned(a, b) -> bool:
    """Cheap test that ``a`` and ``b`` lie on one G10 lattice line (before the emptiness walk)."""
    n = max(len(a), len(b))
    m = 0
    for i in range(n):
        d = abs((a[i] if i < len(a) else 1) - (b[i] if i < len(b) else 1))
        if d:
            if m and d != m:
                return False
            m = d
    return m > 0


def evaluate(pos: Position, mat: dict | None = None) -> float:
    """Static value of ``pos`` for the side to move, in centi-points (``mat``: :func:`material` of
    ``pos`` when the caller keeps it incrementally)."""
    s = pos.to_move
    o = other(s)
    sc = pos.scores
    # immediate wins of the side to move
    kc = king_capture(pos, s)
    if kc == 2 or home_threats(pos, s):
        return THREAT_WIN
    e = POINT * (sc[s] - sc[o])
    if mat is None:
        mat = material(pos)
    e += MATERIAL * (mat[s] - mat[o])
    for side, sign in ((s, 1.0), (o, -1.0)):
        mine, theirs = sc[side], sc[other(side)]
        margin = min(mine, mine - theirs / 2.0)
        if margin < C16_MARGIN:
            e -= sign * C16_WEIGHT * (C16_MARGIN - margin) * POINT / 10.0
    if kc == 1:
        e += CROWN_THREAT
    # threats of the side not to move
    ko = king_capture(pos, o)
    threats = home_threats(pos, o) + (ko == 2)
    e -= THREAT_AGAINST * threats if threats < 2 else DOUBLE_THREAT
    if ko == 1:
        e -= THREAT_AGAINST
    # hunters on the plane of a king that fled the main plane (the crowded pawns of every board excepted)
    for side, sign in ((s, 1.0), (o, -1.0)):
        k = pos.royals[other(side)]["king"]
        if k is not None and (len(k) > 3 or k[2] != 1):
            rest = k[2:]
            n = 0
            for c, st in pos.cells.items():
                if st and st[0].side == side and c[2:] == rest and st[0].type not in ("king", "prince"):
                    n += 1
            e += sign * KING_BOARD * n
    # princes walking to the enemy king's home (C5): they cannot be captured (C6)
    for side, sign in ((s, 1.0), (o, -1.0)):
        pr = pos.royals[side]["prince"]
        if pr is not None:
            e -= sign * PRINCE_STEP * _distance(pr, pos.homes[other(side)]["king"])
    return e


def stack_value(pos: Position, stack) -> int:
    vals = _values(pos.rules)
    return sum(vals[p.type] for p in stack)
