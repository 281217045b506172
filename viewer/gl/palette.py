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

:func:`use` switches the module's values in place (the window's C key); the scene reads them
each time it builds its buffers.
"""

from __future__ import annotations

#: minimum CAM02-UCS colour difference between categories under each simulated deficiency
#: (100 % severity, Machado et al. 2009 via colorspacious); ~1 is just noticeable, 10+ reads as a
#: different colour at a glance on small marks
MIN_DELTA_E = 12.0

PALETTES: dict[str, dict] = {
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

# the current values (module attributes; :func:`use` rewrites them)
BACKGROUND = TILE = GREEN = RED_LINE = PROMOTION_LINE = EDGE = GHOST_TILE = (0.0, 0.0, 0.0)
SIDE: dict = {}
SIDE_FADED: dict = {}  # pieces on faded planes: lifted so both sides stay readable at low opacity
TARGET: dict = {}  # highlights per legal-action kind
LAST_FROM = LAST_TO = HOVER = SELECTED = (0.0, 0.0, 0.0)
FADED_MIN_ALPHA = 0.075
current = "safe"


def use(name: str) -> None:
    """Switch to palette ``name`` ("safe" or "classic"); dicts are updated in place."""
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r} (use {', '.join(PALETTES)})")
    g = globals()
    for key, value in PALETTES[name].items():
        if isinstance(value, dict):
            g[key].clear()
            g[key].update(value)
        else:
            g[key] = value
    g["current"] = name


def categories() -> dict[str, tuple]:
    """Every colour category a player must tell apart (the colour-blind test's input)."""
    out = {"side " + k: v for k, v in SIDE.items()}
    out.update({"target " + k: v for k, v in TARGET.items()})
    out.update(
        {
            "red line": RED_LINE,
            "promotion line": PROMOTION_LINE,
            "green area": GREEN,
            "tile": TILE,
            "selected": SELECTED,
        }
    )
    return out


def rgba(rgb, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (float(rgb[0]), float(rgb[1]), float(rgb[2]), float(alpha))


use("safe")
