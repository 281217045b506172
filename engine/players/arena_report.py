"""Tables of an arena run: results with Wilson intervals, think times, the rules report."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence

from .arena_games import arena_of


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion ``k / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    den = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return (max(0.0, mid - half), min(1.0, mid + half))


def percentile(xs: Sequence[float], q: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


def _table(rows: list, head: list) -> str:
    w = [max(len(str(h)), *(len(str(r[i])) for r in rows)) if rows else len(str(h)) for i, h in enumerate(head)]
    line = "| " + " | ".join(str(h).ljust(w[i]) for i, h in enumerate(head)) + " |"
    sep = "|" + "|".join("-" * (x + 2) for x in w) + "|"
    body = ["| " + " | ".join(str(c).ljust(w[i]) for i, c in enumerate(r)) + " |" for r in rows]
    return "\n".join([line, sep, *body])


def report(results: list, wall: float | None = None, jobs: int = 1) -> str:
    if not results:
        return "no games"
    game = results[0].spec.game
    out = [
        f"## Arena: {game} ({results[0].spec.ruleset}), {len(results)} games"
        + (f", {wall:.0f} s wall with {jobs} job(s)" if wall is not None else "")
    ]
    pairs = sorted({(min(r.spec.white, r.spec.black), max(r.spec.white, r.spec.black)) for r in results})
    rows = []
    for a, b in pairs:
        games = [r for r in results if {r.spec.white, r.spec.black} == {a, b}]
        for colour in ("white", "black", "both"):
            sel = [r for r in games if colour == "both" or (r.spec.white if colour == "white" else r.spec.black) == b]
            n = len(sel)
            w = sum(
                1 for r in sel if r.winner is not None and (r.spec.white if r.winner == "white" else r.spec.black) == b
            )
            d = sum(1 for r in sel if r.winner is None)
            lo, hi = wilson(w, n)
            score = (w + d / 2) / n if n else 0
            slo, shi = wilson(round(w + d / 2), n)
            plies = [r.plies for r in sel]
            rows.append(
                [
                    f"L{b} vs L{a}",
                    colour,
                    n,
                    w,
                    d,
                    n - w - d,
                    f"{100 * w / n:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}]",
                    f"{100 * score:.0f}% [{100 * slo:.0f}-{100 * shi:.0f}]",
                    f"{statistics.mean(plies):.0f} / {statistics.median(plies):.0f}",
                ]
            )
    out.append("\nResults of the higher level (W/D/L from its side; 95 % Wilson intervals):\n")
    out.append(_table(rows, ["pairing", "higher as", "games", "W", "D", "L", "win rate", "score", "plies mean/median"]))
    # think time per level
    per: dict = {}
    for r in results:
        for side in ("white", "black"):
            lv = r.spec.white if side == "white" else r.spec.black
            t, n, c = per.setdefault(lv, ([], [], []))
            t.extend(r.think[side])
            n.extend(r.nodes[side])
            c.extend(getattr(r, "cpu", {}).get(side, []))
    rows = []

    def ms(xs, f):
        return f"{f(xs) * 1000:.0f}" if xs else "-"

    for lv in sorted(per):
        t, n, c = per[lv]
        tot, ctot = sum(t), sum(c)
        rows.append(
            [
                f"L{lv}",
                len(t),
                ms(t, statistics.median),
                ms(t, lambda x: percentile(x, 0.95)),
                ms(t, max),
                ms(c, statistics.median),
                ms(c, lambda x: percentile(x, 0.95)),
                f"{statistics.median(n):.0f}" if n else "-",
                f"{sum(n) / tot:,.0f}" if tot > 0 and sum(n) else "-",
                f"{sum(n) / ctot:,.0f}" if ctot > 0 and sum(n) else "-",
            ]
        )
    out.append("\nThink time per turn (wall clock, and CPU time of the worker process):\n")
    out.append(
        _table(
            rows,
            [
                "level",
                "turns",
                "median ms",
                "p95 ms",
                "max ms",
                "cpu median ms",
                "cpu p95 ms",
                "median nodes",
                "nodes/s",
                "nodes/cpu-s",
            ],
        )
    )
    # rules report
    out.append("\n### Rules report\n")
    cats = Counter(r.category for r in results)
    rows = [[c, k, f"{100 * k / len(results):.0f}%"] for c, k in cats.most_common()]
    out.append("How games end:\n")
    out.append(_table(rows, ["ending", "games", "share"]))
    ww = sum(1 for r in results if r.winner == "white")
    dd = sum(1 for r in results if r.winner is None)
    lo, hi = wilson(round(ww + dd / 2), len(results))
    out.append(
        f"\nFirst-move advantage: White scores {100 * (ww + dd / 2) / len(results):.0f}% "
        f"[{100 * lo:.0f}-{100 * hi:.0f}] ({ww} white wins, {dd} draws, "
        f"{len(results) - ww - dd} black wins; colours are balanced per pairing)."
    )
    n = len(results)
    out.extend(arena_of(game).report_lines(results))
    return "\n".join(out)
