"""The game registry: one object per game, one ``Game`` protocol for all of them.

Each game package (``engine.cube``, ``engine.spirit``, or a game kept anywhere else, such as the
noughts-and-crosses game of the tests) builds one :class:`GameKind` naming everything the rest of
the program needs of it -- its ruleset schema and builder, its position and game classes, its
notation, its record reader, its protocol queries, a random legal turn -- and passes it to
:func:`register`.  Layers above the games add what only they know as *hooks* on the same object
(:meth:`GameKind.set_hook`): ``engine.players`` its player (``"player"``), ``engine.tutorial`` its
lesson game and goal checker (``"lesson_game"``, ``"goal_met"``).

Everything outside the game packages asks the registry instead of comparing game names: a
ruleset's game (:func:`of_rules`), a position's game (:func:`of_position`), the game a ruleset
*name* belongs to (:func:`for_ruleset`, so a user ruleset that says ``extends = "spirit"`` is a
spirit-chess ruleset wherever it is named).  ``tests/test_game_registry.py`` counts comparisons
with a game's name outside the game packages: there are none.

This module imports no game (``core`` is below every game).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from .errors import DaqiError
from .files import read_record_text, record_lines
from .loader import load_ruleset, register_game, unregister_game

__all__ = [
    "DEFAULT_GAME",
    "Game",
    "GameKind",
    "UnknownGame",
    "for_ruleset",
    "load_record",
    "of_record",
    "read_record",
    "get",
    "kinds",
    "names",
    "of_position",
    "of_rules",
    "register",
    "unregister",
]

#: the game a request, a record or a command means when it names none
DEFAULT_GAME = "cube"


class UnknownGame(DaqiError):
    """A game name no package registered."""

    code = "unknown-name"


@runtime_checkable
class Game(Protocol):
    """What every game class offers (cube chess's ``Game``, spirit chess's ``SpiritGame``, ...).

    * ``play(turn)`` applies a turn and returns the new position; an illegal turn raises
      :class:`~engine.core.errors.IllegalAction` and changes nothing.
    * ``undo()`` takes back the last turn and returns it; ``redo()`` plays the last taken-back
      turn again and returns the new position.  With nothing to undo / redo both raise
      ``IllegalAction`` with code ``no-history``; ``can_undo`` / ``can_redo`` (properties) say
      beforehand.  Playing a new turn clears the redo list.
    * ``position`` (the current one), ``result`` (``position.result``), ``positions`` (from the
      start, one more than ``turns``), ``turns`` and ``history`` (a tuple of the turns played).
    * ``repeat_positions()``: the positions that end the game as a repetition draw if reached once
      more (G14; empty for a game without such a rule); the computer players take them as draws.
    * ``to_text()`` is the record; ``save(path)`` writes it atomically; ``load(path, known=None)``
      and ``from_text(text, source=..., known=None)`` read one (``known``: a ruleset loaded from
      a file the user named, used when the record's ruleset line names it).

    Games never write files by themselves: the window autosaves (``viewer/ui/control_common``).
    """

    rules: Any
    positions: list
    turns: list

    @property
    def position(self) -> Any: ...

    @property
    def result(self) -> Any: ...

    @property
    def can_undo(self) -> bool: ...

    @property
    def can_redo(self) -> bool: ...

    @property
    def history(self) -> tuple: ...

    def play(self, turn: Any) -> Any: ...

    def undo(self) -> Any: ...

    def redo(self) -> Any: ...

    def repeat_positions(self) -> tuple: ...

    def to_text(self) -> str: ...

    def save(self, path: Any) -> Path: ...


@dataclass(eq=False)
class GameKind:
    """Everything the program needs of one game.  Fields are set by the game's package; ``hooks``
    by the layers above it (players, tutorial)."""

    #: the value of a ruleset's ``meta.game``: "cube", "spirit", ...
    name: str
    #: the game in words: "cube chess"
    title: str
    #: the ruleset a new game of this kind uses when none is named
    default_ruleset: str
    #: the ruleset schema and builder (see :func:`engine.core.loader.register_game`)
    schema: dict
    build_rules: Callable[[dict, str, list[str]], Any]
    #: the immutable position class and the game class (a :class:`Game`)
    position_type: type
    game_type: Any
    #: a new game of these rules from the default start
    new_game: Callable[[Any], Any]
    #: a game from its record text: ``read_record(text, source, known)``
    read_record: Callable[[str, str, Any], Any]
    #: notation: ``format_turn(turn, position_before) -> str``, ``parse_turn(text, rules) -> turn``
    format_turn: Callable[[Any, Any], str]
    parse_turn: Callable[[str, Any], Any]
    #: the protocol: ``handle(request) -> reply`` for this game's queries (``suggest`` aside);
    #: ``position_from_json(obj, ruleset_name)`` and ``turn_json(turn)`` for the shared ones
    handle: Callable[[dict], dict]
    position_from_json: Callable[..., Any]
    turn_json: Callable[[Any], dict]
    #: a uniformly drawn legal turn of the side to move, or None
    random_turn: Callable[[Any, random.Random], Any]
    #: the longest game the arena plays before calling it a draw
    max_plies: int = 200
    #: line starts only this game's records have (spirit: "white:"), for a record without a ruleset line
    record_marks: tuple[str, ...] = ()
    hooks: dict[str, Any] = field(default_factory=dict)

    def set_hook(self, key: str, value: Any) -> None:
        """Attach what a higher layer knows of this game (``"player"``, ``"lesson_game"``, ...)."""
        self.hooks[key] = value

    def hook(self, key: str) -> Any:
        """A hook, or :class:`UnknownGame` naming what this game lacks."""
        try:
            return self.hooks[key]
        except KeyError:
            raise UnknownGame(f"{self.title} has no {key.replace('_', ' ')}") from None

    def load_game(self, path: Any, *, known: Any = None) -> Any:
        """A game of this kind read from the record file at ``path``."""
        return self.game_type.load(path, known=known)

    def __repr__(self) -> str:
        return f"GameKind({self.name!r})"


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Register a game (its package calls this on import); also registers its ruleset schema."""
    _KINDS[kind.name] = kind
    register_game(kind.name, kind.schema, kind.build_rules)
    return kind


def unregister(name: str) -> None:
    """Forget a game (tests that register one of their own clean up with this)."""
    _KINDS.pop(name, None)
    unregister_game(name)


def names() -> tuple[str, ...]:
    """The registered games' names, the default game first."""
    return tuple(sorted(_KINDS, key=lambda n: (n != DEFAULT_GAME, n)))


def kinds() -> Iterator[GameKind]:
    return (_KINDS[n] for n in names())


def get(name: Any) -> GameKind:
    """The game called ``name`` (:class:`UnknownGame` if no package registered it)."""
    kind = _KINDS.get(name) if isinstance(name, str) else None
    if kind is None:
        raise UnknownGame(f"no game called {name!r} (games: {', '.join(names())})")
    return kind


def of_rules(rules: Any) -> GameKind:
    """The game a loaded ruleset belongs to (its ``meta.game``)."""
    return get(getattr(rules, "game", None))


def of_position(position: Any) -> GameKind:
    """The game of a position (through its ruleset)."""
    rules = getattr(position, "rules", None)
    if rules is None:
        raise TypeError(f"not a game position: {type(position).__name__}")
    return of_rules(rules)


def of_record(text: str) -> GameKind:
    """The game a record's text is of: the game whose own lines (``record_marks``: spirit chess's
    ``white:`` setups, cube chess's ``setup`` lines) it has, else that of its ``ruleset NAME`` line
    (a user ruleset that extends a game's ruleset belongs to that game), else the default game.
    A record whose lines and ruleset disagree goes to the game of its lines, whose reader names
    the wrong ruleset line."""
    # the records' own line rule (a BOM dropped, only \n ends a line): a comment never hides a mark
    lines = [ln.strip() for ln in record_lines(text) if ln.strip() and not ln.lstrip().startswith(("#", ";"))]
    for kind in kinds():
        if kind.record_marks and any(ln.startswith(kind.record_marks) for ln in lines):
            return kind
    for ln in lines:
        word, _, rest = ln.partition(" ")
        if word in ("ruleset", "规则") and rest.strip():
            try:
                return for_ruleset(rest.strip())
            except DaqiError:
                break  # the default game's reader names the bad ruleset line
    return get(DEFAULT_GAME)


def read_record(text: str, source: str = "record", known: Any = None) -> Any:
    """A game of any registered kind from its record text (see :func:`of_record`)."""
    return of_record(text).read_record(text, source, known)


def load_record(path: Any, *, known: Any = None) -> Any:
    """A game of any registered kind from a record file (bounded, UTF-8: ``engine.core.files``)."""
    return read_record(read_record_text(path), str(path), known)


def for_ruleset(name: Any) -> GameKind:
    """The game of the ruleset called ``name`` (loaded by name: bundled or a user ruleset);
    ``None`` means the default game.  Raises what :func:`load_ruleset` raises."""
    if name is None:
        return get(DEFAULT_GAME)
    return of_rules(load_ruleset(name))
