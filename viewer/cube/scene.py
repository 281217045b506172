"""Engine state -> numpy instance buffers (no GL).

A :class:`Scene` holds, for every mesh, two float32 instance arrays (``opaque``
and ``translucent``), 8 floats per instance: ``offset.xyz, offset.w`` (scale;
negative = turned round to face -Y, i.e. black's forward) and ``color.rgba``.
The renderer makes ONE instanced draw per mesh and pass (see render.py).

World layout (:class:`Layout`): cell (x, y, z) of the shown board covers world
X in [x-1, x] - sx/2, Y in [y-1, y] - sy/2; its layer's surface is at height
``(z - 1) * explode``.  Ghost boards (neighbours on the ghost dimension) sit
beside it along X at ``delta * (sx + ghost_gap)``.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field

import numpy as np

from ..gl import meshes
from ..gl.camera import Camera
from ..gl.palette import DEFAULT as DEFAULT_PALETTE
from ..gl.palette import FADED_MIN_ALPHA, Palette
from .slicing import Slicing
from .target_marks import SYMBOL_MESHES, pole_row, symbol_meshes, symbol_rows

INSTANCE_FLOATS = 8
PIECE_MESHES = meshes.PIECE_TYPES
BOARD_MESHES = ("tiles", "edges", "green", "lines", "dashes", "marks", "rings", "columns", "outlines") + SYMBOL_MESHES
TARGET_KINDS = ("move", "capture", "jump", "hyperjump", "stack")

PIECE_SCALE = 1.15  # pieces a little larger than the mesh units (legibility)
STACK_SCALE = 0.62  # members of a pile are drawn smaller
#: space between the members of a pile (mesh units): each stands clear on the one below, none
#: drawn inside another (issue 16: a stacked rook was hidden in the knight's head)
STACK_GAP = 0.06
LIFT = {"edges": 0.002, "green": 0.004, "lines": 0.008, "marks": 0.012, "rings": 0.016}
LINE_WIDTH = 0.10


@dataclass(frozen=True)
class Layout:
    """Where cells are in the world.  Pure geometry, shared by scene and picking."""

    size: tuple = (16, 16, 16)
    explode: float = 1.25  # distance between planes, in cells
    ghost_gap: float = 3.0  # gap between the board and a ghost board, in cells

    def layer_height(self, z: int) -> float:
        return (z - 1) * self.explode

    def origin(self, delta: int = 0) -> tuple[float, float]:
        """World (X, Y) of the outer corner of cell (1, 1) on board ``delta``."""
        sx, sy = self.size[0], self.size[1]
        return (-sx / 2.0 + delta * (sx + self.ghost_gap), -sy / 2.0)

    def cell_corner(self, x: int, y: int, z: int, delta: int = 0) -> np.ndarray:
        ox, oy = self.origin(delta)
        return np.array([ox + x - 1, oy + y - 1, self.layer_height(z)])

    def cell_center(self, x: int, y: int, z: int, delta: int = 0) -> np.ndarray:
        return self.cell_corner(x, y, z, delta) + np.array([0.5, 0.5, 0.0])

    def cell_at(self, wx: float, wy: float, delta: int = 0) -> tuple[int, int] | None:
        ox, oy = self.origin(delta)
        x, y = math.floor(wx - ox) + 1, math.floor(wy - oy) + 1
        if 1 <= x <= self.size[0] and 1 <= y <= self.size[1]:
            return x, y
        return None

    def bounds(self, ghosts: bool = False) -> tuple[np.ndarray, np.ndarray]:
        lo = np.array([*self.origin(-1 if ghosts else 0), 0.0])
        ox, oy = self.origin(1 if ghosts else 0)
        hi = np.array([ox + self.size[0], oy + self.size[1], self.layer_height(self.size[2]) + 1.0])
        return lo, hi


@dataclass
class Highlights:
    """What to mark on the board.  Coordinates are full engine coordinates."""

    last_from: tuple | None = None
    last_to: tuple | None = None
    targets: dict = field(default_factory=dict)  # kind ("move", ...) -> iterable of coords
    hovered: tuple | None = None
    selected: tuple | None = None

    def key(self) -> tuple:
        return (
            self.last_from,
            self.last_to,
            self.hovered,
            self.selected,
            tuple(sorted((k, tuple(v)) for k, v in self.targets.items())),
        )


@dataclass
class View:
    """Everything the renderer needs besides the position."""

    camera: Camera = field(default_factory=Camera)
    slicing: Slicing = field(default_factory=Slicing)
    highlights: Highlights = field(default_factory=Highlights)
    opacity: float = 0.30  # opacity of the planes that are not focused (0 hides them)
    explode: float = 1.0  # spacing between planes, in cells
    time: float = 0.0  # seconds, drives the pulsing of targets (no wall clock here)
    above_factor: float = 0.45  # planes above the focused one are faded further by this
    crowd_factor: float = 0.40  # default crowded pawns off the focused plane: faded further
    ghost_opacity: float = 0.40
    tile_factor: float = 0.25  # tiles of unfocused planes: opacity * tile_factor
    #: (left, top, right, bottom) pixels the window's panels keep (``hud_layout.board_inset``): the
    #: named views (1 front, 2 top, 3 side) frame the board in the rest (issue 16 re-test)
    hud_inset: tuple = (0.0, 0.0, 0.0, 0.0)
    frame_layers: int = 0  # frame(): planes above the focused one kept in the picture
    isolated: bool = False  # "isolate this plane": the other planes are not drawn at all
    reach: int = 4  # planes farther than this from the focused one are not drawn; nearer
    # ones fade with their distance (a far plane never clutters the view)
    pulse_start: float = 0.0  # view.time when the targets shown now appeared (they breathe a while)
    palette: Palette = DEFAULT_PALETTE  # the colours it is drawn in (a value: F12 sets another)
    _pulse_of: tuple | None = field(default=None, repr=False, compare=False)

    def _note_targets(self) -> None:
        hl = self.highlights
        of = (id(hl), id(hl.targets), hl.selected)
        if of != self._pulse_of:
            self._pulse_of = of
            self.pulse_start = self.time

    def pulse_live(self) -> bool:
        """Whether the targets still breathe (issue 16: a selected piece costs ticks and frames only
        for :data:`PULSE_SECONDS` after it was selected; then its targets stay lit and the window rests)."""
        self._note_targets()
        return bool(self.highlights.targets) and self.time - self.pulse_start < PULSE_SECONDS

    def pulse(self) -> float:
        """0..1, the breathing of the targets now: :func:`pulse_at` since they appeared, then 1."""
        self._note_targets()
        t = self.time - self.pulse_start
        return pulse_at(t) if t < PULSE_SECONDS else 1.0

    def layout(self, rules=None) -> Layout:
        size = tuple(getattr(rules, "size", (16, 16, 16)))
        return Layout(size=size, explode=self.explode)

    def layer_alpha(self, z: int) -> float:
        focus = self.slicing.focus_z
        if z == focus:
            return 1.0
        d = abs(z - focus)
        if self.isolated or d > self.reach:
            return 0.0
        fall = 1.0 - 0.6 * (d - 1) / max(1, self.reach)  # 1 next to the focus, 0.4 + at the reach
        return max(0.0, min(1.0, self.opacity * fall * (self.above_factor if z > focus else 1.0)))

    def frame(self, ghosts: bool | None = None, layers: int | None = None, inset=(0.0, 0.0, 0.0, 0.0)) -> None:
        """Point the camera at the focused plane (and its ghosts) from where it looks now.

        The box framed is the focused plane plus ``layers`` planes above it
        (default :attr:`frame_layers`): the board where the game happens is
        large, the planes above stay in view without dominating.  A large
        ``layers`` (e.g. 16) frames the whole tower.
        """
        if ghosts is None:
            ghosts = self.slicing.ghost_dim is not None
        layers = self.frame_layers if layers is None else max(0, int(layers))
        lay = self.layout()
        lo, hi = lay.bounds(ghosts=False)
        lo, hi = lo.copy(), hi.copy()
        if ghosts:  # only the ghost boards that exist (index 0 on a dimension does not)
            deltas = [d for d, _k in self.slicing.ghost_boards()] if self.slicing.ghost_dim else [-1, 1]
            for d in deltas:
                gx0 = lay.origin(d)[0]
                lo[0], hi[0] = min(lo[0], gx0), max(hi[0], gx0 + lay.size[0])
        focus = max(1, min(lay.size[2], self.slicing.focus_z))
        top = min(lay.size[2], focus + layers)
        lo[2] = lay.layer_height(focus)
        hi[2] = lay.layer_height(top) + 0.6  # room for the pieces on the top plane framed
        self.camera.fit(lo, hi, margin=0.035, inset=inset)
        # keep the eye above the highest plane drawn: faded planes never slice past the eye
        # and what is drawn on top (the top plane) is what a click there picks
        cam = self.camera
        shown = [z for z in range(1, lay.size[2] + 1) if self.layer_alpha(z) > 0.0]
        s = math.sin(math.radians(cam.pitch))
        if shown and s > 0.05:
            need = lay.layer_height(max(shown)) + 0.8 - cam.target[2]
            if cam.distance * s < need:
                cam.distance = min(cam.max_distance, need / s)
        self.camera.set_home()

    def content_key(self) -> tuple:
        return (
            self.slicing.state(),
            self.opacity,
            self.explode,
            self.above_factor,
            self.crowd_factor,
            self.ghost_opacity,
            self.tile_factor,
            self.isolated,
            self.reach,
            self.palette.name,
        )


@dataclass
class Scene:
    """Instance arrays per mesh: ``opaque[name]`` and ``translucent[name]`` ((N, 8) float32)."""

    opaque: dict
    translucent: dict
    layout: Layout
    piece_count: int = 0

    def sorted_translucent(self, name: str, camera: Camera) -> np.ndarray | None:
        """Translucent instances of ``name`` ordered back to front for ``camera``."""
        inst = self.translucent.get(name)
        if inst is None or len(inst) < 2:
            return inst
        depth = camera.depth_of(inst[:, :3])
        return inst[np.argsort(-depth, kind="stable")]


def _empty() -> np.ndarray:
    return np.zeros((0, INSTANCE_FLOATS), dtype=np.float32)


def _pack(rows) -> np.ndarray:
    if not rows:
        return _empty()
    return np.asarray(rows, dtype=np.float32).reshape(-1, INSTANCE_FLOATS)


_HEIGHTS: dict[str, float] = {}


def piece_height(kind: str) -> float:
    if kind not in _HEIGHTS:
        _HEIGHTS[kind] = meshes.piece_height(kind) if kind in meshes.PIECE_BUILDERS else 0.6
    return _HEIGHTS[kind]


def _crowd_rows(rules) -> dict:
    """side -> (lo, hi) ranks holding crowded pawns (outside green)."""
    crowded = getattr(rules, "crowded", None)
    if isinstance(crowded, dict) and crowded:
        return {s: tuple(v) for s, v in crowded.items()}
    red = getattr(rules, "red_line", {"white": 3, "black": 14})
    sy = tuple(getattr(rules, "size", (16, 16, 16)))[1]
    return {"white": (1, red["white"]), "black": (red["black"], sy)}


def _in_green(rules, x, y, z, main_board: bool) -> bool:
    if not main_board:
        return False
    (gx0, gx1), (gy0, gy1), (gz0, gz1) = rules.green
    return gx0 <= x <= gx1 and gy0 <= y <= gy1 and gz0 <= z <= gz1


_WARNED: set = set()


def mesh_kind(piece) -> str:
    """The mesh a piece is drawn with: its own kind's, else the visible ``unknown`` mesh (with one
    warning per kind naming where a mesh goes) -- a new piece kind is never drawn as a pawn."""
    t = getattr(piece, "type", "pawn")
    if t in meshes.PIECE_BUILDERS:
        return t
    if t not in _WARNED:
        _WARNED.add(t)
        warnings.warn(
            f"piece kind {t!r} has no mesh: drawn as the 'unknown' block (add one in viewer/gl/meshes.py)",
            stacklevel=2,
        )
    return meshes.UNKNOWN_KIND


_piece_type = mesh_kind  # the former private name


def stack_members(stack, base, scale_all=1.0) -> list[tuple[object, str, tuple, float]]:
    """How the members of one cell (a pile, bottom first) are drawn: ``(piece, mesh kind, base of
    its mesh (x, y, z), scale)`` each, the scale negative for black (turned half-way round).  The
    scene's instances and the picking of what is drawn (:mod:`viewer.cube.column_pick`) share it."""
    n = len(stack)
    scale = PIECE_SCALE * scale_all * (STACK_SCALE if n > 1 else 1.0)
    h = 0.0
    out = []
    for piece in stack:
        kind = _piece_type(piece)
        facing = -1.0 if getattr(piece, "side", "white") == "black" else 1.0
        out.append((piece, kind, (base[0], base[1], base[2] + h), scale * facing))
        h += (piece_height(kind) + STACK_GAP) * scale
    return out


