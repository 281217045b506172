"""The one error type of recording (``daqi record`` / ``daqi snapshot`` / live capture)."""


class RecordError(Exception):
    """A problem the user can fix (bad path, bad option, missing encoder): one line, no traceback."""
