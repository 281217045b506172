"""Offscreen recording: the frame pipeline (animation states -> GL render -> read-back ->
text overlay -> encoder thread), :func:`record`, :func:`snapshot` and the game sources.

The parts live in modules of their own, all re-exported here:

* :mod:`viewer.record.timeline`: the frame-count rule, :class:`Timeline`, easing, range/size parsing;
* :mod:`viewer.record.camera_paths`: fixed / orbit / follow / keyframe-file camera paths;
* :mod:`viewer.record.cube_animation`: the actions of cube-chess turns as animated frame states;
* :mod:`viewer.record.cube_painter`: the GL painter of cube-chess frames;
* :mod:`viewer.record.spirit_frames`: spirit-chess steps, frame states and painter;
* :mod:`viewer.record.encoders`: MP4 (imageio-ffmpeg) / GIF (Pillow) writers and stills;
* :mod:`viewer.record.atomic_output`: temp file + rename, cleanup on failure;
* :mod:`viewer.record.live_capture`: :class:`LiveCapture` for the live window.

Frame-count rule: ``frames = turns * round(hold * fps) + actions * round(transition * fps)``
(spelled out in :mod:`viewer.record.timeline`).

Determinism: the only clock is the frame index; frame ``i`` is at time
``i / fps``.  No wall clock, no randomness.  Frames that come out identical
(a held position under a still camera) are rendered once and repeated.

Output is atomic: frames go to a temp file in the target folder that is renamed
at the end and deleted on any failure (KeyboardInterrupt included).
"""

from __future__ import annotations

import sys
import time as _time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .atomic_output import AtomicPath
from .camera_paths import (
    HOME,
    VIEW_NAMES,
    CameraPose,
    FixedCamera,
    FollowCamera,
    KeyframeCamera,
    OrbitCamera,
    fit_board_pose,
    make_camera,
)
from .cube_animation import ACTION_LABELS, CubeAnimator, CubeSource, CubeStep, FrameState, Track
from .cube_painter import CubePainter
from .encoders import (
    IMAGE_FORMATS,
    VIDEO_FORMATS,
    GifWriter,
    Mp4Writer,
    ffmpeg_exe,
    open_writer,
    output_format,
    write_image,
)
from .errors import RecordError, one_line
from .live_capture import LiveCapture
from .overlay import OverlayText, draw_overlay
from .overview_frames import OverviewPainter, OverviewShot
from .timeline import Segment, Timeline, ease, frame_count, frames_for, parse_range, parse_size

__all__ = [
    "DEFAULT_SIZE",
    "DEFAULT_FPS",
    "DEFAULT_HOLD",
    "DEFAULT_TRANSITION",
    "VIDEO_FORMATS",
    "IMAGE_FORMATS",
    "VIEW_NAMES",
    "ACTION_LABELS",
    "RecordError",
    "frames_for",
    "frame_count",
    "Segment",
    "Timeline",
    "parse_range",
    "parse_size",
    "ease",
    "CameraPose",
    "HOME",
    "FixedCamera",
    "OrbitCamera",
    "FollowCamera",
    "KeyframeCamera",
    "make_camera",
    "Track",
    "CubeStep",
    "CubeSource",
    "FrameState",
    "CubeAnimator",
    "CubePainter",
    "load_game",
    "is_spirit",
    "make_source",
    "RecordOptions",
    "Recorder",
    "output_format",
    "AtomicPath",
    "ffmpeg_exe",
    "Mp4Writer",
    "GifWriter",
    "open_writer",
    "write_image",
    "Progress",
    "record",
    "snapshot",
    "LiveCapture",
    "OverlayText",
    "draw_overlay",
    "OverviewShot",
    "OverviewPainter",
    "overview_shot",
]

DEFAULT_SIZE = (960, 540)
DEFAULT_FPS = 24
DEFAULT_HOLD = 1.0
DEFAULT_TRANSITION = 0.5


# =========================================================================== sources
def load_game(path=None, demo: bool = False, spirit_demo: bool = False, known=None):
    """A cube ``engine.Game`` or a spirit game from a record file or the built-in samples;
    ``known``: a ruleset loaded from a file the user named (the record's ruleset line names it)."""
    if demo:
        from engine.cube.game import sample_game

        return sample_game()
    if spirit_demo:
        try:
            from engine.spirit import sample_spirit_game
        except ImportError:
            raise RecordError("spirit chess is not available in this engine") from None
        return sample_spirit_game()
    from engine import DaqiError
    from engine.core import games

    try:
        # the game of its 'ruleset NAME' line (a user ruleset extending 'spirit' is spirit chess),
        # else the game whose own lines it has ('white:' / 'black:' setups: spirit chess)
        return games.load_record(Path(path), known=known)
    except DaqiError as exc:
        raise RecordError(one_line(exc)) from None


