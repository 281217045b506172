"""The same seeded match gives the same summary in-process, in local worker processes and on a
local Dask cluster (engine.lab.cluster); distributed is part of the test extra, so this never skips."""

from __future__ import annotations

from engine.lab.cluster import DaskPool, ProcessPool, SerialPool, make_pool
from engine.lab.match import Adjudication, MatchConfig, run_match
from engine.lab.players import PlayerSpec

CFG = MatchConfig("standard", PlayerSpec(1), PlayerSpec(0), pairs=2, seed=21, adjudication=Adjudication(max_plies=20))
SPIRIT = MatchConfig("spirit", PlayerSpec(1), PlayerSpec(0), pairs=1, seed=4, adjudication=Adjudication(max_plies=30))


def test_same_seeds_same_summary_in_process_pool_and_local_dask_cluster(tmp_path):
    serial = run_match(CFG, SerialPool(), tmp_path / "serial", progress=False)["summary"]
    spirit_serial = run_match(SPIRIT, SerialPool(), None, progress=False)["summary"]
    pool = ProcessPool(2)
    try:
        procs = run_match(CFG, pool, tmp_path / "procs", progress=False)["summary"]
    finally:
        pool.close()
    dask = DaskPool("local", 2)
    try:
        assert dask.workers == 2
        on_cluster = run_match(CFG, dask, tmp_path / "dask", progress=False)
        spirit_cluster = run_match(SPIRIT, dask, None, progress=False)["summary"]
    finally:
        dask.close()
    assert serial["games"] == 4 and serial["status"] == "finished"
    assert procs == serial
    assert on_cluster["summary"] == serial
    assert on_cluster["timing"]["workers"] == 2
    assert spirit_cluster == spirit_serial and spirit_serial["games"] == 2
    # the records are the same games too
    for i in range(4):
        name = f"records/game-{i:05d}.txt"
        assert (tmp_path / "dask" / name).read_text() == (tmp_path / "serial" / name).read_text()


def test_the_arena_runs_on_a_lab_pool():
    from engine.players.arena import run_arena

    pool = ProcessPool(2)
    try:
        results = run_arena(2, [0, 1], game="spirit", pool=pool, progress=False, max_plies=30)
    finally:
        pool.close()
    assert len(results) == 2 and all(r.winner is not None or r.plies == 30 for r in results)


def test_pool_choice():
    assert isinstance(make_pool(1), SerialPool)
    p = make_pool(2)
    try:
        assert isinstance(p, ProcessPool) and p.workers == 2
    finally:
        p.close()
