"""Small bounded caches kept per ruleset (movement tables, values, geometry).

Each computed-once table of a ruleset lives in a module-level dict keyed by the ruleset (its
fingerprint or identity).  A program that loads ever new rulesets (the editor, a rules study,
hostile input) must not grow those dicts without bound: :func:`remember` stores an entry and
empties the dict first when it already holds more than :data:`MAX_RULESETS` entries (they are
rebuilt on the next use, so clearing costs time, never a wrong answer)."""

from __future__ import annotations

from typing import Any

MAX_RULESETS = 64  # entries per cache before it is emptied


def remember(cache: dict, key: Any, value: Any, limit: int = MAX_RULESETS) -> Any:
    """``cache[key] = value`` in a cache of at most about ``limit`` entries; returns ``value``."""
    if len(cache) > limit:
        cache.clear()
    cache[key] = value
    return value
