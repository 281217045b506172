"""Ruleset loading for every game: TOML files with ``extends``, validated against a schema.

Two ways in, and only two:

* :func:`load_ruleset` takes a ruleset **name** (``standard``, ``free-combination``, ``spirit`` or
  the name of a file in the user rulesets folder, see :func:`user_ruleset_dir`).  A name is 1 to
  :data:`MAX_NAME_LENGTH` characters of ``A-Z a-z 0-9 _ -``; anything else is refused before any
  file is touched, so a protocol request or a record line can never open an arbitrary path.
  Bundled rulesets win over user files of the same name.
* :func:`load_ruleset_file` takes a **path** the user typed (the ``--ruleset`` option of the
  command line).  Only callers that got the path from the user call it.

Every file read is a regular file of at most :data:`MAX_RULESET_BYTES` bytes (checked with
``stat`` before it is opened, opened non-blocking, checked again with ``fstat``): a folder, a
FIFO, ``/dev/zero`` or ``/dev/stdin`` is refused without reading a byte.  TOML nesting deeper
than :data:`MAX_TOML_DEPTH` and integers too long to convert are errors.  A file says
``extends = "NAME"`` to start from another ruleset: ``NAME`` is a ruleset name (bundled, then --
for a file loaded with :func:`load_ruleset_file` -- ``NAME.toml`` next to that file, then the
user folder); tables merge key by key, other values replace.

Validation collects *every* unknown key, wrong type and contradiction and raises one
:class:`RulesetError` that names the file and key of each.  Messages name our keys and never
quote a file's content beyond short values of our own keys: a file without ``meta.game`` naming
a registered game (or whose top-level keys are mostly not ours) is only called "not a Daqi
ruleset".
"""

from __future__ import annotations

import copy
import os
import re
import tomllib
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import RulesetError
from .files import read_limited as _read_limited

RULESET_DIR = Path(__file__).resolve().parent.parent / "rulesets"
SIDES = ("white", "black")

#: environment variable naming the user rulesets folder
USER_RULESETS_ENV = "DAQI_RULESETS"
#: the longest ruleset name
MAX_NAME_LENGTH = 64
#: the largest ruleset file read (bytes)
MAX_RULESET_BYTES = 64 * 1024
#: the deepest nesting of tables and arrays in a ruleset file
MAX_TOML_DEPTH = 8
#: the longest chain of ``extends``
MAX_EXTENDS = 8

_NAME = re.compile(r"[A-Za-z0-9_-]+")
_KEY = re.compile(r"[A-Za-z0-9_-]{1,40}")

# --- schema ---------------------------------------------------------------------------------
# A schema maps keys to a type (or tuple of types), a nested schema dict, or ("table-of", schema)
# for tables whose keys are free names (pieces).  Validation lists unknown keys and wrong types.
INT, STR, BOOL, LIST, DICT = int, str, bool, list, dict

#: each game registers (schema, builder) here from its own package (engine.cube, engine.spirit);
#: the loader never imports a game
GAMES: dict[str, tuple[dict, Callable[[dict, str, list[str]], Any]]] = {}

_TYPE_NAMES = {
    int: "an integer",
    str: "a string",
    bool: "true or false",
    list: "an array",
    dict: "a table",
    float: "a number with a fraction",
}


def type_name(value: Any) -> str:
    """A value's TOML kind in words ("an integer", "an array"): what messages say instead of the value."""
    for t in (bool, int, float, str, list, dict):
        if isinstance(value, t):
            return _TYPE_NAMES[t]
    return "a date or time"


