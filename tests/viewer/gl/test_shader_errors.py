"""Shaders load by name; compile errors name the file and the line."""

import pytest

from viewer.gl.shaders import SHADER_DIR, ShaderError, load_program


def test_all_programs_compile(gl_ctx):
    for name in ("pieces", "board", "cubes"):
        prog = load_program(gl_ctx, name)
        assert "m_vp" in prog
        prog.release()


def test_compile_error_names_file_and_line(gl_ctx, tmp_path):
    (tmp_path / "bad.vert").write_text((SHADER_DIR / "cubes.vert").read_text())
    (tmp_path / "bad.frag").write_text(
        "#version 330\nout vec4 f_color;\n\nvoid main() {\n    f_color = vec3(1.0);\n}\n"
    )
    with pytest.raises(ShaderError) as err:
        load_program(gl_ctx, "bad", directory=tmp_path)
    assert err.value.path.name == "bad.frag"
    assert err.value.line == 5
    assert "bad.frag:5" in str(err.value)


def test_naming_convention():
    import re

    for path in SHADER_DIR.glob("*.vert"):
        src = path.read_text()
        assert all(n.startswith("in_") for n in re.findall(r"^\s*in \w+ (\w+);", src, re.M))
        assert all(n.startswith("m_") for n in re.findall(r"^\s*uniform \w+ (\w+);", src, re.M))
