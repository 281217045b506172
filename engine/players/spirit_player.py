"""The spirit-chess computer player (docs/AI.md, "Spirit chess").

Candidate turns (S13: a mandatory level-up, then a move of exactly the step count; S8 transforms):
every own movable piece is a mover; its level-up is chosen from a bounded set -- the mover itself
(it fights better, S10, and may get new steps, S7), the own formation next to the own sect (a
stronger zone, S11), the own piece nearest the enemy sect -- and its end squares come from the
engine's ``legal_paths`` with that level-up applied (H2, H3 and S9 answered by the engine): every end
on an enemy piece (a fight, S10/S12), every end near either sect, and the few quiet ends nearest the
enemy sect.  A disciple of level >= 3 may add its transform into the most valuable depleted kind.

Evaluation: :mod:`.spirit_eval` (material with levels, the guarded sect, approach, sect threats,
and since issue 18 formation immunity, reach and mobility; weights in ``eval_weights.toml``).
"""

from __future__ import annotations

import functools
import heapq
import random
from collections.abc import Callable, Mapping

from mypy_extensions import mypyc_attr

from ..core.errors import IllegalAction
from ..spirit.generated import apply_generated, board_zones, make_turn, path_to
from ..spirit.generated import paths as generated_paths
from ..spirit.position import (
    SpiritPiece,
    SpiritPosition,
    SpiritTransform,
    SpiritTurn,
    apply_spirit_turn,
    levelup_squares,
    other,
    step_budget,
)
from ..spirit.randomplay import random_spirit_turn
from ..spirit.zones import Zones
from .base import Suggestion, check_request
from .search import SearchParams, searched_suggestion
from .spirit_eval import THREAT_WIN, VALUE, evaluate, fight, sect_threat
from .spirit_eval import cheb as _cheb
from .spirit_eval import sect_of as _sect

QUIET_ENDS = 4
NEAR = 2
FORMATION_UPS = 4  # own formations tried as the level-up (nearest the own sect first)
GUARD_ENDS = 2  # quiet ends two squares from the own sect (blocks) kept per mover

LEVEL_PARAMS = {
    1: SearchParams(depth=1, jitter=20.0, nodes=None),
    2: SearchParams(depth=2, root_keep2=24, gen_width=20, keep=6, qdepth=0, jitter=10.0, nodes=3000),
    3: SearchParams(
        depth=4, root_keep2=None, root_keep=10, gen_width=14, keep=4, qdepth=1, qwidth=4, jitter=10.0, nodes=10000
    ),
    4: SearchParams(
        depth=5, root_keep2=None, root_keep=12, gen_width=14, keep=4, qdepth=2, qwidth=4, jitter=10.0, nodes=8000
    ),
}


FAR = 1 << 20  # a distance beyond every board (no sect to measure from)
ROYAL = 1e6  # the pre-score of a turn that ends on the enemy sect (S3)


@functools.lru_cache(maxsize=64)
def _distances(size: tuple, sq: tuple) -> dict:
    """The Chebyshev distance from ``sq`` to every square of a board of ``size`` (sects never
    move: a few tables serve a whole game)."""
    w, h = size
    sx, sy = sq
    return {(x, y): max(abs(x - sx), abs(y - sy)) for x in range(1, w + 1) for y in range(1, h + 1)}


def _smallest(items: list, n: int) -> list:
    """The items in order, at least the ``n`` smallest (``sorted(items)[:n]`` is its first ``n``;
    the items are distinct); a long list is not sorted whole."""
    if len(items) <= 8 * n:
        items.sort()
        return items
    return heapq.nsmallest(n, items)


class _Far(dict):
    """The distance from a sect that is not on the board: :data:`FAR` from every square."""

    def __missing__(self, key) -> int:
        return FAR


_FAR_TABLE = _Far()


