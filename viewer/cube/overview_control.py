"""Cube-chess board overview (V): the 3-D boards of two higher dimensions side by side.

:class:`BoardOverview` is a part of :class:`viewer.cube.controller.CubeController` that owns its
state (shown or not, the dimensions shown, its own camera, the cached overview); what it needs of
the controller is :class:`OverviewHost`.  The overview has its own camera (:attr:`camera`), so the
3-D camera is where it was when the overview closes.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

from ..gl.camera import Camera
from ..ui.bindings import Actions
from .overview import Overview, board_name


class OverviewHost(Protocol):
    """What the overview needs of the controller."""

    view: Any  # viewer.cube.scene.View

    @property
    def position(self) -> Any: ...

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def error(self, text: str, detail: str = "") -> None: ...

    def board_name(self) -> str: ...


class BoardOverview:
    """The board overview: open/close, dimensions shown, clicks and the navigator's number keys."""

    def __init__(self, host: OverviewHost):
        self.host = host
        self.on = False
        self.dims: tuple = (4, 5)
        self._cache: tuple | None = None
        self._camera: Camera | None = None
        self._framed: tuple | None = None

    @property
    def camera(self) -> Camera:
        if self._camera is None:
            self._camera = Camera()
        return self._camera

    def current(self) -> Overview:
        """The overview of the position shown, around the current board (cached)."""
        sl = self.host.view.slicing
        pos = self.host.position
        key = (id(pos), sl.higher(), sl.focus_z, self.dims)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, Overview(pos, sl.higher(), sl.focus_z, self.dims))
        return self._cache[1]

    def frame(self, width: int, height: int) -> None:
        """Fit the overview camera to the grid (when the grid or the window size changed)."""
        cam = self.camera
        ov = self.current()
        key = (ov.key(), width, height)
        if key != self._framed:
            cam.resize(width, height)
            ov.frame(cam, inset=(0.0, 118.0, 0.0, 70.0))  # issue 16: captions clear of the title and list
            self._framed = key

    def toggle(self) -> None:
        self.on = not self.on
        if self.on:
            ov = self.current()
            d0, d1 = self.dims
            self.host.say(
                f"Board overview: dimension {d0} across, {d1} up; {len(ov.navigator())} boards differ from "
                f"the default fill. Click a board (or 1-9 in the list) to go there; Tab: other dimensions; "
                f"V or Escape closes."
            )
        else:
            self.host.say(f"Back to the 3-D view of the {self.host.board_name()}.")

    def go_to_board(self, higher) -> None:
        self.host.view.slicing.set_higher(tuple(higher))
        self.on = False
        self.host.say(f"Showing the 3-D board {self.host.board_name()}.", "ok")

    def click(self, px: float, py: float) -> None:
        hit = self.current().pick(self.camera, px, py)
        if hit is None:
            self.host.say("Click one of the small boards (or V to close the overview).")
            return
        self.go_to_board(hit[0].higher)

    # the mouse moves the overview's camera while it is shown (the 3-D camera stays put)
    def drag(self, dx: float, dy: float) -> None:
        self.camera.pan(dx, dy)

    def scroll(self, steps: float) -> None:
        self.camera.zoom(0.9**steps)

    def cycle_dims(self, delta: int = 1) -> None:
        dims = self.host.view.slicing.dims()
        top = max(dims[-1], 5)
        pairs = [(d, d + 1) for d in range(4, top)]
        i = pairs.index(self.dims) if self.dims in pairs else 0
        self.dims = pairs[(i + delta) % len(pairs)]
        self.host.say(f"Overview: dimension {self.dims[0]} across, {self.dims[1]} up.")

    def key_actions(self) -> Actions:
        """The overview's actions of the key table (context ``overview``, while it is shown)."""
        actions: Actions = {
            "overview.close": self.toggle,
            "overview.next_dims": partial(self.cycle_dims, 1),
            "overview.previous_dims": partial(self.cycle_dims, -1),
        }
        for n in range(1, 10):
            actions[f"overview.{n}"] = partial(self._row, n - 1)
        return actions

    def _row(self, i: int) -> None:
        """1-9: go to the ``i``-th board of the overview's list."""
        rows = self.current().navigator()
        if i < len(rows):
            self.go_to_board(rows[i][0])
        else:
            self.host.error(f"The list has {len(rows)} boards: press 1-{len(rows)}.")

    def board_text(self) -> str:
        ov = self.current()
        return f"overview of {board_name(ov.current)}'s neighbours, plane z={ov.focus_z}"