@dataclass(frozen=True)
class GameRecording:
    """How the recorder draws one game: ``make(game)`` -> its frame source; ``overview``: whether
    ``--view overview`` (the board overview of the higher dimensions) exists for it."""

    make: Callable[[Any], Any]
    overview: bool = False


#: registry name of the game -> how it is recorded (a new game registers here)
RECORDINGS: dict[str, GameRecording] = {}


def _spirit_source(game):
    from .spirit_frames import SpiritSource

    return SpiritSource(game)


def _recording(game) -> GameRecording:
    from engine.core import games

    kind = games.of_rules(game.rules)
    found = RECORDINGS.get(kind.name)
    if found is None:
        raise RecordError(f"recording {kind.title} is not available")
    return found


def is_spirit(game) -> bool:
    """Whether ``game`` is spirit chess (kept for callers; the recorder asks :data:`RECORDINGS`)."""
    from engine.core import games

    return games.of_rules(game.rules) is games.get("spirit")


def make_source(game):
    return _recording(game).make(game)


RECORDINGS["cube"] = GameRecording(CubeSource, overview=True)
RECORDINGS["spirit"] = GameRecording(_spirit_source)


def has_overview(game) -> bool:
    return _recording(game).overview


# =========================================================================== recorder
@dataclass
class RecordOptions:
    size: tuple = DEFAULT_SIZE
    fps: float = DEFAULT_FPS
    hold: float = DEFAULT_HOLD
    transition: float = DEFAULT_TRANSITION
    camera: str = "fixed"
    view: str | None = None
    turns: tuple | None = None  # (A, B) inclusive; None = all (0..n)
    overlay: bool = True
    preset: str = "veryfast"
    crf: int = 23
    annotate: bool = False  # the analysis drawn into the frames (viewer.record.annotate)
    annotate_level: int = 2


class Recorder:
    """Frames of a recording: ``len(rec)`` frames, ``rec.frames()`` yields (H, W, 3) uint8 arrays."""

    def __init__(self, game, options: RecordOptions | None = None, painter=None):
        self.opts = o = options or RecordOptions()
        if o.fps <= 0 or o.hold < 0 or o.transition < 0:
            raise RecordError("--fps must be > 0, --hold and --transition >= 0")
        self.game = game
        self.source = make_source(game)
        n = self.source.n_turns
        first, last = o.turns if o.turns is not None else (0, n)
        if not (0 <= first <= last <= n):
            raise RecordError(f"turn range {first}:{last} is outside 0:{n}")
        self.timeline = Timeline(
            self.source.action_count, first, last, frames_for(o.hold, o.fps), frames_for(o.transition, o.fps)
        )
        self.camera = make_camera(o.camera, o.view)
        self.width, self.height = int(o.size[0]), int(o.size[1])
        self.animator = (
            self.source.animator(self.timeline, o.fps, self.camera, o.overlay)
            if hasattr(self.source, "animator")
            else CubeAnimator(self.source, self.timeline, o.fps, self.camera, o.overlay)
        )
        self._painter = painter
        self.annotator = None
        if o.annotate:
            from .annotate import Annotator

            self.annotator = Annotator(game, o.annotate_level)
        self.unique_frames = 0
        self.overlay_seconds = 0.0

    def __len__(self) -> int:
        return self.timeline.total

    @property
    def painter(self):
        if self._painter is None:
            if hasattr(self.source, "painter"):
                self._painter = self.source.painter(self.width, self.height)
            else:
                self._painter = CubePainter(self.width, self.height)
        return self._painter

    def state(self, i: int) -> FrameState:
        return self.animator.state(i)

    def frame(self, i: int) -> np.ndarray:
        return self._compose(self.state(i))

    def _compose(self, st) -> np.ndarray:
        img = self.painter.paint(st, self.animator)
        if st.overlay is not None:
            t0 = _time.perf_counter()
            img = draw_overlay(img, st.overlay)
            self.overlay_seconds += _time.perf_counter() - t0
        if self.annotator is not None:
            img = self.annotator.draw(img, st, self.painter)
        self.unique_frames += 1
        return img

    def frames(self, start: int = 0, stop: int | None = None):
        """Yield frames ``start..stop-1``; a frame equal in state to the previous one is not re-rendered."""
        stop = self.timeline.total if stop is None else stop
        prev_key, prev = None, None
        for i in range(start, stop):
            st = self.state(i)
            key = st.key()
            if key != prev_key or prev is None:
                prev = self._compose(st)
                prev_key = key
            yield prev

    def close(self) -> None:
        if self._painter is not None and hasattr(self._painter, "release"):
            self._painter.release()
            self._painter = None


