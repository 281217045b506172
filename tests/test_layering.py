"""The layout's rules, checked over the import graph of every module (any import anywhere in a
module counts, including one inside a function or under ``TYPE_CHECKING``):

* no import cycles, in the engine or the viewer;
* rooms import one way: engine ``core`` <- each game (``cube``, ``spirit``) <- ``players`` and
  ``tutorial`` <- ``protocol`` and ``lab`` (which never import each other); viewer ``gl`` <- ``ui`` <- each game's view (``cube``, ``spirit``)
  <- ``record`` <- ``app``; the two games never import each other;
* the engine never imports the viewer or a GL library; offscreen recording never imports the app;
* at most 8 modules sit directly in ``viewer/``.
"""

from __future__ import annotations

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
PACKAGES = ("engine", "viewer")

# rank of each room: a module may import modules of a lower rank, or of its own room
ENGINE_RANK = {"core": 0, "rulesets": 0, "cube": 1, "spirit": 1, "players": 2, "tutorial": 2, "protocol": 3, "lab": 3}
ENGINE_RANK["analysis"] = 3  # threats and game analysis: above the players, beside the protocol
ENGINE_RANK |= {"editor": 2.5, "puzzles": 2.6}  # the editor's model and the puzzles: above the players
ENGINE_RANK["compiled"] = 0  # the compiled build's import hook (engine/compiled.py): imports no engine module
VIEWER_RANK = {"gl": 0, "ui": 1, "cube": 2, "spirit": 2, "record": 3, "app": 4}
FACADES = {"engine", "viewer"}  # the package facades may re-export anything below them


def _module_name(path: pathlib.Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, pathlib.Path]:
    out = {}
    for pkg in PACKAGES:
        for path in (ROOT / pkg).rglob("*.py"):
            out[_module_name(path)] = path
    return out


def _resolve(mod: str, is_pkg: bool, node: ast.ImportFrom) -> str:
    if node.level == 0:
        return node.module or ""
    base = mod.split(".") if is_pkg else mod.split(".")[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports (names resolved to existing modules)."""
    mods = _modules()
    graph: dict[str, set[str]] = {m: set() for m in mods}

    def known(name: str) -> str | None:
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None

    for mod, path in mods.items():
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(mod, is_pkg, node)
                # "from pkg import sub" imports the submodule pkg.sub when it exists
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in mods else base for a in node.names]
            for t in targets:
                k = known(t)
                if k is not None and k != mod:
                    graph[mod].add(k)
    return graph


def _external_imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            out.add(node.module.split(".")[0])
    return out


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                    break
                if w in on_stack:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def _room(mod: str) -> tuple[str, str] | None:
    parts = mod.split(".")
    if len(parts) < 2:
        return None
    return parts[0], parts[1]


def _rank(mod: str) -> int | None:
    room = _room(mod)
    if room is None:
        return None
    table = ENGINE_RANK if room[0] == "engine" else VIEWER_RANK
    return table.get(room[1])


def test_no_import_cycles():
    cycles = _cycles(import_graph())
    assert not cycles, "import cycles: " + "; ".join(" <-> ".join(c) for c in cycles)


def test_every_module_lives_in_a_known_room():
    strays = [m for m in _modules() if m not in FACADES and _rank(m) is None]
    assert not strays, f"modules outside the rooms of the layout: {strays}"


def test_rooms_import_one_way():
    bad = []
    for mod, deps in import_graph().items():
        if mod in FACADES:
            continue
        for dep in deps:
            if dep == mod.split(".")[0]:
                bad.append(f"{mod} imports its own package's facade {dep} (import the module itself)")
                continue
            if dep.split(".")[0] != mod.split(".")[0]:
                if mod.startswith("engine"):
                    bad.append(f"{mod} imports {dep}: the engine never imports the viewer")
                continue  # the viewer may use the engine's public API and modules
            r_mod, r_dep = _rank(mod), _rank(dep)
            same_room = _room(mod) == _room(dep)
            if not same_room and (r_mod is None or r_dep is None or r_dep >= r_mod):
                bad.append(f"{mod} imports {dep} ({_room(dep)[1]} is not below {_room(mod)[1]})")
    assert not bad, "\n".join(sorted(bad))


def test_engine_imports_no_gl_or_viewer_library():
    forbidden = {"viewer", "pyglet", "moderngl", "pyrr"}
    offenders = [
        f"{p.relative_to(ROOT)} imports {', '.join(sorted(_external_imports(p) & forbidden))}"
        for p in (ROOT / "engine").rglob("*.py")
        if _external_imports(p) & forbidden
    ]
    assert not offenders, offenders


def test_recording_never_reaches_the_windowed_app():
    graph = import_graph()
    seen, todo = set(), [m for m in graph if m.startswith("viewer.record")]
    while todo:
        m = todo.pop()
        if m in seen:
            continue
        seen.add(m)
        todo.extend(graph[m])
    assert not [m for m in seen if m.startswith("viewer.app")], sorted(m for m in seen if m.startswith("viewer.app"))


def test_viewer_top_level_holds_at_most_eight_modules():
    top = [p.name for p in (ROOT / "viewer").glob("*.py")]
    assert len(top) <= 8, top


def test_the_graph_sees_imports_inside_functions(tmp_path):
    # the checker itself: a function-level import is an arrow too
    src = "def f():\n    from .b import x\n"
    tree = ast.parse(src)
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    assert _resolve("engine.cube.a", False, node) == "engine.cube.b"
    assert _cycles({"a": {"b"}, "b": {"a"}, "c": set()}) == [["a", "b"]]
