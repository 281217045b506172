"""Bounded candidate turns for cube chess (docs/AI.md, "Candidate generation").

The legal turn space of cube chess is infinite: drops on any square of any board, hyper-jumps into
any dimension, and every pair of companion actions.  A player needs a finite, principled subset.
Every list here is bounded and built in a fixed order from the position's content (origins sorted
by coordinate), so it does not depend on dict insertion order.

* **Origins** (what is near the action): every own piece on the finite part of the board (the setup
  arrangement and every changed cell, on any board), plus the own crowded pawns that can capture
  an enemy piece of the finite part (diagonally behind it).  The untouched crowded pawns of the
  infinitely many other boards are left out: they are all alike and far from both kings.
* **First actions** come from the engine's own ``legal_actions`` (moves, captures, C3 facing
  captures, 3-D jumps, hyper-jumps, splits, promotions); a displacement onto own pieces gets its
  ``Stack`` (C15 price checked by the engine).  3-D jumps and hyper-jumps are kept for the royals,
  for pieces off the main plane and for hyper-jumps that bring a piece closer to the enemy king's
  board; hyper-jumps up to ``horizon`` (the highest dimension in use + 1, at least 4; C7: a royal
  parked on any board finds its way home).
* **Second actions** (where the grammar allows, G4): a pawn reaching its promotion line promotes to
  queen or brother (C36, G8); a jump or hyper-jump of a royal may be followed by its planar steps,
  or by the hyper-jump or jump that lands on an enemy home square (C23);
  a split (C43) takes one kind of piece off a stack and its part makes a capture or one of a few moves;
  a royal's step followed by a 3-D jump or hyper-jump that lands on an enemy home square (C5, C7).
* **Drops** (C11-C13, prices with the green surcharge paid by the engine): blocking squares on the
  lines along which the enemy attacks our king or faces it (C3), cheapest piece first (a pawn);
  rook, bishop and knight drops that attack the enemy king from up to three squares away, and,
  while either side is near the C16 line, on the nearest square of an open line outside the green
  area (C13: a point cheaper; on the promotion line also as a pawn dropped and promoted at once,
  G19); queen
  and brother drops only with a credit (C12, G9); a pawn on an own home square an enemy royal could
  walk onto (C5, C7), or on the square its two-action walk passes; pawns that attack the enemy's
  most valuable pieces (1 point each), or two of its pieces at once (a fork).
* **Tactical** turns (quiescence): captures and steps of a royal onto an enemy home square.
"""

from __future__ import annotations

from math import gcd

from ..core.caches import remember
from ..core.coords import plain
from ..core.errors import IllegalAction
from ..cube.actions import Drop, HyperJump, Jump, Promote, Stack, Turn, make_turn
from ..cube.grammar import facing_line_clear, promote_after_drop_error
from ..cube.legal import first_actions, split_displacements
from ..cube.position import Position, other
from ..cube.rules import TurnBuilder
from .cube_eval import C16_MARGIN, _distance, _ways, attackers, royal_reaches
from .cube_exchange import _values, fewer_screens

ROYALS = ("king", "prince")
KING_DIRS = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
KNIGHT = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
DROP_REACH = 3
SPLIT_MOVES = 4
ROYAL_SECOND = 6
HORIZON_CAP = 64  # far beyond any dimension a game reaches (each one adds two hyper-jumps per royal)
ATTACK_DROPS = 4  # enemy pieces (most valuable first) that cheap pawn drops may attack
WIN_FIRST = 1e6  # pre-score of a king capture or a step onto an enemy home square
_STACK = Stack()  # every Stack() is equal (no fields)


def horizon_of(pos: Position) -> int:
    """Highest dimension of the hyper-jumps tried: every dimension in use, plus one."""
    return min(HORIZON_CAP, max(4, pos.max_dimension() + 1))


