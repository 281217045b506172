"""One way to write cells, boards and turn numbers everywhere the player reads them: the window's
HUD and messages, the video overlay and the snapshots (issue 13, bug 10).

* a cell: ``(9,4,1)`` — the ASCII coordinate, trailing higher indices of 1 dropped, so a cell on
  board w4=2 is ``(9,4,1,2)``;
* a 3-D board: ``main board`` (all higher indices 1) or ``board w4=2`` / ``board w4=2, w6=3``
  (the higher indices that are not 1, named w4, w5, …);
* a turn: ``turn N`` counts the turns of both sides from 1 (turn 1 is white's first, turn 2
  black's first reply, …) — the same count as ``daqi snapshot --turn N`` and the videos.  Record
  files keep their own move-pair numbers (``7.`` / ``7...``, docs/NOTATION.md).
"""

from __future__ import annotations


def cell_text(coord) -> str:
    """``(9,4,1)``; trailing higher indices of 1 are dropped (``(5,5,2,1)`` -> ``(5,5,2)``)."""
    c = list(coord)
    while len(c) > 3 and c[-1] == 1:
        c.pop()
    return "(" + ",".join(str(v) for v in c) + ")"


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
