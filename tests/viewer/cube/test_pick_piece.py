"""Pick what you see (issue 16, item 4): a click on any visible part of a piece — its body, crown or
base — selects that piece; a click beside it does not.  Picking tests the ray against the triangles
the piece is drawn with, placed as the scene places them."""

from __future__ import annotations

import numpy as np
import pytest
from viewer_fakes import FakePosition, Piece

from viewer.cube.column_pick import mesh_triangles, pick_piece, piece_hit
from viewer.cube.controller import CubeController
from viewer.cube.scene import PIECE_SCALE, View, piece_height, pile_height, stack_members

#: the slimmed box the picking used before: the cell's footprint less this much on each side
OLD_INSET = 0.14
CELL = (8, 8, 1)


class RayCamera:
    """A camera whose every pixel casts the same ray (exact rays for the geometry tests)."""

    def __init__(self, origin, direction):
        self.o = np.asarray(origin, dtype=float)
        d = np.asarray(direction, dtype=float)
        self.d = d / np.linalg.norm(d)

    def ray(self, _px, _py):
        return self.o, self.d


def lone(kind, side="white", coord=CELL):
    view = View(opacity=0.0)
    pos = FakePosition({coord: (Piece(kind, side),)}, opening=False)
    return pos, view, view.layout()


def in_old_box(layout, coord, point) -> bool:
    lo = layout.cell_corner(*coord)
    return bool(np.all(point[:2] >= lo[:2] + OLD_INSET) and np.all(point[:2] <= lo[:2] + 1 - OLD_INSET))


def down_through(point):
    """A vertical ray from above through ``point`` (x, y)."""
    return RayCamera((point[0], point[1], 20.0), (0.0, 0.0, -1.0))


@pytest.mark.parametrize(
    ("kind", "part_z", "what"),
    [("brother", 0.75, "crown spike"), ("king", 0.05, "base disc"), ("queen", 0.05, "base disc")],
)
def test_a_ray_through_a_crown_or_base_outside_the_old_box_picks_the_piece(kind, part_z, what):
    pos, view, lay = lone(kind)
    centre = lay.cell_center(*CELL)
    tris = mesh_triangles(kind)
    # the mesh corner of that part farthest from the axis, a little inside it (world units)
    z = tris[..., 2].reshape(-1)
    pts = tris.reshape(-1, 3)[np.abs(z - part_z) < 0.12]
    far = pts[np.argmax(np.hypot(pts[:, 0], pts[:, 1]))]
    point = centre + np.array([far[0], far[1], 0.0]) * PIECE_SCALE * 0.97
    assert not in_old_box(lay, CELL, point), f"the {what} reaches past the old box"
    hit = piece_hit(down_through(point), 0, 0, lay, view, pos)
    assert hit is not None and hit[0] == CELL, what
    height = 20.0 - hit[1]
    assert height < piece_height(kind) * PIECE_SCALE  # it met the part, not the floor
    assert pick_piece(down_through(point), 0, 0, lay, view, pos) == CELL


def test_a_ray_beside_a_slim_neck_inside_the_old_box_picks_nothing():
    pos, view, lay = lone("king")
    centre = lay.cell_center(*CELL)
    z = 0.65 * PIECE_SCALE  # the king's neck: radius about 0.11 mesh units
    for side in (-1.0, 1.0):
        origin = centre + np.array([side * 0.3, -6.0, z])
        cam = RayCamera(origin, (0.0, 1.0, 0.0))  # level, 0.3 cells beside the axis
        assert in_old_box(lay, CELL, origin + np.array([0.0, 6.0, 0.0]))  # the old box took it
        assert piece_hit(cam, 0, 0, lay, view, pos) is None
    cam = RayCamera(centre + np.array([0.0, -6.0, z]), (0.0, 1.0, 0.0))  # through the axis
    assert piece_hit(cam, 0, 0, lay, view, pos)[0] == CELL


def test_a_black_piece_is_picked_where_it_is_drawn_turned_round():
    """The knight's head points forward: +y for white, -y for black (the shader turns black)."""
    for side, sign in (("white", 1.0), ("black", -1.0)):
        pos, view, lay = lone("knight", side)
        centre = lay.cell_center(*CELL)
        tris = mesh_triangles("knight").reshape(-1, 3)
        top = tris[tris[:, 2] > 0.6]
        head = top[np.argmax(top[:, 1])]  # the forward tip of the head (mesh units, facing +y)
        assert head[1] > 0.15
        point = centre + np.array([0.0, sign * head[1] * 0.9 * PIECE_SCALE, 0.0])
        assert piece_hit(down_through(point), 0, 0, lay, view, pos) is not None, side
        behind = centre + np.array([0.0, -sign * head[1] * 0.9 * PIECE_SCALE, 0.0])
        hit = piece_hit(down_through(behind), 0, 0, lay, view, pos)
        assert hit is None or 20.0 - hit[1] < 0.6 * PIECE_SCALE, side  # no head on the other side


