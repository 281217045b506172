"""The protocol's ``suggest`` query for both games (docs/PROTOCOL.md, "suggest").

``{"query": "suggest", "position": P, "level": 0..3, "seed": n, "nodes": n, "budget_ms": t}`` ->
``{"legal": true, "turn": T, "eval": x, "line": [T, ...], "nodes": n, "depth": d, "reason": text}``
where ``P`` and ``T`` are exactly the position and turn objects of that game's ``turn`` query.
:func:`handle_suggest` raises :class:`~engine.core.errors.DaqiError` subclasses on bad input
(``engine.protocol.handle`` turns them into error replies).
"""

from __future__ import annotations

import json

from ..core import games
from ..core.errors import DaqiError
from .base import check_budget, check_level, check_seed
from .dispatch import suggest

FIELDS = ("query", "id", "ruleset", "position", "level", "seed", "nodes", "budget_ms")


class SuggestError(DaqiError):
    code = "malformed"


def cube_turn_json(turn) -> dict:
    """A cube-chess turn as the protocol writes it."""
    return games.get("cube").turn_json(turn)


def _game_of(req: dict) -> games.GameKind:
    name = req.get("ruleset")
    pos = req.get("position")
    if name is None and isinstance(pos, dict):
        name = pos.get("ruleset")
    if name is not None and not isinstance(name, str):
        raise SuggestError(f"ruleset must be a name, got {json.dumps(name)}")
    return games.for_ruleset(name)


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
    kind = _game_of(req)
    pos = kind.position_from_json(req["position"], req.get("ruleset", kind.default_ruleset))
    fmt = kind.turn_json
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
