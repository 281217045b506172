"""Highlights are visible: per-kind colours on empty and occupied cells, last turn, ghosts."""
import numpy as np
import pytest

from viewer_fakes import FakePosition, Piece
from viewer.gl import palette
from viewer.cube.scene import Highlights, View, highlight_layers

KINDS = ("move", "capture", "jump", "hyperjump", "stack")


def dominant(rgb_float):
    """Index (0 r, 1 g, 2 b) of the strongest channel(s) of a palette colour."""
    c = np.asarray(rgb_float)
    return set(np.flatnonzero(c >= c.max() - 0.12))


def has_kind_colour(px, kind):
    px = np.asarray(px, dtype=int)
    want = palette.TARGET[kind]
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


EMPTY = {"move": (6, 8, 1), "capture": (8, 8, 1), "jump": (10, 8, 1), "hyperjump": (12, 8, 1),
         "stack": (6, 10, 1)}
OCCUPIED = {"move": (5, 2, 1), "capture": (7, 15, 1), "jump": (9, 2, 1), "hyperjump": (11, 2, 1),
            "stack": (6, 2, 1)}


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_empty_target_centre_has_the_kind_colour(offscreen, view_name):
    pos = FakePosition()
    hl = Highlights(targets={k: [c] for k, c in EMPTY.items()})
    v = make_view(offscreen, view_name, hl)
    frame = offscreen.render(pos, v)
    for kind, cell in EMPTY.items():
        px = at(frame, v.camera.project(v.layout().cell_center(*cell)))
        assert has_kind_colour(px, kind), (kind, px)


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_occupied_target_shows_a_ring_around_the_piece(offscreen, view_name):
    pos = FakePosition()
    hl = Highlights(targets={k: [c] for k, c in OCCUPIED.items()})
    v = make_view(offscreen, view_name, hl)
    frame = offscreen.render(pos, v)
    base = offscreen.render(pos, make_view(offscreen, view_name, Highlights())).copy()
    frame = offscreen.render(pos, v)
    for kind, cell in OCCUPIED.items():
        assert pos.cell(cell), "the test cell must be occupied"
        hits = sides_hit(frame, v, cell, lambda px: has_kind_colour(px, kind))
        assert hits >= 3, (kind, [at(frame, p) for p in ring_pixels(v, cell)])
        # and the ring is new: the highlight changed those pixels (black pieces are red already)
        changed = sides_hit(np.abs(frame.astype(int) - base.astype(int)), v, cell, lambda d: d.sum() > 60)
        assert changed >= 3, kind


@pytest.mark.parametrize("view_name", ["top", "default"])
def test_last_turn_cells_are_marked(offscreen, view_name):
    pos = FakePosition({(9, 4, 1): (Piece("pawn", "white"),)})
    hl = Highlights(last_from=(9, 8, 1), last_to=(9, 4, 1))
    v = make_view(offscreen, view_name, hl)
    frame = offscreen.render(pos, v).copy()
    plain = offscreen.render(pos, make_view(offscreen, view_name, Highlights())).copy()

    def orange(px):
        r, g, b = (int(c) for c in px)
        return r > 170 and r > g + 40 and g > b + 40

    for cell in (hl.last_from, hl.last_to):
        assert sides_hit(frame, v, cell, orange) >= 3, (cell, [at(frame, p) for p in ring_pixels(v, cell)])
        assert sides_hit(plain, v, cell, orange) == 0


def test_hyperjump_target_on_a_ghost_board_is_visible(offscreen):
    pos = FakePosition({(8, 8, 1, 2): (Piece("queen", "black"),)})
    hl = Highlights(targets={"hyperjump": [(5, 8, 1, 2), (8, 8, 1, 2)]}, selected=(5, 8, 1))
    v = View(highlights=hl)
    v.slicing.set_ghost_dim(4)
    v.camera.resize(offscreen.width, offscreen.height)
    v.camera.set_view("top")
    v.frame()
    frame = offscreen.render(pos, v)
    # empty landing: the centre; occupied landing (the ghost queen): the ring
    px = at(frame, v.camera.project(v.layout().cell_center(5, 8, 1, delta=1)))
    assert has_kind_colour(px, "hyperjump"), px
    assert sides_hit(frame, v, (8, 8, 1), lambda px: has_kind_colour(px, "hyperjump"), delta=1) >= 3


def test_kinds_have_distinct_colours_and_layers():
    cols = [np.asarray(palette.TARGET[k]) for k in KINDS]
    for i in range(len(cols)):
        for j in range(i + 1, len(cols)):
            assert np.abs(cols[i] - cols[j]).sum() > 0.35, (KINDS[i], KINDS[j])
    v = View(highlights=Highlights(targets={k: [c] for k, c in EMPTY.items()},
                                   last_from=(1, 1, 1), last_to=(2, 2, 1), selected=(3, 3, 1)))
    layers = highlight_layers(v, v.layout(), FakePosition())
    assert len(layers["columns"]) == len(KINDS) + 1            # every target + the selected origin
    assert len(layers["outlines"]) >= 2 * len(KINDS) + 2       # floor + top frame per target, last turn
    assert np.all(layers["columns"][:, 3] < 0)                 # columns: z-scaled by -w


def test_columns_reach_over_the_pile():
    pos = FakePosition({(8, 8, 1): (Piece("rook", "white"), Piece("king", "white"))}, opening=False)
    v = View(highlights=Highlights(targets={"stack": [(8, 8, 1)], "move": [(9, 9, 1)]}))
    cols = highlight_layers(v, v.layout(), pos)["columns"]
    by_x = {round(float(r[0])): -float(r[3]) for r in cols}
    tall, short = by_x[-1], by_x[0]         # cell x = 8 starts at world x -1, x = 9 at 0
    assert tall > 1.0 > short > 0.1


def test_pulse_uses_injected_time_only():
    v = View(highlights=Highlights(targets={"move": [(8, 8, 1)]}))
    a = highlight_layers(v, v.layout())
    b = highlight_layers(v, v.layout())
    assert all(np.array_equal(a[k], b[k]) for k in a)
    v.time = 0.3
    c = highlight_layers(v, v.layout())
    assert not np.array_equal(a["columns"], c["columns"])
