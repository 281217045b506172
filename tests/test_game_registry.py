"""Games are found through the registry (engine.core.games), not by comparing their names.

Counts, outside the game packages (engine/cube, engine/spirit, viewer/cube, viewer/spirit), every
comparison with a game's name ("cube" == x, x in ("cube", "spirit")), every dict literal keyed by
one, and every isinstance test against a game's own classes: there are none, in the engine or
the viewer."""

from __future__ import annotations

import ast
from pathlib import Path

from engine.core import games

ROOT = Path(__file__).resolve().parent.parent
GAME_PACKAGES = ("engine/cube/", "engine/spirit/", "viewer/cube/", "viewer/spirit/")
GAME_CLASSES = {"Position", "SpiritPosition", "Game", "SpiritGame", "Ruleset", "SpiritRules"}
GAME_CLASSES |= {"CubeController", "SpiritController", "CubeApp", "SpiritBoardView"}

#: file -> game branches still there (none: each entry may only shrink)
LEFT: dict[str, int] = {}


def _names(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in games.names()
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names(e) for e in node.elts)
    return False


def game_branches(tree: ast.AST) -> list[int]:
    """Line numbers of the game-name branches in a module."""
    found = []
    for n in ast.walk(tree):
        compare = isinstance(n, ast.Compare) and (_names(n.left) or any(_names(c) for c in n.comparators))
        keyed = isinstance(n, ast.Dict) and any(k is not None and _names(k) for k in n.keys)
        if compare or keyed:
            found.append(n.lineno)
        elif (
            isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "isinstance" and len(n.args) == 2
        ):
            arg = n.args[1]
            classes = arg.elts if isinstance(arg, ast.Tuple) else [arg]
            if any(isinstance(c, ast.Name) and c.id in GAME_CLASSES for c in classes):
                found.append(n.lineno)
    return found


def test_the_counter_sees_the_branches_it_is_meant_to_count():
    code = 'if g == "cube": pass\nx = {"spirit": 1}\nisinstance(p, (Position, int))\ny = g in ("a", "spirit")\n'
    assert game_branches(ast.parse(code)) == [1, 2, 3, 4]
    assert game_branches(ast.parse('games.get("cube").set_hook("x", 1)\nk = kind.name == name\n')) == []


def test_no_game_name_branches_outside_the_game_packages():
    counts = {}
    for path in sorted((ROOT / "engine").rglob("*.py")) + sorted((ROOT / "viewer").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith(GAME_PACKAGES):
            continue
        lines = game_branches(ast.parse(path.read_text(encoding="utf-8")))
        if lines:
            counts[rel] = len(lines)
    engine = {f: n for f, n in counts.items() if f.startswith("engine/")}
    assert engine == {}, f"game-name branches in the engine: {engine}"
    grown = {f: n for f, n in counts.items() if n > LEFT.get(f, 0)}
    assert grown == {}, f"new game-name branches (look the game up in engine.core.games instead): {grown}"
