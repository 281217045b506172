"""Highlights are visible: per-kind symbols (shape and colour) on empty and occupied cells, last turn,
ghosts."""

import numpy as np
import pytest
from viewer_fakes import FakePosition, Piece

from viewer.cube.scene import Highlights, View, highlight_layers
from viewer.cube.target_marks import SYMBOL_OF, sample_points, symbol_extent
from viewer.gl import palette

KINDS = ("move", "capture", "jump", "hyperjump", "stack")


def dominant(rgb_float):
    """Index (0 r, 1 g, 2 b) of the strongest channel(s) of a palette colour."""
    c = np.asarray(rgb_float)
    return set(np.flatnonzero(c >= c.max() - 0.12))


def has_kind_colour(px, kind):
    px = np.asarray(px, dtype=int)
    want = palette.SAFE.target[kind]
    dom = dominant(want)
    others = set(range(3)) - dom
    if not others:
        return True
    return min(px[i] for i in dom) > max(px[i] for i in others) + 25


def make_view(offscreen, name, hl, **kw):
    v = View(highlights=hl, **kw)
    v.camera.resize(offscreen.width, offscreen.height)
    v.camera.set_view(name)
    v.frame()
    return v


@pytest.fixture(scope="module")
def offscreen(gl_ctx):
    """Bigger than the shared 320x240 one: a cell is ~20 px wide in the top view."""
    from viewer.cube.render import OffscreenRenderer

    r = OffscreenRenderer(640, 400, ctx=gl_ctx)
    yield r
    r.release()


INSETS = (0.05, 0.08, 0.11, 0.14)


def ring_pixels(view, coord, delta=0, inset=0.08, lift=0.0):
    """Projected pixels at the middle of the four sides of a cell, ``inset`` inside the border."""
    lay = view.layout()
    c = lay.cell_corner(*coord[:3], delta=delta) + np.array([0, 0, lift])
    pts = [(0.5, inset), (0.5, 1 - inset), (inset, 0.5), (1 - inset, 0.5)]
    return [view.camera.project(c + np.array([u, v, 0.0])) for u, v in pts]


def sides_hit(frame, view, coord, test, delta=0):
    """How many of the 4 sides of the cell show a pixel passing ``test`` near the border."""
    per_side = [[test(at(frame, p)) for p in ring_pixels(view, coord, delta, inset)] for inset in INSETS]
    return sum(any(col) for col in zip(*per_side))


def at(frame, p):
    return frame[int(round(p[1])), int(round(p[0]))]


EMPTY = {"move": (6, 8, 1), "capture": (8, 8, 1), "jump": (10, 8, 1), "hyperjump": (12, 8, 1), "stack": (6, 10, 1)}
OCCUPIED = {"move": (5, 2, 1), "capture": (7, 15, 1), "jump": (9, 2, 1), "hyperjump": (11, 2, 1), "stack": (6, 2, 1)}


def nearest_kind(px):
    """The target kind whose colour is nearest to the pixel (RGB distance), if it is near one."""
    px = np.asarray(px, dtype=float) / 255.0
    kind = min(KINDS, key=lambda k: float(np.linalg.norm(px - np.asarray(palette.SAFE.target[k]))))
    return kind if np.linalg.norm(px - np.asarray(palette.SAFE.target[kind])) < 0.3 else None


def symbol_hits(frame, view, coord, kind, delta=0):
    """Fraction of the points of ``kind``'s symbol on ``coord`` with a pixel (within 1 px: the
    bands are a few pixels wide at this size) that reads as ``kind``."""
    centre = view.layout().cell_center(*coord[:3], delta=delta)
    pts = [view.camera.project(centre + np.array([u, v, 0.0])) for u, v in sample_points(kind)]

    def reads(p):
        x, y = int(round(p[0])), int(round(p[1]))
        return any(nearest_kind(frame[y + dy, x + dx]) == kind for dx in (-1, 0, 1) for dy in (-1, 0, 1))

    return sum(reads(p) for p in pts) / len(pts)


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_empty_target_shows_its_symbol_in_its_colour(offscreen, view_name):
    pos = FakePosition()
    hl = Highlights(targets={k: [c] for k, c in EMPTY.items()})
    v = make_view(offscreen, view_name, hl)
    frame = offscreen.render(pos, v)
    for kind, cell in EMPTY.items():
        assert symbol_hits(frame, v, cell, kind) >= 0.75, kind


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_occupied_target_shows_its_symbol_over_the_piece(offscreen, view_name):
    pos = FakePosition()
    hl = Highlights(targets={k: [c] for k, c in OCCUPIED.items()})
    v = make_view(offscreen, view_name, hl)
    base = offscreen.render(pos, make_view(offscreen, view_name, Highlights())).copy()
    frame = offscreen.render(pos, v)
    for kind, cell in OCCUPIED.items():
        assert pos.cell(cell), "the test cell must be occupied"
        assert symbol_hits(frame, v, cell, kind) >= 0.6, kind
        # and the symbol is new: nothing of that kind's look was there before
        assert symbol_hits(base, v, cell, kind) <= 0.25, kind


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_last_turn_cells_are_marked(offscreen, view_name):
    pos = FakePosition({(9, 4, 1): (Piece("pawn", "white"),)})
    hl = Highlights(last_from=(9, 8, 1), last_to=(9, 4, 1))
    v = make_view(offscreen, view_name, hl)
    frame = offscreen.render(pos, v).copy()
    plain = offscreen.render(pos, make_view(offscreen, view_name, Highlights())).copy()
    want = np.asarray(palette.SAFE.last_to) * 255

    def closer(cell):
        pts = ring_pixels(v, cell, inset=0.12)
        return sum(np.linalg.norm(at(frame, p) - want) < 0.75 * np.linalg.norm(at(plain, p) - want) for p in pts)

    for cell in (hl.last_from, hl.last_to):
        assert closer(cell) >= 3, cell


