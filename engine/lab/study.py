"""Rules studies: the same seeded openings played under several rulesets by the same players, and a
Markdown report with PNG plots comparing how the games end (per win/loss condition), their length,
the first-move advantage, how often each kind of action is used and which dimensions are reached,
each with a 95 % interval (docs/ARENA.md, "Rules studies").

Each ruleset is one :mod:`.match` in its own folder under the study folder (so a study resumes like
a match); the report is written from the games counted there.  Action kinds are counted from the
turns themselves (:meth:`.games.LabGame.turn_kinds`).
"""

from __future__ import annotations

import json
import re
import statistics
from collections import Counter
from pathlib import Path

from ..core.files import atomic_write_text
from .games import load
from .match import Adjudication, MatchConfig, MatchFolder, run_match
from .players import PlayerSpec
from .stats import mean_interval, wilson

DIMENSIONS = (4, 5, 6, 7)


def slug(ruleset: str) -> str:
    """A folder name for a ruleset name or file path."""
    stem = Path(ruleset).stem if ("/" in ruleset or ruleset.endswith(".toml")) else ruleset
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", stem).strip("-.") or "ruleset"


def study_configs(
    rulesets: list[str],
    a: PlayerSpec,
    b: PlayerSpec,
    games: int,
    seed: int = 0,
    opening_plies: int = 2,
    adjudication: Adjudication | None = None,
) -> dict[str, MatchConfig]:
    """One match per ruleset (folder name -> settings); one player against itself plays every game
    from its own opening, two players play pairs."""
    out: dict[str, MatchConfig] = {}
    for r in rulesets:
        name = slug(r)
        if name in out:
            name = f"{name}-{len(out)}"
        out[name] = MatchConfig(
            r, a, b, (games + 1) // 2, seed, opening_plies, None, adjudication or Adjudication(), None, paired=a != b
        )
    return out


def run_study(configs: dict[str, MatchConfig], out: str, pool, progress: bool = True) -> dict:
    """Play every ruleset's match into ``out/NAME`` and return ``{name: {"summary", "timing"}}``."""
    results = {}
    for name, cfg in configs.items():
        results[name] = run_match(cfg, pool, Path(out) / name, progress=progress)
        if results[name]["summary"]["status"] == "interrupted":
            break
    return results


def counted_games(folder: Path, summary: dict) -> list[dict]:
    done = {g["index"]: g for g in MatchFolder(folder).finished()}
    return [done[i] for i in range(summary["games"])]


def _pct(k: float, n: int) -> str:
    lo, hi = wilson(k, n)
    return f"{100 * k / n:.0f}% [{100 * lo:.0f}-{100 * hi:.0f}]" if n else "-"


def _mean(xs: list[float], digits: int = 1) -> str:
    m, lo, hi = mean_interval(xs)
    lo = max(lo, min(xs, default=0))  # a count's interval does not go below its smallest value
    return f"{m:.{digits}f} [{lo:.{digits}f}-{hi:.{digits}f}]" if xs else "-"


def measures(games: list[dict], kinds: tuple[str, ...]) -> dict:
    """Everything the report compares, for one ruleset's games."""
    n = len(games)
    endings = Counter(g["ending"] for g in games)
    white = sum(1.0 if g["winner"] == "white" else 0.5 if g["winner"] is None else 0.0 for g in games)
    per_kind = {k: [g["kinds"]["white"].get(k, 0) + g["kinds"]["black"].get(k, 0) for g in games] for k in kinds}
    return {
        "games": n,
        "endings": dict(endings.most_common()),
        "decisive": sum(1 for g in games if g["winner"] is not None),
        "white_points": white,
        "plies": [g["plies"] for g in games],
        "kinds": per_kind,
        "dims": {d: sum(1 for g in games if g["max_dimension"] >= d) for d in DIMENSIONS},
        "max_dimension": max((g["max_dimension"] for g in games), default=0),
    }


