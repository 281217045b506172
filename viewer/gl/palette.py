"""Colours of the viewer (RGB floats 0..1).  One place to retune the look."""
from __future__ import annotations

BACKGROUND = (0.075, 0.085, 0.115)

# board
TILE = (0.42, 0.46, 0.53)          # slate; the shader darkens every other cell
GREEN = (0.24, 0.58, 0.27)         # the green area (main battlefield)
RED_LINE = (0.92, 0.16, 0.14)
PROMOTION_LINE = (1.0, 0.80, 0.22)
EDGE = (0.62, 0.68, 0.80)           # outline of every plane
GHOST_TILE = (0.45, 0.55, 0.75)

# sides
SIDE = {
    "white": (0.96, 0.92, 0.80),   # ivory
    "black": (0.62, 0.10, 0.12),   # dark red
}

# pieces on faded planes (unfocused planes, ghost boards): lifted so that both sides stay
# readable against the dark background at low opacity (dark red would vanish there)
SIDE_FADED = {
    "white": (0.90, 0.90, 0.86),
    "black": (1.00, 0.30, 0.26),
}
FADED_MIN_ALPHA = 0.075

# highlights (legal-action targets per kind, and the interaction markers)
TARGET = {
    "move": (0.25, 0.60, 1.00),     # blue
    "capture": (1.00, 0.16, 0.14),  # red
    "jump": (0.75, 0.35, 1.00),     # violet
    "hyperjump": (0.10, 0.95, 0.90),  # cyan
    "stack": (1.00, 0.90, 0.15),    # yellow
}
LAST_FROM = (1.00, 0.52, 0.08)     # the last turn: orange (from: a hollow frame; to: frame + fill)
LAST_TO = (1.00, 0.56, 0.10)
HOVER = (1.0, 1.0, 1.0)
SELECTED = (0.45, 1.0, 0.35)


def rgba(rgb, alpha: float = 1.0) -> tuple[float, float, float, float]:
    return (float(rgb[0]), float(rgb[1]), float(rgb[2]), float(alpha))
