"""Load GLSL programs from ``shaders/<name>.vert`` + ``shaders/<name>.frag``.

``load_program(ctx, "pieces")`` compiles ``pieces.vert`` and ``pieces.frag``.
A compile or link error raises :class:`ShaderError` whose message names the
file and the line (``shaders/pieces.frag:12: ...``).
"""

from __future__ import annotations

import re
from pathlib import Path

SHADER_DIR = Path(__file__).resolve().parents[2] / "shaders"

_STAGES = (("vertex_shader", ".vert"), ("fragment_shader", ".frag"))
# Mesa: "0:12(5): error: ..."; NVIDIA: "0(12) : error ..."; AMD/Intel: "ERROR: 0:12: ..."
_LINE_RES = (re.compile(r"\b\d+:(\d+)\(\d+\)"), re.compile(r"\b\d+\((\d+)\)"), re.compile(r"ERROR:\s*\d+:(\d+)"))


class ShaderError(RuntimeError):
    """A shader failed to compile or link; ``path`` and ``line`` tell where."""

    def __init__(self, path: Path, line: int | None, message: str):
        self.path = Path(path)
        self.line = line
        where = f"{self.path}:{line}" if line else f"{self.path}"
        super().__init__(f"{where}: {message.strip()}")


def shader_source(name: str, ext: str, directory: Path | None = None) -> tuple[Path, str]:
    path = (directory or SHADER_DIR) / f"{name}{ext}"
    return path, path.read_text(encoding="utf-8")


def _error_line(log: str) -> int | None:
    for rx in _LINE_RES:
        m = rx.search(log)
        if m:
            return int(m.group(1))
    return None


def load_program(ctx, name: str, directory: Path | None = None):
    """Compile and link ``<name>.vert`` + ``<name>.frag`` into a moderngl Program."""
    import moderngl

    sources = {}
    paths = {}
    for stage, ext in _STAGES:
        paths[stage], sources[stage] = shader_source(name, ext, directory)
    try:
        return ctx.program(**sources)
    except moderngl.Error as exc:
        log = str(exc)
        # moderngl titles the log: "GLSL Compiler failed\n\nvertex_shader\n====..."
        if "Compiler failed" in log:
            for stage, _ext in _STAGES:
                if f"\n{stage}\n" in log:
                    body = log.split("=\n", 1)[-1]
                    raise ShaderError(paths[stage], _error_line(body), body) from None
        body = log.split("=\n", 1)[-1]
        names = " + ".join(str(p) for p in paths.values())
        raise ShaderError(Path(names), _error_line(body), "link error: " + body) from None
