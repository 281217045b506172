"""Puzzle files: TOML, one ``[[puzzle]]`` table per puzzle (docs/PUZZLES.md)::

    [[puzzle]]
    id = "cube-1a2b3c4d"
    game = "cube"
    goal = "material"          # or "win"
    gain = 3
    rating = 1420
    tags = ["material", "stack"]
    source = "selfplay-cube-07.txt, before turn 23"
    line = ["NR(6,4,1)x(6,9,1)", "p(7,10,1)x(6,9,1)"]
    position = '''
    ruleset standard
    position white to move, ply 22, fill default
    …
    '''

Read with the record limits: a regular UTF-8 file of at most 8 MiB, at most
:data:`MAX_PUZZLES` puzzles, each position at most ``MAX_LINE`` characters a line; every problem
is a :class:`PuzzleError` naming the file and the puzzle.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from ..core import games
from ..core.errors import DaqiError
from ..core.files import atomic_write_text, read_record_text
from .finder import Puzzle

BUNDLED = Path(__file__).with_name("sets")
MAX_PUZZLES = 10_000
FIELDS = ("id", "game", "goal", "gain", "rating", "tags", "source", "line", "position")


class PuzzleError(DaqiError):
    code = "bad-puzzle"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def puzzles_text(puzzles) -> str:
    out = ["# Daqi puzzles (docs/PUZZLES.md); made by `daqi puzzles make`", ""]
    for p in puzzles:
        if "'''" in p.position:
            raise PuzzleError(f"puzzle {p.id}: a position cannot hold three quotes")
        out += [
            "[[puzzle]]",
            f"id = {_q(p.id)}",
            f"game = {_q(p.game)}",
            f"goal = {_q(p.goal)}",
            f"gain = {p.gain}",
            f"rating = {p.rating}",
            "tags = [" + ", ".join(_q(t) for t in p.tags) + "]",
            f"source = {_q(p.source)}",
            "line = [" + ", ".join(_q(t) for t in p.line) + "]",
            "position = '''",
            p.position.rstrip("\n"),
            "'''",
            "",
        ]
    return "\n".join(out)


def save_puzzles(puzzles, path) -> Path:
    return atomic_write_text(path, puzzles_text(puzzles))


def _field(d: dict, key: str, kind, where: str):
    v = d.get(key)
    if not isinstance(v, kind) or isinstance(v, bool):
        raise PuzzleError(f"{where}: '{key}' must be a {getattr(kind, '__name__', 'value')}")
    return v


def load_puzzles(path) -> list[Puzzle]:
    """The puzzles of a file the user named (or a bundled set)."""
    text = read_record_text(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PuzzleError(f"{path}: not a puzzle file: {exc}") from None
    items = data.get("puzzle")
    if not isinstance(items, list) or not items:
        raise PuzzleError(f"{path}: no [[puzzle]] tables")
    if len(items) > MAX_PUZZLES:
        raise PuzzleError(f"{path}: {len(items)} puzzles, at most {MAX_PUZZLES}")
    out = []
    for i, d in enumerate(items, 1):
        where = f"{path}, puzzle {i}"
        if not isinstance(d, dict):
            raise PuzzleError(f"{where}: not a table")
        extra = sorted(set(d) - set(FIELDS))
        if extra:
            raise PuzzleError(f"{where}: unknown key {extra[0]!r}")
        game = _field(d, "game", str, where)
        if game not in games.names():
            raise PuzzleError(f"{where}: game must be one of {', '.join(games.names())}, not {game!r}")
        goal = _field(d, "goal", str, where)
        if goal not in ("win", "material"):
            raise PuzzleError(f"{where}: goal must be 'win' or 'material', not {goal!r}")
        line = _field(d, "line", list, where)
        tags = d.get("tags", [])
        if not line or not all(isinstance(t, str) for t in line) or not isinstance(tags, list):
            raise PuzzleError(f"{where}: 'line' must be a list of turns")
        out.append(
            Puzzle(
                _field(d, "id", str, where),
                game,
                _field(d, "position", str, where),
                tuple(line),
                goal,
                int(d.get("gain", 0)) if isinstance(d.get("gain", 0), int) else 0,
                int(d.get("rating", 1000)) if isinstance(d.get("rating", 1000), int) else 1000,
                tuple(str(t) for t in tags),
                str(d.get("source", "")),
            )
        )
    return out


def bundled_puzzles(game: str | None = None) -> list[Puzzle]:
    """The bundled sets (``engine/puzzles/sets/*.toml``), easiest first."""
    out = []
    for f in sorted(BUNDLED.glob("*.toml")):
        out += load_puzzles(f)
    if game is not None:
        out = [p for p in out if p.game == game]
    return sorted(out, key=lambda p: (p.game, p.rating, p.id))
