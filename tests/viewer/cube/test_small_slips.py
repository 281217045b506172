"""Small slips of issue 16 (item 7): words, keys and choosers that said or did the wrong thing."""

from __future__ import annotations

from engine import Move, Piece
from viewer.cube.controller import CubeController
from viewer.cube.hud import hud_text


def _ctl(cells=None):
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    if cells:
        pos = c.game.positions[-1]
        c.game.positions[-1] = pos.replace(cells={**pos.cells, **cells})
    return c


def test_a_king_under_an_occupied_cell_is_told_the_cell_is_occupied():
    c = _ctl()
    c.click_cell((8, 1, 1))  # the king; (8,1,2) above holds a pawn (default fill)
    c.key("pageup")
    assert c.message.level == "error"
    assert c.message.text.startswith("The cell above, (8,1,2), is occupied by your pawn")


def test_the_split_chooser_does_not_open_when_no_split_is_possible():
    c = _ctl({(5, 6, 1): (Piece("rook", "white"), Piece("knight", "white"))})
    c.click_cell((5, 6, 1))
    c.add(Move((5, 7, 1)))
    c.key("t")  # after a move no split (C29): no chooser, a reason
    assert c.chooser is None and c.message.level == "error" and "No split now" in c.message.text
    c.cancel()
    c.click_cell((5, 6, 1))
    c.key("t")  # before: the chooser opens
    assert c.chooser is not None and c.chooser.kind == "split"


def test_s_in_the_setup_pans_instead_of_asking_for_a_piece():
    c = CubeController(quick=False, autosave_path=None, offer_resume=False)
    assert c.mode == "setup"
    target = c.view.camera.target.copy()
    c.key("s")
    assert "Choose a piece" not in c.message.text
    assert (c.view.camera.target != target).any()


def test_one_escape_closes_the_overview_while_the_cell_cursor_shows():
    c = _ctl()
    c.key("right")  # the keyboard cursor shows
    assert c.cursor is not None
    c.key("v")
    assert c.overview_on
    c.key("escape")
    assert not c.overview_on


def test_overview_captions_are_two_lines_that_do_not_read_like_scores():
    c = _ctl()
    c.toggle_overview()
    texts = [t for _x, _y, t, _cur in c.overview().labels(c.overview_camera)]
    main = next(t for t in texts if t.startswith("main board"))
    assert main.splitlines()[1].endswith("black") and "white, " in main
    assert all(len(t.splitlines()) == 2 for t in texts)
    assert not any(" W " in t or t.startswith("W ") for t in texts)


def test_the_footer_names_the_tutorial_keys_in_a_lesson():
    c = _ctl()
    assert hud_text(c)["hint"].startswith("H: help")
    c.in_tutorial = True
    assert "H: lesson hint" in hud_text(c)["hint"] and "H: help" not in hud_text(c)["hint"]
