"""JSON protocol handlers for spirit chess (requests whose ruleset is a spirit ruleset).

``handle(request) -> reply`` never raises: every bad input becomes an error reply
``{"legal": false, "error": CODE, "message": TEXT}`` (``legal`` only for turn/setup queries).
Queries: ``turn``, ``setup``, ``ruleset``, ``paths`` (grammar in docs/RULES-spirit.md).
"""

from __future__ import annotations

from typing import Any

from ..core.errors import DaqiError, NotationError, RulesetError
from ..core.limits import check, check_ruleset_name, cut, error_fields
from ..core.loader import load_ruleset
from .position import (
    SpiritPiece,
    SpiritPosition,
    SpiritTurn,
    apply_spirit_turn,
    as_coord,
    catch_squares,
    formation_zones,
    legal_paths,
)
from .rules import SIDES, SpiritRules
from .setup import check_setup

POSITION_FIELDS = {"ruleset", "to_move", "pieces", "ply"}
PIECE_FIELDS = {"at", "side", "type", "level"}
TURN_FIELDS = {"levelup", "origin", "path", "transform"}
QUERY_FIELDS = {
    "turn": {"query", "id", "ruleset", "position", "turn"},
    "setup": {"query", "id", "ruleset", "side", "pieces"},
    "ruleset": {"query", "id", "ruleset"},
    "paths": {"query", "id", "ruleset", "position", "origin", "levelup"},
}


def _bad(msg: str, code: str = "malformed") -> NotationError:
    return NotationError(msg, code=code)


def _show(value: Any) -> str:
    return cut(repr(value)[:80])


def _square(value: Any, rules: SpiritRules, what: str):
    """``as_coord`` after the coordinate limits (numbers in a square, their magnitude)."""
    if not isinstance(value, list):
        raise _bad(f"{what} {_show(value)} is not a coordinate [x, y]")
    check("coord-dims", len(value), f"{what} has too many numbers")
    for v in value:
        if isinstance(v, int) and not isinstance(v, bool):
            check("coord-value", v, f"{what} holds a number too large")
    return as_coord(value, rules, what)


def _fields(obj: Any, allowed: set, required: set, what: str) -> dict:
    if not isinstance(obj, dict):
        raise _bad(f"{what} must be a JSON object, got {_show(obj)}")
    extra = sorted(set(obj) - allowed, key=repr)
    if extra:
        raise _bad(
            f"{what}: unknown field(s) {', '.join(map(repr, extra))} (allowed: {', '.join(sorted(allowed))})",
            "unknown-field",
        )
    missing = sorted(required - set(obj))
    if missing:
        raise _bad(f"{what}: missing field(s) {', '.join(map(repr, missing))}")
    return obj


def _rules(name: Any) -> SpiritRules:
    check_ruleset_name(name, "ruleset")
    try:
        rules = load_ruleset(name)
    except DaqiError:
        raise
    except Exception as exc:  # noqa: BLE001 - a ruleset that cannot be read is the request's problem
        raise RulesetError(f"ruleset {name!r} could not be loaded ({type(exc).__name__})") from None
    if getattr(rules, "game", None) != "spirit":
        raise _bad(f"ruleset {name!r} is not a spirit-chess ruleset", "unknown-name")
    return rules


