"""Headless GL: pixels at known places have the expected colours."""

import numpy as np
import pytest
from viewer_fakes import FakePosition, Piece

from viewer.cube.scene import Highlights, View
from viewer.gl import palette


def top_view(offscreen, **kw):
    v = View(opacity=0.0, **kw)
    v.camera.set_view("top")
    v.camera.resize(offscreen.width, offscreen.height)
    v.frame()
    v.camera.target = np.array([0.0, 0.0, 0.0])
    v.camera.distance = 30.0
    return v


def colour_at(frame, view, cell, lift=0.0):
    lay = view.layout()
    c = lay.cell_center(*cell)
    c[2] += lift
    px, py = view.camera.project(c)
    return frame[int(py), int(px)].astype(int)


def is_green(rgb):
    r, g, b = rgb
    return g > r + 30 and g > b + 30


def is_slate(rgb):
    r, g, b = rgb
    return b >= g >= r and b - r < 60 and r > 40


def test_green_area_is_green_and_outside_is_not(offscreen):
    pos = FakePosition()
    v = top_view(offscreen)
    frame = offscreen.render(pos, v)
    assert frame.shape == (240, 320, 3) and frame.dtype == np.uint8
    assert is_green(colour_at(frame, v, (8, 8, 1)))
    assert is_green(colour_at(frame, v, (3, 10, 1)))
    assert is_slate(colour_at(frame, v, (1, 8, 1)))
    assert is_slate(colour_at(frame, v, (16, 9, 1)))
    # background outside the board
    assert tuple(frame[2, 2]) == tuple(frame[237, 317])


def test_white_and_black_pieces_have_their_colours(offscreen):
    pos = FakePosition({(6, 8, 1): (Piece("king", "white"),), (10, 8, 1): (Piece("king", "black"),)}, opening=False)
    v = top_view(offscreen)
    frame = offscreen.render(pos, v)
    w = colour_at(frame, v, (6, 8, 1), lift=1.1)
    b = colour_at(frame, v, (10, 8, 1), lift=1.1)
    assert min(w) > 100 and w[0] - w[2] < 60 and w[0] < 1.4 * w[1]  # ivory
    assert b[0] > 60 and b[0] > 2 * b[1] and b[0] > 2 * b[2]  # dark red
    assert not is_green(w) and not is_green(b)


def test_moving_a_slider_changes_what_is_drawn(offscreen):
    pos = FakePosition({(5, 8, 1, 2): (Piece("rook", "white"),)})
    v = top_view(offscreen)
    before = offscreen.render(pos, v).copy()
    assert is_green(colour_at(before, v, (5, 8, 1)))  # green cell, empty
    v.slicing.set_index(4, 2)
    after = offscreen.render(pos, v).copy()
    assert np.abs(before.astype(int) - after.astype(int)).sum() > 1000
    rook = colour_at(after, v, (5, 8, 1), lift=0.9)  # the rook on board w4=2
    assert min(rook) > 100 and rook[0] < 1.4 * rook[1]
    assert not is_green(colour_at(after, v, (8, 10, 1)))  # no green off the main board
    v.slicing.set_index(4, 1)
    again = offscreen.render(pos, v)
    assert np.array_equal(before, again)


def test_focus_and_opacity_change_the_picture(offscreen):
    pos = FakePosition()
    v = View()
    v.camera.resize(offscreen.width, offscreen.height)
    v.frame()
    a = offscreen.render(pos, v).copy()
    v.opacity = 0.0
    b = offscreen.render(pos, v).copy()
    v.slicing.set_focus(5)
    c = offscreen.render(pos, v).copy()
    assert np.abs(a.astype(int) - b).sum() > 1000
    assert np.abs(b.astype(int) - c).sum() > 1000