def _add_stack(out, stack, base, alpha_for, pal: Palette, scale_all=1.0):
    """Append instance rows for the members of one cell (a pile, bottom first), in ``pal``'s colours."""
    for piece, kind, (bx, by, bz), signed in stack_members(stack, base, scale_all):
        side = getattr(piece, "side", "white")
        a = alpha_for(piece)
        if a < 1.0:  # faded planes: lifted colours and an opacity floor (both sides readable)
            rgb = pal.side_rgb(side, faded=True)
            a = max(a, FADED_MIN_ALPHA)
        else:
            rgb = pal.side_rgb(side)
        out.setdefault(kind, ([], []))[0 if a >= 1.0 else 1].append((bx, by, bz, signed, rgb[0], rgb[1], rgb[2], a))


def build_scene(position, view: View) -> Scene:
    """Instance buffers of everything except the highlights (see :func:`highlight_instances`):
    the pieces of the shown board and its ghosts, then the planes, lines and green area."""
    layout = view.layout(position.rules)
    pieces: dict[str, tuple[list, list]] = {}
    _shown_board_pieces(position, view, layout, pieces)
    ghost_tiles = _ghost_pieces(position, view, layout, pieces)
    opaque = {k: _pack(v[0]) for k, v in pieces.items()}
    translucent = {k: _pack(v[1]) for k, v in pieces.items()}
    count = sum(len(a) for a in opaque.values()) + sum(len(a) for a in translucent.values())
    planes_o, planes_t = _plane_rows(position.rules, view, layout)
    planes_t["tiles"].extend(ghost_tiles)
    opaque.update({k: _pack(v) for k, v in planes_o.items()})
    translucent.update({k: _pack(v) for k, v in planes_t.items()})
    return Scene(opaque=opaque, translucent=translucent, layout=layout, piece_count=count)


