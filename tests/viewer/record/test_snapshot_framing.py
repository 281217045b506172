"""Issue 16: a still (``daqi snapshot``) frames the whole board of its move, the move in view.

No GL: a painter that keeps the frame state shows which camera pose the still was drawn with,
and the board's corners and the move are projected with that pose.
"""

from __future__ import annotations

import numpy as np
import pytest

from viewer.gl.camera import Camera
from viewer.record import recording as R
from viewer.record.camera_paths import STILL_INSET, board_box

W, H = 960, 540
DEMO = "engine/cube/samples/demo.txt"


class KeepPainter:
    def __init__(self):
        self.states = []

    def paint(self, st, animator):
        self.states.append((st, animator))
        return np.zeros((H, W, 3), np.uint8)

    def release(self):
        pass


def _camera(pose) -> Camera:
    cam = Camera(width=W, height=H)
    pose.apply(cam)
    return cam


@pytest.fixture(scope="module")
def game():
    return R.load_game(DEMO)


@pytest.mark.parametrize("camera", ["follow", "fixed"])
@pytest.mark.parametrize("turn", [1, 3, 10, 15])  # turns 4 and 5 are hyper-jumps: their still is the overview
def test_still_shows_the_whole_board_and_the_move(tmp_path, game, turn, camera):
    painter = KeepPainter()
    R.snapshot(game, tmp_path / "s.png", turn=turn, size=(W, H), camera=camera, overlay=True, painter=painter)
    ((st, animator),) = painter.states
    assert st.overview is None  # a board still, not the overview of a hyper-jump
    cam = _camera(st.pose)
    lo, hi = board_box(animator.layout, st.focus_z)
    corners = [(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
    top, bottom = STILL_INSET[0] * H, H - STILL_INSET[1] * H
    for c in corners:
        px, py = cam.project(c)
        assert 0 <= px <= W and top - 1 <= py <= bottom + 1, (turn, c, px, py)
    assert st.last_to is not None
    px, py = cam.project(animator.world(st.last_to))
    assert 0.05 * W < px < 0.95 * W and top < py < bottom
    # the board fills the picture (not a speck): its projected width is at least half the frame
    xs = [cam.project(c)[0] for c in corners]
    assert max(xs) - min(xs) > 0.5 * W
