"""The optional compiled build of the hot modules (docs/AI.md, "Speed", "Compiled build").

``python -m tools.build_compiled`` compiles the search's modules with mypyc into
``build/compiled`` (or any folder) beside a ``manifest.json``: each compiled module's extension
file and the SHA-256 of every engine source file the compiled modules import.  When the engine is
imported, :func:`install` reads that manifest and, only if every hash still matches the source
here, puts an import hook first on ``sys.meta_path`` that loads those modules from the compiled
folder (CPython would otherwise prefer a ``.py`` beside nothing, or a ``.so`` beside its ``.py``:
the build never writes into ``engine/``).  Everything else, and everything when the build is
absent, stale or for another Python, is the pure-Python source; the compiled modules give the
same results (``tests/engine/test_compiled_build.py`` runs both).

* ``DAQI_PURE=1`` (any value but ``0`` or empty): pure Python, even where a build exists;
* ``DAQI_COMPILED=DIR``: the build in DIR instead of ``build/compiled`` (a missing one warns).

A build that cannot be used says why once (a :class:`CompiledBuildWarning`) and the engine runs
pure Python; :func:`status` tells which modules run compiled.  No build tool is imported here.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import warnings
from pathlib import Path
from typing import Any

PURE_ENV = "DAQI_PURE"
DIR_ENV = "DAQI_COMPILED"
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIR = ROOT / "build" / "compiled"
FORMAT = 1
REBUILD = "rebuild it with: .venv/bin/python -m tools.build_compiled"


class CompiledBuildWarning(RuntimeWarning):
    """A compiled build exists but cannot be used: the engine runs pure Python (the message says why)."""


_state: dict[str, Any] = {"active": False, "folder": None, "modules": {}, "reason": "not installed yet"}


class _Finder:
    """Finds the compiled modules (and their shared library) in the build folder, nothing else."""

    def __init__(self, files: dict[str, str]):
        self.files = files

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> Any:
        file = self.files.get(name)
        if file is None:
            return None
        return importlib.util.spec_from_file_location(
            name, file, loader=importlib.machinery.ExtensionFileLoader(name, file)
        )


def _pure(reason: str, warn: bool = False) -> None:
    _state.update(active=False, modules={}, reason=reason)
    if warn:
        warnings.warn(f"{reason}; running pure Python", CompiledBuildWarning, stacklevel=3)


def _stale(sources: dict[str, str]) -> list[str]:
    out = []
    for rel, digest in sorted(sources.items()):
        path = ROOT / rel
        if not path.is_file() or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            out.append(rel)
    return out


def install() -> None:
    """Use the compiled build if there is a current one (run once, when ``engine`` imports this module)."""
    if any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return _pure(f"{PURE_ENV}={os.environ[PURE_ENV]}: pure Python by request")
    explicit = os.environ.get(DIR_ENV, "")
    folder = Path(explicit).resolve() if explicit else DEFAULT_DIR
    _state["folder"] = str(folder)
    manifest = folder / "manifest.json"
    if not manifest.is_file():
        return _pure(f"no compiled build in {folder} (no manifest.json)", warn=bool(explicit))
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
        fmt, tag, suffix = data["format"], data["python"], data["ext_suffix"]
        modules: dict[str, str] = data["modules"]
        group: str = data["group"]
        sources: dict[str, str] = data["sources"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        return _pure(f"the compiled build's {manifest} is unreadable ({e}); {REBUILD}", warn=True)
    here = (FORMAT, sys.implementation.cache_tag, sysconfig.get_config_var("EXT_SUFFIX"))
    if (fmt, tag, suffix) != here:
        return _pure(
            f"the compiled build in {folder} is for {tag} {suffix}, this is {here[1]} {here[2]}; {REBUILD}", True
        )
    stale = _stale(sources)
    if stale:
        more = f" and {len(stale) - 3} more" if len(stale) > 3 else ""
        return _pure(
            f"the compiled build in {folder} is older than the source ({', '.join(stale[:3])}{more} changed since); "
            f"{REBUILD}",
            warn=True,
        )
    files = {name: str(folder / rel) for name, rel in modules.items()}
    loaded = [name for name in [*files, group] if name in sys.modules]
    if loaded:
        return _pure(f"{', '.join(loaded)} was imported before the engine package", warn=True)
    finder = _Finder({**files, group: str(folder / (group + suffix))})
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module(group)  # the shared library every compiled module lives in
    except ImportError as e:
        sys.meta_path.remove(finder)
        return _pure(f"the compiled build in {folder} does not load ({e}); {REBUILD}", warn=True)
    _state.update(active=True, modules=files, reason=f"compiled build in {folder}")


def status() -> dict[str, Any]:
    """Whether the compiled build is in use, why (not), and which modules have loaded compiled."""
    loaded = sorted(
        name for name, file in _state["modules"].items() if getattr(sys.modules.get(name), "__file__", None) == file
    )
    return {
        "active": _state["active"],
        "reason": _state["reason"],
        "folder": _state["folder"],
        "compiled": sorted(_state["modules"]),
        "loaded": loaded,
    }


install()
