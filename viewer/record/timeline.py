"""Timeline of a recording: the frame-count rule, segments, easing and option parsing.

A recording shows the turns ``A..B`` of a game ("turn 0" is the start position,
turn ``k`` >= 1 is the k-th ply).  Each shown turn ``k`` >= 1 first animates
each of its actions (``round(transition * fps)`` frames per action), then holds
the position after it (``round(hold * fps)`` frames); turn 0 only holds.  So::

    frames = turns * round(hold * fps) + actions * round(transition * fps)

where ``turns = B - A + 1`` and ``actions`` is the number of engine actions
(move, capture, jump, hyper-jump, stack, split, drop, promote) of the turns
``max(A, 1)..B``.  A single position (``--turn N``) is ``round(hold * fps)``
frames.  For spirit chess the "actions" are the *steps* of each turn (see
:mod:`viewer.record.spirit_frames`): 1 for the level-up, 1 per square of the path,
1 if the turn captures, 1 if a disciple transforms.

Determinism: the only clock is the frame index; frame ``i`` is at time ``i / fps``.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from .errors import RecordError


def frames_for(seconds: float, fps: float) -> int:
    return max(0, int(round(float(seconds) * float(fps))))


def frame_count(turns: int, actions: int, hold: float, transition: float, fps: float) -> int:
    """``turns * round(hold * fps) + actions * round(transition * fps)`` (see module doc)."""
    return turns * frames_for(hold, fps) + actions * frames_for(transition, fps)


@dataclass(frozen=True)
class Segment:
    turn: int  # 0 = start position
    action: int | None  # None: hold of the position after ``turn``
    start: int  # first frame index
    frames: int


class Timeline:
    """Segments of a recording: per shown turn, its actions then a hold."""

    def __init__(self, action_counts, first: int, last: int, hold_frames: int, transition_frames: int):
        self.first, self.last = first, last
        self.hold_frames, self.transition_frames = hold_frames, transition_frames
        self.segments: list[Segment] = []
        start = 0
        for k in range(first, last + 1):
            n_actions = action_counts(k) if k >= 1 else 0
            for a in range(n_actions):
                if transition_frames:
                    self.segments.append(Segment(k, a, start, transition_frames))
                    start += transition_frames
            if hold_frames:
                self.segments.append(Segment(k, None, start, hold_frames))
                start += hold_frames
        self.total = start
        self._starts = [s.start for s in self.segments]

    def locate(self, frame: int) -> tuple[Segment, int]:
        if not 0 <= frame < self.total:
            raise IndexError(f"frame {frame} outside 0..{self.total - 1}")
        i = bisect.bisect_right(self._starts, frame) - 1
        seg = self.segments[i]
        return seg, frame - seg.start

    def __len__(self) -> int:
        return self.total


def parse_range(text: str, n_turns: int) -> tuple[int, int]:
    """``A:B`` (inclusive), ``A:``, ``:B`` or ``N`` -> (A, B) within 0..n_turns."""
    text = str(text).strip()
    try:
        if ":" in text:
            a, b = text.split(":", 1)
            lo = int(a) if a.strip() else 0
            hi = int(b) if b.strip() else n_turns
        else:
            lo = hi = int(text)
    except ValueError:
        raise RecordError(f"bad turn range {text!r}: expected A:B, A:, :B or N") from None
    if lo < 0 or hi > n_turns or lo > hi:
        raise RecordError(f"turn range {text!r} is outside 0:{n_turns} (the game has {n_turns} turns)")
    return lo, hi


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in str(text).lower().replace("*", "x").split("x"))
    except ValueError:
        raise RecordError(f"bad size {text!r}: expected WIDTHxHEIGHT, e.g. 1280x720") from None
    if not (16 <= w <= 8192 and 16 <= h <= 8192):
        raise RecordError(f"size {text!r} must be between 16x16 and 8192x8192")
    return w, h


def ease(u: float) -> float:
    u = min(1.0, max(0.0, u))
    return u * u * (3.0 - 2.0 * u)


def lerp(a, b, u):
    return a + (b - a) * u
