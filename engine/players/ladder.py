"""The levels on one Elo scale (issue 18), kept as data in ``ladder.toml``: level 1 = 0, each
level placed from arena games against the level below it (docs/ARENA.md, "The Elo ladder", gives
the games, the intervals and the commands that measured them).  ``daqi play --help`` shows
:func:`ladder_text`.

``LADDER[game]`` is a tuple of rows ``(level, elo, current, how)``: ``elo`` is None where no finite
estimate exists; ``current`` is False where the estimate was measured on an earlier version of the
level (before issue 18's evaluation, or before the level's last change; the help marks it ``~``)
because the games with the current one are too few to place it."""

from __future__ import annotations

import tomllib
from importlib import resources


def _load() -> dict[str, tuple[tuple[int, float | None, bool, str], ...]]:
    data = tomllib.loads(resources.files(__package__).joinpath("ladder.toml").read_text(encoding="utf-8"))
    out = {}
    for game, rows in data.items():
        out[game] = tuple(
            (int(r["level"]), float(r["elo"]) if "elo" in r else None, bool(r["current"]), str(r["how"]))
            for r in sorted(rows, key=lambda r: r["level"])
        )
    return out


LADDER = _load()


def ladder_text() -> str:
    """One part per game: each level's Elo (level 1 = 0; ``~`` measured on an earlier version of
    the level) or why it has none."""
    out = []
    for game, rows in LADDER.items():
        parts = []
        for level, elo, current, _how in rows:
            if elo is None:
                parts.append(f"L{level} {'far below' if level == 0 else '?'}")
            else:
                parts.append(f"L{level} {'' if current else '~'}{elo:+.0f}")
        out.append(f"{game}: " + ", ".join(parts))
    return "; ".join(out) + " (~: measured on an earlier version of the level)"
