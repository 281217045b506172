"""Cube-chess view controls: camera, focused plane, opacity, explode, higher-dimension sliders,
ghost boards, the observation view (C18) and the mouse (picking, hover).

:class:`ViewControls` is a part of :class:`viewer.cube.controller.CubeController`;
it works on the controller's ``view`` (a :class:`viewer.cube.scene.View`), ``rules``,
``position``, ``active_dim``, ``observe`` and ``hovered``.
"""

from __future__ import annotations

from engine import format_chinese, format_coord

from ..ui.control_common import run_key
from ..ui.words import board_text
from .picking import pick_view


def canon(c) -> tuple:
    """The engine's spelling of a coordinate: trailing higher indices of 1 dropped."""
    c = tuple(c)
    while len(c) > 3 and c[-1] == 1:
        c = c[:-1]
    return c


class ViewControls:
    """Camera, slicing and observation controls, and mouse picking."""

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
        self.say("Camera reset.")

    def set_focus(self, z: int) -> None:
        self.view.slicing.set_focus(z)
        self.say(f"Focused plane z={self.view.slicing.focus_z}.")

    def set_opacity(self, delta: float) -> None:
        v = self.view
        v.opacity = round(max(0.0, min(1.0, v.opacity + delta)), 2)
        self.say(f"Other planes: opacity {v.opacity:.2f}" + (" (hidden)" if v.opacity == 0 else ""))

    def set_explode(self, delta: float) -> None:
        v = self.view
        v.explode = round(max(0.3, min(6.0, v.explode + delta)), 2)
        self.say(f"Plane spacing (explode): {v.explode:.2f} cells")

    def cycle_dim(self, delta: int = 1) -> None:
        dims = self.view.slicing.dims()
        i = dims.index(self.active_dim) if self.active_dim in dims else 0
        self.active_dim = dims[(i + delta) % len(dims)]
        if self.view.slicing.ghost_dim is not None:
            self.view.slicing.set_ghost_dim(self.active_dim)
        self.say(f"Active higher dimension: {self.active_dim} (hyper-jumps, slider N/M, ghosts).")

    def step_slider(self, delta: int, dim: int | None = None) -> None:
        d = dim or self.active_dim
        self.view.slicing.step(d, delta)
        self.say(f"Showing {self.board_name()}.")

    def set_slider(self, dim: int, value: int) -> None:
        self.active_dim = dim
        self.view.slicing.set_index(dim, max(1, int(value)))
        self.say(f"Showing {self.board_name()}.")

    def toggle_play(self, dim: int | None = None) -> None:
        sl = self.view.slicing
        if sl.playing:
            sl.stop()
            self.say("Slider playback stopped.")
        else:
            sl.play(dim or self.active_dim, self.time)
            self.say(f"Playing dimension {dim or self.active_dim} (Space stops).")

    def toggle_ghosts(self) -> None:
        sl = self.view.slicing
        sl.set_ghost_dim(None if sl.ghost_dim is not None else self.active_dim)
        self.view.frame()  # the board and its ghosts framed on screen (issue 12)
        self.say(
            "Ghost boards " + (f"on: the neighbours along dimension {sl.ghost_dim}" if sl.ghost_dim else "off") + "."
        )

    def board_name(self) -> str:
        """The 3-D board shown: ``main board`` / ``board w4=2`` (viewer.ui.words)."""
        return board_text(self.view.slicing.higher())

    def cycle_observe(self) -> None:
        self.observe = {None: 0, 0: 1, 1: 2, 2: None}[self.observe]
        if self.observe is None:
            self.say("Observation view off.")
        else:
            self.say(f"Observation view (C18): z columns around the hovered (x, y), range ±{self.observe}.")

    def observation(self) -> list:
        """[(x, y, [(z, stack), ...])] for the hovered (x, y) ± range on the shown board (C18)."""
        if self.observe is None or self.hovered is None:
            return []
        pos = self.position
        hx, hy = self.hovered[0], self.hovered[1]
        hi = tuple(self.view.slicing.higher())
        r = self.observe
        out = []
        sx, sy, sz = self.rules.size
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
        return pick_view(self.view, px, py, self.rules, focus_only=True)

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
        c = getattr(self, "pick_shown", self.pick)(px, py)  # the piece under the mouse, as a click
        self.hover_outside = c is None
        self.hovered = c
        self.view.highlights.hovered = c

    def hover_text(self) -> str:
        c = self.hovered
        if c is None:
            return ""
        st = self.position.cell(canon(c))
        what = "+".join(f"{p.side} {p.type}" if i == 0 else p.type for i, p in enumerate(st)) or "empty"
        extra = "  green area" if self.rules.in_green(canon(c)) else ""
        return f"{format_coord(c)}   {format_chinese(c)}   {what}{extra}"

    # ------------------------------------------------------------------ keys
    def _view_key(self, name: str, shift: bool) -> bool:
        """Camera and slicing keys; False if ``name`` is none of them."""
        return run_key(self._view_keys(shift), name)

    def _view_keys(self, shift: bool) -> dict:
        cam, sl = self.view.camera, self.view.slicing
        step = 20.0 if shift else 6.0
        keys = {
            "left": lambda: self.orbit(-step, 0),
            "right": lambda: self.orbit(step, 0),
            "up": lambda: self.orbit(0, step),
            "down": lambda: self.orbit(0, -step),
            "w": lambda: cam.pan(0, -40),
            "s": lambda: cam.pan(0, 40),
            "a": lambda: cam.pan(-40, 0),
            "d": lambda: cam.pan(40, 0),
            "1": lambda: self.named_view("front"),
            "2": lambda: self.named_view("top"),
            "3": lambda: self.named_view("side"),
            ",": lambda: self.set_opacity(-0.1),
            ".": lambda: self.set_opacity(+0.1),
            "e": lambda: self.set_explode(-0.25 if shift else 0.25),
            "tab": lambda: self.cycle_dim(-1 if shift else 1),
            "n": lambda: self.step_slider(-1),
            "m": lambda: self.step_slider(+1),
            "space": self.toggle_play,
            "g": self.toggle_ghosts,
            "o": self.cycle_observe,
            "v": self.toggle_overview,
            "i": self.toggle_isolate,
            "f12": self.toggle_palette,
        }
        for names, action in (
            (("+", "=", "plus", "equal", "num_add"), lambda: cam.zoom(0.85)),
            (("-", "minus", "num_subtract"), lambda: cam.zoom(1 / 0.85)),
            (("r", "home"), self.reset_camera),
            (("z", "["), lambda: self.set_focus(sl.focus_z - 1)),
            (("x", "]"), lambda: self.set_focus(sl.focus_z + 1)),
        ):
            keys.update(dict.fromkeys(names, action))
        return keys
