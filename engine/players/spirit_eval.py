"""Static evaluation of spirit-chess positions (docs/AI.md, "Spirit chess").

From the side to move's view, in centi-points, with the weights of ``eval_weights.toml``
(``[spirit]``): material with levels; the sect guarded by its own formations' zone; the approach of
movable pieces to the enemy sect; a win on the spot when the side to move can take the unguarded
enemy sect (S3) and a penalty when the other side can; **formation immunity** (issue 18: a piece
inside its own formations' zone cannot be taken there -- a higher enemy may not end there, H3, a
lower or equal one is captured on entering, S11); **reach** (an enemy movable piece within its step
count, raised by one level as its turn allows, S13, that out-levels a piece or reaches a formation
captures it, S10, S12: the side to move may take the best such piece, the other side threatens
one); and **mobility** (free squares next to each movable piece).  Geometric approximations, cheap
beside the engine's ``legal_paths``: the search only plays turns the engine accepts.
"""

from __future__ import annotations

from ..spirit.position import KING_DIRS, SpiritPiece, SpiritPosition, other, step_budget, zone_level
from ..spirit.rules import SIDES
from ..spirit.zones import Zones, neighbours
from .weights import WEIGHTS

_W = WEIGHTS["spirit"]
VALUE = {
    k: float(_W[k]) * float(_W["material_scale"])
    for k in ("master", "vicemaster", "elder", "protector", "disciple", "formation")
}
VALUE["sect"] = 0.0
OTHER = float(_W["other"])
LEVEL = float(_W["level"])
GUARDED = float(_W["guarded"])
THREAT_WIN = float(_W["threat_win"])
THREAT_AGAINST = float(_W["threat_against"])
APPROACH = float(_W["approach"])
IMMUNE = float(_W["immune"])
REACH_GAIN = float(_W["reach_gain"])
EXPOSED = float(_W["exposed"])
EXPOSED2 = float(_W["exposed2"])
MOBILITY = float(_W["mobility"])
#: the reach terms cost most of the evaluation (a flood per protector of unlimited range): skipped
#: while their weights are all 0 (:func:`_reach_on`, read at each call: tests change the weights)
_NO_REACH: dict = {"white": [[], 0], "black": [[], 0]}


def _reach_on() -> bool:
    return bool(IMMUNE or REACH_GAIN or EXPOSED or EXPOSED2)


def cheb(a, b) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def sect_of(pos: SpiritPosition, side: str):
    for c, p in pos.pieces.items():
        if p.side == side and pos.rules.pieces[p.type].royal:
            return c
    return None


def flood(pos: SpiritPosition, origin, side: str, level: int, diagonal: bool, zones: Zones | None = None) -> set:
    """The enemy pieces a mover of unlimited range (S7: a protector from level 3) on ``origin`` can
    end on: every square it reaches over empty squares (diagonal steps for a diagonal mover, the
    direction free at every step, each square once, H2), not through a square where an enemy zone
    would catch it (S11, its level ``level`` plus its own formations there), and the enemy pieces
    next to them.  Issue 18, session 5: before, only a piece on a straight clear diagonal counted,
    while a raised protector zigzags across the board and took pieces the evaluation thought safe."""
    rules = pos.rules
    pieces = pos.pieces
    if zones is None:
        zones = Zones(rules, pieces)
    around = neighbours(rules, diagonal)
    at = zones.at
    get = pieces.get
    mine = 0 if side == SIDES[0] else 1
    seen = {origin}
    todo = [origin]
    hits = set()
    while todo:
        for nb in around[todo.pop()]:
            if nb in seen:
                continue
            seen.add(nb)
            q = get(nb)
            if q is not None:
                if q.side != side:
                    hits.add(nb)
                continue
            v = at(nb)
            if v is not None and v[1 - mine] > 0 and level + v[mine] <= v[1 - mine]:
                continue  # caught on entering (S11): no path goes on from here
            todo.append(nb)
    return hits


