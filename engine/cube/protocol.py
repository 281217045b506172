"""The rules protocol's cube-chess queries (docs/PROTOCOL.md): ruleset, turn, actions.

:mod:`engine.protocol` reads the lines and dispatches here.

``python -m engine.protocol`` reads one JSON request per line and writes one
JSON reply per line.  Every bad input — malformed JSON, unknown fields or
names, coordinates off the board, illegal actions — is answered with
``{"legal": false, "error": CODE, "message": TEXT}``; the process keeps
serving and never prints a traceback.
"""

from __future__ import annotations

from math import prod
from typing import Any

from ..core.coords import compact, normalize, plain
from ..core.errors import DaqiError, NotationError, RulesetError
from ..core.limits import check, check_ruleset_name, cut, show
from ..core.loader import load_ruleset
from .actions import Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, Turn
from .legal import legal_actions
from .position import SIDES, Piece, Position
from .rules import apply_turn


class ProtocolError(DaqiError):
    code = "malformed"


def _err(code, message):
    return {"legal": False, "error": code, "message": cut(message)}


_show = show


def _fields(obj, allowed, where, required=()):
    if not isinstance(obj, dict):
        raise ProtocolError(f"{where} must be a JSON object, got {_show(obj)}")
    extra = sorted(set(obj) - set(allowed), key=repr)
    if extra:
        raise ProtocolError(
            f"unknown field(s) {', '.join(map(repr, extra))} in {where} (allowed: {', '.join(sorted(allowed))})",
            code="unknown-field",
        )
    for r in required:
        if r not in obj:
            raise ProtocolError(f"{where} needs the field {r!r}", code="missing-field")


