"""Saves of both games: atomic, fsync of file and folder, our stale temp files removed."""

import os
import time

import pytest

from engine import Game
from engine.core import files
from engine.spirit import SpiritGame


@pytest.fixture
def synced(monkeypatch):
    """Record what os.fsync was called on: 'file' or 'dir'."""
    calls = []
    real = os.fsync

    def fsync(fd):
        calls.append("dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "file")
        return real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return calls


@pytest.mark.parametrize("make", [lambda: Game("standard"), lambda: SpiritGame()])
def test_save_syncs_file_and_folder(tmp_path, synced, make):
    path = make().save(tmp_path / "autosave.txt")
    assert path.read_text(encoding="utf-8").startswith("# Daqi")
    assert "file" in synced and "dir" in synced
    assert synced.index("file") < synced.index("dir")


def _old(p):
    p.write_text("partial", encoding="utf-8")
    t = files.PROCESS_START - 3600
    os.utime(p, (t, t))
    return p


@pytest.mark.parametrize("make", [lambda: Game("standard"), lambda: SpiritGame()])
def test_stale_temp_files_of_ours_are_removed_and_nothing_else(tmp_path, make, monkeypatch):
    monkeypatch.setattr(files, "_CLEANED", set())
    ours = [
        _old(tmp_path / ".autosave.txt.k2j4h5sd.tmp"),
        _old(tmp_path / ".autosave.txt.1234-abcd0123.tmp"),
        _old(tmp_path / "autosave.txt.tmp"),
    ]
    others = [
        _old(tmp_path / ".other.txt.k2j4h5sd.tmp"),
        _old(tmp_path / "notes.tmp"),
        _old(tmp_path / ".autosave.txt.k2j4h5sd.tmp.keep"),
    ]
    fresh = tmp_path / ".autosave.txt.999-ffff0000.tmp"  # another running process writing now
    fresh.write_text("in progress", encoding="utf-8")
    os.utime(fresh, (time.time() + 5, time.time() + 5))
    make().save(tmp_path / "autosave.txt")
    assert not any(p.exists() for p in ours)
    assert all(p.exists() for p in others) and fresh.exists()
    left = sorted(p.name for p in tmp_path.iterdir())
    assert "autosave.txt" in left and not any(
        n.startswith(".autosave.txt.") and n.endswith(".tmp") and n != fresh.name for n in left
    )


def test_a_failed_write_leaves_no_temp_file(tmp_path, monkeypatch):
    g = Game("standard")
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space left")))
    with pytest.raises(OSError):
        g.save(tmp_path / "autosave.txt")
    assert list(tmp_path.iterdir()) == []


def test_temp_pattern_matches_only_our_names():
    rx = files.temp_pattern("autosave.txt")
    assert rx.fullmatch(".autosave.txt.abc_12-x.tmp") and rx.fullmatch("autosave.txt.tmp")
    assert not rx.fullmatch(".autosave.txt.tmp") and not rx.fullmatch(".autosave-spirit.txt.abc.tmp")
    assert not rx.fullmatch(".autosave.txt.a/b.tmp")
