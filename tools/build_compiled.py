"""Build the computer player's hot modules with mypyc (optional; docs/AI.md, "Compiled build").

Run from the repository root::

    .venv/bin/python -m tools.build_compiled            # into build/compiled (used from then on)
    .venv/bin/python -m tools.build_compiled --out DIR  # elsewhere (use it with DAQI_COMPILED=DIR)
    .venv/bin/python -m tools.build_compiled --clean    # remove build/compiled again

It compiles whatever source is there: the modules in ``MODULES`` become C extensions in one
mypyc group (one shared library plus a small stub per module) under ``OUT``, beside a
``manifest.json`` that names each extension and holds the SHA-256 of every engine source file the
compiled modules import (directly or not).  ``engine/compiled.py`` reads that manifest when the
engine is imported and loads the extensions only where every hash still matches the source; a
stale build runs pure Python with one warning.  ``DAQI_PURE=1`` always runs pure Python.

Needs a C compiler and the Python headers (``python3-dev`` on Debian); mypy (with mypyc) and
setuptools come with ``pip install -e '.[test]'`` or ``'.[compiled]'``.  Nothing is downloaded.
A rebuild reuses mypy's cache and recompiles only when the generated C changed.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "build" / "compiled"
GROUP = "daqi_compiled"
MANIFEST = "manifest.json"
FORMAT = 1

# The modules a search runs per node (issue 18's profile: candidates, evaluation, apply), both games.
MODULES = [
    "engine/players/search.py",
    "engine/players/cube_player.py",
    "engine/players/cube_moves.py",
    "engine/players/cube_eval.py",
    "engine/players/cube_exchange.py",
    "engine/cube/rules.py",
    "engine/cube/outcome.py",
    "engine/cube/grammar.py",
    "engine/cube/movegen.py",
    "engine/cube/position.py",
    "engine/cube/legal.py",
    "engine/core/coords.py",
    "engine/players/spirit_player.py",
    "engine/players/spirit_eval.py",
    "engine/spirit/generated.py",
    "engine/spirit/zones.py",
]


class BuildError(Exception):
    """The build cannot run here; the message says why in words (no C compiler, no headers, ...)."""


def module_name(path: str) -> str:
    return path[: -len(".py")].replace("/", ".")


def engine_imports(path: Path, root: Path) -> set[str]:
    """The engine source files ``path`` imports (any import anywhere in the module, relative or not)."""
    rel = path.relative_to(root)
    pkg = list(rel.parts[:-1])
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = pkg[: len(pkg) - node.level + 1] if node.level else []
            mod = base + (node.module.split(".") if node.module else [])
            names = [".".join(mod)] + [".".join(mod + [a.name]) for a in node.names]
        for name in names:
            if not name.startswith("engine"):
                continue
            parts = name.split(".")
            for cand in (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py")):
                if cand.is_file():
                    out.add(cand.relative_to(root).as_posix())
            # a package's __init__ runs before its modules: it belongs to what they depend on
            for i in range(1, len(parts)):
                init = root.joinpath(*parts[:i], "__init__.py")
                if init.is_file():
                    out.add(init.relative_to(root).as_posix())
    return out


def source_closure(modules: list[str], root: Path = ROOT) -> list[str]:
    """The compiled modules and every engine file they import, transitively (sorted)."""
    seen: set[str] = set()
    todo = list(modules)
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        todo.extend(engine_imports(root / rel, root) - seen)
    return sorted(seen)


def file_hash(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check_toolchain() -> str:
    """The C compiler's command; BuildError naming what is missing."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        raise BuildError(
            f"no C compiler: {' '.join(cc) or 'cc'!r} is not on PATH (install gcc, or set CC); "
            "the engine keeps running pure Python"
        )
    header = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not header.is_file():
        raise BuildError(
            f"no Python headers: {header} is missing (install python3-dev); the engine keeps running pure Python"
        )
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as e:
        raise BuildError(f"mypyc or setuptools is not installed ({e}); run: pip install -e '.[compiled]'") from e
    return " ".join(cc)


def build(out: Path = DEFAULT_OUT, modules: list[str] | None = None, opt: str = "3", quiet: bool = False) -> dict:
    """Compile ``modules`` into ``out`` and write its manifest last; returns the manifest."""
    modules = list(MODULES if modules is None else modules)
    check_toolchain()
    out = out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / MANIFEST).unlink(missing_ok=True)  # a failed build leaves nothing the engine would load
    work = out / "work"
    hashes = {rel: file_hash(ROOT / rel) for rel in source_closure(modules)}
    t0 = time.perf_counter()

    from mypyc.build import mypycify
    from setuptools import Distribution

    old = Path.cwd()
    os.chdir(ROOT)  # mypy reads pyproject.toml's [tool.mypy] and resolves the module names from here
    try:
        exts = mypycify(
            modules + ["--cache-dir", str(work / "mypy_cache"), "--disable-error-code", "annotation-unchecked"],
            opt_level=opt,
            debug_level="0" if opt == "0" else "1",  # -O0 is for a quick check (the test): no debug info either
            target_dir=str(work / "c"),
            group_name=GROUP,
        )
        dist = Distribution({"name": "daqi-compiled", "ext_modules": exts})
        dist.script_args = ["build_ext", "--build-lib", str(out), "--build-temp", str(work / "obj")]
        if quiet:
            dist.script_args.insert(0, "--quiet")
        dist.parse_command_line()
        dist.run_commands()
    finally:
        os.chdir(old)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    manifest = {
        "format": FORMAT,
        "python": sys.implementation.cache_tag,
        "ext_suffix": suffix,
        "group": f"{GROUP}__mypyc",
        "modules": {module_name(m): m[: -len(".py")] + suffix for m in modules},
        "sources": hashes,
        "opt_level": opt,
        "seconds": round(time.perf_counter() - t0, 1),
    }
    for rel in [*manifest["modules"].values(), f"{GROUP}__mypyc{suffix}"]:
        if not (out / rel).is_file():
            raise BuildError(f"the build did not produce {out / rel}")
    tmp = out / (MANIFEST + ".tmp")
    tmp.write_text(json.dumps(manifest, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(out / MANIFEST)
    return manifest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT.relative_to(ROOT)})"
    )
    ap.add_argument("--opt", default="3", choices=["0", "1", "2", "3"], help="the C compiler's -O level (default 3)")
    ap.add_argument(
        "--modules", nargs="+", metavar="PATH", help="compile these source files instead of the default set"
    )
    ap.add_argument("--clean", action="store_true", help="remove the output folder and exit")
    ap.add_argument(
        "--check", action="store_true", help="only say whether this machine can build (exit 0) or why not (2)"
    )
    args = ap.parse_args(argv)
    if args.check:
        try:
            print(f"can build: C compiler {check_toolchain()}, Python headers and mypyc present")
        except BuildError as e:
            print(f"build_compiled: {e}", file=sys.stderr)
            return 2
        return 0
    if args.clean:
        shutil.rmtree(args.out, ignore_errors=True)
        print(f"removed {args.out}")
        return 0
    try:
        m = build(args.out, args.modules, args.opt)
    except BuildError as e:
        print(f"build_compiled: {e}", file=sys.stderr)
        return 2
    print(
        f"compiled {len(m['modules'])} modules into {args.out} in {m['seconds']} s "
        f"(-O{m['opt_level']}; {len(m['sources'])} source files hashed)"
    )
    if args.out.resolve() != DEFAULT_OUT.resolve():
        print(f"use it with: DAQI_COMPILED={args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
