"""``daqi puzzles make|selfplay|check|list`` (no window; ``daqi puzzles play`` is the viewer's).

daqi puzzles selfplay --game cube --games 80 --seed 1 --out-dir games/    self-play records
daqi puzzles make games/*.txt --out my.toml [--min-gain 3] [--limit N]      puzzles from records
daqi puzzles check [FILE]                                                   every puzzle verified
daqi puzzles list [FILE]                                                    one line each
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

from ..core import games
from ..core.errors import DaqiError, IllegalAction
from ..players import suggest
from .finder import Options, check_puzzle, find_in_game
from .games import kind_named
from .store import BUNDLED, bundled_puzzles, load_puzzles, save_puzzles

MAX_GAMES = 10_000


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise DaqiError(message, code="bad-option")


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="daqi puzzles",
        description="Puzzles made from played games (docs/PUZZLES.md). "
        "'daqi puzzles play [FILE]' solves them in the window (see 'daqi puzzles play --help').",
    )
    sub = p.add_subparsers(dest="verb", required=True)
    mk = sub.add_parser("make", help="find puzzles in game records")
    mk.add_argument("games", nargs="+", help="record files (cube or spirit chess)")
    mk.add_argument("--out", required=True, help="the puzzle file to write (TOML)")
    mk.add_argument("--min-gain", type=int, default=Options.min_gain, help="material a puzzle must win (3)")
    mk.add_argument("--margin", type=int, default=Options.margin, help="how much worse every other turn is (2)")
    mk.add_argument("--deep-level", type=int, default=Options.deep_level, choices=(1, 2, 3))
    mk.add_argument("--limit", type=int, default=None, help="keep at most this many (the most varied first)")
    mk.add_argument("--min-ply", type=int, default=Options.min_ply, help="skip this many opening positions (2)")
    sp = sub.add_parser("selfplay", help="write self-play game records to find puzzles in")
    sp.add_argument("--game", choices=games.names(), default=games.names()[0])
    sp.add_argument("--games", type=int, default=10)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--levels", default="1,2", help="the levels the players alternate between (1,2)")
    sp.add_argument("--opening", type=int, default=6, help="random turns first, for variety (6)")
    sp.add_argument("--max-plies", type=int, default=100)
    sp.add_argument(
        "--start",
        choices=("setup", "sparse"),
        default="setup",
        help="cube chess: begin from the setup, or from a constructed sparse position near the end game "
        "(engine/puzzles/compose.py; deterministic for the seed)",
    )
    sp.add_argument("--out-dir", required=True)
    for name in ("check", "list"):
        c = sub.add_parser(name, help=f"{name} the puzzles of a file (default: the bundled sets)")
        c.add_argument("file", nargs="?")
    return p


def _load_record(path: str):
    """A game of either kind from a record file (the registry decides which: engine.core.games)."""
    from ..core.games import load_record

    return load_record(path)


def _spread(puzzles: list, limit: int | None) -> list:
    """Distinct positions; with a limit, round-robin over the tag sets so the set stays varied."""
    seen, unique = set(), []
    for p in puzzles:
        if p.position not in seen:
            seen.add(p.position)
            unique.append(p)
    if limit is None or len(unique) <= limit:
        return unique
    groups: dict = {}
    for p in unique:
        groups.setdefault(p.tags, []).append(p)
    out: list = []
    while len(out) < limit:
        for g in list(groups.values()):
            if g and len(out) < limit:
                out.append(g.pop(0))
    return out


def make(args) -> int:
    if len(args.games) > MAX_GAMES:
        raise DaqiError(f"at most {MAX_GAMES} records at once, got {len(args.games)}", code="limit")
    opts = Options(min_gain=args.min_gain, margin=args.margin, deep_level=args.deep_level, min_ply=max(0, args.min_ply))
    found = []
    t0, c0 = time.perf_counter(), time.process_time()
    for i, path in enumerate(args.games, 1):
        game = _load_record(path)
        got = find_in_game(game, opts, name=Path(path).name)
        found += got
        print(f"daqi puzzles: {i}/{len(args.games)} {path}: {len(got)} puzzles", file=sys.stderr)
    kept = _spread(found, args.limit)
    kept.sort(key=lambda p: (p.game, p.rating, p.id))
    save_puzzles(kept, args.out)
    print(
        f"daqi puzzles: wrote {len(kept)} puzzles to {args.out} from {len(args.games)} records "
        f"({time.perf_counter() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU)",
        file=sys.stderr,
    )
    return 0


def selfplay(args) -> int:
    levels = [int(v) for v in args.levels.split(",") if v.strip()]
    if not levels or any(lv not in (0, 1, 2, 3) for lv in levels) or not 0 < args.games <= MAX_GAMES:
        raise DaqiError("--levels takes levels 0-3 such as 1,2; --games 1..10000", code="bad-option")
    sparse = kind_named(args.game).sparse_start if args.start == "sparse" else None
    if args.start == "sparse" and sparse is None:
        raise DaqiError(
            f"--start sparse is for cube chess ({args.game} chess starts from its setup)", code="bad-option"
        )
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    for k in range(args.games):
        seed = args.seed + k
        rng = random.Random(seed)
        kind = games.get(args.game)
        game: Any
        if sparse is not None:
            start = sparse(random.Random(f"sparse {seed}"))
            game = kind.game_type(start.rules, start=start)
        else:
            game = kind.game_type(kind.default_ruleset)
        while len(game.turns) < args.max_plies and game.position.result is None:
            pos: Any = game.position
            n = len(game.turns)
            t: Any
            if n < args.opening:
                t = kind.random_turn(pos, rng)
            else:
                t = suggest(pos, levels[(n // 2 + seed) % len(levels)], seed=seed * 1000 + n).turn
            if t is None:
                break
            try:
                game.play(t)
            except IllegalAction:
                break
        stem = "sparse" if args.start == "sparse" else "selfplay"
        path = out / f"{stem}-{args.game}-{seed:04d}.txt"
        path.write_text(game.to_text(), encoding="utf-8")
        print(f"daqi puzzles: wrote {path} ({len(game.turns)} turns)", file=sys.stderr)
    return 0


def _file_puzzles(file):
    return load_puzzles(file) if file else bundled_puzzles()


def check(args) -> int:
    puzzles = _file_puzzles(args.file)
    problems = [msg for p in puzzles for msg in check_puzzle(p)]
    for msg in problems:
        print(msg)
    print(f"daqi puzzles: {len(puzzles) - len({m.split(':')[0] for m in problems})}/{len(puzzles)} puzzles check out")
    return 1 if problems else 0


def listing(args) -> int:
    for p in _file_puzzles(args.file):
        goal = p.goal if p.moves == 1 else f"{p.goal} in {p.moves}"
        print(f"{p.id}  {p.rating:5d}  {goal:8s}  {', '.join(p.tags)}")
    return 0


def main(argv: list | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = parser().parse_args(argv)
        return {"make": make, "selfplay": selfplay, "check": check, "list": listing}[args.verb](args)
    except DaqiError as exc:
        print(f"daqi puzzles: error: {exc}", file=sys.stderr)
        return 2


__all__ = ["BUNDLED", "main"]

if __name__ == "__main__":
    raise SystemExit(main())
