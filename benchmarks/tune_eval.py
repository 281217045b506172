"""Texel-style tuning of the evaluation weights (engine/players/eval_weights.toml) on positions from
seeded self-play.

Run from the repository root::

    .venv/bin/python benchmarks/tune_eval.py --game cube --selfplay 40 --seed 18
    .venv/bin/python benchmarks/tune_eval.py --game spirit --selfplay 40 --seed 18 --records DIR ...

Positions: every position from ply 4 on of ``--selfplay N`` games of level ``--level`` (default 1)
against itself (two seeded random plies, then the level with a per-ply seed; cap ``--plies``), plus
the games of any arena or match folders given with ``--records`` (their ``records/`` and the winner
in ``games.jsonl``, adjudicated games included).  Each position is labelled with the game's result
from White's view (1, ½, 0).  The loss is the mean squared error between the result and
``sigmoid(eval / K)`` from White's view (Texel: K is fitted first with the current weights);
positions the evaluation calls a win on the spot and finished games are left out.

Tuned: the weights marked "tuned" in the TOML, by coordinate descent (each weight multiplied by
0.5, 0.7, 1.4 and 2, the best kept, ``--rounds`` sweeps; a zero weight tries 0, 20 and 60).  It prints the loss before and
after and the tuned values as TOML lines; it writes nothing (copy the lines into the TOML).  The
same arguments give the same positions and the same numbers: every choice is seeded.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Game, apply_turn, load_ruleset  # noqa: E402
from engine.core.games import load_record  # noqa: E402
from engine.cube.randomplay import random_turn  # noqa: E402
from engine.players import cube_eval, spirit_eval, suggest  # noqa: E402
from engine.spirit import apply_spirit_turn, default_placement, spirit_start_position  # noqa: E402
from engine.spirit.randomplay import random_spirit_turn  # noqa: E402

CUBE_TUNED = ("king_reach", "hang_gain", "hang_loss", "hang_loss2", "pawn_near", "crown", "material")
SPIRIT_TUNED = ("IMMUNE", "REACH_GAIN", "EXPOSED", "EXPOSED2", "MOBILITY", "APPROACH")
FACTORS = (0.5, 0.7, 1.0, 1.4, 2.0)


def _result(winner) -> float:
    return 1.0 if winner == "white" else 0.0 if winner == "black" else 0.5


def selfplay(game: str, n: int, level: int, seed: int, plies: int) -> list:
    """``[(positions, result)]`` of ``n`` seeded games of ``level`` against itself."""
    out = []
    for g in range(n):
        rng = random.Random(seed * 100_003 + g)
        if game == "cube":
            pos = Game("standard").position
        else:
            rules = load_ruleset("spirit")
            pos = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
        seen = []
        for ply in range(plies):
            if pos.result is not None:
                break
            if ply < 2:
                t = random_turn(pos, rng) if game == "cube" else random_spirit_turn(pos, rng)
            else:
                t = suggest(pos, level, seed=seed * 1000 + g * 7 + ply).turn
            if t is None:
                break
            if game == "cube":
                pos = apply_turn(pos, t)[0]
            else:
                pos = apply_spirit_turn(pos, t)[0]
            if ply >= 4 and pos.result is None:
                seen.append(pos)
        winner = pos.result.winner if pos.result is not None else None
        out.append((seen, _result(winner)))
    return out


def from_records(folder: Path) -> list:
    out = []
    lines = [json.loads(x) for x in (folder / "games.jsonl").read_text().splitlines() if x.strip()]
    for d in lines:
        rec = folder / "records" / f"game-{d['index']:05d}.txt"
        if not rec.exists():
            continue
        g = load_record(rec)
        n = len(g.history)
        at = g.position_at if hasattr(g, "position_at") else g.positions.__getitem__
        poss = [at(i) for i in range(4, n + 1)]
        out.append(([p for p in poss if p.result is None], _result(d.get("winner"))))
    return out


def white_sign(pos) -> float:
    return 1.0 if pos.to_move == "white" else -1.0


def fit_k(evals: np.ndarray, res: np.ndarray) -> float:
    best = None
    for k in (50, 100, 200, 400, 800, 1200, 1600, 2400, 3200, 4800, 6400, 9600, 12800):
        loss = float(np.mean((res - 1 / (1 + np.exp(-evals / k))) ** 2))
        if best is None or loss < best[0]:
            best = (loss, k)
    return float(best[1])


def tune_cube(games: list, rounds: int) -> None:
    rows, res = [], []
    for poss, r in games:
        for p in poss:
            win, f = cube_eval.features(p)
            if win:
                continue
            rows.append([white_sign(p) * x for x in f])
            res.append(r)
    x = np.array(rows, dtype=float)
    y = np.array(res)
    names = list(cube_eval.TERMS)
    w = np.array(cube_eval.WEIGHTS_CUBE, dtype=float)
    k = fit_k(x @ w, y)

    def loss(v):
        return float(np.mean((y - 1 / (1 + np.exp(-(x @ v) / k))) ** 2))

    print(f"cube: {len(y)} positions from {len(games)} games, K = {k:g}, loss before {loss(w):.5f}")
    piece = float(cube_eval.WEIGHTS_CUBE[0] + cube_eval.WEIGHTS_CUBE[1])
    tuned = {"crown": "crown_threat", "material": "material"}
    for _ in range(rounds):
        for name in CUBE_TUNED:
            i = names.index(name)
            base = w[i]
            cands = [base * f for f in FACTORS] if base else [0.0, 20.0, 60.0]
            scores = []
            for c in cands:
                v = w.copy()
                v[i] = c
                scores.append((loss(v), abs(c - base), c))
            w[i] = min(scores)[2]
    print(f"loss after {loss(w):.5f}")
    for name in CUBE_TUNED:
        v = w[names.index(name)]
        if name.startswith("hang"):
            print(f"{name} = {v / piece:.3f}")
        else:
            print(f"{tuned.get(name, name)} = {v:.1f}")


def tune_spirit(games: list, rounds: int) -> None:
    poss = [(p, r) for ps, r in games for p in ps]
    ev = spirit_eval.evaluate
    kept = []
    for p, r in poss:
        e = ev(p)
        if abs(e) < spirit_eval.THREAT_WIN:
            kept.append((p, r))
    y = np.array([r for _, r in kept])
    sign = np.array([white_sign(p) for p, _ in kept])

    def evals():
        return sign * np.array([ev(p) for p, _ in kept])

    k = fit_k(evals(), y)

    def loss():
        return float(np.mean((y - 1 / (1 + np.exp(-evals() / k))) ** 2))

    print(f"spirit: {len(y)} positions from {len(games)} games, K = {k:g}, loss before {loss():.5f}")
    for _ in range(rounds):
        for name in SPIRIT_TUNED:
            base = getattr(spirit_eval, name)
            scores = []
            for f in FACTORS:
                setattr(spirit_eval, name, base * f)
                scores.append((loss(), abs(f - 1), base * f))
            setattr(spirit_eval, name, min(scores)[2])
    print(f"loss after {loss():.5f}")
    for name in SPIRIT_TUNED:
        print(f"{name.lower()} = {getattr(spirit_eval, name):.3f}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("cube", "spirit"), default="cube")
    ap.add_argument("--selfplay", type=int, default=0, help="self-play games to generate")
    ap.add_argument("--level", type=int, default=1)
    ap.add_argument("--seed", type=int, default=18)
    ap.add_argument("--plies", type=int, default=120)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--records", nargs="*", default=[], help="arena/match folders (games.jsonl + records/)")
    a = ap.parse_args(argv)
    t0, c0 = time.monotonic(), time.process_time()
    games = selfplay(a.game, a.selfplay, a.level, a.seed, a.plies) if a.selfplay else []
    for d in a.records:
        games += from_records(Path(d))
    if not games:
        print("no positions: give --selfplay N or --records DIR")
        return 2
    (tune_cube if a.game == "cube" else tune_spirit)(games, a.rounds)
    print(f"{time.monotonic() - t0:.0f} s wall, {time.process_time() - c0:.0f} s CPU")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
