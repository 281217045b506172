"""Atomic output: a temp file next to the target, renamed into place at the end and deleted on
any failure (KeyboardInterrupt included).

Every temp file that exists is also in a process-wide set from the moment it is made (SIGINT and
SIGTERM are deferred while it is made and registered), so :func:`discard_all` can remove what an
interruption left between two lines of a writer: ``daqi record`` calls it on Ctrl-C and SIGTERM."""

from __future__ import annotations

import contextlib
import os
import signal
import tempfile
import threading
from pathlib import Path

from .errors import RecordError

_LIVE: set[Path] = set()  # temp files made and not yet renamed or deleted
_HELD = (signal.SIGINT, signal.SIGTERM)  # deferred while a temp file or ffmpeg starts


@contextlib.contextmanager
def signals_deferred():
    """Run a few lines with SIGINT and SIGTERM deferred: their handlers are swapped for a recorder
    (not blocked: a child process started inside, ffmpeg, must not inherit a blocked signal mask),
    and a signal that came meanwhile is raised again on exit, so its own handler runs there (main
    thread only, where Python runs handlers; elsewhere the lines simply run)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []
    saved = {sig: signal.signal(sig, lambda signum, frame: came.append(signum)) for sig in _HELD}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, signal.SIG_DFL if handler is None else handler)
        for sig in dict.fromkeys(came):
            signal.raise_signal(sig)


def discard_all() -> None:
    """Delete every temp file this process made and has not yet renamed or deleted."""
    for tmp in list(_LIVE):
        with contextlib.suppress(OSError):
            tmp.unlink()
        _LIVE.discard(tmp)


class AtomicPath:
    """A temp file next to ``path`` (same extension); ``commit()`` renames it, ``discard()`` deletes it."""

    def __init__(self, path):
        self.path = Path(path)
        parent = self.path.parent if str(self.path.parent) else Path(".")
        if self.path.is_dir():
            raise RecordError(f"cannot write {self.path}: it is a folder")
        if not parent.exists():
            raise RecordError(f"cannot write {self.path}: folder {parent} does not exist")
        if not parent.is_dir():
            raise RecordError(f"cannot write {self.path}: {parent} is not a folder")
        if self.path.exists() and not os.access(self.path, os.W_OK):
            raise RecordError(f"cannot write {self.path}: the file is read-only")
        with signals_deferred():
            try:
                fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=f".part{self.path.suffix}", dir=parent)
            except OSError as exc:
                raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
            os.close(fd)
            self.tmp = Path(tmp)
            self.done = False
            _LIVE.add(self.tmp)

    def commit(self) -> Path:
        try:
            os.chmod(self.tmp, 0o644)
            os.replace(self.tmp, self.path)
        except OSError as exc:
            self.discard()
            raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self.done = True
        _LIVE.discard(self.tmp)
        return self.path

    def discard(self) -> None:
        if not self.done:
            try:
                self.tmp.unlink()
            except OSError:
                pass
            self.done = True
            _LIVE.discard(self.tmp)

    def save_with(self, save) -> Path:
        """``save(tmp)`` then :meth:`commit`; on any failure the temp file is deleted
        (an ``OSError`` becomes a one-line :class:`RecordError`)."""
        try:
            save(self.tmp)
        except BaseException as exc:
            self.discard()
            if isinstance(exc, OSError):
                raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
            raise
        return self.commit()
