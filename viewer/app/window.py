"""The pyglet window: input handlers and drawing for both games.

Set ``pyglet.options['headless'] = True`` *before* importing this module to get
an offscreen EGL window (tests, recording).  The window owns no game logic: it
turns pyglet events into calls on a controller (:mod:`viewer.cube.controller`,
:mod:`viewer.spirit.controller`), draws the board with the render core
(:class:`viewer.cube.render.Renderer`) and the overlays with :class:`viewer.cube.hud.Hud`.

Time is injected: ``pyglet.clock`` calls :meth:`DaqiWindow.tick` with the
elapsed seconds, which go to ``controller.tick(dt)``; tests call ``tick``
themselves.

Idle at rest (issue 12): :func:`run` starts pyglet's loop with ``interval=None`` (no redraw
every frame).  The window draws when something changed: every input handler and resize asks
for one redraw (:meth:`DaqiWindow.request_redraw`, coalesced into one draw per event batch);
the tick runs while something animates (10 Hz: the pulsing targets of a selected piece; 30 Hz:
slider playback, a recording) and at 2 Hz otherwise, and redraws only when an animation runs or the app's
:meth:`state_key` differs from the one last drawn (a timer second, a message, a background result).
"""

from __future__ import annotations

import numpy as np
import pyglet
from pyglet.window import key as K
from pyglet.window import mouse

from engine.core import games

from ..cube.analysis_view import CubeAnalysisView
from ..cube.controller import CubeController
from ..cube.scene import PULSE_FPS
from ..ui.analysis_view import analysis_key, analysis_tick, attach_board
from . import games as window_games

_NAMES = {
    K.ENTER: "enter",
    K.RETURN: "enter",
    K.NUM_ENTER: "enter",
    K.BACKSPACE: "backspace",
    K.ESCAPE: "escape",
    K.PAGEUP: "pageup",
    K.PAGEDOWN: "pagedown",
    K.TAB: "tab",
    K.SPACE: "space",
    K.HOME: "home",
    K.LEFT: "left",
    K.RIGHT: "right",
    K.UP: "up",
    K.DOWN: "down",
    K.BRACKETLEFT: "[",
    K.BRACKETRIGHT: "]",
    K.COMMA: ",",
    K.PERIOD: ".",
    K.PLUS: "+",
    K.EQUAL: "=",
    K.MINUS: "-",
    K.NUM_ADD: "+",
    K.NUM_SUBTRACT: "-",
    K.DELETE: "delete",
    K.SLASH: "/",
    K.END: "end",
    K.NUM_DIVIDE: "/",
}
for _i in range(10):
    _NAMES[getattr(K, f"_{_i}")] = str(_i)
    _NAMES[getattr(K, f"NUM_{_i}")] = str(_i)
for _i in range(1, 13):
    _NAMES[getattr(K, f"F{_i}")] = f"f{_i}"
for _c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
    _NAMES[getattr(K, _c)] = _c.lower()


def _guarded(handler):
    """Run an input handler so that an unexpected error becomes a message in the window (and a
    traceback on stderr) instead of closing the game; every turn is autosaved anyway."""
    import functools

    @functools.wraps(handler)
    def run(self, *args):
        try:
            out = handler(self, *args)
            self.after_event()
            return out
        except Exception as exc:  # noqa: BLE001 - the window must survive its own bugs
            import sys
            import traceback

            traceback.print_exc(file=sys.stderr)
            try:
                self.controller.error(
                    f"internal error ({type(exc).__name__}: {exc}); the game is autosaved "
                    f"after every turn - please report this"
                )
            except Exception:  # noqa: BLE001
                pass
            return pyglet.event.EVENT_HANDLED
        finally:
            if handler.__name__ not in ("tick", "on_mouse_motion"):  # input: draw once (idle at rest)
                self.request_redraw()

    return run


def key_name(symbol: int) -> str | None:
    """The controller's name for a pyglet key symbol (None for keys it does not use)."""
    return _NAMES.get(symbol)


