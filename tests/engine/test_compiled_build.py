"""The optional compiled build (tools/build_compiled.py, engine/compiled.py; docs/AI.md, "Compiled
build"): where this machine has a C compiler and the Python headers, the hot modules are compiled
with mypyc into a temporary folder and the same searches run in a pure-Python process and in a
compiled one, which must give the same turn, node count, value, depth and line; everywhere, a
build that cannot be used (missing, stale, asked away with DAQI_PURE) runs pure Python and says why.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # tools/ (the build tool) is not installed: it runs from the checkout

# the same searches in every process: cube and spirit positions (the start and seeded random
# middlegames), levels 1-4, a fixed seed per search and small node budgets (CI time)
_SEARCHES = r"""
import json, random, sys
import engine
from engine import Game, load_ruleset, start_position
from engine.compiled import status
from engine.cube.randomplay import random_turn
from engine.players import suggest
from engine.spirit import default_placement, spirit_start_position
from engine.spirit.randomplay import random_spirit_line

cube = [start_position()]
for seed, plies in ((1, 14), (2, 30)):
    rng, g = random.Random(seed), Game("standard")
    for _ in range(plies):
        g.play(random_turn(g.position, rng))
    cube.append(g.position)
rules = load_ruleset("spirit")
start = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
spirit = [start] + [random_spirit_line(start, random.Random(s), n)[-1] for s, n in ((3, 12), (5, 30))]
out = []
for game, positions in (("cube", cube), ("spirit", spirit)):
    for i, pos in enumerate(positions):
        for level in (1, 2, 3, 4):
            s = suggest(pos, level, seed=10 * i + level, nodes=(None, 400, 600, 900, 900)[level])
            out.append([game, i, level, repr(s.turn), s.nodes, s.eval, s.depth, [repr(t) for t in s.line]])
print(json.dumps({"status": status(), "results": out}))
"""


def _env(**env: str) -> dict:
    full = {k: v for k, v in os.environ.items() if k not in ("DAQI_PURE", "DAQI_COMPILED")}
    full.update(env, PYTHONPATH=str(ROOT))
    return full


def _run(code: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=_env(**env),
        timeout=600,
        check=False,
    )


def _start_searches(**env: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-c", _SEARCHES],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=_env(**env),
    )


def _searched(p: subprocess.Popen) -> tuple[dict, str]:
    out, err = p.communicate(timeout=600)
    assert p.returncode == 0, err
    got = json.loads(out)
    assert len(got["results"]) == 24
    return got, err


def _searches(**env: str) -> tuple[dict, str]:
    return _searched(_start_searches(**env))


def _build_tool(*args: str, **env: str) -> subprocess.CompletedProcess:
    full = dict(os.environ, **env)
    return subprocess.run(
        [sys.executable, "-m", "tools.build_compiled", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=full,
        timeout=900,
        check=False,
    )


def _compiled_modules() -> set[str]:
    from tools.build_compiled import MODULES, module_name

    return {module_name(m) for m in MODULES}


def test_compiled_and_pure_python_give_the_same_searches(tmp_path):
    running = _start_searches(DAQI_PURE="1")  # the pure-Python searches run while the build runs
    can = _build_tool("--check")
    b = _build_tool("--out", str(tmp_path / "c"), "--opt", "0") if can.returncode == 0 else None
    pure, _ = _searched(running)
    assert pure["status"]["active"] is False and pure["status"]["loaded"] == []
    assert "DAQI_PURE=1" in pure["status"]["reason"]
    assert [r[3] for r in pure["results"]].count("None") == 0  # every search found a turn
    if can.returncode != 0:
        # no C compiler or no Python headers here: the build says which, writes nothing the engine
        # would load, and the engine runs the pure-Python source with the reason
        assert "no C compiler" in can.stderr or "no Python headers" in can.stderr or "mypyc" in can.stderr
        b = _build_tool("--out", str(tmp_path / "c"))
        assert b.returncode == 2 and b.stderr == can.stderr
        assert not (tmp_path / "c" / "manifest.json").exists()
        got, err = _searches(DAQI_COMPILED=str(tmp_path / "c"))
        assert got["status"]["active"] is False and "no compiled build" in err
        assert got["results"] == pure["results"]
        return
    assert b is not None  # built at -O0 above: the same code, built fastest
    assert b.returncode == 0, b.stdout[-3000:] + b.stderr[-3000:]
    manifest = json.loads((tmp_path / "c" / "manifest.json").read_text(encoding="utf-8"))
    assert set(manifest["modules"]) == _compiled_modules()
    got, err = _searches(DAQI_COMPILED=str(tmp_path / "c"))
    st = got["status"]
    assert st["active"] is True, st
    assert set(st["loaded"]) == _compiled_modules(), st  # each module really came from the build
    assert "CompiledBuildWarning" not in err
    for a, b in zip(pure["results"], got["results"], strict=True):
        assert a == b, f"{a[:3]}: pure {a[3:]} compiled {b[3:]}"


_STATUS = "import json, engine.players.search as s, engine.compiled as c; print(json.dumps([c.status(), s.__file__]))"


def test_a_missing_build_named_on_purpose_runs_pure_python_and_says_so(tmp_path):
    p = _run(_STATUS, DAQI_COMPILED=str(tmp_path / "nothing"))
    assert p.returncode == 0, p.stderr
    st, file = json.loads(p.stdout)
    assert st["active"] is False and file.endswith("search.py")
    assert "CompiledBuildWarning" in p.stderr and "no compiled build in" in p.stderr
    assert p.stderr.count("CompiledBuildWarning") == 1


def _fake_build(folder: Path, changed: str | None) -> None:
    """A manifest whose hashes match the source, except ``changed``'s (as after an edit)."""
    import hashlib
    import sysconfig

    from tools.build_compiled import GROUP, MODULES, source_closure

    sources = {rel: hashlib.sha256((ROOT / rel).read_bytes()).hexdigest() for rel in source_closure(MODULES)}
    if changed:
        sources[changed] = "0" * 64
    folder.mkdir()
    manifest = {
        "format": 1,
        "python": sys.implementation.cache_tag,
        "ext_suffix": sysconfig.get_config_var("EXT_SUFFIX"),
        "group": f"{GROUP}__mypyc",
        "modules": {"engine.players.search": "engine/players/search" + sysconfig.get_config_var("EXT_SUFFIX")},
        "sources": sources,
    }
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")