def show(value: Any) -> str:
    """A short, safe rendering of a value of one of our keys for a message: small integers and
    short names as they are, anything else by its kind."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(10**12) < value < 10**12 else "a very large integer"
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 and value.isprintable() else "a long or unprintable string"
    if (
        isinstance(value, list)
        and len(value) <= 6
        and all(isinstance(v, (int, str)) and not isinstance(v, bool) and len(show(v)) <= 14 for v in value)
    ):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, list):
        return f"an array of {len(value)} items"
    return type_name(value)


def key_name(key: Any) -> str:
    """A key for a message: itself if it is a plain short name, else a description."""
    return key if isinstance(key, str) and _KEY.fullmatch(key) else "(a key that is not a plain name)"


def check_schema(data: dict, schema: dict, prefix: str, problems: list[str]) -> None:
    for key, value in data.items():
        path = f"{prefix}{key_name(key)}"
        if key not in schema:
            problems.append(f"unknown key '{path}'")
            continue
        spec = schema[key]
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                problems.append(f"'{path}' must be a table, not {type_name(value)}")
            else:
                check_schema(value, spec, path + ".", problems)
        elif isinstance(spec, tuple) and spec and spec[0] == "table-of":
            if not isinstance(value, dict):
                problems.append(f"'{path}' must be a table of tables")
                continue
            for name, sub in value.items():
                if not isinstance(sub, dict):
                    problems.append(f"'{path}.{key_name(name)}' must be a table")
                else:
                    check_schema(sub, spec[1], f"{path}.{key_name(name)}.", problems)
        else:
            ok = isinstance(value, spec) and not (spec is INT and isinstance(value, bool))
            if not ok:
                problems.append(f"'{path}' must be {_TYPE_NAMES.get(spec, spec)}, not {type_name(value)}")


def merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


# --- names and folders ----------------------------------------------------------------------
def user_ruleset_dir() -> Path:
    """The user rulesets folder: ``$DAQI_RULESETS`` if set, else
    ``$XDG_DATA_HOME/daqi/rulesets`` (``~/.local/share/daqi/rulesets``)."""
    env = os.environ.get(USER_RULESETS_ENV)
    if env:
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "daqi" / "rulesets"


def is_ruleset_name(text: Any) -> bool:
    """Whether ``text`` is a well-formed ruleset name (never a path)."""
    return isinstance(text, str) and 0 < len(text) <= MAX_NAME_LENGTH and _NAME.fullmatch(text) is not None


def check_ruleset_name(name: Any, *, where: str | None = None) -> str:
    """``name`` if it is a well-formed ruleset name, else :class:`RulesetError` (without opening anything)."""
    if not isinstance(name, str):
        raise RulesetError(f"a ruleset name must be a string, not {type_name(name)}", where=where)
    if not name:
        raise RulesetError("the ruleset name is empty", where=where)
    if len(name) > MAX_NAME_LENGTH:
        raise RulesetError(
            f"a ruleset name is at most {MAX_NAME_LENGTH} characters, this one has {len(name)}", where=where
        )
    if not _NAME.fullmatch(name):
        shown = repr(name) if name.isprintable() else "the name given"
        raise RulesetError(
            f"{shown} is not a ruleset name: a name uses only letters, digits, '_' and '-' "
            f"(a ruleset file given by path belongs on the command line, --ruleset)",
            where=where,
        )
    return name


def bundled_rulesets() -> list[str]:
    return sorted(p.stem for p in RULESET_DIR.glob("*.toml"))


def _find_named(name: str, sibling_dir: Path | None, where: str | None) -> Path:
    check_ruleset_name(name, where=where)
    candidates = [RULESET_DIR / f"{name}.toml"]
    if sibling_dir is not None:
        candidates.append(sibling_dir / f"{name}.toml")
    candidates.append(user_ruleset_dir() / f"{name}.toml")
    for cand in candidates:
        try:
            os.stat(cand)
        except OSError:
            continue
        return cand
    raise RulesetError(
        f"no ruleset named {name!r} (bundled: {', '.join(bundled_rulesets())}; user rulesets "
        f"are NAME.toml files in $DAQI_RULESETS or ~/.local/share/daqi/rulesets)",
        where=where,
    )


# --- reading --------------------------------------------------------------------------------
def read_limited(
    path: Path, limit: int, what: str, *, where: str | None = None, error: Callable[..., Exception] = RulesetError
) -> bytes:
    """:func:`engine.core.files.read_limited` raising :class:`RulesetError` by default."""
    return _read_limited(path, limit, what, where=where, error=error)


def _depth(value: Any) -> int:
    """Nesting depth of tables and arrays (iterative: a deep value cannot overflow the stack)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        v, d = todo.pop()
        items: list[Any]
        if isinstance(v, dict):
            items = list(v.values())
        elif isinstance(v, list):
            items = v
        else:
            continue
        deepest = max(deepest, d)
        if deepest > MAX_TOML_DEPTH:
            return deepest
        todo.extend((c, d + 1) for c in items)
    return deepest


