"""One way to write cells, boards and turn numbers everywhere the player reads them: the window's
HUD and messages, the video overlay and the snapshots (issue 13, bug 10).

* a cell: ``(9,4,1)`` — the ASCII coordinate, trailing higher indices of 1 dropped, so a cell on
  board w4=2 is ``(9,4,1,2)``;
* a 3-D board: ``main board`` (all higher indices 1) or ``board w4=2`` / ``board w4=2, w6=3``
  (the higher indices that are not 1, named w4, w5, …);
* a turn: ``turn N`` counts the turns of both sides from 1 (turn 1 is white's first, turn 2
  black's first reply, …) — the same count as ``daqi snapshot --turn N``, the videos, the analysis
  and the record files (``N.``; older records' move pairs ``7.`` / ``7...`` still read,
  docs/NOTATION.md "Turn numbers").
"""

from __future__ import annotations

import re

#: one word per kind of action (cube chess), the same in the HUD, the refusals and the videos
ACTION_WORDS = {
    "move": "move",
    "capture": "capture",
    "jump": "3-D jump",
    "hyperjump": "hyper-jump",
    "stack": "stack",
    "split": "split",
    "promote": "promotion",
    "drop": "drop",
    "start": "start",  # the turn grammar's name for the turn's beginning
    "step": "move",  # the recorder's name for one step of a path
}


def action_word(kind: str) -> str:
    """The word for an action kind ("hyperjump" -> "hyper-jump"); an unknown kind as it is."""
    return ACTION_WORDS.get(kind, kind)


def cell_text(coord) -> str:
    """``(9,4,1)``; trailing higher indices of 1 are dropped (``(5,5,2,1)`` -> ``(5,5,2)``)."""
    c = list(coord)
    while len(c) > 3 and c[-1] == 1:
        c.pop()
    return "(" + ",".join(str(v) for v in c) + ")"


_COORD = re.compile(r"\(([\d,]++)\)")


def _short(m: re.Match) -> str:
    vals = m.group(1).split(",")
    out, i = vals[:3], 3
    while i < len(vals):
        j = i
        while j < len(vals) and vals[j] == "1":
            j += 1
        if j - i >= 6:
            out.append(f"1×{j - i}")
            i = j
        else:
            out.append(vals[i])
            i += 1
    return "(" + ",".join(out) + ")"


def short_coords(text: str) -> str:
    """Notation for the screen: a run of six or more higher indices of 1 inside a coordinate is
    written ``1×N`` (``P(9,4,1,1×9996,2)`` for a pawn in dimension 10,000), so a turn reads in
    one line and costs text drawing in proportion to what is there, not to the dimension.  Records
    keep the full form (docs/NOTATION.md)."""
    return _COORD.sub(_short, text)


def board_text(higher) -> str:
    """The 3-D board with these higher indices (w4, w5, …): ``main board`` or ``board w4=2, w5=3``."""
    parts = [f"w{4 + i}={v}" for i, v in enumerate(tuple(higher)) if v != 1]
    return "board " + ", ".join(parts) if parts else "main board"


def place_text(higher, z: int) -> str:
    """Board and plane: ``main board, plane z=1`` / ``board w4=2, plane z=3``."""
    return f"{board_text(higher)}, plane z={z}"


def turn_number(ply: int) -> int:
    """The number of the turn to be played in a position after ``ply`` turns (1-based, both sides)."""
    return int(ply) + 1


def turn_title(k: int, side: str) -> str:
    """Title of the position after turn ``k`` (played by ``side``): ``Turn 13 · white``."""
    return "Start position" if k == 0 else f"Turn {k} \u00b7 {side}"


def plural(n: int, word: str, many: str | None = None) -> str:
    """``1 step`` / ``2 steps``."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


_RESULT_WORDS = {
    "king-captured": "the king was captured while its side's score was not higher",
    "king-captured, no prince to crown": "the king was captured and no prince was left to crown",
    "crowned-prince-captured": "the crowned prince, the second king, was captured",
    "king-home-occupied": "an enemy king or prince stands on the king's home square",
    "prince-home-occupied": "an enemy king or prince stands on the prince's home square",
    "score": "the score fell to 0 or to half of the opponent's",
    "sect-captured": "the sect was captured",
    "no-legal-turn": "the side to move had no legal turn",
    "turn-limit": "the turn limit was reached",
}


def result_words(reason: str) -> tuple[str, str]:
    """A game result's reason in plain words, and the rule id it came with (for the detail line):
    ``"king-captured (C4)"`` -> ``("the king was captured ...", "C4")``."""
    text, rule = reason.strip(), ""
    if text.endswith(")") and " (" in text:
        head, _sep, tail = text.rpartition(" (")
        if tail[:-1].replace("-", "").isalnum() and tail[:1] in "CGSH" and len(tail) <= 8:
            text, rule = head, tail[:-1]
    return _RESULT_WORDS.get(text, text), rule