def _reaches(pos: SpiritPosition, c, n, diagonal: bool, target) -> bool:
    """Could a mover on ``c`` with step count ``n`` (not None: :func:`flood` answers for a mover of
    unlimited range) end on ``target`` (geometry only: the distance, the colour of a diagonal
    mover, a free neighbour of the target for the last step)?"""
    d = cheb(c, target)
    if diagonal and (c[0] + c[1]) % 2 != (target[0] + target[1]) % 2:
        return False
    if not (d == 1 if n == 1 else 1 <= d <= n):
        return False
    if n == 1:
        return True
    pieces = pos.pieces
    for dx, dy in KING_DIRS:
        q = (target[0] + dx, target[1] + dy)
        if q == c or q not in pieces:
            return True
    return False


def sect_threat(pos: SpiritPosition, side: str) -> bool:
    """Could ``side`` move a piece onto the enemy sect next turn and take it (S3)?  An evaluation
    heuristic (the search itself only plays turns the engine accepts): a sect inside its own
    formations' zone is safe (H3 forbids a higher mover, S11 captures the others); otherwise a piece
    raised by the turn's level-up (S13) within its exact step count of it (on a free neighbour for
    the last step), or of unlimited range and reaching it (:func:`flood`: a protector raised to
    level 3, S7), threatens it."""
    target = sect_of(pos, other(side))
    if target is None:
        return False
    rules = pos.rules
    if zone_level(rules, pos.pieces, other(side), target) > 0:
        return False
    for c, p in pos.pieces.items():
        if p.side != side:
            continue
        k = rules.pieces[p.type]
        if not k.movable or k.formation:
            continue
        if _threatens(pos, c, p, k.diagonal, target):
            return True
    return False


def _threatens(pos: SpiritPosition, c, p: SpiritPiece, diagonal: bool, target) -> bool:
    """:func:`sect_threat`'s test of one movable piece ``p`` on ``c``: raised by the turn's level-up
    (S13), can it end on ``target``?"""
    n = step_budget(pos.rules, SpiritPiece(p.type, p.side, p.level + 1))
    if n is None:
        return (not diagonal or (c[0] + c[1]) % 2 == (target[0] + target[1]) % 2) and target in flood(
            pos, c, p.side, p.level + 1, diagonal
        )
    return _reaches(pos, c, n, diagonal, target)


def _value(p: SpiritPiece) -> float:
    return VALUE.get(p.type, OTHER) + LEVEL * p.level


def fight(pos: SpiritPosition, levelup, origin, end) -> float:
    """What the side to move wins (> 0) or loses (< 0) on ``end`` with the mover from ``origin``
    after the level-up on ``levelup`` (S13), by the rules of the end square: an enemy formation
    there is taken whatever the levels (S12); an enemy zone around it whose summed level is at least
    the mover's effective level captures the mover (S11; the engine's paths end there, and H3 keeps
    a higher mover out); otherwise the higher effective level wins the fight, the defender dying at
    equal level (S10, H5).  0 for a quiet end.  Used to order candidates before they are applied
    (issue 18, session 5: every end on an enemy piece used to rank as a capture, so a disciple's
    suicide onto a protector came before the protector's recapture and pushed it out of the
    candidates a node applies)."""
    rules = pos.rules
    pieces = pos.pieces
    mover = pieces[origin]
    side = mover.side
    enemy = other(side)
    kinds = rules.pieces
    lm = mover.level + (levelup == origin)
    boost = 0
    z = 0
    ex, ey = end
    for dx, dy in KING_DIRS:  # the formations around the end square (the mover's own square excluded)
        c = (ex + dx, ey + dy)
        p = pieces.get(c)
        if p is None or c == origin or not kinds[p.type].formation:
            continue
        if p.side == side:
            boost += p.level + (levelup == c)
        else:
            z += p.level
    if not kinds[mover.type].formation:
        lm += boost
    q = pieces.get(end)
    gain = 0.0
    if q is not None and q.side == enemy and kinds[q.type].formation:
        gain, q = _value(q), None  # S12 first
    if z > 0 and lm <= z:
        return gain - _value(SpiritPiece(mover.type, side, lm - (boost if not kinds[mover.type].formation else 0)))
    if q is None or q.side != enemy:
        return gain
    if kinds[q.type].royal:
        return THREAT_WIN
    ld = q.level + z
    if lm > ld or (lm == ld and rules.equal_level_captured == "defender"):
        return _value(q)
    return -_value(SpiritPiece(mover.type, side, lm - (boost if not kinds[mover.type].formation else 0)))