def _shown_board_pieces(position, view: View, layout: Layout, pieces: dict) -> None:
    """The pieces of the shown 3-D board, every plane at once, each faded with its plane (a hot
    loop: one pass over the board's pieces)."""
    rules = position.rules
    higher = view.slicing.higher()
    main_board = not any(v != 1 for v in higher)
    crowd = _crowd_rows(rules)
    ox, oy = layout.origin(0)
    for coord, stack in position.board_cells(higher):  # (x, y, z): bounded at any dimension
        if not stack:
            continue
        x, y, z = coord[0], coord[1], coord[2]
        la = view.layer_alpha(z)
        if la <= 0.0:
            continue
        if (
            la < 1.0
            and len(stack) == 1
            and _piece_type(stack[0]) == "pawn"
            and not _in_green(rules, x, y, z, main_board)
        ):
            lo, hi = crowd.get(getattr(stack[0], "side", ""), (0, -1))
            if lo <= y <= hi:
                la *= view.crowd_factor
        base = (ox + x - 0.5, oy + y - 0.5, layout.layer_height(z))
        _add_stack(pieces, stack, base, lambda _p, a=la: a, view.palette)


def _ghost_pieces(position, view: View, layout: Layout, pieces: dict) -> list[tuple]:
    """The focused plane of each neighbouring board (G), translucent; returns their tiles' rows."""
    focus = view.slicing.focus_z
    ghost_tiles = []
    for delta, key in view.slicing.ghost_boards():
        ox, oy = layout.origin(delta)
        for coord, stack in position.board_cells(key):
            if coord[2] != focus or not stack:
                continue
            base = (ox + coord[0] - 0.5, oy + coord[1] - 0.5, layout.layer_height(focus))
            _add_stack(pieces, stack, base, lambda _p: view.ghost_opacity * 0.999, view.palette)
        g = view.palette.ghost_tile
        ghost_tiles.append((ox, oy, layout.layer_height(focus), 1.0, g[0], g[1], g[2], view.ghost_opacity * 0.6))
    return ghost_tiles


