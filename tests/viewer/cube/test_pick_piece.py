"""Pick what you see (issue 16, item 4): a click on a piece's body picks that piece."""

from __future__ import annotations

import numpy as np

from viewer.cube.column_pick import pick_piece
from viewer.cube.controller import CubeController
from viewer.cube.scene import pile_height


def test_a_click_on_a_tall_piece_body_selects_it_not_the_cell_behind():
    from engine import Piece

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    pos = c.game.positions[-1]
    king = (8, 6, 1)  # a tall piece with empty cells behind it
    c.game.positions[-1] = pos.replace(cells={**pos.cells, king: (Piece("queen", "white"),)})
    c.view.camera.resize(1280, 720)
    c.view.frame(layers=0)
    lay = c.view.layout(c.rules)
    h = pile_height(c.game.position.cell(king))
    px, py = c.view.camera.project(lay.cell_center(*king) + np.array([0.0, 0.0, 0.8 * h]))
    behind = c.pick(px, py)
    assert behind is not None and behind[:3] != king  # the floor under the pixel is another cell,
    assert not c.position.cell(behind)  # an empty one
    assert pick_piece(c.view.camera, px, py, lay, c.view, c.position)[:3] == king
    c.click(px, py)
    assert c.builder is not None and c.builder.origin[:3] == king


def test_a_click_on_the_floor_in_front_of_pieces_picks_the_floor():
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    c.view.camera.resize(1280, 720)
    c.view.frame(layers=0)
    lay = c.view.layout(c.rules)
    px, py = c.view.camera.project(lay.cell_center(8, 8, 1))  # an empty cell mid-board
    assert pick_piece(c.view.camera, px, py, lay, c.view, c.position) is None
    assert c.pick(px, py)[:3] == (8, 8, 1)