def reach(pos: SpiritPosition) -> dict:
    """Per side, the values of the other side's pieces (not the sect: :func:`sect_threat`) that one
    of its movable pieces could take next turn, largest first, and the number of its own pieces
    immune inside its own formations' zone."""
    rules = pos.rules
    kinds = rules.pieces
    pieces = pos.pieces
    out: dict = {"white": [[], 0], "black": [[], 0]}
    movers: dict = {"white": [], "black": []}
    zones = None
    for c, p in pieces.items():
        k = kinds[p.type]
        if k.movable and not k.formation:
            raised = SpiritPiece(p.type, p.side, p.level + 1)
            n = step_budget(rules, raised)
            hits = None
            if n is None:
                if zones is None:
                    zones = Zones(rules, pieces)
                hits = flood(pos, c, p.side, p.level + 1, k.diagonal, zones)
            movers[p.side].append((c, p.level + 1, n, k.diagonal, hits))
    for c, p in pieces.items():
        k = kinds[p.type]
        if k.royal:
            continue
        side = p.side
        if not k.formation and zone_level(rules, pieces, side, c) > 0:
            out[side][1] += 1  # immune: a higher enemy may not end here (H3), a lower one dies entering (S11)
            continue
        x, y = c
        for a, alevel, n, diagonal, hits in movers[other(side)]:
            if n is None:
                if c not in hits:
                    continue
            elif abs(a[0] - x) > n or abs(a[1] - y) > n:
                continue  # out of its step count (the cheap test first: most pairs are far apart)
            # S12: any enemy reaching a formation takes it; S10, H5: the higher or equal level wins
            if (k.formation or alevel >= p.level) and (n is None or _reaches(pos, a, n, diagonal, c)):
                out[other(side)][0].append(_value(p))
                break
    for rec in out.values():
        rec[0].sort(reverse=True)
    return out


def _mobility(pos: SpiritPosition, side: str) -> int:
    kinds = pos.rules.pieces
    pieces = pos.pieces
    sx, sy = pos.rules.size
    n = 0
    for c, p in pieces.items():
        if p.side != side or not kinds[p.type].movable or kinds[p.type].formation:
            continue
        for dx, dy in KING_DIRS:
            q = (c[0] + dx, c[1] + dy)
            if 1 <= q[0] <= sx and 1 <= q[1] <= sy and q not in pieces:
                n += 1
    return n


def evaluate_reference(pos: SpiritPosition) -> float:
    """:func:`evaluate` term by term, as written before issue 18's speed pass: the reference the
    tests compare the fast evaluation with (equal floats on every position)."""
    s = pos.to_move
    o = other(s)
    if sect_threat(pos, s):
        return THREAT_WIN
    rules = pos.rules
    kinds = rules.pieces
    sects = {s: sect_of(pos, s), o: sect_of(pos, o)}
    rc = reach(pos) if _reach_on() else _NO_REACH
    e = 0.0
    for side, sign in ((s, 1.0), (o, -1.0)):
        target = sects[other(side)]
        tx, ty = target if target is not None else (0, 0)
        acc = 0.0
        for c, p in pos.pieces.items():
            if p.side != side:
                continue
            acc += VALUE.get(p.type, OTHER) + LEVEL * p.level
            if target is not None and kinds[p.type].movable:
                d = max(abs(c[0] - tx), abs(c[1] - ty))
                if d < 18:
                    acc += APPROACH * (18 - d)
        at = sects[side]
        if at is not None and zone_level(rules, pos.pieces, side, at) > 0:
            acc += GUARDED
        acc += IMMUNE * rc[side][1] + (MOBILITY * _mobility(pos, side) if MOBILITY else 0.0)
        e += sign * acc
    gain = rc[s][0]
    loss = rc[o][0]
    if gain:
        e += REACH_GAIN * gain[0]
    if loss:
        e -= EXPOSED * loss[0] + (EXPOSED2 * loss[1] if len(loss) > 1 else 0.0)
    if sect_threat(pos, o):
        e -= THREAT_AGAINST
    return e


