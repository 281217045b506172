"""What a user sees of an error: one line, never a traceback; an unexpected error writes a crash
report and says where (every ``daqi`` command, both games' windows)."""

from __future__ import annotations

import datetime
import os
import platform
import sys
import tempfile
import traceback
from pathlib import Path


def crash_dir() -> Path:
    """Where crash reports go: ``$XDG_DATA_HOME/daqi`` (``~/.local/share/daqi``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "daqi"


def one_line(exc: BaseException, limit: int = 400) -> str:
    """An error's message on one line (a list of problems joined by '; '), shortened: what a user sees."""
    parts = [ln.strip() for ln in str(exc).strip().splitlines() if ln.strip()]
    text = " ".join(parts[:1] + ["; ".join(parts[1:])]).strip() if parts else type(exc).__name__
    # a file's bytes quoted in a message never reach the terminal raw (no escape sequences)
    text = "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def write_crash_report(exc: BaseException, argv: list[str] | None = None) -> Path | None:
    """Write the full report of an unexpected error (traceback, command, versions) to
    ``crash-<date>.txt`` in :func:`crash_dir` (or the temp folder); returns its path, or None."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")  # wall clock: a report, not an output
    lines = [
        f"daqi crash report {stamp}",
        f"command: daqi {' '.join(argv if argv is not None else sys.argv[1:])}",
        f"python {sys.version.split()[0]} on {platform.platform()}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)),
    ]
    text = "\n".join(lines)
    for folder in (crash_dir(), Path(tempfile.gettempdir())):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"crash-{stamp}.txt"
            n = 1
            while path.exists():
                n += 1
                path = folder / f"crash-{stamp}-{n}.txt"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def report_unexpected(prog: str, exc: BaseException, argv: list[str] | None = None) -> int:
    """Print one line about an unexpected error and where its report is; returns the exit status 1."""
    path = write_crash_report(exc, argv)
    where = f"; the full report is in {path}" if path else "; no report could be written"
    print(f"{prog}: unexpected error ({type(exc).__name__}: {one_line(exc, 200)}){where}", file=sys.stderr)
    return 1
