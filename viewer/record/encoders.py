"""Encoders: H.264 MP4 (imageio-ffmpeg, fed from a thread), animated GIF (Pillow) and stills
(PNG / JPEG), all written atomically (see :mod:`viewer.record.atomic_output`).

Determinism (issue 8): the same frames give the same MP4 bytes whatever the machine's load and
core count.  The renderer's frames were already identical under load; what ran in threads whose
scheduling depends on the load was ffmpeg's RGB -> YUV scaler (sliced across as many threads as
the machine has cores) and x264's frame and lookahead threads.  So ffmpeg runs its filter graph
(the scaler) in one thread with bit-exact, accurately rounded swscale, x264 in one thread
(:data:`X264_THREADS`; encoding is not the bottleneck, rendering is), frames pass through
unchanged (``-fps_mode passthrough``: none dropped or duplicated by timestamps) and the container
is written bit-exact without metadata (:func:`x264_output_params`).  Every frame is queued with a
blocking put: none is ever dropped."""

from __future__ import annotations

import contextlib
import queue
import threading
import time as _time
from pathlib import Path

import numpy as np

from .atomic_output import AtomicPath, signals_held
from .errors import RecordError

VIDEO_FORMATS = {".mp4": "mp4", ".m4v": "mp4", ".gif": "gif"}
IMAGE_FORMATS = {".png": "PNG", ".jpg": "JPEG", ".jpeg": "JPEG"}


def output_format(path, kinds=VIDEO_FORMATS) -> str:
    ext = Path(path).suffix.lower()
    if ext not in kinds:
        raise RecordError(
            f"cannot write {path}: unknown output format {ext or '(no extension)'!r} (use {', '.join(sorted(kinds))})"
        )
    return kinds[ext]


def ffmpeg_exe() -> str:
    try:
        import imageio_ffmpeg

        exe = imageio_ffmpeg.get_ffmpeg_exe()
    except Exception as exc:
        raise RecordError(
            f"the H.264 encoder is missing: no ffmpeg binary ({str(exc).splitlines()[0]}); "
            f"install imageio-ffmpeg or write a .gif"
        ) from None
    if not exe or not Path(exe).exists():
        raise RecordError("the H.264 encoder is missing: no ffmpeg binary; install imageio-ffmpeg")
    return exe


#: x264 threads: one, so the bitstream depends on neither the load nor the machine
X264_THREADS = 1


def x264_output_params(preset: str, crf: int) -> list[str]:
    """The ffmpeg output options of every MP4 (see the module docstring)."""
    return [
        "-preset",
        preset,
        "-crf",
        str(int(crf)),
        "-threads",
        str(X264_THREADS),
        "-x264-params",
        f"threads={X264_THREADS}:lookahead-threads=1:sliced-threads=0",
        "-filter_threads",
        "1",
        "-sws_flags",
        "bicubic+accurate_rnd+bitexact",
        "-fps_mode",
        "passthrough",
        "-fflags",
        "+bitexact",
        "-flags:v",
        "+bitexact",
        "-map_metadata",
        "-1",
        "-movflags",
        "+faststart",
    ]


