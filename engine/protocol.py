"""The rules protocol: JSON lines on stdin/stdout (docs/PROTOCOL.md).

``python -m engine.protocol`` reads one JSON request per line and writes one
JSON reply per line.  The loop reads *bytes* and cannot die on its input:

* a line longer than the ``line-bytes`` limit is read to its end, discarded and answered
  once with a ``limit`` error;
* invalid UTF-8 is ``bad-utf8``; nesting deeper than ``json-depth`` is ``too-deep`` (checked
  by a scan before the JSON parser runs); a number literal longer than ``number-digits``,
  ``NaN``/``Infinity`` or a float that overflows is ``bad-number``; anything else that is not
  JSON is ``malformed``;
* a request's ``id`` is echoed only when it is null, a string of at most ``id-chars``
  characters or an integer of magnitude at most ``id-int``; any other id is ``bad-id``;
* replies are written as strict JSON (``allow_nan=False``) in UTF-8; a lone surrogate that
  came in as ``"\\ud800"`` goes out as U+FFFD, so no input can make an invalid reply.

Every non-blank line gets exactly one reply; blank lines get none.  All limits live in
:mod:`engine.core.limits`.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from itertools import accumulate
from typing import Any, BinaryIO

from . import cube as _cube  # noqa: F401  (registers cube chess)
from . import spirit as _spirit  # noqa: F401  (registers spirit chess)
from .core import games
from .core.errors import DaqiError
from .core.limits import LIMITS, LimitExceeded, cut, error_fields
from .core.limits import show as _show
from .cube.protocol import ProtocolError
from .players.protocol import handle_suggest


class ReadError(DaqiError):
    """A request line that is not a JSON value the protocol can read (bad-utf8, too-deep,
    bad-number, malformed, bad-id); may carry ``limit``/``value``/``max`` fields."""

    code = "malformed"

    def __init__(self, message: str, *, code: str, extra: dict | None = None):
        super().__init__(message, code=code)
        self._extra = extra or {}

    def fields(self) -> dict:
        return dict(self._extra)


# -- replies ---------------------------------------------------------------------------------------


def error_reply(exc: DaqiError) -> dict:
    return {"legal": False, **error_fields(exc)}


def unexpected_reply(exc: BaseException) -> dict:
    """The reply for an exception that is not an engine error.  The known ones get their own
    code; anything else is ``internal`` (a bug: the fuzz benchmark counts them)."""
    if isinstance(exc, RecursionError):
        return {"legal": False, "error": "too-deep", "message": "the request is nested too deeply to answer"}
    if isinstance(exc, MemoryError):
        return {"legal": False, "error": "out-of-memory", "message": "the request needs more memory than there is"}
    return {"legal": False, "error": "internal", "message": cut(f"internal error: {type(exc).__name__}: {exc}")}


def _safe_id(rid: Any) -> Any:
    """The id to echo, or raise ``bad-id``."""
    if rid is None:
        return None
    if isinstance(rid, str):
        if len(rid) > LIMITS.id_chars:
            raise ReadError(
                f"a string id may have at most {LIMITS.id_chars} characters, this one has {len(rid)}",
                code="bad-id",
                extra={"limit": "id-chars", "value": len(rid), "max": LIMITS.id_chars},
            )
        if _SURROGATE.search(rid):
            raise ReadError("a string id may not hold a lone surrogate (\\ud800-\\udfff)", code="bad-id")
        return rid
    if isinstance(rid, int) and not isinstance(rid, bool):
        if abs(rid) > LIMITS.id_int:
            raise ReadError(
                f"an integer id must lie within ±{LIMITS.id_int}, got {rid}",
                code="bad-id",
                extra={"limit": "id-int", "value": rid, "max": LIMITS.id_int},
            )
        return rid
    raise ReadError(f"id must be null, a string or an integer, got {type(rid).__name__} {_show(rid)}", code="bad-id")


def _ruleset_name(req: dict) -> Any:
    r = req.get("ruleset")
    if r is None and isinstance(req.get("position"), dict):
        r = req["position"].get("ruleset")
    return r


def handle(req: Any) -> dict:
    """Answer one request (a parsed JSON value).  Never raises."""
    rid = None
    try:
        if not isinstance(req, dict):
            raise ProtocolError(f"a request must be a JSON object, got {_show(req)}")
        rid = _safe_id(req.get("id"))
        reply = _dispatch(req)
    except DaqiError as exc:
        reply = error_reply(exc)
    except Exception as exc:  # noqa: BLE001 - the protocol must keep serving whatever happens
        reply = unexpected_reply(exc)
    if rid is not None:
        reply["id"] = rid
    return reply


def _game(req: dict) -> games.GameKind:
    """The game a request is about: that of the ruleset it names (bundled or a user ruleset, so
    ``extends = "spirit"`` makes a spirit-chess ruleset), the default game if it names none.  A
    name that does not load goes to the default game, whose handler reports it."""
    try:
        return games.for_ruleset(_ruleset_name(req))
    except DaqiError:
        return games.get(games.DEFAULT_GAME)


def _dispatch(req: dict) -> dict:
    if req.get("query") == "suggest":
        return handle_suggest(req)
    return _game(req).handle({k: v for k, v in req.items() if k != "id"})


# -- reading one line --------------------------------------------------------------------------------

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DELTA = {"[": 1, "{": 1, "]": -1, "}": -1}


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays/objects in ``text`` (brackets inside strings skipped), without
    parsing; when ``text`` has too few brackets to exceed the limit, a lower figure may be returned."""
    if text.count("[") + text.count("{") <= LIMITS.json_depth:
        return 0 if "[" not in text and "{" not in text else 1
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_DELTA.__getitem__, brackets)), default=0)


