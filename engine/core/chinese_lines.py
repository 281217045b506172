"""The Chinese form of record header lines (position text, docs/NOTATION.md "Positions").

Each game gives a :class:`LineWords` table: its line heads and words in both languages and how it
writes a piece.  A Chinese line is read by translating it, token by token, into the ASCII line
the game's own reader takes (one pass: words are runs of characters without spaces, commas or
brackets; a coordinate is matched in either written form by :func:`engine.core.coords.match_coord`);
an ASCII line is written in Chinese the same way backwards.  So both forms have one grammar and
one reader, and a Chinese text parses to exactly what its ASCII twin does.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .coords import format_ascii, match_coord
from .errors import NotationError

SIDES_ZH = {"白": "white", "黑": "black"}
COMMAS = ",，、"
_WORD = re.compile(r"[^\s,，、(（)）]+")
_WS = re.compile(r"\s*")


@dataclass(frozen=True)
class LineWords:
    """One game's words.  ``heads``: Chinese head -> ASCII head; ``words``: per ASCII head, the
    Chinese words of its line -> ASCII words (several ASCII words may be one Chinese word);
    ``piece_in`` / ``piece_out``: a line's piece token between the forms (given the ASCII head);
    ``coord_out``: a coordinate written in Chinese."""

    heads: dict
    words: dict
    piece_in: Callable[[str, str], str | None]
    piece_out: Callable[[str, str], str | None]
    coord_out: Callable[[tuple], str]
    glue: frozenset = field(default_factory=frozenset)  # ASCII heads whose piece, square and level touch


def _tokens(line: str, min_len: int) -> list[tuple[str, Any, bool]]:
    """``("word", text)``, ``("coord", tuple)`` and ``("comma", ",")`` tokens and whether a space
    came before each (``glued``)."""
    out: list = []
    i, n = 0, len(line)
    while i < n:
        j = _WS.match(line, i).end()  # type: ignore[union-attr]
        spaced = j > i
        i = j
        if i >= n:
            break
        ch = line[i]
        if ch in COMMAS:
            out.append(("comma", ",", spaced))
            i += 1
        elif ch in "(（":
            c, i, _ = match_coord(line, i, min_len=min_len)
            out.append(("coord", tuple(c), spaced))
        else:
            m = _WORD.match(line, i)
            if m is None:
                raise NotationError(f"unexpected {line[i]!r} at column {i + 1}")
            out.append(("word", m.group(0), spaced))
            i = m.end()
    return out


def _join(parts: list[tuple[str, bool]]) -> str:
    out = ""
    for text, spaced in parts:
        out += text if (not out or not spaced) else " " + text
    return out


def from_chinese(line: str, table: LineWords, min_len: int = 3) -> str:
    """The ASCII line a Chinese header line stands for (an ASCII line comes back unchanged)."""
    head, _, rest = line.strip().partition(" ")
    ascii_head = table.heads.get(head)
    if ascii_head is None:
        return line
    words = table.words.get(ascii_head, {})
    parts: list[tuple[str, bool]] = [(ascii_head, False)]
    first = True
    for kind, value, spaced in _tokens(rest, min_len):
        spaced = spaced or first
        first = False
        if kind == "comma":
            parts.append((",", False))
        elif kind == "coord":
            parts.append((format_ascii(value), spaced))
        else:
            w = str(value)
            got = SIDES_ZH.get(w) or words.get(w) or table.piece_in(ascii_head, w)
            parts.append((got if got is not None else w, spaced))
    return _join(parts)


def to_chinese(line: str, table: LineWords, min_len: int = 3) -> str:
    """The Chinese form of an ASCII header line of the game (its head in ``table``)."""
    head, _, rest = line.partition(" ")
    zh_head = next((k for k, v in table.heads.items() if v == head), None)
    if zh_head is None:
        return line
    back = {v: k for k, v in table.words.get(head, {}).items()}
    sides = {v: k for k, v in SIDES_ZH.items()}
    out: list[tuple[str, bool]] = [(zh_head, False)]
    toks = _tokens(rest, min_len)
    i = 0
    while i < len(toks):
        kind, value, spaced = toks[i]
        spaced = (spaced or i == 0) and not (i > 0 and toks[i - 1][0] == "comma")  # "，" needs no space
        if kind == "comma":
            out.append(("，", False))
        elif kind == "coord":
            out.append((table.coord_out(value), spaced))
        else:
            w = str(value)
            pair = f"{w} {toks[i + 1][1]}" if i + 1 < len(toks) and toks[i + 1][0] == "word" else None
            if pair is not None and pair in back:  # two ASCII words, one Chinese word ("to move")
                out.append((back[pair], spaced))
                i += 2
                continue
            got = sides.get(w) or back.get(w) or table.piece_out(head, w)
            out.append((got if got is not None else w, spaced))
        i += 1
    return _join(out)


def chinese_head(line: str, table: LineWords) -> bool:
    """Whether ``line`` is a Chinese header line of the game."""
    return line.strip().partition(" ")[0] in table.heads


__all__ = ["LineWords", "chinese_head", "from_chinese", "to_chinese"]
