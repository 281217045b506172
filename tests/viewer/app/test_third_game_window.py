"""The third game (tests/noughts_game.py) in the real window: registered with the window's game
table (viewer/app/games.py) beside the engine registry, chosen by its controller's ruleset, its
computer's turn drawn by the next frame without any input, and F2 stepping through all games."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from engine.core import games
from engine.players import suggest
from viewer.app import games as window_games
from viewer.ui.control_common import Message
from viewer.ui.protocols import GameController, GameView


def _noughts_game():
    """tests/noughts_game.py (this folder's tests cannot import the tests folder by name)."""
    if "noughts_game" not in sys.modules:
        spec = importlib.util.spec_from_file_location("noughts_game", Path(__file__).parents[2] / "noughts_game.py")
        assert spec is not None and spec.loader is not None
        sys.modules["noughts_game"] = module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    return sys.modules["noughts_game"]


ng = _noughts_game()
BOARD = 60  # pixels per cell; board z lies at x offset (z - 1) * 4 cells
EMPTY, WHITE, BLACK = (90, 90, 90), (240, 200, 40), (40, 200, 240)


class NoughtsController:
    def __init__(self, rules=None, *, autosave_path=None, quick=False, game=None, offer_resume=False, save_path=None):
        self.game = game or ng.NoughtsGame(rules or ng.NAME)
        self.rules = self.game.rules
        self.computer_sides: set = set()
        self.message = Message("Noughts and crosses: click a cell.")

    def say(self, text, level="info"):
        self.message = Message(text, level)

    def result_text(self) -> str:
        r = self.game.result
        return "" if r is None else f"{r.winner or 'nobody'} wins ({r.reason})"

    def tick(self, dt):  # the computer answers in the background of the window's ticks
        if self.game.result is None and self.game.position.to_move in self.computer_sides:
            self.game.play(suggest(self.game.position, 1, seed=len(self.game.turns)).turn)


class NoughtsView:
    name = ng.NAME

    def __init__(self, window, controller):
        self.window, self.controller = window, controller

    def cell_centre(self, cell) -> tuple[int, int]:
        x, y, z = cell
        return 20 + ((z - 1) * 4 + x - 1) * BOARD + BOARD // 2, 20 + (y - 1) * BOARD + BOARD // 2

    def draw(self):
        import pyglet

        self.window.ctx.clear(0.05, 0.05, 0.07)
        batch, shapes = pyglet.graphics.Batch(), []
        marks = dict(self.controller.game.position.marks)
        for cell in ng.CELLS:
            cx, cy = self.cell_centre(cell)
            colour = {None: EMPTY, "white": WHITE, "black": BLACK}[marks.get(cell)]
            shapes.append(pyglet.shapes.Rectangle(cx - 25, cy - 25, 50, 50, color=colour, batch=batch))
        batch.draw()

    def state_key(self):
        return len(self.controller.game.turns)

    def tick(self, dt):
        self.controller.tick(dt)

    def say(self, text, level="info"):
        self.controller.say(text, level)

    def resize(self, w, h): ...
    def key(self, name, shift, ctrl): ...
    def text(self, text): ...
    def mouse_press(self, x, y, button, modifiers): ...
    def mouse_release(self, x, y, button, modifiers): ...
    def mouse_drag(self, x, y, dx, dy, buttons, modifiers): ...
    def motion(self, x, y): ...
    def scroll(self, x, y, sx, sy): ...


def shown(frame, view, cell):
    """Which of the three cell colours the frame shows at ``cell``'s centre (rows run top down)."""
    x, y = view.cell_centre(cell)
    px = frame[frame.shape[0] - 1 - y, x, :3].astype(int)
    return min((EMPTY, WHITE, BLACK), key=lambda c: sum(abs(px - c)))


@pytest.fixture
def noughts(tmp_path, monkeypatch):
    monkeypatch.setenv("DAQI_RULESETS", str(tmp_path))
    ng.register(tmp_path)
    window_games.register(window_games.WindowGame(ng.NAME, NoughtsController, NoughtsView))
    yield
    window_games.unregister(ng.NAME)
    ng.unregister()


def test_the_window_shows_the_third_game_and_draws_the_computers_turn_unasked(noughts, headless_window):
    ctl = NoughtsController()
    win = headless_window(ctl, width=800, height=260)
    assert win.app.name == ng.NAME
    view = win.app
    frame = win.draw_frame()
    assert all(shown(frame, view, c) == EMPTY for c in ng.CELLS)
    ctl.game.play(ng.Place((1, 1, 1)))
    ctl.computer_sides = {"black"}
    win.tick(0.05)  # no input event: the computer's answer arrives in a tick ...
    reply = ctl.game.turns[-1].at
    frame = win.draw_frame()  # ... and the next frame shows it
    assert shown(frame, view, reply) == BLACK and shown(frame, view, (1, 1, 1)) == WHITE
    assert sum(shown(frame, view, c) == EMPTY for c in ng.CELLS) == 25


def test_f2_steps_through_every_game_the_window_shows(noughts, headless_window):
    win = headless_window(NoughtsController(), width=640, height=400)
    seen = [win.app.name]
    for _ in range(len(window_games.shown())):
        win.switch()
        seen.append(win.app.name)
    order = window_games.shown()  # the registry's order: the default game first
    start = order.index(ng.NAME)
    assert seen == [order[(start + k) % len(order)] for k in range(len(order) + 1)]
    assert set(order) == set(games.names()) and len(order) == 3
    # every view and controller keeps the declared contracts (viewer/ui/protocols.py)
    assert all(isinstance(app, GameView) and isinstance(app.controller, GameController) for app in win.apps.values())
