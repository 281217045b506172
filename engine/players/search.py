"""Selective alpha-beta (negamax) over any game that provides an adapter (docs/AI.md).

The adapter (:class:`Adapter`) supplies the bounded candidate turns of a position, a cheap
pre-score for ordering them before they are applied, the game's own ``apply`` (so every turn the
search plays is legal by construction), a static evaluation from the side to move's view and a
canonical text key per turn (for the seeded tie-break).

A *node* is one turn applied and its position evaluated; :class:`~engine.players.base.Budget`
counts them.  The search is iterative deepening at the root: the root list is applied and
evaluated completely (depth 1), then the best ``root_keep`` root turns are searched at depth 2, 3,
... up to ``depth``; an iteration cut off by the budget is dropped, the last complete one decides.
Inner nodes apply only the ``gen_width`` best candidates by pre-score, order the children by their
static evaluation and recurse into the best ``keep``; the horizon is a quiescence search over the
adapter's tactical turns (captures, wins).
"""

from __future__ import annotations

import gc
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Protocol

from .base import Budget, BudgetExceeded, Suggestion

WIN = 1_000_000.0
INF = float("inf")
ROOT_ALL = 1 << 30  # "every candidate" as a width
#: most positions one search's transposition table holds (about 100 bytes each beside the key);
#: once full it keeps what it has and stores no more, so what it holds depends only on the order
#: of the search (never on hash values or memory), and so do the search's results
TT_MAX = 100_000
EXACT, LOWER, UPPER = 0, 1, 2


class Adapter(Protocol):
    def root(self, pos: Any) -> Any: ...
    def moves(self, pos: Any) -> list: ...
    def tactical(self, pos: Any) -> list: ...
    def prescore(self, pos: Any, turn: Any) -> float: ...
    def play(self, pos: Any, turn: Any) -> Any: ...
    def evaluate(self, pos: Any) -> float: ...
    def key(self, turn: Any) -> str: ...

    # optional: ``tt_key(pos)``, an exact value key of a position (its board, side to move, scores,
    # credits and ply: whatever the search below it depends on) for the transposition table;
    # ``keep(pos)`` / ``recall(pos, kept)``: what the evaluation of a position left behind (None:
    # nothing), stored beside its static value and handed to the same position met again


@dataclass(frozen=True)
class SearchParams:
    depth: int = 1  # full plies (1 = greedy)
    root_keep: int = 16  # root turns searched at depth 3 and beyond
    root_keep2: int | None = None  # root turns searched at depth 2 (None: every root turn)
    gen_width: int = 24  # candidates applied at an inner node (best by pre-score)
    keep: int = 8  # children recursed into at an inner node of depth >= 2
    qdepth: int = 0  # quiescence plies at the horizon
    qwidth: int = 8  # tactical turns tried per quiescence node
    jitter: float = 20.0  # amplitude of the seeded tie-break at the root (centi-points)
    nodes: int | None = None  # default node budget of the level
    reply_width: int | None = None  # candidates applied at the opponent's reply to a root turn (ply 1,
    # depth >= 2) where wider than gen_width; kept children are still the best ``keep`` by static value


def terminal_score(pos: Any, ply: int) -> float:
    """Score of a finished game for the side to move: wins sooner / losses later are preferred."""
    w = pos.result.winner
    if w is None:
        return 0.0
    return WIN - ply if w == pos.to_move else -(WIN - ply)


def is_mate_score(v: float) -> bool:
    return abs(v) > WIN / 2


