"""Coordinates of the unbounded board.

A coordinate is a tuple ``(x, y, z, w4, w5, ...)`` of ints.  Higher indices
(the 4th and later) default to 1 and trailing 1s are dropped, so every point has
exactly one spelling: ``(5, 5, 2, 1, 1)`` is ``(5, 5, 2)``.  Spirit chess uses
plain ``(x, y)`` pairs through the same helpers (``min_len=2``).

Two written forms exist (grammar in ``docs/NOTATION.md``):

* ASCII: ``(9,4,1,2)``
* the sources' Chinese form (C21): ``(…—9,4,1,2,1,1,1,1…)``; the parser also
  takes the long spelling ``(……0，0，0——9，4，1，2，1，1，1，1……)`` with
  full-width commas and the reserved zeros before the dash.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

from .errors import NotationError

Coord = tuple[int, ...]

#: how many numbers the Chinese form prints at least (the sources print 8)
CHINESE_MIN_INDICES = 8


def normalize(values: Iterable[int], *, min_len: int = 3) -> Coord:
    """Return the canonical tuple: ints, trailing higher 1s dropped."""
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise NotationError(f"coordinate component {v!r} is not an integer",
                                code="bad-coordinate")
        out.append(v)
    if len(out) < min_len:
        raise NotationError(f"coordinate {tuple(out)!r} needs at least {min_len} numbers",
                            code="bad-coordinate")
    n = len(out)
    while n > min_len and out[n - 1] == 1:
        n -= 1
    return tuple(out[:n])


def index(coord: Coord, dim: int) -> int:
    """The value of dimension ``dim`` (1-based: 1 = x, 4 = first higher index)."""
    return coord[dim - 1] if dim <= len(coord) else 1


def with_index(coord: Coord, dim: int, value: int) -> Coord:
    """``coord`` with dimension ``dim`` (1-based) set to ``value``, canonical."""
    c = list(coord)
    if dim > len(c):
        c.extend([1] * (dim - len(c)))
    c[dim - 1] = value
    return normalize(c, min_len=3)


def higher(coord: Coord) -> Coord:
    """The higher indices (4th on) of a coordinate, canonical (trailing 1s dropped)."""
    return coord[3:]


def dimension(coord: Coord) -> int:
    """Highest dimension whose index is not 1 (3 for any point of a main-type board)."""
    return max(3, len(coord))


def format_ascii(coord: Sequence[int]) -> str:
    return "(" + ",".join(str(v) for v in coord) + ")"


def format_chinese(coord: Sequence[int]) -> str:
    vals = list(coord) + [1] * max(0, CHINESE_MIN_INDICES - len(coord))
    return "(…—" + ",".join(str(v) for v in vals) + "…)"


_NUM = r"[+-]?\d+"
_SEP = r"\s*[,，、]\s*"
_ASCII_RE = re.compile(r"\(\s*(" + _NUM + r"(?:" + _SEP + _NUM + r")*)\s*\)")
# (…—9,4,1,2…) / (……0，0，0——9，4，1…) / (...--9,4,1...)
_CHINESE_RE = re.compile(
    r"[(（]\s*(?:…+|\.\.\.+)?\s*(?:(?:" + _NUM + r")(?:" + _SEP + _NUM + r")*)?\s*"
    r"(?:—+|--+|－+)\s*(" + _NUM + r"(?:" + _SEP + _NUM + r")*)\s*(?:…+|\.\.\.+)?\s*[)）]")


def match_coord(text: str, pos: int = 0, *, min_len: int = 3):
    """Match a coordinate (either form) at ``text[pos:]``.

    Returns ``(coord, end, form)`` with form ``"ascii"`` or ``"chinese"``, or
    raises :class:`NotationError` naming the column.
    """
    for form, rx in (("chinese", _CHINESE_RE), ("ascii", _ASCII_RE)):
        m = rx.match(text, pos)
        if m:
            nums = [int(v) for v in re.split(_SEP, m.group(1).strip())]
            return normalize(nums, min_len=min_len), m.end(), form
    snippet = text[pos:pos + 24]
    raise NotationError(f"expected a coordinate like (9,4,1) or (…—9,4,1,2,1…) at column {pos + 1}, "
                        f"found {snippet!r}", code="bad-coordinate")


def parse_coord(text: str, *, min_len: int = 3) -> Coord:
    """Parse one coordinate in either written form."""
    s = text.strip()
    coord, end, _ = match_coord(s, 0, min_len=min_len)
    if end != len(s):
        raise NotationError(f"unexpected text {s[end:]!r} after coordinate in {text!r}",
                            code="bad-coordinate")
    return coord
