"""``daqi arena`` with the lab's match options, and ``daqi study`` (docs/ARENA.md).

``daqi arena`` without any of :data:`MATCH_OPTIONS` is the arena of :mod:`engine.players.arena`
(level pairings and the rules report), unchanged; with one of them it is a :mod:`.match`.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..core import games as registry
from ..players import arena
from .match import Adjudication, MatchConfig, run_match
from .players import PlayerSpec, parse_player
from .sprt import parse_sprt

MATCH_OPTIONS = (
    "--sprt",
    "--player",
    "--pairs",
    "--out",
    "--resume",
    "--openings",
    "--opening-plies",
    "--balanced",
    "--cluster",
    "--resign",
    "--draw",
)


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {v}")
    return v


def _player(text: str) -> PlayerSpec:
    try:
        return parse_player(text)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _numbers(text: str, n: int, what: str) -> list[float]:
    parts = text.split("/")
    try:
        vals = [float(p) for p in parts]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{what}, got {text!r}") from None
    if len(vals) != n or any(v < 0 or v != v or v == float("inf") for v in vals):
        raise argparse.ArgumentTypeError(f"{what}, got {text!r}")
    return vals


def match_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="daqi arena",
        description="A match between two players in game pairs (one opening, colours swapped): "
        "pentanomial counts, Elo with a 95 %% interval, optional SPRT (docs/ARENA.md).",
    )
    ap.add_argument(
        "--player",
        action="append",
        type=_player,
        default=None,
        metavar="SPEC",
        help="give twice: A then B (A's score is reported). SPEC: a level (2), a level with a node "
        "budget (3/800), or an outside program speaking the protocol's suggest (cmd:python bot.py, "
        "cmd@1:... sends level 1). Default: the two --levels, higher first.",
    )
    ap.add_argument("--levels", type=arena._parse_levels, default=None, help="two levels, e.g. 2,3 (A = the higher)")
    ap.add_argument("--ruleset", default="standard", help="standard, free-combination, spirit or a ruleset file")
    ap.add_argument("--pairs", type=_positive, default=None, help="game pairs at most (default 20; 1000 with --sprt)")
    ap.add_argument("--games", type=_positive, default=None, help="games at most (rounded up to whole pairs)")
    ap.add_argument("--sprt", nargs="+", metavar="K=V", help="elo0=0 elo1=20 alpha=0.05 beta=0.05: stop when decided")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opening-plies", type=int, default=2, help="level-0 plies of each seeded opening (default 2)")
    ap.add_argument("--openings", default=None, metavar="FILE", help="a file of records: pair i starts from record i")
    ap.add_argument(
        "--balanced",
        type=float,
        default=None,
        metavar="CENTI",
        help="seeded openings only: redraw an opening that level 1 evaluates beyond +-CENTI centi-points (e.g. 300)",
    )
    ap.add_argument("--plies", type=_positive, default=200, help="ply cap (a draw when reached; default 200)")
    ap.add_argument("--nodes", type=_positive, default=None, help="node budget of every level without its own")
    ap.add_argument(
        "--resign",
        default=None,
        metavar="SCORE/PLIES",
        help="adjudicate a loss when both evaluations are SCORE centi-points behind for PLIES plies (e.g. 800/4)",
    )
    ap.add_argument(
        "--draw",
        default=None,
        metavar="AFTER/SCORE/PLIES",
        help="adjudicate a draw from ply AFTER on when PLIES plies stay within +-SCORE (e.g. 80/20/8)",
    )
    ap.add_argument("--jobs", type=_positive, default=1, help="local worker processes")
    ap.add_argument("--cluster", default=None, metavar="ADDRESS", help="'local' or a Dask scheduler tcp://host:8786")
    ap.add_argument("--out", default=None, metavar="DIR", help="write records, games.jsonl and summary.json here")
    ap.add_argument("--resume", default=None, metavar="DIR", help="continue the match in DIR (its own settings)")
    ap.add_argument("--no-progress", action="store_true")
    ap.add_argument("--json", default=None, metavar="FILE", help="also write the summary and timing as JSON to FILE")
    ap.add_argument("--game", choices=registry.names(), default=None, help=argparse.SUPPRESS)
    return ap


def config_from(args, ap) -> MatchConfig:
    players = args.player or []
    if players and len(players) != 2:
        ap.error("--player is given twice: player A, then player B")
    if not players:
        lv = args.levels or [2, 3]
        if len(lv) != 2:
            ap.error("a match has two players: give --levels A,B (two levels) or --player twice")
        players = [PlayerSpec(max(lv)), PlayerSpec(min(lv))]
    if args.nodes:
        players = [p if p.nodes or p.cmd else PlayerSpec(p.level, args.nodes) for p in players]
    try:
        sprt = parse_sprt(args.sprt) if args.sprt else None
    except ValueError as e:
        ap.error(str(e))
    pairs = args.pairs or ((args.games + 1) // 2 if args.games else (1000 if sprt else 20))
    adj = Adjudication(max_plies=args.plies)
    try:
        if args.resign:
            s, p = _numbers(args.resign, 2, "--resign is SCORE/PLIES, e.g. 800/4")
            adj = Adjudication(adj.max_plies, s, max(1, int(p)))
        if args.draw:
            a, s, p = _numbers(args.draw, 3, "--draw is AFTER/SCORE/PLIES, e.g. 80/20/8")
            adj = Adjudication(adj.max_plies, adj.resign_score, adj.resign_plies, int(a), s, max(1, int(p)))
    except argparse.ArgumentTypeError as e:
        ap.error(str(e))
    ruleset = args.ruleset
    if args.game and args.ruleset == "standard":
        ruleset = registry.get(args.game).default_ruleset
    if not 0 <= args.opening_plies <= 40:
        ap.error("--opening-plies lies in 0..40")
    if args.balanced is not None and not 0 < args.balanced < 1e6:
        ap.error("--balanced is a positive number of centi-points, e.g. 300")
    return MatchConfig(
        ruleset,
        players[0],
        players[1],
        pairs,
        args.seed,
        args.opening_plies,
        args.openings,
        adj,
        sprt,
        opening_balance=args.balanced,
    )


def summary_text(result: dict) -> str:
    s, t = result["summary"], result["timing"]
    out = [
        f"Match {s['a']} (A) vs {s['b']} (B), ruleset {s['ruleset']}: {s['games']} games in {s['pairs']} pairs, {s['status']}",
        f"A: {s['a_wins']} wins, {s['draws']} draws, {s['a_losses']} losses; score {100 * s['score']:.1f} %"
        f" (as White {s['a_as_white']['w']}-{s['a_as_white']['d']}-{s['a_as_white']['l']},"
        f" as Black {s['a_as_black']['w']}-{s['a_as_black']['d']}-{s['a_as_black']['l']})",
        f"Elo difference (A - B): {s['elo']['text']}, 95 % interval",
        f"Pentanomial [LL, LD, DD+WL, WD, WW]: {s['pentanomial']}",
    ]
    if "sprt" in s:
        p = s["sprt"]
        out.append(
            f"SPRT elo0={p['elo0']:g} elo1={p['elo1']:g} alpha={p['alpha']:g} beta={p['beta']:g}: "
            f"LLR {p['llr']:+.3f}, bounds [{p['lower']:+.3f}, {p['upper']:+.3f}] -> "
            + (f"{p['decision']} accepted" if p["decision"] else "undecided")
        )
    ws = s["white_score"]
    if ws["score"] is not None:
        out.append(f"White scores {100 * ws['score']:.1f} % [{100 * ws['lo']:.1f}-{100 * ws['hi']:.1f}]")
    out.append("Endings: " + ", ".join(f"{k} {v}" for k, v in s["endings"].items()))
    if s["finished_beyond_prefix"]:
        out.append(f"({s['finished_beyond_prefix']} more games finished beyond the counted pairs)")
    out.append(
        f"{t['games_this_run']} games played in this run ({t['games_played']} in all) in {t['wall_s']:.0f} s wall "
        f"on {t['workers']} worker(s); "
        f"CPU per turn (ms): {t['cpu_per_turn_ms']}; games per core-hour: {t['games_per_core_hour']}"
    )
    return "\n".join(out)


def match_main(argv: list[str]) -> int:
    from .cluster import make_pool

    ap = match_parser()
    args = ap.parse_args(argv)
    if args.resume:
        from .match import MatchFolder

        try:
            cfg = MatchFolder(args.resume).cfg
        except (ValueError, OSError) as e:
            ap.error(str(e))
        out = args.resume
    else:
        cfg = config_from(args, ap)
        out = args.out
    try:
        from .games import load
        from .players import check_command

        load(cfg.ruleset)
        for p in (cfg.a, cfg.b):
            check_command(p)
    except (ValueError, OSError) as e:
        print(f"daqi arena: {e}", file=sys.stderr)
        return 2
    try:
        pool = make_pool(args.jobs, args.cluster)
    except (OSError, ValueError) as e:
        print(f"daqi arena: cannot reach the cluster {args.cluster!r}: {e}", file=sys.stderr)
        return 2
    try:
        result = run_match(cfg, pool, out, progress=not args.no_progress)
    except ValueError as e:
        print(f"daqi arena: {e}", file=sys.stderr)
        return 2
    finally:
        pool.close()
    print(summary_text(result))
    if args.json:
        from ..core.files import atomic_write_text

        atomic_write_text(args.json, json.dumps(result, indent=1) + "\n")
    return 130 if result["summary"]["status"] == "interrupted" else 0


def arena_main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if any(a.split("=")[0] in MATCH_OPTIONS for a in argv):
        return match_main(argv)
    if "-h" in argv or "--help" in argv:
        try:
            arena.main(["--help"])
        except SystemExit:
            pass
        print("\nWith any of " + ", ".join(MATCH_OPTIONS) + " it is a match between two players instead:\n")
        print(match_parser().format_help())
        return 0
    return int(arena.main(argv) or 0)


def study_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="daqi study",
        description="A rules study: the same seeded openings played under several rulesets; writes "
        "DIR/report.md with tables and PNG plots (docs/ARENA.md, 'Rules studies').",
    )
    ap.add_argument(
        "--rulesets", required=True, help="comma-separated names or ruleset files, e.g. standard,free-combination"
    )
    ap.add_argument("--levels", default="2", help="one level (it plays itself) or two, e.g. 2 or 2,3 (default 2)")
    ap.add_argument("--games", type=_positive, default=40, help="games per ruleset (default 40)")
    ap.add_argument("--nodes", type=_positive, default=None, help="node budget of the searching levels")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--opening-plies", type=int, default=2)
    ap.add_argument("--plies", type=_positive, default=200, help="ply cap (a draw; default 200)")
    ap.add_argument("--jobs", type=_positive, default=1)
    ap.add_argument("--cluster", default=None, metavar="ADDRESS", help="'local' or a Dask scheduler tcp://host:8786")
    ap.add_argument(
        "--out", default="study", metavar="DIR", help="study folder (default ./study); resumes when it exists"
    )
    ap.add_argument("--no-progress", action="store_true")
    return ap


def study_main(argv: list[str] | None = None) -> int:
    from .cluster import make_pool
    from .study import report, run_study, study_configs

    ap = study_parser()
    args = ap.parse_args(argv)
    rulesets = [r.strip() for r in args.rulesets.split(",") if r.strip()]
    if not rulesets:
        ap.error("--rulesets names at least one ruleset")
    try:
        lv = [int(v) for v in args.levels.split(",")]
        specs = [parse_player(str(v)) for v in lv]
    except ValueError as e:
        ap.error(f"--levels: {e}")
    if len(specs) not in (1, 2):
        ap.error("--levels gives one or two levels")
    if args.nodes:
        specs = [PlayerSpec(p.level, args.nodes) for p in specs]
    a, b = (
        (specs[0], specs[0])
        if len(specs) == 1
        else (max(specs, key=lambda p: p.level), min(specs, key=lambda p: p.level))
    )
    from .games import load

    for r in rulesets:
        try:
            load(r)
        except (ValueError, OSError) as e:
            ap.error(f"ruleset {r!r}: {e}")
    configs = study_configs(rulesets, a, b, args.games, args.seed, args.opening_plies, Adjudication(args.plies))
    pool = make_pool(args.jobs, args.cluster)
    try:
        results = run_study(configs, args.out, pool, progress=not args.no_progress)
    except ValueError as e:
        print(f"daqi study: {e}", file=sys.stderr)
        return 2
    finally:
        pool.close()
    report(args.out, configs, results)
    print(f"daqi study: wrote {args.out}/report.md")
    interrupted = any(r["summary"]["status"] == "interrupted" for r in results.values())
    return 130 if interrupted else 0


if __name__ == "__main__":
    raise SystemExit(arena_main())
