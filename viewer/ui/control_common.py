"""What the cube-chess and spirit-chess controllers share (no GL, no pyglet, no wall clock).

:class:`ControllerBase` holds the plumbing both games use the same way: the
message line, the help toggle, the file-path prompt, the Ctrl keys, undo/redo
of whole turns, save/load/autosave and the move-list and result texts, and two
parts that own their state -- the review (:attr:`ControllerBase.review_part`,
:mod:`viewer.ui.review`) and the computer opponent (:attr:`ControllerBase.computer`,
:mod:`viewer.ui.computer`), whose state the controller names through
:class:`Delegate` attributes.  A game's controller fills in a few hooks:

* ``game_class`` — the engine's game type (``load`` reads records with it);
* ``_clear_turn()`` — drop the turn being built;
* ``_after_position_change()`` — the shown position changed (undo, redo);
* ``_adopt_loaded(game)`` — start showing a game read from a file;
* ``_can_redo()`` and ``_turn_text(index, style)``;
* ``key_table`` (its :class:`viewer.ui.bindings.KeyTable`), ``key_active(context)`` and
  ``key_actions()`` — every key goes through the table (the help is printed from it too);
* the computer's ``_computer_play(turn)``, ``_computer_turn_text``, ``_computer_setup_step``,
  ``_computer_hint_changed``, ``glide_seconds``; the review's ``_review_shown``, ``_rematch_game``.
"""

from __future__ import annotations

import os
import stat
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar, overload

from engine import DaqiError, IllegalAction

from .bindings import KeyTable
from .clock import drive as drive_clock
from .computer import GLIDE_ACTION_S, ComputerControls
from .explain import rules_detail, split_rule_ids
from .keep_games import KeepGames, Question
from .review import Review, ReviewControls


@dataclass
class Message:
    text: str
    level: str = "info"  # info | ok | error
    detail: str = ""  # rule ids and the engine's words, shown with I (viewer.ui.explain)


@dataclass
class Prompt:
    """A one-line text prompt: ``kind`` in save | load (file paths) | move (a typed turn)."""

    kind: str
    title: str
    text: str = ""
    swallow: str = ""  # the key that opened it, dropped once from the first typed text
    selected: bool = False  # Ctrl+A: the next typed text (or Backspace) replaces everything


def default_autosave_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "daqi" / "autosave.txt"


def set_aside_broken_autosave(path: Path, exc: BaseException) -> str:
    """Move an autosave that cannot be loaded to ``NAME.broken-<date>.txt`` next to it (so a new
    game can start and the file is kept for a look); returns the message for the status line.
    Only a regular file is moved: a folder (``--autosave FOLDER``), a link or a device is left
    exactly as it is."""
    import datetime

    from .errors import one_line

    why = one_line(exc, 160)
    try:
        regular = stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        regular = False
    if not regular:  # a folder, a link, a device: the user's, never renamed or replaced
        return (
            f"The autosave {path} is not a regular file ({why}); it was left as it is and this game "
            f"is not autosaved there."
        )
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")  # wall clock: a file name, not an output
    aside = path.with_name(f"{path.stem}.broken-{stamp}{path.suffix}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.stem}.broken-{stamp}-{n}{path.suffix}")
    try:
        os.replace(path, aside)
    except OSError as err:
        return (
            f"The autosave {path} could not be loaded ({why}) nor moved aside ({err.strerror or err}); "
            f"a new game starts and will overwrite it."
        )
    return f"The autosave {path} could not be loaded ({why}); it was kept as {aside.name}. A new game starts."


T = TypeVar("T")

ENTER_KEYS = ("enter", "return")
#: the contexts of the controller base (help, details, prompts); the game's follow them
BASE_CONTEXTS = ("global", "help", "prompt")


class Delegate(Generic[T]):
    """A controller attribute that lives in one of its parts: ``setup = Delegate[SetupPhase |
    None]("setup_part", "phase")`` reads (and sets) ``controller.setup_part.phase``; a method works
    the same way (``setup_cycle = Delegate[Callable[[int], None]]("setup_part", "cycle")``).  The
    HUD, the window and the tests keep the controller's names while the state is the part's."""

    def __init__(self, part: str, name: str):
        self.part = part
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type) -> Delegate[T]: ...

    @overload
    def __get__(self, obj: object, owner: type) -> T: ...

    def __get__(self, obj: object, owner: type) -> Any:
        if obj is None:
            return self
        return getattr(getattr(obj, self.part), self.name)

    def __set__(self, obj: object, value: T) -> None:
        setattr(getattr(obj, self.part), self.name, value)


