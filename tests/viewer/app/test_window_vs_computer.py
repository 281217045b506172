"""Playing the computer in the window (headless EGL), both games.

The computer's search runs in an executor; these tests inject :class:`InlineExecutor` (it answers
on the next poll unless ``hold`` is set, so a test can look at the window "while it thinks") and
drive time with ``window.tick``; one test per game uses the real worker process and waits on its
answer with a timeout.  No sleeps.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import Game, TurnBuilder, apply_turn
from engine.spirit import SpiritGame, apply_spirit_turn
from viewer.ui.computer import GLIDE_ACTION_S, InlineExecutor, ProcessExecutor, think, turn_seed


def press(win, name, modifiers=0):
    from pyglet.window import key as K

    win.on_key_press(getattr(K, name), modifiers)


def ctrl_z(win):
    from pyglet.window import key as K

    win.on_key_press(K.Z, K.MOD_CTRL)


@pytest.fixture
def cube_window(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=tmp_path / "autosave.txt", offer_resume=False)
    ex = InlineExecutor(hold=True)
    c.set_computer(["black"], level=1, seed=7, executor=ex)
    return headless_window(c, width=1024, height=700), ex


def play_through_builder(c, turn):
    """A human's turn, built action by action like clicks do, then confirmed (Enter)."""
    c.builder = TurnBuilder(c.game.position, turn.origin)
    for a in turn.actions:
        c.builder.add(a)
    c.key("enter")


def test_cube_computer_moves_while_the_window_keeps_answering_and_undo_takes_two(cube_window):
    win, ex = cube_window
    c = win.controller
    win.tick(0.05)
    assert c.mode == "play" and c.to_move == "white" and not c.computer_thinking
    # white (the human) plays the turn the level-1 player would play for it
    human = think(c.game.position, 1, 99).turn
    play_through_builder(c, human)
    assert len(c.game.turns) == 1 and c.to_move == "black"
    win.tick(0.05)
    assert c.computer_thinking and ex.busy()
    asked = c.game.position
    # the window draws and answers input while the computer has not answered
    yaw0 = c.view.camera.yaw
    press(win, "LEFT", __import__("pyglet").window.key.MOD_SHIFT)  # Shift+arrows orbit
    assert c.view.camera.yaw != yaw0
    z0 = c.view.slicing.focus_z
    press(win, "X")
    assert c.view.slicing.focus_z == z0 + 1
    win.on_mouse_drag(500, 300, 30, 0, 4, 0)  # right drag: orbit
    thinking = win.draw_frame()
    assert "thinking" in win.app.hud.status.text
    assert len(c.game.turns) == 1 and c.game.position is asked
    # the answer arrives on a tick: black's turn is played, legal, and glides
    ex.hold = False
    win.tick(0.05)
    assert len(c.game.turns) == 2 and c.to_move == "white"
    turn = c.game.turns[-1]
    expected, _cost = apply_turn(asked, turn)
    assert c.game.position.key() == expected.key()
    assert turn == think(asked, 1, turn_seed(7, 1)).turn  # reproducible: seed from the ply
    assert Game.from_record(c.game.to_record()).position.key() == c.game.position.key()
    assert c.glide == (2, c.time)
    mid = win.draw_frame()
    win.tick(GLIDE_ACTION_S * len(turn.actions) + 0.1)
    assert c.glide is None
    after = win.draw_frame()
    assert not np.array_equal(mid, after) and not np.array_equal(thinking, after)
    assert "thinking" not in win.app.hud.status.text
    # Ctrl+Z takes back the computer's turn and yours
    ctrl_z(win)
    assert len(c.game.turns) == 0 and c.to_move == "white"
    win.tick(0.05)
    assert not c.computer_thinking  # white is the human's: the computer waits
    from pyglet.window import key as K

    win.on_key_press(K.Y, K.MOD_CTRL)  # redo: yours and the computer's again
    assert c.game.turns == [human, turn] and c.to_move == "white"


