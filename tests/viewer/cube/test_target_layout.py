"""In the default 3-D view the targets of a selected piece never cover one another (issue 12):
symbols of targets on one plane never overlap at all; a 3-D jump's hollow diamond on another
plane may cross a neighbour's symbol on screen, but every target still shows its own shape in its
own colour in the rendered picture."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from engine import Piece, Position, load_ruleset
from viewer.cube.controller import CubeController
from viewer.cube.target_marks import SYMBOL_OF, sample_points, symbol_extent
from viewer.gl import palette


def footprint(view, coord):
    """The projected quadrilateral (pixels) of the square a target's symbol can cover."""
    lay = view.layout()
    c = lay.cell_center(*coord[:3], delta=view.slicing.board_of(coord) or 0)
    e = max(symbol_extent(SYMBOL_OF[k]) for k in SYMBOL_OF)
    return np.array(
        [view.camera.project(c + np.array([dx, dy, 0.0])) for dx, dy in ((-e, -e), (e, -e), (e, e), (-e, e))]
    )


def overlap(a, b) -> bool:
    """Whether two convex polygons overlap (separating axis test)."""
    for poly in (a, b):
        for i in range(len(poly)):
            edge = poly[(i + 1) % len(poly)] - poly[i]
            axis = np.array([-edge[1], edge[0]])
            pa, pb = a @ axis, b @ axis
            if pa.max() <= pb.min() + 1e-6 or pb.max() <= pa.min() + 1e-6:
                return False
    return True


def selected(controller, origin):
    controller.click_cell(origin)
    targets = [(k, tuple(c)) for k, cs in controller.targets().items() for c in cs]
    assert targets, origin
    return targets


def controller_with(pieces=None):
    if pieces is None:
        return CubeController(quick=True, autosave_path=None)
    from engine.cube.game import Game

    rules = load_ruleset("standard")
    game = Game(rules)
    game.positions = [Position.from_pieces(rules, pieces)]
    return CubeController(game=game, autosave_path=None)


CASES = {
    "opening knight": (None, (4, 1, 1)),
    "queen on plane 3 (3-D jumps above and below)": ({(8, 8, 3): (Piece("queen", "white"),)}, (8, 8, 3)),
    "rook in the open": ({(8, 8, 1): (Piece("rook", "white"),), (8, 12, 1): (Piece("pawn", "black"),)}, (8, 8, 1)),
}


@pytest.mark.parametrize("case", list(CASES))
def test_target_symbols_of_a_selected_piece_never_overlap_in_the_default_view(case):
    pieces, origin = CASES[case]
    c = controller_with(pieces)
    c.view.camera.resize(1280, 720)
    c.view.slicing.set_focus(origin[2])
    c.view.frame()
    targets = selected(c, origin)
    shown = [(k, t) for k, t in targets if c.view.slicing.board_of(t) is not None and c.view.layer_alpha(t[2]) > 0]
    assert len(shown) >= 3
    polys = {t: footprint(c.view, t) for _k, t in shown}
    for (ka, a), (kb, b) in itertools.combinations(shown, 2):
        if a == b or a[2] != b[2] or a[3:] != b[3:]:
            continue
        assert not overlap(polys[a], polys[b]), (ka, a, kb, b)


def nearest_kind(px):
    px = np.asarray(px, dtype=float) / 255.0
    kind = min(palette.SAFE.target, key=lambda k: float(np.linalg.norm(px - np.asarray(palette.SAFE.target[k]))))
    return kind if np.linalg.norm(px - np.asarray(palette.SAFE.target[kind])) < 0.3 else None


def reads_as(frame, view, coord, kind) -> float:
    """Fraction of the symbol's points of ``kind`` on ``coord`` whose pixel (within 1 px) reads as it."""
    centre = view.layout().cell_center(*coord[:3], delta=view.slicing.board_of(coord) or 0)
    hits = 0
    pts = sample_points(kind)
    for u, v in pts:
        x, y = (int(round(t)) for t in view.camera.project(centre + np.array([u, v, 0.0])))
        hits += any(nearest_kind(frame[y + dy, x + dx]) == kind for dx in (-1, 0, 1) for dy in (-1, 0, 1))
    return hits / len(pts)


@pytest.fixture(scope="module")
def big(gl_ctx):
    from viewer.cube.render import OffscreenRenderer

    r = OffscreenRenderer(1280, 720, ctx=gl_ctx)
    yield r
    r.release()


@pytest.mark.parametrize("case", list(CASES))
def test_a_screenshot_of_a_selected_piece_shows_every_target(case, big):
    pieces, origin = CASES[case]
    c = controller_with(pieces)
    c.view.camera.resize(1280, 720)
    c.view.slicing.set_focus(origin[2])
    c.view.frame()
    targets = selected(c, origin)
    frame = big.render(c.position, c.view)
    shown = [(k, t) for k, t in targets if c.view.slicing.board_of(t) is not None and c.view.layer_alpha(t[2]) > 0]
    assert len(shown) >= 3
    for kind, t in shown:
        assert reads_as(frame, c.view, t, kind) >= 0.6, (kind, t)