def _int(value: Any, where: str, limit: str = "score", *, minimum: int | None = None) -> int:
    """An integer request value within the magnitude limit ``limit`` (and >= ``minimum``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ProtocolError(f"{where} must be an integer, got {_show(value)}")
    check(limit, value, where)
    if minimum is not None and value < minimum:
        raise ProtocolError(f"{where} must be an integer >= {minimum}, got {value}")
    return value


def _list(value: Any, where: str, limit: str) -> list:
    if not isinstance(value, list):
        raise ProtocolError(f"{where} must be a list, got {_show(value)}")
    check(limit, len(value), f"{where} has too many entries")
    return value


def _coord(pos_or_rules, value, where):
    if not isinstance(value, list) or not value:
        raise ProtocolError(
            f"{where} must be a list of integers [x, y, z, ...], got {_show(value)}", code="bad-coordinate"
        )
    check("coord-dims", len(value), f"{where} has too many numbers")
    for v in value:
        if isinstance(v, int) and not isinstance(v, bool):
            check("coord-value", v, f"{where} holds a number too large")
    try:
        c = normalize(value)
    except NotationError as exc:
        raise ProtocolError(f"{where}: {exc}", code="bad-coordinate") from None
    if isinstance(pos_or_rules, Position):
        return pos_or_rules.check_coord(c, where)
    return c


def _side(v, where):
    if not isinstance(v, str) or v not in SIDES:
        raise ProtocolError(f"{where} must be 'white' or 'black', got {_show(v)}", code="unknown-name")
    return v


def load_named(name: Any, where: str):
    """The ruleset a request names.  Names are plain words (letters, digits, '-', '_'); whatever
    the loader raises becomes a ``ruleset`` error that names the request field."""
    check_ruleset_name(name, where)
    try:
        return load_ruleset(name)
    except DaqiError:
        raise
    except Exception as exc:  # noqa: BLE001 - a ruleset that cannot be read is the request's problem
        raise RulesetError(f"{where}: ruleset {name!r} could not be loaded ({type(exc).__name__})") from None


def _pair_of_ints(v: Any, where: str) -> list:
    if not (isinstance(v, list) and len(v) == 2):
        raise RulesetError(f"{where} must be a pair of integers [first, last], got {_show(v)}")
    for i in v:
        if isinstance(i, bool) or not isinstance(i, int):
            raise RulesetError(f"{where} must be a pair of integers [first, last], got {_show(v)}")
        check("board-side", i, f"{where} holds an index too large")
    return v


def _sides_of_ints(v: Any, where: str) -> None:
    if not isinstance(v, dict) or set(v) != set(SIDES):
        raise RulesetError(f'{where} must be {{"white": rank, "black": rank}}, got {_show(v)}')
    for s, r in v.items():
        if isinstance(r, bool) or not isinstance(r, int):
            raise RulesetError(f"{where}.{s} must be an integer rank, got {_show(r)}")
        check("board-side", r, f"{where}.{s} is too large")


def with_overrides(rules, ov: Any, where: str):
    """``rules`` with a request's geometry overrides, every value checked (shape and limits)
    before the ruleset is rebuilt."""
    if ov is None:
        return rules
    if not isinstance(ov, dict):
        raise RulesetError(f'{where} must be an object like {{"size": [8, 8, 4]}}, got {_show(ov)}')
    if not ov:
        return rules
    for key, v in ov.items():
        w = f"{where}.{key}"
        if key == "size":
            if not (isinstance(v, list) and len(v) == 3):
                raise RulesetError(f"{w} must be three positive integers [x, y, z], got {_show(v)}")
            for n in v:
                if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                    raise RulesetError(f"{w} must be three positive integers [x, y, z], got {_show(v)}")
                check("board-side", n, f"{w} asks for a board too large")
        elif key == "green":
            if not (isinstance(v, list) and len(v) == 3):
                raise RulesetError(f"{w} must be [[x0, x1], [y0, y1], [z0, z1]], got {_show(v)}")
            for i, p in enumerate(v):
                _pair_of_ints(p, f"{w}[{i}]")
        elif key in ("promotion", "red_line"):
            _sides_of_ints(v, w)
        elif key == "crowded":
            if not isinstance(v, dict) or set(v) != set(SIDES):
                raise RulesetError(f'{w} must be {{"white": [first, last], "black": [first, last]}}, got {_show(v)}')
            for s in SIDES:
                lo, hi = _pair_of_ints(v[s], f"{w}.{s}")
                if lo > hi:
                    raise RulesetError(f"{w}.{s} must be [first, last] with first <= last, got {_show(v[s])}")
        elif key == "higher_min":
            if isinstance(v, bool) or not isinstance(v, int):
                raise RulesetError(f"{w} must be an integer, got {_show(v)}")
            check("coord-value", v, f"{w} is too large")
        elif key == "start":
            if isinstance(v, bool) or not isinstance(v, int):
                raise RulesetError(f"{w} must be an integer, got {_show(v)}")
            check("score", v, f"{w} is too large")
    try:
        return rules.with_overrides(ov)
    except DaqiError:
        raise
    except Exception as exc:  # noqa: BLE001 - overrides that do not make a ruleset
        raise RulesetError(f"{where} do not make a usable ruleset ({type(exc).__name__}: {exc})") from None


def _piece_name(rules, name, where):
    if not isinstance(name, str) or name not in rules.pieces:
        raise ProtocolError(
            f"{where}: unknown piece {_show(name)} (known: {', '.join(rules.pieces)})", code="unknown-name"
        )
    return name


POSITION_FIELDS = (
    "ruleset",
    "overrides",
    "fill",
    "to_move",
    "scores",
    "pieces",
    "homes",
    "credits",
    "kings",
    "ply",
    "result",
)


def parse_position(obj) -> tuple[Position, dict]:
    """A protocol position object -> (Position, the overrides it gave)."""
    if isinstance(obj, dict) and "text" in obj:
        return _position_from_text(obj), {}
    _fields(obj, POSITION_FIELDS, "position")
    rname = obj.get("ruleset", "standard")
    rules = load_named(rname, "position.ruleset")
    if getattr(rules, "game", "cube") != "cube":
        raise ProtocolError(f"ruleset {rname!r} is not a cube-chess ruleset", code="unknown-name")
    ov = obj.get("overrides") or {}
    if not isinstance(ov, dict):
        raise ProtocolError("position.overrides must be an object")
    rules = with_overrides(rules, ov, "position.overrides")
    fill = obj.get("fill", "default")
    if not isinstance(fill, str) or fill not in ("default", "empty"):
        raise ProtocolError(f"position.fill must be 'empty' or 'default', got {_show(fill)}", code="unknown-name")
    to_move = _side(obj.get("to_move", "white"), "position.to_move")
    raw_pieces = obj.get("pieces", []) or []
    _list(raw_pieces, "position.pieces", "pieces")
    probe = Position.from_pieces(rules, {}, fill="empty")
    cells = {}
    known = rules.pieces
    made: dict = {}  # Piece objects are immutable: one per (type, side)
    for i, item in enumerate(raw_pieces):
        where = f"position.pieces[{i}]"
        _fields(item, ("at", "side", "stack", "type"), where, required=("at",))
        c = _coord(probe, item["at"], where + ".at")
        if c in cells:
            raise ProtocolError(f"{where}: square {list(c)} is listed twice", code="bad-position")
        raw = item.get("stack")
        if raw is None and "type" in item:
            raw = [item["type"]]
        if raw is None:
            raise ProtocolError(f"{where} needs 'stack' (a list of piece names)", code="missing-field")
        if not isinstance(raw, list):
            raise ProtocolError(f"{where}.stack must be a list", code="malformed")
        check("stack-height", len(raw), f"{where}.stack has too many pieces")
        side = _side(item.get("side"), where + ".side") if raw else item.get("side")
        stack = []
        for j, m in enumerate(raw):
            if type(m) is str and m in known:  # the common case: a plain piece name
                p = made.get((m, side))
                if p is None:
                    p = made[(m, side)] = Piece(m, side)
                stack.append(p)
                continue
            w = f"{where}.stack[{j}]"
            if isinstance(m, dict):
                _fields(m, ("type", "was"), w, required=("type",))
                t = _piece_name(rules, m["type"], w)
                was = m.get("was")
                if was is not None and (not isinstance(was, str) or was not in ("pawn", "prince")):
                    raise ProtocolError(f"{w}.was must be 'pawn' or 'prince', got {_show(was)}", code="unknown-name")
                stack.append(Piece(t, side, was))
            else:
                stack.append(Piece(_piece_name(rules, m, w), side))
        if len(stack) > 1 and any(not rules.pieces[p.type].stackable for p in stack):
            raise ProtocolError(f"{where}: kings and princes cannot be in a stack (C39)", code="bad-position")
        cells[c] = tuple(stack)
    scores = None
    if "scores" in obj:
        sc = obj["scores"]
        _fields(sc, SIDES, "position.scores")
        scores = dict.fromkeys(SIDES, rules.start_score)
        for s, v in sc.items():
            scores[s] = _int(v, f"position.scores.{s}")
    homes = None
    if "homes" in obj:
        hm = obj["homes"]
        _fields(hm, SIDES, "position.homes")
        base = probe.homes
        homes = {s: dict(base[s]) for s in SIDES}
        for s, h in hm.items():
            _fields(h, ("king", "prince"), f"position.homes.{s}")
            for k, v in h.items():
                homes[s][k] = _coord(probe, v, f"position.homes.{s}.{k}")
    credits: dict[str, dict[str, int]] = {s: {} for s in SIDES}
    if "credits" in obj:
        cr = obj["credits"]
        _fields(cr, SIDES, "position.credits")
        for s, d in cr.items():
            if not isinstance(d, dict):
                raise ProtocolError(f'position.credits.{s} must be an object like {{"queen": 1}}')
            for k, v in d.items():
                _piece_name(rules, k, f"position.credits.{s}")
                if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                    raise ProtocolError(f"position.credits.{s}.{k} must be a non-negative integer")
                check("score", v, f"position.credits.{s}.{k}")
                if v:
                    credits[s][k] = v
    kings_was: dict[str, str | None] = dict.fromkeys(SIDES)
    if "kings" in obj:
        kg = obj["kings"]
        _fields(kg, SIDES, "position.kings")
        for s, d in kg.items():
            _fields(d, ("was",), f"position.kings.{s}")
            w = d.get("was")
            if w is not None and (not isinstance(w, str) or w not in ("prince", "king")):
                raise ProtocolError(f"position.kings.{s}.was must be 'prince' or null", code="unknown-name")
            kings_was[s] = "prince" if w == "prince" else None
    ply = obj.get("ply", 0)
    if isinstance(ply, bool) or not isinstance(ply, int) or ply < 0:
        raise ProtocolError("position.ply must be a non-negative integer")
    check("score", ply, "position.ply")
    if obj.get("result") is not None:
        raise ProtocolError("the position already has a result: the game is over", code="game-over")
    pos = Position.from_pieces(
        rules,
        cells,
        fill=fill,
        to_move=to_move,
        scores=scores,
        credits=credits,
        homes=homes,
        kings_was=kings_was,
        ply=ply,
    )
    for s in SIDES:
        if kings_was[s] == "prince" and pos.royals[s]["king"] is not None:
            c = pos.royals[s]["king"]
            pos.cells[compact(c)] = tuple(Piece("king", s, "prince") if p.type == "king" else p for p in pos.cell(c))
    return pos, ov


def _position_from_text(obj: dict) -> Position:
    """``{"text": POSITION_TEXT, "ruleset"?: NAME}``: the position text of docs/NOTATION.md
    ("Positions"); the request line's own byte limit bounds it."""
    from .game import parse_position as parse_text

    _fields(obj, ("text", "ruleset"), "position")
    text = obj["text"]
    if not isinstance(text, str):
        raise ProtocolError(f"position.text must be a string, got {_show(text)}")
    pos = parse_text(text, source="position.text")
    if "ruleset" in obj and obj["ruleset"] != pos.rules.name:
        raise ProtocolError(
            f"position.ruleset {_show(obj['ruleset'])} differs from the text's ruleset {pos.rules.name!r}",
            code="bad-position",
        )
    return pos


