"""The sequential probability ratio test over game pairs, as fishtest computes it (GSPRT,
pentanomial model, logistic Elo bounds).

H0: A is ``elo0`` stronger than B; H1: A is ``elo1`` stronger.  After each finished pair the
log-likelihood ratio ``LLR = N * sum_i p_i * log(p1_i / p0_i)`` is compared with Wald's bounds
``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``, where ``p`` is the observed
distribution of pair scores (zero counts regularised to 1e-3 as fishtest does) and ``p0``/``p1``
its maximum-likelihood neighbours whose expected score is that of ``elo0``/``elo1``
(``p_i / (1 + lam * (a_i - s))``, ``lam`` solved by bisection).  :func:`llr_normal` is the
simpler normal approximation (Van den Bergh's) that fastchess prints; the two agree closely once a
few dozen pairs are in (tests/lab/test_sprt.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .stats import logistic_score, penta_mean_var

EPSILON = 1e-3  # fishtest's regularisation of empty buckets


def _pdf(penta: Sequence[int]) -> tuple[float, list[tuple[float, float]]]:
    counts = [max(EPSILON, float(c)) for c in penta]
    n = sum(counts)
    k = len(counts)
    return n, [(i / (k - 1), c / n) for i, c in enumerate(counts)]


def mle_expected(pdf: Sequence[tuple[float, float]], s: float) -> list[tuple[float, float]]:
    """The distribution closest (maximum likelihood) to ``pdf`` on the same outcomes whose
    expected value is ``s`` (0 < s < 1)."""
    # sum p_i (a_i - s) / (1 + lam (a_i - s)) = 0; the left side falls as lam grows, on the
    # interval where every 1 + lam (a_i - s) stays positive
    amax = max(a for a, _ in pdf)
    amin = min(a for a, _ in pdf)
    lo = -1.0 / (amax - s) if amax > s else -1e9
    hi = 1.0 / (s - amin) if s > amin else 1e9
    lo, hi = lo * (1 - 1e-12), hi * (1 - 1e-12)

    def f(lam: float) -> float:
        return sum(p * (a - s) / (1 + lam * (a - s)) for a, p in pdf)

    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) > 0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2
    return [(a, p / (1 + lam * (a - s))) for a, p in pdf]


def llr(penta: Sequence[int], elo0: float, elo1: float) -> float:
    """fishtest's LLR (``LLR_logistic``) of pentanomial counts ``[LL, LD, DD+WL, WD, WW]``."""
    if sum(penta) == 0:
        return 0.0
    s0, s1 = logistic_score(elo0), logistic_score(elo1)
    n, pdf = _pdf(penta)
    p0 = mle_expected(pdf, s0)
    p1 = mle_expected(pdf, s1)
    return n * sum(p * math.log(q1 / q0) for (_, p), (_, q0), (_, q1) in zip(pdf, p0, p1))


def llr_normal(penta: Sequence[int], elo0: float, elo1: float) -> float:
    """The normal approximation: ``N/2 * log((var + (m - s0)^2) / (var + (m - s1)^2))``."""
    mean, var, n = penta_mean_var(penta)
    if n == 0 or var == 0:
        return 0.0
    s0, s1 = logistic_score(elo0), logistic_score(elo1)
    return 0.5 * n * math.log((var + (mean - s0) ** 2) / (var + (mean - s1) ** 2))


@dataclass(frozen=True)
class Sprt:
    elo0: float = 0.0
    elo1: float = 20.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self):
        problems = []
        if not 0 < self.alpha < 0.5:
            problems.append(f"alpha must lie between 0 and 0.5, got {self.alpha}")
        if not 0 < self.beta < 0.5:
            problems.append(f"beta must lie between 0 and 0.5, got {self.beta}")
        if not self.elo0 < self.elo1:
            problems.append(f"elo0 must be below elo1, got elo0={self.elo0} elo1={self.elo1}")
        if not (abs(self.elo0) < 1000 and abs(self.elo1) < 1000):
            problems.append("elo0 and elo1 must lie within +-1000")
        if problems:
            raise ValueError("SPRT: " + "; ".join(problems))

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, penta: Sequence[int]) -> float:
        return llr(penta, self.elo0, self.elo1)

    def decision(self, value: float) -> str | None:
        """``"H1"`` (A is stronger by elo1) above the upper bound, ``"H0"`` below the lower, else None."""
        if value >= self.upper:
            return "H1"
        if value <= self.lower:
            return "H0"
        return None

    def as_dict(self) -> dict:
        return {"elo0": self.elo0, "elo1": self.elo1, "alpha": self.alpha, "beta": self.beta}


def parse_sprt(words: Sequence[str]) -> Sprt:
    """``["elo0=0", "elo1=20", "alpha=0.05", "beta=0.05"]`` (any subset, any order) -> :class:`Sprt`."""
    known = {"elo0", "elo1", "alpha", "beta"}
    vals: dict[str, float] = {}
    for w in words:
        key, eq, value = w.partition("=")
        if not eq or key not in known:
            raise ValueError(f"--sprt takes elo0=X elo1=Y alpha=A beta=B, got {w!r}")
        try:
            v = float(value)
        except ValueError:
            raise ValueError(f"--sprt {key} must be a number, got {value!r}") from None
        if not math.isfinite(v):
            raise ValueError(f"--sprt {key} must be a finite number, got {value!r}")
        vals[key] = v
    return Sprt(**vals)
