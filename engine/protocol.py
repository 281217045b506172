"""The rules protocol: JSON lines on stdin/stdout (docs/PROTOCOL.md).

``python -m engine.protocol`` reads one JSON request per line and writes one
JSON reply per line.  Every bad input — malformed JSON, unknown fields or
names, coordinates off the board, illegal actions — is answered with
``{"legal": false, "error": CODE, "message": TEXT}``; the process keeps
serving and never prints a traceback.
"""
from __future__ import annotations

import json
import sys

from .core.errors import DaqiError
from .cube.protocol import ProtocolError, _err, handle_cube
from .spirit.protocol import handle as handle_spirit
from .players.protocol import handle_suggest


def _ruleset_name(req):
    r = req.get("ruleset")
    if r is None and isinstance(req.get("position"), dict):
        r = req["position"].get("ruleset")
    return r


def handle(req) -> dict:
    """Answer one request (a parsed JSON value).  Never raises."""
    try:
        if not isinstance(req, dict):
            raise ProtocolError("a request must be a JSON object")
        rid = req.get("id")
        reply = _dispatch(req)
    except DaqiError as exc:
        reply = _err(exc.code, str(exc))
        rid = req.get("id") if isinstance(req, dict) else None
    except Exception as exc:  # the protocol must keep serving whatever happens
        reply = _err("internal", f"internal error: {type(exc).__name__}: {exc}")
        rid = req.get("id") if isinstance(req, dict) else None
    if rid is not None:
        reply["id"] = rid
    return reply


def handle(req) -> dict:
    """Answer one request (a parsed JSON value).  Never raises."""
    try:
        if not isinstance(req, dict):
            raise ProtocolError("a request must be a JSON object")
        rid = req.get("id")
        reply = _dispatch(req)
    except DaqiError as exc:
        reply = _err(exc.code, str(exc))
        rid = req.get("id") if isinstance(req, dict) else None
    except Exception as exc:  # the protocol must keep serving whatever happens
        reply = _err("internal", f"internal error: {type(exc).__name__}: {exc}")
        rid = req.get("id") if isinstance(req, dict) else None
    if rid is not None:
        reply["id"] = rid
    return reply


def _dispatch(req) -> dict:
    if req.get("query") == "suggest":
        return handle_suggest(req)
    if _ruleset_name(req) == "spirit":
        return handle_spirit({k: v for k, v in req.items() if k != "id"})
    return handle_cube(req)


def serve(inp=sys.stdin, out=sys.stdout) -> None:
    for line in inp:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            reply = _err("malformed", f"not valid JSON: {exc.msg} at column {exc.colno}: {line.strip()[:80]!r}"
                         if isinstance(exc, json.JSONDecodeError) else f"not valid text: {exc}")
        else:
            reply = handle(req)
        out.write(json.dumps(reply, ensure_ascii=False) + "\n")
        out.flush()


def main(argv=None) -> int:
    try:
        serve()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
