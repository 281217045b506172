"""Colours of the viewer (RGB floats 0..1).  One place to retune the look.

Two palettes (issue 12):

* ``"safe"`` (the default): chosen for the three common colour-vision deficiencies
  (deuteranopia, protanopia, tritanopia).  Every category a player must tell apart differs
  in colour under each of them by at least :data:`MIN_DELTA_E` (CAM02-UCS, checked by
  ``tests/viewer/gl/test_palette_colour_blind.py`` with colorspacious) AND in shape or
  pattern:

  ===============  ===============================  ==================================
  category         colour                           shape / pattern
  ===============  ===============================  ==================================
  white / black    cool white / dark brown          light vs dark; black's pieces
                                                    face the other way
  move target      blue                             a dot in the middle of the cell
  capture target   vermilion                        a square frame around the cell
  3-D jump         pink                             a diamond, on a vertical pole
  hyper-jump       bluish green                     a triangle
  stack target     yellow                           a ring (circle)
  red line         vermilion                        a solid line
  promotion line   pale gold                        a dashed line
  green area       green                            a filled region with its checker
  ===============  ===============================  ==================================

* ``"classic"``: the colours before issue 12 (red / blue / violet / cyan / yellow).

A palette is a value (:class:`Palette`, frozen, its tables read-only): the view holds the one it
draws with (``viewer.cube.scene.View.palette``) and every builder and renderer reads it from there;
F12 gives the view the other palette.  Nothing here changes after import.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from types import MappingProxyType

#: minimum CAM02-UCS colour difference between categories under each simulated deficiency
#: (100 % severity, Machado et al. 2009 via colorspacious); ~1 is just noticeable, 10+ reads as a
#: different colour at a glance on small marks
MIN_DELTA_E = 12.0

#: the source tables (upper-case keys); :data:`BY_NAME` holds them as :class:`Palette` values
PALETTES: Mapping[str, dict] = {
    "safe": {
        "BACKGROUND": (0.075, 0.085, 0.115),
        "TILE": (0.30, 0.32, 0.37),
        "GREEN": (0.25, 0.62, 0.35),
        "RED_LINE": (0.95, 0.35, 0.05),
        "PROMOTION_LINE": (0.98, 0.92, 0.55),
        "EDGE": (0.62, 0.68, 0.80),
        "GHOST_TILE": (0.45, 0.55, 0.75),
        "SIDE": {"white": (0.92, 0.93, 0.95), "black": (0.55, 0.25, 0.08)},
        "SIDE_FADED": {"white": (0.90, 0.90, 0.92), "black": (0.95, 0.52, 0.22)},
        "TARGET": {
            "move": (0.10, 0.40, 0.95),
            "capture": (1.00, 0.30, 0.10),
            "jump": (0.95, 0.45, 0.85),
            "hyperjump": (0.00, 0.85, 0.70),
            "stack": (1.00, 0.90, 0.15),
        },
        "LAST_FROM": (1.00, 0.62, 0.20),
        "LAST_TO": (1.00, 0.66, 0.22),
        "HOVER": (1.0, 1.0, 1.0),
        "SELECTED": (1.0, 1.0, 1.0),
    },
    "classic": {
        "BACKGROUND": (0.075, 0.085, 0.115),
        "TILE": (0.42, 0.46, 0.53),
        "GREEN": (0.24, 0.58, 0.27),
        "RED_LINE": (0.92, 0.16, 0.14),
        "PROMOTION_LINE": (1.0, 0.80, 0.22),
        "EDGE": (0.62, 0.68, 0.80),
        "GHOST_TILE": (0.45, 0.55, 0.75),
        "SIDE": {"white": (0.96, 0.92, 0.80), "black": (0.62, 0.10, 0.12)},
        "SIDE_FADED": {"white": (0.90, 0.90, 0.86), "black": (1.00, 0.30, 0.26)},
        "TARGET": {
            "move": (0.25, 0.60, 1.00),
            "capture": (1.00, 0.16, 0.14),
            "jump": (0.75, 0.35, 1.00),
            "hyperjump": (0.10, 0.95, 0.90),
            "stack": (1.00, 0.90, 0.15),
        },
        "LAST_FROM": (1.00, 0.52, 0.08),
        "LAST_TO": (1.00, 0.56, 0.10),
        "HOVER": (1.0, 1.0, 1.0),
        "SELECTED": (0.45, 1.0, 0.35),
    },
}

FADED_MIN_ALPHA = 0.075  # pieces on faded planes stay at least this opaque

RGB = tuple[float, float, float]


@dataclass(frozen=True)
class Palette:
    """One palette's colours (RGB floats 0..1); ``side`` / ``side_faded`` by side, ``target`` by
    legal-action kind (read-only mappings)."""

    name: str
    background: RGB
    tile: RGB
    green: RGB
    red_line: RGB
    promotion_line: RGB
    edge: RGB
    ghost_tile: RGB
    side: Mapping[str, RGB]
    side_faded: Mapping[str, RGB]  # pieces on faded planes: lifted so both sides stay readable
    target: Mapping[str, RGB]  # highlights per legal-action kind
    last_from: RGB
    last_to: RGB
    hover: RGB
    selected: RGB

    def side_rgb(self, side: str, faded: bool = False) -> RGB:
        table = self.side_faded if faded else self.side
        return table.get(side, table["white"])

    def categories(self) -> dict[str, tuple]:
        """Every colour category a player must tell apart (the colour-blind test's input)."""
        out: dict[str, tuple] = {"side " + k: v for k, v in self.side.items()}
        out.update({"target " + k: v for k, v in self.target.items()})
        out.update(
            {
                "red line": self.red_line,
                "promotion line": self.promotion_line,
                "green area": self.green,
                "tile": self.tile,
                "selected": self.selected,
            }
        )
        return out


def _palette(name: str, table: dict) -> Palette:
    values = {f.name: table[f.name.upper()] for f in fields(Palette) if f.name != "name"}
    for key in ("side", "side_faded", "target"):
        values[key] = MappingProxyType(dict(values[key]))
    return Palette(name=name, **values)


#: the palettes by name: "safe" (the default) and "classic"
BY_NAME: Mapping[str, Palette] = MappingProxyType({name: _palette(name, t) for name, t in PALETTES.items()})
SAFE = BY_NAME["safe"]
CLASSIC = BY_NAME["classic"]
DEFAULT = SAFE


def named(name: str) -> Palette:
    """The palette called ``name`` ("safe" or "classic")."""
    try:
        return BY_NAME[name]
    except KeyError:
        raise ValueError(f"unknown palette {name!r} (use {', '.join(BY_NAME)})") from None


def other(p: Palette) -> Palette:
    """F12: the other palette."""
    return CLASSIC if p.name == "safe" else SAFE


def rgba(rgb, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (float(rgb[0]), float(rgb[1]), float(rgb[2]), float(alpha))
