"""The analysis board in the window (issue 19), headless EGL, both games: every drawn threat is on
the screen in its colour and picked at its arrow; the evaluation bar and the best line reach the
screen from the background search with no input; the game report marks the move list and its
graph reviews a turn on a click.  The searches run in an InlineExecutor held until the test lets
them answer (no sleeps)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import Game, Piece, Position, load_ruleset
from engine.spirit import SpiritPiece, SpiritPosition
from viewer.ui.computer import InlineExecutor

W, B = "white", "black"


def _run_clock():
    import pyglet

    pyglet.clock.tick()


def _cube_position() -> Position:
    # a facing line along the 5th dimension (C3), a prince two actions from the king's home on another
    # board (C5), two rooks attacking each other (black's capture leaves white at most half: C16)
    return Position.from_pieces(
        load_ruleset("standard"),
        {
            (5, 5, 1): (Piece("king", W),),
            (5, 5, 1, 1, 4): (Piece("king", B),),
            (7, 2, 1, 2): (Piece("prince", B),),
            (9, 1, 1): (Piece("prince", W),),
            (10, 6, 1): (Piece("rook", W),),
            (10, 11, 1): (Piece("rook", B),),
            (12, 8, 1): (Piece("knight", B),),
        },
        fill="empty",
        scores={W: 61, B: 120},
    )


@pytest.fixture
def cube_window(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt", offer_resume=False)
    ex = InlineExecutor(hold=True)
    c.analysis_executor = ex
    c.game.positions[-1] = _cube_position()
    win = headless_window(c, width=1024, height=700)
    return win, ex


def _pixel(frame, p) -> np.ndarray:
    h = frame.shape[0]
    return frame[int(round(h - p[1])), int(round(p[0]))].astype(int)


def _assert_threats_drawn_and_picked(win, view):
    frame = win.draw_frame()
    assert view.drawn_threats
    for t in view.drawn_threats:
        hit = next(h for h in view.layer.hits if h.item is t)
        mid = ((hit.p0[0] + hit.p1[0]) / 2, (hit.p0[1] + hit.p1[1]) / 2)
        assert t in view.layer.pick_all(*mid), t.words
        from viewer.ui.analysis_view import threat_colour

        want = np.array(threat_colour(t)[:3])
        assert np.abs(_pixel(frame, mid) - want).max() < 60, (t.kind, _pixel(frame, mid), want)


def test_cube_threats_are_drawn_and_each_is_picked(cube_window):
    win, _ex = cube_window
    view = win.app.analysis
    # by default: only the threats that decide the game (black's facing line, the C5 walk, the C16 margin)
    win.tick(0.05)
    win.draw_frame()
    assert {(t.kind, t.side) for t in view.drawn_threats} == {("facing", B), ("home", B), ("margin", B)}
    _assert_threats_drawn_and_picked(win, view)
    # both leave the board toward the board they come from, labelled with it
    labels = {lab.text for lab in view.layer.shapes if hasattr(lab, "text")}
    assert {"from board w5=4", "from board w4=2"} <= labels
    # in the board overview (V) the same threats run between the small boards
    win.controller.key("v")
    win.tick(0.05)
    _assert_threats_drawn_and_picked(win, view)
    assert {(t.kind, t.side) for t in view.drawn_threats} == {("facing", B), ("home", B), ("margin", B)}
    ov = win.controller.overview()
    for t in view.drawn_threats:  # each arrow starts on its own small board
        hit = next(h for h in view.layer.hits if h.item is t)
        picked = ov.pick(win.controller.overview_camera, hit.p0[0], 700 - hit.p0[1])
        assert picked is not None and picked[0].higher == tuple(t.frm[3:])
    win.controller.key("v")
    win.app.key("j", False, False)  # J: every threat of both sides
    win.tick(0.05)
    _assert_threats_drawn_and_picked(win, view)
    kinds = {(t.kind, t.side) for t in view.drawn_threats}
    assert {("facing", W), ("capture", W), ("margin", B)} <= kinds
    win.app.key("j", False, False)  # none
    win.draw_frame()
    assert view.drawn_threats == [] and not view.layer.hits


def test_cube_evaluation_bar_and_best_line_reach_the_screen_without_input(cube_window):
    import pyglet

    win, ex = cube_window
    view = win.app.analysis
    win._scheduled = True
    win._redraw_pending = False
    try:
        win.app.key("j", True, False)  # Shift+J: the analysis board
        win.tick(0.05)
        frame = win.draw_frame()
        assert ex.busy() and "thinking" in view.board.status(win.controller.game.position)
        bar = frame[int(700 * 0.5), 5].astype(int)
        assert abs(bar[0] - 90) < 20  # grey while the search runs
        drawn = win.frames_drawn
        ex.hold = False  # the search answers; nothing but the clock runs from here
        win.tick(0.5)
        _run_clock()
        assert win.frames_drawn == drawn + 1
        e = view.board.evaluation_for(win.controller.game.position)
        assert e is not None and e.line
        best = [h for h in view.layer.hits if h.item == ("best", 0)]
        assert best  # the best turn drawn as an arrow numbered 1
        numbers = {lab.text for lab in view.layer.shapes if hasattr(lab, "text")}
        assert {"1", "2"} <= numbers
        frame = win.read_pixels()
        assert frame[int(700 * 0.5), 5].tolist() != [90, 90, 95]
    finally:
        pyglet.clock.unschedule(win._redraw)
        win._scheduled = False


def test_cube_game_report_marks_the_move_list_and_the_graph_reviews_a_turn(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt", offer_resume=False)
    c.analysis_executor = InlineExecutor()
    c.game = Game.load("engine/cube/samples/demo.txt")
    win = headless_window(c, width=1024, height=700)
    view = win.app.analysis
    win.app.key("f11", False, False)
    for _ in range(3):
        win.tick(0.05)
    rep = view.board.report
    assert rep is not None and len(rep.turns) == len(c.game.turns)
    marked = [t for t in rep.turns if t.cls]
    assert marked
    rows = c.turn_list()
    for t in marked:
        assert rows[t.ply].endswith(t.played + t.symbol)
    win.draw_frame()
    gx, gy, gw, gh = view.layer.graph_rect
    # a click on the graph at turn 5 reviews the position after turn 5
    win.app.mouse_press(gx + gw * 5 / len(rep.turns), gy + gh / 2, 1, 0)
    assert c.reviewing and c.review.ply == 5
    # the analysis board follows the review: the bar and the best line are about the reviewed position
    win.app.key("j", True, False)
    win.tick(0.05)
    win.draw_frame()
    shown = c.shown_position()
    assert shown is c.game.positions[5] and view.board.evaluation_for(shown) is not None
    assert any(h.item == ("best", 0) for h in view.layer.hits)


# ------------------------------------------------------------------------------- spirit chess
def test_spirit_sect_attack_is_drawn_and_picked_and_the_bar_arrives(tmp_path, headless_window):
    from viewer.spirit.controller import SpiritController

    c = SpiritController(autosave_path=tmp_path / "s.txt")
    c.key("q")  # quick start
    ex = InlineExecutor(hold=True)
    c.analysis_executor = ex
    rules = load_ruleset("spirit")
    pos = SpiritPosition(
        rules,
        W,
        {
            (10, 2): SpiritPiece("sect", W, 0),
            (10, 18): SpiritPiece("sect", B, 0),
            (10, 15): SpiritPiece("master", W, 5),
            (5, 10): SpiritPiece("formation", B, 3),
            (5, 8): SpiritPiece("disciple", W, 1),
        },
    )
    c.game.positions[-1] = pos
    win = headless_window(None, spirit_controller=c, start="spirit", width=1024, height=700)
    view = win.app.analysis
    win.tick(0.05)
    win.draw_frame()
    assert [t.kind for t in view.drawn_threats] == ["sect"]
    _assert_threats_drawn_and_picked(win, view)
    win.app.key("j", False, False)
    win.draw_frame()
    assert "zone" in {t.kind for t in view.drawn_threats}
    win.app.key("j", True, False)
    win.tick(0.05)
    key = win.state_key()
    ex.hold = False
    win.tick(0.05)
    assert win.state_key() != key  # the result alone changes what the window shows
    win.draw_frame()
    assert view.board.evaluation_for(pos) is not None
    assert any(h.item == ("best", 0) for h in view.layer.hits)


def test_show_and_play_the_best_turn_and_change_the_level(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt", offer_resume=False)
    c.analysis_executor = InlineExecutor()
    win = headless_window(c, width=800, height=600)
    board = win.app.analysis.board
    win.app.key("f10", False, False)
    assert board.level == 3
    win.app.key("f10", False, False)
    assert board.level == 1  # 1 -> 2 -> 3 -> 1
    win.app.key("j", True, False)
    win.tick(0.05)
    e = board.evaluation_for(c.game.position)
    assert e is not None and e.evaluation.turn is not None
    win.app.key("j", False, True)  # Ctrl+J: says the best turn
    assert e.line[0] in c.message.text
    win.app.key("j", True, True)  # Ctrl+Shift+J: plays it
    assert c.game.turns == [e.evaluation.turn]


def test_stepping_through_a_review_never_kills_the_search_and_keeps_every_answer(tmp_path, headless_window):
    from viewer.cube.controller import CubeController

    c = CubeController(game=Game.load("engine/cube/samples/demo.txt"), autosave_path=None)
    ex = InlineExecutor(hold=True)
    c.analysis_executor = ex
    win = headless_window(c, width=800, height=600)
    board = win.app.analysis.board
    win.app.key("j", True, False)
    c.review_goto(3)
    win.tick(0.05)
    for ply in (4, 5, 6):  # stepping on while position 3 is searched: only the latest wish waits
        c.review_goto(ply)
        win.tick(0.05)
    assert ex.submitted == 1 and len(ex.pending) == 1
    ex.hold = False
    win.tick(0.05)  # position 3 answered; position 6 (the latest wish) asked for
    assert ex.submitted == 2
    assert board.evaluation_for(c.game.positions[3]) is not None
    win.tick(0.05)  # ... and answered
    assert board.evaluation_for(c.game.positions[6]) is not None
    assert board.evaluation_for(c.game.positions[4]) is None
    c.review_goto(3)
    win.tick(0.05)
    assert ex.submitted == 2  # kept: shown at once, no new search