def test_cube_hint_highlights_a_legal_turn(cube_window):
    win, ex = cube_window
    c = win.controller
    win.tick(0.05)
    press(win, "H", __import__("pyglet").window.key.MOD_SHIFT)  # Shift+H: a hint
    assert c.computer_pending is not None and c.computer_pending.purpose == "hint"
    win.draw_frame()
    assert "hint" in win.app.hud.status.text
    ex.hold = False
    win.tick(0.05)
    turn = c.hint_turn()
    assert turn is not None and len(c.game.turns) == 0  # a hint plays nothing
    apply_turn(c.game.position, turn)  # legal (raises otherwise)
    hl = c.view.highlights
    assert hl.selected == turn.origin
    marked = {tuple(v) for vs in hl.targets.values() for v in vs}
    assert {a.to for a in turn.actions if isinstance(getattr(a, "to", None), tuple)} <= marked
    assert "Hint for white" in c.message.text and c.computer_hint.suggestion.reason in c.message.text
    assert "hint:" in c.computer_status()
    win.draw_frame()


def test_cube_answer_for_a_position_that_is_gone_is_dropped(cube_window):
    win, ex = cube_window
    c = win.controller
    win.tick(0.05)
    play_through_builder(c, think(c.game.position, 1, 5).turn)
    win.tick(0.05)
    assert c.computer_thinking
    ctrl_z(win)  # undo while it thinks: only the human's turn goes
    assert len(c.game.turns) == 0 and not c.computer_thinking
    ex.hold = False
    win.tick(0.05)
    assert len(c.game.turns) == 0 and c.to_move == "white"


def test_cube_key_c_hands_the_side_to_move_to_the_computer(cube_window):
    win, ex = cube_window
    c = win.controller
    ex.hold = False
    win.tick(0.05)
    press(win, "C")  # white to move: the computer takes white too
    assert c.computer_sides == {"white", "black"}
    win.tick(0.05)  # asks (the answer comes on the next tick)
    win.tick(0.05)
    assert len(c.game.turns) == 1 and c.glide is not None
    win.tick(0.05)  # black is asked during white's glide ...
    win.tick(0.05)
    assert len(c.game.turns) == 1 and c.computer_ready is not None  # ... and waits for its end
    win.tick(10.0)
    assert len(c.game.turns) == 2
    press(win, "C", 0)  # white to move again: white is the human's now
    assert c.computer_sides == {"black"}


