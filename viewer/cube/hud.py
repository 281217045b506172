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

from ..gl import palette
from ..ui.panels import (DIM, HELP_KEY_WIDTH, HELP_LINE_WIDTH, LEVEL_COLOR, MONO, PANEL_BG, SANS,  # noqa: F401
                         TEXT, Panel, _rgb255, help_lines)

KIND_LABEL = (("move", "move"), ("capture", "capture"), ("jump", "3-D jump"), ("hyperjump", "hyper-jump"),
              ("stack", "stack"))


def hud_text(c) -> dict:
    """Every panel's text for a :class:`~viewer.cube.controller.CubeController` ``c`` (pure)."""
    out = {}
    mode = c.mode
    side = c.to_move
    pos = c.game.position if c.game is not None else c.position
    sc = pos.scores
    lines = ["DAQI  cube chess" + ("   [REC]" if c.recording else "")]
    if mode == "setup":
        lines.append(f"SETUP  {side} chooses")
    elif mode == "over":
        lines.append("GAME OVER")
    elif mode == "resume":
        lines.append("resume the autosaved game?")
    else:
        lines.append(f"{side.upper()} to move   (turn {pos.ply // 2 + 1})")
    lines.append(f"score  white {sc['white']}   black {sc['black']}")
    comp = c.computer_status() if hasattr(c, "computer_status") else ""
    if comp:
        lines.append(comp)
    cred = [f"{s}: " + ", ".join(f"{k} x{v}" for k, v in pos.credits[s].items())
            for s in ("white", "black") if pos.credits[s]]
    if cred:
        lines.append("hire credits  " + "; ".join(cred))
    lines.append(f"board {c.board_name()}   plane z={c.view.slicing.focus_z}   dim {c.active_dim} active")
    cp = c.cost_preview()
    if cp:
        lines.append(cp.replace("   cost", "\n  cost"))
    out["status"] = "\n".join(lines)

    if c.game is not None:
        st = ["C17 statistics  (pts cap hire green hyper)"]
        for s in ("white", "black"):
            rows = c.stats_rows(s)
            if not rows:
                st.append(f"{s}: -")
                continue
            st.append(f"{s}:")
            for t, pts, cap, hired, green, hyper in rows:
                st.append(f"  {t:<8}{pts:>4}{cap:>4}{hired:>5}{green:>6}{hyper:>6}")
        out["stats"] = "\n".join(st)
    else:
        out["stats"] = ""

    turns = c.turn_list()
    tl = ["turns"] + (turns[-22:] if turns else ["(none yet)"])
    if len(turns) > 22:
        tl.insert(1, f"... {len(turns) - 22} earlier")
    res = c.result_text()
    if res:
        tl.append("")
        tl.append("RESULT: " + res)
    out["turns"] = "\n".join(tl)

    out["message"] = c.message.text
    out["message_level"] = c.message.level
    hv = c.hover_text()
    out["hover"] = hv if hv else ("outside the board" if c.hover_outside else "")

    if mode == "setup" and c.setup is not None:
        sp = c.setup
        nparts = len(c.rules.setup["parts"]) + 1
        royal = c.setup_is_royal()
        s = [f"SETUP (C24-C27): {sp.to_choose} chooses part {sp.part + 1} of {nparts}"
             + (" - royal slots: king, prince, queen, brother once each" if royal else ""),
             f"time left {int(c.setup_remaining + 0.999)} s (default on timeout, C26)"]
        for i, (sq, name) in enumerate(zip(c.setup_squares(), c.setup_draft)):
            mark = " <" if c.setup_pick == i else ""
            s.append(f"  {i + 1}  {name:<8} on ({sq[0]},{sq[1]},{sq[2]}){mark}")
        s.append(f"pawn bonus so far (C25): white +{sp.pawn_bonus('white')}  black +{sp.pawn_bonus('black')}")
        s.append("click a slot or 1-4: change   Enter: confirm   Q: quick start")
        done = [f"{sd}: " + " | ".join(" ".join(n[:2] for n in p) for p in sp.choices[sd])
                for sd in ("white", "black") if sp.choices[sd]]
        s.extend(done)
        out["setup"] = "\n".join(s)
    else:
        out["setup"] = ""

    obs = c.observation()
    if obs:
        o = [f"observation (C18): z columns, range ±{c.observe}"]
        for x, y, col in obs:
            if not col:
                o.append(f"({x},{y}): empty")
                continue
            items = ", ".join(f"z{z} " + "+".join(p.type[:2] for p in st) + ("w" if st[0].side == "white" else "b")
                              for z, st in col[:6])
            more = f" (+{len(col) - 6})" if len(col) > 6 else ""
            o.append(f"({x},{y}): {items}{more}")
        out["observe"] = "\n".join(o[:28])
    else:
        out["observe"] = ""

    if c.help_visible:
        from .controller import BINDINGS
        h = ["KEYS AND MOUSE  (H / F1 / Esc closes)", ""]
        h += help_lines(BINDINGS)
        out["overlay"] = "\n".join(h)
    elif c.prompt is not None:
        out["overlay"] = f"{c.prompt.title}\n\n> {c.prompt.text}_"
    elif c.chooser is not None:
        ch = c.chooser
        o = [ch.title, ""]
        for i, (label, _v) in enumerate(ch.options):
            tick = ("[x] " if i in ch.chosen else "[ ] ") if ch.multi else ""
            dis = "" if ch.enabled is None or ch.enabled[i] else "   (not available)"
            o.append(f"  {i + 1}  {tick}{label}{dis}")
        out["overlay"] = "\n".join(o)
    elif mode == "resume":
        out["overlay"] = (f"An autosaved game was found ({len(c.resume_offer.turns)} turns).\n\n"
                          f"Y = resume it     N = start a new game")
    else:
        out["overlay"] = ""
    out["hint"] = "H: help   F2: spirit chess   drag: orbit   wheel: zoom   Z/X: plane   C: computer   I: hint"
    return out


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
    play: tuple            # (x, y, w, h) of the play button
    active: bool = False
    playing: bool = False

    def value_at(self, px: float) -> int:
        f = min(1.0, max(0.0, (px - self.x) / max(1.0, self.w)))
        return int(round(self.lo + f * (self.hi - self.lo)))

    def x_of(self, value: float) -> float:
        span = max(1, self.hi - self.lo)
        return self.x + (value - self.lo) / span * self.w


