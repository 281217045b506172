"""The position editor in the window (issue 22): a position made with the editor's handlers
(clicks, the keyboard cursor, keys) saves, loads, replays and is played against the computer."""

from __future__ import annotations

import pytest
from click_points import shown_pixel

from engine import Game
from engine.editor import CubeDraft, SpiritDraft
from engine.players import suggest
from viewer.ui.computer import InlineExecutor


def _press(win, sym, mods=0):
    win.on_key_press(sym, mods)


def _click(win, coord, right=False):
    from pyglet.window import mouse

    c = win.controller
    px, py = shown_pixel(c, coord)  # on what the window draws there (its piece or floor)
    win.on_mouse_press(int(px), win.height - int(py), mouse.RIGHT if right else mouse.LEFT, 0)


@pytest.fixture
def editor_window(headless_window, tmp_path):
    from viewer.app.editor import EditorSession

    def make(draft):
        session = EditorSession(draft, tmp_path / "made.txt")
        win = headless_window(None, width=1280, height=720, tutorial=session)
        return win, session

    return make


def test_a_position_made_in_the_window_saves_loads_replays_and_plays_the_computer(editor_window, tmp_path):
    d = CubeDraft()
    d.set_fill("empty")
    win, session = editor_window(d)  # the headless window first, then pyglet's key names
    from pyglet.window import key as K

    from viewer.app.editor import panel_text

    assert "black has no king" in panel_text(session) and "white has no king" in panel_text(session)
    _press(win, K._1)  # 1: king
    _click(win, (9, 1, 1))
    _press(win, K.TAB)  # black
    _click(win, (12, 16, 1))
    _press(win, K._6)  # 6: rook (the palette follows the ruleset's pieces)
    assert session.piece == list(d.rules.pieces)[5]
    _press(win, K._8)
    piece8 = session.piece
    _click(win, (6, 9, 1))
    _click(win, (6, 9, 1))  # a second one stacks
    assert [p.type for p in session.draft.cell((6, 9, 1))] == [piece8, piece8]
    _click(win, (6, 9, 1), right=True)  # right click takes the top one off
    assert len(session.draft.cell((6, 9, 1))) == 1
    # the keyboard cursor: arrows move it, Space puts the piece (white's again after Tab)
    _press(win, K.TAB)
    _press(win, K.RIGHT)
    at = win.controller.cursor_coord()
    _press(win, K.SPACE)
    assert session.draft.cell(at) and session.draft.cell(at)[-1].side == "white"
    _press(win, K.F3)  # black to move
    assert session.draft.position().to_move == "black"
    assert session.draft.problems() == [], session.draft.problems()
    assert "Legal: ready to play" in panel_text(session)
    win.draw_frame()
    _press(win, K.S, K.MOD_CTRL)  # save
    saved = Game.load(tmp_path / "made.txt")
    assert saved.positions[0] == session.draft.position()
    text = session.copy_text()
    assert session.paste_text(text) and session.draft.position() == saved.positions[0]
    _press(win, K.P)  # play from here against the computer: you move first (black), it plays white
    c = session.played
    assert c is not None and win.tutorial is None and c.computer_sides == {"white"}
    assert win.controller is c
    c.set_computer(["white"], level=1, seed=0, executor=InlineExecutor())  # answers on the next tick
    c._computer_play(suggest(c.game.position, 1, seed=5).turn)  # black's turn, through the turn machine
    for _ in range(5):
        win.tick(0.05)
    assert len(c.game.turns) == 2  # the computer answered from the edited position
    c.save(tmp_path / "game.txt")
    again = Game.load(tmp_path / "game.txt")
    assert again.positions == c.game.positions


def test_the_spirit_editor_puts_pieces_and_levels(editor_window):
    win, session = editor_window(SpiritDraft())
    from pyglet.window import key as K

    session.edit_cell((10, 1))  # the palette starts on the master
    assert session.draft.pieces[(10, 1)].type == "master"
    _press(win, K.EQUAL)
    assert session.draft.pieces[(10, 1)].level == session.draft.rules.pieces["master"].level + 1
    assert any("sect" in p for p in session.draft.problems())
    win.draw_frame()


def test_ctrl_e_in_a_game_opens_the_editor_on_the_position_shown(headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    win = headless_window(c, width=1024, height=700)
    from pyglet.window import key as K

    before = c.game.position
    win.on_key_press(K.E, K.MOD_CTRL)
    session = win.tutorial
    assert session is not None and session.draft.position() == before
    win.on_key_press(K.E, K.MOD_CTRL)  # inside the editor: empty the shown board
    assert session.draft.position().board_pieces(()) == []
    assert "white has no king" in session.draft.problems()


def test_a_analyses_the_made_position_off_the_ui_thread(editor_window):
    d = CubeDraft()
    d.set_fill("empty")
    for c, p, s in (((9, 1, 1), "king", "white"), ((12, 16, 1), "king", "black"), ((12, 5, 1), "rook", "white")):
        d.put(c, p, s)
    win, session = editor_window(d)
    from pyglet.window import key as K

    session.controller.set_computer([], level=1, seed=0, executor=InlineExecutor())
    win.on_key_press(K.A, 0)
    for _ in range(5):
        win.tick(0.05)
    hint = session.controller.computer_hint
    assert hint is not None and "R(12,5,1)x(12,16,1)" in hint.text.replace(" ", "")