class Search:
    def __init__(
        self,
        adapter: Adapter,
        params: SearchParams,
        budget: Budget,
        seed: int,
        tt: bool = True,
        drawn: Callable[[Any], bool] | None = None,
    ):
        self.a = adapter
        self.p = params
        self.budget = budget
        self.seed = seed
        self.depth_done = 0
        self.killers: dict = {}  # ply -> the turn that last caused a beta cut-off there
        # transposition table: tt_key -> (depth, EXACT/LOWER/UPPER, value, line); one per search
        self.tt: dict = {}
        self.evals: dict = {}  # tt_key -> (static value, keep(pos)) (same bound, same rule: full means no more stored)
        self.tt_key = getattr(adapter, "tt_key", None) if tt else None  # tt=False: the search without it
        self.keep = getattr(adapter, "keep", None)  # optional: what of an evaluation a position met again reuses
        self.recall = getattr(adapter, "recall", None)
        self.tt_hits = 0
        # marks a root child that ends the game by a rule the position alone does not know (the
        # game's repetition draw, G14) and says so; such a child is scored as the finished game it is
        self.drawn = drawn

    # -- helpers ----------------------------------------------------------------------------------
    def jitter(self, turn: Any, value: float = 0.0) -> float:
        """The seeded tie-break of a root turn; none for a proven win or loss (the one point per ply
        between mate scores must decide: the slower loss, the faster win)."""
        if not self.p.jitter or is_mate_score(value):
            return 0.0
        h = zlib.crc32(f"{self.seed}|{self.a.key(turn)}".encode())
        return (h % 10007) / 10007.0 * self.p.jitter

    def static(self, pos: Any, ply: int) -> float:
        if pos.result is not None:
            return terminal_score(pos, ply)
        tk = self.tt_key
        if tk is None:
            return self.a.evaluate(pos)
        # a position met again (another move order, the next iteration) keeps its static value, and
        # the adapter's own by-products of the evaluation where it keeps some (``keep``/``recall``:
        # the cube's exchange table, which its children's evaluations start from)
        key = tk(pos)
        e = self.evals.get(key)
        if e is None:
            v = self.a.evaluate(pos)
            if len(self.evals) < TT_MAX:
                self.evals[key] = (v, self.keep(pos) if self.keep is not None else None)
            return v
        recall = self.recall
        if e[1] is not None and recall is not None:
            recall(pos, e[1])
        return e[0]

    def _ordered(self, pos: Any, turns: list, width: int | None) -> list:
        if width is None:
            return turns
        pre = self.a.prescore
        scored = sorted(((pre(pos, t), i) for i, t in enumerate(turns)), key=lambda e: (-e[0], e[1]))
        return [turns[i] for _, i in scored[:width]]

    def _root_list(self, pos: Any) -> list:
        """Every root candidate, best pre-score first (stable)."""
        ordered = getattr(self.a, "ordered", None)
        if ordered is not None:
            return ordered(pos, ROOT_ALL)
        return self._ordered(pos, self.a.moves(pos), ROOT_ALL)

    def _inner(self, pos: Any, width: int | None, ply: int) -> list:
        """The candidates of an inner node, best ``width`` by pre-score (the adapter's own ordered
        generation where it has one), with this ply's killer turn (the last one that cut off a
        sibling) moved to the front when it is among them."""
        danger = getattr(self.a, "in_danger", None)
        if danger is not None and width is not None and danger(pos):
            width = ROOT_ALL  # a side under a threat that ends the game searches all its replies
        ordered = getattr(self.a, "ordered", None)
        turns = ordered(pos, width) if ordered is not None else self._ordered(pos, self.a.moves(pos), width)
        killer = self.killers.get(ply)
        if killer is not None and len(turns) > 1 and turns[0] != killer:
            try:
                i = turns.index(killer)
            except ValueError:
                return turns
            turns.insert(0, turns.pop(i))
        return turns

    def _apply(self, pos: Any, turn: Any, ply: int):
        child = self.a.play(pos, turn)
        if child is None:
            return None
        self.budget.tick()
        return child, self.static(child, ply + 1)

    # -- root -------------------------------------------------------------------------------------
    def run(self, pos: Any) -> tuple[Any, float, list]:
        """Best turn, its value and the expected line (``(None, static, [])`` if no turn)."""
        pos = self.a.root(pos)
        self.budget.armed = False
        kids = []
        try:
            # the root list in pre-score order, so that a budget that cuts it keeps the likeliest turns
            for t in self._root_list(pos):
                r = self._apply(pos, t, 0)
                if r is not None:
                    kids.append((t, r[0], r[1]))
                if kids and self.budget.spent():
                    break  # the node or time budget cuts even the root list (keeps what it has)
        finally:
            self.budget.armed = True
        if not kids:
            return None, self.static(pos, 0), []
        if self.drawn is not None:
            drawn = self.drawn
            kids = [(t, c, self.static(c, 1) if drawn(c) else st) for t, c, st in kids]
        scored = sorted(
            ((-st + self.jitter(t, st), i) for i, (t, _, st) in enumerate(kids)), key=lambda e: (-e[0], e[1])
        )
        order = [kids[i] for _, i in scored]
        best_v = scored[0][0]
        best = order[0]
        danger = getattr(self.a, "in_danger", None)
        if danger is not None and self.p.depth > 1:  # threats to end the game are searched deeper
            forcing = {i for i, o in enumerate(order) if o[1].result is None and danger(o[1])}
            order = [order[i] for i in sorted(forcing)] + [o for i, o in enumerate(order) if i not in forcing]
        line = [best[0]]
        self.depth_done = 1
        for d in range(2, self.p.depth + 1):
            if is_mate_score(best_v) and best_v > 0:
                break
            if self.budget.spent():
                break
            keep = self.p.root_keep2 if d == 2 else self.p.root_keep
            if keep is None:
                keep = len(order)
            family = getattr(self.a, "family", None)  # optional: distinct moves first (spread)
            todo = order[:keep] if family is None or keep >= len(order) else spread(order, keep, family, _first)
            results: list = []
            cut = False
            try:
                alpha = -INF
                for t, child, st in todo:
                    v, pv = self.negamax(child, d - 1, -INF, -alpha + self.p.jitter, 1, st)
                    v = -v + self.jitter(t, v)
                    results.append((v, len(results), t, child, st, pv))
                    alpha = max(alpha, v)
            except BudgetExceeded:
                cut = True
            if not results:
                break
            # a cut-off iteration still decides among the turns it finished (the previous best came first)
            results.sort(key=lambda e: (-e[0], e[1]))
            best_v = results[0][0]
            best = (results[0][2], results[0][3], results[0][4])
            line = [results[0][2]] + results[0][5]
            done = {id(r[2]) for r in results}
            order = [(r[2], r[3], r[4]) for r in results] + [o for o in order if id(o[0]) not in done]
            if cut:
                break
            self.depth_done = d
        return best[0], best_v - self.jitter(best[0], best_v), line

    # -- inner nodes ------------------------------------------------------------------------------
    def negamax(self, pos: Any, depth: int, alpha: float, beta: float, ply: int, static: float):
        """The value of ``pos`` searched ``depth`` plies deep (fail-soft), with its line.  A node of
        depth >= 1 is looked up in the transposition table first: an entry searched at least as
        deep answers when its value is exact or its bound already decides against the window.
        (The quiescence below depth 0 depends on the square the last turn landed on, not on the
        position alone: it is never stored.)"""
        if pos.result is not None:
            return terminal_score(pos, ply), []
        if depth <= 0:
            return self.qsearch(pos, alpha, beta, self.p.qdepth, ply, static)
        if self.tt_key is None:
            return self._negamax(pos, depth, alpha, beta, ply, static, None)
        key = self.tt_key(pos)
        e = self.tt.get(key)
        hint = None
        if e is not None:
            v = e[2]
            if e[0] >= depth and (e[1] == EXACT or (e[1] == LOWER and v >= beta) or (e[1] == UPPER and v <= alpha)):
                self.tt_hits += 1
                return v, list(e[3])
            if e[3]:
                hint = e[3][0]  # the best turn of a shallower search (the last iteration) goes first
        v, pv = self._negamax(pos, depth, alpha, beta, ply, static, hint)
        if len(self.tt) < TT_MAX or key in self.tt:
            flag = UPPER if v <= alpha else LOWER if v >= beta else EXACT
            if e is None or e[0] <= depth:
                self.tt[key] = (depth, flag, v, tuple(pv))
        return v, pv

    def _negamax(self, pos: Any, depth: int, alpha: float, beta: float, ply: int, static: float, hint: Any):
        width = self.p.gen_width
        if ply == 1 and depth >= 2 and self.p.reply_width is not None:
            width = self.p.reply_width
        turns = self._inner(pos, width, ply)
        if hint is not None and len(turns) > 1 and turns[0] != hint:
            _to_front(turns, hint)
        best, pv = -INF, []
        if depth == 1:  # leaf parents: apply one at a time, cut off early
            for t in turns:
                r = self._apply(pos, t, ply)
                if r is None:
                    continue
                child, st = r
                if self.p.qdepth and child.result is None:
                    v, cpv = self.qsearch(child, -beta, -alpha, self.p.qdepth, ply + 1, st)
                    v = -v
                else:
                    v, cpv = -st, []
                if v > best:
                    best, pv = v, [t] + cpv
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            self.killers[ply] = t
                            break
            return (static, []) if best == -INF else (best, pv)
        kids: list = []
        for t in turns:
            r = self._apply(pos, t, ply)
            if r is not None:
                kids.append((-r[1], len(kids), t, r[0], r[1]))
        if not kids:
            return static, []
        kids.sort(key=lambda e: (-e[0], e[1]))
        kids = kids[: self.p.keep]
        if hint is not None:  # the same children, the last iteration's best first
            for i, k in enumerate(kids):
                if k[2] == hint:
                    kids.insert(0, kids.pop(i))
                    break
        for _pe, _, t, child, st in kids:
            v, cpv = self.negamax(child, depth - 1, -beta, -alpha, ply + 1, st)
            v = -v
            if v > best:
                best, pv = v, [t] + cpv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best, pv

    def qsearch(self, pos: Any, alpha: float, beta: float, qd: int, ply: int, static: float):
        if pos.result is not None:
            return terminal_score(pos, ply), []
        if static >= beta or qd <= 0:
            return static, []
        alpha = max(alpha, static)
        best, pv = static, []
        for t in self._ordered(pos, self.a.tactical(pos), self.p.qwidth):
            r = self._apply(pos, t, ply)
            if r is None:
                continue
            child, st = r
            v, cpv = self.qsearch(child, -beta, -alpha, qd - 1, ply + 1, st)
            v = -v
            if v > best:
                best, pv = v, [t] + cpv
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        return best, pv