def evaluate(pos: SpiritPosition, sects: tuple | None = None) -> float:
    """The static value for the side to move (centi-points); equal, float for float, to
    :func:`evaluate_reference` (issue 18's speed pass): one pass over the pieces gives both sides'
    material and approach (each side's sum in the same order of additions) and both sect threats
    (:func:`sect_threat`: a piece within its step count of the enemy sect, then :func:`_reaches`),
    each sect's zone is read once, and the reach and mobility scans are skipped while their weights
    are 0 (a term of weight 0 adds exactly 0.0 to a sum that starts at +0.0).  ``sects``: white's
    and black's sect squares (:func:`sect_of`) when the caller knows them."""
    s = pos.to_move
    rules = pos.rules
    kinds = rules.pieces
    pieces = pos.pieces
    if sects is None:
        sects = (sect_of(pos, "white"), sect_of(pos, "black"))
    sect_s, sect_o = sects if s == "white" else sects[::-1]
    o = other(s)
    # each sect inside its own formations' zone: guarded, and no threat against it (sect_threat)
    guard_s = sect_s is not None and zone_level(rules, pieces, s, sect_s) > 0
    guard_o = sect_o is not None and zone_level(rules, pieces, o, sect_o) > 0
    # per side (0: the side to move, 1: the other): the sect its pieces approach and may threaten
    targets = (sect_o, sect_s)
    open_ = (sect_o is not None and not guard_o, sect_s is not None and not guard_s)
    threat = [False, False]
    sums = [0.0, 0.0]  # each side's sum, its additions in the order of the pieces
    value, other_value, level, approach = VALUE.get, OTHER, LEVEL, APPROACH
    for c, p in pieces.items():
        k = kinds[p.type]
        i = 0 if p.side == s else 1
        a = sums[i] + (value(p.type, other_value) + level * p.level)
        target = targets[i]
        if target is not None and k.movable:
            d = max(abs(c[0] - target[0]), abs(c[1] - target[1]))
            if d < 18:
                a += approach * (18 - d)
            if open_[i] and not threat[i] and not k.formation and _threatens(pos, c, p, k.diagonal, target):
                threat[i] = True
        sums[i] = a
    if threat[0]:
        return THREAT_WIN
    acc_s, acc_o = sums
    rc = reach(pos) if _reach_on() else None
    e = 0.0
    for side, sign, acc, guarded in ((s, 1.0, acc_s, guard_s), (o, -1.0, acc_o, guard_o)):
        if guarded:
            acc += GUARDED
        if rc is not None or MOBILITY:
            acc += IMMUNE * (rc[side][1] if rc is not None else 0) + MOBILITY * (
                _mobility(pos, side) if MOBILITY else 0
            )
        e += sign * acc
    if rc is not None:
        gain = rc[s][0]
        loss = rc[o][0]
        if gain:
            e += REACH_GAIN * gain[0]
        if loss:
            e -= EXPOSED * loss[0] + (EXPOSED2 * loss[1] if len(loss) > 1 else 0.0)
    if threat[1]:
        e -= THREAT_AGAINST
    return e