_TOML_AT = re.compile(r"\(at (line \d+, column \d+|end of document)\)\s*$")


def _toml_problem(message: str) -> str:
    """tomllib's message without the file's content: a few messages quote a key or a character
    of the file (``Cannot declare ('api_token',) twice``); those keep only their kind and place."""
    m = _TOML_AT.search(message)
    at = f" at {m.group(1)}" if m else ""
    desc = message[: m.start()].strip() if m else message.strip()
    if desc.startswith(("Cannot declare", "Cannot mutate", "Cannot redefine", "Duplicate inline")):
        desc = "a key or table is defined twice"
    elif desc.startswith(("Found invalid", "Illegal character")):
        desc = "an invalid character"
    elif desc.startswith("Expected ") and not desc.startswith(("Expected '=' after", "Expected ']")):
        desc = "unexpected text"
    elif len(desc) > 80:
        desc = "a syntax error"
    return desc + at


def parse_toml(raw: bytes, where: str) -> dict:
    """TOML text (UTF-8, at most :data:`MAX_TOML_DEPTH` deep) -> dict, or :class:`RulesetError`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RulesetError(f"not UTF-8 text (byte {exc.start + 1})", where=where) from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"not valid TOML: {_toml_problem(str(exc))}", where=where) from None
    except RecursionError:
        raise RulesetError(f"tables or arrays nested deeper than {MAX_TOML_DEPTH} levels", where=where) from None
    except ValueError:  # an integer longer than Python converts
        raise RulesetError("a number in the file is too long", where=where) from None
    if _depth(data) > MAX_TOML_DEPTH:
        raise RulesetError(f"tables or arrays nested deeper than {MAX_TOML_DEPTH} levels", where=where)
    return data


def _not_a_ruleset(where: str) -> RulesetError:
    return RulesetError(
        f"not a Daqi ruleset (a ruleset has [meta] game = one of {', '.join(sorted(GAMES))})", where=where
    )


def _looks_like_ruleset(data: dict, where: str, has_parent: bool) -> None:
    """Refuse files that are not ours before naming any of their keys."""
    game = data.get("meta", {}).get("game") if isinstance(data.get("meta"), dict) else None
    if game is not None and not (isinstance(game, str) and game in GAMES):
        raise _not_a_ruleset(where)
    if game is None and not has_parent:
        raise _not_a_ruleset(where)
    known = set().union(*(schema.keys() for schema, _ in GAMES.values())) if GAMES else set()
    unknown = sum(1 for k in data if k not in known)
    if unknown * 2 > len(data):
        raise _not_a_ruleset(where)


def _load_raw(path: Path, where: str, sibling_dir: Path | None, seen: tuple[Path, ...]) -> dict:
    if len(seen) > MAX_EXTENDS:
        raise RulesetError(f"'extends' chains more than {MAX_EXTENDS} rulesets", where=where)
    real = path.resolve()
    if real in seen:
        raise RulesetError("'extends' forms a cycle", where=where)
    data = parse_toml(read_limited(path, MAX_RULESET_BYTES, "ruleset file", where=where), where)
    parent = data.get("extends")
    if parent is not None and not isinstance(parent, str):
        raise RulesetError(f"'extends' must be a ruleset name, not {type_name(parent)}", where=where)
    _looks_like_ruleset(data, where, parent is not None)
    if parent is None:
        return data
    ppath = _find_named(parent, sibling_dir, f"{where}, 'extends'")
    pdata = _load_raw(ppath, _where_for(parent, ppath), sibling_dir, seen + (real,))
    # the child's lists replace the parent's; meta.name must come from the child
    return merge(pdata, {k: v for k, v in data.items() if k != "extends"})


def _where_for(name: str, path: Path) -> str:
    return f"ruleset {name}" if path.parent == RULESET_DIR else str(path)


def load_raw(name: str) -> tuple[dict, str]:
    """The merged dict of a named ruleset and everything it extends, and where it came from."""
    path = _find_named(name, None, None)
    where = _where_for(name, path)
    return _load_raw(path, where, None, ()), where


def register_game(game: str, schema: dict, builder: Callable[[dict, str, list[str]], Any]) -> None:
    """Register a game's ruleset schema and builder (called by each game package on import)."""
    GAMES[game] = (schema, builder)


