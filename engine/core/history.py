"""A game's line of play in memory proportional to its record (issue 17): the turns, and the
positions one per ply, most of them recomputed on demand.

:class:`PositionHistory` is a read-mostly sequence of positions (``history[0]`` = the start,
``history[-1]`` = the live position, one more than ``history.turns``).  It keeps

* checkpoints: a position every :attr:`~PositionHistory.CHECKPOINT` (64) plies, or more rarely
  for big boards (given a ``weight``: once the plies since the last one reach ``weight /
  WEIGHT_PER_PLY``, at most :attr:`~PositionHistory.MAX_SPACING`), so the checkpoints cost about
  the same memory per ply whatever the board's size;
* the live (last) position, and every *pinned* one (a position a replay would not reproduce: a
  G14 repetition draw the game marked, a position a caller set by hand);
* the turns (the game's ``turns`` is this list);
* one *segment*: up to :attr:`~PositionHistory.SEGMENT` positions most recently played or
  replayed (fewer for big boards: :attr:`~PositionHistory.SEGMENT_WEIGHT`), so an undo right after
  a turn replays nothing, and stepping back or forward through a review, or undoing turn after
  turn, replays each turn about once.

Any other position is replayed from the nearest kept one with ``step(position, turn)`` (at most
the spacing).  A 30,000-ply game no longer holds 30,000 boards.

Copy-aware: ``copy.copy(history)`` (what the review's ``fork_game`` does to a game's lists,
dicts and histories) gives an independent history that shares the immutable positions and
copies only the turn list and the checkpoint table, so undoing in the copy never touches the
original.  Equality is element-wise against any sequence of positions (a list too).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any


class PositionHistory(Sequence):
    """Positions and turns of one line of play; see the module docstring."""

    #: the fewest plies between two kept positions (replaying one costs at most the spacing)
    CHECKPOINT = 64
    #: the most plies between two kept positions, however big the boards
    MAX_SPACING = 512
    #: with a ``weight`` (e.g. changed cells), a position is kept once the plies since the last
    #: kept one reach ``weight / WEIGHT_PER_PLY``: big boards are kept more rarely, so the memory
    #: of the checkpoints stays a constant per ply
    WEIGHT_PER_PLY = 2
    #: the most positions the read-back segment holds
    SEGMENT = 8
    #: ... and, given a ``weight``, at most this much weight in all (big boards: fewer positions)
    SEGMENT_WEIGHT = 50_000

    __slots__ = ("turns", "_step", "_weight", "_kept", "_marks", "_pinned", "_n", "_segment")

    def __init__(
        self,
        first: Any,
        step: Callable[[Any, Any], Any],
        turns: Iterable = (),
        *,
        weight: Callable[[Any], int] | None = None,
    ):
        """``first``: the start position; ``step(position, turn)``: the position after ``turn``
        (module-level functions, so the history pickles); ``turns``: turns already played from
        ``first`` (replayed once to place the checkpoints); ``weight(position)``: its size (e.g.
        its changed cells), which spaces the checkpoints (none: every :attr:`CHECKPOINT` plies)."""
        self.turns: list = []
        self._step = step
        self._weight = weight
        self._kept: dict[int, Any] = {0: first}
        self._marks: list[int] = [0]  # the keys of _kept, ascending (the live position last)
        self._pinned: set[int] = set()
        self._n = 1
        self._segment: tuple[int, tuple] = (0, (first,))  # (ply of its first position, positions)
        pos = first
        for t in turns:
            pos = step(pos, t)
            self.append(t, pos)

    @classmethod
    def of(
        cls,
        positions: Sequence,
        step: Callable[[Any, Any], Any],
        turns: Sequence = (),
        *,
        weight: Callable[[Any], int] | None = None,
    ) -> PositionHistory:
        """A history holding exactly ``positions`` (each one pinned: a caller set them) after
        ``turns`` (one fewer than the positions)."""
        positions = list(positions)
        if not positions or len(positions) != len(turns) + 1:
            raise ValueError(f"a history needs one position more than turns ({len(positions)} and {len(turns)})")
        h = cls(positions[0], step, weight=weight)
        for t, p in zip(turns, positions[1:]):
            h.append(t, p, replayable=False)
        return h

    def spacing(self, pos) -> int:
        """How many plies after the last kept position ``pos`` is kept too."""
        if self._weight is None:
            return self.CHECKPOINT
        return max(self.CHECKPOINT, min(self.MAX_SPACING, self._weight(pos) // self.WEIGHT_PER_PLY))

    # -- the sequence ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return self._n

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._n))]
        i = self._index(i)
        kept = self._kept.get(i)
        if kept is not None:
            return kept
        start, seg = self._segment
        if start <= i < start + len(seg):
            return seg[i - start]
        base = self._marks[bisect_right(self._marks, i) - 1]  # the nearest kept position before i
        if not base < start + len(seg) <= i:  # else the segment (at or after base) is extended up to i
            start, seg = base, (self._kept[base],)
        pos, extra = seg[-1], []
        for k in range(start + len(seg), i + 1):
            pos = self._step(pos, self.turns[k - 1])
            extra.append(pos)
        self._keep_segment(start, seg + tuple(extra))
        return pos

    def _keep_segment(self, start: int, seg: tuple) -> None:
        """Keep the newest positions of ``seg`` (a review steps from there), at most
        :attr:`SEGMENT` of them and, with a weight, at most :attr:`SEGMENT_WEIGHT` in all."""
        cap = self.SEGMENT
        if self._weight is not None:
            cap = max(4, min(cap, self.SEGMENT_WEIGHT // max(1, self._weight(seg[-1]))))
        if len(seg) > cap:
            start, seg = start + len(seg) - cap, seg[-cap:]
        self._segment = (start, seg)

    def __iter__(self) -> Iterator:
        pos = self._kept[0]
        yield pos
        for i in range(1, self._n):
            kept = self._kept.get(i)
            pos = kept if kept is not None else self._step(pos, self.turns[i - 1])
            yield pos

    def __eq__(self, other) -> bool:
        if not isinstance(other, (PositionHistory, list, tuple)):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"PositionHistory({self._n} positions, {len(self._kept)} kept)"

    def __setitem__(self, i, pos) -> None:
        """Replace the **last** position (tests and tools that edit the live board); it is pinned,
        so later replays start from it.  Earlier positions cannot be replaced.  ``history[:] =
        positions`` replaces them all (one more than the turns, each kept as given)."""
        if isinstance(i, slice):
            if i != slice(None):
                raise TypeError("a history's positions are replaced one (the last) or all ([:]) at a time")
            new = PositionHistory.of(pos, self._step, self.turns, weight=self._weight)
            for name in self.__slots__:
                setattr(self, name, getattr(new, name))
            return
        if self._index(i) != self._n - 1:
            raise IndexError("only the last position of a history can be replaced")
        self._kept[self._n - 1] = pos  # the live position is always kept (and in _marks)
        self._pinned.add(self._n - 1)
        self._trim(self._n - 1)

    def _index(self, i: int) -> int:
        j = i + self._n if i < 0 else i
        if not 0 <= j < self._n:
            raise IndexError(f"position {i} is outside 0..{self._n - 1}")
        return j

    # -- changes --------------------------------------------------------------------------------
    def append(self, turn, pos, *, replayable: bool = True) -> None:
        """Play ``turn`` reaching ``pos``; ``replayable=False`` when ``step`` would not give
        ``pos`` again (e.g. the game marked a repetition draw): it is then kept for good."""
        last = self._n - 1
        old = self._kept[last]
        start, seg = self._segment  # the old live position joins the segment: an undo finds it there
        self._keep_segment(*((start, seg + (old,)) if start + len(seg) == last else (last, (old,))))
        if last and last not in self._pinned:
            before = self._marks[-2]  # the kept position before the old live one
            if last - before < self.spacing(old):
                del self._kept[last]  # the old live position: a replay finds it again
                self._marks.pop()
        self.turns.append(turn)
        if not replayable:
            self._pinned.add(self._n)
        self._kept[self._n] = pos
        self._marks.append(self._n)
        self._n += 1

    def pop(self) -> tuple:
        """Take back the last turn: ``(turn, position it had reached)``."""
        if self._n <= 1:
            raise IndexError("the start position stays")
        self._n -= 1
        gone = self._kept.pop(self._n)
        self._marks.pop()
        self._pinned.discard(self._n)
        self._trim(self._n)
        live = self._n - 1
        if self._marks[-1] != live:
            self._kept[live] = self[live]  # replayed (or read back) before the turn goes
            self._marks.append(live)
        return self.turns.pop(), gone

    def _trim(self, n: int) -> None:
        """Forget segment positions from ply ``n`` on (they are gone or replaced)."""
        start, seg = self._segment
        if start + len(seg) > n:
            self._segment = (start, seg[: max(0, n - start)]) if n > start else (0, (self._kept[0],))

    # -- copies ---------------------------------------------------------------------------------
    def __copy__(self) -> PositionHistory:
        new = PositionHistory.__new__(PositionHistory)
        new.turns = list(self.turns)
        new._step = self._step
        new._weight = self._weight
        new._kept = dict(self._kept)
        new._marks = list(self._marks)
        new._pinned = set(self._pinned)
        new._n = self._n
        new._segment = self._segment  # a tuple of immutable positions: safe to share
        return new

    def kept(self) -> int:
        """How many positions are held (checkpoints, pinned and the last one; the segment aside)."""
        return len(self._kept)