class ControllerBase(ABC):
    """Messages, prompts, Ctrl keys, history and files for one game's controller."""

    game_name = ""
    game_class: Any = None
    key_table: KeyTable  # the game's one key table (viewer.ui.bindings)
    default_save_name = "daqi-game.txt"
    nothing_to_save = "Nothing to save yet."

    def __init__(self, rules, autosave_path=None, save_path=None):
        self.rules = rules
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.save_path = Path(save_path) if save_path else Path.cwd() / self.default_save_name
        self.time = 0.0
        self.message = Message("")
        self.log: list[Message] = []
        self.help_visible = False
        self.details_visible = False  # Shift+I: show the detail line (rule ids) under messages
        self.help_page = 0  # the help's page (PageDown / PageUp turn it)
        self.prompt: Prompt | None = None
        self.hovered = None
        self.recording = False  # set by the window (F9)
        self.game = None
        self.clock_driver = None  # a viewer.ui.clock.ClockDriver (--clock), or None
        self.clock_result: str | None = None  # "black wins (white's time ran out ...)" (house rule)
        self.keep = KeepGames(self)  # "replace this game?" and the kept previous games (a part)
        self.review_part = ReviewControls(self)  # reviewing without undoing (a part owning its state)
        self.computer = ComputerControls(self)  # the computer opponent and hints (a part owning its state)

    # the keep-games part: the open question, what was saved last, asking before a game is replaced
    question = Delegate[Question | None]("keep", "question")
    saved_as = Delegate["tuple | None"]("keep", "saved_as")
    kept_previous = Delegate["Path | None"]("keep", "kept_previous")
    game_at_stake = Delegate[Callable[[], bool]]("keep", "game_at_stake")
    ask_before = Delegate[Callable[[str, Callable[[], object], "str | None"], None]]("keep", "ask_before")
    answer_question = Delegate[Callable[[str, bool], bool]]("keep", "answer_question")
    keep_previous = Delegate[Callable[[], "Path | None"]]("keep", "keep_previous")

    # the review part's state and steps under the controller's names (the HUD, the window, tests)
    review = Delegate[Review]("review_part", "model")
    turns_scroll = Delegate[int]("review_part", "turns_scroll")
    reviewing = Delegate[bool]("review_part", "reviewing")
    shown_position = Delegate[Callable[[], Any]]("review_part", "shown_position")
    review_selected = Delegate[Callable[[], "int | None"]]("review_part", "review_selected")
    review_toggle = Delegate[Callable[[], None]]("review_part", "review_toggle")
    review_leave = Delegate[Callable[[], None]]("review_part", "review_leave")
    review_goto = Delegate[Callable[[int], None]]("review_part", "review_goto")
    review_step = Delegate[Callable[[int], None]]("review_part", "review_step")
    play_from_here = Delegate[Callable[[], None]]("review_part", "play_from_here")
    swap_line = Delegate[Callable[[], None]]("review_part", "swap_line")
    rematch = Delegate[Callable[[], None]]("review_part", "rematch")
    scroll_turns = Delegate[Callable[[int], None]]("review_part", "scroll_turns")

    # the computer part's state and steps under the controller's names
    computer_sides = Delegate[frozenset]("computer", "computer_sides")
    computer_level = Delegate[int]("computer", "computer_level")
    computer_seed = Delegate[int]("computer", "computer_seed")
    computer_executor = Delegate[Any]("computer", "computer_executor")
    computer_executor_kind = Delegate[str]("computer", "computer_executor_kind")
    computer_pending = Delegate[Any]("computer", "computer_pending")
    computer_hint = Delegate[Any]("computer", "computer_hint")
    computer_ready = Delegate[Any]("computer", "computer_ready")
    computer_paused = Delegate[frozenset]("computer", "computer_paused")
    glide = Delegate["tuple | None"]("computer", "glide")
    set_computer = Delegate[Callable[..., None]]("computer", "set_computer")
    close_computer = Delegate[Callable[[], None]]("computer", "close_computer")
    vs_computer = Delegate[Callable[[], bool]]("computer", "vs_computer")
    computer_to_move = Delegate[Callable[[], bool]]("computer", "computer_to_move")
    computer_thinking = Delegate[Callable[[], bool]]("computer", "computer_thinking")
    computer_tick = Delegate[Callable[[], None]]("computer", "computer_tick")
    computer_take_over = Delegate[Callable[..., None]]("computer", "computer_take_over")
    computer_pause = Delegate[Callable[[], None]]("computer", "computer_pause")
    computer_cycle_level = Delegate[Callable[..., None]]("computer", "computer_cycle_level")
    request_hint = Delegate[Callable[[], None]]("computer", "request_hint")
    gliding = Delegate[Callable[[], bool]]("computer", "gliding")
    computer_status = Delegate[Callable[..., str]]("computer", "computer_status")
    hint_turn = Delegate[Callable[[], Any]]("computer", "hint_turn")

    # the computer's hooks (each game's controller fills them in)
    def _computer_play(self, turn: Any) -> bool:  # pragma: no cover - every controller overrides
        raise NotImplementedError

    def _computer_setup_step(self) -> None:
        """Take the computer side's setup choices (default arrangement)."""

    def _computer_turn_text(self, turn: Any) -> str:
        return str(turn)

    def _computer_hint_changed(self) -> None:
        """The hint appeared or went away: update the board's marks."""

    def glide_seconds(self) -> float:
        """How long the computer's last turn glides on the board."""
        return GLIDE_ACTION_S

    def _review_shown(self) -> None:
        """The reviewed position changed (the cube controller moves its plane and sliders)."""

    def _rematch_game(self) -> Any:
        """A new game with the same arrangement (Ctrl+R), or None."""
        return None

    # ------------------------------------------------------------------ messages
    def say(self, text: str, level: str = "info", detail: str = "") -> None:
        """Show a message; rule ids in ``text`` move to its detail line (issue 13: words for players)."""
        plain, ids = split_rule_ids(text)
        self.message = Message(plain, level, detail or rules_detail(ids))
        self.log.append(self.message)
        del self.log[:-50]

    def error(self, text: str, detail: str = "") -> None:
        self.say(text, "error", detail)

    def toggle_details(self) -> None:
        """Shift+I: show or hide the detail line of the messages (the current message stays)."""
        self.details_visible = not self.details_visible

    # ------------------------------------------------------------------ hooks
    def _clear_turn(self) -> None:
        """Drop the turn being built."""

    def _after_position_change(self) -> None:
        """The game position changed under the board (undo, redo)."""

    @abstractmethod
    def _adopt_loaded(self, game) -> None:
        """Make a loaded game the current one."""

    @abstractmethod
    def _can_redo(self) -> bool:
        """Whether a taken-back turn can be played again."""

    @abstractmethod
    def _turn_text(self, index: int, style: str) -> str:
        """The notation of turn ``index`` (0-based) in ``style``."""

    # ------------------------------------------------------------------ what changes without input
    def live_key(self) -> tuple:
        """What this controller shows that can change without input (issue 16: the window draws when
        it differs from the key of the frame on screen): the game and position (a background turn,
        a tutorial step), the message, a prompt, the help, the game clock's displayed seconds."""
        d = self.clock_driver
        game = self.game
        return (
            id(game),
            id(getattr(game, "position", None)),
            len(getattr(game, "turns", ())),
            self.message.text,
            self.message.level,
            self.prompt is not None,
            self.help_visible,
            d.clock.text() if d is not None else None,
            self.clock_result,
        ) + self.computer.live_key()

    def live_frame_rate(self) -> float:
        """Ticks per second this controller needs by itself: a running clock's seconds (4), the
        computer's (a glide, thinking), else 0."""
        d = self.clock_driver
        return self.computer.live_frame_rate(4.0 if d is not None and d.clock.running is not None else 0.0)

    # ------------------------------------------------------------------ keys
    def tick(self, dt: float) -> None:
        """Advance the injected clock by ``dt`` seconds."""
        self.time += max(0.0, float(dt))
        drive_clock(self, max(0.0, float(dt)))

    def text(self, s: str) -> None:
        p = self.prompt
        if p is not None:
            if p.swallow:
                s, p.swallow = (s[len(p.swallow) :] if s.startswith(p.swallow) else s), ""
            typed = "".join(ch for ch in s if ch.isprintable() and ch not in "\r\n")
            if typed and p.selected:
                p.text, p.selected = "", False
            p.text += typed

    def key(self, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        """Handle a key through the game's key table; returns False if it means nothing here."""
        name = name.lower()
        name = "enter" if name in ENTER_KEYS else name
        if self.question is not None and self.answer_question(name, ctrl):
            return True  # "replace this game?" answered (viewer.ui.keep_games; the question names its keys)
        if self.key_table.dispatch(name, shift, ctrl, self.key_active, self.key_actions(), only=BASE_CONTEXTS):
            return True
        return self._game_key(name, shift, ctrl)

    def _game_key(self, name: str, shift: bool, ctrl: bool) -> bool:
        """The keys the help and the prompt leave over: the game's contexts of the table."""
        game_contexts = [c.name for c in self.key_table.contexts if c.name not in BASE_CONTEXTS]
        return self.key_table.dispatch(name, shift, ctrl, self.key_active, self.key_actions(), only=game_contexts)

    def key_active(self, context: str) -> bool:
        """Whether the keys of ``context`` (a :class:`viewer.ui.bindings.Context` name) work now."""
        if context == "global":
            return self.prompt is None
        if context == "help":
            return self.help_visible
        if context == "prompt":
            return self.prompt is not None
        return False

    def key_actions(self) -> dict[str, Callable[[], object]]:
        """What each action name of the key table does (an action returning ``PASS`` passes the key on)."""
        return self._base_actions()

    def _base_actions(self) -> dict[str, Callable[[], object]]:
        """The base's actions: help, details, prompts, history, files."""
        return {
            "help.toggle": self.toggle_help,
            "help.next": lambda: self.turn_help_page(+1),
            "help.previous": lambda: self.turn_help_page(-1),
            "help.close": self.close_help,
            "details.toggle": self.toggle_details,
            "prompt.confirm": self.prompt_confirm,
            "prompt.cancel": self.prompt_cancel,
            "prompt.backspace": self.prompt_backspace,
            "prompt.clear": self.prompt_clear,
            "prompt.select_all": self.prompt_select_all,
            "game.undo": self.undo_turn,
            "game.redo": self.redo_turn,
            "game.new": self.ask_new_game,
            "game.save": lambda: self.open_prompt("save"),
            "game.load": lambda: self.open_prompt("load"),
        }

    def toggle_help(self) -> None:
        self.help_visible = not self.help_visible
        self.help_page = 0

    def close_help(self) -> None:
        self.help_visible = False

    def turn_help_page(self, delta: int) -> None:
        self.help_page = max(0, self.help_page + delta)  # clamped when shown

    def prompt_cancel(self) -> None:
        self.prompt = None
        self.say("Cancelled.")

    def prompt_backspace(self) -> None:
        p = self.prompt
        if p is not None:
            p.text, p.selected = ("" if p.selected else p.text[:-1]), False

    def prompt_clear(self) -> None:
        if self.prompt is not None:
            self.prompt.text, self.prompt.selected = "", False

    def prompt_select_all(self) -> None:
        if self.prompt is not None:
            self.prompt.selected = True

    def ask_new_game(self) -> None:
        self.ask_before("Start a new game", self.new_game, "n")

    @abstractmethod
    def new_game(self, quick: bool = False) -> None:
        """Start a new game (its setup phase, or the default arrangement with ``quick``)."""

    # ------------------------------------------------------------------ history
    def undo_turn(self) -> None:
        """Ctrl+Z: one turn back (against the computer: its turn and yours, viewer.ui.computer)."""
        self.computer.undo_turn(lambda: self._history_step(undo=True))

    def redo_turn(self) -> None:
        self.computer.redo_turn(lambda: self._history_step(undo=False))

    def _history_step(self, undo: bool) -> None:
        verb = "Undo" if undo else "Redo"
        if self.game is None:
            if undo:
                self.error("Undo works on played turns; the setup is still running.")
            return
        self._clear_turn()
        if not (self.game.turns if undo else self._can_redo()):
            self.error(f"Nothing to {verb.lower()}.")
            return
        # a redo replays the turn: its failure is a message
        step, failures = (self.game.undo, ()) if undo else (self.game.redo, (IllegalAction,))
        try:
            step()
        except failures as exc:
            self.error(f"{verb} failed: {exc}")
            return
        self._autosave()
        self._after_position_change()
        self.say(f"{'Undid' if undo else 'Redid'} a turn. {self.game.position.to_move.capitalize()} to move.")

    # ------------------------------------------------------------------ files
    def open_prompt(self, kind: str) -> None:
        if kind == "save" and self.game is None:
            self.error(self.nothing_to_save)
            return
        title = "Save the record to" if kind == "save" else "Load a record from"
        self.prompt = Prompt(kind, title + " (Enter = OK, Esc = cancel):", str(self.save_path))

    def prompt_confirm(self) -> None:
        p = self.prompt
        if p is None:
            return
        self.prompt = None
        if not p.text.strip():
            self.error("No file name given.")
            return
        if p.kind == "move":
            self.play_typed(p.text)
            return
        path = Path(os.path.expanduser(p.text.strip()))
        if p.kind == "save":
            self.save(path)
        else:
            game = self._read_record(path)  # a file that does not load asks nothing
            if game is not None:
                self.ask_before(f"Load {path}", lambda: self.load(path, game), None)

    def save(self, path) -> bool:
        if self.game is None:
            self.error(self.nothing_to_save)
            return False
        try:
            self.game.save(path)
        except OSError as exc:
            self.error(f"Could not save to {path}: {exc.strerror or exc}")
            return False
        self.save_path = Path(path)
        self.saved_as = (id(self.game), len(self.game.turns))
        self.say(f"Saved {len(self.game.turns)} turns to {path}.", "ok")
        return True

    def _read_record(self, path):
        """The game recorded in ``path``, or None (the error is the message)."""
        try:
            return self.game_class.load(path, known=self.rules)  # a --ruleset FILE game too
        except OSError as exc:  # its text repeats the path: say only why
            self.error(f"Could not load {path}: {exc.strerror or type(exc).__name__}")
        except (DaqiError, UnicodeDecodeError) as exc:
            why = str(exc)
            for said in (f"{path}: ", f"{Path(path).name}: "):  # the engine may name the file too
                why = why.removeprefix(said)
            self.error(f"Could not load {path}: {why}")
        return None

    def load(self, path, game=None) -> bool:
        """Show the game recorded in ``path`` (``game``: already read from it)."""
        game = game if game is not None else self._read_record(path)
        if game is None:
            return False
        self.save_path = Path(path)
        self._adopt_loaded(game)
        self.keep.mark_unchanged()
        self.say(f"Loaded {path}: {len(game.turns)} turns, {game.position.to_move} to move.", "ok")
        return True

    def adopt(self, game, save_path=None) -> None:
        """Show ``game`` (e.g. one the command line loaded); Ctrl+S then saves to ``save_path``."""
        if save_path is not None:
            self.save_path = Path(save_path)
        self._adopt_loaded(game)

    def play_typed(self, text: str) -> bool:
        """A turn typed in the move box (each game's controller reads and plays it)."""
        self.error("Typed turns are not available in this game.")
        return False

    def _autosave(self) -> None:
        """Write the game to the autosave file, if there is one; a failure becomes a message."""
        if self.autosave_path is None or self.game is None:
            return
        try:
            self.autosave_path.parent.mkdir(parents=True, exist_ok=True)
            self.game.save(self.autosave_path)
        except OSError as exc:
            self.error(f"autosave to {self.autosave_path} failed: {exc.strerror or exc}")

    # ------------------------------------------------------------------ HUD queries
    def result_text(self) -> str:
        if self.clock_result is not None and self.game is not None:
            return self.clock_result
        r = self.game.position.result if self.game is not None else None
        if r is None:
            return ""
        from .words import result_words

        words, _rule = result_words(r.reason)
        return (f"{r.winner} wins" if r.winner else "draw") + f" ({words})"

    def turn_list(self, style: str = "ascii") -> list[str]:
        if self.game is None:
            return []
        # "turn N" counts both sides' turns from 1, as the status line, videos and snapshots do
        # (viewer.ui.words); the side is read from the position before the turn
        marks = getattr(self, "turn_marks", None)  # ?! ? ?? of an analysed game (issue 19)
        return [
            f"{i + 1:>2} {self.game.positions[i].to_move:<5}  {self._turn_text(i, style)}"
            + (marks(self.game, i) if marks is not None else "")
            for i in range(len(self.game.turns))
        ]