# =========================================================================== progress
class Progress:
    """A one-line text progress bar on a stream (stderr), updated at most ~10 times a second."""

    def __init__(self, total: int, stream=None, enabled: bool | None = None, label: str = "rendering"):
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            enabled = bool(getattr(self.stream, "isatty", lambda: False)())
        self.enabled, self.total, self.label = enabled, max(1, total), label
        self.start = _time.monotonic()
        self._last = 0.0
        self.n = 0

    def update(self, n: int = 1) -> None:
        self.n += n
        if not self.enabled:
            return
        now = _time.monotonic()
        if now - self._last >= 0.1 or self.n >= self.total:
            self._last = now
            self._draw(now)

    def _draw(self, now) -> None:
        frac = min(1.0, self.n / self.total)
        width = 30
        bar = "#" * int(frac * width) + "-" * (width - int(frac * width))
        rate = self.n / max(1e-6, now - self.start)
        left = (self.total - self.n) / rate if rate > 0 else 0.0
        self.stream.write(
            f"\r{self.label} [{bar}] {frac * 100:5.1f}% {self.n}/{self.total} frames "
            f"{rate:5.1f} fps, {left:4.0f} s left "
        )
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled:
            self._draw(_time.monotonic())
            self.stream.write("\n")
            self.stream.flush()


# =========================================================================== top level
def record(
    game, out, options: RecordOptions | None = None, progress: bool | None = None, stream=None, painter=None
) -> dict:
    """Render ``game`` to ``out`` (.mp4 or .gif).  Returns figures (frames, seconds, ...)."""
    opts = options or RecordOptions()
    output_format(out)
    w, h = opts.size
    rec = Recorder(game, opts, painter=painter)
    if rec.timeline.total == 0:
        raise RecordError("nothing to record: hold and transition give 0 frames")
    try:
        AtomicPath(out).discard()  # a bad output path fails before GL and the encoder start
        _ = rec.painter  # no GL: fail before the encoder starts (a lazy property)
        writer = open_writer(out, (w, h), opts.fps, preset=opts.preset, crf=opts.crf)
    except BaseException:
        rec.close()
        raise
    bar = Progress(rec.timeline.total, stream=stream, enabled=progress)
    t0 = _time.perf_counter()
    try:
        for frame in rec.frames():
            writer.add(frame)
            bar.update()
        path = writer.close()
    except BaseException:
        writer.abort()
        raise
    finally:
        rec.close()
    bar.finish()
    return {
        "path": str(path),
        "frames": rec.timeline.total,
        "unique_frames": rec.unique_frames,
        "seconds": _time.perf_counter() - t0,
    }


def snapshot(
    game,
    out,
    turn: int | None = None,
    size=DEFAULT_SIZE,
    view: str | None = None,
    camera: str = "fixed",
    overlay: bool = True,
    painter=None,
) -> Path:
    """A still of the position after ``turn`` (default: the last), with the slicing on its board."""
    output_format(out, IMAGE_FORMATS)
    source = make_source(game)
    n = source.n_turns
    turn = n if turn is None else int(turn)
    if not 0 <= turn <= n:
        raise RecordError(f"turn {turn} is outside 0..{n} (the game has {n} turns)")
    AtomicPath(out).discard()  # check the folder before rendering
    overview = view == "overview"
    if overview and not has_overview(game):
        raise RecordError("--view overview is for cube chess (spirit chess has one board)")
    opts = RecordOptions(
        size=tuple(size),
        fps=1,
        hold=1,
        transition=0,
        camera="fixed" if overview else camera,
        view=None if overview else view,
        turns=(turn, turn),
        overlay=overlay,
    )
    rec = Recorder(game, opts, painter=painter)
    try:
        if overview:
            st = rec.state(0)
            st.overview = overview_shot(source, turn)
            frame = rec._compose(st)
        else:
            st = rec.state(0)
            layout = getattr(rec.animator, "layout", None)
            if opts.camera in ("fixed", "follow", "orbit") and layout is not None and st.pose is not None:
                st.pose = fit_board_pose(st.pose, layout, st.focus_z, opts.size)
            frame = rec._compose(st)
    finally:
        rec.close()
    return write_image(out, frame)


def overview_shot(source, turn: int) -> OverviewShot:
    """The board overview of the position after ``turn``: around the board of its last move (framed,
    the piece ringed), with the navigator."""
    pos = source.positions[turn]
    higher, z, _frm, to = source.animator_place(turn) if hasattr(source, "animator_place") else ((), 1, None, None)
    return OverviewShot(pos, higher, z, selected=to, navigator=True)