def _mods(modifiers: int) -> tuple[bool, bool]:
    shift = bool(modifiers & K.MOD_SHIFT)
    ctrl = bool(modifiers & (K.MOD_CTRL | getattr(K, "MOD_COMMAND", 0)))
    return shift, ctrl


class CubeApp:
    """Cube chess inside the window: controller + renderer + HUD."""

    name = "cube"

    def __init__(self, window, controller: CubeController):
        from ..cube.hud import Hud
        from .turn_glide import TurnGlide, glide_renderer

        self.window = window
        self.controller = controller
        self.renderer = glide_renderer(window.ctx)  # the Renderer, plus pieces in flight
        self.glide = TurnGlide()  # the computer's turn, gliding
        self.hud = Hud(window.ui_scale_for(window.width, window.height))
        self.analysis = CubeAnalysisView(attach_board(controller))  # threats, evaluation bar, best line (issue 19)
        self._press = None
        self._dragged = False
        self.resize(window.width, window.height)
        self.frame_camera()

    def frame_camera(self) -> None:
        """A first view a newcomer can read: the focused plane, seen from the human player's side
        (black's when the computer plays white), clear of the panels (issue 16)."""
        from ..cube.hud_layout import board_inset
        from ..gl.camera import NAMED_VIEWS

        c = self.controller
        view = c.view
        view.camera.resize(self.window.width, self.window.height)
        yaw = NAMED_VIEWS["default"][0]
        seen = getattr(c, "seen_from", None)  # a puzzle's solver (issue 22)
        if seen == "black" or (seen is None and getattr(c, "computer_sides", frozenset()) == frozenset({"white"})):
            yaw += 180.0  # the human plays black: the board is seen from black's side
        view.camera.yaw = yaw
        k = self.window.ui_scale_for(self.window.width, self.window.height)
        view.hud_inset = board_inset(self.window.width, self.window.height, k)
        view.frame(layers=0, inset=view.hud_inset)
        view.camera.set_home()

    def resize(self, width, height) -> None:
        self.controller.view.camera.resize(width, height)

    def draw_overview(self) -> None:
        """The board overview (V): its own renderer, camera and text."""
        from ..cube.overview_hud import OverviewHud
        from ..cube.overview_render import OverviewRenderer

        w, c = self.window, self.controller
        if getattr(self, "overview_renderer", None) is None:
            self.overview_renderer = OverviewRenderer(w.ctx)
            self.overview_hud = OverviewHud()
        c.frame_overview(w.width, w.height)
        view = c.view.__class__(camera=c.overview_camera)
        self.overview_renderer.render(c.overview(), view, fbo=w.ctx.screen)
        _ = w.ctx.error
        self.overview_hud.update(c, w.width, w.height)
        self.overview_hud.draw()

    def draw(self) -> None:
        w = self.window
        c = self.controller
        if getattr(c, "overview_on", False):
            self.draw_overview()
            self.analysis.update(c, w.width, w.height, w.ui_scale_for(w.width, w.height))  # arrows between boards
            self.analysis.draw()
            return
        c.view.camera.resize(w.width, w.height)
        self.renderer.render(self.glide.drawable(c), c.view, fbo=w.ctx.screen)
        _ = w.ctx.error  # drain GL errors so pyglet's error checks start clean
        self.hud.update(c, w.width, w.height, w.ui_scale_for(w.width, w.height))
        self.hud.draw()
        self.analysis.update(c, w.width, w.height, w.ui_scale_for(w.width, w.height))
        self.analysis.draw()

    # -- input -------------------------------------------------------------------------------
    def mouse_press(self, x, y, button, modifiers) -> None:
        shift, _ctrl = _mods(modifiers)
        self._press = (x, y, button)
        self._dragged = False
        hit = self.hud.hit(x, y) if self.hud.widgets else None
        if hit is not None and button == mouse.LEFT:
            what, wd = hit
            if what == "play":
                self.controller.active_dim = wd.dim
                self.controller.toggle_play(wd.dim)
            else:
                self.controller.set_slider(wd.dim, wd.value_at(x))
            self._press = ("slider", wd)
            return
        if button == mouse.LEFT and not shift and self.analysis.click(self.controller, x, y):
            return  # the evaluation graph: review that turn
        if button == mouse.LEFT and not shift:
            row = self.hud.turn_at(x, y)
            if row is not None:  # the move list: review that turn (issue 13, bug 6)
                if row != "panel":
                    self.controller.review_goto(row + 1)
                return
            if self.hud.over_panel(x, y):  # a text panel is not the board
                self._press = ("panel", None)
                return
            self.controller.click(x, self.window.height - y)

    def mouse_drag(self, x, y, dx, dy, buttons, modifiers) -> None:
        shift, _ctrl = _mods(modifiers)
        if self._press and self._press[0] == "slider":
            wd = self._press[1]
            self.controller.set_slider(wd.dim, wd.value_at(x))
            return
        self._dragged = True
        pan = shift or bool(buttons & mouse.MIDDLE)
        self.controller.drag(dx, -dy, pan=pan)

    def mouse_release(self, x, y, button, modifiers) -> None:
        self._press = None

    def scroll(self, x, y, sx, sy) -> None:
        if self.hud.turn_at(x, y) is not None:  # the wheel over the move list scrolls it
            self.controller.scroll_turns(int(sy))
            return
        self.controller.scroll(sy)

    def motion(self, x, y) -> None:
        self.controller.cursor_hide()  # the mouse is back: the keyboard cursor goes
        self.controller.hover(x, self.window.height - y)
        self.analysis.hover(self.controller, x, y)

    def key(self, name, shift, ctrl) -> bool:
        c = self.controller
        if name == "k" and not ctrl and c.prompt is None and c.chooser is None and c.resume_offer is None:
            self.hud.show_stats = not self.hud.show_stats
            c.say(
                "Statistics per piece type "
                + ("shown (K hides them)." if self.hud.show_stats else "hidden (K shows them).")
            )
            return True
        if analysis_key(self.analysis, c, name, shift, ctrl):
            return True
        return c.key(name, shift=shift, ctrl=ctrl)

    def text(self, s) -> None:
        self.controller.text(s)

    def tick(self, dt) -> None:
        self.controller.tick(dt)
        analysis_tick(self.analysis, self.controller)

    def animating(self) -> bool:
        """Whether the picture changes every tick by itself: a playing slider, pulsing targets, the
        computer's turn gliding (issue 16: the glide advances frame by frame without input)."""
        c = self.controller
        return bool(c.view.slicing.playing or self._pulsing() or c.gliding())

    def _pulsing(self) -> bool:
        c = self.controller
        return bool(
            c.view.highlights.targets
            and c.setup is None
            and not getattr(c, "overview_on", False)
            and c.view.pulse_live()
        )

    def frame_rate(self) -> float:
        """Ticks per second the app needs by itself: 30 while a slider plays or a turn glides, 10
        while the computer thinks (its answer and the counter), 8 while the targets of a selected
        piece breathe (``PULSE_FPS``), 4 while a clock runs, 0 at rest (the setup's countdown redraws once a second
        through :meth:`state_key`)."""
        c = self.controller
        rate = c.live_frame_rate()
        if c.view.slicing.playing:
            rate = max(rate, 30.0)
        if self._pulsing():
            rate = max(rate, PULSE_FPS)
        return rate

    def state_key(self) -> tuple:
        """What can change without input: the controller's live key (position, message, clock,
        computer), what the board shows (a tutorial's "show me" selects and adds), the setup
        countdown's second, the slicing, the pulse settling."""
        c = self.controller
        sec = int(c.setup_remaining) if c.setup is not None else None
        b = c.builder
        return c.live_key() + (
            id(c.position),
            c.mode,
            sec,
            c.view.slicing.revision,
            c.view.highlights.selected,
            len(b.actions) if b is not None else None,
            c.chooser is not None,
            c.view.pulse_live(),
            self.analysis.board.state_key(),
        )

    def say(self, text, level="info") -> None:
        self.controller.say(text, level)


