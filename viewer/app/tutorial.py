"""The tutorial in the window (``daqi tutorial``; offered once when the window first starts).

:class:`TutorialSession` runs the lessons of :mod:`engine.tutorial` in the normal game window: each
lesson becomes a game of the game's own controller (:class:`viewer.cube.controller.CubeController`
or :class:`viewer.spirit.controller.SpiritController`) started from the lesson's position, so every
click and key works as in a game and every turn goes through the engine's turn machine.  A lesson
panel (right side) shows the text, the goals with their state, the hint on request, and buttons.

Keys in the tutorial (also clickable buttons on the panel):

* H — the hint (F1 still opens the help);
* F4 — "show me": restart the lesson and play its solution, one action every
  :data:`SHOW_STEP` seconds, through the controller (select, actions, confirm);
* F5 — restart the lesson; F6 / F7 — previous / next lesson; F8 — leave the tutorial (a new game).

:class:`TutorialOffer` is the first-start question ("New to Daqi? T starts the tutorial"); its
answer writes a marker file in the user data folder so it is asked only once.

The window calls four hooks on ``window.tutorial`` (``key``, ``mouse_press``, ``tick``, ``draw``);
everything else here is testable without a display (:func:`panel_text`, :meth:`TutorialSession.key`).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any

from engine.core import games
from engine.tutorial import Lesson, goals_status, lesson_game, load_lessons

from ..ui.bindings import LESSON_KEYS, Actions
from ..ui.control_common import default_autosave_path
from ..ui.panels import DIM, SANS, TEXT, Panel
from ..ui.review import banner_text
from .games import window_game

SHOW_STEP = 0.7  # seconds between the actions of "show me"
BUTTONS = (
    ("hint", "Hint (H)"),
    ("show", "Show me (F4)"),
    ("restart", "Restart (F5)"),
    ("prev", "< (F6)"),
    ("next", "(F7) >"),
)
#: the lesson's commands (their keys: viewer.ui.bindings.LESSON_KEYS; the panel's buttons)
KEYS = {"h": "hint", "f4": "show", "f5": "restart", "f6": "prev", "f7": "next", "f8": "leave"}


def marker_path() -> Path:
    """The file that says the tutorial was offered (next to the autosave, in the user data folder)."""
    return default_autosave_path().parent / "tutorial-offered"


def find_lesson(lessons: list[Lesson], which: str | int | None) -> int:
    """Index of a lesson given by number (1-based) or id; ValueError naming the choices."""
    if which is None:
        return 0
    text = str(which).strip()
    if text.isdigit() and 1 <= int(text) <= len(lessons):
        return int(text) - 1
    for i, les in enumerate(lessons):
        if les.id == text:
            return i
    raise ValueError(f"no lesson {text!r}: give 1..{len(lessons)} or one of {', '.join(les.id for les in lessons)}")


class TutorialSession:
    """The lessons in the window: one lesson at a time, its goals, hint and "show me"."""

    def __init__(self, lessons: list[Lesson] | None = None, start: int = 0):
        self.lessons = lessons if lessons is not None else load_lessons()
        self.index = start
        self.window: Any = None  # the DaqiWindow showing the lesson
        self.controller: Any = None  # the lesson game's controller (a viewer.ui.protocols.GameController)
        self.game: Any = None  # the lesson's game (engine.core.games.Game)
        self.hint_shown = False
        self.announced = False
        self.queue: list = []  # "show me" steps still to play
        self.clock = 0.0
        self.panel: TutorialPanel | None = None
        self.folded = False  # the lesson panel is folded away (see draw)
        self.buttons: list = []  # [(name, (x, y, w, h))] in window pixels (bottom-left origin)
        self.autosave_path: Path | None = None  # of the game that follows the tutorial (F8)

    # ------------------------------------------------------------------ state
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    def status(self) -> list:
        return goals_status(self.lesson, self.game.positions) if self.game is not None else []

    @property
    def done(self) -> bool:
        st = self.status()
        return bool(st) and all(s.met for s in st)

    # ------------------------------------------------------------------ lessons
    def attach(self, window) -> None:
        self.window = window
        before = window.apps.get(games.DEFAULT_GAME)
        path = getattr(getattr(before, "controller", None), "autosave_path", None)
        self.autosave_path = path if path is not None else default_autosave_path()  # for the game after F8
        self.start_lesson(self.index)

    def start_lesson(self, index: int) -> None:
        """Show lesson ``index`` (0-based) from its prepared position."""
        self.index = max(0, min(len(self.lessons) - 1, index))
        lesson = self.lesson
        self.game = lesson_game(lesson)
        self.hint_shown = self.announced = False
        self.queue = []
        c = window_game(lesson.game).make_controller(self.game.rules, game=self.game, autosave_path=None)
        self.controller = c
        if self.window is not None:
            self._install(c)
        c.say(f"Lesson {self.index + 1}: {lesson.title}. {self.goal_words()} (H: hint, F4: show me)")

    def _install(self, c) -> None:
        win = self.window
        c.in_tutorial = True  # the footers name the tutorial's keys (H: the lesson's hint)
        name = self.lesson.game
        wg = window_game(name)
        show = wg.show_lesson or wg.make_view
        assert show is not None, f"{name} has no view"  # the window registered it (set_view)
        win.apps[name] = show(win, c)
        win.switch(name)
        win.set_caption(f"Daqi - tutorial {self.index + 1}/{len(self.lessons)}: {self.lesson.title}")

    def goal_words(self) -> str:
        les = self.lesson
        if les.goal_text:
            return les.goal_text
        return "Goal: " + "; ".join(s.text for s in self.status()) + "."

    # ------------------------------------------------------------------ commands
    def command(self, name: str) -> None:
        self.queue = []
        if name == "hint":
            self.hint_shown = True
            self.controller.say("The hint is in the lesson panel.")
        elif name == "show":
            self.show_me()
        elif name == "restart":
            self.start_lesson(self.index)
        elif name == "prev":
            self.start_lesson(self.index - 1)
        elif name == "next":
            if self.index + 1 < len(self.lessons):
                self.start_lesson(self.index + 1)
            else:
                self.controller.say("That was the last lesson. F8 leaves the tutorial for a real game.", "ok")
        elif name == "leave":
            self.leave()

    def leave(self) -> None:
        """End the tutorial: a new game of cube chess in the window."""
        win = self.window
        self.window = None
        if win is None:
            return
        win.tutorial = None
        name = games.DEFAULT_GAME
        wg = window_game(name)
        c = wg.make_controller(autosave_path=self.autosave_path)
        assert wg.make_view is not None, f"{name} has no view"
        win.apps[name] = wg.make_view(win, c)
        win.switch(name)
        c.say("Tutorial closed - a new game: setup phase (Q = quick start). 'daqi tutorial' brings the lessons back.")

    def show_me(self) -> None:
        """Restart the lesson and queue its solution, played through the controller step by step."""
        self.start_lesson(self.index)
        steps: list = []
        for turn, text in zip(self.lesson.solution_turns(), self.lesson.solution):
            steps.append(("say", f"Show me: {text}"))
            steps.extend(self.controller.solution_steps(turn))
        self.queue = steps
        self.clock = 0.0
        self.controller.say(f"Showing the solution of lesson {self.index + 1} ...")

    def _step(self) -> None:
        what, arg = self.queue.pop(0)
        c = self.controller
        if what == "say":
            c.say(arg)
        elif what == "select":
            c.select(tuple(arg))
        elif what == "add":
            c.add(arg)
        elif what == "click":
            c.click_cell(tuple(arg))
        elif what == "confirm":
            if c.turn_pending():
                c.confirm()

    def update(self) -> None:
        """Announce a reached goal once."""
        if self.game is None or self.announced or not self.done:
            return
        self.announced = True
        last = self.index + 1 >= len(self.lessons)
        self.controller.say(
            "Well done - lesson complete! "
            + ("That was the last lesson: F8 leaves the tutorial for a real game." if last else "F7: the next lesson."),
            "ok",
        )

    # ------------------------------------------------------------------ window hooks
    def key(self, window, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        """A key for the tutorial (True: used here; the game does not see it)."""
        c = self.controller
        if c is None:
            return False
        if c.prompt is not None or c.help_visible:
            return False  # the help (F1) or a prompt is open: its keys first (H closes the help)
        actions: Actions = {f"lesson.{cmd}": partial(self.command, cmd) for cmd in KEYS.values()}
        actions["lesson.no_files"] = lambda: c.error(
            "In the tutorial: F5 restarts the lesson, F6 / F7 change it, F8 leaves the tutorial."
        )
        actions["lesson.no_switch"] = lambda: c.error(
            "F6 / F7 change the lesson (the spirit-chess lessons come last); F8 leaves the tutorial."
        )
        if LESSON_KEYS.dispatch(name, shift, ctrl, lambda _ctx: True, actions):
            return True
        self.queue = []  # the player takes over: "show me" stops
        return False

    def mouse_press(self, window, x: float, y: float, button=None) -> bool:
        for name, (bx, by, bw, bh) in self.buttons:
            if bx <= x <= bx + bw and by <= y <= by + bh:
                self.command(name)
                return True
        self.queue = []
        return False

    def tick(self, window, dt: float) -> None:
        if self.queue:
            self.clock += max(0.0, float(dt))
            while self.queue and self.clock >= SHOW_STEP:
                self.clock -= SHOW_STEP
                self._step()
        self.update()

    def state_key(self) -> tuple:
        """What the lesson panel shows that changes without input (a "show me" step, a goal met)."""
        return (self.index, len(self.queue), self.done, self.hint_shown, self.announced)

    def frame_rate(self) -> float:
        """Ticks per second while "show me" plays its steps (else the game's own rate)."""
        return 4.0 if self.queue else 0.0

    def draw(self, window) -> None:
        self.update()
        c = self.controller
        # issue 16: a chooser, a prompt, the help or the game-over banner is read first - the panel
        # folds (its keys still work: F5 restarts the lesson, F6 / F7 change it)
        self.folded = c is not None and (
            getattr(c, "chooser", None) is not None or c.prompt is not None or c.help_visible or bool(banner_text(c))
        )
        if self.folded:
            self.buttons = []
            return
        if self.panel is None:
            self.panel = TutorialPanel()
        self.buttons = self.panel.draw(window, self)


def panel_text(session: TutorialSession) -> str:
    """The lesson panel's text (pure)."""
    les = session.lesson
    lines = [
        f"TUTORIAL  \u00b7  lesson {session.index + 1} of {len(session.lessons)}",
        les.title.upper(),
        "",
        les.text,
        "",
        "GOAL: " + session.goal_words(),
    ]
    for st in session.status():
        lines.append(("  [done]  " if st.met else "  [  ]  ") + st.text)
    if session.hint_shown:
        lines += ["", "HINT: " + les.hint]
    if session.done:
        lines += [
            "",
            "Lesson complete!"
            + ("  F7: next lesson." if session.index + 1 < len(session.lessons) else "  F8: leave the tutorial."),
        ]
    elif session.queue:
        lines += ["", "Showing the solution ... (any key stops)"]
    if not (session.done and session.index + 1 >= len(session.lessons)):
        lines += ["", "F8 leaves the tutorial"]
    return "\n".join(lines)


class TutorialPanel:
    """The lesson panel and its buttons (pyglet), on the right of the window."""

    def __init__(self):
        import pyglet

        self.pyglet = pyglet
        self.batch = pyglet.graphics.Batch()
        g = [pyglet.graphics.Group(order=10 + i) for i in range(3)]
        self.panel = Panel(
            self.batch, (g[0], g[1]), font=SANS, size=11, anchor="top-right", width=420, bg=(10, 14, 26, 235)
        )
        self.button_shapes = []
        self.button_labels = []
        for _name, label in BUTTONS:
            self.button_shapes.append(
                pyglet.shapes.Rectangle(0, 0, 1, 22, color=(48, 62, 92, 255), batch=self.batch, group=g[1])
            )
            self.button_labels.append(
                pyglet.text.Label(
                    label,
                    font_name=SANS,
                    font_size=10,
                    batch=self.batch,
                    group=g[2],
                    color=TEXT,
                    anchor_x="center",
                    anchor_y="center",
                )
            )
        self.done_color = (150, 235, 140, 255)

    def draw(self, window, session: TutorialSession) -> list:
        app = getattr(window, "app", None)
        width = min(420.0, max(260.0, window.width * 0.3))
        geometry = getattr(app, "geometry", None)
        if callable(geometry):  # spirit chess: keep clear of the flat board
            geo = geometry()
            board_right = geo.origin[0] + geo.cell * geo.size[0]
            width = min(width, max(220.0, window.width - board_right - 44))
        width = int(width)
        if self.panel.label.width != width:
            self.panel.label.width = width
        top = window.height - 12
        above = getattr(getattr(app, "hud", None), "turns", None) or getattr(app, "turns", None)
        if above is not None and above.label.visible:
            top -= above.label.content_height + 24
        self.panel.set(panel_text(session), window.width - 14, top, self.done_color if session.done else TEXT)
        # buttons under the panel text, inside its backing
        bg = self.panel.bg
        y = bg.y - 30
        x = window.width - 14 - width
        out = []
        gap = 5
        natural = [lab.content_width + 12 for lab in self.button_labels]
        fits = sum(natural) + gap * (len(BUTTONS) - 1) <= width
        spare = (width - gap * (len(BUTTONS) - 1) - sum(natural)) / len(BUTTONS) if fits else 0.0
        left, right = x, x + width
        for (name, _label), shp, lab, nat in zip(BUTTONS, self.button_shapes, self.button_labels, natural):
            bw = nat + spare
            if x > left and x + bw > right + 0.5:  # no room left on this row: wrap
                x, y = left, y - 27
            shp.x, shp.y, shp.width, shp.height = x, y, bw, 22
            lab.x, lab.y = x + bw / 2, y + 11
            lab.color = DIM if name == "hint" and session.hint_shown else TEXT
            out.append((name, (x, y, bw, 22)))
            x += bw + gap
        self.batch.draw()
        return out


class TutorialOffer:
    """The question at the window's first start: take the tutorial (T) or not (Escape / N).  It is modal:
    the game sees no key and its clocks (the setup minute) wait while it is open."""

    modal = True

    TEXT = (
        "Welcome to Daqi!\n\nNew here? The tutorial has 10 short lessons: moving, planes, hyper-jumps,\n"
        "stacks, hiring, how to win, and spirit chess.\n\n"
        "T = start the tutorial      Esc / N = go to the game\n\n"
        "(asked only once - 'daqi tutorial' starts it any time)"
    )

    def __init__(self, marker: Path | None = None):
        self.marker = Path(marker) if marker is not None else marker_path()
        self.panel: Panel | None = None
        self.batch: Any = None

    def answer(self, window, take: bool) -> None:
        try:
            self.marker.parent.mkdir(parents=True, exist_ok=True)
            self.marker.write_text("offered\n", encoding="utf-8")
        except OSError:
            pass  # a read-only home: the offer comes again, nothing breaks
        window.tutorial = None
        if take:
            session = TutorialSession()
            window.tutorial = session
            session.attach(window)

    def key(self, window, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        if ctrl:
            return False  # Ctrl+Q still closes the window
        if name in ("t", "enter", "return"):
            self.answer(window, True)
        elif name in ("escape", "n"):
            self.answer(window, False)
            window.controller.say("No tutorial now - 'daqi tutorial' starts it any time. H shows every key.")
        return True  # the question is modal

    def mouse_press(self, window, x, y, button=None) -> bool:
        return True

    def tick(self, window, dt: float) -> None:
        return None

    def draw(self, window) -> None:
        if self.panel is None:
            import pyglet

            self.batch = pyglet.graphics.Batch()
            g0, g1 = pyglet.graphics.Group(order=20), pyglet.graphics.Group(order=21)
            self.panel = Panel(
                self.batch, (g0, g1), font=SANS, size=14, anchor="center", width=760, bg=(8, 10, 16, 245)
            )
        self.panel.set(self.TEXT, window.width / 2, window.height / 2)
        self.batch.draw()