PLANE_PARTS = ("tiles", "lines", "green", "edges", "dashes")


def _plane_rows(rules, view: View, layout: Layout) -> tuple[dict[str, list], dict[str, list]]:
    """Rows of each plane's tile, edges, red and (dashed) promotion lines and green area, as
    (opaque, translucent) per part of :data:`PLANE_PARTS`; a faded plane's rows are translucent."""
    pal = view.palette
    opaque: dict[str, list] = {k: [] for k in PLANE_PARTS}
    translucent: dict[str, list] = {k: [] for k in PLANE_PARTS}
    ox, oy = layout.origin(0)
    rl = getattr(rules, "red_line", {"white": 3, "black": 14})
    pr = getattr(rules, "promotion", {"white": 14, "black": 3})
    line_ys = [
        (rl["white"], "lines", pal.red_line),  # after white's last setup rank
        (rl["black"] - 1, "lines", pal.red_line),  # before black's first setup rank
        (pr["white"] - 1 + 0.16, "dashes", pal.promotion_line),  # white promotes on y >= promotion (dashed)
        (pr["black"] - 0.16, "dashes", pal.promotion_line),  # black promotes on y <= promotion
    ]
    (gx0, _gx1), (gy0, _gy1), (gz0, gz1) = rules.green
    main_board = not any(v != 1 for v in view.slicing.higher())

    def add(part: str, alpha: float, row: tuple) -> None:
        (opaque if alpha >= 1.0 else translucent)[part].append(row + (alpha,))

    t, e, g = pal.tile, pal.edge, pal.green
    for z in range(1, layout.size[2] + 1):
        la = view.layer_alpha(z)
        if la <= 0.0:
            continue
        h = layout.layer_height(z)
        lifted = 1.0 if la >= 1.0 else min(1.0, la * 1.2)  # edges, lines, green: a little stronger
        add("tiles", 1.0 if la >= 1.0 else la * view.tile_factor, (ox, oy, h, 1.0, t[0], t[1], t[2]))
        add("edges", lifted, (ox, oy, h + LIFT["edges"], 1.0, e[0], e[1], e[2]))
        for ly, part, c in line_ys:
            add(part, lifted, (ox, oy + ly, h + LIFT["lines"], 1.0, c[0], c[1], c[2]))
        if main_board and gz0 <= z <= gz1:
            add("green", lifted, (ox + gx0 - 1, oy + gy0 - 1, h + LIFT["green"], 1.0, g[0], g[1], g[2]))
    return opaque, translucent


