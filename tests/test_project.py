"""Project-level checks: the engine stays pure, the README's commands are what CI runs."""

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORBIDDEN = {"viewer", "pyglet", "moderngl", "pyrr"}


def test_engine_never_imports_viewer_or_gl():
    offenders = []
    for path in (ROOT / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in FORBIDDEN:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {n}")
    assert not offenders, offenders


def _readme_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.+?)\n```", text)


def test_readme_starts_with_exactly_two_commands():
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    cmds = _readme_commands()
    assert len(cmds) >= 2
    first_block = text.index("```sh")
    assert text[:first_block].strip().startswith("# Daqi")
    play, test = cmds[0], cmds[1]
    assert ".venv" in play and "daqi" in play
    assert ".venv" in test and "pytest" in test


def test_ci_runs_the_readme_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert _readme_commands()[1] in ci