def slider_layout(slicing, width: int, height: int, active_dim: int = 4) -> list[SliderWidget]:
    """One slider per higher dimension (bottom-right, pyglet coordinates)."""
    out = []
    w = min(360.0, width * 0.3)
    x = width - w - 30
    y = 40.0
    for dim in reversed(slicing.dims()):
        lo, hi = slicing.slider_range(dim)
        hi = max(hi, lo + 1)
        pb = slicing.playback
        out.append(SliderWidget(dim, lo, hi, slicing.index(dim), list(slicing.markers.get(dim, [])),
                                x, y, w, 14.0, (x - 108, y - 5, 24, 24), dim == active_dim,
                                pb is not None and pb.dim == dim))
        y += 34
    return out


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
    """All overlays of the cube-chess window, in one pyglet batch."""

    def __init__(self):
        import pyglet
        self.pyglet = pyglet
        self.batch = pyglet.graphics.Batch()
        g0, g1, g2 = (pyglet.graphics.Group(order=i) for i in range(3))
        self.g = (g0, g1, g2)
        o0, o1 = pyglet.graphics.Group(order=5), pyglet.graphics.Group(order=6)
        b = self.batch
        self.status = Panel(b, (g0, g1), size=12, width=560)
        self.stats = Panel(b, (g0, g1), size=10, width=420)
        self.turns = Panel(b, (g0, g1), size=10, anchor="top-right", width=330)
        self.setup = Panel(b, (g0, g1), size=11, width=560)
        self.observe = Panel(b, (g0, g1), size=10, anchor="top-right", width=420)
        self.message = Panel(b, (g0, g1), font=SANS, size=12, anchor="bottom-left", width=1000)
        self.hover = Panel(b, (g0, g1), size=11, anchor="bottom-left", width=900)
        self.hint = Panel(b, (g0, g1), font=SANS, size=10, anchor="bottom-left", color=DIM, bg=(0, 0, 0, 0),
                           width=900)
        self.overlay = Panel(b, (o0, o1), size=12, anchor="center", bg=(8, 10, 16, 235), width=1100)
        self.legend_shapes = []
        self.legend_labels = []
        for i, (kind, name) in enumerate(KIND_LABEL):
            self.legend_shapes.append(pyglet.shapes.Rectangle(0, 0, 12, 12, color=_rgb255(palette.TARGET[kind]),
                                                              batch=b, group=g1))
            self.legend_labels.append(pyglet.text.Label(name, font_name=SANS, font_size=10, batch=b, group=g1,
                                                        color=TEXT, anchor_y="bottom"))
        self._slider_shapes = []
        self._slider_key = None
        self.widgets: list[SliderWidget] = []

    def update(self, c, width: int, height: int) -> None:
        t = hud_text(c)
        self.status.set(t["status"], 14, height - 12)
        y_stats = height - 12 - (self.status.label.content_height + 24)
        self.stats.set(t["stats"], 14, y_stats)
        self.setup.set(t["setup"], 14, y_stats - (self.stats.label.content_height + 24 if t["stats"] else 0))
        self.turns.set(t["turns"], width - 14, height - 12)
        self.observe.set(t["observe"], width - 14,
                         height - 24 - (self.turns.label.content_height + 12))
        mw = int(max(300, width - 560))
        if self.message.label.width != mw:
            self.message.label.width = mw
            self.hover.label.width = mw
        self.message.set(t["message"], 14, 40, LEVEL_COLOR.get(t["message_level"], TEXT))
        self.hover.set(t["hover"], 14, 76)
        self.hint.set(t["hint"], 14, 10)
        self.overlay.set(t["overlay"], width / 2, height / 2)
        # legend of the highlight colours (top centre)
        x = width / 2 - 250
        for shp, lab in zip(self.legend_shapes, self.legend_labels):
            shp.x, shp.y = x, height - 24
            lab.x, lab.y = x + 16, height - 25
            x += 20 + lab.content_width + 14
        self._sliders(c, width, height)

    def _sliders(self, c, width, height) -> None:
        sl = c.view.slicing
        self.widgets = slider_layout(sl, width, height, c.active_dim)
        key = tuple((w.dim, w.lo, w.hi, w.value, tuple(w.markers), w.x, w.y, w.active, w.playing)
                    for w in self.widgets)
        if key == self._slider_key:
            return
        self._slider_key = key
        for s in self._slider_shapes:
            s.delete()
        self._slider_shapes = []
        ps, b, (g0, g1, g2) = self.pyglet.shapes, self.batch, self.g
        add = self._slider_shapes.append
        for wd in self.widgets:
            add(ps.Rectangle(wd.x - 110, wd.y - 9, wd.w + 126, 32, color=PANEL_BG, batch=b, group=g0))
            add(ps.Rectangle(wd.x, wd.y + 5, wd.w, 4, color=(120, 130, 150, 255), batch=b, group=g1))
            for m in wd.markers:
                add(ps.Rectangle(wd.x_of(m) - 2, wd.y, 4, 14, color=(255, 200, 60, 255), batch=b, group=g1))
            kx = wd.x_of(wd.value)
            col = (120, 230, 255, 255) if wd.active else (220, 220, 220, 255)
            add(ps.Circle(kx, wd.y + 7, 8, color=col, batch=b, group=g2))
            bx, by, bw, bh = wd.play
            add(ps.Rectangle(bx, by, bw, bh, color=(60, 70, 90, 255), batch=b, group=g1))
            if wd.playing:
                add(ps.Rectangle(bx + 6, by + 6, 4, 12, color=(255, 255, 255, 255), batch=b, group=g2))
                add(ps.Rectangle(bx + 14, by + 6, 4, 12, color=(255, 255, 255, 255), batch=b, group=g2))
            else:
                add(ps.Triangle(bx + 7, by + 5, bx + 7, by + 19, bx + 19, by + 12, color=(255, 255, 255, 255),
                                batch=b, group=g2))
            lab = self.pyglet.text.Label(f"dim {wd.dim}: {wd.value}", font_name=MONO, font_size=10,
                                         x=bx + 30, y=wd.y + 7, anchor_y="center", color=col, batch=b, group=g2)
            add(lab)
            add(self.pyglet.text.Label(str(wd.hi), font_name=MONO, font_size=8, x=wd.x + wd.w + 4, y=wd.y + 7,
                                       anchor_y="center", color=DIM, batch=b, group=g2))

    def hit(self, x: float, y: float):
        return hit_slider(self.widgets, x, y)

    def draw(self) -> None:
        self.batch.draw()
