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
KING_ATTACKER = 50  # a king's worth as a capturer in a static exchange: it is never given away
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


_VALUES: dict = {}


def _values(rules) -> dict:
    """Piece values by type (kept per ruleset; read-only for callers)."""
    key = rules.fingerprint
    got = _VALUES.get(key)
    if got is None:
        if len(_VALUES) > 64:
            _VALUES.clear()
        got = _VALUES[key] = {n: p.value for n, p in rules.pieces.items()}
    return got


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


def swap_gain(victim: int, attackers_: list, defenders: list) -> int:
    """Static exchange on one square (points): ``victim`` is captured by the cheapest of
    ``attackers_`` (values, ascending), the defenders recapture with their cheapest, and so on; each
    side may stop when going on loses.  The gain of the side that captures first (0 if it should not)."""
    if not attackers_:
        return 0
    gains = [victim]
    on = attackers_[0]
    a, d = 1, 0
    defending = True
    while True:
        if defending:
            if d >= len(defenders):
                break
            nxt = defenders[d]
            d += 1
        else:
            if a >= len(attackers_):
                break
            nxt = attackers_[a]
            a += 1
        gains.append(on - gains[-1])
        on = nxt
        defending = not defending
    for k in range(len(gains) - 1, 0, -1):
        gains[k - 1] = -max(-gains[k - 1], gains[k])
    return max(gains[0], 0)


def _targets(pos: Position, vals) -> list:
    """The stacks whose safety the evaluation weighs: every non-royal stack off its setup square (a
    moved, dropped or stacked piece, on any board) but a lone pawn; the setup pieces still at home
    guard each other and are left to the search.  ``[(cell, side, value)]``; bounded by the cells that changed."""
    out = []
    for c, st in pos.cells.items():
        t = _target_of(st, vals)  # a lone pawn (one point) is left to the quiescence search
        if t is not None:
            out.append((c, t[0], t[1]))
    return out


_OFF = ()  # the padding around a grid: off the board
_TEMPLATES: dict = {}


def _board_grid(pos: Position, rest: tuple, cells: list | None = None) -> tuple[list, int]:
    """The plane with higher coordinates ``rest`` (``(1,)``: the main plane) as a flat list
    (``None`` for an empty square, the stack otherwise, the padding of two squares around it
    ``_OFF``) and its column height: square (x, y) is at ``(x + 1) * h + y + 1``.  Built from a
    template of the default content (the setup arrangement on the main plane, crowded pawns
    elsewhere) plus the position's changed cells of that plane."""
    tpl, h = _board_template(pos, rest)
    grid = tpl[:]
    if cells is None:
        n = len(rest)
        cells = [(c, st) for c, st in pos.cells.items() if len(c) == n + 2 and c[2:] == rest]
    for c, st in cells:
        grid[(c[0] + 1) * h + c[1] + 1] = st or None
    return grid, h


def _board_template(pos: Position, rest: tuple) -> tuple[list, int]:
    """The grid of the default content of the board ``rest`` (:func:`_board_grid`; shared, never
    written) and its column height."""
    sx, sy = pos.rules.size[0], pos.rules.size[1]
    h = sy + 4
    main = rest == (1,)
    key = (id(pos.rules), id(pos.base), pos.fill, main)
    got = _TEMPLATES.get(key)
    if got is None or got[0] is not pos.base or got[1] is not pos.rules:
        probe = (1,) if main else (2,)
        tpl: list = [_OFF] * ((sx + 4) * h)
        for x in range(1, sx + 1):
            for y in range(1, sy + 1):
                tpl[(x + 1) * h + y + 1] = pos.default((x, y) + probe) or None
        if len(_TEMPLATES) > 16:
            _TEMPLATES.clear()
        got = _TEMPLATES[key] = (pos.base, pos.rules, tpl)
    return got[2], h


def _grid_after(pos: Position, parent: tuple, rest: tuple, changed) -> tuple[list, int]:
    """:func:`_board_grid` of ``pos`` from ``parent``, the ``(grid, h)`` of that board in a
    position that differs from ``pos`` only in the cells ``changed``: a copy with those cells
    written (a cell back to its default content reads the template, as a fresh grid does)."""
    grid, h = parent
    grid = grid[:]
    get = pos.cells.get
    tpl = None
    for c in changed:
        if c[2:] == rest:
            i = (c[0] + 1) * h + c[1] + 1
            st = get(c)
            if st is None:
                if tpl is None:
                    tpl = _board_template(pos, rest)[0]
                grid[i] = tpl[i]
            else:
                grid[i] = st or None
    return grid, h