class SpiritNode:
    """A position and the square where the turn that led to it captured (for quiescence).  ``up``:
    the node it was reached from; ``paths``: the mover paths computed here, by (origin, level-up),
    and ``kid_paths`` the last child's, which its siblings reuse where nothing near the mover
    changed (:meth:`SpiritAdapter.paths`); ``zones``: the formation zones of the whole board, made
    once when a path is computed here; ``trusted``: the turns built here from a path of their own
    level-up (by ``id``, with the turn: :meth:`SpiritAdapter.play` applies them without walking the
    path again); ``sects``: each side's sect square (white's, black's), the parent's while the game
    goes on (a sect never moves, is never made, and its capture ends the game, S3)."""

    __slots__ = (
        "enemy_sect",
        "sects",
        "hot",
        "kid_paths",
        "paths",
        "pos",
        "ref",
        "result",
        "to_move",
        "trusted",
        "up",
        "zones",
    )

    def __init__(self, pos: SpiritPosition, hot, up=None):
        self.pos = pos
        self.hot = hot
        self.result = pos.result
        self.to_move = pos.to_move
        self.up = up
        self.paths: dict = {}
        self.kid_paths: SpiritNode | None = None  # mypyc: typed (a compiled class checks its attributes)
        self.ref: tuple | None = None  # (position, paths, changed squares) of the reference node
        self.enemy_sect: tuple | None | bool = False  # the enemy sect's square, found once (False: not yet)
        self.zones: Zones | None = None
        self.trusted: dict = {}
        if up is not None and pos.result is None:
            self.sects: tuple = up.sects
        else:
            self.sects = (_sect(pos, "white"), _sect(pos, "black"))

    def sect(self, side: str):
        """The sect square of ``side`` (None: it has none)."""
        return self.sects[0] if side == "white" else self.sects[1]


def _changed(a: Mapping, b: Mapping) -> list:
    """Squares whose piece differs between two piece maps."""
    out = [c for c, p in a.items() if b.get(c) != p]
    out.extend(c for c in b if c not in a)
    return out


def _same_steps(rules, p: SpiritPiece) -> bool:
    """Does raising ``p`` one level leave its step count as it is?"""
    return step_budget(rules, p) == step_budget(rules, SpiritPiece(p.type, p.side, p.level + 1))


