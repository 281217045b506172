"""Where the cube-chess HUD's panels are and what they cover (issue 16, item 3).

``panel_rects(hud)`` gives the screen rectangles (x, y, w, h; pixels, y up as pyglet draws) of every
visible panel, slider and legend after ``Hud.update``; ``overlaps(rects)`` the pairs that
intersect; ``covered_cells(controller, rects, height)`` the board cells that matter (pieces, target
and hint marks of the focused plane) whose centre lies under a panel.  The layout test and the
window use them; nothing here draws.
"""

from __future__ import annotations

from itertools import combinations

#: below this window size the panels cannot all fit: the window says so instead
MIN_WIDTH, MIN_HEIGHT = 800, 600


def board_inset(width: int, height: int, scale: float = 1.0) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) pixels the default view keeps free of the board: the status
    panel and the legend row above, the message, hover and key lines below."""
    k = scale
    narrow = width < 1100 * k  # the message wraps into more lines there
    return (0.0, 128.0 * k, 0.0, (124.0 if narrow else 88.0) * k)


def _rect_of(panel) -> tuple[float, float, float, float] | None:
    bg = panel.bg
    if not panel.text or not bg.visible:
        return None
    return (float(bg.x), float(bg.y), float(bg.width), float(bg.height))


def panel_rects(hud) -> dict[str, tuple[float, float, float, float]]:
    """Name -> rectangle of each visible HUD element (modal ones - help, banner - excluded: they
    cover the board on purpose and nothing else is drawn over them)."""
    out = {}
    for name in ("status", "stats", "turns", "setup", "observe", "message", "hover", "hint"):
        r = _rect_of(getattr(hud, name))
        if r is not None:
            out[name] = r
    for wd in hud.widgets:
        out[f"slider w{wd.dim}"] = (float(wd.x), float(wd.y), float(wd.w), float(wd.h))
    labels = [lab for lab in hud.legend_labels if lab.text and lab.visible]
    if labels:
        k = hud.scale
        x0 = min(lab.x for lab in labels) - 20 * k
        x1 = max(lab.x + lab.content_width for lab in labels)
        y0 = min(lab.y for lab in labels) - 4 * k
        out["legend row"] = (x0, y0, x1 - x0, 20 * k)
    legend = getattr(hud, "legend", None)
    if legend is not None and legend.visible and legend.visible[0]:
        bg = legend.bg
        out["legend"] = (float(bg.x), float(bg.y), float(bg.width), float(bg.height))
    pic = getattr(hud, "observe_picture", None)
    if pic is not None and pic.box is not None:
        x0, y0, x1, y1 = pic.box
        out["observation"] = (float(x0), float(y0), float(x1 - x0), float(y1 - y0))
    return out


def intersects(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah


def overlaps(rects: dict) -> list[tuple[str, str]]:
    """The pairs of named rectangles that intersect."""
    return [(a, b) for (a, ra), (b, rb) in combinations(rects.items(), 2) if intersects(ra, rb)]


def important_cells(controller) -> set:
    """The cells a player must see in the view shown: pieces of the focused plane, targets, hints."""
    c = controller
    sl = c.view.slicing
    z, higher = sl.focus_z, sl.higher()
    pos = c.position
    sx, sy = c.rules.size[0], c.rules.size[1]
    out = set()
    for x in range(1, sx + 1):
        for y in range(1, sy + 1):
            coord = (x, y, z) + higher
            if pos.cell(coord):
                out.add(coord[:3])
    for cells in c.view.highlights.targets.values():
        out.update(tuple(t)[:3] for t in cells if len(t) >= 3 and t[2] == z)
    return out


def covered_cells(controller, rects: dict, height: int) -> dict:
    """Cell -> the panel whose rectangle holds its centre (only the important cells)."""
    c = controller
    lay = c.view.layout(c.rules)
    out = {}
    for cell in important_cells(c):
        px, py = c.view.camera.project(lay.cell_center(*cell))
        x, y = px, height - py
        for name, (rx, ry, rw, rh) in rects.items():
            if rx <= x <= rx + rw and ry <= y <= ry + rh:
                out[cell] = name
                break
    return out
