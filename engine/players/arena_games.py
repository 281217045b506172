"""What the arena counts and reports of each game, as one hook per game (``"arena"`` on its
registry entry, :mod:`engine.core.games`).  A game without the hook gets :class:`ArenaGame`:
no per-turn counts, its result reasons as categories, no adjudication."""

from __future__ import annotations

import statistics
from typing import Any

from ..core import games
from .spirit_player import evaluate as spirit_evaluate

ADJUDICATE_POINTS = 6  # cube: a score lead of at least this many points at the cap wins
ADJUDICATE_SPIRIT = 500.0  # spirit: a static lead of at least 5 points (material with levels) wins

COUNT_KEYS = ("drops", "hyperjumps", "stacks", "splits", "promotions", "jumps", "captures", "transforms")


class ArenaGame:
    """The arena's view of a game with nothing special to count."""

    def count(self, counts: dict, before: Any, turn: Any, game: Any) -> bool:
        """Add the turn just played (``game.turns[-1]``) to the mover's ``counts``; return whether
        it ended the game in a way :meth:`category` wants to know (cube: facing kings)."""
        return False

    def category(self, reason: str, flag: bool = False) -> str:
        return reason

    def adjudicate(self, pos: Any, max_plies: int) -> tuple:
        return None, f"arena ply cap {max_plies}"

    def spent(self, pos: Any) -> dict:
        return {}

    def max_dimension(self, pos: Any) -> int:
        return 3

    def report_lines(self, results: list) -> list[str]:
        n = len(results)
        return [f"\nMean length {statistics.mean(r.plies for r in results):.0f} plies over {n} games."]


class CubeArena(ArenaGame):
    _TABLE = (
        ("G11", "G11 both lose (draw)"),
        ("C8", "C8 crowned prince captured"),
        ("no prince", "C4 king captured, no prince"),
        ("C4", "C4 king captured"),
        ("C5", "C5 king's home taken"),
        ("C7", "C7 prince's home taken"),
        ("C16", "C16 score"),
        ("repeated", "G14 repetition"),
        ("G14", "G14 turn limit"),
    )

    def count(self, counts: dict, before: Any, turn: Any, game: Any) -> bool:
        kinds = [a.kind for a in turn.actions]
        for key, kind in (
            ("drops", "drop"),
            ("hyperjumps", "hyperjump"),
            ("stacks", "stack"),
            ("splits", "split"),
            ("promotions", "promote"),
            ("jumps", "jump"),
            ("captures", "capture"),
        ):
            counts[key] += kind in kinds
        return _is_facing(before, turn)

    def category(self, reason: str, flag: bool = False) -> str:
        for key, name in self._TABLE:
            if key in reason:
                if name.startswith("C4") and flag:
                    return "C3 facing kings (C4)"
                return name
        return reason

    def adjudicate(self, pos: Any, max_plies: int) -> tuple:
        d = pos.scores["white"] - pos.scores["black"]
        if abs(d) >= ADJUDICATE_POINTS:
            return ("white" if d > 0 else "black"), f"adjudicated at the ply cap {max_plies}: score {d:+d}"
        return None, f"arena ply cap {max_plies}"

    def spent(self, pos: Any) -> dict:
        return {s: {k: pos.ledger[s][k] for k in ("hire", "surcharge", "hyperjump", "stack")} for s in pos.ledger}

    def max_dimension(self, pos: Any) -> int:
        return pos.max_dimension()

    def report_lines(self, results: list) -> list[str]:
        n = len(results)

        def tot(key: str, src: str = "spent") -> float:
            return sum(getattr(r, src)[s][key] for r in results for s in ("white", "black")) / n

        dims = [r.max_dimension for r in results]
        return [
            f"\nPoints spent per game (both sides): drops {tot('hire') + tot('surcharge'):.1f} "
            f"(of which green surcharge {tot('surcharge'):.1f}), hyper-jumps {tot('hyperjump'):.1f}, "
            f"stacks {tot('stack'):.1f}.",
            f"Turns per game with: a drop {tot('drops', 'counts'):.1f}, a hyper-jump {tot('hyperjumps', 'counts'):.1f}, "
            f"a 3-D jump {tot('jumps', 'counts'):.1f}, a stack {tot('stacks', 'counts'):.1f}, "
            f"a split {tot('splits', 'counts'):.1f}, a promotion {tot('promotions', 'counts'):.1f}, "
            f"a capture {tot('captures', 'counts'):.1f}.",
            f"Highest dimension with a piece off index 1: max {max(dims)}, games reaching dimension >= 4: "
            f"{sum(1 for d in dims if d >= 4)}/{n}, >= 5: {sum(1 for d in dims if d >= 5)}/{n}.",
        ]


class SpiritArena(ArenaGame):
    _NAMES = {"sect-captured": "S3 sect captured", "no-legal-turn": "no legal turn", "turn-limit": "H6 turn limit"}

    def count(self, counts: dict, before: Any, turn: Any, game: Any) -> bool:
        side = before.to_move
        counts["captures"] += sum(1 for c in game.captures[-1] if c.piece.side != side)
        counts["transforms"] += turn.transform is not None
        return False

    def category(self, reason: str, flag: bool = False) -> str:
        return self._NAMES.get(reason, reason)

    def adjudicate(self, pos: Any, max_plies: int) -> tuple:
        v = spirit_evaluate(pos)
        v = v if pos.to_move == "white" else -v
        if abs(v) >= ADJUDICATE_SPIRIT:
            return ("white" if v > 0 else "black"), f"adjudicated at the ply cap {max_plies}: {v / 100:+.1f}"
        return None, f"arena ply cap {max_plies}"

    def report_lines(self, results: list) -> list[str]:
        n = len(results)
        caps = sum(r.counts[s]["captures"] for r in results for s in ("white", "black"))
        trans = sum(r.counts[s]["transforms"] for r in results for s in ("white", "black"))
        return [
            f"\nPer game: {caps / n:.1f} captures, {trans / n:.2f} transforms (S8); "
            f"mean length {statistics.mean(r.plies for r in results):.0f} plies."
        ]


def _is_facing(pos, turn) -> bool:
    """Was ``turn`` a king capturing the enemy king from farther than one step (C3)?"""
    if turn.origin is None or not turn.actions or turn.actions[0].kind != "capture":
        return False
    st = pos.cell(turn.origin)
    if not st or st[0].type != "king":
        return False
    to = turn.actions[0].to
    return any(p.type == "king" for p in pos.cell(to)) and (
        len(to) != len(turn.origin)
        or to[2:] != turn.origin[2:]
        or max(abs(to[0] - turn.origin[0]), abs(to[1] - turn.origin[1])) > 1
    )


def arena_of(game: str) -> ArenaGame:
    """The arena hook of the game called ``game`` (the plain :class:`ArenaGame` if it has none)."""
    return games.get(game).hooks.get("arena") or ArenaGame()


games.get("cube").set_hook("arena", CubeArena())
games.get("spirit").set_hook("arena", SpiritArena())
