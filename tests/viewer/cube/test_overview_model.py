"""The board overview's model: counts from changed cells, the grid, the navigator, picking."""

from __future__ import annotations

import pytest

from engine import Piece, Position, load_ruleset, start_position
from engine.cube.game import sample_game
from viewer.cube.overview import PLANE_STEP, Overview, board_counts, board_name, build_overview_scene
from viewer.cube.scene import PIECE_MESHES
from viewer.gl.camera import Camera


def walked_counts(pos, higher):
    """Each side's pieces on a board, by walking all of its cells (what board_counts avoids)."""
    out = {"white": 0, "black": 0}
    for _c, stack in pos.board_pieces(higher):
        for p in stack:
            out[p.side] += 1
    return out


def hyper_position():
    """The opening with a white rook on w4=2 (it left (1,1,1)), a black queen on w5=2 and a
    crowded pawn taken from w4=2 (a changed cell that empties a default one)."""
    rules = load_ruleset("standard")
    pieces = {
        (8, 8, 1, 2): (Piece("rook", "white"),),
        (8, 9, 4, 1, 2): (Piece("queen", "black"),),
        (1, 1, 1): (),
        (5, 15, 2, 2): (),
    }
    return Position.from_pieces(rules, pieces)


@pytest.mark.parametrize("make", [lambda: sample_game().position, hyper_position, start_position])
def test_counts_from_changed_cells_equal_a_walk_of_each_board(make):
    pos = make()
    counts = board_counts(pos)
    assert () in counts
    for higher, c in counts.items():
        assert {"white": c["white"], "black": c["black"]} == walked_counts(pos, higher), higher


def test_counts_never_walk_a_board(monkeypatch):
    pos = hyper_position()
    monkeypatch.setattr(type(pos), "board_pieces", lambda *a, **k: pytest.fail("walked a board"))
    monkeypatch.setattr(type(pos), "cell", lambda *a, **k: pytest.fail("read a cell"))
    assert set(board_counts(pos)) == {(), (2,), (1, 2)}


def test_grid_spans_the_used_boards_and_the_navigator_lists_them():
    pos = hyper_position()
    ov = Overview(pos, current=(), focus_z=1, dims=(4, 5))
    shown = {b.higher for b in ov.boards}
    assert {(), (2,), (1, 2)} <= shown  # every board with pieces of the game
    assert (3, 3) in shown and (1, 3) in shown  # one beyond the farthest along each dimension
    cols = {b.col for b in ov.boards}
    rows = {b.row for b in ov.boards}
    assert len(ov.boards) == len(cols) * len(rows) == 3 * 3
    assert [h for h, _n, _c in ov.navigator()] == [(), (2,), (1, 2)]
    nav = {h: c for h, _n, c in ov.navigator()}
    assert nav[(2,)]["white"] == walked_counts(pos, (2,))["white"] == 3 * 16 * 16 + 1
    assert nav[(2,)]["black"] == 3 * 16 * 16 - 1
    assert nav[(1, 2)]["black"] == 3 * 16 * 16 + 1
    assert board_name((2, 3)) == "w4=2 w5=3" and board_name((1, 2)) == "w5=2" and board_name(()) == "main board"
    lines = ov.navigator_lines()
    assert any(line.startswith(" 1>") and "main board" in line for line in lines)
    assert any(line.startswith(" 2 ") and "w4=2" in line for line in lines)


def test_other_higher_dimensions_stay_those_of_the_current_board():
    pos = hyper_position()
    ov = Overview(pos, current=(1, 1, 5), focus_z=1, dims=(4, 5))
    assert all(len(b.higher) == 3 and b.higher[2] == 5 for b in ov.boards)
    assert {(), (2,), (1, 2)}.isdisjoint({b.higher for b in ov.boards})
    with pytest.raises(ValueError, match="two different higher dimensions"):
        Overview(pos, dims=(4, 4))


def test_a_click_on_a_small_board_finds_that_board_and_cell():
    pos = hyper_position()
    ov = Overview(pos, current=(), focus_z=1)
    cam = Camera(width=1280, height=720)
    ov.frame(cam)
    for b in ov.boards:
        ox, oy = b.origin
        px, py = cam.project((ox + 5.5, oy + 9.5, 0.0))  # the centre of cell (6, 10)
        hit = ov.pick(cam, px, py)
        assert hit is not None and hit[0].higher == b.higher and hit[1] == (6, 10)
    assert ov.pick(cam, 2, 2) is None


def test_scene_draws_the_focused_plane_of_every_board_and_frames_the_current_one():
    pos = hyper_position()
    ov = Overview(pos, current=(2,), focus_z=1)
    scene = build_overview_scene(ov)
    assert len(scene.opaque["tiles"]) == len(ov.boards)
    # every board's plane z=1 with all its pieces, opaque
    on_plane = sum(len(st) for b in ov.boards for c, st in pos.board_pieces(b.higher) if c[2] == 1)
    assert sum(len(v) for k, v in scene.opaque.items() if k in PIECE_MESHES) == on_plane
    # the queen on plane 4 of w5=2 floats above its small board, faded
    (queen,) = scene.translucent["queen"]
    b = ov.board((1, 2))
    assert queen[0] == pytest.approx(b.origin[0] + 7.5) and queen[2] == pytest.approx(3 * PLANE_STEP)
    # the current board gets a thick frame on top of the usual edge
    assert len(scene.opaque["edges"]) > len(ov.boards)