def origins(pos: Position, sides: dict | None = None) -> list:
    """The origins of the candidate turns, sorted (``sides``: ``pos.pieces_by_side()`` if the
    caller has it)."""
    side = pos.to_move
    if sides is None:
        sides = pos.pieces_by_side()
    mine = {c for c, _ in sides[side]}
    crowd = pos._crowd
    if crowd is None:  # no crowded pawns: every own piece is among the changed cells or the setup
        return sorted(mine)
    # an own piece outside ``mine`` is a crowded pawn of the default fill (every setup square and
    # changed cell with own pieces is in ``mine``): it stands on one of the own crowded ranks
    lo, hi = (crowd[0], crowd[1]) if side == "white" else (crowd[2], crowd[3])
    fwd = 1 if side == "white" else -1
    in_board, get, default = pos.in_board, pos.cells.get, pos.default
    for c, _s in sides[other(side)]:
        y = c[1] - fwd
        if y < lo or y > hi:
            continue
        rest = c[2:]
        for o in ((c[0] + 1, y) + rest, (c[0] - 1, y) + rest):
            if o not in mine and in_board(o):
                st = get(o)
                if st is None:
                    st = default(o)
                if st and st[0].side == side:
                    mine.add(o)
    return sorted(mine)


def _planar(a, b) -> bool:
    return len(a) == len(b) and a[2:] == b[2:]


def _lands_on_own(pos: Position, to, side) -> bool:
    s = pos.cell(to)
    return bool(s) and s[0].side == side


def _value(vals: dict, stack) -> int:
    n = 0
    for p in stack:
        n += vals[p.type]
    return n


def _first_turns(pos: Position, o, stack, acts, horizon, tactical, out: list, vals: dict, homes: tuple) -> None:
    """Append ``(pre-score, turn)`` for the turns starting with the actions ``acts`` from ``o``.
    The pre-score orders candidates before they are applied: a king capture or a royal step onto
    an enemy home square first, then captures by victim value (cheapest mover first), promotions,
    quiet turns, hyper-jumps; drops by price (:func:`_drops`)."""
    side = pos.to_move
    rules = pos.rules
    royal = stack[0].type in ROYALS
    off_main = len(o) > 3 or o[2] != 1
    ek = pos.royals[other(side)]["king"]
    pawn = any(p.type == "pawn" for p in stack)
    mover = _value(vals, stack)
    get, default = pos.cells.get, pos.default
    d_o = _distance(o, ek) if ek is not None else 0
    for a in acts:
        k = a.kind
        if k == "capture":
            victim = get(a.to)
            if victim is None:
                victim = default(a.to)
            if any(p.type == "king" for p in victim):
                out.append((WIN_FIRST, make_turn(o, (a,))))
            else:
                out.append((1000.0 + 100.0 * _value(vals, victim) - mover, make_turn(o, (a,))))
            continue
        home = royal and k in ("move", "jump", "hyperjump") and a.to in homes
        if tactical:
            if home and k in ("move", "jump"):
                out.append((WIN_FIRST, make_turn(o, (a,))))
            continue
        if k in ("move", "jump", "hyperjump"):
            if k != "move" and not (royal or off_main) and (k == "jump" or ek is None or _distance(a.to, ek) >= d_o):
                continue
            score = WIN_FIRST if home else (-50.0 if k == "hyperjump" else 0.0)
            dest = get(a.to)
            if dest is None:
                dest = default(a.to)
            if dest and dest[0].side == side:
                out.append((score, make_turn(o, (a, _STACK))))
                continue
            out.append((score, make_turn(o, (a,))))
            if pawn and k == "move" and rules.beyond_promotion(side, a.to[1]):
                for t in ("queen", "brother"):
                    if t in rules.pieces["pawn"].promotes_to:
                        out.append((score + 900.0, make_turn(o, (a, Promote(t)))))
            if royal and k in ("jump", "hyperjump"):
                _royal_second(pos, o, a, horizon, out, score)
            elif royal and k == "move":
                _royal_home_jump(pos, o, a, out)
        elif k == "promote":
            out.append((900.0, make_turn(o, (a,))))
        elif k == "split" and len(a.take) >= 1 and len({t for t in a.take}) == 1:
            _split_turns(pos, o, a, horizon, out, vals, stack)


def _home_target(pos: Position, to) -> bool:
    opp = other(pos.to_move)
    return to in (pos.homes[opp]["king"], pos.homes[opp]["prince"])


