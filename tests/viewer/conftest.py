"""Shared fixtures for the viewer tests: a fake engine position and the GL fixture."""

from __future__ import annotations

import pytest
from viewer_fakes import FakePosition


@pytest.fixture
def fake_position():
    return FakePosition()


@pytest.fixture(scope="session")
def gl_ctx():
    """A headless moderngl context.  Without GL the test fails (never skips)."""
    try:
        import moderngl

        ctx = moderngl.create_standalone_context(backend="egl")
    except Exception as exc:  # pragma: no cover - depends on the machine
        msg = f"no headless OpenGL (moderngl EGL context failed: {exc!r})"
        # GL tests never skip: a run without OpenGL is a failed run (README, .ci/run)
        pytest.fail(msg + " - install Debian's libegl1 libgl1-mesa-dri (see README)", pytrace=False)
    yield ctx
    ctx.release()


@pytest.fixture(scope="session")
def offscreen(gl_ctx):
    """A small offscreen renderer sharing the session's GL context."""
    from viewer.cube.render import OffscreenRenderer

    r = OffscreenRenderer(320, 240, ctx=gl_ctx)
    yield r
    r.release()


@pytest.fixture
def headless_window():
    """Factory for hidden EGL pyglet windows of the game: ``headless_window(controller, **kw)``
    builds a ``viewer.app.window.DaqiWindow`` (not scheduled, invisible) and closes it after the test.
    Without GL the test fails (never skips)."""
    made = []

    def make(controller=None, **kw):
        try:
            import pyglet

            pyglet.options["headless"] = True
            pyglet.options["debug_gl"] = False  # stale-context errors when GC frees pyglet shaders
            from viewer.app.window import DaqiWindow

            kw.setdefault("sound", False)  # tests stay quiet on a machine with speakers
            win = DaqiWindow(controller, schedule=False, visible=False, **kw)
        except Exception as exc:  # pragma: no cover - depends on the machine
            # GL tests never skip: a run without OpenGL is a failed run (README, .ci/run)
            pytest.fail(
                f"no headless GL window: {exc!r} - install Debian's libegl1 libgl1-mesa-dri (see README)", pytrace=False
            )
        made.append(win)
        return win

    yield make
    for win in made:
        win.close()
