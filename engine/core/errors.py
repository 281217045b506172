"""The error hierarchy of Daqi.  Every error is a ``ValueError`` so callers that
only care about "bad input" can catch one thing; each subclass carries a short
machine ``code`` (used by the JSON protocol) and a human message that quotes the
offending input and, where there is one, the position in it."""

from __future__ import annotations


class DaqiError(ValueError):
    """Base of every error the engine raises on bad input."""

    code = "error"

    def __init__(self, message: str, *, code: str | None = None, where: str | None = None):
        if where:
            message = f"{where}: {message}"
        super().__init__(message)
        if code is not None:
            self.code = code
        self.where = where

    @property
    def message(self) -> str:
        return str(self)


class NotationError(DaqiError):
    """A coordinate, action, turn or record could not be parsed."""

    code = "notation"


class IllegalAction(DaqiError):
    """An action or turn breaks a rule of the game."""

    code = "illegal"


class RulesetError(DaqiError):
    """A ruleset file is malformed; ``problems`` lists every problem found."""

    code = "ruleset"

    def __init__(self, problems: list[str] | str, *, where: str | None = None):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = list(problems)
        text = (
            "; ".join(self.problems)
            if len(self.problems) == 1
            else (f"{len(self.problems)} problems:\n  " + "\n  ".join(self.problems))
        )
        super().__init__(text, where=where)
