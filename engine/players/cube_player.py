"""The cube-chess computer player: levels 0-4 over the engine's own turn machine (docs/AI.md)."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..core.errors import IllegalAction
from ..cube.actions import Capture, Turn
from ..cube.position import Position, Result, other
from ..cube.randomplay import random_turn
from ..cube.rules import apply_turn, apply_turn_changes
from . import cube_eval as ev
from .base import Suggestion, check_request
from .cube_exchange import exchanges
from .cube_moves import GenCache, scored_candidates
from .search import ROOT_ALL, SearchParams, searched_suggestion

#: the search of each level; ``nodes`` is the default node budget (docs/AI.md, "Levels")
LEVEL_PARAMS = {
    1: SearchParams(depth=1, jitter=20.0, nodes=None),
    2: SearchParams(depth=2, root_keep2=20, gen_width=24, keep=8, qdepth=2, qwidth=4, jitter=10.0, nodes=3000),
    3: SearchParams(
        depth=4,
        root_keep2=40,
        root_keep=14,
        gen_width=30,
        keep=6,
        qdepth=3,
        qwidth=4,
        jitter=10.0,
        nodes=30000,
        reply_width=ROOT_ALL,  # every reply to a root turn (issue 18, session 7: docs/ARENA.md)
    ),
}
# level 4: level 3's depth (an even depth: the opponent answers last), wider everywhere, one more
# ply of quiescence (issue 18, session 8: depth 5 lost to level 3; docs/ARENA.md)
LEVEL_PARAMS[4] = replace(LEVEL_PARAMS[3], root_keep2=48, root_keep=20, gen_width=40, keep=8, qdepth=4, nodes=80000)


class Node:
    """A position with its material kept incrementally (the search's node; ``result`` and ``to_move``
    are the position's).  ``up`` is the node it was reached from, ``changed`` the cells that turn
    wrote; ``kid_gen`` keeps the candidate cache of the last child that generated, with that
    child's ``changed``, for its siblings (incremental generation, cube_moves.scored_candidates)."""

    __slots__ = ("changed", "ex", "gen", "grids", "hot", "kid_gen", "mat", "pos", "result", "to_move", "up")

    def __init__(self, pos: Position, mat: dict, hot=None, up=None, changed=()):
        self.pos = pos
        self.mat = mat
        self.hot = hot  # where the turn that led here landed (quiescence captures there)
        self.result = pos.result
        self.to_move = pos.to_move
        self.up = up
        self.changed = changed
        self.gen: GenCache | None = None
        self.kid_gen: tuple | None = None
        self.ex: tuple | None = None  # the evaluation's exchange table and king attacks (cube_eval.features)
        self.grids: dict | None = None  # the board grids that table was built on (not kept by the search's cache)


def material_after(pos: Position, mat: dict, turn, new: Position, cost: int) -> dict:
    """``ev.material(new)`` from the material before the turn: the mover gains what it hires and
    what its promotions add, the other side loses what was captured (the mover's earnings)."""
    side = pos.to_move
    vals = pos.rules.pieces
    gain = 0
    for a in turn.actions:
        if a.kind == "drop":
            gain += vals[a.piece].value
        elif a.kind == "promote":
            gain += vals[a.to].value - vals["pawn"].value
    earned = new.scores[side] - pos.scores[side] + cost
    return {side: mat[side] + gain, other(side): mat[other(side)] - earned}


def _landing(turn):
    """The square where the turn's moving piece ends (a capture, a move, a jump, a drop), or None:
    the quiescence search tries the captures there -- a recapture, or a piece left hanging."""
    for a in reversed(turn.actions):
        to = getattr(a, "to", None)
        if isinstance(to, tuple):
            return to
    return None


def _inherited_grids(node: Node) -> dict:
    """The board grids of ``node`` (``{board: (grid, h, since)}``, cube_exchange.exchange_table) from
    its nearest ancestor that has them: the same grids, with the cells changed since added."""
    since: tuple = ()
    a: Node | None = node
    while a is not None and a.grids is None:
        since = tuple(a.changed) + since
        a = a.up
    if a is None or a.grids is None:
        return {}
    return {rest: (g, h, s + since) for rest, (g, h, s) in a.grids.items()}


class CubeAdapter:
    """The game interface the search needs (engine.players.search.Adapter).  ``trusted``: inner
    nodes apply their turns without re-walking the geometry the generators walked (False: every
    turn through the whole turn machine; the same positions, slower).  ``fast``: the speed paths of
    issue 18 that reuse a parent's work (the exchange table of the evaluation); False: every
    node computed from its position alone (the reference: the same values, slower)."""

    def __init__(self, trusted: bool = True, fast: bool = True):
        self.trusted = trusted
        self.fast = fast

    def root(self, pos: Position) -> Node:
        node = Node(pos, ev.material(pos))
        if self.fast and pos.result is None:
            # the root's exchange table and board grids, from which its children's evaluations
            # start (the search never asks for the root's own value unless it has no turn)
            self.evaluate(node)
        return node

    def moves(self, node: Node) -> list:
        return self.ordered(node, None)

    def ordered(self, node: Node, width: int | None) -> list:
        """The best ``width`` candidates by pre-score (stable: generation order breaks ties), with
        the pre-score computed while generating (:meth:`prescore`'s values, refined where the
        generator knows more: split captures, a royal's second action onto a home square).  The
        list is generated incrementally from a sibling's or the grandparent's candidates."""
        prev = None
        changed: tuple = ()  # mypyc: not the empty tuple's type (a compiled module checks it)
        up = node.up
        if up is not None and up.kid_gen is not None:
            prev, other_changed = up.kid_gen
            changed = tuple(node.changed) + tuple(other_changed)
        elif up is not None and up.up is not None and up.up.gen is not None:
            prev = up.up.gen
            changed = tuple(node.changed) + tuple(up.changed)
        sc, gen = scored_candidates(node.pos, False, prev, changed, width)
        node.gen = gen
        if up is not None:
            up.kid_gen = (gen, node.changed)
        if width is None:
            return [t for _, t in sc]
        keys = [-e[0] for e in sc]
        order = sorted(range(len(sc)), key=keys.__getitem__)  # stable: generation order breaks ties
        return [sc[i][1] for i in order[:width]]

    def in_danger(self, node: Node) -> bool:
        """Could the other side end the game next turn: capture the king (C4, C3 facing lines
        across planes and boards), walk a royal onto a home square (C5, C7) or make a capture that
        leaves the side to move on the C16 line (issue 18, session 6)?"""
        ex = node.ex
        if ex is not None and self.fast:
            known = ex[1].get("danger")
            if known is not None:  # the evaluation of this position found it out (cube_eval.features)
                return known
        pos = node.pos
        opp = other(pos.to_move)
        if ev.king_capture(pos, opp) == 2 or ev.home_threats(pos, opp) > 0:
            return True
        return ev._c16_capture(pos.scores, opp, exchanges(pos)[opp][0])

    def tactical(self, node: Node) -> list:
        """Quiescence turns: the captures on the square where the last turn landed (a recapture, or
        a piece that moved or was dropped where it hangs: a capture sequence on one square,
        cheapest attacker first by the pre-score).  Wins on the spot need no search:
        the evaluation scores them (king capture, C3, C5, C7)."""
        hot = node.hot
        if hot is None:
            return []
        pos = node.pos
        return [Turn(c, (Capture(hot),)) for c, _, _ in ev.attackers(pos, hot, pos.to_move)]

    def play(self, node: Node, turn) -> Node | None:
        try:
            # the root's turns (the one suggested among them) get the full turn machine; deeper
            # turns come from the engine's generators for that very position (trusted geometry)
            new, cost, changed = apply_turn_changes(node.pos, turn, trusted=self.trusted and node.up is not None)
        except IllegalAction:
            return None
        hot = _landing(turn)
        return Node(new, material_after(node.pos, node.mat, turn, new, cost), hot, node, changed)

    def evaluate(self, node: Node) -> float:
        # the exchanges of the stacks the turn left alone are the parent's (cube_exchange.exchange_table)
        if not self.fast:
            return ev.evaluate(node.pos, node.mat)
        up = node.up
        keep: list = []
        if up is not None and up.ex is not None:
            grids = up.grids
            if grids is None:  # its evaluation came from the search's cache, which keeps no grids
                grids = up.grids = _inherited_grids(up)
            v = ev.evaluate(node.pos, node.mat, up.ex + (grids,), node.changed, keep)
        else:
            v = ev.evaluate(node.pos, node.mat, None, (), keep)
        if keep:
            node.ex = keep[0]
            node.grids = keep[1]
        return v

    def keep(self, node: Node) -> tuple | None:
        return node.ex

    def recall(self, node: Node, ex: tuple) -> None:
        node.ex = ex

    def key(self, turn) -> str:
        return repr(turn)

    def tt_key(self, node: Node) -> tuple:
        """The transposition table's key: ``Position.key`` (board hash, side to move, scores,
        credits) with the ply (mate distances and the G14 turn limit) and the crowned princes."""
        pos = node.pos
        kw = pos.kings_was
        return (pos.key(), pos.ply, kw["white"], kw["black"])

    def prescore(self, node: Node, turn) -> float:
        pos = node.pos
        a = turn.actions[0]
        k = a.kind
        if k == "capture":
            victim = pos.cell(a.to)
            if any(p.type == "king" for p in victim):
                return 1e6
            mover = pos.cell(turn.origin)
            return 1000.0 + 100.0 * ev.stack_value(pos, victim) - ev.stack_value(pos, mover)
        if k == "drop":
            return -10.0 * pos.rules.pieces[a.piece].value
        score = 0.0
        if turn.origin is not None:
            st = pos.cell(turn.origin)
            if st and st[0].type in ("king", "prince"):
                opp = other(pos.to_move)
                to = getattr(a, "to", None)
                if to in (pos.homes[opp]["king"], pos.homes[opp]["prince"]):
                    return 1e6
        if any(x.kind == "promote" for x in turn.actions):
            score += 900.0
        if k == "hyperjump":
            score -= 50.0
        return score


ADAPTER = CubeAdapter()


def reason(pos: Position, turn, value: float) -> str:
    """One line in plain words: what the turn does and what the player expects."""
    side = pos.to_move
    try:
        new, cost = apply_turn(pos, turn)
    except IllegalAction as exc:  # cannot happen for a suggested turn
        return f"illegal: {exc}"
    parts = []
    if new.result is not None:
        if new.result.winner == side:
            return f"wins at once: {new.result.reason}"
        if new.result.winner is None:
            parts.append(f"draws: {new.result.reason}")
    gain = new.scores[side] - pos.scores[side] + cost
    first = turn.actions[0]
    if first.kind == "capture" or any(a.kind == "capture" for a in turn.actions):
        cap = next(a for a in turn.actions if a.kind == "capture")
        names = "+".join(p.type for p in pos.cell(cap.to))
        parts.append(f"takes a {names} (+{gain})" if gain else f"takes the {names}")
    elif first.kind == "drop":
        parts.append(f"hires a {first.piece} for {cost} point{'s' if cost != 1 else ''}")
    else:
        mover = "+".join(p.type for p in pos.cell(turn.origin)) if turn.origin is not None else "piece"
        kinds = [a.kind for a in turn.actions]
        verb = {
            "move": "moves",
            "jump": "jumps to another plane",
            "hyperjump": "hyper-jumps to another board",
            "split": "splits",
            "promote": "promotes",
        }.get(kinds[0], kinds[0])
        parts.append(f"the {mover} {verb}")
    if "stack" in [a.kind for a in turn.actions]:
        parts.append(f"stacks (-{cost})")
    if any(a.kind == "promote" for a in turn.actions):
        parts.append("promotes to " + next(a.to for a in turn.actions if a.kind == "promote"))
    if new.result is None:
        if ev.king_capture(new, other(side)) == 0 and ev.home_threats(new, other(side)) == 0:
            if ev.king_capture(pos, other(side)) or ev.home_threats(pos, other(side)):
                parts.append("parries the threat to the king")
            else:
                parts.append("keeps the king safe")
        if ev.king_capture(new, side) == 2:
            parts.append("threatens the king")
        if ev.home_threats(new, side):
            parts.append("threatens to occupy the enemy home")
    if value > 500_000:
        parts.append("forced win")
    elif value < -500_000:
        parts.append("every turn loses")
    else:
        parts.append(f"expects {value / 100:+.1f}")
    return ", ".join(parts)


class CubePlayer:
    """``suggest(position, level, seed, nodes=None, budget_ms=None, clock=None) -> Suggestion``."""

    def suggest(
        self,
        position: Position,
        level: int,
        seed: int = 0,
        nodes: int | None = None,
        budget_ms: int | None = None,
        clock: Callable[[], float] | None = None,
        *,
        repeats: tuple = (),
    ) -> Suggestion:
        check_request(position, level, nodes, budget_ms)
        if level == 0:
            rng = random.Random(seed)
            t = random_turn(position, rng)
            if t is None:
                t = random_turn(position, rng, avoid_result=False, tries=200)
            return Suggestion(t, 0.0, (t,) if t else (), 0, "plays a random legal turn" if t else "no turn found", 0)
        return searched_suggestion(
            ADAPTER,
            LEVEL_PARAMS[level],
            position,
            seed,
            nodes,
            budget_ms,
            clock,
            reason,
            lambda: random_turn(position, random.Random(seed), avoid_result=False, tries=200),
            drawn=repetition_marker(position, repeats),
        )


def repetition_marker(position: Position, repeats: tuple) -> Callable[[Node], bool] | None:
    """The search's test for a root child that ends the game as a repetition draw (G14): it
    reaches one of ``repeats`` (the game's ``repeat_positions()``) and is marked drawn on the spot."""
    keys = {p.key() for p in repeats}
    if not keys:
        return None
    reason = f"position repeated {position.rules.repetitions} times (G14)"

    def drawn(node: Node) -> bool:
        if node.result is None and node.pos.key() in keys:
            node.result = Result(None, reason)
            return True
        return False

    return drawn


def suggest_cube(
    position: Position,
    level: int,
    seed: int = 0,
    nodes: int | None = None,
    budget_ms: int | None = None,
    clock: Callable[[], float] | None = None,
    *,
    repeats: tuple = (),
) -> Suggestion:
    return CubePlayer().suggest(position, level, seed, nodes, budget_ms, clock, repeats=repeats)


__all__: list[Any] = ["LEVEL_PARAMS", "CubeAdapter", "CubePlayer", "reason", "suggest_cube"]
