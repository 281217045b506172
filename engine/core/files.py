"""Reading and writing the project's files safely (rulesets, records, autosaves).

* :func:`read_limited`: the bytes of a *regular* file of bounded size.  A folder, FIFO or device
  (``/dev/zero``, ``/dev/stdin``) is refused after ``stat``, before it is opened; the file is
  opened non-blocking and checked again with ``fstat``, and never more than ``limit + 1`` bytes
  are read.
* :func:`atomic_write_text`: a temp file in the target folder (named
  ``.NAME.PID-RANDOM.tmp``), written, flushed and ``fsync``-ed, renamed over the target, then the
  folder is ``fsync``-ed so the rename survives a power cut.  Temp files of ours that a killed
  process left behind (the same pattern, older than this process) are removed.
"""

from __future__ import annotations

import os
import re
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path

from .errors import NotationError

#: when this process started (wall clock): temp files older than this are leftovers of earlier runs
PROCESS_START = time.time()


def read_limited(
    path: Path | str, limit: int, what: str, *, where: str | None = None, error: Callable[..., Exception]
) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes; raises
    ``error(message, where=...)`` otherwise (the message names the problem, never the content)."""
    where = where or str(path)
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise error(f"no such {what}", where=where) from None
    except (OSError, ValueError) as exc:  # ValueError: a NUL in the path
        raise error(
            f"cannot read the {what}: {getattr(exc, 'strerror', None) or type(exc).__name__}", where=where
        ) from None
    if not stat.S_ISREG(st.st_mode):
        kind = "a folder" if stat.S_ISDIR(st.st_mode) else "not a regular file"
        raise error(f"the {what} is {kind}", where=where)
    if st.st_size > limit:
        raise error(f"the {what} is larger than {_size(limit)}", where=where)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise error(f"cannot read the {what}: {exc.strerror or type(exc).__name__}", where=where) from None
    chunks: list[bytes] = []
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped between stat and open
            raise error(f"the {what} is not a regular file", where=where)
        total = 0
        while True:
            chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise error(f"the {what} is larger than {_size(limit)}", where=where)
    except OSError as exc:
        raise error(f"cannot read the {what}: {exc.strerror or type(exc).__name__}", where=where) from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _size(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n // 1024} KiB"


def temp_pattern(name: str) -> re.Pattern:
    """The names of our temp files for target file ``name``: ``.NAME.<letters, digits, _ ->.tmp``
    (this module's ``.NAME.PID-RANDOM.tmp`` and the older ``tempfile.mkstemp`` names), and
    ``NAME.tmp`` (what spirit-chess saves used)."""
    return re.compile(rf"(?:\.{re.escape(name)}\.[A-Za-z0-9_-]{{1,40}}|{re.escape(name)})\.tmp")


def remove_stale_temps(path: Path | str, before: float | None = None) -> list[Path]:
    """Remove our temp files for ``path`` (see :func:`temp_pattern`) last changed before
    ``before`` (default: when this process started); returns what was removed.  Only regular
    files are touched; errors are ignored (it is housekeeping)."""
    path = Path(path)
    before = PROCESS_START if before is None else before
    rx = temp_pattern(path.name)
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        if not rx.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_mtime < before:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def fsync_dir(folder: Path | str) -> None:
    """``fsync`` a folder so a rename in it is durable (a no-op where folders cannot be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_CLEANED: set[str] = set()


def atomic_write_text(path: Path | str, text: str) -> Path:
    """Write ``text`` (UTF-8) to ``path`` atomically and durably; see the module docstring."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    key = str(path.resolve())
    if key not in _CLEANED:
        remove_stale_temps(path)
        _CLEANED.add(key)
    tmp = path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o644)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)
    return path


#: the largest record file read, the longest line and the longest number (digits) in a record
MAX_RECORD_BYTES = 8 * 1024 * 1024
MAX_LINE = 64 * 1024
MAX_DIGITS = 18
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")


def check_record_line(line: str) -> None:
    """Refuse a record line whose size alone makes it unreadable (shared by both games' records)."""
    if len(line) > MAX_LINE:
        raise NotationError(f"the line is longer than {MAX_LINE} characters", code="limit")
    if _LONG_NUMBER.search(line):
        raise NotationError(f"a number on this line has more than {MAX_DIGITS} digits", code="limit")


def record_lines(text: str) -> list[str]:
    """The lines of a record (both games): a leading UTF-8 byte-order mark is dropped, and only
    ``\n`` (with an optional ``\r`` before it) ends a line, so U+2028, U+0085, a form feed or a
    lone ``\r`` inside a ``#`` comment stay in that comment (``str.splitlines`` would split there
    and let comment text be read as a turn)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [ln[:-1] if ln.endswith("\r") else ln for ln in lines]


def read_record_text(path, what: str = "record") -> str:
    """The text of a record file: a regular UTF-8 file of at most :data:`MAX_RECORD_BYTES` bytes."""

    def err(message, where=None):
        return NotationError(message, code="io", where=where)

    raw = read_limited(Path(path), MAX_RECORD_BYTES, f"{what} file", where=str(path), error=err)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise NotationError(f"the {what} is not UTF-8 text (line {line})", code="bad-record", where=str(path)) from None
