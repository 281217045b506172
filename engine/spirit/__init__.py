"""Spirit chess (灵棋): rules S1-S13 with gap answers H1-H9 (see docs/RULES-spirit.md).

Importing this package registers the game (:data:`KIND`, an :class:`engine.core.games.GameKind`)
so that ``load_ruleset("spirit")`` returns a :class:`SpiritRules` and every layer finds the game
through the registry.
"""

from __future__ import annotations

from ..core import games as _games
from ..core.errors import RulesetError
from .position import (
    SpiritCapture,
    SpiritPiece,
    SpiritPosition,
    SpiritResult,
    SpiritTransform,
    SpiritTurn,
    apply_spirit_turn,
    catch_squares,
    effective_level,
    formation_zones,
    has_legal_turn,
    legal_paths,
    legal_turns,
    levelup_squares,
    played_turn,
    step_budget,
)
from .protocol import handle as _handle
from .protocol import parse_position as _parse_position
from .protocol import turn_json as _turn_json
from .randomplay import random_spirit_turn
from .record import (
    SpiritGame,
    SpiritRecord,
    format_spirit_record,
    format_spirit_turn,
    parse_spirit_record,
    parse_spirit_turn,
)
from .rules import SPIRIT_SCHEMA, SpiritKind, SpiritRules, build_spirit
from .sample import sample_spirit_game
from .setup import SpiritSetup, check_setup, default_placement, setup_problem, spirit_start_position


def build_spirit_checked(data: dict, where: str, problems: list[str]) -> SpiritRules:
    """:func:`build_spirit`, then the usability check a ruleset must pass to load: both sides'
    default placements (quick start, timeouts) are legal setups (S1, S2)."""
    rules = build_spirit(data, where, problems)
    bad = []
    for side in ("white", "black"):
        why = setup_problem(rules, side, default_placement(rules, side))
        if why:
            bad.append(
                f"the default placement of {side} ('setup.default_sect', 'setup.default_order') is not a "
                f"legal setup: {why}"
            )
    if bad:
        raise RulesetError(bad, where=where)
    return rules


KIND = _games.register(
    _games.GameKind(
        name="spirit",
        title="spirit chess",
        default_ruleset="spirit",
        schema=SPIRIT_SCHEMA,
        build_rules=build_spirit_checked,
        position_type=SpiritPosition,
        game_type=SpiritGame,
        new_game=SpiritGame,
        read_record=lambda text, source, known: SpiritGame.from_text(text, source, known),
        format_turn=lambda turn, before: format_spirit_turn(turn),
        parse_turn=lambda text, rules: parse_spirit_turn(text),
        handle=_handle,
        position_from_json=lambda obj, ruleset=None: _parse_position(obj, ruleset or "spirit"),
        turn_json=_turn_json,
        random_turn=random_spirit_turn,
        max_plies=200,
        record_marks=("white:", "black:", "pieces ", "棋子 "),  # "pieces": a record that begins from a position
    )
)

__all__ = [
    "SpiritRules",
    "SpiritKind",
    "SpiritPosition",
    "SpiritPiece",
    "SpiritTurn",
    "SpiritTransform",
    "SpiritResult",
    "SpiritCapture",
    "apply_spirit_turn",
    "legal_paths",
    "legal_turns",
    "has_legal_turn",
    "levelup_squares",
    "step_budget",
    "catch_squares",
    "played_turn",
    "effective_level",
    "formation_zones",
    "check_setup",
    "setup_problem",
    "SpiritSetup",
    "spirit_start_position",
    "default_placement",
    "SpiritRecord",
    "format_spirit_record",
    "parse_spirit_record",
    "format_spirit_turn",
    "parse_spirit_turn",
    "SpiritGame",
    "sample_spirit_game",
]