def test_hyperjump_target_on_a_ghost_board_is_visible(offscreen):
    pos = FakePosition({(8, 8, 1, 2): (Piece("queen", "black"),)})
    hl = Highlights(targets={"hyperjump": [(5, 8, 1, 2), (8, 8, 1, 2)]}, selected=(5, 8, 1))
    v = View(highlights=hl)
    v.slicing.set_ghost_dim(4)
    v.camera.resize(offscreen.width, offscreen.height)
    v.camera.set_view("top")
    v.frame()
    frame = offscreen.render(pos, v)
    # empty landing and occupied landing (the ghost queen): the triangle in the kind's colour
    assert symbol_hits(frame, v, (5, 8, 1), "hyperjump", delta=1) >= 0.75
    assert symbol_hits(frame, v, (8, 8, 1), "hyperjump", delta=1) >= 0.6


def test_kinds_have_distinct_shapes_that_stay_inside_their_cell():
    assert len(set(SYMBOL_OF.values())) == len(KINDS)
    for kind in KINDS:
        assert symbol_extent(SYMBOL_OF[kind]) < 0.5, kind  # inside its cell: neighbours never overlap
    v = View(
        highlights=Highlights(
            targets={k: [c] for k, c in EMPTY.items()}, last_from=(1, 1, 1), last_to=(2, 2, 1), selected=(3, 3, 1)
        )
    )
    layers = highlight_layers(v, v.layout(), FakePosition())
    for kind, cell in EMPTY.items():
        rows = layers[SYMBOL_OF[kind]]
        assert len(rows) == 2  # a dark rim, then the symbol
        centre = v.layout().cell_center(*cell)
        assert np.allclose(rows[:, :2], centre[:2])
        assert rows[0, 4:7].sum() < rows[1, 4:7].sum()
    assert len(layers["marks"]) == len(KINDS) + 2  # a faint fill per target + the last turn's two cells


def test_a_3d_jump_gets_a_pole_from_the_origin_to_its_plane():
    v = View(
        highlights=Highlights(targets={"jump": [(8, 8, 4), (8, 8, 2)], "move": [(9, 8, 1)]}, selected=(8, 8, 1)),
        explode=1.5,
    )
    v.slicing.set_focus(1)
    v.opacity = 0.5
    lay = v.layout()
    poles = highlight_layers(v, lay, FakePosition())["sym_pole"]
    assert len(poles) == 1
    x, y, z, w = (float(t) for t in poles[0, :4])
    assert (x, y) == pytest.approx(tuple(lay.cell_center(8, 8, 1)[:2]))
    assert z == pytest.approx(lay.layer_height(1), abs=0.02)
    assert -w == pytest.approx(lay.layer_height(4) - lay.layer_height(1), abs=0.02)


def test_selected_ring_tops_the_pile():
    pos = FakePosition({(8, 8, 1): (Piece("rook", "white"), Piece("king", "white"))}, opening=False)
    v = View(highlights=Highlights(selected=(8, 8, 1)))
    rings = highlight_layers(v, v.layout(), pos)["rings"]
    heights = sorted(float(r[2]) for r in rings)
    assert heights[0] < 0.1 and heights[-1] > 1.0


def test_pulse_uses_injected_time_only():
    v = View(highlights=Highlights(targets={"move": [(8, 8, 1)]}))
    a = highlight_layers(v, v.layout())
    b = highlight_layers(v, v.layout())
    assert all(np.array_equal(a[k], b[k]) for k in a)
    v.time = 0.3
    c = highlight_layers(v, v.layout())
    assert not np.array_equal(a["sym_dot"], c["sym_dot"])
