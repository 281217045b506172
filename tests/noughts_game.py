"""A third game, kept in the tests: noughts and crosses on a 3x3x3 cube.

White (X) and black (O) take turns placing a mark on an empty cell; three in a line (any of the
49 lines of the cube) wins, a full cube is a draw.  It exists to prove that a game is one folder:
:func:`register` puts it into every layer through the same interfaces the two real games use --
the engine registry (ruleset schema, position and game classes, notation, records, protocol
queries), the computer player (the shared alpha-beta search), the arena and the window.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any

from engine.core import games
from engine.core.errors import IllegalAction, NotationError
from engine.core.files import atomic_write_text, read_record_text
from engine.core.loader import INT, STR, load_ruleset
from engine.players.base import Suggestion, check_request
from engine.players.search import SearchParams, searched_suggestion

NAME = "noughts"
SIDES = ("white", "black")
MARK = {"white": "X", "black": "O"}
CELLS = tuple(product((1, 2, 3), repeat=3))
LINES = tuple(
    line
    for d in product((-1, 0, 1), repeat=3)
    if d > (0, 0, 0)  # one of each pair of opposite directions: 13
    for s in CELLS
    for line in [tuple(tuple(s[i] + k * d[i] for i in range(3)) for k in range(3))]
    if all(c in CELLS for c in line)
)
SCHEMA = {"meta": {"name": STR, "game": STR, "description": STR}, "board": {"size": INT}}


@dataclass(frozen=True)
class NoughtsRules:
    name: str
    source: str
    size: tuple[int, int, int] = (3, 3, 3)
    game = NAME


@dataclass(frozen=True)
class Result:
    winner: str | None
    reason: str


@dataclass(frozen=True)
class Place:
    at: tuple[int, int, int]


@dataclass(frozen=True)
class NoughtsPosition:
    rules: NoughtsRules
    to_move: str = "white"
    marks: tuple = ()  # ((cell, side), ...) sorted
    ply: int = 0
    result: Result | None = None

    def owner(self, cell) -> str | None:
        return dict(self.marks).get(cell)


def build_rules(data: dict, where: str, problems: list[str]) -> NoughtsRules:
    if data.get("board", {}).get("size", 3) != 3:
        problems.append("'board.size' must be 3")
    if problems:
        raise NotationError("; ".join(problems), where=where)
    return NoughtsRules(data["meta"]["name"], where)


def legal_turns(pos: NoughtsPosition) -> list[Place]:
    taken = dict(pos.marks)
    return [] if pos.result else [Place(c) for c in CELLS if c not in taken]


def apply(pos: NoughtsPosition, turn: Place) -> NoughtsPosition:
    if pos.result is not None:
        raise IllegalAction(f"the game is over ({pos.result.reason})", code="game-over")
    if not isinstance(turn, Place) or turn.at not in CELLS:
        raise IllegalAction(f"{turn!r} is not a cell of the 3x3x3 cube", code="off-board")
    if pos.owner(turn.at):
        raise IllegalAction(f"cell {format_turn(turn)} is taken", code="occupied")
    marks = dict(pos.marks) | {turn.at: pos.to_move}
    won = any(all(marks.get(c) == pos.to_move for c in line) for line in LINES if turn.at in line)
    result = Result(pos.to_move, "three in a line") if won else Result(None, "full cube") if len(marks) == 27 else None
    other = SIDES[1 - SIDES.index(pos.to_move)]
    return NoughtsPosition(pos.rules, other, tuple(sorted(marks.items())), pos.ply + 1, result)


def format_turn(turn: Place, before: Any = None) -> str:
    return "({},{},{})".format(*turn.at)


def parse_turn(text: str, rules: Any = None) -> Place:
    try:
        at = tuple(int(v) for v in text.strip().strip("()").split(","))
    except ValueError:
        raise NotationError(f"{text!r} is not a cell such as (2,2,2)") from None
    if at not in CELLS:
        raise NotationError(f"{text!r} is not a cell of the 3x3x3 cube")
    return Place(at)  # type: ignore[arg-type]


class NoughtsGame:
    """The ``Game`` protocol of engine.core.games, for noughts and crosses."""

    def __init__(self, rules: Any = NAME):
        self.rules = load_ruleset(rules) if isinstance(rules, str) else rules
        self.positions = [NoughtsPosition(self.rules)]
        self.turns: list[Place] = []
        self._redo: list[Place] = []

    position = property(lambda self: self.positions[-1])
    result = property(lambda self: self.position.result)
    can_undo = property(lambda self: bool(self.turns))
    can_redo = property(lambda self: bool(self._redo))
    history = property(lambda self: tuple(self.turns))

    def play(self, turn: Place, *, keep_redo: bool = False) -> NoughtsPosition:
        self.positions.append(apply(self.position, turn))
        self.turns.append(turn)
        if not keep_redo:
            self._redo.clear()
        return self.position

    def undo(self) -> Place:
        if not self.turns:
            raise IllegalAction("nothing to undo", code="no-history")
        self.positions.pop()
        self._redo.append(self.turns.pop())
        return self._redo[-1]

    def redo(self) -> NoughtsPosition:
        if not self._redo:
            raise IllegalAction("nothing to redo", code="no-history")
        return self.play(self._redo.pop(), keep_redo=True)

    def repeat_positions(self) -> tuple:
        return ()  # noughts has no repetition rule

    def to_text(self) -> str:
        lines = [f"ruleset {self.rules.name}"]
        lines += [f"{i // 2 + 1}{'.' if i % 2 == 0 else '...'} {format_turn(t)}" for i, t in enumerate(self.turns)]
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str, source: str = "record", known: Any = None) -> NoughtsGame:
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        name = lines[0].removeprefix("ruleset ").strip() if lines else NAME
        game = cls(known if known is not None and known.name == name else name)
        for n, ln in enumerate(lines[1:], 2):
            try:
                game.play(parse_turn(ln.split(None, 1)[1]))
            except (IndexError, IllegalAction, NotationError) as exc:
                raise NotationError(f"{exc}", where=f"{source}, line {n}") from None
        return game

    def save(self, path: Any) -> Path:
        return atomic_write_text(path, self.to_text())

    @classmethod
    def load(cls, path: Any, *, known: Any = None) -> NoughtsGame:
        return cls.from_text(read_record_text(path), str(path), known)


# -- protocol ---------------------------------------------------------------------------------
def position_json(pos: NoughtsPosition) -> dict:
    return {"ruleset": pos.rules.name, "to_move": pos.to_move, "marks": [[list(c), s] for c, s in pos.marks]}


def position_from_json(obj: Any, ruleset: Any = None) -> NoughtsPosition:
    pos = NoughtsPosition(load_ruleset(obj.get("ruleset", ruleset or NAME)))
    for cell, side in obj.get("marks", []):
        pos = apply(pos.__class__(pos.rules, side, pos.marks, pos.ply), Place(tuple(cell)))
    return NoughtsPosition(pos.rules, obj.get("to_move", pos.to_move), pos.marks, pos.ply, pos.result)


def handle(req: dict) -> dict:
    if req.get("query") == "ruleset":
        return {"legal": True, "name": load_ruleset(req.get("ruleset", NAME)).name, "game": NAME, "cells": 27}
    pos = position_from_json(req["position"], req.get("ruleset"))
    new = apply(pos, Place(tuple(req["turn"]["at"])))
    return {"legal": True, "position": position_json(new), "result": new.result and new.result.winner}


# -- the computer: the shared alpha-beta search over a small adapter ----------------------------
class Adapter:
    def root(self, pos):
        return pos

    def moves(self, pos):
        return legal_turns(pos)

    def tactical(self, pos):
        return []

    def prescore(self, pos, turn):
        return sum(turn.at in line for line in LINES)  # the centre lies on most lines

    def play(self, pos, turn):
        return apply(pos, turn)

    def evaluate(self, pos):  # open lines of the side to move minus those of the other
        me, marks = pos.to_move, dict(pos.marks)
        score = 0
        for line in LINES:
            owners = {marks.get(c) for c in line} - {None}
            if len(owners) == 1:
                score += 10 if owners == {me} else -10
        return float(score)

    def key(self, turn):
        return format_turn(turn)


class NoughtsPlayer:
    def suggest(self, position, level, seed=0, nodes=None, budget_ms=None, clock=None) -> Suggestion:
        check_request(position, level, nodes, budget_ms)
        rng = random.Random(seed)
        if level == 0:
            t = rng.choice(legal_turns(position))
            return Suggestion(t, 0.0, (t,), 0, "plays a random empty cell", 0)
        params = SearchParams(depth=level, nodes=2000)
        return searched_suggestion(
            Adapter(), params, position, seed, nodes, budget_ms, clock,
            lambda pos, t, v: f"takes {format_turn(t)}", lambda: rng.choice(legal_turns(position)),
        )  # fmt: skip


KIND = games.GameKind(
    name=NAME,
    title="noughts and crosses",
    default_ruleset=NAME,
    schema=SCHEMA,
    build_rules=build_rules,
    position_type=NoughtsPosition,
    game_type=NoughtsGame,
    new_game=NoughtsGame,
    read_record=lambda text, source, known: NoughtsGame.from_text(text, source, known),
    format_turn=format_turn,
    parse_turn=parse_turn,
    handle=handle,
    position_from_json=position_from_json,
    turn_json=lambda t: {"at": list(t.at)},
    random_turn=lambda pos, rng: rng.choice(legal_turns(pos)) if legal_turns(pos) else None,
    max_plies=27,
)


def register(rulesets_dir: Path) -> None:
    """Register the game (its ruleset file goes into ``rulesets_dir``, the user rulesets folder)."""
    (rulesets_dir / f"{NAME}.toml").write_text(f'[meta]\nname = "{NAME}"\ngame = "{NAME}"\n', encoding="utf-8")
    games.register(KIND)
    KIND.set_hook("player", NoughtsPlayer())


def unregister() -> None:
    games.unregister(NAME)
