"""Ruleset loading for every game: TOML files with ``extends``, validated against a schema.

``load_ruleset("standard")`` finds ``engine/rulesets/standard.toml``;
``load_ruleset(path)`` loads any file.  A file may say ``extends = "name"``
(a ruleset name or a path relative to the file): tables merge key by key, other
values replace.  Validation collects *every* unknown key, wrong type and
contradiction and raises one :class:`RulesetError` that names the file and key
of each.
"""
from __future__ import annotations

import copy
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable

from .errors import NotationError, RulesetError

RULESET_DIR = Path(__file__).resolve().parent.parent / "rulesets"
SIDES = ("white", "black")

# --- schema ---------------------------------------------------------------------------------
# A schema maps keys to a type (or tuple of types), a nested schema dict, or ("table-of", schema)
# for tables whose keys are free names (pieces).  Validation lists unknown keys and wrong types.
INT, STR, BOOL, LIST, DICT = int, str, bool, list, dict

#: each game registers (schema, builder) here from its own package (engine.cube, engine.spirit);
#: the loader never imports a game
GAMES: dict[str, tuple[dict, Callable[[dict, str, list[str]], Any]]] = {}


def check_schema(data: dict, schema: dict, prefix: str, problems: list[str]) -> None:
    for key, value in data.items():
        path = f"{prefix}{key}"
        if key not in schema:
            problems.append(f"unknown key '{path}'")
            continue
        spec = schema[key]
        if isinstance(spec, dict):
            if not isinstance(value, dict):
                problems.append(f"'{path}' must be a table, not {type(value).__name__}")
            else:
                check_schema(value, spec, path + ".", problems)
        elif isinstance(spec, tuple) and spec and spec[0] == "table-of":
            if not isinstance(value, dict):
                problems.append(f"'{path}' must be a table of tables")
                continue
            for name, sub in value.items():
                if not isinstance(sub, dict):
                    problems.append(f"'{path}.{name}' must be a table")
                else:
                    check_schema(sub, spec[1], f"{path}.{name}.", problems)
        else:
            ok = isinstance(value, spec) and not (spec is INT and isinstance(value, bool))
            if not ok:
                problems.append(f"'{path}' must be {getattr(spec, '__name__', spec)}, got {value!r}")


def merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


def _resolve(name_or_path: str | Path, base_dir: Path | None = None) -> Path:
    p = Path(name_or_path)
    if p.suffix == ".toml" or p.is_file() or len(p.parts) > 1:
        if not p.is_absolute() and base_dir is not None and not p.exists():
            p = base_dir / p
        return p
    cand = RULESET_DIR / f"{name_or_path}.toml"
    if base_dir is not None and not cand.exists() and (base_dir / f"{name_or_path}.toml").exists():
        cand = base_dir / f"{name_or_path}.toml"
    return cand


def load_raw(name_or_path: str | Path, _seen: tuple = ()) -> tuple[dict, str]:
    """Read a ruleset file and everything it extends; return (merged dict, file name)."""
    path = _resolve(name_or_path)
    where = str(path)
    if not path.exists():
        known = ", ".join(sorted(p.stem for p in RULESET_DIR.glob("*.toml")))
        raise RulesetError(f"no ruleset named {str(name_or_path)!r} (known: {known})",
                           where=str(name_or_path))
    if path.resolve() in _seen:
        raise RulesetError("'extends' forms a cycle: " + " -> ".join(str(s) for s in _seen + (path,)),
                           where=where)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise RulesetError(f"not valid TOML: {exc}", where=where) from None
    except UnicodeDecodeError as exc:
        raise RulesetError(f"not UTF-8 text: {exc}", where=where) from None
    parent = data.get("extends")
    if parent is not None:
        if not isinstance(parent, str):
            raise RulesetError(f"'extends' must be a ruleset name, got {parent!r}", where=where)
        pdata, _ = load_raw(_resolve(parent, path.parent), _seen + (path.resolve(),))
        data = merge(pdata, {k: v for k, v in data.items() if k != "extends"})
        # the child's lists replace the parent's; meta.name must come from the child
    return data, where


def register_game(game: str, schema: dict, builder: Callable[[dict, str, list[str]], Any]) -> None:
    """Register a game's ruleset schema and builder (called by each game package on import)."""
    GAMES[game] = (schema, builder)


@lru_cache(maxsize=32)
def _load_cached(key: str):
    data, where = load_raw(key)
    game = data.get("meta", {}).get("game", "cube")
    if game in GAMES:
        schema, builder = GAMES[game]
        problems: list[str] = []
        check_schema(data, schema, "", problems)
        return builder(data, where, problems)
    raise RulesetError(f"'meta.game' = {game!r} is not a known game ({', '.join(GAMES)})", where=where)


def load_ruleset(name_or_path: str | Path = "standard"):
    """Load a ruleset by name (``standard``, ``free-combination``, ``spirit``) or path."""
    if not isinstance(name_or_path, (str, Path)):
        raise RulesetError(f"ruleset must be a name or path, got {name_or_path!r}")
    return _load_cached(str(name_or_path))
