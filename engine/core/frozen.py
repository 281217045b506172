"""Values that stay values: deep freezing for rulesets (and anything else shared through caches).

:func:`freeze` turns dicts into read-only :class:`types.MappingProxyType` views of private
copies, lists into tuples and sets into frozensets, all the way down, so a ruleset handed out by
the loader's cache cannot be changed by one caller under another
(``load_ruleset("standard").promotion["white"] = 99`` raises ``TypeError``).  :func:`thaw` gives
plain, mutable copies back (for building a changed ruleset).  Frozen mappings pickle (to the
computer's worker process) as plain dicts and come back frozen.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["fingerprint", "freeze", "frozen_mapping", "thaw"]


def frozen_mapping(items: Mapping) -> MappingProxyType:
    """A read-only mapping over a private copy of ``items`` (values as given)."""
    return MappingProxyType(dict(items))


def freeze(value: Any) -> Any:
    """``value`` with every dict, list and set inside it made read-only (dataclass instances and
    other objects are kept as they are: frozen dataclasses freeze their own fields)."""
    if isinstance(value, (dict, MappingProxyType)):
        return MappingProxyType({k: freeze(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        frozen = tuple(freeze(v) for v in value)
        return value if type(value) is tuple and all(a is b for a, b in zip(frozen, value)) else frozen
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


def thaw(value: Any) -> Any:
    """A plain, mutable deep copy of a frozen value (mappings -> dict, tuples -> list)."""
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [thaw(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return set(value)
    return value


def canonical(value: Any) -> str:
    """A text that equal values share whatever their dict order or container type (mappings by
    sorted keys, sets sorted, dataclasses by their compared fields), for :func:`fingerprint`."""
    if isinstance(value, Mapping):
        items = sorted((canonical(k), canonical(v)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(canonical(v) for v in value) + "]"
    if isinstance(value, (set, frozenset)):
        return "{" + ",".join(sorted(canonical(v) for v in value)) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        parts = (f"{f.name}={canonical(getattr(value, f.name))}" for f in dataclasses.fields(value) if f.compare)
        return type(value).__name__ + "(" + ",".join(parts) + ")"
    return repr(value)


def fingerprint(value: Any) -> str:
    """A stable value key (SHA-256 of :func:`canonical`): equal values share it, in every process.
    Caches keyed by it are shared by equal rulesets and can never hand one ruleset's data to
    another, as a key made of ``id()`` could once the first was collected and its id reused."""
    return hashlib.sha256(canonical(value).encode()).hexdigest()


def _reduce(m: MappingProxyType):
    return frozen_mapping, (dict(m),)


copyreg.pickle(MappingProxyType, _reduce)
