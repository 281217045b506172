"""The arena: seeded games between computer players in worker processes (docs/ARENA.md).

``run_arena(games, levels, game="cube", ruleset=..., jobs=K, seed=S)`` plays ``games`` games per
pairing of consecutive levels (``levels=(1, 2)`` -> level 1 against level 2; ``(0, 1, 2, 3)`` -> 0-1,
1-2, 2-3), half of them with each colour, through a :class:`Pool` (``ProcessPool`` here; a cluster
pool only needs ``map_unordered``).  Every game is a pure function of its :class:`GameSpec` except
the think times.  ``python -m engine.players.arena --help`` for the command line; the report
(:mod:`.arena_report`) prints the tables.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ..core import games as registry
from ..core.errors import DaqiError
from ..core.files import atomic_write_text
from ..core.loader import load_ruleset_arg
from .arena_games import ADJUDICATE_POINTS, ADJUDICATE_SPIRIT, COUNT_KEYS, arena_of  # noqa: F401
from .base import LEVELS
from .dispatch import suggest

OPENING_PLIES = 2  # seeded random turns before the players take over (varies the games)


@dataclass(frozen=True)
class GameSpec:
    game: str
    ruleset: str
    white: int
    black: int
    seed: int
    max_plies: int
    nodes: dict = field(default_factory=dict)  # level -> node budget (absent: the level's default)
    opening: int = OPENING_PLIES
    adjudicate: bool = False  # at the ply cap a clear lead wins (ADJUDICATE_* below) instead of a draw


@dataclass
class GameResult:
    spec: GameSpec
    winner: str | None
    reason: str
    category: str
    plies: int
    think: dict  # side -> [seconds per turn]
    nodes: dict  # side -> [nodes per turn]
    spent: dict  # cube: side -> {"hire", "surcharge", "hyperjump", "stack"}; spirit: {}
    counts: dict  # side -> {"drops", "hyperjumps", "stacks", "captures", ...}
    max_dimension: int
    cpu: dict = field(default_factory=dict)  # side -> [CPU seconds per turn] (time.process_time)


class Pool(Protocol):
    """Runs ``fn`` over ``items`` and yields the results as they finish (any order)."""

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]: ...


class SerialPool:
    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        for it in items:
            yield fn(it)


class ProcessPool:
    """Local worker processes (concurrent.futures)."""

    def __init__(self, jobs: int):
        self.jobs = max(1, jobs)

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        with ProcessPoolExecutor(max_workers=self.jobs) as ex:
            pending = {ex.submit(fn, it) for it in items}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()


def categorize(game: str, reason: str, last_was_facing: bool = False) -> str:
    """Short category of how a game ended (rule ids of docs/RULES.md and RULES-spirit.md)."""
    return arena_of(game).category(reason, last_was_facing)


def _levels_budget(spec: GameSpec, level: int):
    return spec.nodes.get(level)


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to its end or to ``spec.max_plies`` (then a draw, category "arena ply cap")."""
    rng = random.Random(spec.seed)
    think: dict = {"white": [], "black": []}
    cpu: dict = {"white": [], "black": []}
    nodes: dict = {"white": [], "black": []}
    counts = {s: dict.fromkeys(COUNT_KEYS, 0) for s in ("white", "black")}
    level = {"white": spec.white, "black": spec.black}
    kind = registry.get(spec.game)
    arena = arena_of(spec.game)
    g = kind.new_game(load_ruleset_arg(spec.ruleset))  # a name or a ruleset file the user named
    pos = g.position
    max_dim = arena.max_dimension(pos)
    flag = False
    ply = 0
    while pos.result is None and ply < spec.max_plies:
        side = pos.to_move
        turn: Any  # the game's turn type
        if ply < spec.opening:
            turn = kind.random_turn(pos, rng)
            dt, n = 0.0, 0
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            s = suggest(
                pos,
                level[side],
                seed=spec.seed * 1000 + ply,
                nodes=_levels_budget(spec, level[side]),
                repeats=g.repeat_positions(),
            )
            dt = time.perf_counter() - t0
            cpu[side].append(time.process_time() - c0)
            turn, n = s.turn, s.nodes
            think[side].append(dt)
            nodes[side].append(n)
        if turn is None:
            break
        before = pos
        pos = g.play(turn)
        flag = arena.count(counts[side], before, turn, g)
        max_dim = max(max_dim, arena.max_dimension(pos))
        ply += 1
    if pos.result is None:
        winner, reason, cat = None, f"arena ply cap {spec.max_plies}", "arena ply cap (draw)"
        if spec.adjudicate:
            winner, reason = arena.adjudicate(pos, spec.max_plies)
            if winner is not None:
                cat = "arena ply cap, adjudicated"
    else:
        winner, reason = pos.result.winner, pos.result.reason
        cat = arena.category(reason, flag)
    return GameResult(spec, winner, reason, cat, ply, think, nodes, arena.spent(pos), counts, max_dim, cpu)


