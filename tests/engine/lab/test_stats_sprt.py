"""Pentanomial statistics, Elo intervals and the SPRT's log-likelihood ratio (engine.lab.stats, .sprt)."""

from __future__ import annotations

import math

import pytest

from engine.lab.sprt import Sprt, llr, llr_normal, mle_expected, parse_sprt
from engine.lab.stats import elo_interval, elo_of_score, logistic_score, penta_counts, wilson


def test_pair_scores_fall_into_the_five_buckets():
    assert penta_counts([0, 0.5, 1, 1, 1.5, 2, 2, 2]) == [1, 1, 2, 1, 3]
    with pytest.raises(ValueError, match="0, 0.5, 1, 1.5 or 2"):
        penta_counts([0.25])


def test_elo_and_score_are_inverse_and_symmetric():
    for elo in (-300, -20, 0, 35.5, 400):
        assert elo_of_score(logistic_score(elo)) == pytest.approx(elo)
    e = elo_interval([2, 10, 40, 30, 18])
    mirrored = elo_interval([18, 30, 40, 10, 2])
    assert e.elo == pytest.approx(-mirrored.elo)
    assert e.lo == pytest.approx(-mirrored.hi)
    assert e.lo < e.elo < e.hi


def test_elo_interval_narrows_with_more_pairs_and_contains_the_estimate():
    small, big = elo_interval([2, 10, 40, 30, 18]), elo_interval([20, 100, 400, 300, 180])
    assert small.elo == pytest.approx(big.elo)
    assert (big.hi - big.lo) < (small.hi - small.lo) / 3
    assert small.score == pytest.approx((10 * 0.25 + 40 * 0.5 + 30 * 0.75 + 18) / 100)


def test_a_clean_sweep_still_has_a_finite_lower_bound():
    e = elo_interval([0, 0, 0, 0, 12])
    assert e.elo == math.inf and math.isfinite(e.lo) and e.lo > 200


def test_wilson_interval_brackets_the_proportion():
    lo, hi = wilson(30, 40)
    assert lo < 0.75 < hi and 0.58 < lo < 0.62 and 0.85 < hi < 0.88


def test_mle_keeps_the_outcomes_and_moves_the_mean_to_the_hypothesis():
    pdf = [(0.0, 0.05), (0.25, 0.1), (0.5, 0.4), (0.75, 0.3), (1.0, 0.15)]
    for s in (0.45, 0.5, 0.53, 0.7):
        q = mle_expected(pdf, s)
        assert sum(p for _, p in q) == pytest.approx(1.0, abs=1e-9)
        assert sum(a * p for a, p in q) == pytest.approx(s, abs=1e-9)
        # it is the most likely such distribution: any move along the constraint lowers the likelihood
        ll = sum(p * math.log(qq) for (_, p), (_, qq) in zip(pdf, q))
        for d in (1e-3, -1e-3):
            # shift mass keeping sum and mean: +d at 0 and 1, -2d at 0.5
            r = [q[0][1] + d, q[1][1], q[2][1] - 2 * d, q[3][1], q[4][1] + d]
            assert sum(p * math.log(x) for (_, p), x in zip(pdf, r)) < ll


def test_llr_agrees_with_the_normal_approximation_and_has_the_right_sign():
    strong = [2, 10, 40, 30, 18]  # about +90 Elo
    assert llr(strong, 0, 20) > 0
    assert llr(strong, 100, 120) < 0
    big = [20, 100, 400, 300, 180]
    assert llr(big, 0, 20) == pytest.approx(llr_normal(big, 0, 20), rel=0.1)
    assert llr(big, 0, 20) == pytest.approx(10 * llr(strong, 0, 20), rel=0.01)  # LLR grows with N


def test_sprt_bounds_and_decisions():
    t = Sprt(0, 20, 0.05, 0.05)
    assert t.lower == pytest.approx(math.log(0.05 / 0.95)) and t.upper == pytest.approx(math.log(0.95 / 0.05))
    assert t.decision(3.0) == "H1" and t.decision(-3.0) == "H0" and t.decision(0.1) is None


def test_sprt_options_are_checked():
    assert parse_sprt(["elo0=0", "elo1=10", "alpha=0.1", "beta=0.05"]) == Sprt(0, 10, 0.1, 0.05)
    for bad, msg in (
        (["elo0=5", "elo1=5"], "below elo1"),
        (["alpha=0.7"], "alpha"),
        (["elo1=x"], "number"),
        (["gamma=1"], "elo0=X"),
        (["elo1=nan"], "finite"),
    ):
        with pytest.raises(ValueError, match=msg):
            parse_sprt(bad)
