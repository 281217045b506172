"""Offscreen recordings and stills of spirit-chess games (``daqi record`` / ``daqi snapshot``).

The board is drawn by the spirit-chess window's own code: :class:`RecordingSpiritBoardView`
is a :class:`viewer.spirit.view.SpiritBoardView` that draws into a hidden headless (EGL)
pyglet window, fed by :class:`BoardState` (an adapter with the controller's drawing
queries: ``board()``, ``zones()``, ``effective()``, ``targets()``, ``levelup``,
``origin``, ``path``), so the video has the window's colours, level numbers, formation
zones and highlights.  Only two things differ from the window: the board geometry
(the board fills the frame height and leaves a text column on the right, instead of
the window's side panels), and the animated pieces, drawn on top with the same shapes.

Steps (the unit of the frame-count rule, ``frames = turns * round(hold * fps) +
steps * round(transition * fps)``): each spirit turn animates

* 1 step: the level-up (the raised piece pulses, its level goes up by one),
* 1 step per square of the path (the moving piece glides one square),
* 1 step if the turn captures (the captured pieces fade out),
* 1 step if a disciple transforms (S8, cross-fade into the new kind),

then holds the position after the turn.  The sample game (``--spirit-demo``) has
9 turns and 9 level-ups + 22 path squares + 3 captures = 34 steps: at the defaults
(24 fps, hold 1 s, transition 0.5 s) 10 * 24 + 34 * 12 = 648 frames = 27 s.

No wall clock: frame ``i`` is at ``i / fps`` and every animation is a function of
the frame's place in its step.
"""

from __future__ import annotations

import ctypes
import math
import sys
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..ui.words import result_words, turn_title
from .errors import RecordError
from .overlay import draw_text_column
from .timeline import ease

CAPTURE_RGB = (235, 60, 50)
CAPTURE_WHY = {
    "level": "lower level loses (S10)",
    "formation": "in an enemy formation zone (S11)",
    "formation-square": "formation taken (S12)",
}


def _why(exc) -> str:
    msg = str(exc).splitlines()[0] if str(exc) else ""
    return f"{type(exc).__name__}: {msg}" if msg else type(exc).__name__


def _sq(c) -> str:
    return f"({c[0]},{c[1]})"


# =========================================================================== turns -> steps
@dataclass(frozen=True)
class SpiritStep:
    kind: str  # "levelup" | "step" | "capture" | "transform"
    index: int = 0  # path step number (1-based) for "step"
    src: tuple | None = None
    dst: tuple | None = None


class SpiritSource:
    """Adapter: a :class:`engine.spirit.SpiritGame` as turns made of animated steps."""

    kind = "spirit"

    def __init__(self, game):
        self.game = game
        self.rules = game.rules
        self.positions = list(game.positions)
        self.turns = list(game.turns)
        self.captures = [list(c) for c in getattr(game, "captures", [])]
        while len(self.captures) < len(self.turns):
            self.captures.append([])
        self.n_turns = len(self.turns)
        self._steps: dict[int, list[SpiritStep]] = {}
        self._levelled: dict[int, dict] = {}

    def steps(self, k: int) -> list[SpiritStep]:
        if k < 1:
            return []
        if k not in self._steps:
            t = self.turns[k - 1]
            out = [SpiritStep("levelup", 0, t.levelup, t.levelup)]
            prev = t.origin
            for i, sq in enumerate(t.path, 1):
                out.append(SpiritStep("step", i, prev, sq))
                prev = sq
            if self.captures[k - 1]:
                out.append(SpiritStep("capture", 0, t.end, t.end))
            if t.transform is not None:
                out.append(SpiritStep("transform", 0, t.transform.at, t.transform.at))
            self._steps[k] = out
        return self._steps[k]

    def action_count(self, k: int) -> int:
        return len(self.steps(k))

    def notation(self, k: int) -> str:
        if k < 1:
            return ""
        from engine.spirit import format_spirit_turn

        return format_spirit_turn(self.turns[k - 1])  # the title above says "Turn k"

    def side(self, k: int) -> str:
        return self.positions[k - 1].to_move if k >= 1 else self.positions[0].to_move

    def levelled(self, k: int) -> dict:
        """Pieces of the position before turn k with the level-up applied (S13 step 1)."""
        if k not in self._levelled:
            from engine.spirit import SpiritPiece

            pieces = dict(self.positions[k - 1].pieces)
            lu = self.turns[k - 1].levelup
            p = pieces.get(lu)
            if p is not None:
                pieces[lu] = SpiritPiece(p.type, p.side, p.level + 1)
            self._levelled[k] = pieces
        return self._levelled[k]

    def animator(self, timeline, fps, camera=None, overlay: bool = True):
        return SpiritAnimator(self, timeline, fps, overlay)

    def painter(self, width: int, height: int):
        return SpiritPainter(width, height)


