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
