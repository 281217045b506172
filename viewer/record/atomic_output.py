"""Atomic output: a temp file next to the target, renamed into place at the end and deleted on
any failure (KeyboardInterrupt included)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import RecordError


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
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.stem}.", suffix=f".part{self.path.suffix}", dir=parent)
        except OSError as exc:
            raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        os.close(fd)
        self.tmp = Path(tmp)
        self.done = False

    def commit(self) -> Path:
        try:
            os.chmod(self.tmp, 0o644)
            os.replace(self.tmp, self.path)
        except OSError as exc:
            self.discard()
            raise RecordError(f"cannot write {self.path}: {exc.strerror or exc}") from None
        self.done = True
        return self.path

    def discard(self) -> None:
        if not self.done:
            try:
                self.tmp.unlink()
            except OSError:
                pass
            self.done = True

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
