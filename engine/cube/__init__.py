"""Cube chess (大棋): rules C1–C43 with gap answers G1–G19 (docs/RULES.md).

Importing this package registers the game (:data:`KIND`, an
:class:`engine.core.games.GameKind`), so that ``load_ruleset("standard")`` returns a cube-chess
:class:`~engine.cube.ruleset.Ruleset` and the protocol, the players, the arena and the tutorial
find the game through the registry.
"""

from __future__ import annotations

from ..core import games as _games
from .game import Game
from .notation import format_turn as _format_turn
from .notation import parse_turn as _parse_turn
from .position import Position
from .protocol import check_suggest_size as _check_suggest_size
from .protocol import handle_cube as _handle_cube
from .protocol import parse_position as _parse_position
from .protocol import turn_json as _turn_json
from .randomplay import random_turn as _random_turn
from .ruleset import CUBE_SCHEMA, build_cube


def _format(turn, before: Position) -> str:
    stack = before.cell(turn.origin) if turn.origin is not None and turn.actions[0].kind != "drop" else None
    return _format_turn(turn, before.rules, stack=stack)


KIND = _games.register(
    _games.GameKind(
        name="cube",
        title="cube chess",
        default_ruleset="standard",
        schema=CUBE_SCHEMA,
        build_rules=lambda data, where, problems: build_cube(data, where),
        position_type=Position,
        game_type=Game,
        new_game=Game,
        read_record=lambda text, source, known: Game.from_text(text, source=source, known=known),
        format_turn=_format,
        parse_turn=lambda text, rules: _parse_turn(text, rules)[0],
        handle=_handle_cube,
        position_from_json=lambda obj, ruleset=None: _parse_position(obj)[0],
        turn_json=_turn_json,
        random_turn=_random_turn,
        max_plies=200,
        record_marks=("setup ", "cells ", "布阵 ", "格 "),  # "cells": a record that begins from a position
    )
)
# the suggest query's size limits (suggest-work), checked before any search (issue 17)
KIND.set_hook("check_suggest_size", _check_suggest_size)