def unregister_game(game: str) -> None:
    """Forget a game's ruleset schema (and every cached ruleset, which may be of that game)."""
    GAMES.pop(game, None)
    _load_named_cached.cache_clear()
    _load_file_cached.cache_clear()


def _build(data: dict, where: str):
    meta = data.get("meta")
    game = meta.get("game") if isinstance(meta, dict) else None
    if not (isinstance(game, str) and game in GAMES):
        raise _not_a_ruleset(where)
    schema, builder = GAMES[game]
    problems: list[str] = []
    check_schema(data, schema, "", problems)
    try:
        return builder(data, where, problems)
    except RulesetError:
        raise
    except (TypeError, KeyError, IndexError, ValueError, AttributeError, ArithmeticError, RecursionError) as exc:
        # a combination the checks did not foresee: still a ruleset problem, never a crash
        raise RulesetError(
            f"the ruleset cannot be used ({type(exc).__name__} while building it)", where=where
        ) from None


def _signature(path: Path) -> tuple:
    try:
        st = os.stat(path)
    except OSError:
        return ()
    return (st.st_ino, st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=64)
def _load_named_cached(name: str, path: str, sig: tuple):
    p = Path(path)
    where = _where_for(name, p)
    return _build(_load_raw(p, where, None, ()), where)


@lru_cache(maxsize=64)
def _load_file_cached(path: str, sig: tuple):
    p = Path(path)
    return _build(_load_raw(p, path, p.parent, ()), path)


def load_ruleset(name: str = "standard"):
    """Load a ruleset by **name**: bundled (``standard``, ``free-combination``, ``spirit``) or
    ``NAME.toml`` in :func:`user_ruleset_dir`.  Never opens a path; raises :class:`RulesetError`."""
    if isinstance(name, Path):
        raise RulesetError("load_ruleset takes a ruleset name; use load_ruleset_file for a path")
    check_ruleset_name(name)
    path = _find_named(name, None, None)
    return _load_named_cached(name, str(path), _signature(path))


def load_ruleset_file(path: str | os.PathLike):
    """Load the ruleset file at ``path`` (a path the user gave, e.g. ``--ruleset FILE``).  Its
    ``extends`` may name a bundled ruleset, a ``NAME.toml`` next to it or a user ruleset."""
    if not isinstance(path, (str, os.PathLike)):
        raise RulesetError(f"a ruleset path must be a string, not {type_name(path)}")
    p = Path(path)
    if not str(p) or "\x00" in str(p):
        raise RulesetError("the ruleset path is empty or has a NUL character")
    return _load_file_cached(str(p), _signature(p))


def looks_like_path(text: str) -> bool:
    """Whether a command-line ``--ruleset`` value means a file (it has a folder separator or ends
    in ``.toml``) rather than a name."""
    return "/" in text or os.sep in text or text.endswith(".toml")


def load_ruleset_arg(text: str):
    """The command line's ``--ruleset`` value: a path (see :func:`looks_like_path`) or a name."""
    return load_ruleset_file(text) if looks_like_path(text) else load_ruleset(text)
