"""A piece kind without a mesh (a ruleset's new kind) is drawn with the visible 'unknown' block,
with a warning naming where its mesh goes -- never silently as a pawn."""

from __future__ import annotations

import warnings

import numpy as np

from engine import Piece
from viewer.cube import scene
from viewer.gl import meshes


def test_a_new_piece_kind_gets_the_unknown_mesh_and_one_warning():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert scene.mesh_kind(Piece("dragon", "white")) == meshes.UNKNOWN_KIND
        assert scene.mesh_kind(Piece("dragon", "black")) == meshes.UNKNOWN_KIND  # warned once per kind
        assert scene.mesh_kind(Piece("knight", "white")) == "knight"
    texts = [str(w.message) for w in caught]
    assert len(texts) == 1 and "'dragon'" in texts[0] and "viewer/gl/meshes.py" in texts[0]


def test_the_unknown_mesh_looks_like_no_real_piece():
    unknown = meshes.piece_mesh(meshes.UNKNOWN_KIND)
    assert unknown.shape[1] == 6 and len(unknown) > 0 and meshes.UNKNOWN_KIND in scene.PIECE_MESHES
    for kind in meshes.PIECE_TYPES:
        if kind != meshes.UNKNOWN_KIND:
            other = meshes.piece_mesh(kind)
            assert other.shape != unknown.shape or not np.allclose(other, unknown)


def test_a_new_piece_kind_with_a_mesh_builder_is_drawn_with_its_own_mesh(monkeypatch, gl_ctx):
    """README, "where a change goes": a new piece kind's mesh is one builder in viewer/gl/meshes.py;
    the scene files the kind under it and the renderer draws it (no other list to update)."""
    from viewer_fakes import FakePosition

    from viewer.cube.render import OffscreenRenderer
    from viewer.cube.scene import View, build_scene

    def dragon(lod: bool = False):  # a tall block: clearly not a pawn
        return meshes.box((0.0, 0.0, 0.7), (0.4, 0.4, 1.4))

    monkeypatch.setitem(meshes.PIECE_BUILDERS, "dragon", dragon)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a kind with a mesh is never warned about
        assert scene.mesh_kind(Piece("dragon", "white")) == "dragon"
    pos = FakePosition({(8, 8, 1): (Piece("dragon", "white"),)}, opening=False)
    view = View()
    built = build_scene(pos, view)
    assert len(built.opaque["dragon"]) == 1 and "unknown" not in built.opaque
    r = OffscreenRenderer(160, 120, ctx=gl_ctx)
    try:
        assert "dragon" in r.renderer.piece_kinds
        view.camera.resize(160, 120)
        view.frame()
        with_dragon = r.render(pos, view)
        without = r.render(FakePosition({}, opening=False), view)
        assert int(np.abs(with_dragon.astype(int) - without).sum()) > 0  # the dragon is on screen
    finally:
        r.release()