@mypyc_attr(allow_interpreted_subclasses=True)  # mypyc: the tests swap its fast paths for the reference ones
class SpiritAdapter:
    def _levelups(self, node: SpiritNode) -> tuple[list, list]:
        """The strategic level-ups tried beside the mover's own: every own formation (a stronger zone
        guards the sect or an approach, S11; at most ``FORMATION_UPS``, nearest the own sect first)
        and the own movable piece nearest the enemy sect."""
        pos = node.pos
        rules = pos.rules
        side = pos.to_move
        ups = levelup_squares(pos)
        out = []
        own_sect, enemy_sect = node.sect(side), node.sect(other(side))
        forms = [c for c in ups if rules.pieces[pos.pieces[c].type].formation]
        if own_sect is not None:
            forms.sort(key=lambda c: (_cheb(c, own_sect), c))
        else:
            forms.sort()
        out.extend(forms[:FORMATION_UPS])
        if enemy_sect is not None:
            movers = [c for c in ups if rules.pieces[pos.pieces[c].type].movable]
            if movers:
                out.append(min(movers, key=lambda c: (_cheb(c, enemy_sect), c)))
        return [c for i, c in enumerate(out) if c not in out[:i]], ups

    def paths(self, node: SpiritNode, m, up) -> dict:
        """``legal_paths(pos, m, up)``, reused from a sibling's (or the grandparent's) computation
        when no square within the mover's step count + 2 changed between the two positions (the
        paths read only the squares they cross and the formation zones around them, S9, S11, H3),
        nor the level-up square; a mover of unlimited range is always computed afresh."""
        key = (m, up)
        got = node.paths.get(key)
        if got is not None:
            return got
        got = self._reused(node, m, up)
        if got is None:
            if node.zones is None:
                node.zones = board_zones(node.pos)
            got = generated_paths(node.pos, m, up, node.zones)
        node.paths[key] = got
        return got

    def _reused(self, node: SpiritNode, m, up) -> dict | None:
        """The paths of ``(m, up)`` of the reference node (:meth:`_reference`) where they are this
        node's too (:meth:`paths`), else None."""
        if node.ref is None:
            node.ref = self._reference(node)
        ref = node.ref
        if not ref:
            return None
        pos = node.pos
        ref_pos, ref_paths, changed = ref
        hit = ref_paths.get((m, up))
        p = pos.pieces.get(m)
        if hit is not None and p is not None and ref_pos.pieces.get(m) == p and up not in changed:
            n = step_budget(pos.rules, SpiritPiece(p.type, p.side, p.level + (up == m)))
            if n is None:
                return None
            mx, my = m
            reach = n + 2
            for cx, cy in changed:
                if -reach <= cx - mx <= reach and -reach <= cy - my <= reach:
                    return None
            return hit
        return None

    def _reference(self, node: SpiritNode) -> tuple:
        """(position, its paths, the squares changed since) of a sibling or the grandparent
        (``()`` if none), computed once per node."""
        up = node.up
        cand = None
        if up is not None and up.kid_paths is not None and up.kid_paths is not node:
            cand = up.kid_paths
        elif up is not None and up.up is not None and up.up.paths:
            cand = up.up
        if cand is None or cand.to_move != node.to_move:
            return ()
        return cand.pos, cand.paths, set(_changed(cand.pos.pieces, node.pos.pieces))

    def _turns(self, node: SpiritNode, tactical: bool) -> list:
        """The candidates as ``(levelup, origin, path, transform, trusted)`` in generation order;
        ``trusted``: the path is one of the mover's legal paths with this very level-up."""
        pos = node.pos
        if pos.result is not None:
            return []
        rules = pos.rules
        side = pos.to_move
        strategic, ups = self._levelups(node)
        if not ups:
            return []
        enemy_sect, own_sect = node.sect(other(side)), node.sect(side)
        size = tuple(rules.size)
        far = _FAR_TABLE
        de = _distances(size, enemy_sect) if enemy_sect is not None else far
        do = _distances(size, own_sect) if own_sect is not None else far
        get = pos.pieces.get
        out: list = []
        movers = sorted(c for c, p in pos.pieces.items() if p.side == side and rules.pieces[p.type].movable)
        upset = set(ups)
        # a side whose sect is threatened (S3) tries every block two squares from it, with every
        # strategic level-up (a stronger formation zone and a block may both be needed)
        danger = not tactical and own_sect is not None and sect_threat(pos, other(side))
        for m in movers:
            # the paths with the mover itself raised; other level-ups reuse them (a level-up elsewhere
            # changes them rarely -- the engine refuses the turn then, and the search skips it)
            own = m if m in upset else ups[0]
            paths = self.paths(node, m, own)
            if not paths:
                continue
            fights, near, guard, quiet = [], [], [], []
            # by square; with an enemy sect every list is put in order below (ends of unlimited
            # movers are many: no need to sort them all)
            for end in paths if enemy_sect is not None else sorted(paths):
                q = get(end)
                if q is not None and q.side != side:
                    fights.append(end)
                    continue
                if tactical:
                    continue
                d_enemy = de[end]
                d_own = do[end]
                if d_enemy <= NEAR or d_own <= 1:
                    near.append(end)
                elif d_own == 2:
                    guard.append((d_enemy, end))  # a block on the approach to the own sect
                else:
                    quiet.append((d_enemy, end))
            if enemy_sect is not None:  # nearest the enemy sect first (ties by square)
                fights.sort()
                near.sort()
                guard = sorted(guard) if danger else _smallest(guard, GUARD_ENDS)  # every block in danger
                quiet = _smallest(quiet, QUIET_ENDS)
            guard = [e for _, e in guard]
            quiet = [e for _, e in quiet]
            chosen = fights + near + (guard if danger else guard[:GUARD_ENDS]) + quiet[:QUIET_ENDS]
            for end in chosen:
                out.append((own, m, paths[end], None, True))
            # another level-up leaves the mover at its level: its paths hold only if its step count
            # stays (a protector raised to 3 moves any number of steps, S7: not at 2)
            if not tactical and strategic and (own != m or _same_steps(rules, pos.pieces[m])):
                ends = fights + near + guard + quiet[:1] if danger else (fights + near + quiet[:1])[:3]
                best = [paths[end] for end in ends]
                for u in strategic:
                    if u != own:
                        for path in best:
                            out.append((u, m, path, None, False))
        if not tactical:
            out.extend(self._transforms(pos, out))
        return out

    def _transforms(self, pos: SpiritPosition, turns: list) -> list:
        rules = pos.rules
        side = pos.to_move
        counts = pos.counts(side)
        depleted = [
            k
            for k, n in counts.items()
            if n < pos.start_counts[side].get(k, 0) and not rules.pieces[k].royal and not rules.pieces[k].transforms
        ]
        if not depleted:
            return []
        # every depleted kind (S8): the most valuable first, each tried with the same turns
        kinds = sorted(depleted, key=lambda k: (-VALUE.get(k, 0), k))
        extra = []
        for c, p in sorted(pos.pieces.items()):
            k = rules.pieces[p.type]
            if p.side != side or not k.transforms or p.level + 1 < k.transform_level:
                continue
            # the disciple's own moves first (it may step where the new kind is strong), then the
            # turns that move another piece and transform it where it stands
            order = [t for t in turns if t[1] == c] + [t for t in turns if t[1] != c]
            for i, into in enumerate(kinds):
                cap = 40 if i == 0 else 12  # the most valuable kind gets the most turns
                made = 0
                for up, origin, path, _tr, trusted in order:
                    if made >= cap:
                        break
                    if origin == c:
                        extra.append((up, origin, path, SpiritTransform(path[-1], into), trusted))
                        made += 1
                    elif up == c or p.level >= k.transform_level:
                        extra.append((up, origin, path, SpiritTransform(c, into), trusted))
                        made += 1
        return extra[: 40 + 12 * (len(kinds) - 1)]  # every depleted kind keeps its share

    def _built(self, node: SpiritNode, specs) -> list:
        """The turns of candidate tuples (:meth:`_turns`), the trusted ones remembered by the node."""
        out = []
        trusted = node.trusted
        for up, m, path, tr, ok in specs:
            t = make_turn(up, m, path, tr)
            if ok:
                trusted[id(t)] = t
            out.append(t)
        return out

    def moves(self, node: SpiritNode) -> list:
        turns = self._built(node, self._turns(node, False))
        if node.up is not None:
            node.up.kid_paths = node
        return turns

    def ordered(self, node: SpiritNode, width: int | None) -> list:
        """``moves(node)`` ordered by :meth:`prescore` (stable) and cut to ``width``: what the
        search's own ordering of the whole list gives, with the pre-scores computed once per
        (level-up, mover, end) and only the kept turns built."""
        specs = self._turns(node, False)
        if node.up is not None:
            node.up.kid_paths = node
        if width is None:  # the search's own ordering keeps such a list as it is
            return self._built(node, specs)
        if not specs:
            return []
        pos = node.pos
        es = _enemy_sect(node)
        by_move: dict = {}  # (level-up, mover, end) -> _move_score
        keys = []
        sc: float | None
        for spec in specs:
            up, m, path = spec[0], spec[1], spec[2]
            end = path[-1] if path else m
            k = (up, m, end)
            if k in by_move:
                sc = by_move[k]
            else:
                sc = by_move[k] = _move_score(pos, es, up, m, end)
            if sc is None:
                keys.append(-ROYAL)
            elif spec[3] is not None:
                keys.append(-(sc + 500.0))
            else:
                keys.append(-sc)
        order = sorted(range(len(specs)), key=keys.__getitem__)  # stable: ties keep generation order
        return self._built(node, [specs[i] for i in order[:width]])

    def in_danger(self, node: SpiritNode) -> bool:
        """Could the other side capture the sect next turn (S3)?"""
        return sect_threat(node.pos, other(node.pos.to_move))

    def root(self, pos: SpiritPosition) -> SpiritNode:
        return SpiritNode(pos, None)

    @staticmethod
    def family(turn: SpiritTurn) -> tuple:
        """The move of a turn, without its level-up and transform: the root's list for depth 3 and
        beyond takes one turn per move first (:func:`~.search.spread`), so that the level-up copies
        of one move do not fill it (issue 18, session 5).  Inner nodes keep the plain pre-score
        order: spreading their width too lost the tactics suite's poisoned capture (a wider set of
        replies refuted every quiet turn, and the candidates hold no retreat for the attacked elder)."""
        return turn.origin, turn.end

    def tactical(self, node: SpiritNode) -> list:
        """Quiescence turns: moves onto the square where the last turn captured (a recapture), for the
        pieces that could reach it; the engine's ``legal_paths`` (mover raised) decides."""
        hot = node.hot
        pos = node.pos
        if hot is None or pos.result is not None:
            return []
        q = pos.pieces.get(hot)
        if q is None or q.side == pos.to_move:
            return []
        rules = pos.rules
        ups = levelup_squares(pos)
        if not ups:
            return []
        out = []
        for c, p in sorted(pos.pieces.items()):
            k = rules.pieces[p.type]
            if p.side != pos.to_move or not k.movable:
                continue
            up = c if c in ups else ups[0]
            n = step_budget(rules, SpiritPiece(p.type, p.side, p.level + (up == c)))
            if n is not None and _cheb(c, hot) > n:
                continue
            if k.diagonal and (c[0] + c[1] - hot[0] - hot[1]) % 2:
                continue  # a diagonal mover never leaves its colour: no path (legal_paths has none)
            # the path onto the hot square only: the paths known here or reusable, or a search
            # that stops there (the same path, generated.path_to)
            paths = node.paths.get((c, up))
            if paths is None:
                paths = self._reused(node, c, up)
            if paths is not None:
                path = paths.get(hot)
            else:
                if node.zones is None:
                    node.zones = board_zones(pos)
                path = path_to(pos, c, up, hot, node.zones)
            if path is not None:
                t = make_turn(up, c, path)
                node.trusted[id(t)] = t
                out.append(t)
        return out

    def play(self, node: SpiritNode, turn) -> SpiritNode | None:
        try:
            new, caps = apply_generated(node.pos, turn, node.trusted.get(id(turn)) is turn)
        except IllegalAction:
            return None
        return SpiritNode(new, turn.end if caps else None, node)

    def evaluate(self, node: SpiritNode) -> float:
        return evaluate(node.pos, node.sects)

    def key(self, turn) -> str:
        return repr(turn)

    def prescore(self, node: SpiritNode, turn) -> float:
        """Captures that win the fight first, by the value taken; quiet ends nearest the enemy sect
        next; ends where the mover dies (a lost fight, S10, or a zone's catch, S11) last
        (:func:`~.spirit_eval.fight`)."""
        sc = _move_score(node.pos, _enemy_sect(node), turn.levelup, turn.origin, turn.end)
        if sc is None:
            return ROYAL
        if turn.transform is not None:
            sc += 500.0
        return sc