def _options_after(pos: Position, o, first, horizon) -> list | None:
    """The turn machine's second actions after ``first`` from origin ``o`` (None: it refuses
    ``first``)."""
    try:
        b = TurnBuilder(pos, o, transactional=False)
        b.add(first)
        return b.options(horizon)
    except IllegalAction:
        return None


def _royal_second(pos: Position, o, first, horizon, out: list, score: float) -> None:
    every = _options_after(pos, o, first, horizon)
    if every is None:
        return
    opp = other(pos.to_move)
    goal = pos.homes[opp]["king"]
    homes = (goal, pos.homes[opp]["prince"])
    opts = [a for a in every if a.kind == "move"]
    opts.sort(key=lambda a: (_distance(a.to, goal), a.to))
    for a in opts[:ROYAL_SECOND]:
        out.append((WIN_FIRST if a.to in homes else score, Turn(o, (first, a))))
    for a in every:  # a 3-D jump and a hyper-jump in one turn onto a home square (C23, G4, C5, C7)
        if a.kind in ("jump", "hyperjump") and a.to in homes:
            out.append((WIN_FIRST, Turn(o, (first, a))))


def _royal_home_jump(pos: Position, o, step, out: list) -> None:
    """A royal's planar step followed by a 3-D jump or hyper-jump onto an enemy home square (C5,
    C7: the two-action walk home from a neighbouring plane or board)."""
    opp = other(pos.to_move)
    at = step.to
    for which in ("king", "prince"):
        home = pos.homes[opp][which]
        if home is None:
            continue
        n = max(len(at), len(home))
        a = list(at) + [1] * (n - len(at))
        h = list(home) + [1] * (n - len(home))
        diff = [i for i in range(n) if a[i] != h[i]]
        if len(diff) != 1 or diff[0] < 2 or abs(a[diff[0]] - h[diff[0]]) != 1:
            continue
        jump = Jump(home) if diff[0] == 2 else HyperJump(home)
        out.append((WIN_FIRST, Turn(o, (step, jump))))


def _split_turns(pos: Position, o, split, horizon, out: list, vals: dict, stack: tuple) -> None:
    opts = split_displacements(pos, o, stack, split.take)  # the turn machine's options, restricted
    if opts is None:  # (test_split_displacements_equal_the_turn_machines_options)
        opts = _options_after(pos, o, split, horizon)
        if opts is None:
            return
    ek = pos.royals[other(pos.to_move)]["king"]
    caps = [a for a in opts if a.kind == "capture"]
    moves = [a for a in opts if a.kind == "move" and not _lands_on_own(pos, a.to, pos.to_move)]
    if ek is not None:
        moves.sort(key=lambda a: (_distance(a.to, ek), a.to))
    part = sum(vals[t] for t in split.take)
    for a in caps:
        victim = pos.cell(a.to)
        if any(p.type == "king" for p in victim):
            out.append((WIN_FIRST, Turn(o, (split, a))))
        else:
            out.append((1000.0 + 100.0 * _value(vals, victim) - part, Turn(o, (split, a))))
    for a in moves[:SPLIT_MOVES]:
        out.append((0.0, Turn(o, (split, a))))


