"""The habits that keep the layout: import-linter's contracts (pyproject.toml), the linter and
formatter (ruff) and the type check (mypy: the engine, viewer/ui and viewer/app with what it
imports), each as configured in pyproject.toml."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
BIN = pathlib.Path(sys.executable).parent


def _run(tool: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(BIN / tool), *args], cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_import_linter_contracts_are_kept():
    r = _run("lint-imports")
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "0 broken" in r.stdout


def test_engine_type_checks_clean():
    r = _run("mypy")
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert "Success: no issues found" in r.stdout


def test_ruff_lint_is_clean():
    r = _run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]


def test_ruff_format_is_clean():
    r = _run("ruff", "format", "--check", ".")
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