# =========================================================================== frame states
@dataclass
class Sprite:
    """A piece drawn off the static board: at a (fractional) cell, faded/scaled, maybe ringed."""

    piece: Any  # a SpiritPiece
    at: tuple  # (x, y) in cell units, may be fractional
    alpha: float = 1.0
    scale: float = 1.0
    ring: tuple | None = None  # (rgb, alpha)
    under: bool = False  # drawn below the other sprites

    def key(self) -> tuple:
        return (
            self.piece.type,
            self.piece.side,
            self.piece.level,
            round(self.at[0], 5),
            round(self.at[1], 5),
            round(self.alpha, 4),
            round(self.scale, 4),
            None if self.ring is None else (self.ring[0], round(self.ring[1], 4)),
            self.under,
        )


@dataclass
class SpiritFrameState:
    """Everything that decides one frame; equal ``key()`` -> equal pixels."""

    turn: int
    pieces: dict  # the static board {coord: SpiritPiece}
    levelup: tuple | None = None  # yellow frame (the window's level-up mark)
    origin: tuple | None = None  # green frame
    path: tuple = ()  # green numbered squares
    sprites: list = field(default_factory=list)
    pulse: tuple | None = None  # (coord, phase 0..1): the level-up ring
    lines: tuple | None = None  # text column ((text, style), ...) or None (--no-overlay)
    overlay: object = None  # the cube overlay: unused (the text column is drawn here)
    time: float = 0.0

    def board_key(self) -> tuple:
        return (
            tuple(sorted((c, p.type, p.side, p.level) for c, p in self.pieces.items())),
            self.levelup,
            self.origin,
            tuple(self.path),
        )

    def key(self) -> tuple:
        return (
            self.board_key(),
            tuple(s.key() for s in self.sprites),
            None if self.pulse is None else (self.pulse[0], round(self.pulse[1], 4)),
            self.lines,
        )


