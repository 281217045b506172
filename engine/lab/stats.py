"""Match statistics over game pairs (the same opening with colours swapped), as the chess engine
testers (fishtest, fastchess, cutechess-cli) compute them.

A pair scores 0, 1/2, 1, 3/2 or 2 points for player A; the *pentanomial* counts are how many pairs
scored each ``[LL, LD, LW+DD, WD, WW]``.  Pairs, not games, are the independent samples: the two
games of a pair share an opening, so their results are correlated and the trinomial (W/D/L) model
overstates the variance when openings are unbalanced.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..players.arena_report import wilson

__all__ = ["Elo", "elo_interval", "elo_of_score", "finite", "logistic_score", "mean_interval", "penta_counts", "wilson"]

#: pair score (in points out of 2) of each pentanomial bucket
PENTA_SCORES = (0.0, 0.5, 1.0, 1.5, 2.0)
Z95 = 1.959963984540054


def penta_counts(pair_scores: Iterable[float]) -> list[int]:
    """``[LL, LD, LW+DD, WD, WW]`` from each pair's points for A (0, 0.5, 1, 1.5 or 2)."""
    out = [0] * 5
    for s in pair_scores:
        k = round(2 * s)
        if not 0 <= k <= 4 or abs(2 * s - k) > 1e-9:
            raise ValueError(f"a game pair scores 0, 0.5, 1, 1.5 or 2 points, got {s!r}")
        out[k] += 1
    return out


def logistic_score(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """Logistic Elo difference of an expected score; +-inf at 1 and 0."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def penta_mean_var(penta: Sequence[int]) -> tuple[float, float, int]:
    """Mean per-game score of A, the variance of a pair's per-game score, and the number of pairs."""
    n = sum(penta)
    if n == 0:
        return 0.5, 0.0, 0
    xs = [s / 2 for s in PENTA_SCORES]  # a pair's score per game: 0, .25, .5, .75, 1
    mean = sum(c * x for c, x in zip(penta, xs)) / n
    var = sum(c * (x - mean) ** 2 for c, x in zip(penta, xs)) / n
    return mean, var, n


@dataclass(frozen=True)
class Elo:
    """Elo difference of A over B with its 95 % interval (from pentanomial counts)."""

    elo: float
    lo: float
    hi: float
    score: float
    score_lo: float
    score_hi: float
    pairs: int

    def text(self) -> str:
        def f(x: float) -> str:
            return "inf" if x == math.inf else "-inf" if x == -math.inf else f"{x + 0.0:+.1f}"

        return f"{f(self.elo)} [{f(self.lo)}, {f(self.hi)}] (score {100 * self.score:.1f} %, {self.pairs} pairs)"


def elo_interval(penta: Sequence[int], z: float = Z95) -> Elo:
    """Elo difference and 95 % interval: the mean score plus or minus ``z`` standard errors of the
    pair mean, each turned into logistic Elo (the normal approximation fastchess prints)."""
    mean, var, n = penta_mean_var(penta)
    if n == 0:
        return Elo(0.0, -math.inf, math.inf, 0.5, 0.0, 1.0, 0)
    if var == 0.0:  # every pair scored the same: the normal interval collapses, Wilson's does not
        lo, hi = wilson(mean * 2 * n, 2 * n, z)
    else:
        se = math.sqrt(var / n)
        lo, hi = max(0.0, mean - z * se), min(1.0, mean + z * se)
    return Elo(elo_of_score(mean), elo_of_score(lo), elo_of_score(hi), mean, lo, hi, n)


def mean_interval(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean and its 95 % normal interval (mean +- z * s / sqrt(n)); a lone value has no spread."""
    n = len(xs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    m = sum(xs) / n
    if n == 1:
        return (m, m, m)
    s = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    h = z * s / math.sqrt(n)
    return (m, m - h, m + h)


def finite(x: float, digits: int = 3) -> float | None:
    """``x`` rounded, or None when it is infinite or NaN (JSON has no infinity)."""
    return round(x, digits) if math.isfinite(x) else None
