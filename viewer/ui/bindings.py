"""The one key table of each game: every key the window, the game's view and its controller act
on, with what it does.  The same entries drive the key dispatch (:meth:`KeyTable.dispatch`) and
the help overlay (:meth:`KeyTable.help`), so the help cannot drift from the keys
(``tests/viewer/ui/test_key_table.py`` checks both ways, and that no two actions share a key in
one context).

A :class:`Row` is one line of the help: its keys (:class:`Key`: key name, Shift / Ctrl, the
context it works in, the action name it runs) and its words; a row without keys describes the
mouse.  The key column of the help is generated from the row's keys.  A :class:`Context` is a
state in which some keys mean something (a review, the setup, an open chooser); the table lists
a game's contexts in priority order, and the controller says which are active
(``key_active(context)``) and what each action name does (``key_actions()``): the first active
context holding the key runs its action; an action returning :data:`PASS` passes the key on.

Keyboard decisions (issue 13): the plain arrow keys belong to the game — in cube chess they move
the cell cursor during play and setup (both games), in a review they step through the turns; the
cube camera keeps the mouse, W A S D (pan) and Shift+arrows (orbit).  A review starts with
Ctrl+Left (or a click on the move list) and ends with Escape.  Letters: V overview, I isolate,
L legend, K statistics, C the computer; Shift+I details, Shift+H a hint, Shift+L the computer's
level; F12 colours.  The same keys mean the same in both games wherever both have the feature.

A new view's key: a :class:`Key` in the game's rows (its context and action name) and the action
in the controller's ``key_actions()``; the help shows it and the test checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

#: key names the window produces (``viewer.app.window.key_name``) as the help prints them
_SHOWN = {
    "enter": "Enter",
    "backspace": "Backspace",
    "escape": "Escape",
    "pageup": "PageUp",
    "pagedown": "PageDown",
    "tab": "Tab",
    "space": "Space",
    "home": "Home",
    "end": "End",
    "left": "Left",
    "right": "Right",
    "up": "Up",
    "down": "Down",
    "delete": "Delete",
}
ARROWS = ("left", "right", "up", "down")


#: what a part's ``key_actions()`` returns: action name -> what it does
Actions = dict[str, Callable[[], object]]


class _Pass:
    def __repr__(self) -> str:
        return "PASS"


#: what an action returns when it does not apply now: the key goes on to the next context
PASS = _Pass()
DIGITS = tuple("123456789")


@dataclass(frozen=True)
class Key:
    """One key in one context: ``shift`` / ``ctrl`` True (held), False (not held) or None (either)."""

    name: str
    action: str
    context: str
    shift: bool | None = False
    ctrl: bool | None = False

    def matches(self, name: str, shift: bool, ctrl: bool) -> bool:
        return (
            self.name == name
            and (self.shift is None or self.shift == shift)
            and (self.ctrl is None or self.ctrl == ctrl)
        )

    def shown(self) -> str:
        """The key as the help prints it: ``Ctrl+Shift+J``, ``PageUp``, ``F12``, ``,``."""
        base = _SHOWN.get(self.name, self.name.upper() if len(self.name) > 1 or self.name.isalpha() else self.name)
        return ("Ctrl+" if self.ctrl else "") + ("Shift+" if self.shift else "") + base


@dataclass(frozen=True)
class Row:
    """One line of the help: its keys, the mouse words (if any), a note on where the keys work."""

    text: str
    keys: tuple[Key, ...] = ()
    mouse: str = ""
    note: str = ""

    def label(self) -> str:
        parts = _compact([k.shown() for k in self.keys]) + ([self.mouse] if self.mouse else [])
        label = ""
        for i, part in enumerate(parts):  # "A / B"; beside the slash key itself: "/ or F3"
            label += ("" if i == 0 else " or " if "/" in (part, parts[i - 1]) else " / ") + part
        return f"{label} ({self.note})" if self.note else label


def _compact(shown: list[str]) -> list[str]:
    """Distinct key names in order; 1..9 of one kind as ``1-9``, four arrows as ``arrows``."""
    out: list[str] = []
    for s in shown:
        if s not in out:
            out.append(s)
    for prefix in ("", "Shift+", "Ctrl+", "Ctrl+Shift+"):
        arrows = [prefix + a for a in ("Left", "Right", "Up", "Down")]
        if all(a in out for a in arrows):
            at = out.index(arrows[0])
            out = [s for s in out if s not in arrows]
            out.insert(at, prefix + "arrows")
        digits = [prefix + d for d in DIGITS]
        present = [d for d in digits if d in out]
        if len(present) > 2 and present == digits[: len(present)]:
            at = out.index(present[0])
            out = [s for s in out if s not in present]
            out.insert(at, f"{prefix}1-{len(present)}")
    return out


@dataclass(frozen=True)
class Context:
    """A state in which keys mean something.  ``ends``: "all" -- every key ends here (a modal
    prompt or list); "ctrl" -- every Ctrl key ends here (the game's Ctrl keys); "" -- keys not
    bound here go on to the next context."""

    name: str
    ends: str = ""


class KeyTable:
    """A game's contexts (in priority order) and help rows (each with its keys)."""

    def __init__(self, contexts: Iterable[Context], rows: Iterable[Row]):
        self.contexts = tuple(contexts)
        self.rows = tuple(rows)
        known = {c.name for c in self.contexts}
        self._by_context: dict[str, list[Key]] = {c.name: [] for c in self.contexts}
        for row in self.rows:
            for k in row.keys:
                if k.context not in known:
                    raise ValueError(f"key {k.shown()} of help row {row.label()!r}: unknown context {k.context!r}")
                self._by_context[k.context].append(k)

    def keys(self) -> list[Key]:
        return [k for row in self.rows for k in row.keys]

    def actions(self, contexts: Iterable[str] | None = None) -> set[str]:
        """The action names the keys of ``contexts`` (all by default) run."""
        wanted = None if contexts is None else set(contexts)
        return {k.action for k in self.keys() if wanted is None or k.context in wanted}

    def lookup(self, context: str, name: str, shift: bool, ctrl: bool) -> str | None:
        for k in self._by_context.get(context, ()):
            if k.matches(name, shift, ctrl):
                return k.action
        return None

    def dispatch(
        self,
        name: str,
        shift: bool,
        ctrl: bool,
        active: Callable[[str], bool],
        actions: Mapping[str, Callable[[], object]],
        only: Iterable[str] | None = None,
    ) -> bool:
        """Run the action of key ``name`` in the first active context (of ``only``, if given) that
        binds it; True when the key was used (or swallowed by a modal context)."""
        only = None if only is None else set(only)
        for ctx in self.contexts:
            if only is not None and ctx.name not in only:
                continue
            if not active(ctx.name):
                continue
            action = self.lookup(ctx.name, name, shift, ctrl)
            if action is not None and actions[action]() is not PASS:
                return True
            if ctx.ends == "all":
                return True
            if ctx.ends == "ctrl" and ctrl:
                return False
        return False

    def help(self) -> list[tuple[str, str]]:
        """The help overlay's rows: (keys, what they do)."""
        return [(row.label(), row.text) for row in self.rows]


def _keys(names: Iterable[str], action: str, context: str, shift: bool | None = False, ctrl: bool | None = False):
    return tuple(Key(n, action, context, shift, ctrl) for n in names)


def _each(names: Iterable[str], prefix: str, context: str, shift: bool | None = None) -> tuple[Key, ...]:
    """One action per key: ``prefix + name`` (digits, arrows)."""
    return tuple(Key(n, prefix + n, context, shift) for n in names)


ANY = None

# -- contexts ------------------------------------------------------------------------------------
#: the window's own keys (``DaqiWindow.on_key_press``) and the game view's (statistics, analysis)
WINDOW = Context("window")
APP = Context("app")
#: the controller base's keys (``viewer.ui.control_common.ControllerBase``)
GLOBAL = Context("global")  # help and details, whenever no prompt is open
HELP = Context("help")  # while the help is shown
PROMPT = Context("prompt", ends="all")  # a file or typed-turn prompt takes every key
CTRL = Context("ctrl", ends="ctrl")  # the game's Ctrl keys: history, files, review
_BASE_CONTEXTS = (WINDOW, APP, GLOBAL, HELP, PROMPT)

# -- rows both games share -----------------------------------------------------------------------
WINDOW_ROWS = (
    Row("switch to the next game (cube chess, spirit chess, ...)", _keys(["f2"], "window.switch", "window", ANY, ANY)),
    Row("start / stop recording the window to a video", _keys(["f9"], "window.record", "window", ANY, ANY)),
    Row("sound on / off", _keys(["m"], "window.mute", "window", ANY, True)),
    Row(
        "the position editor, from the position shown (docs/PUZZLES.md)",
        _keys(["e"], "window.editor", "window", ANY, True),
    ),
    Row(
        "quit (a game that is not autosaved asks first: close again to quit)",
        _keys(["q"], "window.quit", "window", ANY, True),
    ),
)
ANALYSIS_ROWS = (
    Row(
        "threats: deciding (default) / all / none;  analysis: evaluation bar, best line",
        _keys(["j"], "analysis.threats", "app") + _keys(["j"], "analysis.board", "app", True),
    ),
    Row(
        "show / play the best turn, the analysis level, analyse the game: ?! ? ??, graph",
        _keys(["j"], "analysis.best", "app", False, True)
        + _keys(["j"], "analysis.play_best", "app", True, True)
        + _keys(["f10"], "analysis.level", "app", ANY, ANY)
        + _keys(["f11"], "analysis.game", "app", ANY, ANY),
    ),
)
HELP_ROWS = (
    Row(
        "this help",
        _keys(["h"], "help.toggle", "global") + _keys(["f1"], "help.toggle", "global", ANY),
    ),
    Row(
        "turn the help's pages / close it",
        _keys(["pagedown", "space"], "help.next", "help", ANY, ANY)
        + _keys(["pageup"], "help.previous", "help", ANY, ANY)
        + _keys(["escape"], "help.close", "help", ANY, ANY),
        note="in the help",
    ),
)
PROMPT_ROW = Row(
    "OK / cancel / delete the last character / clear the text / select it all (typing or Backspace replaces it)",
    _keys(["enter"], "prompt.confirm", "prompt", ANY, ANY)
    + _keys(["escape"], "prompt.cancel", "prompt", ANY, ANY)
    + _keys(["backspace"], "prompt.backspace", "prompt", ANY, ANY)
    + _keys(["u"], "prompt.clear", "prompt", ANY, True)
    + _keys(["a"], "prompt.select_all", "prompt", ANY, True),
    note="in a prompt",
)
HISTORY_ROW = Row(
    "undo / redo a whole turn (against the computer: its turn and yours)",
    _keys(["z"], "game.undo", "ctrl", ANY, True) + _keys(["y"], "game.redo", "ctrl", ANY, True),
)
FILES_ROW = Row(
    "save / load a record (type a path, Enter)",
    _keys(["s"], "game.save", "ctrl", ANY, True) + _keys(["o"], "game.load", "ctrl", ANY, True),
)
REVIEW_START_ROW = Row(
    "review the game: the board shows earlier positions, nothing is undone; Ctrl+Home / Ctrl+End: the first / last",
    tuple(Key(n, f"review.ctrl_{n}", "ctrl", ANY, True) for n in ("left", "right", "home", "end")),
)
SWAP_LINE_ROW = Row(
    "switch to the line kept by 'play from here' in a review, and back",
    _keys(["l"], "review.swap_line", "ctrl", ANY, True),
)
COMPUTER_ROWS = (
    Row(
        "the computer plays the side to move / the other side (again: yours)",
        _keys(["c"], "computer.take_over", "computer") + _keys(["c"], "computer.take_over_other", "computer", True),
    ),
    Row(
        "hint: the turn the computer would play for you, on the board / its level 0-4 (cycles)",
        _keys(["h"], "computer.hint", "computer", True) + _keys(["l"], "computer.level", "computer", True),
    ),
)
DETAILS_ROW = Row(
    "details: show the rule ids (docs/RULES.md, docs/RULES-spirit.md) and the engine's words under each message",
    _keys(["i"], "details.toggle", "global", True),
)


def _review_rows() -> tuple[Row, ...]:
    return (
        Row("one turn back / forward (Up / Down: two turns)", _each(ARROWS, "review.", "review"), note="review"),
        Row("the start position / the last position", _each(("home", "end"), "review.", "review"), note="review"),
        Row(
            "play from here: the old line is kept (Ctrl+L switches back to it)",
            _keys(["enter"], "review.play_from_here", "review", ANY),
            note="review",
        ),
        Row("back to the game", _keys(["escape"], "review.leave", "review", ANY), note="review"),
    )


# -- cube chess ----------------------------------------------------------------------------------
CUBE_CONTEXTS = _BASE_CONTEXTS + (
    Context("resume", ends="all"),  # "resume the autosaved game?" Y / N
    CTRL,
    Context("chooser", ends="all"),  # split / promote / hire list
    Context("review"),
    Context("cursor"),  # arrows and the typed-turn box, always
    Context("cursor-shown"),  # while the keyboard cursor is shown
    Context("board"),  # the legend
    Context("overview"),
    Context("setup"),
    Context("computer"),
    Context("turn"),  # building a turn
    Context("view"),  # camera and slicing
)

CUBE_ROWS: tuple[Row, ...] = (
    Row("choose a piece (origin), then a highlighted square: each click adds one action", mouse="Left click"),
    Row(
        "confirm the turn being built (setup: confirm this part)",
        _keys(["enter"], "turn.confirm", "turn", ANY) + _keys(["enter"], "setup.confirm", "setup", ANY),
    ),
    Row(
        "take back the last action of the turn (setup: back to the default arrangement of this part)",
        _keys(["backspace"], "turn.back", "turn", ANY) + _keys(["backspace"], "setup.reset_part", "setup", ANY),
    ),
    Row(
        "cancel the turn (nothing built: observation off) / close a chooser",
        _keys(["escape"], "turn.cancel", "turn", ANY) + _keys(["escape"], "chooser.close", "chooser", ANY),
    ),
    Row(
        "3-D jump to the plane above / below (C19)",
        _keys(["pageup"], "turn.jump_up", "turn") + _keys(["pagedown"], "turn.jump_down", "turn"),
    ),
    Row(
        "hyper-jump +1 / -1 along the active dimension (C22)",
        _keys(["pageup"], "turn.hyperjump_up", "turn", True) + _keys(["pagedown"], "turn.hyperjump_down", "turn", True),
    ),
    Row(
        "choose the active higher dimension (4th, 5th, ...): hyper-jumps, slider, ghosts",
        _keys(["tab"], "view.next_dim", "view") + _keys(["tab"], "view.previous_dim", "view", True),
    ),
    Row(
        "stack onto your own pieces on the current square (C39)",
        _keys(["s"], "turn.stack", "turn"),
    ),
    Row("split: choose which pieces of the stack leave (C43)", _keys(["t"], "turn.split", "turn", ANY)),
    Row(
        "promote: knight / bishop / rook / cannon / queen / brother (G8)",
        _keys(["p"], "turn.promote", "turn", ANY),
    ),
    Row(
        "hire and drop: choose a piece (price shown), then click the target (C11-C13)",
        _keys(["b"], "turn.hire", "turn", ANY),
    ),
    Row(
        "in a chooser: pick / toggle an entry; Enter confirms",
        _each(DIGITS, "chooser.", "chooser") + _keys(["enter"], "chooser.confirm", "chooser", ANY),
        note="chooser",
    ),
    Row(
        "move the cell cursor on the focused plane (keyboard play); the first press shows it",
        _each(ARROWS, "cursor.", "cursor", False),
    ),
    Row(
        "click the cursor's cell: choose a piece, a target or a setup slot; Z X [ ] change its plane; Escape hides it",
        _keys(["space"], "cursor.click", "cursor-shown", ANY)
        + _keys(["z", "["], "cursor.plane_down", "cursor-shown", ANY)
        + _keys(["x", "]"], "cursor.plane_up", "cursor-shown", ANY)
        + _keys(["escape"], "cursor.hide", "cursor-shown", ANY),
        note="cursor shown",
    ),
    Row(
        "type a whole turn in the notation, e.g. P(9,3,1)-(9,4,1), Enter plays it",
        _keys(["/", "f3"], "cursor.move_box", "cursor", ANY),
    ),
    REVIEW_START_ROW,
    *_review_rows(),
    Row("review that turn / scroll the move list", mouse="Click a turn / wheel on the list"),
    Row(
        "orbit the camera",
        tuple(Key(a, f"view.orbit_{a}", "view", True) for a in ARROWS),
        mouse="right or left drag",
    ),
    Row(
        "pan the camera (Shift+S pans when S is stack)",
        _each(("w", "a", "s", "d"), "view.pan_", "view") + _keys(["s"], "view.pan_s", "setup", ANY),
        mouse="Shift+drag / middle drag",
    ),
    Row(
        "zoom",
        _keys(["+", "="], "view.zoom_in", "view", ANY) + _keys(["-"], "view.zoom_out", "view", ANY),
        mouse="mouse wheel",
    ),
    Row("reset the camera (Home in a review: the start position)", _keys(["r", "home"], "view.reset", "view", ANY)),
    Row("front / top / side view", _each(("1", "2", "3"), "view.camera_", "view")),
    Row(
        "focus the plane below / above (z)",
        _keys(["z", "["], "view.plane_down", "view", ANY) + _keys(["x", "]"], "view.plane_up", "view", ANY),
    ),
    Row(
        "fade the other planes more / less (opacity)",
        _keys([","], "view.fade_more", "view", ANY) + _keys(["."], "view.fade_less", "view", ANY),
    ),
    Row("isolate the focused plane: hide the other planes / show them again", _keys(["i"], "view.isolate", "view")),
    Row(
        "board overview: the 3-D boards of two higher dimensions side by side, with each side's pieces; "
        "click a board or 1-9 in its list to go there, Tab / Shift+Tab: other dimensions, V / Escape closes",
        _keys(["v"], "view.overview", "view", ANY)
        + _keys(["v", "escape"], "overview.close", "overview", ANY)
        + _keys(["tab"], "overview.next_dims", "overview")
        + _keys(["tab"], "overview.previous_dims", "overview", True)
        + _each(DIGITS, "overview.", "overview"),
    ),
    Row("colours: colour-blind safe (default) / classic", _keys(["f12"], "view.palette", "view", ANY)),
    Row(
        "spread the planes apart / together (explode)",
        _keys(["e"], "view.explode", "view") + _keys(["e"], "view.implode", "view", True),
    ),
    Row(
        "step the active higher-dimension slider down / up (shows another 3-D board)",
        _keys(["n"], "view.slider_down", "view", ANY) + _keys(["m"], "view.slider_up", "view", ANY),
    ),
    Row(
        "play: step the active slider automatically",
        _keys(["space"], "view.play", "view", ANY),
        mouse="the play button",
    ),
    Row(
        "ghosts: show the neighbouring boards (index -1 / +1) of the active dimension",
        _keys(["g"], "view.ghosts", "view", ANY),
    ),
    Row(
        "observation view (C18): z column of pieces around the hovered (x, y); press again: range 1, 2, off",
        _keys(["o"], "view.observe", "view", ANY),
    ),
    HISTORY_ROW,
    *COMPUTER_ROWS,
    Row(
        "new game (setup phase)",
        _keys(["n"], "game.new", "ctrl", ANY, True),
    ),
    Row("rematch: a new game with the same arrangement, no setup", _keys(["r"], "game.rematch", "ctrl", ANY, True)),
    SWAP_LINE_ROW,
    FILES_ROW,
    PROMPT_ROW,
    Row("statistics per piece type (C17) on / off", _keys(["k"], "app.statistics", "app", ANY)),
    Row("quick start: the default arrangement for both sides", _keys(["q"], "setup.quick", "setup", ANY), note="setup"),
    Row(
        "cycle the piece in that slot (royal part: click two slots to swap)",
        _each(DIGITS, "setup.slot", "setup"),
        mouse="click a slot",
        note="setup",
    ),
    Row(
        "jumps, splits, promotions and hiring are for play: the setup says so",
        _keys(["pageup", "pagedown", "b", "t", "p"], "setup.play_only", "setup", ANY),
        note="setup",
    ),
    Row(
        "resume the autosaved game / start a new one (asked at start)",
        _keys(["y", "enter"], "resume.yes", "resume", ANY, ANY)
        + _keys(["n", "escape"], "resume.no", "resume", ANY, ANY),
        note="resume?",
    ),
    Row(
        "legend: what the colours, lines, rings and faded planes of the board mean",
        _keys(["l"], "board.legend", "board"),
    ),
    DETAILS_ROW,
    *ANALYSIS_ROWS,
    *WINDOW_ROWS,
    *HELP_ROWS,
)

# -- spirit chess --------------------------------------------------------------------------------
SPIRIT_CONTEXTS = _BASE_CONTEXTS + (
    CTRL,
    Context("review"),
    Context("cursor"),  # arrows, except on the hand-over screen and in the transform list
    Context("cursor-shown"),
    Context("move-box"),  # "/" during play
    Context("setup"),  # placing pieces, the hand-over screen
    Context("chooser", ends="all"),  # the transform list
    Context("computer"),
    Context("play"),  # building a turn
)

SPIRIT_ROWS: tuple[Row, ...] = (
    Row(
        "choose the kind of piece to place",
        _each(DIGITS, "setup.kind", "setup", ANY),
        mouse="click the palette",
        note="setup",
    ),
    Row("place it there; click your piece again to take it back", mouse="Setup: click a square of your half"),
    Row(
        "fill your half with the default placement (press twice if you placed pieces yourself)",
        _keys(["d"], "setup.default", "setup", ANY),
        note="setup",
    ),
    Row(
        "commit your placement (S2 is checked), then hand the screen over",
        _keys(["enter"], "setup.enter", "setup", ANY),
        note="setup",
    ),
    Row(
        "1) your piece to raise one level, 2) the piece to move, 3) its path squares one by one "
        "(or a highlighted end square)",
        mouse="Play: click",
    ),
    Row(
        "confirm the turn (a fixed-step piece confirms on its last step, unless a transform is possible; "
        "in the transform list: without a transform)",
        _keys(["enter"], "play.confirm", "play", ANY) + _keys(["enter"], "chooser.confirm", "chooser", ANY),
    ),
    Row(
        "transform (S8), the path complete: choose an own disciple of level >= 3 and a kind your side has "
        "lost (1-9); the turn is played with it; X / Escape / Backspace closes the list",
        _keys(["x"], "play.transform", "play", ANY)
        + _each(DIGITS, "chooser.", "chooser")
        + _keys(["x", "escape", "backspace"], "chooser.close", "chooser", ANY),
    ),
    Row(
        "take back the last click / cancel the turn",
        _keys(["backspace"], "play.back", "play", ANY) + _keys(["escape"], "play.cancel", "play", ANY),
    ),
    HISTORY_ROW,
    *COMPUTER_ROWS,
    Row("new game (hidden setup)", _keys(["n"], "game.new", "ctrl", ANY, True)),
    Row("rematch: the same placements again", _keys(["r"], "game.rematch", "ctrl", ANY, True)),
    FILES_ROW,
    PROMPT_ROW,
    Row("quick start: default placements for both sides", _keys(["q"], "setup.quick", "setup", ANY), note="setup"),
    DETAILS_ROW,
    Row(
        "move the cell cursor / click its cell (keyboard play) / hide it",
        _each(ARROWS, "cursor.", "cursor", ANY)
        + _keys(["space"], "cursor.click", "cursor-shown", ANY)
        + _keys(["escape"], "cursor.hide", "cursor-shown", ANY),
    ),
    REVIEW_START_ROW,
    *_review_rows(),
    SWAP_LINE_ROW,
    Row("review that turn (the wheel scrolls the list)", mouse="Click a turn"),
    Row(
        "type a whole turn, e.g. +(10,3) (10,3)-(10,4), Enter plays it",
        _keys(["/", "f3"], "cursor.move_box", "move-box", ANY),
    ),
    *ANALYSIS_ROWS,
    *WINDOW_ROWS,
    *HELP_ROWS,
)

# -- a tutorial lesson (viewer.app.tutorial): its keys come before the game's -----------------------
LESSON_ROWS: tuple[Row, ...] = (
    Row("the lesson's hint", _keys(["h"], "lesson.hint", "lesson", ANY)),
    Row('"show me": the solution played step by step', _keys(["f4"], "lesson.show", "lesson", ANY)),
    Row("restart the lesson", _keys(["f5"], "lesson.restart", "lesson", ANY)),
    Row(
        "the previous / next lesson",
        _keys(["f6"], "lesson.prev", "lesson", ANY) + _keys(["f7"], "lesson.next", "lesson", ANY),
    ),
    Row("leave the tutorial for a real game", _keys(["f8"], "lesson.leave", "lesson", ANY)),
    Row(
        "not in a lesson: each says how to change or leave the lesson instead",
        _keys(["n", "o", "s"], "lesson.no_files", "lesson", ANY, True)
        + _keys(["f2"], "lesson.no_switch", "lesson", ANY, ANY),
    ),
)

#: the window's keys alone (any game, the tests' third game too)
WINDOW_KEYS = KeyTable((WINDOW,), WINDOW_ROWS)
#: a lesson's keys (the lesson panel's buttons name them too)
LESSON_KEYS = KeyTable((Context("lesson"),), LESSON_ROWS)
CUBE_KEYS = KeyTable(CUBE_CONTEXTS, CUBE_ROWS)
SPIRIT_KEYS = KeyTable(SPIRIT_CONTEXTS, SPIRIT_ROWS)

#: the rows the help overlays print: (keys, what they do)
BINDINGS: list[tuple[str, str]] = CUBE_KEYS.help()
SPIRIT_BINDINGS: list[tuple[str, str]] = SPIRIT_KEYS.help()
