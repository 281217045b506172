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
    c = palette.categories()
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


def smallest_difference(deficiency):
    c = palette.categories()
    return min(
        (float(np.linalg.norm(seen(c[a], deficiency) - seen(c[b], deficiency))), a, b) for a, b in pairs_to_tell_apart()
    )


@pytest.fixture
def classic():
    palette.use("classic")
    yield
    palette.use("safe")


@pytest.mark.parametrize("deficiency", DEFICIENCIES)
def test_default_palette_categories_differ_under_each_deficiency(deficiency):
    assert palette.current == "safe"
    d, a, b = smallest_difference(deficiency)
    assert d >= palette.MIN_DELTA_E, f"{a} vs {b}: delta E {d:.1f} under {deficiency}"


def test_the_old_palette_fails_the_same_check(classic):
    # blue (move) and violet (3-D jump) merged under deuteranopia: the check catches it
    d, a, b = smallest_difference("deuteranomaly")
    assert d < palette.MIN_DELTA_E
    assert {a, b} == {"target move", "target jump"}


def test_switching_palettes_updates_the_shared_tables_in_place(classic):
    target = palette.TARGET
    assert target["jump"] == palette.PALETTES["classic"]["TARGET"]["jump"]
    palette.use("safe")
    assert palette.TARGET is target and target["jump"] == palette.PALETTES["safe"]["TARGET"]["jump"]
    with pytest.raises(ValueError, match="'sepia'"):
        palette.use("sepia")