def _enemy_sect(node: SpiritNode) -> tuple | None:
    """The enemy sect's square of the node's side to move, found once per node."""
    es = node.enemy_sect
    if es is False:
        es = node.enemy_sect = node.sect(other(node.pos.to_move))
    assert es is not True
    return es


def _move_score(pos: SpiritPosition, es: tuple | None, levelup, origin, end) -> float | None:
    """The pre-score of a move without a transformation's bonus (None: a win on the spot, the
    enemy sect): a won fight by the value taken, a quiet end by its distance to the enemy sect
    ``es``, a move whose mover dies last (:func:`~.spirit_eval.fight`)."""
    f = fight(pos, levelup, origin, end)
    if f >= THREAT_WIN:
        return None
    if f > 0:
        return 1000.0 + f
    sc = f - 1000.0 if f < 0 else 0.0
    if es is not None:
        sc -= 10.0 * _cheb(end, es)
    return sc


ADAPTER = SpiritAdapter()


#: a capture's or a win's reason in a player's words (issue 16: "takes the protector (level 2, level)")
_WHY = {
    "level": "by a higher level",
    "formation": "caught in a formation's zone",
    "formation-square": "on a formation's square",
    "sect-captured": "the sect is captured",
}


def reason(pos: SpiritPosition, turn: SpiritTurn, value: float) -> str:
    new, caps = apply_spirit_turn(pos, turn)
    side = pos.to_move
    mover = pos.pieces[turn.origin]
    up = pos.pieces[turn.levelup]
    if new.result is not None and new.result.winner == side:
        return f"wins at once: {_WHY.get(new.result.reason, new.result.reason)}"
    parts = [f"raises the {up.type} to level {up.level + 1}", f"the {mover.type} goes to ({turn.end[0]},{turn.end[1]})"]
    for c in caps:
        if c.piece.side != side:
            parts.append(f"takes the {c.piece.type} (level {c.piece.level}, {_WHY.get(c.reason, c.reason)})")
        else:
            parts.append(f"loses the {c.piece.type} ({_WHY.get(c.reason, c.reason)})")
    if turn.transform is not None:
        parts.append(f"turns a disciple into a {turn.transform.into} (S8)")
    if new.result is None:
        if sect_threat(new, side):
            parts.append("threatens the sect")
        if sect_threat(pos, other(side)) and not sect_threat(new, other(side)):
            parts.append("parries the threat to the sect")
    parts.append(
        "forced win" if value > 500_000 else "every turn loses" if value < -500_000 else f"expects {value / 100:+.1f}"
    )
    return ", ".join(parts)


class SpiritPlayer:
    def suggest(
        self,
        position: SpiritPosition,
        level: int,
        seed: int = 0,
        nodes: int | None = None,
        budget_ms: int | None = None,
        clock: Callable[[], float] | None = None,
        *,
        repeats: tuple = (),
    ) -> Suggestion:
        # ``repeats`` is always empty: spirit chess has no repetition rule (SpiritGame.repeat_positions)
        check_request(position, level, nodes, budget_ms)
        if level == 0:
            t = random_spirit_turn(position, random.Random(seed))
            return Suggestion(t, 0.0, (t,) if t else (), 0, "plays a random legal turn" if t else "no legal turn", 0)
        return searched_suggestion(
            ADAPTER,
            LEVEL_PARAMS[level],
            position,
            seed,
            nodes,
            budget_ms,
            clock,
            reason,
            lambda: random_spirit_turn(position, random.Random(seed)),
        )
