"""The protocol's ``suggest`` query for both games (docs/PROTOCOL.md, "suggest").

``{"query": "suggest", "position": P, "level": 0..4, "seed": n, "nodes": n, "budget_ms": t}`` ->
``{"legal": true, "turn": T, "eval": x, "line": [T, ...], "nodes": n, "depth": d, "reason": text}``
where ``P`` and ``T`` are exactly the position and turn objects of that game's ``turn`` query.
:func:`handle_suggest` raises :class:`~engine.core.errors.DaqiError` subclasses on bad input
(``engine.protocol.handle`` turns them into error replies).
"""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import DaqiError
from ..core.loader import load_ruleset
from ..cube.protocol import action_json
from ..cube.protocol import parse_position as parse_cube_position
from ..spirit.protocol import parse_position as parse_spirit_position
from .base import check_budget, check_level, check_seed
from .dispatch import suggest

FIELDS = ("query", "id", "ruleset", "position", "level", "seed", "nodes", "budget_ms")


class SuggestError(DaqiError):
    code = "malformed"


def cube_turn_json(turn) -> dict:
    return {
        "origin": None if turn.origin is None else list(turn.origin),
        "actions": [action_json(a) for a in turn.actions],
    }


def spirit_turn_json(turn) -> dict:
    out: dict[str, Any] = {
        "levelup": list(turn.levelup),
        "origin": list(turn.origin),
        "path": [list(c) for c in turn.path],
    }
    if turn.transform is not None:
        out["transform"] = {"at": list(turn.transform.at), "into": turn.transform.into}
    return out


def _game_of(req: dict) -> str:
    name = req.get("ruleset")
    pos = req.get("position")
    if name is None and isinstance(pos, dict):
        name = pos.get("ruleset")
    if name is None:
        return "cube"
    if not isinstance(name, str):
        raise SuggestError(f"ruleset must be a name, got {json.dumps(name)}")
    return getattr(load_ruleset(name), "game", "cube")


def handle_suggest(req: dict) -> dict:
    """Answer one ``suggest`` request (raises DaqiError on bad input)."""
    if not isinstance(req, dict):
        raise SuggestError("a request must be a JSON object")
    extra = sorted(set(req) - set(FIELDS))
    if extra:
        raise SuggestError(
            f"unknown field(s) {', '.join(map(repr, extra))} in the suggest request (allowed: "
            f"{', '.join(sorted(FIELDS))})",
            code="unknown-field",
        )
    for r in ("position", "level"):
        if r not in req:
            raise SuggestError(f"the suggest request needs the field {r!r}", code="missing-field")
    level = check_level(req["level"])
    seed = check_seed(req.get("seed", 0))
    nodes, budget_ms = req.get("nodes"), req.get("budget_ms")
    check_budget(nodes, budget_ms)
    game = _game_of(req)
    pos: Any  # a cube Position or a SpiritPosition
    if game == "spirit":
        pos = parse_spirit_position(req["position"], req.get("ruleset", "spirit"))
        fmt = spirit_turn_json
    else:
        pos, _ = parse_cube_position(req["position"])
        fmt = cube_turn_json
    if pos.result is not None:
        raise DaqiError("the game is over", code="game-over")
    s = suggest(pos, level, seed, nodes, budget_ms)
    if s.turn is None:
        raise DaqiError("the side to move has no legal turn", code="no-legal-turn")
    return {
        "legal": True,
        "turn": fmt(s.turn),
        "eval": round(float(s.eval), 1),
        "line": [fmt(t) for t in s.line],
        "nodes": s.nodes,
        "depth": s.depth,
        "reason": s.reason,
    }
