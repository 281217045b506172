"""Picking: the projected centre of a cell picks that cell; outside picks None (no GL)."""

import pytest

from viewer.cube.picking import pick, pick_view
from viewer.cube.scene import View

CAMERAS = [(-28, 38), (0, 90), (45, 25), (170, 50), (-100, 15)]
CELLS = [(1, 1), (8, 8), (16, 16), (3, 14), (12, 5), (16, 1)]


@pytest.mark.parametrize("yaw,pitch", CAMERAS)
@pytest.mark.parametrize("explode", [1.0, 2.5])
def test_centre_of_a_focused_cell_picks_it(yaw, pitch, explode):
    v = View(opacity=0.0, explode=explode)
    v.camera.yaw, v.camera.pitch = yaw, pitch
    v.frame()
    for focus in (1, 9):
        v.slicing.set_focus(focus)
        for x, y in CELLS:
            px, py = v.camera.project(v.layout().cell_center(x, y, focus))
            assert pick_view(v, px, py) == (x, y, focus)


@pytest.mark.parametrize("yaw,pitch", CAMERAS)
def test_nearest_visible_layer_wins(yaw, pitch):
    v = View(opacity=0.3, reach=15)  # every plane drawn (the default draws 4 around the focus)
    v.camera.yaw, v.camera.pitch = yaw, pitch
    v.frame()
    top = 16
    for x, y in CELLS:
        px, py = v.camera.project(v.layout().cell_center(x, y, top))
        assert pick_view(v, px, py) == (x, y, top)


def test_pick_on_a_higher_board_and_on_a_ghost():
    v = View(opacity=0.0)
    v.slicing.set_index(5, 3)
    v.slicing.set_ghost_dim(4)
    v.camera.set_view("top")
    v.frame(ghosts=True)
    lay = v.layout()
    px, py = v.camera.project(lay.cell_center(4, 6, 1))
    assert pick_view(v, px, py) == (4, 6, 1, 1, 3)
    px, py = v.camera.project(lay.cell_center(4, 6, 1, delta=1))
    assert pick_view(v, px, py) == (4, 6, 1, 2, 3)


@pytest.mark.parametrize("point", [(2, 2), (1279, 719), (640, 2), (2, 700)])
def test_outside_the_board_picks_nothing(point):
    v = View(opacity=0.0)
    v.frame()
    assert pick_view(v, *point) is None
    v.camera.set_view("front")  # looking along the planes
    v.camera.pitch = 0.0
    assert pick(v.camera, 640, 10, v.layout(), v.slicing, layers=[1]) is None
