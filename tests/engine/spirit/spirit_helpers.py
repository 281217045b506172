"""Shared helpers for the spirit-chess tests (imported by the test modules)."""

from __future__ import annotations

from engine.core.loader import load_ruleset, load_ruleset_file
from engine.spirit import SpiritPiece, SpiritPosition, SpiritTurn

RULES = load_ruleset("spirit")

#: far-away sects and one movable piece per side, so a test position is a live game
BACKGROUND = {
    (1, 1): ("sect", "white"),
    (19, 19): ("sect", "black"),
    (3, 1): ("disciple", "white"),
    (17, 19): ("disciple", "black"),
}


def pc(kind: str, side: str, level: int | None = None) -> SpiritPiece:
    return SpiritPiece(kind, side, RULES.pieces[kind].level if level is None else level)


def make(pieces: dict, to_move: str = "white", rules=RULES, background: bool = True, ply: int = 0) -> SpiritPosition:
    """Position from ``{(x, y): SpiritPiece | (kind, side) | (kind, side, level)}``."""
    out = {}
    if background:
        out.update({c: pc(*v) for c, v in BACKGROUND.items()})
    for c, v in pieces.items():
        out[c] = v if isinstance(v, SpiritPiece) else pc(*v)
    return SpiritPosition(rules, to_move, out, None, ply)


def turn(levelup, origin, *path, transform=None) -> SpiritTurn:
    return SpiritTurn(levelup, origin, tuple(path), transform)


def variant(tmp_path, body: str, name: str = "variant"):
    """Load a ruleset that extends spirit with ``body`` (TOML text)."""
    p = tmp_path / f"{name}.toml"
    p.write_text('extends = "spirit"\n' + body, encoding="utf-8")
    return load_ruleset_file(p)