def _cube_lesson_view(window, controller) -> CubeApp:
    """A tutorial lesson's view: the cube view (reused), the board slid clear of the lesson panel."""
    app = window.apps.get("cube") or CubeApp(window, controller)
    app.controller = controller
    app.frame_camera()
    cam = controller.view.camera
    cam.pan(-min(230.0, window.width * 0.17), 0.0)
    cam.set_home()
    return app


window_games.set_view("cube", CubeApp, _cube_lesson_view)  # cube chess's view lives here


class DaqiWindow(pyglet.window.Window):
    """The Daqi window.  ``start`` names a game the window shows (``viewer/app/games.py``; None:
    the game of the first controller given, else the default game); F2 steps to the next."""

    def __init__(
        self,
        controller: CubeController | None = None,
        *,
        spirit_controller=None,
        start: str | None = None,
        width: int = 1280,
        height: int = 800,
        caption: str = "Daqi",
        schedule: bool = True,
        tutorial=None,
        autosave: dict | None = None,
        clock: str | None = None,
        ui_scale: float | None = None,
        sound: bool = True,
        quality: str = "auto",
        **kw,
    ):
        """``controller`` / ``spirit_controller``: controllers of any games the window shows (each is
        used for the game of its ruleset); ``autosave``: {game name: path} for a game the window
        makes itself (F2);
        ``clock``: "10+5" gives both games a clock (house rule); ``ui_scale``: None = from the
        window size; ``sound``: False starts muted."""
        import moderngl

        from .sound import Sounds

        self.autosave = dict(autosave or {})
        self.clock_text = clock
        self.ui_scale = ui_scale
        self.sounds = Sounds(enabled=sound)
        kw.setdefault("resizable", True)
        from ..gl.quality import msaa_samples

        # issue 16: no multisampling on a software renderer (--quality auto), or when asked (low)
        self.samples = msaa_samples(quality) if "config" not in kw else 0
        try:
            if self.samples:
                msaa = {"sample_buffers": 1, "samples": self.samples}
                config = pyglet.gl.Config(double_buffer=True, depth_size=24, **msaa)
            else:
                config = pyglet.gl.Config(double_buffer=True, depth_size=24)
            super().__init__(width=width, height=height, caption=caption, config=config, **kw)
        except (pyglet.window.NoSuchConfigException, pyglet.gl.ContextException):
            self.samples = 0
            super().__init__(width=width, height=height, caption=caption, **kw)
        self.switch_to()
        if hasattr(moderngl, "init_context"):
            # a fresh wrapper around *this* window's current GL context (create_context() would
            # reuse the first window's context object, or guess GLX for a headless EGL window)
            moderngl.init_context()
            self.ctx = moderngl.get_context()
        else:  # pragma: no cover - older moderngl
            self.ctx = moderngl.create_context()
        # the controllers given, by the game of their ruleset (a user ruleset extending 'spirit' is spirit chess)
        self._given = {window_games.game_of(c): c for c in (controller, spirit_controller) if c is not None}
        if start is None:
            start = next(iter(self._given), None) or window_games.shown()[0]
        self.apps = {}
        self.app = None
        self.capture = None
        self.capture_path = None
        self.frames_captured = 0
        self._dirty = True
        self._redraw_pending = False
        self._shown_key = None
        self._tick_interval = None
        self.frames_drawn = 0
        # the tutorial (viewer.app.tutorial): a TutorialSession or the first-start TutorialOffer; it sees
        # keys, clicks and ticks first and draws over the game
        self.tutorial = tutorial
        self.switch(start)
        if tutorial is not None and hasattr(tutorial, "attach"):
            tutorial.attach(self)
        self._scheduled = schedule
        if schedule:
            self._pace()
            self.request_redraw()

    # -- games -------------------------------------------------------------------------------
    def switch(self, name: str | None = None) -> None:
        """Show the game called ``name`` (``None``: the next one, F2)."""
        if name is None:
            name = window_games.next_game(self.app.name if self.app is not None else None)
        if name not in self.apps:
            wg = window_games.window_game(name)
            if wg.make_view is None:
                raise games.UnknownGame(f"{games.get(name).title} has no view in the window")
            ctl = self._given.get(name) or wg.make_controller(autosave_path=self.autosave.get(name))
            self._attach_clock(ctl)
            self.apps[name] = wg.make_view(self, ctl)
        self.app = self.apps[name]
        self.set_caption("Daqi - " + games.get(name).title)

    @property
    def controller(self):
        return self.app.controller

    def _attach_clock(self, controller) -> None:
        if self.clock_text and getattr(controller, "clock_driver", None) is None:
            from ..ui.clock import ClockDriver, GameClock

            controller.clock_driver = ClockDriver(GameClock.from_text(self.clock_text))

    def ui_scale_for(self, width: int, height: int) -> float:
        """The UI scale: the one asked for, else 1 up to 1920×1080 and 2 at 3840×2160 (quarter steps)."""
        if self.ui_scale:
            return float(self.ui_scale)
        return max(1.0, min(3.0, round(min(width / 1920.0, height / 1080.0) * 4) / 4))

    def after_event(self) -> None:
        """After every input event and tick: the sound of what changed."""
        app = getattr(self, "app", None)
        if app is not None:
            self.sounds.observe(app.controller)

    # -- pyglet events -----------------------------------------------------------------------
    def too_small(self) -> bool:
        """Below 800x600 the panels cannot all fit beside the board (issue 16): a message instead."""
        from ..cube.hud_layout import MIN_HEIGHT, MIN_WIDTH

        return self.width < MIN_WIDTH or self.height < MIN_HEIGHT

    def _draw_too_small(self) -> None:
        from ..cube.hud_layout import MIN_HEIGHT, MIN_WIDTH

        lab = getattr(self, "_small_label", None)
        if lab is None:
            lab = self._small_label = pyglet.text.Label(
                "",
                font_size=12,
                anchor_x="center",
                anchor_y="top",
                multiline=True,
                width=300,
                align="center",
                color=(255, 214, 90, 255),
            )
            self._small_bg = pyglet.shapes.Rectangle(0, 0, 1, 1, color=(20, 16, 8, 240))
        lab.text = (
            f"The window is too small ({self.width}x{self.height}): panels overlap the board.\n"
            f"Make it at least {MIN_WIDTH}x{MIN_HEIGHT} to see the board and all its panels."
        )
        lab.width = max(120, self.width - 20)
        lab.x, lab.y = self.width // 2, self.height - 4
        bg = self._small_bg
        bg.x, bg.y, bg.width, bg.height = 0, self.height - lab.content_height - 8, self.width, lab.content_height + 8
        bg.draw()
        lab.draw()

    def on_draw(self):
        self.frames_drawn += 1
        self._shown_key = self.state_key()
        self.ctx.screen.use()
        self.app.draw()
        if self.too_small():  # issue 16: a clear message over the top rows (the game stays usable)
            self._draw_too_small()
        if self.tutorial is not None:
            self.tutorial.draw(self)
        if self.capture is not None:
            self._capture_frame()

    def on_resize(self, width, height):
        self.ctx.screen.viewport = (0, 0, *self.get_framebuffer_size())
        self.app.resize(width, height)
        self.request_redraw()
        return pyglet.event.EVENT_HANDLED

    def on_expose(self):
        self.request_redraw()

    # -- redraw on demand (idle at rest) ---------------------------------------------------
    def request_redraw(self) -> None:
        """Draw once at the next turn of the event loop (several requests: one draw)."""
        self._dirty = True
        if getattr(self, "_scheduled", False) and not getattr(self, "_redraw_pending", True):
            self._redraw_pending = True
            pyglet.clock.schedule_once(self._redraw, 0.0)

    def _redraw(self, dt) -> None:
        self._redraw_pending = False
        if self._dirty and not self.has_exit and self.context is not None:
            self._dirty = False
            self.draw_now()

    def draw_now(self) -> None:
        """Draw and show one frame (``Window.draw`` without its event queue)."""
        self.switch_to()
        self.on_draw()
        self.flip()

    # The contract every game view keeps (issue 16; CubeApp, SpiritBoardView): ``state_key()``
    # names everything it shows that can change without input (a background result, a message, a
    # clock's seconds, the thinking counter), ``animating()`` says the picture changes every tick
    # (a glide, a pulse, a playing slider) and ``frame_rate()`` how often it needs a tick.  The
    # tick draws when the view animates or its key differs from the key of the frame on screen.
    def animating(self) -> bool:
        """Whether the picture changes by itself (then the window draws every tick)."""
        return self.capture is not None or bool(self.app.animating())

    def state_key(self):
        """What the window shows that can change without input: the view's key and the tutorial's."""
        tut = getattr(self.tutorial, "state_key", None)
        return (self.app.name, self.app.state_key(), tut() if tut is not None else None)

    def _pace(self) -> None:
        """Tick at the app's frame rate while it animates (30 Hz while recording), slowly at rest."""
        rate = 30.0 if self.capture is not None else self.app.frame_rate()
        tut = getattr(self.tutorial, "frame_rate", None)
        rate = max(rate, tut() if tut is not None else 0.0)
        if not rate and self.animating():
            rate = 30.0
        want = 1.0 / rate if rate else 0.5
        if want != self._tick_interval:
            if self._tick_interval is not None:
                pyglet.clock.unschedule(self.tick)
            pyglet.clock.schedule_interval(self.tick, want)
            self._tick_interval = want

    @_guarded
    def on_mouse_press(self, x, y, button, modifiers):
        if self.tutorial is not None and self.tutorial.mouse_press(self, x, y, button):
            return
        self.app.mouse_press(x, y, button, modifiers)

    @_guarded
    def on_mouse_release(self, x, y, button, modifiers):
        self.app.mouse_release(x, y, button, modifiers)

    @_guarded
    def on_mouse_drag(self, x, y, dx, dy, buttons, modifiers):
        self.app.mouse_drag(x, y, dx, dy, buttons, modifiers)

    @_guarded
    def on_mouse_scroll(self, x, y, scroll_x, scroll_y):
        self.app.scroll(x, y, scroll_x, scroll_y)

    @_guarded
    def on_mouse_motion(self, x, y, dx, dy):
        # issue 16: a motion inside one cell (or over one button) draws nothing - only a change of
        # what is shown does (the hovered cell, its text, the cursor, the view's live key)
        before = self._motion_key()
        self.app.motion(x, y)
        if self._motion_key() != before:
            self.request_redraw()

    def _motion_key(self) -> tuple:
        c = self.app.controller
        hover = getattr(c, "hover_text", None)
        hl = getattr(getattr(c, "view", None), "highlights", None)
        return (
            getattr(c, "hovered", None),
            getattr(hl, "hovered", None),
            getattr(c, "cursor", None),
            hover() if hover is not None else None,
            self.state_key(),
        )

    @_guarded
    def on_key_press(self, symbol, modifiers):
        name = key_name(symbol)
        if name is None:
            return pyglet.event.EVENT_HANDLED
        shift, ctrl = _mods(modifiers)
        if not (ctrl and name == "q"):
            self._close_asked = False  # "close again to quit" holds for the very next close only
        if self.tutorial is not None and self.tutorial.key(self, name, shift, ctrl):
            return pyglet.event.EVENT_HANDLED
        if name == "f2":
            self.switch()
        elif name == "f9":
            self.toggle_recording()
        elif ctrl and name == "q":
            self.on_close()
        elif ctrl and name == "m":
            self.app.say(self.sounds.toggle_mute())
        elif ctrl and name == "e" and self.tutorial is None:
            from .editor import open_editor  # the position editor (issue 22)

            open_editor(self)
        else:
            self.app.key(name, shift, ctrl)
        return pyglet.event.EVENT_HANDLED  # never let Escape close the window

    @_guarded
    def on_text(self, text):
        self.app.text(text)

    @_guarded
    def tick(self, dt):
        if self.tutorial is not None and getattr(self.tutorial, "modal", False):
            self.tutorial.tick(self, dt)  # a question is open: the game's clocks wait
            return
        self.app.tick(dt)
        if self.tutorial is not None:
            self.tutorial.tick(self, dt)
        if self.animating() or self.state_key() != self._shown_key:
            self.request_redraw()
        if self._scheduled:
            self._pace()

    def unsaved_games(self) -> list[str]:
        """The games in progress that closing would lose: turns played and no autosave (issue 16)."""
        if self.tutorial is not None:
            return []  # a lesson is no game to keep
        return [
            name
            for name, app in self.apps.items()
            if app.controller.game_at_stake() and app.controller.autosave_path is None
        ]

    def on_close(self):
        lost = self.unsaved_games()
        if lost and not getattr(self, "_close_asked", False):
            self._close_asked = True  # the next close (or Ctrl+Q) quits
            self.app.say(
                f"The {' and '.join(lost)} game is not autosaved: closing loses it. Ctrl+S saves it; "
                f"close again (or Ctrl+Q) to quit.",
                "error",
            )
            self.request_redraw()
            return pyglet.event.EVENT_HANDLED
        self.stop_recording()
        for ctrl in {
            id(c): c for c in list(self._given.values()) + [a.controller for a in self.apps.values()] if c is not None
        }.values():
            close = getattr(ctrl, "close_computer", None)
            if close is not None:
                close()  # end the computer's worker process
        for app in self.apps.values():
            if getattr(app, "analysis", None) is not None:
                app.analysis.board.close()  # end the analysis worker process
        if self._scheduled:
            pyglet.clock.unschedule(self.tick)
            pyglet.clock.unschedule(self._redraw)
        super().on_close()

    # -- pixels and recording (issue 4 part 4) ---------------------------------------------
    def read_pixels(self) -> np.ndarray:
        """The current framebuffer as an (H, W, 3) uint8 array, top row first."""
        w, h = self.get_framebuffer_size()
        data = self.ctx.screen.read(viewport=(0, 0, w, h), components=3, alignment=1)
        _ = self.ctx.error  # drain GL errors so pyglet's error checks start clean
        return np.frombuffer(data, dtype=np.uint8).reshape(h, w, 3)[::-1].copy()

    def toggle_recording(self, path=None, fps: int = 30) -> None:
        if self.capture is not None:
            self.stop_recording()
            return
        try:
            from ..record.recording import LiveCapture
        except ImportError:
            self.app.say(
                "Recording is not available in this installation (viewer.record.recording is missing); use "
                "'daqi record --demo --out demo.mp4' instead.",
                "error",
            )
            return
        import time as _time

        path = path or f"daqi-{_time.strftime('%Y%m%d-%H%M%S')}.mp4"
        try:
            self.capture = LiveCapture(path, fps)
        except Exception as exc:  # the recorder reports its own problems (ffmpeg missing, ...)
            self.app.say(f"Could not start recording: {exc}", "error")
            self.capture = None
            return
        self.capture_path = path
        self.frames_captured = 0
        self.app.controller.recording = True
        self.app.say(f"Recording the window to {path} (F9 stops).", "ok")

    def _capture_frame(self) -> None:
        try:
            frame = self.read_pixels()
            h, w = frame.shape[:2]
            self.capture.add_frame(frame[: h - h % 2, : w - w % 2])
            self.frames_captured += 1
        except Exception as exc:
            self.app.say(f"Recording stopped: {exc}", "error")
            self.capture = None
            self.app.controller.recording = False

    def stop_recording(self) -> None:
        if self.capture is None:
            return
        cap, self.capture = self.capture, None
        for app in self.apps.values():
            app.controller.recording = False
        try:
            cap.close()
            self.app.say(f"Recording saved: {self.capture_path} ({self.frames_captured} frames).", "ok")
        except Exception as exc:
            self.app.say(f"Recording failed while saving: {exc}", "error")

    def draw_frame(self) -> np.ndarray:
        """Draw once and return the pixels (for tests and screenshots)."""
        self.switch_to()
        self.on_draw()
        self.ctx.finish()
        return self.read_pixels()


def run(window: DaqiWindow) -> None:
    """The event loop: no redraw per frame; the window draws when something changed."""
    pyglet.app.run(interval=None)