def _drops(pos: Position, out: list, sides: dict) -> None:
    side = pos.to_move
    opp = other(side)
    rules = pos.rules
    hireable = [n for n, p in rules.pieces.items() if p.hire == "unlimited"]
    credit = [n for n, p in rules.pieces.items() if p.hire == "credit" and pos.credits[side].get(n, 0) > 0]
    cheap = min(hireable, key=lambda n: (rules.pieces[n].value, n)) if hireable else None
    seen = set()

    def add(piece, c):
        if (piece, c) in seen or not pos.in_board(c) or pos.cell(c):
            return
        seen.add((piece, c))
        out.append((-10.0 * rules.pieces[piece].value, Turn(None, (Drop(piece, c),))))

    pawn = rules.pieces.get("pawn")
    promotable = set(pawn.promotes_to) if pawn is not None and pawn.hire == "unlimited" else set()

    def promoted(piece, c):
        # the same piece as a pawn dropped on the promotion line and promoted at once (G19, C31,
        # C36): the pawn's price, the piece's attack
        if piece not in promotable or not rules.beyond_promotion(side, c[1]):
            return
        if promote_after_drop_error(rules, piece) is None and ("promoted", piece, c) not in seen and not pos.cell(c):
            seen.add(("promoted", piece, c))
            out.append((-10.0 * pawn.value, Turn(None, (Drop("pawn", c), Promote(piece)))))

    # defence: block the lines along which the enemy attacks our king or faces it (C3)
    mk, ek = pos.royals[side]["king"], pos.royals[opp]["king"]
    if mk is not None and cheap is not None:
        lines = [(c, d, k) for c, d, k in attackers(pos, mk, opp) if k > 1]
        for _c, (dx, dy), k in lines:
            for j in range(1, k):
                add(cheap, (mk[0] - dx * j, mk[1] - dy * j) + tuple(mk[2:]))
        if ek is not None and facing_line_clear(pos, mk, ek):
            n = max(len(mk), len(ek))
            a = list(mk) + [1] * (n - len(mk))
            b = list(ek) + [1] * (n - len(ek))
            d = [y - x for x, y in zip(a, b)]
            m = max(abs(v) for v in d)
            step = [(v > 0) - (v < 0) for v in d]
            for j in range(1, min(m, 4)):
                sq = [x + s_ * j for x, s_ in zip(a, step)]
                while len(sq) > 3 and sq[-1] == 1:
                    sq.pop()
                add(cheap, tuple(sq))
    if cheap is not None:
        # defence: occupy an own home square an enemy royal could walk onto this turn (C5, C7)
        for which in ("king", "prince"):
            home = pos.homes[side][which]
            if home is not None and not pos.cell(home):
                for at in pos.royals[opp].values():
                    if at is not None and royal_reaches(at, home):
                        add(cheap, home)
                        for mid in _ways(at, home):  # or the square a two-action walk passes (off the
                            add(cheap, mid)  # green area it may cost a point less, C13)
    # attack: pieces dropped where they would capture the enemy king next turn
    sc = pos.scores
    tight = any(min(sc[x], sc[x] - sc[other(x)] / 2) < C16_MARGIN for x in (side, opp))  # a point decides (C16)
    if ek is not None:
        rest = tuple(ek[2:])
        kinds = {
            "rook": [d for d in KING_DIRS if not (d[0] and d[1])],
            "bishop": [d for d in KING_DIRS if d[0] and d[1]],
        }
        for piece, dirs in kinds.items():
            if piece not in hireable:
                continue
            for dx, dy in dirs:
                for j in range(1, max(rules.size) + 1):
                    c = (ek[0] + dx * j, ek[1] + dy * j) + rest
                    if not pos.in_board(c) or pos.cell(c):
                        break
                    if j > DROP_REACH:
                        if not tight:
                            break
                        if not rules.in_green(c):  # the nearest square of the open line outside the
                            add(piece, c)  # green area: a point cheaper (C13), and on the promotion
                            promoted(piece, c)  # line a pawn promoted at once is cheaper still (G19)
                            break
                    elif j >= 2 or attackers(pos, c, side, first=True):
                        add(piece, c)  # next to the king only where defended (issue 18: a drop that wins)
        if "knight" in hireable:
            for dx, dy in KNIGHT:
                add("knight", (ek[0] + dx, ek[1] + dy) + rest)
        for piece in credit:
            for dx, dy in KING_DIRS:
                c = (ek[0] + dx * 2, ek[1] + dy * 2) + rest
                add(piece, c)
    # attack: a cheap pawn that attacks one of the enemy's most valuable pieces (keeps the opponent
    # busy for one point: a capture of a pawn earns 1, C16)
    if "pawn" in hireable:
        vals = {n: p.value for n, p in rules.pieces.items()}
        valuable = sorted(
            ((-_value(vals, s), c) for c, s in sides[opp] if s[0].type not in ROYALS and _value(vals, s) > 2),
        )
        targets = valuable[:ATTACK_DROPS]
        if ek is not None:
            targets.insert(0, (0, ek))  # a pawn that attacks the king (issue 18: a one-point drop that wins)
        fwd = 1 if side == "white" else -1
        for _v, c in targets:
            for dx in (-1, 1):
                add("pawn", (c[0] + dx, c[1] - fwd) + tuple(c[2:]))
        # and a pawn that attacks two of them at once (a fork: one of them falls), whatever their rank
        at = {c for _v, c in valuable}
        for _v, c in valuable:
            if (c[0] + 2, c[1]) + tuple(c[2:]) in at:
                add("pawn", (c[0] + 1, c[1] - fwd) + tuple(c[2:]))


