"""Engine state -> instance buffers (no GL)."""

import numpy as np
from viewer_fakes import FakePosition, Piece

from viewer.cube.scene import Highlights, View, build_scene, highlight_instances
from viewer.gl import meshes


def total(scene, name):
    return len(scene.opaque.get(name, [])) + len(scene.translucent.get(name, []))


def test_opening_has_crowded_pawns_in_every_plane():
    scene = build_scene(FakePosition(), View(reach=15))
    # 4 x 6 outside green on z=1, 16 x 6 on the 15 other planes, 4 x 12 pawns in green
    assert total(scene, "pawn") == 24 + 15 * 96 + 48
    assert total(scene, "king") == 2
    # the focused plane is opaque, the others translucent
    assert len(scene.opaque["pawn"]) == 24 + 48
    assert np.all(scene.translucent["pawn"][:, 7] < 1.0)


def test_default_view_draws_the_planes_near_the_focus_only_and_isolate_hides_them():
    v = View()
    v.slicing.set_focus(6)
    # planes 2..10 (reach 4 on both sides of plane 6), plane 6 with its 24 + 48 pawns... here the
    # fake's green holds pawns on z = 1 only: every other plane has its 96 crowded pawns
    assert total(build_scene(FakePosition(), v), "pawn") == 9 * 96
    assert [z for z in range(1, 17) if v.layer_alpha(z) > 0] == list(range(2, 11))
    assert v.layer_alpha(5) > v.layer_alpha(3) > 0  # fading with the distance
    v.isolated = True
    assert total(build_scene(FakePosition(), v), "pawn") == 96
    assert [z for z in range(1, 17) if v.layer_alpha(z) > 0] == [6]


def test_opacity_zero_hides_other_planes_and_explode_spreads_them():
    v = View(opacity=0.0)
    scene = build_scene(FakePosition(), v)
    assert len(scene.translucent["pawn"]) == 0 and len(scene.translucent["tiles"]) == 0
    v2 = View(explode=2.0, reach=15)
    s2 = build_scene(FakePosition(), v2)
    assert s2.translucent["tiles"][:, 2].max() == 15 * 2.0


def test_sides_differ_in_colour_and_facing():
    scene = build_scene(FakePosition(), View())
    k = scene.opaque["king"]
    white = k[k[:, 1] < 0][0]
    black = k[k[:, 1] > 0][0]
    assert white[3] > 0 > black[3]
    assert np.abs(white[4:7] - black[4:7]).sum() > 0.8


def test_stack_is_a_pile():
    pos = FakePosition({(8, 8, 1): (Piece("rook", "white"), Piece("knight", "white"), Piece("pawn", "white"))})
    scene = build_scene(pos, View())
    zs = [scene.opaque[k][np.isclose(scene.opaque[k][:, 1], 0.5 - 8 + 7)][:, 2] for k in ("rook", "knight")]
    rook_z = [z for z in zs[0]]
    knight_z = [z for z in zs[1]]
    assert min(knight_z) > max(rook_z)


def test_every_member_of_a_stack_is_drawn_clear_of_the_others():
    """Issue 16: a stacked rook was hidden in the knight. Each member of a pile gets its own drawn
    position, and stands on or above the top of the member below (no member drawn inside another),
    so a newly stacked piece is always seen; the pile's height (column picking) is its top."""
    from viewer.cube.scene import piece_height, pile_height

    for kinds in (("knight", "rook"), ("rook", "knight", "pawn"), ("king", "queen"), ("pawn", "pawn", "pawn")):
        stack = tuple(Piece(k, "white") for k in kinds)
        pos = FakePosition({(8, 8, 1): stack})
        scene = build_scene(pos, View())
        x, y = 0.5 - 8 + 7, 0.5 - 8 + 7
        rows = []
        for k in set(kinds):
            arr = scene.opaque[k]
            hit = arr[np.isclose(arr[:, 0], x) & np.isclose(arr[:, 1], y) & (arr[:, 2] < 1.2 * 3)]
            rows += [(float(r[2]), k, float(abs(r[3]))) for r in hit]
        rows.sort()
        assert len(rows) == len(kinds), (kinds, rows)
        assert [k for _z, k, _s in rows] == list(kinds)  # bottom first, in the stack's order
        assert len({round(z, 6) for z, _k, _s in rows}) == len(kinds)  # distinct positions
        for (z0, k0, s0), (z1, _k1, _s1) in zip(rows, rows[1:]):
            assert z1 >= z0 + piece_height(k0) * s0 - 1e-9  # clear of the member below
        top_z, top_k, top_s = rows[-1]
        assert np.isclose(pile_height(stack), top_z + piece_height(top_k) * top_s)


def test_every_piece_type_has_its_own_mesh():
    sizes = {k: (len(meshes.piece_mesh(k)), round(meshes.piece_height(k), 2)) for k in meshes.PIECE_TYPES}
    assert len(set(sizes.values())) == len(sizes)
    assert meshes.piece_height("king") == max(meshes.piece_height(k) for k in meshes.PIECE_TYPES)
    for k in meshes.PIECE_TYPES:
        low = meshes.piece_mesh(k, lod=True)
        assert len(low) <= len(meshes.piece_mesh(k)) and len(low) % 3 == 0


def test_ghost_board_pieces_and_hyperjump_target():
    pos = FakePosition({(8, 8, 1, 2): (Piece("queen", "black"),)})
    v = View()
    v.slicing.set_ghost_dim(4)
    scene = build_scene(pos, v)
    q = scene.translucent["queen"]
    assert len(q) == 1 and q[0, 0] > 8  # beside the board, to the right
    v.highlights = Highlights(targets={"hyperjump": [(8, 8, 1, 2)], "move": [(8, 9, 1)]}, hovered=(1, 1, 1))
    marks, rings = highlight_instances(v, v.layout())
    assert len(marks) == 2 and len(rings) == 1
    assert max(marks[:, 0]) > 8 > min(marks[:, 0])  # one on the ghost, one at home


def test_targets_pulse_with_time():
    v = View(highlights=Highlights(targets={"capture": [(8, 8, 1)]}))
    a = highlight_instances(v, v.layout())[0][0, 7]
    v.time = 0.3
    b = highlight_instances(v, v.layout())[0][0, 7]
    assert a != b