def test_a_build_older_than_the_source_is_never_loaded(tmp_path):
    _fake_build(tmp_path / "stale", "engine/players/cube_eval.py")
    p = _run(_STATUS, DAQI_COMPILED=str(tmp_path / "stale"))
    assert p.returncode == 0, p.stderr
    st, file = json.loads(p.stdout)
    assert st["active"] is False and file.endswith("search.py")
    assert "older than the source (engine/players/cube_eval.py changed since)" in p.stderr
    assert "tools.build_compiled" in p.stderr  # how to rebuild
    assert p.stderr.count("CompiledBuildWarning") == 1


def test_a_current_build_whose_library_does_not_load_falls_back_with_the_reason(tmp_path):
    _fake_build(tmp_path / "broken", None)  # hashes match, but there is no shared library
    p = _run(_STATUS, DAQI_COMPILED=str(tmp_path / "broken"))
    assert p.returncode == 0, p.stderr
    st, file = json.loads(p.stdout)
    assert st["active"] is False and file.endswith("search.py")
    assert "does not load" in p.stderr and p.stderr.count("CompiledBuildWarning") == 1


def test_daqi_pure_wins_over_a_named_build(tmp_path):
    _fake_build(tmp_path / "b", "engine/players/search.py")
    p = _run(_STATUS, DAQI_COMPILED=str(tmp_path / "b"), DAQI_PURE="1")
    assert p.returncode == 0, p.stderr
    st, file = json.loads(p.stdout)
    assert st["active"] is False and "pure Python by request" in st["reason"] and file.endswith("search.py")
    assert "CompiledBuildWarning" not in p.stderr  # asked for: nothing to warn about


def test_the_build_tool_names_a_missing_compiler(tmp_path):
    p = _build_tool("--out", str(tmp_path / "c"), CC=str(tmp_path / "no-such-cc"))
    assert p.returncode == 2
    assert "no C compiler" in p.stderr and "no-such-cc" in p.stderr
    assert not (tmp_path / "c" / "manifest.json").exists()


def test_the_hashed_sources_cover_what_the_compiled_modules_import():
    from tools.build_compiled import MODULES, source_closure

    closure = set(source_closure(MODULES))
    assert set(MODULES) <= closure
    # search.py imports .base, cube_player imports cube/randomplay, which import the game's rules
    assert {"engine/players/base.py", "engine/cube/randomplay.py", "engine/cube/actions.py"} <= closure
    assert {"engine/__init__.py", "engine/players/__init__.py"} <= closure  # the packages' __init__ too
    assert not [p for p in closure if not p.startswith("engine/")]
