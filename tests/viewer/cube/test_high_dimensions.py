"""A game that reached dimension 10,000 is drawn with bounded work (issue 17): the overview, the
3-D scene of the far board, the threats and the sliders read what is there, never a coordinate of
the board's dimension per cell.  Counted, not timed (benchmarks/bench_dimensions.py times it)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from engine import Position
from engine.analysis.threats import cube_threats
from viewer.cube.hud import MAX_SLIDERS, slider_layout
from viewer.cube.overview import Overview, build_overview_scene
from viewer.cube.scene import View, build_scene
from viewer.cube.slicing import Slicing
from viewer.ui.words import short_coords

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "benchmarks"))
from bench_dimensions import far_game  # noqa: E402


@pytest.fixture(scope="module")
def games():
    return {d: far_game(d) for d in (5, 10_000)}


def reads(monkeypatch) -> list:
    """Record the length of every coordinate a position reads a cell or its default at."""
    seen: list = []
    real_cell, real_default = Position.cell, Position.default

    def cell(self, c):
        seen.append(len(c))
        return real_cell(self, c)

    def default(self, c):
        seen.append(len(c))
        return real_default(self, c)

    monkeypatch.setattr(Position, "cell", cell)
    monkeypatch.setattr(Position, "default", default)
    return seen


def far_board(pos) -> tuple:
    return (1,) * (pos.max_dimension() - 4) + (2,)


def test_the_overview_and_the_far_boards_scene_read_short_coordinates(games, monkeypatch):
    work = {}
    for d, g in games.items():
        seen = reads(monkeypatch)
        pos = g.position
        higher = far_board(pos)
        ov = Overview(pos, current=higher, dims=(4, max(5, d)))
        build_overview_scene(ov)
        view = View()
        view.slicing.update_from(pos)
        view.slicing.set_higher(higher)
        scene = build_scene(pos, view)
        assert scene.piece_count > 0
        work[d] = (len(seen), sum(1 for n in seen if n > 16))
        monkeypatch.undo()
    assert work[10_000][1] <= 8  # long coordinates: the few changed cells up there, never one per cell
    assert work[10_000][0] <= work[5][0] + 16  # the same number of look-ups as in dimension 5


def test_threats_in_dimension_10000_do_the_work_of_dimension_5(games, monkeypatch):
    from engine.cube import legal, movegen

    work = {}
    for d, g in games.items():
        listed = []
        real = movegen._displace

        def displace(*args, real=real, listed=listed):
            out = real(*args)
            listed.append(len(out))
            return out

        monkeypatch.setattr(movegen, "_displace", displace)
        monkeypatch.setattr(legal, "_displace", displace)
        seen = reads(monkeypatch)
        found = cube_threats(g.position)
        work[d] = (sum(listed), sum(1 for n in seen if n > 16), [(t.kind, t.side) for t in found])
        monkeypatch.undo()
    assert work[10_000][2] == work[5][2]  # the same threats
    assert work[10_000][0] <= work[5][0] + 16  # actions listed: no hyper-jump per dimension
    assert work[10_000][1] <= 64  # long coordinates: only around the two far pawns


def test_at_most_twelve_sliders_with_the_ones_that_matter(games):
    pos = games[10_000].position
    sl = Slicing()
    sl.update_from(pos)
    sl.set_index(10_000, 2)
    widgets = slider_layout(sl, 1280, 800, active_dim=7)
    dims = [w.dim for w in widgets]
    assert len(dims) == MAX_SLIDERS == len(set(dims))
    assert {4, 7, 10_000, 10_001} <= set(dims)  # first, active, the shown board's and the last
    few = Slicing()
    few.update_from(games[5].position)
    assert [w.dim for w in slider_layout(few, 1280, 800)] == [6, 5, 4]  # all of them while they fit


def test_turns_on_screen_write_long_runs_of_ones_short():
    far = "P(9,4,1" + ",1" * 9996 + ",2)~(9,4,1)"
    assert short_coords(far) == "P(9,4,1,1×9996,2)~(9,4,1)"
    assert short_coords("P(9,4,1,1,1,2)-(9,5,1,1,1,2)") == "P(9,4,1,1,1,2)-(9,5,1,1,1,2)"  # short ones stay
    assert short_coords("R(1,1,1,1,1,1,1,1,1,1,3)&") == "R(1,1,1,1×7,3)&"  # x, y, z are never folded
