"""The ``daqi`` front door refuses, in one line, an installed ``engine``/``viewer`` that is not Daqi's."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _run(tmp_path: pathlib.Path, *args: str, shadow: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    paths = [str(ROOT)]
    if shadow is not None:
        fake = tmp_path / "other" / shadow
        fake.mkdir(parents=True)
        (fake / "__init__.py").write_text("raise ImportError('another engine')\n", encoding="utf-8")
        paths.insert(0, str(tmp_path / "other"))
    env["PYTHONPATH"] = os.pathsep.join(paths)
    return subprocess.run(
        [sys.executable, "-m", "daqi", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )


def test_a_foreign_engine_package_is_named_in_one_line(tmp_path):
    done = _run(tmp_path, "play", shadow="engine")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "'engine'" in lines[0] and "not Daqi's" in lines[0] and "virtual environment" in lines[0]
    assert "Traceback" not in done.stderr


def test_a_foreign_viewer_package_is_named_too(tmp_path):
    done = _run(tmp_path, "play", shadow="viewer")
    assert done.returncode == 2
    assert "'viewer'" in done.stderr and "Traceback" not in done.stderr


def test_daqi_own_packages_pass_the_check_and_reach_the_command(tmp_path):
    done = _run(tmp_path, "--help")
    assert done.returncode == 0, done.stderr
    assert "usage: daqi" in done.stdout