def _lone_capturers(pos: Position, c, side: str, table: tuple, vals) -> list:
    """:func:`_grid_capturers` on a board whose only changed cell is ``c``: there the other squares
    hold the default crowded pawns (C20), so only a pawn's capture can reach ``c``."""
    out = []
    for dx, dy, _reach, types, _any_hop in table:
        r = types.get("pawn")
        if r is None or r[0] < 1:
            continue
        st = pos.default((c[0] - dx, c[1] - dy) + c[2:])
        if st and st[0].side == side and st[0].type == "pawn":
            out.append(vals["pawn"])
    return out


_PLANS: dict = {}


def _grid_plan(table: tuple, h: int) -> tuple:
    """:func:`_table` laid out for a grid of column height ``h``: the one-square directions as
    ``(index offset, types)`` and the longer ones as ``(index offset, reach, types, any_hop)``."""
    key = (id(table), h)
    got = _PLANS.get(key)
    if got is not None and got[0] is table:  # the table itself is kept, so its id is not reused meanwhile
        return got[1]
    short = tuple((dx * h + dy, types) for dx, dy, reach, types, _hop in table if reach == 1)
    long_ = tuple((dx * h + dy, reach, types, hop) for dx, dy, reach, types, hop in table if reach != 1)
    if len(_PLANS) > 64:
        _PLANS.clear()
    _PLANS[key] = (table, (short, long_))
    return short, long_


def _capturer_value(st, types: dict, k: int, hop: bool, vals) -> int:
    """The value of the stack ``st`` as a capturer from ``k`` squares away (``hop``: over one
    screen), 0 if none of its pieces captures from there; a king counts ``KING_ATTACKER``."""
    for p in st:
        r = types.get(p.type)
        if r is not None and r[1 if hop else 0] >= k:
            v = 0
            for q in st:
                if q.type == "king":
                    return KING_ATTACKER
                v += vals[q.type]
            return v
    return 0


def _grid_capturers(grid: list, h: int, i0: int, side: str, table: tuple, vals) -> list:
    """The values of ``side``'s stacks that could capture on square index ``i0`` of a board's grid
    (:func:`_board_grid`; as :func:`attackers`, cannons by hopping), ascending; a king counts
    ``KING_ATTACKER``."""
    out = []
    short, long_ = _grid_plan(table, h)
    for d, types in short:  # leapers (and one-step rays): one square
        st = grid[i0 - d]
        if st is None or st is _OFF or st[0].side != side:
            continue
        v = _capturer_value(st, types, 1, False, vals)
        if v:
            out.append(v)
    for d, reach, types, any_hop in long_:
        i, k, found = i0, 0, 0
        while k < reach:
            i -= d
            k += 1
            st = grid[i]
            if st is None:
                continue
            if st is _OFF:
                break
            found += 1
            if st[0].side == side:
                v = _capturer_value(st, types, k, found > 1, vals)
                if v:
                    out.append(v)
            if found >= 2 or not any_hop:
                break
    out.sort()
    return out


_WALKS: dict = {}


def _walks(rules, h: int, i0: int) -> tuple:
    """The capture rays into square index ``i0`` of a board's grid (:func:`_board_grid`, column
    height ``h``) for both sides at once: per direction of :func:`_table` (the same directions for
    both sides, or their union), ``(grid indices from i0 outwards up to the reach or the board's
    edge, white's types, black's types, any hop)``; kept per ruleset, grid and square."""
    key = (rules.fingerprint, h)  # a value key: equal rulesets share the walks (issue 20)
    got = _WALKS.get(key)
    if got is None:
        if len(_WALKS) > 16:
            _WALKS.clear()
        got = _WALKS[key] = {}
    at = got.get(i0)
    if at is not None:
        return at
    sx, sy = rules.size[0], rules.size[1]
    x0, y0 = i0 // h - 1, i0 % h - 1
    dirs: dict = {}
    for side in ("white", "black"):
        for dx, dy, reach, types, hop in _table(rules, side):
            e = dirs.setdefault((dx, dy), [0, {}, {}, False])
            e[0] = max(e[0], reach)
            e[1 if side == "white" else 2] = types
            e[3] = e[3] or hop
    out = []
    for (dx, dy), (reach, tw, tb, hop) in sorted(dirs.items()):
        idx = []
        x, y, k = x0 - dx, y0 - dy, 1
        while k <= reach and 1 <= x <= sx and 1 <= y <= sy:
            idx.append((x + 1) * h + y + 1)
            x -= dx
            y -= dy
            k += 1
        if idx:
            out.append((tuple(idx), tw, tb, hop))
    at = got[i0] = tuple(out)
    return at