class GenCache:
    """The candidates of one position by origin (``(stack, [(pre-score, turn)], reach)``, the
    reach as :func:`_reach` gives it, less the ruleset), kept so that a position a turn or two away
    can reuse the origins the turns did not touch (incremental generation; :func:`scored_candidates`)."""

    __slots__ = ("by_origin", "key", "score")

    def __init__(self, key: tuple, score: int, by_origin: dict):
        self.key = key
        self.score = score
        self.by_origin = by_origin


_REACH: dict = {}  # (rules.fingerprint, side, types) -> (rules, leaper deltas, rider directions, screens that block)


def _reach(rules, side: str, stack) -> tuple:
    """Where a change of a cell can alter the actions of ``stack`` (``side``'s) on the same board:
    the deltas of its short rays (up to 8 steps) and every offset along its longer ones (on one
    board), each with its primitive direction;
    a split part moves with a subset of these rays, the whole stack with all of them (a superset
    is safe: it only regenerates more).  ``screens``: pieces in between that hide a cell (1, or 2
    for a group with a hopping ray, a cannon)."""
    key = (rules.fingerprint, side, tuple(p.type for p in stack))
    r = _REACH.get(key)
    if r is not None:
        return r
    near, dirs, hop = set(), set(), False
    for t in sorted({p.type for p in stack}):
        for ray in rules.pieces[t].rays[side]:
            hop = hop or ray.hop
            if ray.max_steps <= 8:
                for k in range(1, ray.max_steps + 1):
                    near.add((ray.dx * k, ray.dy * k))
            else:
                dirs.add(_primitive(ray.dx, ray.dy))
    # every offset along those directions on one board, with its direction (no gcd per test)
    span = max(rules.size[0], rules.size[1])
    far = {(k * px, k * py): (px, py) for px, py in sorted(dirs) for k in range(1, span + 1)}
    remember(_REACH, key, (rules, frozenset(near), far, 2 if hop else 1), 512)
    return _REACH[key]  # mypyc: the stored object (compiled code boxes a tuple value anew where it is used)