def spread(items: list, n: int, family: Callable[[Any], Any], at: Callable[[Any], Any] = lambda x: x) -> list:
    """The first ``n`` of ``items`` taking one per family first (in order), then the rest in order:
    the adapter's ``family(turn)`` names turns that differ only in a detail (spirit chess: the
    level-up of the same move), so a width spends itself on different moves first."""
    first: list = []
    rest: list = []
    seen: set = set()
    for it in items:
        f = family(at(it))
        (rest if f in seen else first).append(it)
        seen.add(f)
    return (first + rest)[:n]


def _first(entry: tuple) -> Any:
    return entry[0]


def _to_front(turns: list, turn: Any) -> None:
    """Move ``turn`` to the front of ``turns`` when it is among them (the set stays the same)."""
    try:
        i = turns.index(turn)
    except ValueError:
        return
    turns.insert(0, turns.pop(i))


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a search runs (issue 18, speed): a search allocates
    hundreds of thousands of short-lived tuples and lists, all freed by reference counting (its
    nodes point only to their parents), and the collector's passes over them and over the
    transposition table cost about a tenth of the search's time.  It is switched back on
    afterwards only if it was on before (a caller that keeps it off keeps it off); the search's
    results do not depend on it."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def searched_suggestion(
    adapter: Any,
    params: SearchParams,
    position: Any,
    seed: int,
    nodes: int | None,
    budget_ms: int | None,
    clock: Callable[[], float] | None,
    explain: Callable[[Any, Any, float], str],
    fallback: Callable[[], Any],
    drawn: Callable[[Any], bool] | None = None,
) -> Suggestion:
    """Levels 1-3 of either game: search under the level's (or the asked) node budget, then say
    why; ``fallback()`` gives a random legal turn when the search finds no candidate."""
    n = nodes if nodes is not None else params.nodes
    budget = Budget(n, budget_ms) if clock is None else Budget(n, budget_ms, clock)
    s = Search(adapter, params, budget, seed, drawn=drawn)
    with gc_paused():
        turn, value, line = s.run(position)
    if turn is None:
        t = fallback()
        return Suggestion(t, value, (t,) if t else (), budget.used, "no candidate: a random legal turn", 0)
    return Suggestion(turn, value, tuple(line), budget.used, explain(position, turn, value), s.depth_done)
