"""The evaluation over a game as a PNG (matplotlib, Agg backend: no display, no window)."""

from __future__ import annotations

from pathlib import Path

from .report import CLASSES, GameReport, symbol, thresholds

COLOURS = {"inaccuracy": "#e6b400", "mistake": "#e07000", "blunder": "#d01c1c"}


def plot(report: GameReport, out: str | Path, title: str = "") -> Path:
    """Write the graph: white's evaluation after every turn (pawns of score), the classes marked."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    cap = float(thresholds()[report.kind]["cap"]) / 100.0
    xs = [0] + [t.ply + 1 for t in report.turns]
    ys = [report.start / 100.0] + [t.white / 100.0 for t in report.turns]
    fig = Figure(figsize=(8, 3.2), dpi=100)
    ax = fig.add_subplot(1, 1, 1)
    ax.fill_between(xs, ys, 0, where=[y >= 0 for y in ys], color="#f0f0f0", step=None, interpolate=True)
    ax.fill_between(xs, ys, 0, where=[y < 0 for y in ys], color="#303030", interpolate=True)
    ax.plot(xs, ys, color="#4a6fa5", linewidth=1.6)
    ax.axhline(0, color="#888888", linewidth=0.8)
    for cls in CLASSES:
        pts = [(t.ply + 1, t.white / 100.0) for t in report.turns if t.cls == cls]
        if pts:
            ax.scatter(
                [p[0] for p in pts],
                [p[1] for p in pts],
                color=COLOURS[cls],
                s=36,
                zorder=3,
                label=f"{cls} ({symbol(cls)})",
                edgecolors="black",
                linewidths=0.5,
            )
    ax.set_xlim(0, max(1, xs[-1]))
    ax.set_ylim(-cap * 1.05, cap * 1.05)
    ax.set_xlabel("turn (both sides' turns counted from 1)")
    unit = thresholds()[report.kind]["graph_unit"]
    ax.set_ylabel(f"white's view ({unit};\n+/-{cap:.0f}: a won game)")
    ax.set_title(title or f"Evaluation at level {report.level} ({report.kind} chess); above 0: white is better")
    if any(t.cls for t in report.turns):
        ax.legend(loc="lower left", fontsize=8, framealpha=0.9)
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    out = Path(out)
    fig.savefig(out, format="png")
    return out
