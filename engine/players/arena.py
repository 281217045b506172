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

from ..core.loader import load_ruleset
from ..cube.game import Game
from ..cube.randomplay import random_turn
from ..spirit.position import apply_spirit_turn
from ..spirit.setup import default_placement, spirit_start_position
from .arena_features import turn_features
from .base import LEVELS
from .dispatch import suggest
from .spirit_player import evaluate as spirit_evaluate
from .spirit_player import random_spirit_turn

DEFAULT_PLIES = {"cube": 200, "spirit": 200}
OPENING_PLIES = 2  # seeded random turns before the players take over (varies the games)
ADJUDICATE_POINTS = 6  # cube: a score lead of at least this many points at the cap wins
ADJUDICATE_SPIRIT = 500.0  # spirit: a static lead of at least 5 points (material with levels) wins


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
    if game == "spirit":
        return {
            "sect-captured": "S3 sect captured",
            "no-legal-turn": "no legal turn",
            "turn-limit": "H6 turn limit",
        }.get(reason, reason)
    table = (
        ("G11", "G11 both lose (draw)"),
        ("C8", "C8 crowned prince captured"),
        ("no prince", "C4 king captured, no prince"),
        ("C4", "C4 king captured"),
        ("C5", "C5 king's home taken"),
        ("C7", "C7 prince's home taken"),
        ("C16", "C16 score"),
        ("repeated", "G14 repetition"),
        ("G14", "G14 turn limit"),
    )
    for key, name in table:
        if key in reason:
            if name.startswith("C4") and last_was_facing:
                return "C3 facing kings (C4)"
            return name
    return reason


def _is_facing(pos, turn) -> bool:
    """Was ``turn`` a king capturing the enemy king from farther than one step (C3)?"""
    if turn.origin is None or not turn.actions or turn.actions[0].kind != "capture":
        return False
    st = pos.cell(turn.origin)
    if not st or st[0].type != "king":
        return False
    to = turn.actions[0].to
    return any(p.type == "king" for p in pos.cell(to)) and (
        len(to) != len(turn.origin)
        or to[2:] != turn.origin[2:]
        or max(abs(to[0] - turn.origin[0]), abs(to[1] - turn.origin[1])) > 1
    )