def test_highlights_show_their_kind_colour(offscreen):
    pos = FakePosition(opening=False)
    v = top_view(
        offscreen,
        highlights=Highlights(
            targets={"move": [(6, 8, 1)], "capture": [(8, 8, 1)], "hyperjump": [(10, 8, 1)]}, selected=(12, 8, 1)
        ),
    )
    frame = offscreen.render(pos, v)
    move, cap, hyper = (colour_at(frame, v, (x, 8, 1)) for x in (6, 8, 10))
    assert move[2] > move[0] + 60  # blue
    assert cap[0] > cap[2] + 60  # orange-red
    assert hyper[1] > hyper[0] + 60 and hyper[2] > hyper[0] + 60  # cyan
    lay = v.layout()
    cx, cy = v.camera.project(lay.cell_corner(12, 8, 1) + np.array([0.06, 0.5, 0]))
    ring = frame[int(cy), int(cx)].astype(int)
    want = np.asarray(palette.SAFE.selected) * 255  # the ring of the selected origin
    assert np.abs(ring - want).max() < 60, ring


def test_click_on_rendered_cell_agrees_with_picture(offscreen):
    """Render a highlight where picking says the mouse is: it lands under the mouse."""
    from viewer.cube.picking import pick_view

    pos = FakePosition(opening=False)
    v = View(opacity=0.0)
    v.camera.resize(offscreen.width, offscreen.height)
    v.frame()
    px, py = 170, 150
    cell = pick_view(v, px, py)
    assert cell is not None
    v.highlights = Highlights(targets={"capture": [cell]})
    frame = offscreen.render(pos, v)
    r, g, b = frame[py, px].astype(int)
    assert r > b + 60


def test_read_back_is_top_row_first(offscreen):
    """Row 0 of the returned array is the top of the picture: the green cell (8, 16) projects
    near the top, and the array is green there; the mirrored row (what a bottom-up read-back
    would put there) shows something else on a board with an empty green middle."""
    pos = FakePosition(changes={(8, 1, 1): (Piece("rook", "white"),)}, opening=False)
    v = top_view(offscreen)
    frame = offscreen.render(pos, v)
    lay = v.layout()
    px, y16 = v.camera.project(lay.cell_center(8, 16, 1))
    _, y1 = v.camera.project(lay.cell_center(8, 1, 1))
    assert y16 < frame.shape[0] / 2 < y1
    assert is_green(frame[int(y16), int(px)].astype(int))
    assert not is_green(colour_at(frame, v, (8, 1, 1), lift=0.5))  # the rook stands there
    flipped = frame[::-1]
    assert not is_green(flipped[int(y16), int(px)].astype(int))


def test_save_png(offscreen, tmp_path):
    from PIL import Image

    pos = FakePosition(opening=False)
    offscreen.render(pos, top_view(offscreen))
    p = offscreen.save_png(tmp_path / "x.png")
    assert Image.open(p).size == (320, 240)


@pytest.mark.parametrize("focus, yaw, pitch", [(1, None, None), (3, 30.0, 25.0), (2, 200.0, 60.0)])
def test_hidden_faded_pieces_are_skipped_with_the_same_picture(offscreen, focus, yaw, pitch):
    """cull_hidden: faded pieces wholly under the plane above (which writes depth first) are
    not drawn; the picture is the same pixel for pixel, and fewer instances are drawn."""
    from viewer.cube.scene import PIECE_MESHES

    pos = FakePosition()
    view = View()
    view.slicing.set_focus(focus)
    view.camera.resize(offscreen.width, offscreen.height)
    if yaw is not None:
        view.camera.yaw, view.camera.pitch = yaw, pitch
    view.frame()
    r = offscreen.renderer

    def drawn():
        return sum(b.count for (name, p), b in r._batches.items() if p == "translucent" and name in PIECE_MESHES)

    r.cull_hidden = False
    r.invalidate()
    full = offscreen.render(pos, view).copy()
    all_ = drawn()
    r.cull_hidden = True
    r.invalidate()
    culled = offscreen.render(pos, view)
    assert drawn() < all_
    assert np.array_equal(full, culled)