HIGHLIGHT_MESHES = ("marks", "columns", "outlines", "rings") + SYMBOL_MESHES
OUTLINE_FRAME = (0.0, 1.0, 0.17)  # (lo, hi, width) in cells: the target / last-turn frames
RING_FRAME = (-0.07, 1.07, 0.15)  # the selected origin / hovered cell: a bit outside the cell
EMPTY_COLUMN = 0.32  # height of a target column over an empty cell (cells)
COLUMN_PAD = 0.12  # a column over a piece reaches this much above the pile


def pile_height(stack) -> float:
    """Height (world units, scale 1) of the pile drawn for a cell's content."""
    n = len(stack)
    if n == 0:
        return 0.0
    scale = PIECE_SCALE * (STACK_SCALE if n > 1 else 1.0)
    return sum(piece_height(_piece_type(p)) * scale for p in stack) + (n - 1) * STACK_GAP * scale


PULSE_HZ = 0.8
#: the targets breathe this long after they appear (1¼ breaths, ending at full glow), then stay lit:
#: enough to catch the eye, short enough that a selection costs a software renderer under 10 % of a
#: core (benchmarks/bench_window.py)
PULSE_SECONDS = 1.25 / PULSE_HZ
#: frames per second while the targets breathe (smooth enough for a 0.8 Hz breath)
PULSE_FPS = 8.0


