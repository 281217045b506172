"""Cube-chess view controls: camera, focused plane, opacity, explode, higher-dimension sliders,
ghost boards, the observation view (C18) and the mouse (picking, hover).

:class:`ViewControls` is a part of :class:`viewer.cube.controller.CubeController` that owns the
view (:attr:`ViewControls.view`, a :class:`viewer.cube.scene.View`: camera, slicing, highlights),
the active higher dimension and the observation range; what it needs of the controller (rules,
the position shown, the hovered cell, messages) is :class:`ViewHost`.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine import format_chinese, format_coord

from ..gl import palette
from ..ui.bindings import Actions
from ..ui.words import board_text
from .picking import pick_view
from .scene import View


def canon(c) -> tuple:
    """The engine's spelling of a coordinate: trailing higher indices of 1 dropped."""
    c = tuple(c)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


class ViewHost(Protocol):
    """What the view controls need of the controller."""

    rules: Any
    time: float
    hovered: Any
    hover_outside: bool

    @property
    def position(self) -> Any: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def toggle_overview(self) -> None: ...

    def pick_shown(self, px: float, py: float) -> Any: ...


class ViewControls:
    """Camera, slicing and observation controls, and mouse picking."""

    def __init__(self, host: ViewHost, view: View):
        self.host = host
        self.view = view
        self.active_dim = 4
        self.observe: int | None = None  # observation range (C18) or None

    # ------------------------------------------------------------------ camera and slicing
    def orbit(self, d_yaw: float, d_pitch: float) -> None:
        self.view.camera.orbit(d_yaw, d_pitch)

    def drag(self, dx: float, dy: float, pan: bool = False) -> None:
        """Mouse drag by (dx, dy) pixels (y down): orbit, or pan with ``pan``."""
        if pan:
            self.view.camera.pan(dx, dy)
        else:
            self.view.camera.orbit(-dx * 0.4, dy * 0.4)

    def scroll(self, steps: float) -> None:
        self.view.camera.zoom(0.9**steps)

    def reset_camera(self) -> None:
        self.view.camera.reset()
        self.host.say("Camera reset.")

    def set_focus(self, z: int) -> None:
        self.view.slicing.set_focus(z)
        self.host.say(f"Focused plane z={self.view.slicing.focus_z}.")

    def set_opacity(self, delta: float) -> None:
        v = self.view
        v.opacity = round(max(0.0, min(1.0, v.opacity + delta)), 2)
        self.host.say(f"Other planes: opacity {v.opacity:.2f}" + (" (hidden)" if v.opacity == 0 else ""))

    def set_explode(self, delta: float) -> None:
        v = self.view
        v.explode = round(max(0.3, min(6.0, v.explode + delta)), 2)
        self.host.say(f"Plane spacing (explode): {v.explode:.2f} cells")

    def cycle_dim(self, delta: int = 1) -> None:
        dims = self.view.slicing.dims()
        i = dims.index(self.active_dim) if self.active_dim in dims else 0
        self.active_dim = dims[(i + delta) % len(dims)]
        if self.view.slicing.ghost_dim is not None:
            self.view.slicing.set_ghost_dim(self.active_dim)
        self.host.say(f"Active higher dimension: {self.active_dim} (hyper-jumps, slider N/M, ghosts).")

    def step_slider(self, delta: int, dim: int | None = None) -> None:
        d = dim or self.active_dim
        self.view.slicing.step(d, delta)
        self.host.say(f"Showing {self.board_name()}.")

    def set_slider(self, dim: int, value: int) -> None:
        self.active_dim = dim
        self.view.slicing.set_index(dim, max(1, int(value)))
        self.host.say(f"Showing {self.board_name()}.")

    def toggle_play(self, dim: int | None = None) -> None:
        sl = self.view.slicing
        if sl.playing:
            sl.stop()
            self.host.say("Slider playback stopped.")
        else:
            sl.play(dim or self.active_dim, self.host.time)
            self.host.say(f"Playing dimension {dim or self.active_dim} (Space stops).")

    def toggle_ghosts(self) -> None:
        sl = self.view.slicing
        sl.set_ghost_dim(None if sl.ghost_dim is not None else self.active_dim)
        self.view.frame()  # the board and its ghosts framed on screen (issue 12)
        self.host.say(
            "Ghost boards " + (f"on: the neighbours along dimension {sl.ghost_dim}" if sl.ghost_dim else "off") + "."
        )

    def board_name(self) -> str:
        """The 3-D board shown: ``main board`` / ``board w4=2`` (viewer.ui.words)."""
        return board_text(self.view.slicing.higher())

    def cycle_observe(self) -> None:
        self.observe = {None: 0, 0: 1, 1: 2, 2: None}[self.observe]
        if self.observe is None:
            self.host.say("Observation view off.")
        else:
            self.host.say(f"Observation view (C18): z columns around the hovered (x, y), range ±{self.observe}.")

    def observation(self) -> list:
        """[(x, y, [(z, stack), ...])] for the hovered (x, y) ± range on the shown board (C18)."""
        if self.observe is None or self.host.hovered is None:
            return []
        pos = self.host.position
        hx, hy = self.host.hovered[0], self.host.hovered[1]
        hi = tuple(self.view.slicing.higher())
        r = self.observe
        out = []
        sx, sy, sz = self.host.rules.size
        for y in range(hy + r, hy - r - 1, -1):
            for x in range(hx - r, hx + r + 1):
                if not (1 <= x <= sx and 1 <= y <= sy):
                    continue
                col = []
                for z in range(1, sz + 1):
                    st = pos.cell(canon((x, y, z) + hi))
                    if st:
                        col.append((z, st))
                out.append((x, y, col))
        return out

    # ------------------------------------------------------------------ mouse
    def pick(self, px: float, py: float):
        """Cell under the pixel (top-left origin), on the focused plane or a ghost board."""
        return pick_view(self.view, px, py, self.host.rules, focus_only=True)

    def named_view(self, name: str) -> None:
        """Look from a named direction and frame the focused plane clear of the panels (issue 16
        re-test: the top view at 800×600 put black's home ranks under the status panel); R still
        returns to the first view."""
        cam = self.view.camera
        home = cam._home
        cam.set_view(name)
        self.view.frame(layers=0, inset=self.view.hud_inset)
        cam._home = home

    def hover(self, px: float, py: float) -> None:
        c = self.host.pick_shown(px, py)  # the piece under the mouse, as a click
        self.host.hover_outside = c is None
        self.host.hovered = c
        self.view.highlights.hovered = c

    def hover_text(self) -> str:
        c = self.host.hovered
        if c is None:
            return ""
        st = self.host.position.cell(canon(c))
        what = "+".join(f"{p.side} {p.type}" if i == 0 else p.type for i, p in enumerate(st)) or "empty"
        extra = "  green area" if self.host.rules.in_green(canon(c)) else ""
        return f"{format_coord(c)}   {format_chinese(c)}   {what}{extra}"

    # ------------------------------------------------------------------ keys
    def toggle_isolate(self) -> None:
        v = self.view
        v.isolated = not v.isolated
        self.host.say(
            f"Plane z={v.slicing.focus_z} isolated: the other planes are hidden (I shows them)."
            if v.isolated
            else f"Other planes shown again, opacity {v.opacity:.2f} (, and . fade them)."
        )

    def toggle_palette(self) -> None:
        """F12: the view is drawn in the other palette (a value; nothing global changes)."""
        self.view.palette = palette.other(self.view.palette)
        self.host.say(
            "Colours: "
            + ("colour-blind safe (default)" if self.view.palette.name == "safe" else "classic (red / blue / violet)")
            + "; F12 switches."
        )

    def key_actions(self) -> Actions:
        """Camera and slicing actions of the key table (context ``view``)."""
        view = self.view
        actions: Actions = {
            # plain arrows move the cursor (context ``cursor``); with Shift they orbit, 20 degrees
            "view.orbit_left": lambda: self.orbit(-20.0, 0),
            "view.orbit_right": lambda: self.orbit(20.0, 0),
            "view.orbit_up": lambda: self.orbit(0, 20.0),
            "view.orbit_down": lambda: self.orbit(0, -20.0),
            "view.pan_w": lambda: view.camera.pan(0, -40),
            "view.pan_s": lambda: view.camera.pan(0, 40),
            "view.pan_a": lambda: view.camera.pan(-40, 0),
            "view.pan_d": lambda: view.camera.pan(40, 0),
            "view.camera_1": lambda: self.named_view("front"),
            "view.camera_2": lambda: self.named_view("top"),
            "view.camera_3": lambda: self.named_view("side"),
            "view.fade_more": lambda: self.set_opacity(-0.1),
            "view.fade_less": lambda: self.set_opacity(+0.1),
            "view.explode": lambda: self.set_explode(0.25),
            "view.implode": lambda: self.set_explode(-0.25),
            "view.next_dim": lambda: self.cycle_dim(1),
            "view.previous_dim": lambda: self.cycle_dim(-1),
            "view.slider_down": lambda: self.step_slider(-1),
            "view.slider_up": lambda: self.step_slider(+1),
            "view.play": self.toggle_play,
            "view.ghosts": self.toggle_ghosts,
            "view.observe": self.cycle_observe,
            "view.overview": self.host.toggle_overview,
            "view.isolate": self.toggle_isolate,
            "view.palette": self.toggle_palette,
            "view.zoom_in": lambda: view.camera.zoom(0.85),
            "view.zoom_out": lambda: view.camera.zoom(1 / 0.85),
            "view.reset": self.reset_camera,
            "view.plane_down": lambda: self.set_focus(view.slicing.focus_z - 1),
            "view.plane_up": lambda: self.set_focus(view.slicing.focus_z + 1),
        }
        return actions
