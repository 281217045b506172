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

import random
from collections.abc import Callable, Mapping

from ..core.errors import IllegalAction
from ..spirit.position import (
    SpiritPiece,
    SpiritPosition,
    SpiritTransform,
    SpiritTurn,
    apply_spirit_turn,
    legal_paths,
    levelup_squares,
    other,
    step_budget,
)
from ..spirit.randomplay import random_spirit_turn
from .base import Suggestion, check_request
from .search import SearchParams, searched_suggestion
from .spirit_eval import LEVEL, VALUE, evaluate, sect_threat
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


class SpiritNode:
    """A position and the square where the turn that led to it captured (for quiescence).  ``up``:
    the node it was reached from; ``paths``: the mover paths computed here, by (origin, level-up),
    and ``kid_paths`` the last child's, which its siblings reuse where nothing near the mover
    changed (:meth:`SpiritAdapter.paths`)."""

    __slots__ = ("enemy_sect", "hot", "kid_paths", "paths", "pos", "ref", "result", "to_move", "up")

    def __init__(self, pos: SpiritPosition, hot, up=None):
        self.pos = pos
        self.hot = hot
        self.result = pos.result
        self.to_move = pos.to_move
        self.up = up
        self.paths: dict = {}
        self.kid_paths = None
        self.ref: tuple | None = None  # (position, paths, changed squares) of the reference node
        self.enemy_sect: tuple | None | bool = False  # the enemy sect's square, found once (False: not yet)


def _changed(a: Mapping, b: Mapping) -> list:
    """Squares whose piece differs between two piece maps."""
    out = [c for c, p in a.items() if b.get(c) != p]
    out.extend(c for c in b if c not in a)
    return out


class SpiritAdapter:
    def _levelups(self, pos: SpiritPosition) -> tuple[list, list]:
        """The strategic level-ups tried beside the mover's own: every own formation (a stronger zone
        guards the sect or an approach, S11; at most ``FORMATION_UPS``, nearest the own sect first)
        and the own movable piece nearest the enemy sect."""
        rules = pos.rules
        side = pos.to_move
        ups = levelup_squares(pos)
        out = []
        own_sect, enemy_sect = _sect(pos, side), _sect(pos, other(side))
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
        pos = node.pos
        if node.ref is None:
            node.ref = self._reference(node)
        ref = node.ref
        if ref:
            ref_pos, ref_paths, changed = ref
            hit = ref_paths.get(key)
            p = pos.pieces.get(m)
            if hit is not None and p is not None and ref_pos.pieces.get(m) == p and up not in changed:
                n = step_budget(pos.rules, SpiritPiece(p.type, p.side, p.level + (up == m)))
                mx, my = m
                if n is not None and all(max(abs(c[0] - mx), abs(c[1] - my)) > n + 2 for c in changed):
                    node.paths[key] = hit
                    return hit
        got = node.paths[key] = legal_paths(pos, m, up)
        return got

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
        pos = node.pos
        if pos.result is not None:
            return []
        rules = pos.rules
        side = pos.to_move
        strategic, ups = self._levelups(pos)
        if not ups:
            return []
        enemy_sect, own_sect = _sect(pos, other(side)), _sect(pos, side)
        ex, ey = enemy_sect if enemy_sect is not None else (0, 0)
        ox, oy = own_sect if own_sect is not None else (0, 0)
        get = pos.pieces.get
        out = []
        movers = sorted(c for c, p in pos.pieces.items() if p.side == side and rules.pieces[p.type].movable)
        # a side whose sect is threatened (S3) tries every block two squares from it, with every
        # strategic level-up (a stronger formation zone and a block may both be needed)
        danger = not tactical and own_sect is not None and sect_threat(pos, other(side))
        for m in movers:
            # the paths with the mover itself raised; other level-ups reuse them (a level-up elsewhere
            # changes them rarely -- the engine refuses the turn then, and the search skips it)
            own = m if m in ups else ups[0]
            paths = self.paths(node, m, own)
            if not paths:
                continue
            fights, near, guard, quiet = [], [], [], []
            for end in sorted(paths):
                q = get(end)
                if q is not None and q.side != side:
                    fights.append(end)
                    continue
                if tactical:
                    continue
                x, y = end
                d_enemy = max(abs(x - ex), abs(y - ey)) if enemy_sect is not None else FAR
                d_own = max(abs(x - ox), abs(y - oy)) if own_sect is not None else FAR
                if d_enemy <= NEAR or d_own <= 1:
                    near.append(end)
                elif d_own == 2:
                    guard.append((d_enemy, end))  # a block on the approach to the own sect
                else:
                    quiet.append((d_enemy, end))
            if enemy_sect is not None:  # nearest the enemy sect first (ties by square)
                quiet.sort()
                guard.sort()
            guard = [e for _, e in guard]
            quiet = [e for _, e in quiet]
            chosen = fights + near + (guard if danger else guard[:GUARD_ENDS]) + quiet[:QUIET_ENDS]
            for end in chosen:
                out.append(SpiritTurn(own, m, paths[end]))
            if not tactical:
                ends = fights + near + guard + quiet[:1] if danger else (fights + near + quiet[:1])[:3]
                for u in strategic:
                    if u != own:
                        for end in ends:
                            out.append(SpiritTurn(u, m, paths[end]))
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
            order = [t for t in turns if t.origin == c] + [t for t in turns if t.origin != c]
            for i, into in enumerate(kinds):
                cap = 40 if i == 0 else 12  # the most valuable kind gets the most turns
                made = 0
                for t in order:
                    if made >= cap:
                        break
                    if t.origin == c:
                        extra.append(SpiritTurn(t.levelup, t.origin, t.path, SpiritTransform(t.end, into)))
                        made += 1
                    elif t.levelup == c or p.level >= k.transform_level:
                        extra.append(SpiritTurn(t.levelup, t.origin, t.path, SpiritTransform(c, into)))
                        made += 1
        return extra[: 40 + 12 * (len(kinds) - 1)]  # every depleted kind keeps its share

    def in_danger(self, node: SpiritNode) -> bool:
        """Could the other side capture the sect next turn (S3)?"""
        return sect_threat(node.pos, other(node.pos.to_move))

    def root(self, pos: SpiritPosition) -> SpiritNode:
        return SpiritNode(pos, None)

    def moves(self, node: SpiritNode) -> list:
        turns = self._turns(node, False)
        if node.up is not None:
            node.up.kid_paths = node
        return turns

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
            paths = self.paths(node, c, up)
            if hot in paths:
                out.append(SpiritTurn(up, c, paths[hot]))
        return out

    def play(self, node: SpiritNode, turn) -> SpiritNode | None:
        try:
            new, caps = apply_spirit_turn(node.pos, turn)
        except IllegalAction:
            return None
        return SpiritNode(new, turn.end if caps else None, node)

    def evaluate(self, node: SpiritNode) -> float:
        return evaluate(node.pos)

    def key(self, turn) -> str:
        return repr(turn)

    def prescore(self, node: SpiritNode, turn) -> float:
        pos = node.pos
        q = pos.pieces.get(turn.end)
        sc = 0.0
        if q is not None and q.side != pos.to_move:
            if pos.rules.pieces[q.type].royal:
                return 1e6
            sc += 1000.0 + VALUE.get(q.type, 300) + LEVEL * q.level
        es = node.enemy_sect
        if es is False:
            es = node.enemy_sect = _sect(pos, other(pos.to_move))
        if es is not None:
            sc -= 10.0 * _cheb(turn.end, es)
        if turn.transform is not None:
            sc += 500.0
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
