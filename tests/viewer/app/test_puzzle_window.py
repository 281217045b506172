"""Puzzles in the window (issue 22): the solver's turn is judged, the forced reply is played for
them, a wrong turn says why, and the progress is kept between sessions."""

from __future__ import annotations

import sys
from pathlib import Path

from click_points import shown_pixel

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "engine" / "puzzles"))

from puzzle_helpers import FREE_QUEEN, KING_EN_PRISE  # noqa: E402

from engine.puzzles import analyse  # noqa: E402


def _click(win, coord):
    from pyglet.window import mouse

    c = win.controller
    px, py = shown_pixel(c, coord)  # on what the window draws there (its piece or floor)
    win.on_mouse_press(int(px), win.height - int(py), mouse.LEFT, 0)


def test_a_puzzle_is_solved_with_clicks_and_the_progress_is_kept(headless_window, tmp_path):
    from viewer.app.puzzles import PuzzleSession, load_progress, panel_text

    puzzles = [analyse(FREE_QUEEN.position()), analyse(KING_EN_PRISE.position())]
    progress = tmp_path / "progress.json"
    session = PuzzleSession(puzzles, progress=progress)
    win = headless_window(None, width=1280, height=720, tutorial=session)
    from pyglet.window import key as K

    assert "PUZZLE 1 of 2" in panel_text(session) and "win material" in panel_text(session)
    # a wrong turn first: the rook steps instead of taking
    _click(win, (5, 5, 1))
    _click(win, (5, 6, 1))
    win.on_key_press(K.ENTER, 0)
    win.tick(0.0)
    assert session.state == "failed" and "not +" in win.controller.message.text
    assert "NOT YET" in panel_text(session)
    win.on_key_press(K.F5, 0)  # try again
    _click(win, (5, 5, 1))
    _click(win, (5, 12, 1))
    win.on_key_press(K.ENTER, 0)
    win.tick(0.0)
    assert session.state == "solved" and "Solved" in win.controller.message.text
    assert len(win.controller.game.turns) == len(puzzles[0].line)  # the reply was played for the solver
    win.draw_frame()
    assert load_progress(progress) == {puzzles[0].id}
    # a new session starts at the first unsolved puzzle
    again = PuzzleSession(puzzles, progress=progress)
    assert again.index == 1


def test_show_me_plays_the_solution(headless_window, tmp_path):
    from viewer.app.puzzles import PuzzleSession

    session = PuzzleSession([analyse(KING_EN_PRISE.position())], progress=tmp_path / "p.json")
    win = headless_window(None, width=1024, height=700, tutorial=session)
    from pyglet.window import key as K

    win.on_key_press(K.F4, 0)
    assert win.controller.game.position.result is not None
    assert win.controller.game.position.result.winner == "white"


def test_a_win_in_two_is_played_step_by_step_in_the_window(headless_window, tmp_path):
    from puzzle_helpers import FORK_IN_TWO
    from pyglet.window import key as K

    from viewer.app.puzzles import PuzzleSession, panel_text

    p = analyse(FORK_IN_TWO.position())
    session = PuzzleSession([p], progress=tmp_path / "p.json")
    win = headless_window(None, width=1280, height=720, tutorial=session)
    assert "win in two" in panel_text(session) and "Your turn 1 of 2" in panel_text(session)
    _click(win, (4, 5, 1))
    _click(win, (5, 7, 1))
    win.on_key_press(K.ENTER, 0)
    win.tick(0.0)
    assert session.state == "solve" and session.step == 1 and "Right!" in win.controller.message.text
    assert len(win.controller.game.turns) == 2  # black's defence of the line was played for the solver
    assert "Your turn 2 of 2" in panel_text(session)
    last = p.turns()[2]
    _click(win, last.origin)
    _click(win, last.actions[0].to)
    win.on_key_press(K.ENTER, 0)
    win.tick(0.0)
    assert session.state == "solved" and win.controller.game.position.result.winner == "white"
    from viewer.ui.review import banner_text

    assert banner_text(win.controller) == ""  # the panel says it: no game-over banner over the puzzle
    assert "SOLVED  white wins: the score fell" in panel_text(session)
    win.draw_frame()


def test_the_camera_looks_from_the_solvers_side(headless_window, tmp_path):
    from puzzle_helpers import BLACK_TAKES_THE_KING

    from viewer.app.puzzles import PuzzleSession
    from viewer.gl.camera import NAMED_VIEWS

    puzzles = [analyse(KING_EN_PRISE.position()), analyse(BLACK_TAKES_THE_KING.position())]
    assert [p.start().to_move for p in puzzles] == ["white", "black"]
    session = PuzzleSession(puzzles, progress=tmp_path / "p.json")
    win = headless_window(None, width=1024, height=700, tutorial=session)
    white_yaw = win.controller.view.camera.yaw
    assert white_yaw == NAMED_VIEWS["default"][0]
    session.command("next")
    assert session.puzzle.start().to_move == "black"
    assert abs((win.controller.view.camera.yaw - white_yaw) % 360.0 - 180.0) < 1e-6


def test_a_verdict_says_how_the_game_ended_in_plain_words():
    from viewer.app.puzzles import plain_words

    assert plain_words("white wins (score (C16))") == "white wins: the score fell to 0 or to half of the opponent's"
    assert plain_words("you keep +9 points of material whatever black answers") == (
        "you keep +9 points of material whatever black answers"
    )