def _levels_budget(spec: GameSpec, level: int):
    return spec.nodes.get(level)


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to its end or to ``spec.max_plies`` (then a draw, category "arena ply cap")."""
    rng = random.Random(spec.seed)
    think: dict = {"white": [], "black": []}
    cpu: dict = {"white": [], "black": []}
    nodes: dict = {"white": [], "black": []}
    counts = {
        s: {
            "drops": 0,
            "hyperjumps": 0,
            "stacks": 0,
            "splits": 0,
            "promotions": 0,
            "jumps": 0,
            "captures": 0,
            "transforms": 0,
            "green_drops": 0,  # drops inside the green area (arena_features)
            "max_dim": 3,  # the highest dimension this side's turns reached
        }
        for s in ("white", "black")
    }
    level = {"white": spec.white, "black": spec.black}
    max_dim = 3
    facing = False
    pos: Any  # a cube Position or a SpiritPosition: the game decides
    if spec.game == "spirit":
        rules = load_ruleset(spec.ruleset)
        pos = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    else:
        g = Game(spec.ruleset)
        pos = g.position
    ply = 0
    while pos.result is None and ply < spec.max_plies:
        side = pos.to_move
        turn: Any  # a cube Turn or a SpiritTurn, as the game is
        if ply < spec.opening:
            turn = random_spirit_turn(pos, rng) if spec.game == "spirit" else random_turn(pos, rng)
            dt, n = 0.0, 0
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            s = suggest(pos, level[side], seed=spec.seed * 1000 + ply, nodes=_levels_budget(spec, level[side]))
            dt = time.perf_counter() - t0
            cpu[side].append(time.process_time() - c0)
            turn, n = s.turn, s.nodes
            think[side].append(dt)
            nodes[side].append(n)
        if turn is None:
            break
        if spec.game == "spirit":
            new, caps = apply_spirit_turn(pos, turn)
            counts[side]["captures"] += sum(1 for c in caps if c.piece.side != side)
            counts[side]["transforms"] += turn.transform is not None
            pos = new
        else:
            kinds = [a.kind for a in turn.actions]
            counts[side]["drops"] += "drop" in kinds
            counts[side]["hyperjumps"] += "hyperjump" in kinds
            counts[side]["stacks"] += "stack" in kinds
            counts[side]["splits"] += "split" in kinds
            counts[side]["promotions"] += "promote" in kinds
            counts[side]["jumps"] += "jump" in kinds
            counts[side]["captures"] += "capture" in kinds
            feat = turn_features(pos, turn)
            counts[side]["green_drops"] += feat["green_drops"]
            counts[side]["max_dim"] = max(counts[side]["max_dim"], feat["dim"])
            facing = _is_facing(pos, turn)
            pos = g.play(turn)
            max_dim = max(max_dim, pos.max_dimension())
        ply += 1
    if pos.result is None:
        winner, reason, cat = None, f"arena ply cap {spec.max_plies}", "arena ply cap (draw)"
        if spec.adjudicate:
            winner, reason = _adjudicate(spec, pos)
            if winner is not None:
                cat = "arena ply cap, adjudicated"
    else:
        winner, reason = pos.result.winner, pos.result.reason
        cat = categorize(spec.game, reason, facing)
    spent = {}
    if spec.game != "spirit":
        spent = {s: {k: pos.ledger[s][k] for k in ("hire", "surcharge", "hyperjump", "stack")} for s in pos.ledger}
    return GameResult(spec, winner, reason, cat, ply, think, nodes, spent, counts, max_dim, cpu)


def _adjudicate(spec: GameSpec, pos) -> tuple:
    """The side clearly ahead at the ply cap (or None): score points in cube chess, the static
    evaluation (material with levels) in spirit chess."""
    if spec.game == "spirit":
        v = spirit_evaluate(pos)
        v = v if pos.to_move == "white" else -v
        if abs(v) >= ADJUDICATE_SPIRIT:
            return ("white" if v > 0 else "black"), f"adjudicated at the ply cap {spec.max_plies}: {v / 100:+.1f}"
        return None, f"arena ply cap {spec.max_plies}"
    d = pos.scores["white"] - pos.scores["black"]
    if abs(d) >= ADJUDICATE_POINTS:
        return ("white" if d > 0 else "black"), f"adjudicated at the ply cap {spec.max_plies}: score {d:+d}"
    return None, f"arena ply cap {spec.max_plies}"


def pairings(levels: Iterable[int]) -> list:
    lv = list(levels)
    if len(lv) < 2:
        raise ValueError("an arena needs at least two levels")
    return [(lv[i], lv[i + 1]) for i in range(len(lv) - 1)]


def make_specs(
    games: int,
    levels: Iterable[int],
    game: str = "cube",
    ruleset: str | None = None,
    seed: int = 0,
    max_plies: int | None = None,
    nodes: dict | None = None,
    adjudicate: bool = False,
) -> list:
    ruleset = ruleset or ("spirit" if game == "spirit" else "standard")
    max_plies = max_plies or DEFAULT_PLIES[game]
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
    game: str = "cube",
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


def main(argv: list | None = None) -> int:
    from .arena_report import report

    ap = argparse.ArgumentParser(prog="daqi arena", description="Seeded games between computer players.")
    ap.add_argument("--games", type=int, default=40, help="games per pairing (half with each colour)")
    ap.add_argument("--levels", type=_parse_levels, default=[1, 2], help="e.g. 1,2 or 0,1,2,3 (consecutive pairs)")
    ap.add_argument("--game", choices=("cube", "spirit"), default="cube")
    ap.add_argument("--ruleset", default=None, help="standard, free-combination, spirit or a path")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
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
    if args.games < 1:
        ap.error("--games must be at least 1")
    nodes = dict.fromkeys((2, 3, 4), args.nodes) if args.nodes else {}
    t0 = time.perf_counter()
    results = run_arena(
        args.games,
        args.levels,
        args.game,
        args.ruleset,
        args.jobs,
        args.seed,
        args.plies,
        nodes,
        progress=not args.no_progress,
        adjudicate=args.adjudicate,
    )
    wall = time.perf_counter() - t0
    print(report(results, wall=wall, jobs=args.jobs))
    if args.json:
        import json

        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump([asdict(r) for r in results], fh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
