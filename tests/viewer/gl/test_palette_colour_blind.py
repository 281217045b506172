"""The default palette stays readable under simulated colour-vision deficiencies (issue 12).

Each deficiency is simulated at full severity with colorspacious (Machado et al. 2009:
deuteranopia, protanopia, tritanopia); colour difference is the Euclidean distance in
CAM02-UCS (a uniform space: ~1 just noticeable).  Every pair of categories a player must tell
apart must differ by at least ``palette.MIN_DELTA_E``.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from colorspacious import cspace_convert

from viewer.gl import palette

DEFICIENCIES = (None, "deuteranomaly", "protanomaly", "tritanomaly")
TARGETS = ("move", "capture", "jump", "hyperjump", "stack")


def seen(rgb, deficiency):
    """CAM02-UCS coordinates of ``rgb`` as seen with ``deficiency`` (None: normal vision)."""
    rgb = np.asarray(rgb, dtype=float)
    if deficiency is not None:
        cvd = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0.0, 1.0)
    return cspace_convert(rgb, "sRGB1", "CAM02-UCS")


def pairs_to_tell_apart():
    """(name, name) of every pair of categories that must look different."""
    c = palette.SAFE.categories()
    targets = ["target " + k for k in TARGETS] + ["selected"]
    groups = [
        targets,  # the marks of a selected piece
        ["side white", "side black", "tile", "green area"],  # pieces on the cells they stand on
        ["red line", "promotion line", "green area", "tile"],
    ]  # the board's lines and areas
    groups += [[t, ground] for t in targets for ground in ("tile", "green area")]  # marks on the board
    groups += [[t, side] for t in targets[:-1] for side in ("side white", "side black")]  # marks on pieces
    out = set()
    for g in groups:
        for a, b in itertools.combinations(g, 2):
            assert a in c and b in c, (a, b)
            out.add(tuple(sorted((a, b))))
    return sorted(out)


def smallest_difference(deficiency, pal=palette.DEFAULT):
    c = pal.categories()
    return min(
        (float(np.linalg.norm(seen(c[a], deficiency) - seen(c[b], deficiency))), a, b) for a, b in pairs_to_tell_apart()
    )


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_default_palette_categories_differ_under_each_deficiency(deficiency):
    assert palette.DEFAULT is palette.SAFE
    d, a, b = smallest_difference(deficiency)
    assert d >= palette.MIN_DELTA_E, f"{a} vs {b}: delta E {d:.1f} under {deficiency}"


def test_the_old_palette_fails_the_same_check():
    # blue (move) and violet (3-D jump) merged under deuteranopia: the check catches it
    d, a, b = smallest_difference("deuteranomaly", palette.CLASSIC)
    assert d < palette.MIN_DELTA_E
    assert {a, b} == {"target move", "target jump"}


def test_a_palette_is_a_value_nothing_global_changes():
    safe, classic = palette.named("safe"), palette.named("classic")
    assert classic.target["jump"] == palette.PALETTES["classic"]["TARGET"]["jump"]
    assert palette.other(safe) is classic and palette.other(classic) is safe
    with pytest.raises(TypeError):
        safe.target["jump"] = (0.0, 0.0, 0.0)  # type: ignore[index]
    with pytest.raises(AttributeError):
        safe.tile = (0.0, 0.0, 0.0)  # type: ignore[misc]
    with pytest.raises(ValueError, match="'sepia'"):
        palette.named("sepia")


def test_f12_gives_the_view_the_other_palette_and_the_scene_is_drawn_in_it():
    from viewer.cube.controller import CubeController
    from viewer.cube.scene import highlight_layers

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    c.click_cell((5, 3, 1))  # a white pawn: its move target is marked in the palette's "move" colour
    before = c.view.content_key()

    def move_colours():
        rows = highlight_layers(c.view, c.view.layout(c.rules), c.position)
        return {tuple(round(float(v), 3) for v in r[4:7]) for name, a in rows.items() for r in a}

    assert tuple(round(v, 3) for v in palette.SAFE.target["move"]) in move_colours()
    c.key("f12")
    assert c.view.palette is palette.CLASSIC and "classic" in c.message.text
    assert c.view.content_key() != before  # the board's buffers are rebuilt
    assert tuple(round(v, 3) for v in palette.CLASSIC.target["move"]) in move_colours()
    assert palette.DEFAULT is palette.SAFE  # another view still draws in the default colours
    c.key("f12")
    assert c.view.palette is palette.SAFE
