"""One drawing of a spirit-chess piece, for the live board (``viewer/spirit/view.py``) and the
recorder (``viewer/record/spirit_frames.py``): its shape (formation: a diamond, the sect: a
square, every other piece: a disc) in its side's colour, its letter, and -- for a levellable piece
-- its level as a round badge at the lower right, gold with the boosted value when a formation
raises it.  A piece looks the same standing, gliding and in a video."""

from __future__ import annotations

from typing import Any

from ..ui.panels import MONO, SANS

SIDE_RGB = {"white": (240, 234, 214), "black": (150, 28, 34)}
SIDE_TEXT = {"white": (30, 30, 30, 255), "black": (255, 240, 220, 255)}


def add_spirit_piece(
    pyglet: Any,
    add: Any,
    spec: Any,
    side: str,
    x: float,
    y: float,
    r: float,
    level: int,
    effective: int | None = None,
    *,
    batch: Any,
    groups: tuple,
    alpha: int = 255,
    font: str = MONO,
) -> None:
    """Add the shapes and labels of one piece (``spec``: its ``SpiritKind``) to ``batch`` through
    ``add``; ``groups``: (body, letter and badge, badge number) drawing groups, back to front."""
    ps, T = pyglet.shapes, pyglet.text
    body, mark, top = groups
    col = SIDE_RGB[side] + (alpha,)
    if spec.formation:
        add(ps.Polygon((x, y + r), (x + r, y), (x, y - r), (x - r, y), color=col, batch=batch, group=body))
    elif spec.royal:
        add(ps.Rectangle(x - r, y - r, 2 * r, 2 * r, color=col, batch=batch, group=body))
    else:
        add(ps.Circle(x, y, r, color=col, batch=batch, group=body))
    add(
        T.Label(
            spec.letter,
            font_name=font,
            font_size=max(8, int(r / 0.42 * 0.3)),
            weight="bold",
            x=x,
            y=y + 1,
            anchor_x="center",
            anchor_y="center",
            color=SIDE_TEXT[side][:3] + (alpha,),
            batch=batch,
            group=mark,
        )
    )
    if spec.royal:
        return
    eff = level if effective is None else effective
    boosted = eff != level
    rb = r * 0.6
    bx, by = x + r * 0.7, y - r * 0.7
    ring = (255, 214, 60) if boosted else (235, 235, 225)
    add(ps.Circle(bx, by, rb + max(1.0, r * 0.08), color=ring + (alpha,), batch=batch, group=mark))
    add(ps.Circle(bx, by, rb, color=((120, 80, 0) if boosted else (25, 28, 40)) + (alpha,), batch=batch, group=mark))
    add(
        T.Label(
            str(eff),
            font_name=SANS,
            font_size=max(5, int(r * 0.72)),
            weight="bold",
            x=bx,
            y=by,
            anchor_x="center",
            anchor_y="center",
            color=((255, 240, 160) if boosted else (255, 255, 255)) + (alpha,),
            batch=batch,
            group=top,
        )
    )
