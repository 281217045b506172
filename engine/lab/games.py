"""What the lab needs of each game, found through the game registry (:mod:`engine.core.games`) as
its ``"lab"`` hook: a new game object, its record text and back, the protocol's position/turn JSON
for outside players, and the kinds of action a turn uses (for the studies).  One :class:`LabGame`
per game, set on the registry below; nothing else in the lab names a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..core import games as registry
from ..core.loader import load_ruleset_arg
from ..cube import protocol as cube_protocol
from ..cube.actions import Turn
from ..cube.game import Game
from ..players.arena_games import arena_of
from ..spirit import protocol as spirit_protocol
from ..spirit.record import SpiritGame, format_spirit_record, parse_spirit_record


@dataclass(frozen=True)
class LabGame:
    name: str
    new: Callable[[Any], Any]  # rules -> a game object (``.position``, ``.play(turn)``)
    record: Callable[[Any], str]  # game -> record text
    from_record: Callable[[str, Any, str], Any]  # (text, rules, source) -> game
    position_json: Callable[[Any], dict]
    turn_from_json: Callable[[Any, Any], Any]  # (position, obj) -> turn; raises ValueError
    turn_kinds: Callable[[Any, Any], list[str]]  # (position before, turn) -> action kinds used
    max_dimension: Callable[[Any], int]
    ending: Callable[[str, bool], str]  # (reason, the arena's flag for the last turn) -> category
    #: action kinds a study reports, in order
    kinds: tuple[str, ...]


# -- cube chess -------------------------------------------------------------------------------------


def _cube_from_record(text: str, rules, source: str) -> Game:
    return Game.from_record(text, source=source, known=rules)


def _cube_turn_from_json(pos, obj) -> Turn:
    if not isinstance(obj, dict) or not isinstance(obj.get("actions"), list) or not obj["actions"]:
        raise ValueError(f"a cube turn is an object with a non-empty 'actions' list, got {str(obj)[:80]!r}")
    origin = obj.get("origin")
    org = None if origin is None else cube_protocol._coord(pos, origin, "turn.origin")
    acts = tuple(
        cube_protocol.parse_action(pos.rules, pos, a, f"turn.actions[{i}]") for i, a in enumerate(obj["actions"])
    )
    return Turn(org, acts)


def _cube_kinds(pos, turn) -> list[str]:
    out = []
    for a in turn.actions:
        if a.kind == "drop":
            out.append("drop in green" if pos.rules.in_green(a.to) else "drop outside green")
        elif a.kind != "move":
            out.append({"jump": "3-D jump", "hyperjump": "hyper-jump"}.get(a.kind, a.kind))
    return sorted(set(out))


CUBE = LabGame(
    name="cube",
    new=lambda rules: Game(rules),
    record=lambda g: g.to_record(),
    from_record=_cube_from_record,
    position_json=cube_protocol.position_json,
    turn_from_json=_cube_turn_from_json,
    turn_kinds=_cube_kinds,
    max_dimension=lambda pos: pos.max_dimension(),
    ending=lambda reason, flag: arena_of("cube").category(reason, flag),
    kinds=(
        "capture",
        "3-D jump",
        "hyper-jump",
        "stack",
        "split",
        "drop in green",
        "drop outside green",
        "promote",
    ),
)


# -- spirit chess -----------------------------------------------------------------------------------


def _spirit_from_record(text: str, rules, source: str) -> SpiritGame:
    rec = parse_spirit_record(text, source)
    g = SpiritGame(rules, rec.white, rec.black)
    for t in rec.turns:
        g.play(t)
    return g


def _spirit_kinds(pos, turn) -> list[str]:
    out = []
    target = pos.pieces.get(tuple(turn.path[-1])) if turn.path else None
    if target is not None and target.side != pos.to_move:
        out.append("capture")
    if turn.transform is not None:
        out.append("transform")
    if len(turn.path) > 1:
        out.append("multi-step move")
    return out


SPIRIT = LabGame(
    name="spirit",
    new=lambda rules: SpiritGame(rules),
    record=format_spirit_record,
    from_record=_spirit_from_record,
    position_json=spirit_protocol.format_position,
    turn_from_json=lambda pos, obj: spirit_protocol.parse_turn(obj, pos.rules),
    turn_kinds=_spirit_kinds,
    max_dimension=lambda pos: 2,
    ending=lambda reason, flag: arena_of("spirit").category(reason, flag),
    kinds=("capture", "transform", "multi-step move"),
)

for _lab in (CUBE, SPIRIT):
    registry.get(_lab.name).set_hook("lab", _lab)


def kind_of(rules) -> LabGame:
    """The lab's view of the game of a loaded ruleset (its registry entry's ``"lab"`` hook)."""
    kind = registry.of_rules(rules)
    lab = kind.hooks.get("lab")
    if lab is None:
        raise ValueError(f"the lab cannot play {kind.title} (ruleset {rules.name!r}) yet")
    return lab


def load(ruleset: str):
    """``(rules, kind)`` of a ruleset name or path."""
    rules = load_ruleset_arg(ruleset)
    return rules, kind_of(rules)
