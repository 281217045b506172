"""What the puzzle maker needs of each game: its turns, material, notation, position text and tags.

Both games answer the same small interface (:class:`CubeKind`, :class:`SpiritKind`), so the maker
and the checker are written once.  The turns a puzzle considers are the computer players'
candidate turns (``engine.players``: bounded, every legal turn that captures, wins on the spot,
drops, jumps or promotes near the action), applied through each game's own turn machine.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ..core import games
from ..core.errors import IllegalAction
from ..cube.game import parse_position
from ..cube.notation import format_turn, parse_turn
from ..cube.position import Position
from ..cube.position_text import format_position
from ..cube.rules import apply_turn
from ..players.cube_moves import candidates
from ..players.spirit_player import ADAPTER as SPIRIT_ADAPTER
from ..spirit.position import SpiritPosition, apply_spirit_turn
from ..spirit.position_text import format_spirit_position
from ..spirit.record import format_spirit_turn, parse_spirit_position, parse_spirit_turn
from .compose import sparse_position

#: spirit-chess piece values for "wins material" (the sect is the game itself: taking it wins)
SPIRIT_VALUES = {"master": 9, "vicemaster": 7, "formation": 6, "elder": 5, "protector": 5, "disciple": 2, "sect": 0}


def other(side: str) -> str:
    return "black" if side == "white" else "white"


class CubeKind:
    name = "cube"

    def sparse_start(self, rng) -> Position:
        """A constructed end-game start for self-play (``selfplay --start sparse``)."""
        return sparse_position(rng)

    def turns(self, pos: Position) -> list:
        return candidates(pos)

    def replies(self, pos: Position) -> list:
        """The candidate turns, the likeliest defences first: captures and the royals' own turns
        (a threat is met by taking the attacker or moving the king away), then the rest."""
        turns = candidates(pos)
        royals = {c for c in pos.royals[pos.to_move].values() if c is not None}
        return sorted(turns, key=lambda t: not (t.actions[0].kind == "capture" or t.origin in royals))

    def passed(self, pos: Position) -> Position:
        """``pos`` with the other side to move (a pass: what a side threatens)."""
        return pos.replace(to_move=other(pos.to_move))

    def winning_candidates(self, pos: Position) -> list:
        """Every candidate turn that can end the game at once: a capture (C4, C3, C16: only a
        capture raises a score) or a royal's turn (C5, C7: a step, jump or hyper-jump home, or a
        step and then a jump)."""
        side = pos.to_move
        out = candidates(pos, tactical=True)  # captures, and royal steps and jumps onto a home
        homes = [h for h in pos.homes[other(side)].values() if h is not None]
        near = {  # a royal turn moves at most a step and a jump (or a hyper-jump): only a royal near a home
            c
            for c in pos.royals[side].values()
            if c is not None and any(max(abs(a - b) for a, b in zip(c[:3], h[:3])) <= 2 for h in homes)
        }
        if near:
            keys = {repr(t) for t in out}
            out += [t for t in candidates(pos) if t.origin in near and repr(t) not in keys]
        return out

    def takes(self, turn) -> bool:
        """Whether a reply can change the material count (a capture; a drop buys material with
        points, which is not losing it)."""
        return any(a.kind == "capture" for a in turn.actions)

    def apply(self, pos: Position, turn) -> Position | None:
        try:
            return apply_turn(pos, turn)[0]
        except IllegalAction:
            return None

    def balance(self, pos: Position, side: str) -> int:
        """Piece values of ``side`` minus the other side's, on the finite part of the board (the
        untouched crowded pawns of every board cancel out)."""
        vals = {n: p.value for n, p in pos.rules.pieces.items()}
        out = 0
        for c, s in pos.cells.items():
            for p in s:
                out += vals[p.type] if p.side == side else -vals[p.type]
            for p in pos.default(c):
                out -= vals[p.type] if p.side == side else -vals[p.type]
        for s in pos.base.values():
            for p in s:
                out += vals[p.type] if p.side == side else -vals[p.type]
        return out

    def key(self, turn) -> str:
        return repr(turn)

    def format_turn(self, pos: Position, turn) -> str:
        stack = pos.cell(turn.origin) if turn.origin is not None and turn.actions[0].kind != "drop" else None
        return format_turn(turn, pos.rules, stack=stack)

    def parse_turn(self, pos: Position, text: str):
        return parse_turn(text, pos.rules)[0]

    def format_position(self, pos: Position) -> str:
        return format_position(pos)

    def parse_position(self, text: str, source: str = "puzzle") -> Position:
        return parse_position(text, source=source)

    def rating_extra(self, pos: Position, first) -> float:
        """Harder: more actions in the turn, a quiet turn (no capture)."""
        acts = first.actions
        return 120 * (len(acts) - 1) + (250 if acts[0].kind != "capture" else 0)

    def tags(self, pos: Position, line: list, outcome: Any) -> list:
        tags = []
        kinds = {a.kind for i, t in enumerate(line) if i % 2 == 0 for a in t.actions}
        first = line[0]
        st = pos.cell(first.origin) if first.origin is not None else ()
        a0 = first.actions[0]
        reason = outcome.reason if outcome is not None else ""
        if "C3" in reason or (
            a0.kind == "capture"
            and st
            and st[0].type == "king"
            and any(p.type == "king" for p in pos.cell(a0.to))
            and max(abs(a0.to[0] - first.origin[0]), abs(a0.to[1] - first.origin[1])) > 1
        ):
            tags.append("facing line")
        if "home" in reason:
            tags.append("home walk")
        if "hyperjump" in kinds:
            tags.append("hyper-jump")
        if "jump" in kinds:
            tags.append("3-D jump")
        if "drop" in kinds:
            tags.append("drop")
        if kinds & {"stack", "split"} or len(st) > 1 or (a0.kind == "capture" and len(pos.cell(a0.to)) > 1):
            tags.append("stack")
        if "promote" in kinds:
            tags.append("promotion")
        if "C16" in reason:
            tags.append("C16 margin")
        return tags


class SpiritKind:
    name = "spirit"
    sparse_start = None  # spirit chess starts from its setup

    def turns(self, pos: SpiritPosition) -> list:
        return SPIRIT_ADAPTER.moves(SPIRIT_ADAPTER.root(pos))

    def replies(self, pos: SpiritPosition) -> list:
        return SPIRIT_ADAPTER.moves(SPIRIT_ADAPTER.root(pos))

    def passed(self, pos: SpiritPosition) -> SpiritPosition:
        """``pos`` with the other side to move (a pass: what a side threatens)."""
        return dataclasses.replace(pos, to_move=other(pos.to_move))

    def winning_candidates(self, pos: SpiritPosition) -> list:
        """A formation's zone can take the sect without landing on it: every candidate turn."""
        return self.turns(pos)

    def takes(self, turn) -> bool:
        return True

    def apply(self, pos: SpiritPosition, turn) -> SpiritPosition | None:
        try:
            return apply_spirit_turn(pos, turn)[0]
        except IllegalAction:
            return None

    def balance(self, pos: SpiritPosition, side: str) -> int:
        out = 0
        for p in pos.pieces.values():
            v = SPIRIT_VALUES.get(p.type, 3)
            out += v if p.side == side else -v
        return out

    def key(self, turn) -> str:
        return repr(turn)

    def format_turn(self, pos: SpiritPosition, turn) -> str:
        return format_spirit_turn(turn)

    def parse_turn(self, pos: SpiritPosition, text: str):
        return parse_spirit_turn(text)

    def format_position(self, pos: SpiritPosition) -> str:
        return format_spirit_position(pos)

    def parse_position(self, text: str, source: str = "puzzle") -> SpiritPosition:
        return parse_spirit_position(text, source)

    def rating_extra(self, pos: SpiritPosition, first) -> float:
        """Harder: a quiet turn (no capture on its end square), a long path."""
        return (250 if first.end not in pos.pieces else 0) + 20 * len(first.path)

    def tags(self, pos: SpiritPosition, line: list, outcome: Any) -> list:
        tags = []
        _, caps = apply_spirit_turn(pos, line[0])
        reasons = {c.reason for c in caps if c.piece.side != pos.to_move}
        mover = pos.pieces.get(line[0].origin)
        if reasons & {"formation", "formation-square"} or (mover is not None and mover.type == "formation"):
            tags.append("formation")
        if any(c.piece.type == "sect" for c in caps) or (outcome is not None and "sect" in outcome.reason):
            tags.append("sect")
        if line[0].levelup != line[0].origin:
            tags.append("raise another")
        if any(t.transform is not None for t in line[0::2]):
            tags.append("transform")
        return tags


games.get("cube").set_hook("puzzles", CubeKind())
games.get("spirit").set_hook("puzzles", SpiritKind())


def kind_named(name: str) -> Any:
    """The puzzle interface of the game called ``name`` (the registry's ``"puzzles"`` hook)."""
    return games.get(name).hook("puzzles")


def kind_of(game_or_position) -> Any:
    """The puzzle interface of a game or a position's game."""
    return games.of_rules(game_or_position.rules).hook("puzzles")
