"""Spirit chess (灵棋): rules S1-S13 with gap answers H1-H9 (see docs/RULES-spirit.md).

Importing this package registers the game with the loader (``engine.core.loader.GAMES["spirit"]``) so that
``load_ruleset("spirit")`` returns a :class:`SpiritRules`.
"""

from __future__ import annotations

from ..core.errors import RulesetError
from ..core.loader import register_game
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


register_game("spirit", SPIRIT_SCHEMA, build_spirit_checked)

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