def report(out: str, configs: dict[str, MatchConfig], results: dict) -> str:
    """Write ``out/report.md`` and its plots; return the Markdown."""
    outp = Path(out)
    data: dict[str, dict] = {}
    kinds: tuple[str, ...] = ()
    for name, cfg in configs.items():
        if name not in results:
            continue
        _, kind = load(cfg.ruleset)
        kinds = kind.kinds
        data[name] = measures(counted_games(outp / name, results[name]["summary"]), kinds)
    first = next(iter(configs.values()))
    md = [
        f"# Rules study: {', '.join(data)}",
        "",
        f"Players: {first.a.label} (A) against {first.b.label} (B); {first.opening_plies} seeded level-0 opening plies "
        f"(the same seeds under every ruleset); ply cap {first.adjudication.max_plies} (a draw); seed {first.seed}. "
        "Intervals are 95 % (Wilson for shares, normal for means).",
        "",
        "| ruleset | games | decisive | White's score | plies: mean [95 %] | median | status |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, m in data.items():
        n = m["games"]
        md.append(
            f"| {name} | {n} | {_pct(m['decisive'], n)} | {_pct(m['white_points'], n)} | {_mean(m['plies'])} | "
            f"{statistics.median(m['plies']) if n else '-'} | {results[name]['summary']['status']} |"
        )
    cats = sorted(
        {c for m in data.values() for c in m["endings"]},
        key=lambda c: -sum(m["endings"].get(c, 0) for m in data.values()),
    )
    md += ["", "## How the games end", "", "| ending | " + " | ".join(data) + " |", "|---|" + "---|" * len(data)]
    for c in cats:
        md.append(f"| {c} | " + " | ".join(_pct(m["endings"].get(c, 0), m["games"]) for m in data.values()) + " |")
    md += ["", "## Turns per game using each kind of action (both sides)", ""]
    md += ["| action | " + " | ".join(data) + " |", "|---|" + "---|" * len(data)]
    for k in kinds:
        md.append(f"| {k} | " + " | ".join(_mean(m["kinds"][k], 2) for m in data.values()) + " |")
    if any(m["max_dimension"] > 3 for m in data.values()):  # a game of more than three dimensions
        md += ["", "## Dimensions reached (a piece off index 1 in that dimension)", ""]
        md += ["| games reaching | " + " | ".join(data) + " |", "|---|" + "---|" * len(data)]
        for d in DIMENSIONS:
            md.append(
                f"| dimension >= {d} | " + " | ".join(_pct(m["dims"][d], m["games"]) for m in data.values()) + " |"
            )
        md.append("| highest | " + " | ".join(str(m["max_dimension"]) for m in data.values()) + " |")
    pngs = plots(outp, data, kinds)
    md += ["", "## Plots", ""] + [f"![{p.stem}]({p.name})" for p in pngs]
    md += ["", "## Time", ""]
    for name in data:
        t = results[name]["timing"]
        md.append(
            f"* {name}: {t['games_played']} games ({t['games_this_run']} in the last run, {t['wall_s']:.0f} s wall on "
            f"{t['workers']} worker(s)); "
            f"CPU per turn (ms) {t['cpu_per_turn_ms']}; {t['games_per_core_hour']} games per core-hour"
        )
    text = "\n".join(md) + "\n"
    atomic_write_text(outp / "report.md", text)
    atomic_write_text(outp / "study.json", json.dumps({n: r["summary"] for n, r in results.items()}, indent=1) + "\n")
    return text


def plots(outp: Path, data: dict, kinds: tuple[str, ...]) -> list[Path]:
    """endings.png, kinds.png, first-move.png, lengths.png and (when a game went beyond three
    dimensions) dimensions.png (matplotlib, Agg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(data)
    cmap = plt.get_cmap("tab10")
    colours = [cmap(i) for i in range(10)]
    files = []

    def bars(
        fname: str, title: str, labels: list[str], series, xlabel: str, ref: float | None = None, log: bool = False
    ) -> None:
        fig, ax = plt.subplots(figsize=(9, 0.5 * len(labels) * max(1, len(names)) / 2 + 1.8), dpi=110)
        h = 0.8 / len(names)
        for j, name in enumerate(names):
            vals, lo, hi = zip(*series(name)) if labels else ((), (), ())
            ys = [i + (j - (len(names) - 1) / 2) * h for i in range(len(labels))]
            err = [[v - a for v, a in zip(vals, lo)], [b - v for v, b in zip(vals, hi)]]
            ax.barh(ys, vals, height=h, xerr=err, capsize=3, color=colours[j % 10], label=name)
        ax.set_yticks(range(len(labels)), labels)
        ax.invert_yaxis()
        ax.set_xlabel(xlabel)
        ax.set_title(title)
        if log:  # captures come by the dozen, promotions by the handful: both stay readable
            ax.set_xscale("symlog", linthresh=1)
        if ref is not None:
            ax.axvline(ref, color="0.3", linestyle="--", linewidth=1)
            ax.set_xlim(0, 100)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
        ax.grid(axis="x", alpha=0.3)
        fig.tight_layout()
        fig.savefig(outp / fname)
        plt.close(fig)
        files.append(outp / fname)

    cats = sorted(
        {c for m in data.values() for c in m["endings"]},
        key=lambda c: -sum(m["endings"].get(c, 0) for m in data.values()),
    )

    def share(name: str):
        m = data[name]
        out = []
        for c in cats:
            k, n = m["endings"].get(c, 0), m["games"]
            lo, hi = wilson(k, n)
            out.append((100 * k / n if n else 0, 100 * lo, 100 * hi))
        return out

    bars("endings.png", "How the games end (share of games, 95 % interval)", cats, share, "% of games")

    def per_kind(name: str):
        out = []
        for k in kinds:
            xs = data[name]["kinds"][k]
            m, lo, hi = mean_interval(xs) if xs else (0, 0, 0)
            out.append((m, max(lo, min(xs, default=0)), hi))
        return out

    bars(
        "kinds.png",
        "Turns per game using each action kind (both sides, 95 % interval)",
        list(kinds),
        per_kind,
        "turns per game (symmetric log scale)",
        log=True,
    )

    def first_move(name: str):
        m = data[name]
        lo, hi = wilson(m["white_points"], m["games"])
        return [(100 * m["white_points"] / m["games"] if m["games"] else 50, 100 * lo, 100 * hi)]

    bars(
        "first-move.png", "White's score (draws count half; 95 % interval)", ["White's score"], first_move, "%", ref=50
    )
    fig, ax = plt.subplots(figsize=(9, 3.6), dpi=110)
    ax.hist([data[n]["plies"] for n in names], bins=20, label=names, color=[colours[j % 10] for j in range(len(names))])
    ax.set_xlabel("game length (plies)")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1), fontsize="small")
    fig.tight_layout()
    fig.savefig(outp / "lengths.png")
    plt.close(fig)
    files.append(outp / "lengths.png")

    def dims(name: str):
        m = data[name]
        return [
            (100 * m["dims"][d] / m["games"] if m["games"] else 0, *(100 * x for x in wilson(m["dims"][d], m["games"])))
            for d in DIMENSIONS
        ]

    if not any(m["max_dimension"] > 3 for m in data.values()):
        return files
    bars(
        "dimensions.png",
        "Games reaching each dimension (95 % interval)",
        [f">= {d}" for d in DIMENSIONS],
        dims,
        "% of games",
    )
    return files