def pulse_at(t: float) -> float:
    """0..1, the breathing of the target highlights at time ``t`` (seconds, injected)."""
    return 0.5 + 0.5 * math.sin(2.0 * math.pi * PULSE_HZ * t)


def highlight_layers(view: View, layout: Layout, position=None) -> dict[str, np.ndarray]:
    """Instance arrays of every highlight at ``view.time``, by board mesh:

    * ``marks``    translucent filled squares on the cell floor (targets: faint, in the
      kind's colour; the last turn: LAST_FROM / LAST_TO); depth-tested, they colour EMPTY cells;
    * ``sym_*``    one symbol per target, its SHAPE given by the kind (dot: move, square
      frame: capture, diamond: 3-D jump, triangle: hyper-jump, ring: stack; see
      :mod:`viewer.cube.target_marks`), each row pair = a dark rim and the symbol; drawn on
      the cell surface ON TOP of everything, so a target stays visible under a piece, behind a
      pile or on a ghost board, and never covers a neighbouring target (each stays in its cell);
    * ``sym_pole`` a thin vertical pole through the cells of a piece's 3-D jumps (origin to the
      farthest plane); ``offset.w`` < 0 means "z scaled by -w";
    * ``rings``    the selected origin (floor and top of its pile) and the hovered cell (on top);
    * ``columns``, ``outlines``: kept for painters that add their own (empty here).

    Colours per kind: the view's palette (``view.palette.target``); targets pulse with :func:`pulse_at`
    (``view.time``, never a wall clock).  ``position`` gives pile heights (without it a
    piece's height is assumed).
    """
    pal = view.palette
    hl = view.highlights
    if position is not None and not hasattr(position, "cell"):
        position = getattr(position, "base", None)  # a wrapper (e.g. a recording frame)
    place = _placer(view, layout)
    marks: list[tuple] = []
    rings: list[tuple] = []
    symbols: dict[str, list] = {name: [] for name in SYMBOL_MESHES}
    # the last turn: a floor fill (no frame: frames are the capture targets' shape)
    for coord, rgb, a in ((hl.last_from, pal.last_from, 0.45), (hl.last_to, pal.last_to, 0.70)):
        c = place(coord)
        if c is not None:
            marks.append((c[0], c[1], c[2] + LIFT["marks"], 1.0, *rgb, a))
    poles = _target_marks(view, place, marks, symbols)
    c = place(hl.selected)
    if c is not None and hl.selected is not None:
        h = _top_of(position, tuple(hl.selected))
        rings.append((c[0], c[1], c[2] + LIFT["rings"], 1.0, *pal.selected, 1.0))
        rings.append((c[0], c[1], c[2] + h, 1.0, *pal.selected, 1.0))
        key = (round(float(c[0]), 3), round(float(c[1]), 3))
        if key in poles:
            lo, hi = poles[key]
            poles[key] = (min(lo, c[2]), max(hi, c[2]))
    for (x, y), (lo, hi) in poles.items():
        if hi - lo < 0.05:
            continue  # no origin on another plane (nothing selected): no pole
        symbols["sym_pole"].append(pole_row((x + 0.5, y + 0.5), lo, hi, pal.target["jump"]))
    c = place(hl.hovered)
    if c is not None:
        rings.append((c[0], c[1], c[2] + LIFT["rings"], 1.0, *pal.hover, 1.0))
    out = {"marks": _pack(marks), "columns": _pack([]), "outlines": _pack([]), "rings": _pack(rings)}
    out.update({name: _pack(rows) for name, rows in symbols.items()})
    return out


def _placer(view: View, layout: Layout):
    """``place(coord)``: the floor corner of a cell where the view shows it (None where it does not)."""
    sl = view.slicing

    def place(coord):
        if coord is None or len(coord) < 3:
            return None
        delta = sl.board_of(coord)
        if delta is None or view.layer_alpha(coord[2]) <= 0.0 and delta == 0:
            return None
        return layout.cell_corner(coord[0], coord[1], coord[2], delta)

    return place


