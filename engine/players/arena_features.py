"""What the computer uses of the cube's rules, per level (issue 18, item 5): the rules report's
feature counts, by the arena (:mod:`.arena`) turn by turn and tabulated per level and game.

Per turn (:func:`turn_features`): whether it drops a piece inside the green main battlefield
(C13's surcharge) and the highest dimension the turn reaches (the longest coordinate it names,
trailing 1s dropped).  Per level (:func:`features_table`): turns per game with a hyper-jump, a
3-D jump, a stack, a split, a drop in and out of the green area, a promotion, a capture, and the
highest dimension that level's turns reached.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

FEATURES = (
    ("hyperjumps", "hyper-jumps"),
    ("jumps", "3-D jumps"),
    ("stacks", "stacks"),
    ("splits", "splits"),
    ("drops_green", "drops in green"),
    ("drops_out", "drops outside"),
    ("promotions", "promotions"),
    ("captures", "captures"),
)


def _dimension(c) -> int:
    n = len(c)
    while n > 3 and c[n - 1] == 1:
        n -= 1
    return n


def turn_features(pos: Any, turn: Any) -> dict:
    """``{"green_drops": 0/1, "dim": d}`` for a cube turn about to be played from ``pos``."""
    green = 0
    dim = _dimension(turn.origin) if turn.origin is not None else 3
    for a in turn.actions:
        to = getattr(a, "to", None)
        if isinstance(to, tuple):
            dim = max(dim, _dimension(to))
            if a.kind == "drop" and pos.rules.in_green(to):
                green = 1
    return {"green_drops": green, "dim": dim}


def features_table(results: Iterable[Any]) -> str:
    """Markdown table: per level, turns per game (of that level's side) with each feature, and the
    highest dimension its turns reached."""
    per: dict = {}
    for r in results:
        for side in ("white", "black"):
            lv = r.spec.white if side == "white" else r.spec.black
            c = r.counts[side]
            row = per.setdefault(lv, {"games": 0, "dim": 3, **{k: 0 for k, _ in FEATURES}})
            row["games"] += 1
            drops, green = c.get("drops", 0), c.get("green_drops", 0)
            for k, _ in FEATURES:
                if k == "drops_green":
                    row[k] += green
                elif k == "drops_out":
                    row[k] += drops - green
                else:
                    row[k] += c.get(k, 0)
            row["dim"] = max(row["dim"], c.get("max_dim", 3))
    head = ["level", "games"] + [name for _, name in FEATURES] + ["highest dimension"]
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join("---" for _ in head) + "|"]
    for lv in sorted(per):
        row = per[lv]
        g = row["games"] or 1
        cells = [f"L{lv}", str(row["games"])] + [f"{row[k] / g:.2f}" for k, _ in FEATURES] + [str(row["dim"])]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