def pairings(levels: Iterable[int]) -> list:
    lv = list(levels)
    if len(lv) < 2:
        raise ValueError("an arena needs at least two levels")
    return [(lv[i], lv[i + 1]) for i in range(len(lv) - 1)]


def make_specs(
    games: int,
    levels: Iterable[int],
    game: str = registry.DEFAULT_GAME,
    ruleset: str | None = None,
    seed: int = 0,
    max_plies: int | None = None,
    nodes: dict | None = None,
    adjudicate: bool = False,
) -> list:
    kind = registry.get(game)
    ruleset = ruleset or kind.default_ruleset
    max_plies = max_plies or kind.max_plies
    specs = []
    for a, b in pairings(levels):
        for i in range(games):
            w, bl = (a, b) if i % 2 == 0 else (b, a)
            specs.append(
                GameSpec(
                    game,
                    ruleset,
                    w,
                    bl,
                    seed * 100_003 + a * 1009 + b * 101 + i,
                    max_plies,
                    dict(nodes or {}),
                    adjudicate=adjudicate,
                )
            )
    return specs


def run_arena(
    games: int,
    levels: Iterable[int],
    game: str = registry.DEFAULT_GAME,
    ruleset: str | None = None,
    jobs: int = 1,
    seed: int = 0,
    max_plies: int | None = None,
    nodes: dict | None = None,
    pool: Pool | None = None,
    progress: bool = True,
    adjudicate: bool = False,
) -> list:
    """Play the games and return their :class:`GameResult` list (sorted by pairing and seed)."""
    specs = make_specs(games, levels, game, ruleset, seed, max_plies, nodes, adjudicate)
    pool = pool or (ProcessPool(jobs) if jobs > 1 else SerialPool())
    it = pool.map_unordered(play_game, specs)
    if progress:
        from tqdm import tqdm

        it = tqdm(it, total=len(specs), desc=f"arena {game}", unit="game", file=sys.stderr)
    results = list(it)
    results.sort(key=lambda r: (min(r.spec.white, r.spec.black), max(r.spec.white, r.spec.black), r.spec.seed))
    return results


def _parse_levels(text: str) -> list:
    try:
        lv = [int(v) for v in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"levels must be comma-separated integers, got {text!r}") from None
    if len(lv) < 2 or any(v not in LEVELS for v in lv):
        raise argparse.ArgumentTypeError(f"give at least two levels out of {LEVELS}, got {text!r}")
    return lv


#: bounds of the arena's numeric options, checked before anything runs (docs/ARENA.md)
MAX_GAMES = 10_000
MAX_JOBS = 64
MAX_NODES = 50_000
MAX_PLIES = 100_000


