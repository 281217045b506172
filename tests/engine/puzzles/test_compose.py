"""Constructed sparse starts (``daqi puzzles selfplay --start sparse``): playable, deterministic for
their seed, varied; a self-play record from one begins with its position lines."""

from __future__ import annotations

import random

from engine.core.games import load_record
from engine.editor.draft import cube_problems
from engine.puzzles.cli import main
from engine.puzzles.compose import sparse_position


def test_sparse_starts_are_playable_deterministic_and_varied():
    starts = [sparse_position(random.Random(f"sparse {k}")) for k in range(12)]
    assert all(cube_problems(p) == [] and p.fill == "empty" and p.result is None for p in starts)
    again = sparse_position(random.Random("sparse 3"))
    assert again == starts[3]
    assert {p.to_move for p in starts} == {"white", "black"}
    assert any(len(c) > 3 or c[2] != 1 for p in starts for c in p.cells)  # some off the main plane
    assert len({tuple(sorted(p.cells)) for p in starts}) == len(starts)


def test_selfplay_from_sparse_starts_writes_records_that_begin_there(tmp_path, capsys):
    status = main(
        ["selfplay", "--game", "cube", "--games", "1", "--seed", "5", "--opening", "1", "--max-plies", "1"]
        + ["--start", "sparse", "--out-dir", str(tmp_path)]
    )
    assert status == 0
    (record,) = tmp_path.glob("sparse-cube-0005.txt")
    game = load_record(record)
    assert game.start == sparse_position(random.Random("sparse 5")) and len(game.turns) == 1
    assert main(["selfplay", "--game", "spirit", "--start", "sparse", "--out-dir", str(tmp_path)]) == 2
    assert "--start sparse is for cube chess" in capsys.readouterr().err