def _primitive(dx: int, dy: int) -> tuple:
    g = gcd(dx, dy) or 1
    return (dx // g, dy // g)


def _touched(pos: Position, o, changed, near, far: dict, screens: int) -> bool:
    """Could a change of the cells ``changed`` alter the actions from origin ``o``?  Yes for a
    cell with the same (x, y) (the origin itself, its 3-D jumps and hyper-jumps) and for a cell of
    the same board that one of the rules' rays from ``o`` could reach -- unless ``screens``
    unchanged pieces stand between them (1 blocks every ray, 2 also a cannon's hop)."""
    x, y, rest = o[0], o[1], o[2:]
    for c in changed:
        dx, dy = c[0] - x, c[1] - y
        if not dx and not dy:
            return True
        if c[2:] != rest:
            continue
        if (dx, dy) in near:
            return True
        d = far.get((dx, dy))  # the primitive direction, when it is one of the stack's long rays
        if d is None:
            continue
        px, py = d
        if fewer_screens(pos, x, y, px, py, dx // px if px else dy // py, rest, changed, screens):
            return True
    return False


_BOUNDS: dict = {}  # rules.fingerprint -> (_safe_score, _drop_ceiling)


def _bounds(rules) -> tuple:
    key = rules.fingerprint
    got = _BOUNDS.get(key)
    if got is None:
        top = max(p.value for p in rules.pieces.values())
        values = [p.value for p in rules.pieces.values() if p.hire != "none"]
        got = remember(
            _BOUNDS,
            key,
            (
                4 * top + rules.hyperjump_cost + rules.stack_after_promotion_line + 1,
                -10.0 * min(values) if values else -float("inf"),
            ),
        )
    return got


def _safe_score(rules) -> int:
    """A score from which every stack price and hyper-jump cost is affordable: above it, the
    generated actions do not depend on the score."""
    return _bounds(rules)[0]


def _drop_ceiling(rules) -> float:
    """The highest pre-score a drop can get (:func:`_drops`: -10 per point of the piece's value)."""
    return _bounds(rules)[1]


def scored_candidates(
    pos: Position, tactical: bool = False, prev: GenCache | None = None, changed=(), width: int | None = None
) -> tuple[list, GenCache]:
    """``(pre-score, turn)`` for the bounded candidate turns of the side to move, in generation
    order (the search sorts them stably by pre-score), and the cache of this generation.

    ``prev``: the cache of a position with the same side to move that differs from ``pos`` only in
    the cells ``changed`` (a sibling or the grandparent in the search); the origins none of those
    cells can influence take their turns from it, the others (and every royal: facing lines, home
    walks) are generated afresh.  The result is the same list either way
    (``test_incremental_candidates_equal_a_fresh_generation``).

    ``width``: the caller keeps only the best ``width`` by pre-score (stable); the drops, generated
    last and never above :func:`_drop_ceiling`, are left out when ``width`` turns already score at
    least that much -- they could not be among the best ``width``
    (``test_a_width_gives_the_best_turns_of_the_whole_list``)."""
    if pos.result is not None:
        return [], GenCache((), 0, {})
    side = pos.to_move
    opp = other(side)
    rules = pos.rules
    horizon = horizon_of(pos)
    vals = _values(rules)
    homes = (pos.homes[opp]["king"], pos.homes[opp]["prince"])
    ek = pos.royals[opp]["king"]
    score = pos.scores[side]
    key = (rules.fingerprint, side, tactical, ek, horizon, pos.kings_was["white"], pos.kings_was["black"])
    reuse = None
    if prev is not None and prev.key == key:
        safe = _safe_score(rules)
        if prev.score == score or (prev.score >= safe and score >= safe):
            reuse = prev.by_origin
            changed = {plain(c) for c in changed}
    # a hyper-jump of a piece on the main plane only takes it away from an enemy king on the main
    # board (the search drops such turns): those pieces are generated without hyper-jumps
    flat = ek is not None and len(ek) == 3
    out: list = []
    by_origin: dict = {}
    get, default = pos.cells.get, pos.default
    sides = pos.pieces_by_side()
    for o in origins(pos, sides):
        stack = get(o)
        if stack is None:
            stack = default(o)
        if not stack or stack[0].side != side:
            continue
        royal = stack[0].type in ROYALS
        if reuse is not None and not royal:
            hit = reuse.get(o)
            if hit is not None and hit[0] == stack and not _touched(pos, o, changed, *hit[2]):
                by_origin[o] = hit
                out.extend(hit[1])
                continue
        on_main = len(o) == 3 and o[2] == 1
        h = 3 if flat and on_main and not royal else horizon
        acts = first_actions(pos, o, stack, h)  # legal_actions(pos, o, h), the origin known good
        mine: list = []
        if acts:
            _first_turns(pos, o, stack, acts, horizon, tactical, mine, vals, homes)
        # the stack, its turns and its reach (:func:`_reach`, kept for the reuse test)
        by_origin[o] = (stack, mine, _reach(rules, side, stack)[1:])
        out.extend(mine)
    if not tactical:
        if width is None or not _at_least(out, _drop_ceiling(rules), width):
            _drops(pos, out, sides)
    return out, GenCache(key, score, by_origin)


def _at_least(scored: list, ceiling: float, width: int) -> bool:
    """Do at least ``width`` of the ``(pre-score, turn)`` pairs score ``ceiling`` or more?"""
    n = 0
    for sc, _ in scored:
        if sc >= ceiling:
            n += 1
            if n >= width:
                return True
    return False


def candidates(pos: Position, tactical: bool = False) -> list:
    """The bounded candidate turns of the side to move (all tried by the search)."""
    return [t for _, t in scored_candidates(pos, tactical)[0]]