def test_cube_real_worker_process_answers(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    ex = ProcessExecutor()
    c.set_computer(["white"], level=1, seed=3, executor=ex)
    win = headless_window(c, width=640, height=400)
    try:
        start = c.game.position
        win.tick(0.05)
        assert c.computer_thinking
        yaw0 = c.view.camera.yaw
        press(win, "RIGHT", __import__("pyglet").window.key.MOD_SHIFT)  # answered at once, whatever the worker does
        assert c.view.camera.yaw != yaw0
        win.draw_frame()
        assert ex.wait(timeout=120.0), "the worker process did not answer within 120 s"
        win.tick(0.05)
        assert len(c.game.turns) == 1
        assert c.game.turns[0] == think(start, 1, turn_seed(3, 0)).turn
    finally:
        c.close_computer()


# ------------------------------------------------------------------------------- spirit chess
@pytest.fixture
def spirit_window(tmp_path, headless_window):
    from viewer.spirit.controller import SpiritController

    sc = SpiritController(autosave_path=tmp_path / "spirit-auto.txt")
    ex = InlineExecutor(hold=True)
    sc.set_computer(["black"], level=1, seed=11, executor=ex)
    return headless_window(None, spirit_controller=sc, start="spirit", width=1100, height=760), ex


def test_spirit_vs_computer_setup_turns_glide_hint_and_undo(spirit_window):
    win, ex = spirit_window
    c = win.controller
    assert c.mode == "setup" and c.setup.side == "white"
    press(win, "D")
    press(win, "ENTER")  # white commits; hand-over and black's setup are automatic
    win.tick(0.05)
    win.tick(0.05)
    assert c.mode == "play" and c.to_move == "white"
    # a hint for the human (white)
    press(win, "H", __import__("pyglet").window.key.MOD_SHIFT)  # Shift+H: a hint
    ex.hold = False
    win.tick(0.05)
    hint = c.hint_turn()
    assert hint is not None
    apply_spirit_turn(c.game.position, hint)  # legal (raises otherwise)
    marks = c.hint_marks()
    assert marks["levelup"] == hint.levelup and marks["path"] == list(hint.path)
    hinted = win.draw_frame()
    # the human plays it (the click path: level-up, mover, path, confirm)
    assert c._computer_play(hint)
    assert c.to_move == "black" and c.hint_marks() == {}
    ex.hold = True
    win.tick(0.05)
    assert c.computer_thinking
    press(win, "H")  # the help opens while it thinks
    assert c.help_visible
    press(win, "H")
    asked = c.game.position
    win.draw_frame()
    assert any("thinking" in line for line in win.app.panels()["status"].splitlines())
    ex.hold = False
    win.tick(0.05)
    assert len(c.game.turns) == 2 and c.to_move == "white"
    turn = c.game.turns[-1]
    assert apply_spirit_turn(asked, turn)[0] == c.game.position
    replay = SpiritGame.from_text(c.game.to_text())
    assert replay.position == c.game.position
    # the piece glides along its path: half-way it is not drawn on its end square yet
    win.tick(c.glide_seconds() / 2)
    at = c.glide_at()
    assert at is not None and at[0] == turn.path[-1] and at[1] != turn.path[-1]
    mid = win.draw_frame()
    win.tick(c.glide_seconds())
    assert c.glide_at() is None
    end = win.draw_frame()
    assert not np.array_equal(mid, end) and not np.array_equal(hinted, end)
    ctrl_z(win)
    assert len(c.game.turns) == 0 and c.to_move == "white"


def test_spirit_real_worker_process_answers(tmp_path, headless_window):
    from viewer.spirit.controller import SpiritController

    sc = SpiritController(quick=True, autosave_path=None)
    ex = ProcessExecutor()
    sc.set_computer(["white"], level=1, seed=2, executor=ex)
    win = headless_window(None, spirit_controller=sc, start="spirit", width=900, height=700)
    try:
        start = sc.game.position
        win.tick(0.05)
        assert sc.computer_thinking
        win.draw_frame()
        assert ex.wait(timeout=120.0), "the worker process did not answer within 120 s"
        win.tick(0.05)
        assert len(sc.game.turns) == 1
        assert sc.game.turns[0] == think(start, 1, turn_seed(2, 0)).turn
    finally:
        sc.close_computer()


class _Answers:
    """An executor that answers every question with a fixed outcome (a broken player)."""

    def __init__(self, outcome):
        self.outcome, self.jobs = outcome, []

    def submit(self, job_id, req):
        self.jobs.append(job_id)

    def cancel(self, job_id):
        self.jobs.remove(job_id)

    def poll(self):
        out, self.jobs = [(j, self.outcome) for j in self.jobs], []
        return out

    def close(self):
        pass


def test_an_illegal_or_failed_answer_is_refused_and_the_side_handed_back():
    from types import SimpleNamespace

    from engine import Capture, Turn
    from viewer.cube.controller import CubeController
    from viewer.ui.computer import Outcome

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    bad = Turn((9, 3, 1), (Capture((9, 9, 1)),))  # a pawn "capturing" an empty far square
    c.set_computer(["white"], level=1, executor=_Answers(Outcome(SimpleNamespace(turn=bad, reason="?"))))
    c.tick(0.05)
    c.tick(0.05)
    assert len(c.game.turns) == 0 and c.computer_sides == frozenset()
    assert c.message.level == "error" and "refused by the rules" in c.message.text
    c.set_computer(["white"], executor=_Answers(Outcome(error="ValueError: boom")))
    c.tick(0.05)
    c.tick(0.05)
    assert len(c.game.turns) == 0 and c.computer_sides == frozenset() and "boom" in c.message.text