class SpiritAnimator:
    """Frame states of a spirit-chess recording (no GL)."""

    def __init__(self, source: SpiritSource, timeline, fps: float, overlay: bool = True):
        self.src, self.tl, self.fps, self.overlay = source, timeline, float(fps), overlay

    def state(self, frame: int) -> SpiritFrameState:
        seg, local = self.tl.locate(frame)
        k = seg.turn
        src = self.src
        if seg.action is None:
            st = self._hold(k)
            step = None
        else:
            step = src.steps(k)[seg.action]
            u = (local + 0.5) / seg.frames
            st = self._step(k, step, u, seg.action)
        st.time = frame / self.fps
        if self.overlay:
            st.lines = self._text(k, step, seg.action)
        return st

    # ------------------------------------------------------------------ states
    def _hold(self, k: int) -> SpiritFrameState:
        pos = self.src.positions[k]
        if k < 1:
            return SpiritFrameState(k, dict(pos.pieces))
        t = self.src.turns[k - 1]
        lu = t.levelup if t.levelup != t.origin else t.end  # the raised piece, where it is now
        lu = lu if lu in pos.pieces else None
        return SpiritFrameState(k, dict(pos.pieces), levelup=lu, origin=t.origin, path=tuple(t.path))

    def _step(self, k: int, step: SpiritStep, u: float, index: int) -> SpiritFrameState:
        src = self.src
        t = src.turns[k - 1]
        before = src.positions[k - 1]
        after = src.positions[k]
        levelled = src.levelled(k)
        if step.kind == "levelup":
            pieces = dict(levelled if u >= 0.5 else before.pieces)
            return SpiritFrameState(k, pieces, levelup=t.levelup, pulse=(t.levelup, u))
        if step.kind == "step":
            mover = levelled[t.origin]
            pieces = {c: p for c, p in levelled.items() if c != t.origin}
            e = ease(u)
            a, b = step.src, step.dst
            assert a is not None and b is not None  # a step goes from a square to the next
            at = (a[0] + (b[0] - a[0]) * e, a[1] + (b[1] - a[1]) * e)
            sprites = [Sprite(mover, at, ring=((120, 255, 160), 1.0))]
            last = step.index == len(t.path)
            caps = src.captures[k - 1]
            if last and b in pieces and any(c.at == b and c.piece.side != mover.side for c in caps):
                # the captured defender stays on top: it fades away in the capture step
                sprites.append(Sprite(pieces.pop(b), b))
                sprites[0].under = True
            return SpiritFrameState(
                k,
                pieces,
                levelup=t.levelup if t.levelup != t.origin else None,
                origin=t.origin,
                path=tuple(t.path[: step.index]),
                sprites=sprites,
            )
        if step.kind == "capture":
            caps = src.captures[k - 1]
            gone = {c.at for c in caps}
            pieces = {c: p for c, p in after.pieces.items() if c not in gone}
            sprites = [Sprite(after.pieces[c], c, under=True) for c in sorted(gone) if c in after.pieces]
            e = ease(u)
            for cap in caps:
                sprites.append(
                    Sprite(cap.piece, cap.at, alpha=1.0 - e, scale=1.0 + 0.5 * e, ring=(CAPTURE_RGB, 1.0 - e))
                )
            return SpiritFrameState(
                k,
                pieces,
                levelup=t.levelup if t.levelup in pieces else None,
                origin=t.origin,
                path=tuple(t.path),
                sprites=sprites,
            )
        # transform (S8): the disciple cross-fades into its new kind
        at = t.transform.at
        old = levelled.get(t.origin) if at == t.end else levelled.get(at)
        mid = dict(after.pieces)
        new = mid.pop(at, None)
        sprites = []
        e = ease(u)
        if old is not None and new is not None and old.type != new.type:
            sprites.append(
                Sprite(type(new)(old.type, new.side, new.level), at, alpha=1.0 - e, ring=((255, 215, 40), 1.0 - e))
            )
        if new is not None:
            sprites.append(Sprite(new, at, alpha=e))
        return SpiritFrameState(k, mid, levelup=None, origin=t.origin, path=tuple(t.path), sprites=sprites)

    # ------------------------------------------------------------------ text column
    def _text(self, k: int, step: SpiritStep | None, index) -> tuple:
        src = self.src
        lines = [("DAQI  spirit chess", "dim")]
        if k == 0:
            pos = src.positions[0]
            lines += [("Start position", "title"), (f"{pos.to_move} moves first", "text")]
        else:
            t = src.turns[k - 1]
            side = src.side(k)
            n = len(src.steps(k))
            lines += [(turn_title(k, side), "title"), (src.notation(k), "mono")]
            lines.append(("", "gap"))
            if step is None:
                lines.append(("position after the turn", "dim"))
            else:
                lines.append((f"step {index + 1} of {n}", "dim"))
                before = src.positions[k - 1]
                if step.kind == "levelup":
                    p = before.pieces[t.levelup]
                    lines.append((f"raise the {p.type} on {_sq(t.levelup)}", "step"))
                    lines.append((f"level {p.level} -> {p.level + 1}", "step"))
                elif step.kind == "step":
                    p = src.levelled(k)[t.origin]
                    lines.append((f"the {p.type} moves {_sq(step.src)} -> {_sq(step.dst)}", "step"))
                    lines.append((f"square {step.index} of {len(t.path)}", "step"))
                elif step.kind == "capture":
                    lines.append(("capture", "capture"))
                elif step.kind == "transform":
                    lines.append((f"the disciple on {_sq(t.transform.at)} becomes a {t.transform.into}", "step"))
            caps = src.captures[k - 1]
            if caps and (step is None or step.kind in ("capture", "transform")):
                for c in caps:
                    lv = "" if src.rules.pieces[c.piece.type].royal else f" (level {c.piece.level})"
                    lines.append((f"x {c.piece.side} {c.piece.type}{lv} on {_sq(c.at)}", "capture"))
                    lines.append((f"   {CAPTURE_WHY.get(c.reason, c.reason)}", "dim"))
        lines.append(("", "gap"))
        late = step is None or step.kind in ("capture", "transform")
        pos = src.positions[k] if late else src.positions[k - 1]
        lines.append((f"white {len(pos.side_pieces('white'))} pieces", "white"))
        lines.append((f"black {len(pos.side_pieces('black'))} pieces", "black"))
        if step is None and k >= 1:
            res = src.positions[k].result
            if res is not None:
                lines.append(("", "gap"))
                who = f"{res.winner.upper()} WINS" if res.winner else "DRAW"
                lines.append((who, "result"))
                lines.append((result_words(res.reason)[0], "text"))
            else:
                lines.append((f"{src.positions[k].to_move} to move", "text"))
        lines.append(("", "fill"))
        lines += [
            ("cream pieces: white \u00b7 red pieces: black", "legend"),
            ("yellow frame: piece raised 1 level", "legend"),
            ("green: the moving piece's path", "legend"),
            ("shaded +n: formation zone levels", "legend"),
            ("a->b on a piece: level a, boosted to b", "legend"),
        ]
        return tuple(lines)


