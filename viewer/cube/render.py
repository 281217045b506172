"""OpenGL renderer (moderngl).

``Renderer(ctx)`` draws a position into a framebuffer of an existing context
(e.g. a pyglet window's, via ``moderngl.create_context()``);
``OffscreenRenderer(width, height)`` owns a headless EGL context and returns
frames as numpy arrays.

Per frame: an opaque pass (the focused plane); the highlight marks and glowing
columns (no depth writes); a translucent pass (other planes, ghosts), instances
sorted nearest first (see ``front_to_back`` and ``translucent_depth_writes``); last the highlight
outlines, drawn on top of everything so an occupied target stays visible (see
:func:`viewer.cube.scene.highlight_layers`).  Each pass makes ONE instanced draw per
mesh.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from ..gl.shaders import load_program
from .scene import (
    BOARD_MESHES,
    HIGHLIGHT_MESHES,
    INSTANCE_FLOATS,
    OUTLINE_FRAME,
    RING_FRAME,
    Scene,
    View,
    board_mesh_data,
    build_scene,
    highlight_layers,
    mesh_data,
)
from .target_marks import SYMBOL_MESHES

LIGHT = np.array([0.35, -0.55, 0.76])
LIGHT = LIGHT / np.linalg.norm(LIGHT)
OUTLINE_BAND = OUTLINE_FRAME[:3] + (0.028,)  # (lo, hi, width, dark edge) of the outline frames
RING_BAND = RING_FRAME[:3] + (0.028,)


class _Batch:
    """One mesh with a growable instance buffer and its vertex array."""

    def __init__(self, ctx, program, vertices: np.ndarray, lit: bool):
        self.ctx, self.program, self.lit = ctx, program, lit
        self.vbo = ctx.buffer(np.ascontiguousarray(vertices, dtype="f4").tobytes())
        self.vertices = len(vertices)
        self.capacity = 0
        self.ibo: Any = None  # moderngl buffer, made on the first upload
        self.vao: Any = None
        self.count = 0

    def upload(self, inst: np.ndarray | None) -> None:
        n = 0 if inst is None else len(inst)
        self.count = n
        if n == 0:
            return
        if n > self.capacity:
            cap = 1 << max(6, (n - 1).bit_length())
            if self.ibo is not None:
                self.vao.release()
                self.ibo.release()
            self.ibo = self.ctx.buffer(reserve=cap * INSTANCE_FLOATS * 4, dynamic=True)
            fmt = "3f 3f" if self.lit else "3f 12x"
            names = ("in_position", "in_normal") if self.lit else ("in_position",)
            self.vao = self.ctx.vertex_array(
                self.program,
                [
                    (self.vbo, fmt, *names),
                    (self.ibo, "4f 4f/i", "in_offset", "in_color"),
                ],
            )
            self.capacity = cap
        self.ibo.write(np.ascontiguousarray(inst, dtype="f4").tobytes())

    def draw(self) -> None:
        if self.count:
            self.vao.render(instances=self.count)

    def release(self) -> None:
        for obj in (self.vao, self.ibo, self.vbo):
            if obj is not None:
                obj.release()


class Renderer:
    """Draws positions with a moderngl context.  Keeps GL objects; caches the scene."""

    def __init__(self, ctx):
        import moderngl

        self.mgl = moderngl
        self.ctx = ctx
        self.pieces_prog = load_program(ctx, "pieces")
        self.board_prog = load_program(ctx, "board")
        self.hl_prog = load_program(ctx, "highlight")
        self._batches: dict[tuple[str, str], _Batch] = {}
        meshes = mesh_data()
        self.piece_kinds = tuple(meshes)  # one batch per piece kind with a mesh
        for name in self.piece_kinds:
            detailed, low = meshes[name]
            self._batches[(name, "opaque")] = _Batch(ctx, self.pieces_prog, detailed, lit=True)
            self._batches[(name, "translucent")] = _Batch(ctx, self.pieces_prog, low, lit=True)
        self._board_key = None
        self._scene_key: tuple | None = None
        self._scene_pos: Any = None  # the position the scene was built for
        self.scene: Scene | None = None
        # Piece meshes are closed and wound outwards: back faces are culled (opaque: no
        # visible change; translucent: one layer instead of two, alpha compensated).
        self.cull_pieces = True
        self._sorted_for = None  # (scene, camera vp bytes) the translucent buffers were sorted for
        # The faded planes write depth (as they always did): sorted back to front, the nearest
        # faded plane then hides what lies behind it, so 15 faded planes never pile up into a
        # haze over the focused one.  False blends every faded plane (much busier).
        self.translucent_depth_writes = True
        # The opaque pass (alpha 1) is drawn without blending: no colour read-modify-write.
        self.opaque_no_blend = True
        # With depth writes, the translucent instances are drawn NEAREST FIRST: the nearest
        # faded plane / piece is blended once and what lies behind it fails the early depth
        # test (llvmpipe skips shading and blending there).  Same occlusion as back to front
        # (the nearest plane already hid what lay behind it), only the haze of 15 stacked
        # planes is gone; about half the fill cost of the faded planes.  False: back to front.
        self.front_to_back = True
        # Translucent pieces wholly hidden under a plane that writes depth before them (the
        # next plane above, seen from an eye above it) are not drawn: they would fail the
        # depth test on every pixel anyway (same image), but llvmpipe still rasterises them.
        # Recomputed with the sort, i.e. only when the scene or the camera moved.
        self.cull_hidden = True
        self._bounds = {
            name: (float(np.abs(low[:, :2]).max()), float(low[:, 2].max())) for name, (_detailed, low) in meshes.items()
        }

    # ---------------------------------------------------------------- scene
    def _ensure_board(self, scene: Scene, rules) -> None:
        key = (scene.layout.size, tuple(map(tuple, rules.green)))
        if key == self._board_key:
            return
        for name in BOARD_MESHES:
            for p in ("opaque", "translucent"):
                old = self._batches.pop((name, p), None)
                if old is not None:
                    old.release()
        data = board_mesh_data(scene.layout, rules)
        for name in BOARD_MESHES:
            prog = self.hl_prog if name in HIGHLIGHT_MESHES else self.board_prog
            for p in ("opaque", "translucent"):
                self._batches[(name, p)] = _Batch(self.ctx, prog, data[name], lit=False)
        self._board_key = key
        self._sorted_for = None

    def scene_for(self, position, view: View) -> Scene:
        """Build (or reuse) the instance buffers for this position and view."""
        key = (id(position), view.content_key())
        if key != self._scene_key or self.scene is None or self._scene_pos is not position:
            self.scene = build_scene(position, view)
            self._scene_key = key
            self._scene_pos = position
            self._ensure_board(self.scene, position.rules)
            for (name, p), batch in self._batches.items():
                if p == "opaque" and name not in HIGHLIGHT_MESHES:
                    batch.upload(self.scene.opaque.get(name))
        return self.scene

    def highlights_for(self, view: View, scene: Scene, position) -> dict:
        """The highlight instance arrays drawn this frame (a hook for other views)."""
        return highlight_layers(view, scene.layout, position)

    def invalidate(self) -> None:
        """Forget the cached scene (call if a position object is mutated in place)."""
        self._scene_key = None
        self._sorted_for = None

    # ---------------------------------------------------------------- drawing
    def render(self, position, view: View, fbo=None, clear: bool = True) -> None:
        """Draw into ``fbo`` (default: the context's current screen framebuffer)."""
        ctx, mgl = self.ctx, self.mgl
        cam = view.camera
        scene = self.scene_for(position, view)
        hl = self.highlights_for(view, scene, position)
        vp = cam.vp_bytes()
        # re-sort and re-upload the translucent instances only when the scene or the camera moved
        resort = self._sorted_for is None or self._sorted_for[0] is not scene or self._sorted_for[1] != vp
        for (name, p), batch in self._batches.items():
            if p == "translucent" and name not in HIGHLIGHT_MESHES and resort:
                inst = scene.sorted_translucent(name, cam)
                if inst is not None and self.translucent_depth_writes and self.front_to_back:
                    inst = inst[::-1]  # nearest first: see ``front_to_back``
                if inst is not None and len(inst) and self.cull_hidden and name in self._bounds:
                    inst = self._visible(scene, name, inst, cam)
                batch.upload(inst)
        self._sorted_for = (scene, vp)
        for name in HIGHLIGHT_MESHES:
            self._batches[(name, "opaque")].upload(None)
            self._batches[(name, "translucent")].upload(hl[name])

        target = fbo if fbo is not None else ctx.screen
        target.use()
        target.viewport = (0, 0, cam.width, cam.height)
        if clear:
            target.clear(*view.palette.background, 1.0, depth=1.0)

        self.pieces_prog["m_vp"].write(vp)
        self.pieces_prog["m_light"].value = tuple(LIGHT)
        self.pieces_prog["m_ambient"].value = 0.38
        self.board_prog["m_vp"].write(vp)
        self.hl_prog["m_vp"].write(vp)
        (gx0, _), (gy0, _), _ = position.rules.green

        ctx.enable(mgl.DEPTH_TEST | mgl.BLEND)
        ctx.disable(mgl.CULL_FACE)
        ctx.blend_func = mgl.SRC_ALPHA, mgl.ONE_MINUS_SRC_ALPHA, mgl.ONE, mgl.ONE_MINUS_SRC_ALPHA
        ctx.depth_func = "<="

        self.hl_prog["m_fade"].value = 0.0
        self.hl_prog["m_alpha_mul"].value = 1.0
        self.hl_prog["m_band"].value = (0.0, 0.0, 0.0, 0.0)
        for p in ("opaque", "translucent"):
            if p == "translucent":
                self._draw_highlights_under(target)
            # (moderngl 5: the depth mask lives on the framebuffer, not on the context)
            target.depth_mask = p == "opaque" or self.translucent_depth_writes
            # the opaque pass needs no blending (alpha 1): no read-modify-write of the colour
            if p == "opaque" and self.opaque_no_blend:
                ctx.disable(mgl.BLEND)
            else:
                ctx.enable(mgl.BLEND)
            for name in ("tiles", "edges", "green", "lines", "dashes"):
                self.board_prog["m_checker"].value = 1.0 if name in ("tiles", "green") and p == "opaque" else 0.0
                self.board_prog["m_origin"].value = (gx0 - 1, gy0 - 1) if name == "green" else (0.0, 0.0)
                self._batches[(name, p)].draw()
            if self.cull_pieces:
                ctx.enable(mgl.CULL_FACE)
            self.pieces_prog["m_alpha_pow"].value = 2.0 if self.cull_pieces else 1.0
            for name in self.piece_kinds:
                self._batches[(name, p)].draw()
            ctx.disable(mgl.CULL_FACE)
        self._draw_highlights_over()

        # leave the state the way a 2-D overlay (pyglet HUD) expects it
        target.depth_mask = True
        ctx.disable(mgl.DEPTH_TEST | mgl.CULL_FACE)
        ctx.blend_func = mgl.SRC_ALPHA, mgl.ONE_MINUS_SRC_ALPHA

    def _visible(self, scene: Scene, name: str, inst: np.ndarray, cam) -> np.ndarray:
        """``inst`` less the pieces hidden under a plane that is drawn (with depth writes)
        before them: every corner of the piece's box, seen from the eye, crosses the plane's
        height inside its rectangle.  Conservative (bounding box, a margin inside the edges)."""
        lay = scene.layout
        ox, oy = lay.origin(0)
        planes = [scene.opaque.get("tiles")]
        if self.translucent_depth_writes:
            planes.append(scene.translucent.get("tiles"))
        parts = [p for p in planes if p is not None and len(p)]
        if not parts:
            return inst
        rows = np.concatenate(parts)
        main = (np.abs(rows[:, 0] - ox) < 1e-4) & (np.abs(rows[:, 1] - oy) < 1e-4)
        heights = np.unique(rows[main, 2].astype(np.float64))
        if not len(heights):
            return inst
        eye = np.asarray(cam.eye, dtype=np.float64)
        _r, _u, fwd = cam.basis()
        rxy, hz = self._bounds[name]
        s = np.abs(inst[:, 3].astype(np.float64))
        bx, by, bz = (inst[:, i].astype(np.float64) for i in range(3))
        top = bz + hz * s + 0.01
        k = np.searchsorted(heights, top)  # the first plane above the whole piece
        ok = k < len(heights)
        H = heights[np.minimum(k, len(heights) - 1)]
        ok &= eye[2] - 1e-3 > H
        hidden = ok.copy()
        m = 0.02
        for cz in (bz - 0.01, top):
            t = (H - eye[2]) / np.where(ok, cz - eye[2], -1.0)
            for dx in (-1.0, 1.0):
                for dy in (-1.0, 1.0):
                    px = eye[0] + (bx + dx * rxy * s - eye[0]) * t
                    py = eye[1] + (by + dy * rxy * s - eye[1]) * t
                    hidden &= (px > ox + m) & (px < ox + lay.size[0] - m) & (py > oy + m) & (py < oy + lay.size[1] - m)
                    d = (px - eye[0]) * fwd[0] + (py - eye[1]) * fwd[1] + (H - eye[2]) * fwd[2]
                    hidden &= d > cam.near * 1.05
        return inst if not hidden.any() else inst[~hidden]

    def _draw_highlights_under(self, target) -> None:
        """Floor marks and glowing columns: after the opaque pass (depth-tested against the
        focused plane and its pieces only), before the faded planes, no depth writes."""
        prog = self.hl_prog
        target.depth_mask = False
        self.ctx.enable(self.mgl.BLEND)  # (the opaque pass before ran without blending)
        self._batches[("marks", "translucent")].draw()
        prog["m_fade"].value = 0.7
        self._batches[("columns", "translucent")].draw()
        prog["m_fade"].value = 0.0

    def _draw_highlights_over(self) -> None:
        """Outlines and rings ON TOP of everything: fainter where something hides them
        (no depth test), then full colour where they are seen (depth test)."""
        ctx, mgl, prog = self.ctx, self.mgl, self.hl_prog
        ctx.disable(mgl.DEPTH_TEST)
        for mul in (0.6, 1.0):
            prog["m_alpha_mul"].value = mul
            prog["m_band"].value = OUTLINE_BAND
            self._batches[("outlines", "translucent")].draw()
            prog["m_band"].value = RING_BAND
            self._batches[("rings", "translucent")].draw()
            ctx.enable(mgl.DEPTH_TEST)
        prog["m_band"].value = (0.0, 0.0, 0.0, 0.0)
        prog["m_alpha_mul"].value = 1.0
        # the target symbols (a pole first, then the shapes): on top of everything, full colour;
        # each stays inside its cell, so they never hide one another
        ctx.disable(mgl.DEPTH_TEST)
        for name in SYMBOL_MESHES:
            self._batches[(name, "translucent")].draw()
        ctx.enable(mgl.DEPTH_TEST)

    def release(self) -> None:
        for b in self._batches.values():
            b.release()
        self._batches.clear()
        self.pieces_prog.release()
        self.board_prog.release()
        self.hl_prog.release()


class OffscreenRenderer:
    """Headless renderer: ``render(position, view) -> (H, W, 3) uint8`` (top row first)."""

    def __init__(self, width: int = 1280, height: int = 720, ctx=None, samples: int = 0):
        import moderngl

        self.width, self.height = int(width), int(height)
        self.own_ctx = ctx is None
        self.ctx = ctx if ctx is not None else moderngl.create_standalone_context(backend="egl")  # type: ignore[arg-type]
        size = (self.width, self.height)
        self.samples = samples
        self.fbo = self.ctx.framebuffer(
            color_attachments=[self.ctx.renderbuffer(size, 4, samples=samples)],
            depth_attachment=self.ctx.depth_renderbuffer(size, samples=samples),
        )
        self.resolve = None
        if samples:
            self.resolve = self.ctx.framebuffer(color_attachments=[self.ctx.renderbuffer(size, 4)])
        self.renderer = Renderer(self.ctx)
        self._buf = bytearray(self.width * self.height * 3)
        self.last_frame: np.ndarray | None = None

    def draw(self, position, view: View) -> None:
        """Render without reading back (for timing or for ``read``)."""
        view.camera.resize(self.width, self.height)
        self.renderer.render(position, view, fbo=self.fbo)
        if self.resolve is not None:
            self.ctx.copy_framebuffer(self.resolve, self.fbo)

    def read(self) -> np.ndarray:
        src = self.resolve if self.resolve is not None else self.fbo
        src.read_into(self._buf, components=3, alignment=1)
        frame = np.frombuffer(self._buf, dtype=np.uint8).reshape(self.height, self.width, 3)
        self.last_frame = frame[::-1].copy()
        return self.last_frame

    def render(self, position, view: View) -> np.ndarray:
        self.draw(position, view)
        return self.read()

    def save_png(self, path, frame: np.ndarray | None = None) -> Path:
        from PIL import Image

        frame = self.last_frame if frame is None else frame
        if frame is None:
            raise RuntimeError("nothing rendered yet")
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        Image.fromarray(frame).save(path)
        return path

    def release(self) -> None:
        self.renderer.release()
        self.fbo.release()
        if self.resolve is not None:
            self.resolve.release()
        if self.own_ctx:
            self.ctx.release()
