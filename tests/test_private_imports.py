"""No module imports another package's private names (``from ..ui.panels import _rgb255``): what
one package needs of another is public there."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def private_imports(path: Path) -> list[str]:
    rel = path.relative_to(ROOT).parts
    package = rel[:2]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:
            base = list(rel[:-1])[: len(rel) - node.level]
            target = tuple(base + (node.module.split(".") if node.module else []))
        else:
            target = tuple((node.module or "").split("."))
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__") and target[:2] != package:
                found.append(f"{'/'.join(rel)}:{node.lineno} imports {alias.name} from {'.'.join(target)}")
    return found


def test_the_checker_sees_a_private_import_across_packages(tmp_path, monkeypatch):
    fake = ROOT / "viewer" / "cube" / "legend.py"
    assert private_imports(fake) == []
    code = "from ..ui.panels import _rgb255\nfrom .scene import _local\n"
    probe = ROOT / "viewer" / "cube" / "_probe_private_imports.py"
    probe.write_text(code, encoding="utf-8")
    try:
        assert private_imports(probe) == [
            "viewer/cube/_probe_private_imports.py:1 imports _rgb255 from viewer.ui.panels"
        ]
    finally:
        probe.unlink()


def test_no_private_imports_across_packages():
    found = [
        f for root in ("engine", "viewer") for p in sorted((ROOT / root).rglob("*.py")) for f in private_imports(p)
    ]
    assert found == []
