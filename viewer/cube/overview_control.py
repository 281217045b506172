"""Cube-chess controls of the board overview (V), the plane isolation (I) and the palette (F12).

:class:`OverviewControls` is a part of :class:`viewer.cube.controller.CubeController`; it works on
the controller's ``view`` (slicing, camera), ``position`` and ``say``.  The overview has its own
camera (:attr:`overview_camera`), so the 3-D camera is where it was when the overview closes.
"""

from __future__ import annotations

from functools import partial

from ..gl import palette
from ..gl.camera import Camera
from .overview import Overview, board_name


class OverviewControls:
    """The board overview: open/close, dimensions shown, clicks and the navigator's number keys."""

    overview_on: bool = False
    overview_dims: tuple = (4, 5)
    _overview_cache = None
    _overview_camera: Camera | None = None
    _overview_framed = None

    @property
    def overview_camera(self) -> Camera:
        if self._overview_camera is None:
            self._overview_camera = Camera()
        return self._overview_camera

    def overview(self) -> Overview:
        """The overview of the position shown, around the current board (cached)."""
        sl = self.view.slicing
        key = (id(self.position), sl.higher(), sl.focus_z, self.overview_dims)
        if self._overview_cache is None or self._overview_cache[0] != key:
            self._overview_cache = (key, Overview(self.position, sl.higher(), sl.focus_z, self.overview_dims))
        return self._overview_cache[1]

    def frame_overview(self, width: int, height: int) -> None:
        """Fit the overview camera to the grid (when the grid or the window size changed)."""
        cam = self.overview_camera
        ov = self.overview()
        key = (ov.key(), width, height)
        if key != self._overview_framed:
            cam.resize(width, height)
            ov.frame(cam, inset=(0.0, 118.0, 0.0, 70.0))  # issue 16: captions clear of the title and list
            self._overview_framed = key

    def toggle_overview(self) -> None:
        self.overview_on = not self.overview_on
        if self.overview_on:
            ov = self.overview()
            d0, d1 = self.overview_dims
            self.say(
                f"Board overview: dimension {d0} across, {d1} up; {len(ov.navigator())} boards differ from "
                f"the default fill. Click a board (or 1-9 in the list) to go there; Tab: other dimensions; "
                f"V or Escape closes."
            )
        else:
            self.say(f"Back to the 3-D view of the {self.board_name()}.")

    def go_to_board(self, higher) -> None:
        self.view.slicing.set_higher(tuple(higher))
        self.overview_on = False
        self.say(f"Showing the 3-D board {self.board_name()}.", "ok")

    def overview_click(self, px: float, py: float) -> None:
        hit = self.overview().pick(self.overview_camera, px, py)
        if hit is None:
            self.say("Click one of the small boards (or V to close the overview).")
            return
        self.go_to_board(hit[0].higher)

    # the mouse moves the overview's camera while it is shown (the 3-D camera stays put)
    def drag(self, dx: float, dy: float, pan: bool = False) -> None:
        if not self.overview_on:
            return super().drag(dx, dy, pan=pan)
        self.overview_camera.pan(dx, dy)

    def scroll(self, steps: float) -> None:
        if not self.overview_on:
            return super().scroll(steps)
        self.overview_camera.zoom(0.9**steps)

    def cycle_overview_dims(self, delta: int = 1) -> None:
        dims = self.view.slicing.dims()
        top = max(dims[-1], 5)
        pairs = [(d, d + 1) for d in range(4, top)]
        i = pairs.index(self.overview_dims) if self.overview_dims in pairs else 0
        self.overview_dims = pairs[(i + delta) % len(pairs)]
        self.say(f"Overview: dimension {self.overview_dims[0]} across, {self.overview_dims[1]} up.")

    def _overview_actions(self) -> dict:
        """The overview's actions of the key table (context ``overview``, while it is shown)."""
        actions = {
            "overview.close": self.toggle_overview,
            "overview.next_dims": lambda: self.cycle_overview_dims(1),
            "overview.previous_dims": lambda: self.cycle_overview_dims(-1),
        }
        for n in range(1, 10):
            actions[f"overview.{n}"] = partial(self._overview_row, n - 1)
        return actions

    def _overview_row(self, i: int) -> None:
        """1-9: go to the ``i``-th board of the overview's list."""
        rows = self.overview().navigator()
        if i < len(rows):
            self.go_to_board(rows[i][0])
        else:
            self.error(f"The list has {len(rows)} boards: press 1-{len(rows)}.")

    # ------------------------------------------------------------------ readability keys
    def toggle_isolate(self) -> None:
        v = self.view
        v.isolated = not v.isolated
        self.say(
            f"Plane z={v.slicing.focus_z} isolated: the other planes are hidden (I shows them)."
            if v.isolated
            else f"Other planes shown again, opacity {v.opacity:.2f} (, and . fade them)."
        )

    def toggle_palette(self) -> None:
        palette.use("classic" if palette.current == "safe" else "safe")
        self.say(
            "Colours: "
            + ("colour-blind safe (default)" if palette.current == "safe" else "classic (red / blue / violet)")
            + "; F12 switches."
        )

    def overview_board_text(self) -> str:
        ov = self.overview()
        return f"overview of {board_name(ov.current)}'s neighbours, plane z={ov.focus_z}"