def _parse_int(s: str) -> int:
    if len(s) > LIMITS.number_digits:
        raise ReadError(
            f"the number {s[:20]}… has {len(s)} characters (at most {LIMITS.number_digits})",
            code="bad-number",
            extra={"limit": "number-digits", "value": len(s), "max": LIMITS.number_digits},
        )
    return int(s)


def _parse_float(s: str) -> float:
    if len(s) > LIMITS.number_digits:
        raise ReadError(
            f"the number {s[:20]}… has {len(s)} characters (at most {LIMITS.number_digits})",
            code="bad-number",
            extra={"limit": "number-digits", "value": len(s), "max": LIMITS.number_digits},
        )
    v = float(s)
    if not math.isfinite(v):
        raise ReadError(f"the number {s} is too large for a JSON number", code="bad-number")
    return v


def _parse_constant(s: str) -> float:
    raise ReadError(f"{s} is not a JSON number", code="bad-number")


def parse_line(data: bytes) -> Any:
    """Decode and parse one request line (bytes, newline optional); raise :class:`ReadError`."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ReadError(
            f"the line is not valid UTF-8: byte {exc.object[exc.start]:#04x} at byte offset "
            f"{exc.start + 1} ({exc.reason})",
            code="bad-utf8",
        ) from None
    depth = nesting_depth(text)
    if depth > LIMITS.json_depth:
        raise ReadError(
            f"the request nests arrays/objects {depth} deep (at most {LIMITS.json_depth})",
            code="too-deep",
            extra={"limit": "json-depth", "value": depth, "max": LIMITS.json_depth},
        )
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        snippet = text.strip()[:80]
        raise ReadError(f"not valid JSON: {exc.msg} at column {exc.colno}: {snippet!r}", code="malformed") from None
    except RecursionError:
        raise ReadError(
            "the request is nested too deeply to parse",
            code="too-deep",
            extra={"limit": "json-depth", "max": LIMITS.json_depth},
        ) from None


def answer_line(data: bytes) -> dict:
    """The reply to one request line.  Never raises."""
    try:
        req = parse_line(data)
    except DaqiError as exc:
        return error_reply(exc)
    except Exception as exc:  # noqa: BLE001 - every line gets an answer
        return unexpected_reply(exc)
    return handle(req)


def encode_reply(reply: dict) -> bytes:
    """One reply line: strict JSON (no NaN/Infinity) in valid UTF-8, newline-terminated.  A lone
    surrogate from the input (``"\\ud800"``) is written as U+FFFD.  Never raises."""
    try:
        text = json.dumps(reply, ensure_ascii=False, allow_nan=False) + "\n"
    except Exception as exc:  # noqa: BLE001 - a reply that cannot be written is replaced
        fallback = {
            "legal": False,
            "error": "internal",
            "message": f"internal error: the reply could not be written ({type(exc).__name__})",
        }
        rid = reply.get("id") if isinstance(reply, dict) else None
        if isinstance(rid, (str, int)) and not isinstance(rid, bool):
            fallback["id"] = rid
        text = json.dumps(fallback, ensure_ascii=False) + "\n"
    try:
        return text.encode("utf-8")
    except UnicodeEncodeError:
        return _SURROGATE.sub("\ufffd", text).encode("utf-8")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _too_long(n: int) -> dict:
    return error_reply(LimitExceeded("line-bytes", n, LIMITS.line_bytes, "the request line has too many bytes"))


def serve(inp: BinaryIO | None = None, out: BinaryIO | None = None) -> None:
    """Answer every line of ``inp`` (bytes) on ``out`` (bytes) until end of input."""
    if inp is None:
        if sys.stdin is None:  # started with standard input closed
            return
        inp = sys.stdin.buffer
    if out is None:
        if sys.stdout is None:
            return
        out = sys.stdout.buffer
    cap = LIMITS.line_bytes
    while True:
        line = inp.readline(cap + 1)
        if not line:
            return
        if len(line) > cap and not line.endswith(b"\n"):
            total = len(line)
            while not line.endswith(b"\n"):  # discard the rest of the over-long line
                line = inp.readline(65536)
                if not line:
                    break
                total += len(line)
            reply = _too_long(total - (1 if line.endswith(b"\n") else 0))
        else:
            if not line.strip():
                continue
            reply = answer_line(line)
        out.write(encode_reply(reply))
        out.flush()


def main(argv: list[str] | None = None) -> int:
    try:
        serve()
    except KeyboardInterrupt:
        pass
    except BrokenPipeError:  # the reader went away: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
