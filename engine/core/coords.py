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
from collections.abc import Iterable, Sequence

from .errors import NotationError

Coord = tuple[int, ...]

#: how many numbers the Chinese form prints at least (the sources print 8)
CHINESE_MIN_INDICES = 8


def normalize(values: Iterable[object], *, min_len: int = 3) -> Coord:
    """Return the canonical tuple: ints, trailing higher 1s dropped."""
    # mypyc: ``Iterable[object]``, not ``[int]``: compiled code would turn True into 1 and refuse
    # a str with a TypeError before the check below could name the bad component
    out: list[int] = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int):
            raise NotationError(f"coordinate component {v!r} is not an integer", code="bad-coordinate")
        out.append(v)
    if len(out) < min_len:
        raise NotationError(f"coordinate {tuple(out)!r} needs at least {min_len} numbers", code="bad-coordinate")
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


# Every quantifier is possessive (``*+``, ``++``, ``?+``) and every repeated part is disjoint
# from what may follow it, so a failing match never backtracks: matching is linear in the
# length of the line, whatever it holds (e.g. ``P(`` and 60,000 spaces).
_NUM = r"[+-]?+\d++"
_SEP = r"\s*+[,，、]\s*+"
_LIST = _NUM + r"(?:" + _SEP + _NUM + r")*+"
_ASCII_RE = re.compile(r"\(\s*+(" + _LIST + r")\s*+\)")
# (…—9,4,1,2…) / (……0，0，0——9，4，1…) / (...--9,4,1...)
_CHINESE_RE = re.compile(
    r"[(（]\s*+(?:…++|\.\.\.++)?+\s*+(?:" + _LIST + r")?+\s*+"
    r"(?:—++|--++|－++)\s*+(" + _LIST + r")\s*+(?:…++|\.\.\.++)?+\s*+[)）]"
)
_SPLIT = re.compile(_SEP)


def match_coord(text: str, pos: int = 0, *, min_len: int = 3):
    """Match a coordinate (either form) at ``text[pos:]``.

    Returns ``(coord, end, form)`` with form ``"ascii"`` or ``"chinese"``, or
    raises :class:`NotationError` naming the column.
    """
    for form, rx in (("chinese", _CHINESE_RE), ("ascii", _ASCII_RE)):
        m = rx.match(text, pos)
        if m:
            nums = [int(v) for v in _SPLIT.split(m.group(1).strip())]
            return normalize(nums, min_len=min_len), m.end(), form
    snippet = text[pos : pos + 24]
    raise NotationError(
        f"expected a coordinate like (9,4,1) or (…—9,4,1,2,1…) at column {pos + 1}, found {snippet!r}",
        code="bad-coordinate",
    )


def parse_coord(text: str, *, min_len: int = 3) -> Coord:
    """Parse one coordinate in either written form."""
    s = text.strip()
    coord, end, _ = match_coord(s, 0, min_len=min_len)
    if end != len(s):
        raise NotationError(f"unexpected text {s[end:]!r} after coordinate in {text!r}", code="bad-coordinate")
    return coord


#: coordinates longer than this are stored compactly as keys of a position's changed cells
COMPACT_FROM = 16


class FarCoord:
    """A canonical coordinate of high dimension, stored compactly: x, y, z and the
    (dimension, index) pairs whose index is not 1.  It hashes like, and compares equal to,
    the plain tuple, so a dict keyed by it answers lookups with plain tuples; it reads like a
    tuple (``len``, indexing, slicing, iteration).  Used only as a key of ``Position.cells``, so
    a piece in dimension 10,000 costs no more memory than one in dimension 16.
    """

    __slots__ = ("data", "n", "_hash")

    def __init__(self, coord: tuple):
        c = tuple(coord)
        data = list(c[:3])
        for i in range(3, len(c)):
            if c[i] != 1:
                data.append(i + 1)
                data.append(c[i])
        self.data = tuple(data)
        self.n = len(c)
        self._hash = hash(c)

    def __hash__(self) -> int:
        return self._hash

    def __len__(self) -> int:
        return self.n

    def __iter__(self):
        d = self.data
        yield d[0]
        yield d[1]
        yield d[2]
        nxt = 3
        for dim in range(4, self.n + 1):
            if nxt < len(d) and d[nxt] == dim:
                yield d[nxt + 1]
                nxt += 2
            else:
                yield 1

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self)[i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("coordinate index out of range")
        d = self.data
        if i < 3:
            return d[i]
        for k in range(3, len(d), 2):
            if d[k] == i + 1:
                return d[k + 1]
        return 1

    def _plain(self, other):
        if isinstance(other, FarCoord):
            return tuple(other)
        if isinstance(other, tuple):
            return other
        return None

    def __eq__(self, other):
        if isinstance(other, FarCoord):
            return self._hash == other._hash and self.n == other.n and self.data == other.data
        if isinstance(other, tuple):
            return len(other) == self.n and tuple(self) == other
        return NotImplemented

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __lt__(self, other):
        o = self._plain(other)
        return NotImplemented if o is None else tuple(self) < o

    def __le__(self, other):
        o = self._plain(other)
        return NotImplemented if o is None else tuple(self) <= o

    def __gt__(self, other):
        o = self._plain(other)
        return NotImplemented if o is None else tuple(self) > o

    def __ge__(self, other):
        o = self._plain(other)
        return NotImplemented if o is None else tuple(self) >= o

    def __repr__(self) -> str:
        return repr(tuple(self))

    def __reduce__(self):
        return (FarCoord, (tuple(self),))


def compact(coord):
    """The key under which a position stores a changed cell: the plain canonical tuple, or a
    :class:`FarCoord` for a coordinate longer than ``COMPACT_FROM`` (same hash, same equality)."""
    if len(coord) > COMPACT_FROM and not isinstance(coord, FarCoord):
        return FarCoord(coord)
    return coord


def plain(coord) -> tuple:
    """The plain tuple of a coordinate (a :class:`FarCoord` or a tuple)."""
    return coord if type(coord) is tuple else tuple(coord)