def _grid_both(grid: list, walks: tuple, vals) -> tuple[list, list]:
    """:func:`_grid_capturers` of both sides in one walk of the rays (:func:`_walks`): the values
    of the white and of the black stacks that could capture on the square, each ascending.  A
    side's types are asked about every stack it meets; a square beyond a side's own reach or a
    hop it does not make gives nothing (``test_one_walk_finds_the_capturers_of_both_sides``)."""
    white: list = []
    black: list = []
    for idx, tw, tb, hop in walks:
        found = 0
        k = 0
        for i in idx:
            k += 1
            st = grid[i]
            if st is None:
                continue
            found += 1
            p0 = st[0]
            white_side = p0.side == "white"
            types = tw if white_side else tb
            if types:
                # _capturer_value, inlined (the hot loop of the evaluation)
                j = 1 if found > 1 else 0
                for p in st:
                    r = types.get(p.type)
                    if r is not None and r[j] >= k:
                        v = 0
                        for q in st:
                            if q.type == "king":
                                v = KING_ATTACKER
                                break
                            v += vals[q.type]
                        if v:
                            (white if white_side else black).append(v)
                        break
            if found >= 2 or not hop:
                break
    white.sort()
    black.sort()
    return white, black


_DELTAS: dict = {}


def _capture_deltas(rules) -> dict:
    """Every offset (dx, dy) on one board from which a stack of either side could capture, up to
    the board's size along each ray of :func:`_table`, both ways, with the rays that reach it:
    ``{(dx, dy): ((ux, uy, k, screens), ...)}`` (the offset is ``k`` steps ``(ux, uy)``; ``screens``
    unchanged pieces between hide it: 1, or 2 for a direction with a cannon's hop), and (0, 0)
    with no ray: a cell changed at such an offset from a square may change the exchange on it."""
    key = rules.fingerprint
    got = _DELTAS.get(key)
    if got is not None:
        return got
    span = max(rules.size[0], rules.size[1])
    out: dict = {(0, 0): ()}
    for side in ("white", "black"):
        for dx, dy, reach, _types, hop in _table(rules, side):
            for ux, uy in ((dx, dy), (-dx, -dy)):
                for k in range(1, min(reach, span) + 1):
                    rays = out.setdefault((k * ux, k * uy), ())
                    ray = (ux, uy, k, 2 if hop else 1)
                    if ray not in rays:
                        out[(k * ux, k * uy)] = rays + (ray,)
    if len(_DELTAS) > 64:
        _DELTAS.clear()
    got = _DELTAS[key] = out
    return got


def _seen_from(pos: Position, c, changed_at, deltas: dict, written) -> bool:
    """Could the change of cell ``changed_at`` (same board as ``c``) alter who captures on ``c``?
    Yes when a capture ray through ``c`` reaches it without ``screens`` unchanged pieces in
    between (a leaper's square, or an open line); ``(0, 0)`` (the cell itself) always."""
    x, y, rest = c[0], c[1], c[2:]
    rays = deltas.get((changed_at[0] - x, changed_at[1] - y))
    if rays is None:
        return False
    if not rays:
        return True
    get, default = pos.cells.get, pos.default
    for ux, uy, k, screens in rays:
        n = 0
        for j in range(1, k):
            q = (x + j * ux, y + j * uy) + rest
            if q in written:
                continue
            st = get(q)
            if st is None:
                st = default(q)
            if st:
                n += 1
                if n >= screens:
                    break
        else:
            return True
    return False


def exchanges(pos: Position) -> dict:
    """Per side, the static exchange values (points, > 0 only) of capturing the other side's
    weighed stacks (:func:`_targets`), largest first, and the largest value it can capture at all
    (any exchange: for C16, where the capture itself may end the game)."""
    return exchange_table(pos)[0]


def _target_of(st, vals) -> tuple | None:
    """``(side, value)`` of a stack the evaluation weighs (:func:`_targets`), else None."""
    if not st:
        return None
    p0 = st[0]
    if p0.type in ("king", "prince") or (len(st) == 1 and p0.type == "pawn"):
        return None
    v = 0
    for p in st:
        v += vals[p.type]
    return p0.side, v