def _stack_json(stack):
    return [
        p.type if p.was is None or p.type == "king" and p.was == "prince" else {"type": p.type, "was": p.was}
        for p in stack
    ]


def position_json(pos: Position, overrides=None) -> dict:
    items = []
    for c, stack in sorted((plain(c), s) for c, s in pos.cells.items()):
        entry = {"at": list(c)}
        if stack:
            entry["side"] = stack[0].side
        entry["stack"] = _stack_json(stack)
        items.append(entry)
    out = {"ruleset": pos.rules.name}
    if overrides:
        out["overrides"] = overrides
    out.update(
        {
            "fill": pos.fill,
            "to_move": pos.to_move,
            "scores": dict(pos.scores),
            "pieces": items,
            "homes": {s: {k: list(v) for k, v in pos.homes[s].items()} for s in SIDES},
            "credits": {s: dict(pos.credits[s]) for s in SIDES},
            "kings": {s: {"was": pos.kings_was[s]} for s in SIDES},
            "ply": pos.ply,
        }
    )
    return out


def result_json(result):
    if result is None:
        return None
    return {"winner": result.winner, "reason": result.reason}


def parse_action(rules, pos, obj, where):
    if not isinstance(obj, dict) or "do" not in obj:
        raise ProtocolError(f"{where} must be an object with a 'do' field")
    do = obj["do"]
    spec = {
        "move": ("to",),
        "capture": ("to",),
        "jump": ("to",),
        "hyperjump": ("to",),
        "stack": (),
        "split": ("take",),
        "drop": ("piece", "to"),
        "promote": ("to",),
    }
    if not isinstance(do, str) or do not in spec:
        raise ProtocolError(f"{where}.do: unknown action {_show(do)} (known: {', '.join(spec)})", code="unknown-name")
    _fields(obj, ("do",) + spec[do], where, required=spec[do])
    cls = {"move": Move, "capture": Capture, "jump": Jump, "hyperjump": HyperJump}
    if do in cls:
        return cls[do](_coord(pos, obj["to"], where + ".to"))
    if do == "stack":
        return Stack()
    if do == "split":
        take = obj["take"]
        if not isinstance(take, list) or not take:
            raise ProtocolError(f"{where}.take must be a non-empty list of piece names")
        check("stack-height", len(take), f"{where}.take lists too many pieces")
        return Split(tuple(_piece_name(rules, t, where + ".take") for t in take))
    if do == "drop":
        return Drop(_piece_name(rules, obj["piece"], where + ".piece"), _coord(pos, obj["to"], where + ".to"))
    return Promote(_piece_name(rules, obj["to"], where + ".to"))


