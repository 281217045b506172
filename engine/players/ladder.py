"""The levels on one Elo scale (issue 18): level 1 = 0, each level placed from arena games against
the level below it (docs/ARENA.md, "The Elo ladder", gives the games, the intervals and the commands
that measured them).  Data only; ``daqi play --help`` shows :func:`ladder_text`."""

from __future__ import annotations

#: per game: ``(level, elo, "how sure")``; ``elo`` None where no finite estimate exists
LADDER: dict[str, tuple[tuple[int, float | None, str], ...]] = {
    "cube": (
        (0, None, "lost all 40 games to level 1"),
        (1, 0.0, "the reference"),
        (2, 359.0, "+359 over L1 [+267, +520], 40 games"),
        (3, 600.0, "+241 over L2 [+150, +376], 40 games of the depth-3 version"),
        (4, None, "not measured: 2 games"),
    ),
    "spirit": (
        (0, None, "lost all 40 games to level 1"),
        (1, 0.0, "the reference"),
        (2, 338.0, "+338 over L1 [+212, +655], 40 games"),
        (3, 455.0, "+117 over L2 [+13, +249], 40 games"),
        (4, None, "not measured"),
    ),
}


def ladder_text() -> str:
    """One line per game: each level's Elo (level 1 = 0) or why it has none."""
    out = []
    for game, rows in LADDER.items():
        parts = []
        for level, elo, _how in rows:
            if elo is None:
                parts.append(f"L{level} {'far below' if level == 0 else '?'}")
            else:
                parts.append(f"L{level} {elo:+.0f}")
        out.append(f"{game}: " + ", ".join(parts))
    return "; ".join(out)