class Mp4Writer:
    """H.264 (libx264, yuv420p) through imageio-ffmpeg's pipe, fed from a thread so encoding
    (in the ffmpeg process) overlaps rendering."""

    def __init__(self, path, size, fps, preset: str = "veryfast", crf: int = 23, queue_size: int = 16):
        import imageio_ffmpeg

        w, h = size
        if w % 2 or h % 2:
            raise RecordError(f"MP4 (yuv420p) needs even dimensions, got {w}x{h}")
        ffmpeg_exe()
        self.size, self.out = (int(w), int(h)), AtomicPath(path)
        self.frames = 0
        self.encode_wait = 0.0
        try:
            # SIGINT/SIGTERM wait until ffmpeg runs under the generator's own clean-up (its try/finally
            # starts at the first yield): a signal inside Popen would leave an ffmpeg that nobody stops,
            # and it could create the temp file again after it was deleted
            with signals_held():
                self._gen = imageio_ffmpeg.write_frames(
                    str(self.out.tmp),
                    self.size,
                    fps=float(fps),
                    codec="libx264",
                    pix_fmt_in="rgb24",
                    pix_fmt_out="yuv420p",
                    quality=None,
                    macro_block_size=1,
                    ffmpeg_log_level="quiet",  # ffmpeg never talks to the user; failures are our one line
                    output_params=x264_output_params(preset, crf),
                )
                self._gen.send(None)
        except BaseException as exc:
            gen = getattr(self, "_gen", None)
            if gen is not None:  # ffmpeg may be running: let it stop before its temp file goes
                with contextlib.suppress(BaseException):
                    gen.close()
            self.out.discard()
            if isinstance(exc, Exception):
                raise RecordError(f"cannot start the H.264 encoder: {str(exc).splitlines()[0]}") from None
            raise
        self._q: queue.Queue = queue.Queue(maxsize=queue_size)
        self._err: BaseException | None = None
        self._thread = threading.Thread(target=self._pump, name="daqi-encoder", daemon=True)
        self._thread.start()

    def _pump(self):
        while True:
            item = self._q.get()
            if item is None:
                return
            if self._err is not None:
                continue
            try:
                self._gen.send(item)
            except BaseException as exc:  # broken pipe, ffmpeg died
                self._err = exc

    def add(self, frame: np.ndarray) -> None:
        if self._err is not None:
            raise RecordError(f"the H.264 encoder failed: {str(self._err).splitlines()[0]}")
        if frame.shape[:2] != (self.size[1], self.size[0]):
            raise ValueError(f"frame {frame.shape[1]}x{frame.shape[0]} != video {self.size[0]}x{self.size[1]}")
        t0 = _time.perf_counter()
        # a blocking put: a frame is never dropped, however far the encoder lags behind
        self._q.put(np.ascontiguousarray(frame, dtype=np.uint8).tobytes())
        self.encode_wait += _time.perf_counter() - t0
        self.frames += 1

    def _finish(self):
        self._q.put(None)
        self._thread.join()
        try:
            self._gen.close()
        except Exception as exc:
            if self._err is None:
                self._err = exc

    def close(self) -> Path:
        t0 = _time.perf_counter()
        self._finish()
        self.encode_wait += _time.perf_counter() - t0
        if self._err is not None:
            self.out.discard()
            raise RecordError(f"the H.264 encoder failed: {str(self._err).splitlines()[0]}")
        if self.frames == 0:
            self.out.discard()
            raise RecordError("no frames to write")
        return self.out.commit()

    def abort(self) -> None:
        try:
            while True:
                self._q.get_nowait()
        except queue.Empty:
            pass
        try:
            self._finish()
        except BaseException:
            pass
        self.out.discard()


class GifWriter:
    """Animated GIF with Pillow (each frame quantized to 256 colours as it arrives)."""

    def __init__(self, path, size, fps):
        from PIL import Image  # noqa: F401  (fail early if Pillow is missing)

        self.size, self.fps = (int(size[0]), int(size[1])), float(fps)
        self.out = AtomicPath(path)
        self._frames = []
        self.frames = 0
        self.encode_wait = 0.0
        self._last_src = None
        self._last_q = None

    def add(self, frame: np.ndarray) -> None:
        from PIL import Image

        t0 = _time.perf_counter()
        if frame is self._last_src and self._last_q is not None:
            q = self._last_q
        else:
            q = Image.fromarray(np.ascontiguousarray(frame, dtype=np.uint8)).quantize(
                colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE
            )
            self._last_src, self._last_q = frame, q
        self._frames.append(q)
        self.frames += 1
        self.encode_wait += _time.perf_counter() - t0

    def close(self) -> Path:
        if not self._frames:
            self.out.discard()
            raise RecordError("no frames to write")

        def save(tmp):
            first, rest = self._frames[0], self._frames[1:]
            first.save(
                tmp,
                format="GIF",
                save_all=True,
                append_images=rest,
                duration=int(round(1000.0 / self.fps)),
                loop=0,
                optimize=False,
                disposal=1,
            )
            self._frames = []

        return self.out.save_with(save)

    def abort(self) -> None:
        self._frames = []
        self.out.discard()


def open_writer(path, size, fps, preset="veryfast", crf=23):
    fmt = output_format(path)
    if fmt == "mp4":
        return Mp4Writer(path, size, fps, preset=preset, crf=crf)
    return GifWriter(path, size, fps)


def write_image(path, frame: np.ndarray) -> Path:
    """Write a PNG (or JPEG) atomically."""
    from PIL import Image

    fmt = output_format(path, IMAGE_FORMATS)
    return AtomicPath(path).save_with(lambda tmp: Image.fromarray(frame).save(tmp, format=fmt))