def action_json(a) -> dict:
    k = a.kind
    if k in ("move", "capture", "jump", "hyperjump"):
        return {"do": k, "to": list(a.to)}
    if k == "stack":
        return {"do": "stack"}
    if k == "split":
        return {"do": "split", "take": list(a.take)}
    if k == "drop":
        return {"do": "drop", "piece": a.piece, "to": list(a.to)}
    return {"do": "promote", "to": a.to}


def turn_json(turn) -> dict:
    """A turn as the protocol writes it (``{"origin": ..., "actions": [...]}``)."""
    return {
        "origin": None if turn.origin is None else list(turn.origin),
        "actions": [action_json(a) for a in turn.actions],
    }


def ruleset_json(rules, overrides=None) -> dict:
    return {
        "legal": True,
        "name": rules.name,
        "size": list(rules.size),
        "green": [list(p) for p in rules.green],
        "promotion": dict(rules.promotion),
        "homes": {s: {k: list(v) for k, v in rules.homes[s].items()} for s in SIDES},
        "red_line": dict(rules.red_line),
        "crowded": {s: list(v) for s, v in rules.crowded.items()},
        "higher_min": rules.higher_min,
        "start_score": rules.start_score,
        "pieces": {
            n: {
                "value": p.value,
                "betza": p.betza,
                "letter": p.letter,
                "chinese": p.chinese,
                "stackable": p.stackable,
                "hire": p.hire,
            }
            for n, p in rules.pieces.items()
        },
        "costs": {
            "green_drop_surcharge": rules.green_drop_surcharge,
            "hyperjump": rules.hyperjump_cost,
            "stack_after_promotion_line": rules.stack_after_promotion_line,
        },
        "turns": {
            "max_actions": rules.max_actions,
            "follows": {k: sorted(v) for k, v in rules.follows.items()},
            "promote_after_drop": rules.promote_after_drop,
        },
        "draw": {"max_plies": rules.max_plies, "repetitions": rules.repetitions},
        "credits": {"kinds": list(rules.credit_kinds), "same_kind": rules.credit_same_kind},  # C12, G9
    }