def exchange_table(
    pos: Position, prev: dict | None = None, changed=(), prev_grids: dict | None = None, grids: dict | None = None
) -> tuple[dict, dict]:
    """:func:`exchanges` and the exchange of every weighed stack (``{cell: None | (capturing
    side, value, gain)}``, None: nobody attacks it).  ``prev``: that table of a position that
    differs from ``pos`` only in the cells ``changed`` (the search's parent node): the weighed
    stacks are its stacks but those on changed cells, and those on changed cells that are weighed
    now; a stack on the main board keeps its entry when no changed cell of the main board lies on
    one of the capture rays through it (:func:`_capture_deltas`), a stack on another board when no
    cell of its board changed (issue 18: a turn changes a few cells, the exchanges of the others
    are the parent's; ``test_incremental_exchanges_equal_a_full_scan``).

    ``prev_grids``: that position's board grids, ``{board: (grid, h, since)}``: the grid
    (:func:`_board_grid`) of a position that differs from that one in the cells ``since``; this
    position's are derived from them (:func:`_grid_after`) where a target needs one, and handed on
    unbuilt (the cells ``changed`` added to ``since``) where none does.  ``grids``: a dict that
    receives this position's."""
    rules = pos.rules
    vals = _values(rules)
    out: dict = {"white": [0, []], "black": [0, []]}
    table: dict = {}
    if grids is None:
        grids = {}
    if prev_grids:
        step = tuple(changed)
        for rest, e in prev_grids.items():
            grids[rest] = (e[0], e[1], e[2] + step)
    if prev is None:
        targets = _targets(pos, vals)
    else:
        deltas = _capture_deltas(rules)
        written = dict.fromkeys(changed)
        main_near = [(c[0], c[1]) for c in changed if len(c) == 3 and c[2] == 1]  # the main board's
        other_boards = {c[2:] for c in changed if len(c) != 3 or c[2] != 1}
        cells = pos.cells
        targets = []
        for c, e in prev.items():
            if c in written:
                continue
            if len(c) == 3 and c[2] == 1:  # the main board: a changed cell on a capture ray through c
                x, y = c[0], c[1]
                for cx, cy in main_near:
                    if (cx - x, cy - y) in deltas and _seen_from(pos, c, (cx, cy), deltas, written):
                        hit = True
                        break
                else:
                    hit = False
            else:  # another board: any changed cell of that board
                hit = c[2:] in other_boards
            if hit:
                t = _target_of(cells[c], vals)
                if t is not None:  # always: the stack is the parent's
                    targets.append((c, t[0], t[1]))
            else:
                table[c] = e
                if e is not None:
                    rec = out[e[0]]
                    if e[1] > rec[0]:
                        rec[0] = e[1]
                    if e[2] > 0:
                        rec[1].append(e[2])
        for c in written:
            st = cells.get(c)  # a changed cell back to its default content is not among the cells
            t = _target_of(st, vals) if st is not None else None
            if t is not None:  # a weighed stack stands on a changed cell
                targets.append((c, t[0], t[1]))
    if not targets:
        for rec in out.values():
            rec[1].sort(reverse=True)
        return out, table
    by_board: dict = {}  # the changed cells of each board a target stands on
    sy = rules.size[1]
    for c, side, v in targets:
        opp = other(side)
        rest = c[2:]
        mine = by_board.get(rest)
        if mine is None and rest != (1,):  # (the main board's: only for a fresh grid)
            mine = by_board[rest] = [(q, st) for q, st in pos.cells.items() if q[2:] == rest]
        if mine is not None and len(mine) == 1 and rest != (1,) and 1 < c[0] < rules.size[0] and 1 < c[1] < sy:
            att = _lone_capturers(pos, c, opp, _table(rules, opp), vals)
            if not att:
                table[c] = None
                continue
            dfn = _lone_capturers(pos, c, side, _table(rules, side), vals)
        else:
            got = grids.get(rest)
            if got is None:
                if mine is None:
                    mine = by_board[rest] = [(q, st) for q, st in pos.cells.items() if q[2:] == rest]
                grid, h = _board_grid(pos, rest, mine)
                grids[rest] = (grid, h, ())
            elif got[2]:  # an ancestor's grid and the cells changed since
                grid, h = _grid_after(pos, (got[0], got[1]), rest, got[2])
                grids[rest] = (grid, h, ())
            else:
                grid, h = got[0], got[1]
            w, b = _grid_both(grid, _walks(rules, h, (c[0] + 1) * h + c[1] + 1), vals)
            att, dfn = (b, w) if side == "white" else (w, b)
            if not att:
                table[c] = None
                continue
        rec = out[opp]
        if v > rec[0]:
            rec[0] = v
        g = swap_gain(v, att, dfn)
        table[c] = (opp, v, g)
        if g > 0:
            rec[1].append(g)
    for rec in out.values():
        rec[1].sort(reverse=True)
    return out, table


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
    hits["danger"] = ko == 2 or ho_threats > 0  # the search's in_danger, known from here
    threats = ho_threats + (ko == 2) + _c16_capture(sc, o, ex[o][0])
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
