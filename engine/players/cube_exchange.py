"""Static exchanges for the cube-chess evaluation (split out of :mod:`.cube_eval`, issue 18).

What each side can capture where, and what a capture there wins: the capture-direction table of a
ruleset (any Betza pattern), board grids (a plane as a flat list, padded so that no ray walk checks
its bounds) derived from a parent position's grids where a search has them, the capturers of both
sides found in one walk of the rays, and :func:`swap_gain`, the static exchange on one square.
:func:`exchange_table` is what :mod:`.cube_eval` weighs (docs/AI.md, "Cube chess: evaluation").
"""

from __future__ import annotations

from ..core.caches import remember
from ..cube.position import Position, other

KING_ATTACKER = 50  # a king's worth as a capturer in a static exchange: it is never given away

_TABLES: dict = {}


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
    return remember(_TABLES, key, tuple(out))


_VALUES: dict = {}


def _values(rules) -> dict:
    """Piece values by type (kept per ruleset; read-only for callers)."""
    key = rules.fingerprint
    got = _VALUES.get(key)
    if got is None:
        got = remember(_VALUES, key, {n: p.value for n, p in rules.pieces.items()})
    return got


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
        got = remember(_TEMPLATES, key, (pos.base, pos.rules, tpl), 16)
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
    remember(_PLANS, key, (table, (short, long_)))
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
        got = remember(_WALKS, key, {}, 16)
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
    return remember(_DELTAS, key, out)


def fewer_screens(pos: Position, x: int, y: int, ux: int, uy: int, k: int, rest: tuple, skip, screens: int) -> bool:
    """Do fewer than ``screens`` pieces stand strictly between ``(x, y)`` and ``(x + k*ux, y + k*uy)``
    on the board ``rest``, the cells in ``skip`` (changed ones) not counted?  (1 screen blocks a
    ray, 2 also a cannon's hop.)"""
    get, default = pos.cells.get, pos.default
    n = 0
    for j in range(1, k):
        q = (x + j * ux, y + j * uy) + rest
        if q in skip:
            continue
        st = get(q)
        if st is None:
            st = default(q)
        if st:
            n += 1
            if n >= screens:
                return False
    return True


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
    for ux, uy, k, screens in rays:
        if fewer_screens(pos, x, y, ux, uy, k, rest, written, screens):
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
