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
* finished games (G11, G14 included) are scored by the search from ``pos.result``;
* (issue 18) a capture that ends the game by C16 at once is a win on the spot; a static exchange
  (:func:`swap_gain`) on every moved stack weighs what the side to move can win now and what it
  stands to lose (hanging pieces anywhere, not only on the last capture's square); moved pawns near
  their promotion line on any board; pieces on or one jump from a fled king's board.

The weights are data: ``eval_weights.toml`` (``[cube]``), read once by :mod:`.weights`; the value
is the dot product of :func:`features` with :data:`WEIGHTS_CUBE`.

The side to move wins at once if it can capture the enemy king under C4/C8 or step onto a home
square: such a position is worth ``THREAT_WIN`` (just below a proven win); one such threat by the
side not to move costs ``THREAT_AGAINST`` (a tempo: it can be parried), two ``DOUBLE_THREAT``.
"""

from __future__ import annotations

from ..cube.grammar import facing_line_clear
from ..cube.position import Piece, Position, other
from .cube_exchange import _capture_deltas, _seen_from, _table, _values, exchange_table
from .weights import WEIGHTS

_W = WEIGHTS["cube"]
POINT = float(_W["point"])
MATERIAL = float(_W["material"])  # a point of material on the board is worth 0.4 points of score
THREAT_WIN = 400_000.0
THREAT_AGAINST = float(_W["threat_against"])  # one threat of the side not to move: a tempo
DOUBLE_THREAT = float(_W["double_threat"])  # two threats: rarely both parried
CROWN_THREAT = float(_W["crown_threat"])  # capturing the king only crowns the prince (C4 with a higher score)
C16_MARGIN = int(_W["c16_margin"])  # points above the C16 line below which the position is feared
C16_WEIGHT = float(_W["c16_weight"])  # per point below that margin
PRINCE_STEP = float(_W["prince_step"])  # per step of the prince towards the enemy king's home
KING_BOARD = float(_W["king_board"])  # per own piece on the board of an enemy king that left the main plane
PAWN_RANKS = int(_W["pawn_ranks"])
#: the linear terms of :func:`features`, in order, with their weights (centi-points per unit)
TERMS = (
    "score",
    "material",
    "c16",
    "crown",
    "threat",
    "double",
    "king_board",
    "king_reach",
    "prince",
    "hang_gain",
    "hang_loss",
    "hang_loss2",
    "pawn_near",
)


def term_weights(w=_W) -> tuple:
    """The weights of :data:`TERMS` from a ``[cube]`` table (the exchange shares scaled to centi-points)."""
    piece = float(w["point"]) + float(w["material"])  # what a captured point of value is worth
    return (
        float(w["point"]),
        float(w["material"]),
        float(w["c16_weight"]),
        float(w["crown_threat"]),
        float(w["threat_against"]),
        float(w["double_threat"]),
        float(w["king_board"]),
        float(w["king_reach"]),
        float(w["prince_step"]),
        float(w["hang_gain"]) * piece,
        float(w["hang_loss"]) * piece,
        float(w["hang_loss2"]) * piece,
        float(w["pawn_near"]),
    )


WEIGHTS_CUBE = term_weights()

_WPAWN = (Piece("pawn", "white"),)
_BPAWN = (Piece("pawn", "black"),)


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
            if home is None:
                continue
            # royal_reaches, whose first test (one planar step at most) is inlined: most royals are far
            if abs(at[0] - home[0]) > 1 or abs(at[1] - home[1]) > 1 or not royal_reaches(at, home):
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


def king_capture(pos: Position, side: str, hit: bool | None = None) -> int:
    """0: ``side`` cannot capture the enemy king now; 2: it can and that wins (C4, C8);
    1: it can but the capture only crowns the enemy prince.  ``hit``: whether a planar attacker
    reaches the enemy king (``attackers(..., first=True)``) when the caller knows it."""
    opp = other(side)
    ko = pos.royals[opp]["king"]
    if ko is None:
        return 0
    ks = pos.royals[side]["king"]
    if hit is None:
        hit = bool(attackers(pos, ko, side, first=True))
    if not hit and ks is not None and aligned(ks, ko):
        hit = facing_line_clear(pos, ks, ko)
    if not hit:
        return 0
    if pos.kings_was[opp] == "prince" or pos.scores[opp] <= pos.scores[side] or pos.royals[opp]["prince"] is None:
        return 2
    return 1


def _distance(a, b) -> int:
    if len(a) == 3 and len(b) == 3:  # both on a plane of the main board: the common case
        return max(abs(a[0] - b[0]), abs(a[1] - b[1])) + abs(a[2] - b[2])
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


def _c16_capture(sc: dict, side: str, best: int) -> bool:
    """Would capturing a stack worth ``best`` end the game by C16 for ``side``'s opponent?"""
    o = other(side)
    return best > 0 and 2 * sc[o] <= sc[side] + best


def _pawns_near(pos: Position, side: str) -> float:
    """Moved pawns of ``side`` within ``PAWN_RANKS`` ranks of their promotion line (G8), on any plane
    and board: 1 on the line or beyond, less per rank before it."""
    line = pos.rules.promotion[side]
    n = 0.0
    for c, st in pos.cells.items():
        if len(st) != 1:
            continue
        p = st[0]
        if p.type != "pawn" or p.side != side:
            continue
        d = line - c[1] if side == "white" else c[1] - line
        if d < PAWN_RANKS:
            if pos.default(c) == st:
                continue
            n += 1.0 if d <= 0 else (PAWN_RANKS - d) / PAWN_RANKS
    return n


def _pawns_near_both(pos: Position, side: str) -> float:
    """``_pawns_near(pos, side) - _pawns_near(pos, other(side))`` in one pass over the changed
    cells (each side's sum built in the same order, so the floats are the same)."""
    rules = pos.rules
    lw, lb = rules.promotion["white"], rules.promotion["black"]
    nw = nb = 0.0
    default = pos.default
    for c, st in pos.cells.items():
        if len(st) != 1:
            continue
        p = st[0]
        if p.type != "pawn":
            continue
        if p.side == "white":
            d = lw - c[1]
            if d < PAWN_RANKS and default(c) != st:
                nw += 1.0 if d <= 0 else (PAWN_RANKS - d) / PAWN_RANKS
        else:
            d = c[1] - lb
            if d < PAWN_RANKS and default(c) != st:
                nb += 1.0 if d <= 0 else (PAWN_RANKS - d) / PAWN_RANKS
    return nw - nb if side == "white" else nb - nw


def _board_gap(c, rest) -> int:
    n = max(len(c) - 2, len(rest))
    d = 0
    for i in range(n):
        d += abs((c[2 + i] if 2 + i < len(c) else 1) - (rest[i] if i < len(rest) else 1))
    return d


def _hunters(pos: Position, side: str) -> tuple[int, int]:
    """Own pieces on the board of the enemy king when it left the main plane, and those one 3-D
    jump or hyper-jump away from it (they can reach it next turn)."""
    k = pos.royals[other(side)]["king"]
    if k is None or (len(k) == 3 and k[2] == 1):
        return 0, 0
    rest = k[2:]
    on = near = 0
    for c, st in pos.cells.items():
        if st and st[0].side == side and st[0].type not in ("king", "prince"):
            gap = _board_gap(c, rest)
            if gap == 0:
                on += 1
            elif gap == 1:
                near += 1
    return on, near


def _king_hit(pos: Position, side: str, prev: dict | None, near: list, deltas, written, hits: dict) -> bool | None:
    """Whether a planar attacker of ``side`` reaches the enemy king (None: no enemy king), from
    ``prev`` (``{side: (king square, hit)}`` of a position that differs only in the cells ``near``,
    as ``(x, y, rest)``, among them ``written``) when the king stayed and no changed cell of its
    board is seen from it along a capture ray (:func:`_seen_from`); recorded in ``hits``."""
    ko = pos.royals[other(side)]["king"]
    if ko is None:
        return None
    if prev is not None:
        e = prev.get(side)
        if e is not None and e[0] == ko:
            x, y, rest = ko[0], ko[1], ko[2:]
            for cx, cy, crest in near:
                if crest == rest and (cx - x, cy - y) in deltas and _seen_from(pos, ko, (cx, cy), deltas, written):
                    break
            else:
                hits[side] = e
                return e[1]
    hit = bool(attackers(pos, ko, side, first=True))
    hits[side] = (ko, hit)
    return hit


def features(
    pos: Position, mat: dict | None = None, prev: tuple | None = None, changed=(), keep: list | None = None
) -> tuple[bool, tuple]:
    """``(wins_now, terms)``: whether the side to move wins on the spot, else the values of
    :data:`TERMS` from its view (the evaluation is their dot product with :data:`WEIGHTS_CUBE`).
    ``prev``, ``changed``: what ``keep`` received for a position that differs in those cells only
    (its exchange table, :func:`exchange_table`, and its king attacks, :func:`_king_hit`, with
    ``"danger"``: whether the side not to move could capture the king or walk home, when known):
    the same terms with less work; ``keep``: a list that receives this position's.  ``prev`` may
    carry a third item, the board grids its exchange table was built on (``keep``'s second item:
    :func:`exchange_table`'s ``grids``)."""
    s = pos.to_move
    o = other(s)
    sc = pos.scores
    hits: dict = {}
    if prev is not None:
        near = [(c[0], c[1], c[2:]) for c in changed]
        deltas = _capture_deltas(pos.rules)
        written = dict.fromkeys(changed)
        prev_table, prev_hits = prev[0], prev[1]
        prev_grids = prev[2] if len(prev) > 2 else None
    else:
        near, deltas, written, prev_table, prev_hits, prev_grids = [], {}, {}, None, None, None
    # immediate wins of the side to move
    kc = king_capture(pos, s, _king_hit(pos, s, prev_hits, near, deltas, written, hits))
    if kc == 2 or home_threats(pos, s):
        return True, ()
    grids: dict = {}
    ex, table = exchange_table(pos, prev_table, changed, prev_grids, grids)
    if keep is not None:
        keep.append((table, hits))
        keep.append(grids)
    if _c16_capture(sc, s, ex[s][0]):
        return True, ()
    if mat is None:
        mat = material(pos)
    c16 = 0.0
    for side, sign in ((s, 1.0), (o, -1.0)):
        mine, theirs = sc[side], sc[other(side)]
        margin = min(mine, mine - theirs / 2.0)
        if margin < C16_MARGIN:
            c16 -= sign * (C16_MARGIN - margin)
    # threats of the side not to move
    ko = king_capture(pos, o, _king_hit(pos, o, prev_hits, near, deltas, written, hits))
    ho_threats = home_threats(pos, o)
    c16_o = _c16_capture(sc, o, ex[o][0])
    hits["danger"] = ko == 2 or ho_threats > 0 or c16_o  # the search's in_danger, known from here
    threats = ho_threats + (ko == 2) + c16_o
    single = -(threats if threats < 2 else 0) - (ko == 1)
    double = -1.0 if threats >= 2 else 0.0
    hs, rs = _hunters(pos, s)
    ho, ro = _hunters(pos, o)
    prince = 0.0
    for side, sign in ((s, 1.0), (o, -1.0)):
        pr = pos.royals[side]["prince"]
        if pr is not None:
            prince -= sign * _distance(pr, pos.homes[other(side)]["king"])
    gain = ex[s][1]
    loss = ex[o][1]
    return False, (
        sc[s] - sc[o],
        mat[s] - mat[o],
        c16,
        1.0 if kc == 1 else 0.0,
        single,
        double,
        hs - ho,
        rs - ro,
        prince,
        gain[0] if gain else 0,
        -(loss[0] if loss else 0),
        -(loss[1] if len(loss) > 1 else 0),
        _pawns_near_both(pos, s),
    )


def evaluate(
    pos: Position, mat: dict | None = None, prev: tuple | None = None, changed=(), keep: list | None = None
) -> float:
    """Static value of ``pos`` for the side to move, in centi-points (``mat``: :func:`material` of
    ``pos`` when the caller keeps it incrementally; ``prev``, ``changed``, ``keep``: the exchange
    tables of :func:`features`, the same value with less work)."""
    win, f = features(pos, mat, prev, changed, keep)
    if win:
        return THREAT_WIN
    e = 0.0
    for w, x in zip(WEIGHTS_CUBE, f):
        e += w * x
    return e


def stack_value(pos: Position, stack) -> int:
    vals = _values(pos.rules)
    return sum(vals[p.type] for p in stack)
