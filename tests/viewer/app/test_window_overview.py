"""The board overview, plane isolation and palette switch in the window (issue 12)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import Piece, Position, load_ruleset
from engine.cube.game import Game


@pytest.fixture
def window(headless_window):
    """A game whose position has a white rook on board w4=2 (and the opening elsewhere)."""
    from viewer.cube.controller import CubeController

    rules = load_ruleset("standard")
    pos = Position.from_pieces(rules, {(8, 8, 1, 2): (Piece("rook", "white"),), (1, 1, 1): ()})
    game = Game(rules)
    game.positions = [pos]  # the game starts from this position
    c = CubeController(game=game, autosave_path=None)
    return headless_window(c, width=800, height=600)


def test_v_opens_the_overview_and_a_click_goes_to_a_board(window):
    from pyglet.window import key as K
    from pyglet.window import mouse

    c = window.controller
    before = window.draw_frame()
    window.on_key_press(K.V, 0)
    assert c.overview_on
    shown = window.draw_frame()
    assert np.abs(shown.astype(int) - before).sum() > 100000  # a different picture
    ov = c.overview()
    target = ov.board((2,))
    assert target is not None and target.counts is not None
    px, py = c.overview_camera.project((target.origin[0] + 8, target.origin[1] + 8, 0.0))
    window.on_mouse_press(px, window.height - py, mouse.LEFT, 0)
    assert not c.overview_on
    assert c.view.slicing.higher() == (2,)
    window.draw_frame()


def test_the_mouse_moves_the_overview_camera_not_the_3d_one(window):
    c = window.controller
    window.draw_frame()
    before = (c.view.camera.distance, tuple(c.view.camera.target))
    c.key("v")
    window.draw_frame()
    d0 = c.overview_camera.distance
    c.scroll(2)
    c.drag(30, 0)
    assert c.overview_camera.distance < d0
    assert (c.view.camera.distance, tuple(c.view.camera.target)) == before
    c.key("v")
    c.scroll(2)
    assert c.view.camera.distance < before[0]


def test_navigator_keys_and_escape(window):
    c = window.controller
    c.key("v")
    rows = c.overview().navigator()
    assert [h for h, _n, _c in rows][:2] == [(), (2,)]
    c.key("2")
    assert not c.overview_on and c.view.slicing.higher() == (2,)
    c.key("v")
    c.key("escape")
    assert not c.overview_on


def test_isolate_hides_the_other_planes_and_c_switches_the_palette(window):
    from viewer.gl import palette

    c = window.controller
    full = window.draw_frame()
    c.key("i")
    assert c.view.isolated
    alone = window.draw_frame()
    assert np.abs(full.astype(int) - alone).sum() > 10000
    c.key("f12")
    assert c.view.palette is palette.CLASSIC
    classic = window.draw_frame()
    assert np.abs(classic.astype(int) - alone).sum() > 10000  # other colours on screen
    c.key("f12")
    assert c.view.palette is palette.SAFE