def _side(value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in SIDES:
        raise _bad(f"{what} {_show(value)} must be 'white' or 'black'", "unknown-name")
    return value


def _kind(rules: SpiritRules, value: Any, what: str) -> str:
    if not isinstance(value, str) or value not in rules.pieces:
        raise _bad(f"{what} {_show(value)} is not a piece type (known: {', '.join(rules.pieces)})", "unknown-name")
    return value


def parse_position(obj: Any, default_ruleset: Any = "spirit") -> SpiritPosition:
    """Protocol position P -> SpiritPosition (start counts = the ruleset's counts), or the position
    text of docs/NOTATION.md ("Positions") as ``{"ruleset": "spirit", "text": TEXT}``."""
    if isinstance(obj, dict) and "text" in obj:
        from .record import parse_spirit_position

        _fields(obj, {"text", "ruleset"}, {"text"}, "position")
        if not isinstance(obj["text"], str):
            raise _bad(f"position.text must be a string, got {_show(obj['text'])}")
        return parse_spirit_position(obj["text"], "position.text")
    _fields(obj, POSITION_FIELDS, {"to_move", "pieces"}, "position")
    rules = _rules(obj.get("ruleset", default_ruleset))
    to_move = _side(obj["to_move"], "position.to_move")
    ply = obj.get("ply", 0)
    if not isinstance(ply, int) or isinstance(ply, bool) or ply < 0:
        raise _bad(f"position.ply must be an integer >= 0, got {_show(ply)}")
    check("score", ply, "position.ply")
    if not isinstance(obj["pieces"], list):
        raise _bad(f"position.pieces must be a list, got {_show(obj['pieces'])}")
    check("pieces", len(obj["pieces"]), "position.pieces has too many entries")
    pieces = {}
    for i, pc in enumerate(obj["pieces"]):
        what = f"position.pieces[{i}]"
        _fields(pc, PIECE_FIELDS, {"at", "side", "type"}, what)
        at = _square(pc["at"], rules, f"{what}.at")
        side = _side(pc["side"], f"{what}.side")
        kind = _kind(rules, pc["type"], f"{what}.type")
        level = pc.get("level", rules.pieces[kind].level)
        if not isinstance(level, int) or isinstance(level, bool) or level < 0:
            raise _bad(f"{what}.level must be an integer >= 0, got {_show(level)}")
        check("score", level, f"{what}.level")
        if at in pieces:
            raise _bad(f"{what}: square {list(at)} holds two pieces", "bad-position")
        pieces[at] = SpiritPiece(kind, side, level)
    return SpiritPosition(rules, to_move, pieces, ply=ply, result=None)


def format_position(pos: SpiritPosition) -> dict:
    return {
        "ruleset": pos.rules.name,
        "to_move": pos.to_move,
        "ply": pos.ply,
        "pieces": [
            {"at": list(c), "side": p.side, "type": p.type, "level": p.level}
            for c, p in sorted(pos.pieces.items(), key=lambda cp: (cp[0][1], cp[0][0]))
        ],
    }


def turn_json(turn: SpiritTurn) -> dict:
    """A turn as the protocol writes it (the ``turn`` query's turn object)."""
    out: dict[str, Any] = {
        "levelup": list(turn.levelup),
        "origin": list(turn.origin),
        "path": [list(c) for c in turn.path],
    }
    if turn.transform is not None:
        out["transform"] = {"at": list(turn.transform.at), "into": turn.transform.into}
    return out


def parse_turn(obj: Any, rules: SpiritRules) -> SpiritTurn:
    _fields(obj, TURN_FIELDS, {"levelup", "origin", "path"}, "turn")
    if not isinstance(obj["path"], list):
        raise _bad(f"turn.path must be a list of squares, got {_show(obj['path'])}")
    check("path-steps", len(obj["path"]), "turn.path has too many squares")
    levelup = _square(obj["levelup"], rules, "turn.levelup")
    origin = _square(obj["origin"], rules, "turn.origin")
    path = tuple(_square(c, rules, f"turn.path[{i}]") for i, c in enumerate(obj["path"]))
    tr = obj.get("transform")
    if tr is not None:
        _fields(tr, {"at", "into"}, {"at", "into"}, "turn.transform")
        tr = (_square(tr["at"], rules, "turn.transform.at"), _kind(rules, tr["into"], "turn.transform.into"))
    return SpiritTurn(levelup, origin, path, tr)


def _q_turn(req: dict) -> dict:
    pos = parse_position(req["position"], req.get("ruleset", "spirit"))
    turn = parse_turn(req["turn"], pos.rules)
    new, caps = apply_spirit_turn(pos, turn)
    r = new.result
    return {
        "legal": True,
        "position": format_position(new),
        "captured": [
            {"at": list(c.at), "side": c.piece.side, "type": c.piece.type, "level": c.piece.level, "reason": c.reason}
            for c in caps
        ],
        "result": None if r is None else {"winner": r.winner, "reason": r.reason},
    }


def _q_setup(req: dict) -> dict:
    rules = _rules(req.get("ruleset", "spirit"))
    side = _side(req["side"], "side")
    if not isinstance(req["pieces"], list):
        raise _bad(f"pieces must be a list, got {_show(req['pieces'])}")
    check("pieces", len(req["pieces"]), "pieces has too many entries")
    placements = []
    for i, pc in enumerate(req["pieces"]):
        _fields(pc, {"at", "type"}, {"at", "type"}, f"pieces[{i}]")
        placements.append((_square(pc["at"], rules, f"pieces[{i}].at"), _kind(rules, pc["type"], f"pieces[{i}].type")))
    check_setup(rules, side, placements)
    return {"legal": True}


def _q_paths(req: dict) -> dict:
    pos = parse_position(req["position"], req.get("ruleset", "spirit"))
    origin = _square(req["origin"], pos.rules, "origin")
    levelup = req.get("levelup")
    if levelup is not None:
        levelup = _square(levelup, pos.rules, "levelup")
    paths = legal_paths(pos, origin, levelup)
    caught = catch_squares(pos, origin, levelup)
    zones = formation_zones(pos)
    return {
        "paths": [
            {"end": list(e), "path": [list(c) for c in p], "caught": e in caught}
            for e, p in sorted(paths.items(), key=lambda ep: (ep[0][1], ep[0][0]))
        ],
        "zones": [{"at": list(c), **z} for c, z in sorted(zones.items(), key=lambda cz: (cz[0][1], cz[0][0]))],
    }


def handle(request: Any) -> dict:
    """Answer one spirit-chess request; never raises."""
    query = request.get("query") if isinstance(request, dict) else None
    try:
        if not isinstance(request, dict):
            raise _bad(f"request must be a JSON object, got {_show(request)}")
        if not isinstance(query, str) or query not in QUERY_FIELDS:
            raise _bad(f"unknown query {_show(query)} (known: {', '.join(QUERY_FIELDS)})", "unknown-name")
        required = {
            "turn": {"position", "turn"},
            "setup": {"side", "pieces"},
            "ruleset": set(),
            "paths": {"position", "origin"},
        }[query]
        _fields(request, QUERY_FIELDS[query], required | {"query"}, f"{query} request")
        if query == "turn":
            reply = _q_turn(request)
        elif query == "setup":
            reply = _q_setup(request)
        elif query == "paths":
            reply = _q_paths(request)
        else:
            reply = _rules(request.get("ruleset", "spirit")).describe()
    except DaqiError as exc:
        reply = error_fields(exc)
        if query in ("turn", "setup"):
            reply = {"legal": False, **reply}
    except Exception as exc:  # noqa: BLE001 - the protocol must answer every line
        if isinstance(exc, RecursionError):
            reply = {"error": "too-deep", "message": "the request is nested too deeply to answer"}
        else:
            reply = {"error": "internal", "message": cut(f"internal error: {type(exc).__name__}: {exc}")}
        if query in ("turn", "setup"):
            reply = {"legal": False, **reply}
    if isinstance(request, dict) and "id" in request:
        reply = {"id": request["id"], **reply}
    return reply
