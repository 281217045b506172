"""The one error type of recording (``daqi record`` / ``daqi snapshot`` / live capture); the
one-line messages and crash reports come from :mod:`viewer.ui.errors`."""

from __future__ import annotations

from ..ui.errors import crash_dir, one_line, report_unexpected, write_crash_report  # noqa: F401


class RecordError(Exception):
    """A problem the user can fix (bad path, bad option, missing encoder): one line, no traceback."""