class _Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line (``daqi arena: ...``) and exit status 2."""

    def error(self, message: str):
        print(f"daqi arena: {message} (see 'daqi arena --help')", file=sys.stderr)
        raise SystemExit(2)


def _fail(message: str) -> int:
    print(f"daqi arena: {message}", file=sys.stderr)
    return 2


def _check_args(args) -> str | None:
    """The first user error in the options, checked before any game is played, or None."""
    for name, lo, hi in (
        ("games", 1, MAX_GAMES),
        ("jobs", 1, MAX_JOBS),
        ("nodes", 1, MAX_NODES),
        ("plies", 1, MAX_PLIES),
    ):
        v = getattr(args, name)
        if v is not None and not lo <= v <= hi:
            return f"--{name} must be in {lo}..{hi:,}, got {v}"
    if not -(2**63) <= args.seed < 2**63:
        return f"--seed must be a 64-bit integer, got {args.seed}"
    if args.ruleset is not None:
        try:
            rules = load_ruleset_arg(args.ruleset)
        except DaqiError as exc:
            return f"--ruleset: {exc}"
        if getattr(rules, "game", None) != args.game:
            return f"--ruleset {args.ruleset!r} is a {getattr(rules, 'game', '?')} ruleset, not {args.game} (--game)"
    if args.json:
        import os

        if os.path.isdir(args.json):
            return f"--json {args.json!r} is a folder; give a file name"
        parent = os.path.dirname(os.path.abspath(args.json))
        if not os.path.isdir(parent) or not os.access(parent, os.W_OK):
            return f"--json {args.json!r}: cannot write into its folder"
    if sys.stdout is None:
        return "standard output is closed: the report has nowhere to go"
    return None


def main(argv: list | None = None) -> int:
    from .arena_report import report

    ap = _Parser(prog="daqi arena", description="Seeded games between computer players.")
    ap.add_argument(
        "--games", type=int, default=40, help=f"games per pairing (half with each colour; 1..{MAX_GAMES:,})"
    )
    ap.add_argument("--levels", type=_parse_levels, default=[1, 2], help="e.g. 1,2 or 0,1,2,3 (consecutive pairs)")
    ap.add_argument("--game", choices=registry.names(), default=registry.DEFAULT_GAME)
    ap.add_argument("--ruleset", default=None, help="standard, free-combination, spirit or a path")
    ap.add_argument("--jobs", type=int, default=1, help=f"worker processes (1..{MAX_JOBS}; never more than games)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--nodes", type=int, default=None, help="node budget of every searching level (2, 3, 4)")
    ap.add_argument("--plies", type=int, default=None, help="ply cap per game (a draw when reached)")
    ap.add_argument(
        "--adjudicate",
        action="store_true",
        help="at the ply cap a clear lead wins (cube: >= 6 points of score; spirit: >= 5 points of "
        "material with levels) instead of a draw",
    )
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--json", default=None, help="also write the raw results to this file")
    args = ap.parse_args(argv)
    problem = _check_args(args)
    if problem:
        return _fail(problem)
    nodes = dict.fromkeys((2, 3, 4), args.nodes) if args.nodes else {}
    n_games = args.games * (len(args.levels) - 1)
    jobs = min(args.jobs, n_games)
    t0 = time.perf_counter()
    results = run_arena(
        args.games,
        args.levels,
        args.game,
        args.ruleset,
        jobs,
        args.seed,
        args.plies,
        nodes,
        progress=not args.no_progress,
        adjudicate=args.adjudicate,
    )
    wall = time.perf_counter() - t0
    if args.json:
        import json

        try:
            atomic_write_text(args.json, json.dumps([asdict(r) for r in results]))
        except OSError as exc:
            return _fail(f"cannot write --json {args.json!r}: {exc.strerror or type(exc).__name__}")
    try:
        print(report(results, wall=wall, jobs=jobs), flush=True)
    except (BrokenPipeError, OSError, ValueError):  # stdout closed or gone (a pipe whose reader quit)
        import os

        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # no second error when Python flushes at exit
        except OSError:
            pass
        return _fail("cannot write the report: standard output is closed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
