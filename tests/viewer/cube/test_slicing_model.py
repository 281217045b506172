"""The slider model: which 3-D board is shown (no GL)."""

import pytest
from viewer_fakes import FakePosition, Piece

from viewer.cube.slicing import Slicing


def test_one_slider_on_an_untouched_world():
    s = Slicing()
    s.update_from(FakePosition())
    assert s.dims() == [4]
    assert s.higher() == ()
    assert s.slider_range(4) == (1, 2)


def test_sliders_reach_one_past_the_farthest_dimension_with_markers():
    pos = FakePosition({(5, 8, 1, 3): (Piece("rook", "white"),), (6, 8, 2, 1, 2): (Piece("knight", "black"),)})
    s = Slicing()
    s.update_from(pos)
    assert s.dims() == [4, 5, 6]
    assert s.markers[4] == [1, 3]
    assert s.markers[5] == [2]
    assert s.slider_range(4) == (1, 4)


def test_indices_make_the_board_key_and_coordinates():
    s = Slicing()
    s.set_index(5, 2)
    assert s.higher() == (1, 2)
    assert s.coord(3, 4, 5) == (3, 4, 5, 1, 2)
    s.set_index(5, 1)
    assert s.higher() == ()
    with pytest.raises(ValueError):
        s.set_index(4, 0)
    with pytest.raises(ValueError):
        s.set_index(3, 2)


def test_revision_grows_only_on_change():
    s = Slicing()
    r = s.revision
    s.set_index(4, 1)
    s.set_focus(1)
    assert s.revision == r
    s.step(4)
    s.set_focus(7)
    assert s.revision == r + 2
    assert s.index(4) == 2 and s.focus_z == 7
    s.set_focus(99)
    assert s.focus_z == 16


def test_playback_advances_with_explicit_time_and_wraps():
    s = Slicing()
    s.update_from(FakePosition({(5, 8, 1, 3): (Piece("rook", "white"),)}))
    s.play(4, time=10.0, rate=2.0)  # range 1..4
    assert not s.advance(10.2)
    assert s.advance(10.5) and s.index(4) == 2
    s.advance(11.5)
    assert s.index(4) == 4
    s.advance(12.0)
    assert s.index(4) == 1  # wrapped
    s.stop()
    assert not s.advance(100.0) and not s.playing


def test_ghost_boards_are_the_neighbours():
    s = Slicing()
    assert s.ghost_boards() == []
    s.set_ghost_dim(4)
    assert s.ghost_boards() == [(1, (2,))]  # no index 0
    s.set_index(4, 3)
    assert s.ghost_boards() == [(-1, (2,)), (1, (4,))]
    assert s.board_of((1, 1, 1, 3)) == 0
    assert s.board_of((1, 1, 1, 4)) == 1
    assert s.board_of((1, 1, 1, 2, 1)) == -1
    assert s.board_of((1, 1, 1)) is None
    assert s.coord(2, 2, 2, delta=-1) == (2, 2, 2, 2)
    with pytest.raises(ValueError):
        s.set_ghost_dim(3)
