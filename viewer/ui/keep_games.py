"""Never lose a game by accident (issue 16, item 5): a part of both games' controllers (held by
the controller base, ``viewer.ui.control_common.ControllerBase.keep``).

* A key that would replace a game in progress (Ctrl+N new game, Ctrl+R rematch, loading a record)
  asks first: the message names what would be lost and the key that confirms (the same key again
  or Y); any other key keeps the game.
* Whatever replaces a game with turns keeps the old one: it is written to the first of a rotating
  set of autosaves next to the autosave file (``autosave.1.txt`` newest .. ``autosave.3.txt``),
  and the message says where (Ctrl+O loads it back).

No GL, no pyglet, no wall clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

#: how many replaced games are kept beside the autosave
KEEP_PREVIOUS = 3


def previous_paths(autosave: Path, keep: int = KEEP_PREVIOUS) -> list[Path]:
    """The rotating copies of ``autosave``, newest first: ``autosave.1.txt`` ... ``autosave.3.txt``."""
    return [autosave.with_name(f"{autosave.stem}.{i}{autosave.suffix}") for i in range(1, keep + 1)]


def rotate_and_keep(autosave: Path, game, keep: int = KEEP_PREVIOUS) -> Path:
    """Shift the kept games one place back (the oldest goes) and write ``game`` as the newest;
    returns its path.  Raises OSError when the file cannot be written."""
    paths = previous_paths(autosave, keep)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    for older, newer in zip(reversed(paths), list(reversed(paths))[1:]):
        if newer.exists():
            newer.replace(older)
    game.save(paths[0])
    return paths[0]


@dataclass
class Question:
    """A question waiting for its key: ``key`` (the Ctrl key pressed, or None) or Y confirms."""

    key: str | None
    action: Callable[[], object]


class KeepHost(Protocol):
    """What keeping games needs of the controller."""

    game: Any
    autosave_path: Path | None
    message: Any
    clock_result: str | None

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...


class KeepGames:
    """The controller part that owns the open question and what was saved last: ``ask_before``
    and ``keep_previous`` (:class:`KeepHost`: the host provides ``game``, ``autosave_path``, ``say``
    and ``error``)."""

    def __init__(self, host: KeepHost):
        self.host = host
        self.question: Question | None = None
        self.saved_as: tuple | None = None  # (id(game), turns) when the player last saved it (Ctrl+S)
        self.kept_previous: Path | None = None

    def mark_unchanged(self) -> None:
        """The game shown is the same as a file (just loaded from it): replacing it loses nothing
        until a turn is played (issue 16 re-test: Ctrl+N on a game just loaded said "NOT autosaved")."""
        g = self.host.game
        self.saved_as = (id(g), len(g.turns)) if g is not None and hasattr(g, "turns") else None

    def game_at_stake(self) -> bool:
        """A game in progress with turns played and not saved since (a finished game is autosaved and
        kept when replaced)."""
        g = self.host.game
        if g is None or not getattr(g, "turns", None):
            return False
        if self.saved_as == (id(g), len(g.turns)):  # saved with Ctrl+S just now: nothing to lose
            return False
        return getattr(g.position, "result", None) is None and self.host.clock_result is None

    def ask_before(self, what: str, action: Callable[[], object], key: str | None) -> None:
        """Run ``action`` (which replaces the game) now, or after a confirming key if a game is at stake."""
        if not self.game_at_stake():
            self._replace_game(action)
            return
        n = len(self.host.game.turns)
        again = f"Ctrl+{key.upper()} again or Y" if key else "Y"
        where = (
            f"it is kept as {previous_paths(self.host.autosave_path)[0].name} (Ctrl+O loads it)"
            if self.host.autosave_path is not None
            else "it is NOT autosaved - Ctrl+S saves it first"
        )
        self.question = Question(key, action)
        self.host.say(f"{what}? This game ({n} turns) is still running; {where}. {again}: yes; any other key: no.")

    def answer_question(self, name: str, ctrl: bool) -> bool:
        """A key while a question is open: True when it was the answer (the key is used up)."""
        q = self.question
        if q is None:
            return False
        self.question = None
        if name == "y" and not ctrl or ctrl and q.key is not None and name == q.key:
            self._replace_game(q.action)
            return True
        if name in ("escape", "n") and not ctrl:
            self.host.say("Kept the game.")
            return True
        return False  # any other key: the game stays and the key does its usual work

    def _replace_game(self, action: Callable[[], object]) -> None:
        kept = self.keep_previous()
        action()
        if kept is not None:
            m = self.host.message
            self.host.say(f"{m.text} (The previous game is kept as {kept}; Ctrl+O loads it.)".strip(), m.level)

    def keep_previous(self) -> Path | None:
        """Write the game about to be replaced to the rotating autosaves (when it has turns)."""
        g = self.host.game
        if g is None or not getattr(g, "turns", None) or self.host.autosave_path is None:
            return None
        try:
            kept = rotate_and_keep(self.host.autosave_path, g)
        except OSError as exc:
            self.host.error(f"Could not keep the previous game beside {self.host.autosave_path}: {exc.strerror or exc}")
            return None
        self.kept_previous = kept
        return kept