def test_every_member_of_a_stack_is_picked_where_it_stands():
    view = View(opacity=0.0)
    stack = (Piece("rook", "white"), Piece("knight", "white"))
    pos = FakePosition({CELL: stack}, opening=False)
    lay = view.layout()
    centre = lay.cell_center(*CELL)
    members = stack_members(stack, (centre[0], centre[1], centre[2]))
    for _piece, kind, base, signed in members:
        mid = base[2] + 0.5 * piece_height(kind) * abs(signed)
        cam = RayCamera((centre[0], centre[1] - 6.0, mid), (0.0, 1.0, 0.0))
        assert piece_hit(cam, 0, 0, lay, view, pos)[0] == CELL
    over = members[-1][2][2] + piece_height("knight") * abs(members[-1][3]) + 0.05
    assert piece_hit(RayCamera((centre[0], centre[1] - 6.0, over), (0.0, 1.0, 0.0)), 0, 0, lay, view, pos) is None
    assert abs(over - 0.05 - pile_height(stack)) < 1e-9  # the pile's drawn top is its height


def test_picking_agrees_with_the_pixels_drawn(offscreen):
    """Render a lone piece and the empty board; where every pixel of a 3×3 patch changed the piece
    is drawn and the pick must give it, where none changed it must give nothing."""
    for kind, side in (("king", "white"), ("brother", "black"), ("knight", "black")):
        pos, view, lay = lone(kind, side)
        cam = view.camera
        cam.resize(offscreen.width, offscreen.height)
        view.frame()
        cam.target = lay.cell_center(*CELL) + np.array([0.0, 0.0, 0.6])
        cam.distance = 4.5
        with_piece = offscreen.render(pos, view).astype(int)
        empty = offscreen.render(FakePosition({}, opening=False), view).astype(int)
        drawn = np.abs(with_piece - empty).sum(axis=2) > 24
        h, w = drawn.shape
        inside = np.zeros_like(drawn)
        outside = np.zeros_like(drawn)
        inside[1:-1, 1:-1] = np.all(
            [drawn[1 + dy : h - 1 + dy, 1 + dx : w - 1 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0
        )
        outside[1:-1, 1:-1] = ~np.any(
            [drawn[1 + dy : h - 1 + dy, 1 + dx : w - 1 + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)], axis=0
        )
        ys, xs = np.nonzero(drawn)
        assert len(ys) > 400, f"the {kind} is drawn large enough to test"
        y0, y1, x0, x1 = ys.min() - 6, ys.max() + 6, xs.min() - 6, xs.max() + 6
        checked = {"in": 0, "out": 0}
        for py in range(max(1, y0), min(h - 1, y1), 5):
            for px in range(max(1, x0), min(w - 1, x1), 5):
                if inside[py, px] or outside[py, px]:
                    got = pick_piece(cam, px + 0.5, py + 0.5, lay, view, pos)
                    want = CELL if inside[py, px] else None
                    assert got == want, (kind, side, px, py)
                    checked["in" if want else "out"] += 1
        assert checked["in"] > 40 and checked["out"] > 40, checked


def test_a_click_on_a_tall_piece_body_selects_it_not_the_cell_behind():
    from engine import Piece as EnginePiece

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    pos = c.game.positions[-1]
    queen = (8, 6, 1)  # a tall piece with empty cells behind it
    c.game.positions[-1] = pos.replace(cells={**pos.cells, queen: (EnginePiece("queen", "white"),)})
    c.view.camera.resize(1280, 720)
    c.view.frame(layers=0)
    lay = c.view.layout(c.rules)
    h = pile_height(c.game.position.cell(queen))
    px, py = c.view.camera.project(lay.cell_center(*queen) + np.array([0.0, 0.0, 0.8 * h]))
    behind = c.pick(px, py)
    assert behind is not None and behind[:3] != queen  # the floor under the pixel is another cell,
    assert not c.position.cell(behind)  # an empty one
    assert pick_piece(c.view.camera, px, py, lay, c.view, c.position)[:3] == queen
    c.click(px, py)
    assert c.builder is not None and c.builder.origin[:3] == queen
    # just beside its slim neck: the empty floor behind, not the queen
    qx, qy = c.view.camera.project(lay.cell_center(*queen) + np.array([0.3, 0.0, 0.5 * h]))
    got = c.pick_shown(qx, qy)
    assert got is not None and got[:3] != queen and not c.position.cell(got)


def test_a_click_on_the_floor_in_front_of_pieces_picks_the_floor():
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    c.view.camera.resize(1280, 720)
    c.view.frame(layers=0)
    lay = c.view.layout(c.rules)
    px, py = c.view.camera.project(lay.cell_center(8, 8, 1))  # an empty cell mid-board
    assert pick_piece(c.view.camera, px, py, lay, c.view, c.position) is None
    assert c.pick(px, py)[:3] == (8, 8, 1)