# =========================================================================== layout
class RecordGeometry:
    """Board geometry of a recording frame: the board on the left at full height, text on the right."""

    def __init__(self, width: int, height: int, size=(19, 19)):
        from ..spirit.view import BoardGeometry

        self.width, self.height, self.size = int(width), int(height), tuple(size)
        m = max(4, round(height / 36))
        sx, sy = self.size
        self.margin = m
        self.portrait = width < height * 1.2
        if self.portrait:  # board on top at full width, the text below it
            side = min(width - 2 * m - 26, (height - 2 * m - 20) * 0.62)
            cell = max(2.0, side / max(sx, sy))
            self._origin = (m + 24.0 + (width - 2 * m - 26 - cell * sx) / 2.0, height - m - cell * sy)
            self.text_x, self.text_y = m, int(m + cell * sy + 20 + m)
        else:  # board on the left at full height, the text on the right
            side = min(height - 2 * m - 20, (width - 2 * m - 26) * 0.62)
            cell = max(2.0, side / max(sx, sy))
            self._origin = (m + 24.0, m + 18.0 + (height - 2 * m - 20 - cell * sy) / 2.0)
            self.text_x, self.text_y = int(self._origin[0] + cell * sx + 10 + m), m
        self._cell = cell
        geo = self

        class _Geo(BoardGeometry):
            @property
            def cell(self):
                return geo._cell

            @property
            def origin(self):
                return geo._origin

        self.board = _Geo(self.width, self.height, self.size)


# =========================================================================== GL painter
class BoardState:
    """The controller queries :class:`SpiritBoardView` draws from, answered from a frame state."""

    setup = None
    mode = "play"
    hovered = None
    recording = False

    def __init__(self, rules):
        from engine.spirit import SpiritPosition

        self.rules = rules
        self.kinds = list(rules.pieces)
        self.place_kind = self.kinds[0]
        self.game = self  # "a game is loaded" for SpiritBoardView
        self._Position = SpiritPosition
        self.pos = SpiritPosition(rules, "white", {})
        self.levelup = self.origin = None
        self.path: list = []

    def set(self, st: SpiritFrameState) -> None:
        self.pos = self._Position(self.rules, "white", st.pieces)
        self.levelup, self.origin, self.path = st.levelup, st.origin, list(st.path)

    def board(self) -> dict:
        return {c: (p.type, p.side, p.level) for c, p in self.pos.pieces.items()}

    def zones(self) -> dict:
        from engine.spirit import formation_zones

        return formation_zones(self.pos)

    def effective(self, c) -> int:
        from engine.spirit import effective_level

        return effective_level(self.pos, c)

    def targets(self) -> dict:
        return {"path": list(self.path)}

    def remaining(self) -> dict:
        return {}


def _egl_current():
    try:
        from pyglet.libs.egl import egl

        return (
            egl.eglGetCurrentDisplay(),
            egl.eglGetCurrentSurface(egl.EGL_DRAW),
            egl.eglGetCurrentSurface(egl.EGL_READ),
            egl.eglGetCurrentContext(),
        )
    except Exception:
        return None


def _egl_restore(saved) -> None:
    """Make the GL context that was current before us current again (tests share one context)."""
    if not saved or not saved[0] or not saved[3]:
        return
    try:
        from pyglet.libs.egl import egl

        egl.eglMakeCurrent(*saved)
    except Exception:
        pass