def _top_of(position, coord) -> float:
    """Height of the selected pile's top ring (a piece's height without a position)."""
    if position is None:
        return 1.0
    try:
        stack = position.cell(coord)
    except Exception:  # pragma: no cover - a foreign position object
        stack = ()
    return max(EMPTY_COLUMN, pile_height(stack) + COLUMN_PAD if stack else EMPTY_COLUMN)


def _target_marks(view: View, place, marks: list, symbols: dict[str, list]) -> dict:
    """The targets: a faint floor fill in the kind's colour (depth-tested: empty cells) and the
    kind's SYMBOL on the cell surface, on top of everything (see viewer.cube.target_marks).
    Returns the 3-D jump poles: (x, y) -> (lowest, highest) floor height."""
    hl, sl, pulse = view.highlights, view.slicing, view.pulse()
    glow = 0.82 + 0.18 * pulse
    poles: dict = {}
    for kind in TARGET_KINDS:
        rgb = view.palette.target[kind]
        col = tuple(min(1.0, v * glow + 0.06 * pulse) for v in rgb)
        for coord in hl.targets.get(kind, ()):
            coord = tuple(coord)
            c = place(coord)
            if c is None:
                continue
            marks.append((c[0], c[1], c[2] + LIFT["marks"] + 0.001, 1.0, *rgb, 0.30 + 0.12 * pulse))
            name, rows = symbol_rows((c[0] + 0.5, c[1] + 0.5, c[2] + LIFT["rings"]), kind, col)
            symbols[name].extend(rows)
            sel = hl.selected
            if kind == "jump" or (
                sel is not None
                and len(sel) >= 3
                and tuple(sel[:2]) == coord[:2]
                and sl.board_of(sel) == sl.board_of(coord)
                and sel[2] != coord[2]
            ):
                key = (round(float(c[0]), 3), round(float(c[1]), 3))
                lo, hi = poles.get(key, (c[2], c[2]))
                poles[key] = (min(lo, c[2]), max(hi, c[2]))
    return poles


def highlight_instances(view: View, layout: Layout, position=None) -> tuple[np.ndarray, np.ndarray]:
    """(marks, rings) instance arrays for the highlights at ``view.time``.

    Marks are translucent filled squares (targets per kind, last turn); rings
    are outlines (hovered cell, selected origin).  Targets pulse gently.  The
    renderer draws more (columns, outlines on top): see :func:`highlight_layers`.
    """
    layers = highlight_layers(view, layout, position)
    return layers["marks"], layers["rings"]


def mesh_data() -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Piece vertex arrays ((V, 6) float32) by type: (detailed, low-poly for faded planes)."""
    return {k: (meshes.piece_mesh(k), meshes.piece_mesh(k, lod=True)) for k in meshes.PIECE_BUILDERS}


def board_mesh_data(layout: Layout, rules) -> dict[str, np.ndarray]:
    sx, sy, _ = layout.size
    (gx0, gx1), (gy0, gy1), _ = rules.green
    return {
        "tiles": meshes.quad(0, 0, sx, sy),
        "edges": meshes.frame(-0.06, -0.06, sx + 0.06, sy + 0.06, 0.12),
        "green": meshes.quad(0, 0, gx1 - gx0 + 1, gy1 - gy0 + 1),
        "lines": meshes.quad(0, -LINE_WIDTH / 2, sx, LINE_WIDTH / 2),
        "dashes": meshes.cat(*(meshes.quad(i + 0.15, -LINE_WIDTH / 2, i + 0.65, LINE_WIDTH / 2) for i in range(sx))),
        "marks": meshes.quad(0.07, 0.07, 0.93, 0.93),
        "rings": meshes.frame(RING_FRAME[0], RING_FRAME[0], RING_FRAME[1], RING_FRAME[1], RING_FRAME[2]),
        "columns": meshes.open_box(0.04, 0.04, 0.96, 0.96, 1.0),
        "outlines": meshes.frame(
            OUTLINE_FRAME[0], OUTLINE_FRAME[0], OUTLINE_FRAME[1], OUTLINE_FRAME[1], OUTLINE_FRAME[2]
        ),
        **symbol_meshes(),
    }
