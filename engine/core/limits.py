"""Limits on what one protocol request may ask for, as data (docs/PROTOCOL.md, "Limits").

Every quantity in a request that scales the work or the size of the reply has a named limit
here.  The protocol checks each one *before* doing the work it scales and answers
``{"legal": false, "error": "limit", "limit": NAME, "value": V, "max": M, "message": ...}``
(:class:`LimitExceeded`).  The three limits of the JSON reader itself have their own codes:
``json-depth`` answers ``too-deep`` and ``number-digits`` answers ``bad-number`` (a number
that is not a plain JSON number, NaN or Infinity, is ``bad-number`` too).

Both games' protocol handlers (:mod:`engine.cube.protocol`, :mod:`engine.spirit.protocol`)
and the line reader (:mod:`engine.protocol`) read :data:`LIMITS`; nothing else is hard-coded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields

from .errors import DaqiError, RulesetError


@dataclass(frozen=True)
class Limits:
    """The protocol's limits (each field is one named limit; see :data:`DESCRIPTIONS`)."""

    line_bytes: int = 1_048_576  # bytes in one request line (without the newline)
    json_depth: int = 64  # nesting of JSON arrays/objects in one request
    number_digits: int = 40  # characters of one JSON number literal
    id_chars: int = 256  # characters of a string "id"
    id_int: int = 2**53  # magnitude of an integer "id"
    message_chars: int = 2000  # characters of an error message (longer ones are cut)
    ruleset_name: int = 128  # characters of a ruleset name
    horizon: int = 256  # the "actions" query's dimension horizon
    coord_dims: int = 256  # numbers in one coordinate
    coord_value: int = 2**63 - 1  # magnitude of one coordinate number
    pieces: int = 4096  # entries of a position's "pieces"
    stack_height: int = 16  # pieces in one stack of a request position
    split_choices: int = 4096  # distinct splits of the origin stack an "actions" reply lists
    turn_actions: int = 32  # actions in one turn
    board_side: int = 256  # each of size x, y, z (and board indices in overrides)
    score: int = 10**15  # magnitude of scores, credits, ply, "start" and levels
    path_steps: int = 1024  # squares in a spirit-chess path
    suggest_work: int = 100_000  # a cube suggest: (ways to start a turn) × (occupied squares)

    def names(self) -> list[str]:
        return [wire_name(f.name) for f in fields(self)]


#: plain-words meaning of each limit (docs/PROTOCOL.md prints the same table)
DESCRIPTIONS = {
    "line-bytes": "bytes in one request line, without the newline",
    "json-depth": "nesting depth of JSON arrays and objects (error too-deep)",
    "number-digits": "characters of one JSON number literal (error bad-number)",
    "id-chars": "characters of a string id (error bad-id)",
    "id-int": "magnitude of an integer id (error bad-id)",
    "message-chars": "characters of an error message; longer messages are cut (not an error)",
    "ruleset-name": "characters of a ruleset name",
    "horizon": "the actions query's horizon (highest dimension of listed hyper-jumps)",
    "coord-dims": "numbers in one coordinate [x, y, z, w4, ...]",
    "coord-value": "magnitude of one coordinate number",
    "pieces": "entries of a position's pieces list (cube and spirit) and of a spirit setup request",
    "stack-height": "pieces in one stack of a request position",
    "split-choices": "distinct splits of the origin stack that an actions reply would list",
    "turn-actions": "actions in one turn",
    "board-side": "each board size (x, y, z) and every board index in overrides",
    "score": "magnitude of scores, credits, ply, overrides.start and spirit levels",
    "path-steps": "squares in a spirit-chess path",
    "suggest-work": "cube suggest: the side to move's ways to start a turn (one per stack, plus one per piece "
    "of a taller stack) times the occupied squares (bounds the search's memory)",
}


def wire_name(field_name: str) -> str:
    return field_name.replace("_", "-")


LIMITS = Limits()


class LimitExceeded(DaqiError):
    """A request asks for more than a protocol limit allows."""

    code = "limit"

    def __init__(self, name: str, value, maximum: int, what: str):
        self.limit = name
        self.value = value
        self.max = maximum
        super().__init__(f"{what}: {value} is over the limit {name} = {maximum}")

    def fields(self) -> dict:
        return {"limit": self.limit, "value": self.value, "max": self.max}


def check(name: str, value: int, what: str, limits: Limits | None = None) -> int:
    """``value`` if it is within the limit ``name`` (wire spelling, e.g. ``"stack-height"``) of
    ``limits`` (default: the module's :data:`LIMITS`, read at call time), else raise
    :class:`LimitExceeded`.  Magnitude limits compare ``abs(value)``."""
    maximum = getattr(LIMITS if limits is None else limits, name.replace("-", "_"))
    if abs(value) > maximum:
        raise LimitExceeded(name, value, maximum, what)
    return value


def cut(message: str, limits: Limits | None = None) -> str:
    """``message`` cut to the ``message-chars`` limit (an ellipsis and the length mark the cut)."""
    n = (LIMITS if limits is None else limits).message_chars
    if len(message) <= n:
        return message
    return message[:n] + f"… ({len(message)} characters in all)"


def show(value, n: int = 80) -> str:
    """A short rendering of a request value for a message: JSON where possible (any Python value
    is accepted: ``handle`` may be called with objects that did not come from JSON)."""
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except (ValueError, TypeError, RecursionError):
        text = repr(value)
    return text[:n]


def error_fields(exc: DaqiError) -> dict:
    """``{"error": CODE, "message": TEXT}`` for an engine error, plus ``limit``/``value``/``max``
    for a :class:`LimitExceeded` (and any other error that carries such fields)."""
    out = {"error": exc.code, "message": cut(str(exc))}
    extra = getattr(exc, "fields", None)
    if callable(extra):
        out.update(extra())
    return out


def check_ruleset_name(name, where: str) -> str:
    """A ruleset name as a request may give it: a string of letters, digits, '-' and '_' within
    the ``ruleset-name`` limit (a request never names a file).  Raises ``malformed``/``ruleset``."""
    if not isinstance(name, str):
        raise DaqiError(f"{where} must be a ruleset name, got {type(name).__name__}", code="malformed")
    check("ruleset-name", len(name), f"{where} is too long")
    if not name or not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in name):
        raise RulesetError(
            f"{where}: {name!r} is not a ruleset name (letters, digits, '-' and '_' only; a request cannot name a file)"
        )
    return name