class SpiritPainter:
    """Draws :class:`SpiritFrameState` s with the spirit window's drawing code into a hidden
    headless pyglet window and reads the pixels back; the text column is drawn with Pillow."""

    def __init__(self, width: int, height: int):
        self.width, self.height = int(width), int(height)
        saved = _egl_current()
        try:
            import pyglet

            if "pyglet.window" not in sys.modules:
                pyglet.options["headless"] = True  # an EGL pbuffer window: no display needed
            pyglet.options["debug_gl"] = False
            import pyglet.window  # noqa: F401
        except Exception as exc:
            _egl_restore(saved)
            raise RecordError(f"no headless OpenGL for rendering spirit chess ({_why(exc)})") from None
        try:
            from ..spirit.view import SpiritBoardView
        except Exception as exc:
            _egl_restore(saved)
            raise RecordError(f"the spirit-chess view cannot be loaded ({_why(exc)})") from None
        try:
            try:
                config = pyglet.gl.Config(double_buffer=True, sample_buffers=1, samples=4)  # type: ignore[abstract]
                self.window = pyglet.window.Window(width=self.width, height=self.height, visible=False, config=config)
            except (pyglet.window.NoSuchConfigException, pyglet.gl.ContextException):
                self.window = pyglet.window.Window(width=self.width, height=self.height, visible=False)
        except Exception as exc:
            _egl_restore(saved)
            raise RecordError(f"no headless OpenGL for rendering spirit chess ({_why(exc)})") from None
        self.pyglet = pyglet
        self.geo: Any = None  # RecordGeometry, BoardState and the board view: made for the first game
        self.state: Any = None
        self.app: Any = None
        self._app_class = SpiritBoardView
        self.render_seconds = self.read_seconds = 0.0
        self._board_key: tuple | None = None
        self._sprite_batch = None
        self._sprite_items: list = []
        _egl_restore(saved)

    def _ensure_app(self, rules):
        if self.app is not None:
            return
        geo = RecordGeometry(self.width, self.height, tuple(rules.size))
        self.geo = geo
        self.state = BoardState(rules)
        painter = self

        class RecordingSpiritBoardView(self._app_class):
            def geometry(self):
                return painter.geo.board

        self.app = RecordingSpiritBoardView(self.window, self.state)
        for panel in (self.app.status, self.app.turns, self.app.message, self.app.overlay):
            panel.set("", 0, 0)

    # ------------------------------------------------------------------ drawing
    def paint(self, st: SpiritFrameState, animator: SpiritAnimator) -> np.ndarray:
        saved = _egl_current()
        try:
            self.window.switch_to()
            self._ensure_app(animator.src.rules)
            self._draw(st)
            frame = self._read()
        finally:
            _egl_restore(saved)
        if st.lines:
            frame = draw_text_column(frame, st.lines, self.geo.text_x, self.geo.margin, self.geo.text_y)
        return frame

    def _draw(self, st: SpiritFrameState) -> None:
        import time

        gl = self.pyglet.gl
        from pyglet.math import Mat4

        t0 = time.perf_counter()
        w, h = self.width, self.height
        gl.glViewport(0, 0, w, h)
        self.window.projection = Mat4.orthogonal_projection(0, w, 0, h, -255, 255)
        self.window.view = Mat4()
        gl.glClearColor(0.075, 0.085, 0.115, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT | gl.GL_DEPTH_BUFFER_BIT)
        key = st.board_key()
        if key != self._board_key:
            self.state.set(st)
            self.app._rebuild()
            self._board_key = key
        self.app.batch.draw()
        self._draw_sprites(st)
        gl.glFinish()
        self.render_seconds += time.perf_counter() - t0

    def _draw_sprites(self, st: SpiritFrameState) -> None:
        """The moving pieces of the frame (and a level-up's pulse) over the board drawn once."""
        pyglet = self.pyglet
        for item in self._sprite_items:
            item.delete()
        self._sprite_items = []
        if not st.sprites and st.pulse is None:
            return
        batch = self._sprite_batch = pyglet.graphics.Batch()
        groups = [pyglet.graphics.Group(order=i) for i in range(6)]
        if st.pulse is not None:
            self._draw_pulse(st.pulse, batch, groups)
        order = sorted(range(len(st.sprites)), key=lambda i: (not st.sprites[i].under, i))
        for n, i in enumerate(order):
            base = 1 + min(n, 1) * 2  # under-sprites: groups 1-2, the rest: 3-4
            self._draw_sprite(st.sprites[i], batch, (groups[base], groups[base + 1], groups[5]))
        batch.draw()

    def _center(self, at) -> tuple[float, float]:
        """Window pixels of the centre of board square ``at`` (fractional while gliding)."""
        geo = self.geo.board
        ox, oy = geo.origin
        return ox + (at[0] - 0.5) * geo.cell, oy + (at[1] - 0.5) * geo.cell

    def _draw_pulse(self, pulse: tuple, batch, groups: list) -> None:
        """A level-up: two expanding rings, a flash and a rising "+1" over the raised square."""
        from ..spirit.view import LEVELUP_RGB

        ps, add, cs = self.pyglet.shapes, self._sprite_items.append, self.geo.board.cell
        sq, u = pulse
        x, y = self._center(sq)
        for wave in (0.0, 0.5):  # two expanding rings
            w = (u - wave) * 2.0
            if not 0.0 <= w <= 1.0:
                continue
            r = cs * (0.45 + 0.55 * w)
            color = LEVELUP_RGB + (int(255 * (1 - w)),)
            add(ps.Arc(x, y, r, thickness=max(2.0, cs * 0.12), color=color, batch=batch, group=groups[0]))
        glow = 0.3 * math.sin(math.pi * u)  # a flash that keeps the letter readable
        add(ps.Circle(x, y, cs * 0.5, color=LEVELUP_RGB + (int(255 * glow),), batch=batch, group=groups[0]))
        add(
            self.pyglet.text.Label(
                "+1",
                font_name=self.app.mono,
                font_size=max(8, int(cs * 0.32)),
                weight="bold",
                x=x + cs * 0.3,
                y=y + cs * (0.45 + 0.5 * u),
                anchor_x="left",
                anchor_y="bottom",
                color=LEVELUP_RGB + (int(255 * min(1.0, 2.0 - 2.0 * u)),),
                batch=batch,
                group=groups[5],
            )
        )

    def _draw_sprite(self, sp: Sprite, batch, groups: tuple) -> None:
        """One piece where it glides: its ring (if any), then the live board's drawing of it."""
        from ..spirit.piece_look import add_spirit_piece

        add, cs = self._sprite_items.append, self.geo.board.cell
        x, y = self._center(sp.at)
        p = sp.piece
        r = cs * 0.42 * sp.scale
        a = int(round(255 * max(0.0, min(1.0, sp.alpha))))
        if sp.ring is not None and sp.ring[1] > 0.01:
            color = tuple(sp.ring[0]) + (int(255 * min(1.0, sp.ring[1])),)
            add(
                self.pyglet.shapes.Arc(
                    x, y, r + cs * 0.06, thickness=max(2.0, cs * 0.09), color=color, batch=batch, group=groups[0]
                )
            )
        # the live board's drawing (viewer/spirit/piece_look.py): a piece looks the same in the video
        spec = self.state.rules.pieces[p.type]
        add_spirit_piece(
            self.pyglet, add, spec, p.side, x, y, r, p.level, batch=batch, groups=groups, alpha=a, font=self.app.mono
        )

    def _read(self) -> np.ndarray:
        import time

        gl = self.pyglet.gl
        t0 = time.perf_counter()
        w, h = self.width, self.height
        buf = (ctypes.c_ubyte * (w * h * 3))()
        gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
        gl.glReadPixels(0, 0, w, h, gl.GL_RGB, gl.GL_UNSIGNED_BYTE, buf)
        frame = np.frombuffer(buf, dtype=np.uint8).reshape(h, w, 3)[::-1].copy()  # type: ignore[call-overload]
        self.read_seconds += time.perf_counter() - t0
        return frame

    def release(self) -> None:
        if self.window is None:
            return
        saved = _egl_current()
        try:
            self.window.switch_to()
            for item in self._sprite_items:
                item.delete()
            self._sprite_items = []
            if self.app is not None:
                for d in self.app.dynamic:
                    d.delete()
                self.app.dynamic = []
            self.window.close()
        except Exception:
            pass
        finally:
            self.window = None
            self.app = None
            _egl_restore(saved)