def split_choices(stack) -> int:
    """How many distinct splits of ``stack`` an actions reply lists (the multisets of types that may
    leave: at least one piece, not all), computed without listing them."""
    if len(stack) < 2:
        return 0
    counts: dict = {}
    for p in stack:
        counts[p.type] = counts.get(p.type, 0) + 1
    return prod(c + 1 for c in counts.values()) - 2


def check_suggest_size(pos: Position) -> int:
    """The limits a cube ``suggest`` checks before any search (docs/PROTOCOL.md, Limits): each own
    stack's splits (``split-choices``, the legal-action listing enumerates them) and
    ``suggest-work`` = (the side to move's ways to start a turn: one per stack plus one per piece
    of a taller stack, as the search's root list takes them) × (occupied squares, the size of
    every position the search builds): the search's memory grows with this product.  Returns the
    product or raises :class:`LimitExceeded`."""
    mine = pos.pieces_of(pos.to_move)
    ways = 0
    for c, stack in mine:
        if len(stack) > 1:
            check("split-choices", split_choices(stack), f"the stack on {list(c)} has too many ways to split")
            ways += len(stack)
        ways += 1
    work = ways * (len(mine) + len(pos.pieces_of("black" if pos.to_move == "white" else "white")))
    check("suggest-work", work, "the position is too large for a search (ways to start a turn × occupied squares)")
    return work


def handle_cube(req) -> dict:
    """Answer one cube-chess request (raises DaqiError on bad input)."""
    q = req.get("query")
    if q == "ruleset":
        _fields(req, ("query", "ruleset", "overrides", "id"), "request")
        rules = load_named(req.get("ruleset", "standard"), "ruleset")
        if getattr(rules, "game", "cube") != "cube":
            raise ProtocolError(f"ruleset {req.get('ruleset')!r} is not a cube-chess ruleset", code="unknown-name")
        return ruleset_json(with_overrides(rules, req.get("overrides"), "overrides"))
    if q == "turn":
        _fields(req, ("query", "position", "turn", "id"), "request", required=("position", "turn"))
        pos, ov = parse_position(req["position"])
        t = req["turn"]
        _fields(t, ("origin", "actions"), "turn", required=("actions",))
        if not isinstance(t["actions"], list) or not t["actions"]:
            raise ProtocolError("turn.actions must be a non-empty list", code="empty-turn")
        check("turn-actions", len(t["actions"]), "turn.actions lists too many actions")
        origin = _coord(pos, t["origin"], "turn.origin") if t.get("origin") is not None else None
        actions = tuple(parse_action(pos.rules, pos, a, f"turn.actions[{i}]") for i, a in enumerate(t["actions"]))
        new, cost = apply_turn(pos, Turn(origin, actions))
        return {"legal": True, "position": position_json(new, ov), "cost": cost, "result": result_json(new.result)}
    if q == "actions":
        _fields(req, ("query", "position", "origin", "horizon", "id"), "request", required=("position", "origin"))
        pos, _ = parse_position(req["position"])
        origin = _coord(pos, req["origin"], "origin")
        horizon = req.get("horizon", 5)
        if isinstance(horizon, bool) or not isinstance(horizon, int) or horizon < 3:
            raise ProtocolError(
                f"horizon must be an integer >= 3 (the highest dimension listed), got {_show(horizon)}",
                code="bad-horizon",
            )
        check("horizon", horizon, "horizon")
        stack = pos.cell(origin)
        check("split-choices", split_choices(stack), f"the stack on {list(origin)} has too many ways to split")
        acts = []
        for a in legal_actions(pos, origin, horizon):
            j = action_json(a)
            to = getattr(a, "to", None)
            if isinstance(to, tuple):
                dest = pos.cell(to)
                if dest and dest[0].side == pos.to_move:
                    j["then"] = "stack"
            acts.append(j)
        return {
            "legal": True,
            "origin": list(origin),
            "horizon": horizon,
            "count": len(acts),
            "actions": acts,
            "stack": _stack_json(stack),
        }
    raise ProtocolError(
        f"unknown query {_show(q)} (known: ruleset, turn, actions; spirit chess also: setup)", code="unknown-query"
    )
