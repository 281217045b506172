"""Text overlays and slider widgets of the window.

Two layers:

* GL-free models — :func:`hud_text` (every panel's text for a controller),
  :func:`slider_layout` / :func:`hit_slider` (where the higher-dimension
  sliders and their play buttons are, in window pixels with pyglet's
  bottom-left origin) — unit-testable without a display;
* :class:`Hud` — draws those models with ``pyglet.text.Label`` and
  ``pyglet.shapes`` in one batch, updating label text only when it changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..ui.panels import (  # noqa: F401
    DIM,
    HELP_KEY_WIDTH,
    HELP_LINE_WIDTH,
    LEVEL_COLOR,
    MONO,
    PANEL_BG,
    SANS,
    TEXT,
    Panel,
    help_lines,
    help_page,
    mono_width,
    prompt_text,
    rgb255,
)
from ..ui.review import banner_text, turn_rows
from ..ui.words import place_text, turn_number

KIND_LABEL = (
    ("move", "move"),
    ("capture", "capture"),
    ("jump", "3-D jump"),
    ("hyperjump", "hyper-jump"),
    ("stack", "stack"),
)


TURN_CHARS = 42  # the move list's width, in characters
OBSERVE_CHARS = 60  # the observation panel's width, in characters
MONO_ROW = 1.75  # the height of a monospace text row, in font sizes (with some room)


def fit_lines(lines: list[str], rows: int, width: int = 60) -> list[str]:
    """At most ``rows`` lines of at most ``width`` characters (a panel never grows past its room)."""
    rows = max(2, rows)
    cut = [ln if len(ln) <= width else ln[: width - 1] + "…" for ln in lines]
    if len(cut) > rows:
        cut = cut[: rows - 1] + [f"(+{len(lines) - rows + 1} more lines)"]
    return cut


def hud_text(
    c, *, show_stats: bool = False, turn_rows_max: int = 24, observe_rows: int = 28, overlay_rows: int = 60
) -> dict:
    """Every panel's text for a :class:`~viewer.cube.controller.CubeController` ``c`` (pure).

    ``show_stats``: the C17 statistics table (I toggles it); ``turn_rows_max`` / ``observe_rows``: the
    rows the move list and the observation panel have room for."""
    out: dict[str, Any] = {}
    mode = c.mode
    side = c.to_move
    pos = c.game.position if c.game is not None and not getattr(c, "reviewing", False) else c.position
    out["status"] = _status_text(c, mode, side, pos)
    out["stats"] = _stats_text(c, show_stats)
    out["turn_index"], out["turns"] = _turns_text(c, turn_rows_max)
    out["banner"] = banner_text(c)

    out["message"] = c.message.text
    if getattr(c, "details_visible", False) and getattr(c.message, "detail", ""):
        out["message"] += "\n   " + c.message.detail
    out["message_level"] = c.message.level
    hv = c.hover_text()
    out["hover"] = hv if hv else ("outside the board" if c.hover_outside else "")

    out["setup"] = _setup_text(c, pos) if mode == "setup" and c.setup is not None else ""
    out["observe"] = _observe_text(c, observe_rows)
    out["overlay"] = _overlay_text(c, mode, overlay_rows)
    if getattr(c, "in_tutorial", False):  # issue 16: in a lesson H is the lesson's hint, F1 the help
        out["hint"] = "F1: help   H: lesson hint   F4: show me   L: legend   Shift+arrows: orbit   F8: leave"
    else:
        out["hint"] = (
            "H: help   L: legend   V: overview   C: computer   Shift+H: hint   Shift+arrows: orbit   "
            "/: type a turn   F2: spirit chess"
        )
    return out


def _status_text(c, mode, side, pos) -> str:
    """The status panel: whose turn (or the phase), the scores, clock, computer, credits, place and cost."""
    sc = pos.scores
    lines = ["DAQI  cube chess" + ("   [REC]" if c.recording else "")]
    if getattr(c, "reviewing", False):
        lines.append(f"REVIEW  turn {c.review.ply} of {len(c.game.turns)}   (Esc: back to the game)")
    elif mode == "setup":
        lines.append(f"SETUP  {side} chooses")
    elif mode == "over":
        lines.append("GAME OVER")
    elif mode == "resume":
        lines.append("resume the autosaved game?")
    else:
        lines.append(f"{side.upper()} to move  \u00b7  turn {turn_number(len(c.game.turns))}")
    lines.append(f"score  white {sc['white']}   black {sc['black']}")
    drv = getattr(c, "clock_driver", None)
    if drv is not None:
        lines.append(drv.clock.text())
    comp = c.computer_status() if hasattr(c, "computer_status") else ""
    if comp:
        lines.append(comp)
    cred = [
        f"{s}: " + ", ".join(f"{k} x{v}" for k, v in pos.credits[s].items())
        for s in ("white", "black")
        if pos.credits[s]
    ]
    if cred:
        lines.append("hire credits  " + "; ".join(cred))
    lines.append(f"{place_text(c.view.slicing.higher(), c.view.slicing.focus_z)}   active dimension w{c.active_dim}")
    cp = c.cost_preview()
    if cp:
        lines.append(cp.replace("   cost", "\n  cost"))
    return "\n".join(lines)


def _stats_text(c, show_stats: bool) -> str:
    """The C17 statistics table per piece type (or the line saying K shows it)."""
    if c.game is not None and not show_stats:
        return "K: statistics per piece type"
    elif c.game is not None:
        st = ["statistics  (pts cap hire green hyper)   K hides"]
        for s in ("white", "black"):
            rows = c.stats_rows(s)
            if not rows:
                st.append(f"{s}: -")
                continue
            st.append(f"{s}:")
            for t, pts, cap, hired, green, hyper in rows:
                st.append(f"  {t:<8}{pts:>4}{cap:>4}{hired:>5}{green:>6}{hyper:>6}")
        return "\n".join(st)
    else:
        return ""


def _turns_text(c, turn_rows_max: int) -> tuple[list, str]:
    """(the turn each row of the move list shows, the move list with the result under it)."""
    turns = c.turn_list()
    sel = c.review_selected() if hasattr(c, "review_selected") else None
    rows, idx = turn_rows(turns, sel, turn_rows_max - 1, getattr(c, "turns_scroll", 0))
    rows = [r if len(r) <= TURN_CHARS else r[: TURN_CHARS - 1] + "…" for r in rows]  # one row each
    tl = ["turns   (Ctrl+Left: review, click a turn)" if turns else "turns"] + (rows if turns else ["(none yet)"])
    turn_index = [None] + (idx if turns else [None])
    res = c.result_text()
    if res:
        tl.append("")
        tl.append("RESULT: " + res)
    return turn_index, "\n".join(tl)


def _setup_text(c, pos) -> str:
    """The setup panel: the part being chosen, its slots, the pawn bonus and the parts already chosen."""
    sp = c.setup
    nparts = len(c.rules.setup["parts"]) + 1
    royal = c.setup_is_royal()
    setup_lines = [
        f"SETUP: {sp.to_choose} chooses part {sp.part + 1} of {nparts}"
        + (" - royal slots: king, prince, queen, brother once each" if royal else ""),
        f"time left {int(c.setup_remaining + 0.999)} s (then the default is used)",
    ]
    for i, (sq, name) in enumerate(zip(c.setup_squares(), c.setup_draft)):
        mark = " <" if c.setup_pick == i else ""
        setup_lines.append(f"  {i + 1}  {name:<8} on ({sq[0]},{sq[1]},{sq[2]}){mark}")
    # the bonus of the arrangement shown (the part being chosen included), so it always agrees
    # with the score line above it (issue 13, bug 11)
    bonus = {sd: pos.scores[sd] - c.rules.start_score for sd in ("white", "black")}
    setup_lines.append(f"pawn bonus (each pawn in a slot: +1 point): white +{bonus['white']}  black +{bonus['black']}")
    setup_lines.append("click a slot or 1-4: change   Enter: confirm   Q: quick start")
    done = [
        f"{sd}: " + " | ".join(" ".join(n[:2] for n in p) for p in sp.choices[sd])
        for sd in ("white", "black")
        if sp.choices[sd]
    ]
    setup_lines.extend(done)
    return "\n".join(setup_lines)


def _observe_text(c, observe_rows: int) -> str:
    """The observation panel: the z columns observed and the stacks in them."""
    obs = c.observation()
    if obs:
        o = [f"observation: z columns, range ±{c.observe}"]
        for x, y, col in obs:
            if not col:
                o.append(f"({x},{y}): empty")
                continue
            items = ", ".join(
                f"z{z} " + "+".join(p.type[:2] for p in st) + ("w" if st[0].side == "white" else "b")
                for z, st in col[:6]
            )
            more = f" (+{len(col) - 6})" if len(col) > 6 else ""
            o.append(f"({x},{y}): {items}{more}")
        return "\n".join(fit_lines(o, observe_rows, OBSERVE_CHARS))
    else:
        return ""


def _overlay_text(c, mode, overlay_rows: int) -> str:
    """The centred overlay: the help, a prompt, a chooser or the offer to resume (else empty)."""
    if c.help_visible:
        from .controller import BINDINGS

        return help_page("KEYS AND MOUSE  (H / F1 / Esc closes)", help_lines(BINDINGS), overlay_rows, c.help_page)
    elif c.prompt is not None:
        return prompt_text(c.prompt)
    elif c.chooser is not None:
        ch = c.chooser
        o = [ch.title, ""]
        for i, (label, _v) in enumerate(ch.options):
            tick = ("[x] " if i in ch.chosen else "[ ] ") if ch.multi else ""
            dis = "" if ch.enabled is None or ch.enabled[i] else "   (not available)"
            o.append(f"  {i + 1}  {tick}{label}{dis}")
        return "\n".join(o)
    elif mode == "resume":
        return f"An autosaved game was found ({len(c.resume_offer.turns)} turns).\n\nY = resume it     N = start a new game"
    else:
        return ""


# ---------------------------------------------------------------------------------- sliders
@dataclass
class SliderWidget:
    dim: int
    lo: int
    hi: int
    value: int
    markers: list
    x: float
    y: float
    w: float
    h: float
    play: tuple  # (x, y, w, h) of the play button
    active: bool = False
    playing: bool = False
    scale: float = 1.0

    def value_at(self, px: float) -> int:
        f = min(1.0, max(0.0, (px - self.x) / max(1.0, self.w)))
        return int(round(self.lo + f * (self.hi - self.lo)))

    def x_of(self, value: float) -> float:
        span = max(1, self.hi - self.lo)
        return self.x + (value - self.lo) / span * self.w


#: the most sliders drawn at once (a game in dimension 10,000 would need 9,998 of them)
MAX_SLIDERS = 12


def slider_dims(slicing, active_dim: int = 4, limit: int = MAX_SLIDERS) -> list[int]:
    """The higher dimensions that get a slider: all of them while they fit in ``limit``; beyond,
    the active one, those where the shown board's index is not 1, those holding pieces (markers),
    the first and the last (one past the farthest piece), then the active one's neighbours;
    ascending.  Work in proportion to the boards in use, never a walk per slider of every dimension."""
    dims = slicing.dims()
    if len(dims) <= limit:
        return dims
    lo, hi = dims[0], dims[-1]
    picked: dict[int, None] = {}
    moved = sorted(d for d, v in slicing.indices.items() if v != 1)
    marked = sorted(d for d, m in slicing.markers.items() if m)
    for d in [active_dim, *moved, hi, lo, *marked]:
        if lo <= d <= hi and len(picked) < limit:
            picked.setdefault(d)
    step = 1
    while len(picked) < limit and step <= hi - lo:
        for d in (active_dim - step, active_dim + step):
            if lo <= d <= hi and len(picked) < limit:
                picked.setdefault(d)
        step += 1
    return sorted(picked)


def slider_layout(slicing, width: int, height: int, active_dim: int = 4, scale: float = 1.0) -> list[SliderWidget]:
    """One slider per higher dimension, at most :data:`MAX_SLIDERS` of them (:func:`slider_dims`;
    bottom-right, pyglet coordinates); ``scale``: the UI scale."""
    out = []
    k = scale
    w = min(360.0 * k, width * 0.3)
    x = width - w - 30 * k
    y = 40.0 * k
    for dim in reversed(slider_dims(slicing, active_dim)):
        lo, hi = slicing.slider_range(dim)
        hi = max(hi, lo + 1)
        pb = slicing.playback
        out.append(
            SliderWidget(
                dim,
                lo,
                hi,
                slicing.index(dim),
                list(slicing.markers.get(dim, [])),
                x,
                y,
                w,
                14.0 * k,
                (x - 108 * k, y - 5 * k, 24 * k, 24 * k),
                dim == active_dim,
                pb is not None and pb.dim == dim,
                k,
            )
        )
        y += 34 * k
    return out


def sliders_top(widgets) -> float:
    """The highest pixel row the sliders use (0 without sliders)."""
    return max((wd.y + 24 * wd.scale for wd in widgets), default=0.0)


def hit_slider(widgets, x: float, y: float):
    """(``"play"`` | ``"slider"``, widget) under the pixel, or None."""
    for wd in widgets:
        bx, by, bw, bh = wd.play
        if bx <= x <= bx + bw and by <= y <= by + bh:
            return "play", wd
        if wd.x - 8 <= x <= wd.x + wd.w + 8 and wd.y - 8 <= y <= wd.y + wd.h + 8:
            return "slider", wd
    return None


# ---------------------------------------------------------------------------------- drawing
class Hud:
    """All overlays of the cube-chess window, in one pyglet batch.

    Proportional type for the words (status, messages, legend, banner), monospace only where
    columns must line up (move list, statistics, setup slots, observation).  ``scale`` (the
    window's UI scale, 1 at 1280×720, 2 on a 4K screen) multiplies every font and margin.
    """

    def __init__(self, scale: float = 1.0):
        import pyglet

        self.pyglet = pyglet
        self.batch = pyglet.graphics.Batch()
        g0, g1, g2 = (pyglet.graphics.Group(order=i) for i in range(3))
        self.g = (g0, g1, g2)
        o0, o1 = pyglet.graphics.Group(order=5), pyglet.graphics.Group(order=6)
        b = self.batch
        self.status = Panel(b, (g0, g1), font=SANS, size=12, width=560)
        self.stats = Panel(b, (g0, g1), size=10, width=420)
        self.turns = Panel(b, (g0, g1), size=10, anchor="top-right", width=mono_width(TURN_CHARS, 10))
        self.setup = Panel(b, (g0, g1), size=11, width=560)
        self.observe = Panel(b, (g0, g1), size=10, anchor="top-right", width=mono_width(OBSERVE_CHARS, 10))
        self.message = Panel(b, (g0, g1), font=SANS, size=12, anchor="bottom-left", width=1000)
        self.hover = Panel(b, (g0, g1), font=SANS, size=11, anchor="bottom-left", width=900)
        self.hint = Panel(b, (g0, g1), font=SANS, size=10, anchor="bottom-left", color=DIM, bg=(0, 0, 0, 0), width=900)
        self.banner = Panel(
            b, (o0, o1), font=SANS, size=15, anchor="center", color=(255, 214, 90, 255), bg=(20, 16, 8, 235), width=760
        )
        self.overlay = Panel(
            b, (o0, o1), size=12, anchor="center", bg=(8, 10, 16, 235), width=mono_width(HELP_LINE_WIDTH, 12)
        )
        self.overlay.fit_chars(HELP_LINE_WIDTH)
        self.panels = (
            self.status,
            self.stats,
            self.turns,
            self.setup,
            self.observe,
            self.message,
            self.hover,
            self.hint,
            self.banner,
            self.overlay,
        )
        self.legend_shapes: list[list] = []
        self.legend_labels = []
        self._legend_palette = None
        for _i, (_kind, name) in enumerate(KIND_LABEL):
            self.legend_shapes.append([])
            self.legend_labels.append(
                pyglet.text.Label(name, font_name=SANS, font_size=10, batch=b, group=g1, color=TEXT, anchor_y="bottom")
            )
        self._slider_shapes: list = []
        self._slider_key: tuple | None = None
        self._cursor_shapes: list = []
        self.widgets: list[SliderWidget] = []
        from .legend import Legend

        self.legend_groups = (o0, o1)
        self.legend = Legend(b, self.legend_groups)
        self.show_stats = False
        self.scale = 0.0
        self.turn_index: list = []
        self.set_scale(scale)

    def set_scale(self, scale: float) -> None:
        scale = max(0.5, float(scale))
        if scale == self.scale:
            return
        self.scale = scale
        for p in self.panels:
            p.set_scale(scale)
        for lab in self.legend_labels:
            lab.font_size = 10 * scale
        self._slider_key = None

    def update(self, c, width: int, height: int, scale: float | None = None) -> None:
        if scale is not None:
            self.set_scale(scale)
        k = self.scale
        m = 14 * k
        lh_small = 10 * k * MONO_ROW  # a monospace 10 pt row, in pixels
        turn_rows_max = int(max(6, (height * 0.42) / lh_small))
        widgets = slider_layout(c.view.slicing, width, height, c.active_dim, k)
        t = hud_text(
            c,
            show_stats=self.show_stats,
            turn_rows_max=turn_rows_max,
            observe_rows=99,
            overlay_rows=int((height - 40 * k) / (12 * k * MONO_ROW)),
        )
        self.turns.set(t["turns"], width - m, height - 12 * k)
        turns_bottom = height - 12 * k - self.turns.label.content_height - 12 * k
        room = turns_bottom - 12 * k - (sliders_top(widgets) + 8 * k)
        obs_rows = int(room / lh_small)
        if t["observe"]:
            t["observe"] = (
                "\n".join(fit_lines(t["observe"].split("\n"), obs_rows, OBSERVE_CHARS)) if obs_rows >= 2 else ""
            )
        self.turn_index = t["turn_index"]
        self.status.set(t["status"], m, height - 12 * k)
        y_stats = height - 12 * k - (self.status.label.content_height + 24 * k)
        self.stats.set(t["stats"], m, y_stats)
        self.setup.set(t["setup"], m, y_stats - (self.stats.label.content_height + 24 * k if t["stats"] else 0))
        self.observe.set("", width - m, turns_bottom)
        mw = int(max(300 * k, width - 560 * k))
        if self.message.label.width != mw:
            self.message.label.width = mw
            self.hover.label.width = mw
        self.message.set(t["message"], m, 40 * k, LEVEL_COLOR.get(t["message_level"], TEXT))
        msg_h = self.message.label.content_height if t["message"] else 0
        self.hover.set(t["hover"], m, 40 * k + msg_h + 22 * k)
        ow = int(min(self.overlay.width * k, width - 40))
        if self.overlay.label.width != ow:
            self.overlay.label.width = ow
        self.hint.set(t["hint"], m, 10 * k)
        self.banner.set(t["banner"] if not t["overlay"] else "", width / 2, height * 0.58)
        self.overlay.set(t["overlay"], width / 2, height / 2)
        # legend of the highlight colours (top centre)
        total = sum(20 * k + lab.content_width + 14 * k for lab in self.legend_labels)
        x = width / 2 - total / 2
        pal = c.view.palette
        if self._legend_palette != pal.name:  # the symbols in the palette's colours
            from .target_legend import legend_shapes

            for shapes in self.legend_shapes:
                for shp in shapes:
                    shp.delete()
            self.legend_shapes = [
                legend_shapes(self.pyglet, kind, self.batch, self.g[1], pal) for kind, _n in KIND_LABEL
            ]
            if self.legend.palette is not pal:  # the legend panel in the new colours too
                from .legend import Legend

                self.legend.delete()
                self.legend = Legend(self.batch, self.legend_groups, pal)
            self._legend_palette = pal.name
        from .target_legend import place

        # issue 16: the row folds away where it would run into the status panel or the move list
        # (a narrow window; L still shows the full legend)
        status_right = self.status.bg.x + self.status.bg.width if self.status.text else 0.0
        turns_left = self.turns.bg.x if self.turns.text else width
        fits = x >= status_right + 8 * k and x + total <= turns_left - 8 * k
        for shapes, lab in zip(self.legend_shapes, self.legend_labels):
            place(shapes, x, height - 24 * k)
            lab.x, lab.y = x + 16 * k, height - 25 * k
            lab.visible = fits
            for shp in shapes:
                shp.visible = fits
            x += 20 * k + lab.content_width + 14 * k
        self._sliders(c, width, height, widgets)
        self._cursor(c, height)
        # the legend panel (L): bottom right, above the sliders -- and above the hover and message
        # lines where it would reach over them (a narrow window; issue 16)
        top_slider = max((wd.y + 30 * k for wd in self.widgets), default=30.0 * k)
        legend_on = bool(getattr(c, "legend_visible", False))
        bottom = top_slider + 6 * k
        x0 = width - m - self.legend.width - 8
        for p in (self.message, self.hover, self.hint):
            if p.text and p.bg.visible and p.bg.x + p.bg.width + 8 * k > x0:
                bottom = max(bottom, p.bg.y + p.bg.height + 8 * k)
        self.legend.update(legend_on, width - m, bottom)
        # the observation view (C18) as a picture of the z columns (viewer.cube.observe_view): in the
        # right column between the move list and the sliders, or the legend when it shows (issue 16:
        # the legend was drawn over it)
        if getattr(self, "observe_picture", None) is None:
            from .observe_view import ObservePicture

            self.observe_picture = ObservePicture(self.batch, (self.g[0], self.g[1]))
        floor = (bottom + self.legend.height) if legend_on else sliders_top(widgets)
        self.observe_picture.update(c, width - m, turns_bottom, room=turns_bottom - (floor + 8 * k))

    def _cursor(self, c, height: int) -> None:
        """The keyboard cell cursor: a bright, thick outline of its cell, drawn over the board."""
        for s in self._cursor_shapes:
            s.delete()
        self._cursor_shapes = []
        coord = c.cursor_coord() if getattr(c, "cursor", None) is not None else None
        if coord is None:
            return
        lay = c.view.layout(c.rules)
        cam = c.view.camera
        x0, y0, zw = lay.cell_corner(coord[0], coord[1], coord[2])
        pts = []
        for dx, dy in ((-0.06, -0.06), (1.06, -0.06), (1.06, 1.06), (-0.06, 1.06)):
            px, py = cam.project((x0 + dx, y0 + dy, zw + 0.02))
            pts.append((px, height - py))
        k = self.scale
        for i in range(4):
            (ax, ay), (bx, by) = pts[i], pts[(i + 1) % 4]
            for th, col in ((6 * k, (0, 0, 0, 220)), (3 * k, (255, 255, 255, 255))):
                self._cursor_shapes.append(
                    self.pyglet.shapes.Line(ax, ay, bx, by, thickness=th, color=col, batch=self.batch, group=self.g[2])
                )

    def turn_at(self, x: float, y: float):
        """The turn index (0-based) of the move-list row under the pixel; ``"panel"`` for another
        place on the panel; None outside it."""
        row = self.turns.row_at(x, y)
        if row is None:
            return None
        if 0 <= row < len(self.turn_index) and self.turn_index[row] is not None:
            return self.turn_index[row]
        return "panel"

    def over_panel(self, x: float, y: float) -> bool:
        """Whether the pixel is on one of the text panels (a click there is not a board click)."""
        return any(
            p.contains(x, y) for p in (self.status, self.stats, self.turns, self.setup, self.observe, self.banner)
        )

    def _sliders(self, c, width, height, widgets=None) -> None:
        sl = c.view.slicing
        self.widgets = widgets if widgets is not None else slider_layout(sl, width, height, c.active_dim, self.scale)
        key = tuple(
            (w.dim, w.lo, w.hi, w.value, tuple(w.markers), w.x, w.y, w.active, w.playing, w.scale) for w in self.widgets
        )
        if key == self._slider_key:
            return
        self._slider_key = key
        for s in self._slider_shapes:
            s.delete()
        self._slider_shapes = []
        ps, b, (g0, g1, g2) = self.pyglet.shapes, self.batch, self.g
        add = self._slider_shapes.append
        for wd in self.widgets:
            k = wd.scale
            add(ps.Rectangle(wd.x - 110 * k, wd.y - 9 * k, wd.w + 126 * k, 32 * k, color=PANEL_BG, batch=b, group=g0))
            add(ps.Rectangle(wd.x, wd.y + 5 * k, wd.w, 4 * k, color=(120, 130, 150, 255), batch=b, group=g1))
            for m in wd.markers:
                add(ps.Rectangle(wd.x_of(m) - 2 * k, wd.y, 4 * k, 14 * k, color=(255, 200, 60, 255), batch=b, group=g1))
            kx = wd.x_of(wd.value)
            col = (120, 230, 255, 255) if wd.active else (220, 220, 220, 255)
            add(ps.Circle(kx, wd.y + 7 * k, 8 * k, color=col, batch=b, group=g2))
            bx, by, bw, bh = wd.play
            add(ps.Rectangle(bx, by, bw, bh, color=(60, 70, 90, 255), batch=b, group=g1))
            if wd.playing:
                add(ps.Rectangle(bx + 6 * k, by + 6 * k, 4 * k, 12 * k, color=(255, 255, 255, 255), batch=b, group=g2))
                add(ps.Rectangle(bx + 14 * k, by + 6 * k, 4 * k, 12 * k, color=(255, 255, 255, 255), batch=b, group=g2))
            else:
                add(
                    ps.Triangle(
                        bx + 7 * k,
                        by + 5 * k,
                        bx + 7 * k,
                        by + 19 * k,
                        bx + 19 * k,
                        by + 12 * k,
                        color=(255, 255, 255, 255),
                        batch=b,
                        group=g2,
                    )
                )
            lab = self.pyglet.text.Label(
                f"w{wd.dim} = {wd.value}",
                font_name=SANS,
                font_size=10 * k,
                x=bx + 30 * k,
                y=wd.y + 7 * k,
                anchor_y="center",
                color=col,
                batch=b,
                group=g2,
            )
            add(lab)
            add(
                self.pyglet.text.Label(
                    str(wd.hi),
                    font_name=SANS,
                    font_size=8 * k,
                    x=wd.x + wd.w + 4 * k,
                    y=wd.y + 7 * k,
                    anchor_y="center",
                    color=DIM,
                    batch=b,
                    group=g2,
                )
            )

    def hit(self, x: float, y: float):
        return hit_slider(self.widgets, x, y)

    def draw(self) -> None:
        self.batch.draw()
