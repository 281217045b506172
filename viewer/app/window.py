"""The pyglet window: input handlers and drawing for both games.

Set ``pyglet.options['headless'] = True`` *before* importing this module to get
an offscreen EGL window (tests, recording).  The window owns no game logic: it
turns pyglet events into calls on a controller (:mod:`viewer.cube.controller`,
:mod:`viewer.spirit.controller`), draws the board with the render core
(:class:`viewer.cube.render.Renderer`) and the overlays with :class:`viewer.cube.hud.Hud`.

Time is injected: ``pyglet.clock`` calls :meth:`DaqiWindow.tick` with the
elapsed seconds, which go to ``controller.tick(dt)``; tests call ``tick``
themselves.
"""
from __future__ import annotations

import numpy as np
import pyglet
from pyglet.window import key as K
from pyglet.window import mouse

from ..cube.controller import CubeController

_NAMES = {
    K.ENTER: "enter", K.RETURN: "enter", K.NUM_ENTER: "enter", K.BACKSPACE: "backspace",
    K.ESCAPE: "escape", K.PAGEUP: "pageup", K.PAGEDOWN: "pagedown", K.TAB: "tab", K.SPACE: "space",
    K.HOME: "home", K.LEFT: "left", K.RIGHT: "right", K.UP: "up", K.DOWN: "down",
    K.BRACKETLEFT: "[", K.BRACKETRIGHT: "]", K.COMMA: ",", K.PERIOD: ".", K.PLUS: "+", K.EQUAL: "=",
    K.MINUS: "-", K.NUM_ADD: "+", K.NUM_SUBTRACT: "-", K.DELETE: "delete",
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
            return handler(self, *args)
        except Exception as exc:  # noqa: BLE001 - the window must survive its own bugs
            import sys
            import traceback
            traceback.print_exc(file=sys.stderr)
            try:
                self.controller.error(f"internal error ({type(exc).__name__}: {exc}); the game is autosaved "
                                      f"after every turn - please report this")
            except Exception:  # noqa: BLE001
                pass
            return pyglet.event.EVENT_HANDLED
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
        self.renderer = glide_renderer(window.ctx)     # the Renderer, plus pieces in flight
        self.glide = TurnGlide()                        # the computer's turn, gliding
        self.hud = Hud()
        self._press = None
        self._dragged = False
        self.resize(window.width, window.height)
        self.frame_camera()

    def frame_camera(self) -> None:
        """A first view a newcomer can read: the focused plane, seen from white's side."""
        cam = self.controller.view.camera
        layout = self.controller.view.layout(self.controller.rules)
        lo, hi = layout.bounds()
        hi = hi.copy()
        hi[2] = lo[2] + 3.0
        cam.frame(lo, hi)
        cam.set_home()

    def resize(self, width, height) -> None:
        self.controller.view.camera.resize(width, height)

    def draw(self) -> None:
        w = self.window
        c = self.controller
        c.view.camera.resize(w.width, w.height)
        self.renderer.render(self.glide.drawable(c), c.view, fbo=w.ctx.screen)
        _ = w.ctx.error             # drain GL errors so pyglet's error checks start clean
        self.hud.update(c, w.width, w.height)
        self.hud.draw()

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
        if button == mouse.LEFT and not shift:
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
        self.controller.scroll(sy)

    def motion(self, x, y) -> None:
        self.controller.hover(x, self.window.height - y)

    def key(self, name, shift, ctrl) -> bool:
        return self.controller.key(name, shift=shift, ctrl=ctrl)

    def text(self, s) -> None:
        self.controller.text(s)

    def tick(self, dt) -> None:
        self.controller.tick(dt)

    def say(self, text, level="info") -> None:
        self.controller.say(text, level)


class DaqiWindow(pyglet.window.Window):
    """The Daqi window.  ``start`` is ``"cube"`` or ``"spirit"``; F2 switches."""

    def __init__(self, controller: CubeController | None = None, *, spirit_controller=None, start: str = "cube",
                 width: int = 1280, height: int = 800, caption: str = "Daqi", schedule: bool = True, **kw):
        import moderngl
        kw.setdefault("resizable", True)
        try:
            config = pyglet.gl.Config(double_buffer=True, depth_size=24, sample_buffers=1, samples=4)
            super().__init__(width=width, height=height, caption=caption, config=config, **kw)
        except (pyglet.window.NoSuchConfigException, pyglet.gl.ContextException):
            super().__init__(width=width, height=height, caption=caption, **kw)
        self.switch_to()
        if hasattr(moderngl, "init_context"):
            # a fresh wrapper around *this* window's current GL context (create_context() would
            # reuse the first window's context object, or guess GLX for a headless EGL window)
            moderngl.init_context()
            self.ctx = moderngl.get_context()
        else:  # pragma: no cover - older moderngl
            self.ctx = moderngl.create_context()
        self._cube_controller = controller
        self._spirit_controller = spirit_controller
        self.apps = {}
        self.app = None
        self.capture = None
        self.capture_path = None
        self.frames_captured = 0
        self.switch(start)
        if schedule:
            pyglet.clock.schedule_interval(self.tick, 1 / 30.0)
        self._scheduled = schedule

    # -- games -------------------------------------------------------------------------------
    def switch(self, name: str | None = None) -> None:
        """Show cube chess or spirit chess (``None`` toggles)."""
        if name is None:
            name = "spirit" if self.app is not None and self.app.name == "cube" else "cube"
        if name not in self.apps:
            if name == "cube":
                self.apps[name] = CubeApp(self, self._cube_controller or CubeController(quick=False))
            else:
                from ..spirit.controller import SpiritController
                from ..spirit.view import SpiritBoardView
                self.apps[name] = SpiritBoardView(self, self._spirit_controller or SpiritController())
        self.app = self.apps[name]
        self.set_caption("Daqi - " + ("cube chess" if name == "cube" else "spirit chess"))

    @property
    def controller(self):
        return self.app.controller

    # -- pyglet events -----------------------------------------------------------------------
    def on_draw(self):
        self.ctx.screen.use()
        self.app.draw()
        if self.capture is not None:
            self._capture_frame()

    def on_resize(self, width, height):
        self.ctx.screen.viewport = (0, 0, *self.get_framebuffer_size())
        self.app.resize(width, height)
        return pyglet.event.EVENT_HANDLED

    @_guarded
    def on_mouse_press(self, x, y, button, modifiers):
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
        self.app.motion(x, y)

    @_guarded
    def on_key_press(self, symbol, modifiers):
        name = key_name(symbol)
        if name is None:
            return pyglet.event.EVENT_HANDLED
        shift, ctrl = _mods(modifiers)
        if name == "f2":
            self.switch()
        elif name == "f9":
            self.toggle_recording()
        elif ctrl and name == "q":
            self.close()
        else:
            self.app.key(name, shift, ctrl)
        return pyglet.event.EVENT_HANDLED      # never let Escape close the window

    @_guarded
    def on_text(self, text):
        self.app.text(text)

    @_guarded
    def tick(self, dt):
        self.app.tick(dt)

    def on_close(self):
        self.stop_recording()
        for ctrl in {id(c): c for c in [self._cube_controller, self._spirit_controller]
                     + [a.controller for a in self.apps.values()] if c is not None}.values():
            close = getattr(ctrl, "close_computer", None)
            if close is not None:
                close()                 # end the computer's worker process
        if self._scheduled:
            pyglet.clock.unschedule(self.tick)
        super().on_close()

    # -- pixels and recording (issue 4 part 4) ---------------------------------------------
    def read_pixels(self) -> np.ndarray:
        """The current framebuffer as an (H, W, 3) uint8 array, top row first."""
        w, h = self.get_framebuffer_size()
        data = self.ctx.screen.read(viewport=(0, 0, w, h), components=3, alignment=1)
        _ = self.ctx.error          # drain GL errors so pyglet's error checks start clean
        return np.frombuffer(data, dtype=np.uint8).reshape(h, w, 3)[::-1].copy()

    def toggle_recording(self, path=None, fps: int = 30) -> None:
        if self.capture is not None:
            self.stop_recording()
            return
        try:
            from ..record.recording import LiveCapture
        except ImportError:
            self.app.say("Recording is not available in this installation (viewer.record.recording is missing); use "
                         "'daqi record --demo --out demo.mp4' instead.", "error")
            return
        import time as _time
        path = path or f"daqi-{_time.strftime('%Y%m%d-%H%M%S')}.mp4"
        try:
            self.capture = LiveCapture(path, fps)
        except Exception as exc:     # the recorder reports its own problems (ffmpeg missing, ...)
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
    pyglet.app.run(1 / 60.0)
