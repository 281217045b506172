"""Spirit chess drawn flat: a 19×19 board with pyglet shapes and labels.

:class:`BoardGeometry` (no GL) maps cells to window pixels (pyglet's bottom-left
origin) and back; :class:`SpiritBoardView` draws the board, the pieces with their
levels, the formation zones shaded with their summed levels, the legal
targets of the turn being built, the hand-over screen of the hidden setup and
the text panels.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ui.analysis_view import analysis_actions, analysis_tick, attach_board
from ..ui.panels import HELP_LINE_WIDTH, MONO, SANS, Panel, help_lines, help_page, mono_width, prompt_text
from ..ui.review import banner_text, turn_rows
from .analysis_view import SpiritAnalysisView
from .controller import SPIRIT_BINDINGS, SpiritController
from .piece_look import SIDE_RGB, SIDE_TEXT, add_spirit_piece  # noqa: F401  (SIDE_*: the recorder's colours too)

BOARD_RGB = (196, 160, 100)
LINE_RGB = (90, 64, 30)
ZONE_RGB = {"white": (120, 170, 255), "black": (255, 110, 90)}
LEVELUP_RGB = (255, 215, 40)
END_RGB = (60, 150, 255)
CAUGHT_RGB = (235, 40, 40)  # an end where an enemy formation zone catches the mover (S11)
PATH_RGB = (40, 220, 120)
TURN_CHARS = 36  # the move list's width in characters (it fits beside the board at 1280 px)
HINT_RGB = (255, 80, 230)


def _ask(c, query: str, default):
    """``c.query()`` where the controller has it (the recorder's board state has no computer)."""
    fn = getattr(c, query, None)
    return default if fn is None else fn()


#: the left column (status panel, setup palette; the move list in a narrow window): its wrap width
LEFT_COLUMN = 270
#: room between the left column and the board for the evaluation bar and the rank labels
BOARD_GAP = 58


@dataclass
class BoardGeometry:
    """Where the board and the setup palette go.  ``left`` / ``right``: the pixels the board keeps
    between (the left column and the move list; None: the old centred layout, for callers without
    panels); ``palette_top``: the top of the setup palette (under the status panel)."""

    width: int
    height: int
    size: tuple = (19, 19)
    scale: float = 1.0
    left: float | None = None
    right: float | None = None
    palette_top: float | None = None
    top: float | None = None  # with ``bottom``: the rows the board keeps between (a lesson's stacked layout)
    bottom: float | None = None

    def _span(self) -> tuple[float, float]:
        if self.left is None or self.right is None:
            return 310.0 * self.scale, self.width - 310.0 * self.scale
        return self.left, self.right

    @property
    def cell(self) -> float:
        k = self.scale
        lo, hi = self._span()
        tall = (self.height - 120 * k) if self.top is None or self.bottom is None else (self.top - self.bottom)
        return max(4.0, min(tall / self.size[1], (hi - lo) / self.size[0], 44.0 * k))

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left pixel of cell (1, 1)."""
        cs = self.cell
        lo, hi = self._span()
        x = (lo + hi - cs * self.size[0]) / 2.0
        if self.top is not None and self.bottom is not None:
            return (x, (self.top + self.bottom - cs * self.size[1]) / 2.0)
        # a little above the middle: the message line under the board keeps clear of the file labels
        return (x, (self.height - cs * self.size[1]) / 2.0 + 28 * self.scale)

    def center(self, c) -> tuple[float, float]:
        ox, oy = self.origin
        cs = self.cell
        return (ox + (c[0] - 0.5) * cs, oy + (c[1] - 0.5) * cs)

    def cell_at(self, x: float, y: float):
        ox, oy = self.origin
        cs = self.cell
        cx, cy = int((x - ox) // cs) + 1, int((y - oy) // cs) + 1
        if 1 <= cx <= self.size[0] and 1 <= cy <= self.size[1]:
            return (cx, cy)
        return None

    def palette_rect(self, i: int) -> tuple[float, float, float, float]:
        """Setup palette entry ``i`` (x, y, w, h) on the left."""
        k = self.scale
        top = self.height - 172.0 * k if self.palette_top is None else self.palette_top
        return (20.0 * k, top - 28.0 * k - i * 34.0 * k, 250.0 * k, 28.0 * k)

    def palette_at(self, x: float, y: float, n: int):
        for i in range(n):
            px, py, pw, ph = self.palette_rect(i)
            if px <= x <= px + pw and py <= y <= py + ph:
                return i
        return None


class SpiritBoardView:
    name = "spirit"

    def __init__(self, window, controller: SpiritController):
        import pyglet

        self.pyglet = pyglet
        self.window = window
        self.controller = controller
        self.batch = pyglet.graphics.Batch()
        self.g = [pyglet.graphics.Group(order=i) for i in range(8)]
        self.dynamic: list = []
        b = self.batch
        self.status = Panel(
            b, (self.g[5], self.g[6]), font=SANS, size=12, width=LEFT_COLUMN
        )  # clear of the rank labels
        self.turns = Panel(b, (self.g[5], self.g[6]), size=10, anchor="top-right", width=mono_width(TURN_CHARS, 10))
        self.message = Panel(b, (self.g[5], self.g[6]), font=SANS, size=12, anchor="bottom-left", width=1000)
        # above every other panel (bug 13.1: the status text drew through the help's backing)
        top = [pyglet.graphics.Group(order=i) for i in (10, 11)]
        self.overlay = Panel(
            b, top, size=12, anchor="center", bg=(8, 10, 16, 245), width=mono_width(HELP_LINE_WIDTH, 12)
        )
        self.overlay.fit_chars(HELP_LINE_WIDTH)
        self.banner = Panel(
            b, top, font=SANS, size=15, anchor="center", color=(255, 214, 90, 255), bg=(20, 16, 8, 235), width=760
        )
        self.all_panels = (self.status, self.turns, self.message, self.overlay, self.banner)
        self.mono = MONO
        self._key = None
        self.scale = 1.0
        self.turn_index: list = []
        self.frame_layout: tuple = (None,) * 5  # (left, right, palette top, top, bottom): see layout()
        self.analysis = SpiritAnalysisView(attach_board(controller))  # threats, evaluation bar, best line (issue 19)

    # -- drawing -----------------------------------------------------------------------------
    def geometry(self) -> BoardGeometry:
        left, right, palette, top, bottom = self.frame_layout
        size = tuple(self.controller.rules.size)
        return BoardGeometry(self.window.width, self.window.height, size, self.scale, left, right, palette, top, bottom)

    def lesson_room(self) -> float | None:
        """Pixels the tutorial's lesson panel takes at the right edge (its width as
        ``viewer.app.tutorial`` chooses it, padding and margin); None outside a lesson."""
        if not getattr(self.controller, "in_tutorial", False):
            return None
        return min(420.0, max(260.0, self.window.width * 0.3)) + 16 + 14

    def stacked(self) -> bool:
        """A lesson in a window where the board between the status column and the lesson panel
        would be small: the status (without its legend; the lesson explains) stays top-left and the
        board goes under it, left of the lesson panel."""
        room = self.lesson_room()
        if room is None:
            return False
        k = self.scale
        sx, sy = self.controller.rules.size
        side = (self.window.width - room - 14 * k - self._left()) / sx
        return side < 0.9 * min((self.window.height - 120 * k) / sy, 44.0 * k)

    def narrow(self) -> bool:
        """A window too narrow for the move list beside the board (the board would be narrower than
        the window's height allows by a tenth or more): the move list goes under the status panel."""
        k = self.scale
        left, right = self._left(), self.window.width - 14 - (mono_width(TURN_CHARS, 10) + 16) * k - 14 * k
        sx, sy = self.controller.rules.size
        tall = min((self.window.height - 120 * k) / sy, 44.0 * k)
        return (right - left) / sx < 0.9 * tall

    def _left(self) -> float:
        """Where the board's room begins: right of the left column, the evaluation bar and the labels."""
        return 14 + (LEFT_COLUMN + 8) * self.scale + BOARD_GAP * self.scale

    def resize(self, w, h):
        self._key = None

    def _state_key(self):
        c = self.controller
        return (
            self.window.width,
            self.window.height,
            tuple(sorted(c.board().items())),
            c.levelup,
            c.origin,
            tuple(c.path),
            c.mode,
            c.place_kind,
            tuple(sorted(c.remaining().items())),
            c.hovered,
            self.scale,
            getattr(c, "cursor", None),
            c.reviewing,
            self.frame_layout,
            repr(_ask(c, "hint_marks", {})),
            _ask(c, "glide_at", None),
        )

    def _rebuild(self):
        for d in self.dynamic:
            d.delete()
        self.dynamic = []
        c = self.controller
        geo = self.geometry()
        self._add_board(geo)
        if c.mode != "handover":
            self._add_zones(geo)
        self._add_grid(geo)
        self._add_targets(geo)
        self._add_hint(geo)
        if c.levelup is not None:
            self._frame(c.levelup, LEVELUP_RGB, geo, 5)
        if c.origin is not None:
            self._frame(c.origin, PATH_RGB, geo, 5)
        self._add_pieces(geo)
        if getattr(c, "cursor", None) is not None:  # the keyboard cursor: thick, black-edged
            self._frame(c.cursor, (0, 0, 0), geo, 7 * self.scale)
            self._frame(c.cursor, (255, 255, 255), geo, 3.5 * self.scale)
        elif c.hovered is not None:
            self._frame(c.hovered, (255, 255, 255), geo, 2)
        if c.mode == "setup":
            self._add_palette(geo)

    def _add_board(self, geo):
        """The board's wood, and the half the side placing its setup fills lighter."""
        ps = self.pyglet.shapes
        add, b, g = self.dynamic.append, self.batch, self.g
        c = self.controller
        cs = geo.cell
        ox, oy = geo.origin
        sx, sy = c.rules.size
        add(ps.Rectangle(ox - 6, oy - 6, cs * sx + 12, cs * sy + 12, color=BOARD_RGB, batch=b, group=g[0]))
        if c.setup is not None and c.mode == "setup":
            lo, hi = c.rules.halves[c.setup.side]
            add(
                ps.Rectangle(
                    ox, oy + (lo - 1) * cs, cs * sx, cs * (hi - lo + 1), color=(225, 200, 140), batch=b, group=g[0]
                )
            )

    def _add_zones(self, geo):
        """The formation zones, shaded in the stronger side's colour with its summed level."""
        ps, T = self.pyglet.shapes, self.pyglet.text
        add, b, g = self.dynamic.append, self.batch, self.g
        cs = geo.cell
        ox, oy = geo.origin
        for (x, y), lv in self.controller.zones().items():
            side = "white" if lv.get("white", 0) >= lv.get("black", 0) else "black"
            total = lv[side]
            add(
                ps.Rectangle(
                    ox + (x - 1) * cs + 1,
                    oy + (y - 1) * cs + 1,
                    cs - 2,
                    cs - 2,
                    color=ZONE_RGB[side] + (110,),
                    batch=b,
                    group=g[1],
                )
            )
            add(
                T.Label(
                    f"+{total}",
                    font_name=self.mono,
                    font_size=max(7, int(cs * 0.2)),
                    x=ox + (x - 1) * cs + 2,
                    y=oy + y * cs - 2,
                    anchor_x="left",
                    anchor_y="top",
                    color=(20, 20, 60, 255) if side == "white" else (90, 10, 10, 255),
                    batch=b,
                    group=g[4],
                )
            )

    def _add_grid(self, geo):
        """The grid lines, the middle row and the file and rank numbers."""
        ps, T = self.pyglet.shapes, self.pyglet.text
        add, b, g = self.dynamic.append, self.batch, self.g
        cs = geo.cell
        ox, oy = geo.origin
        sx, sy = self.controller.rules.size
        for i in range(sx + 1):
            add(ps.Line(ox + i * cs, oy, ox + i * cs, oy + sy * cs, thickness=1, color=LINE_RGB, batch=b, group=g[2]))
        for j in range(sy + 1):
            add(ps.Line(ox, oy + j * cs, ox + sx * cs, oy + j * cs, thickness=1, color=LINE_RGB, batch=b, group=g[2]))
        mid = oy + (sy // 2) * cs
        add(ps.Rectangle(ox, mid, sx * cs, cs, color=(170, 130, 80, 120), batch=b, group=g[1]))
        for i in range(1, sx + 1):
            add(
                T.Label(
                    str(i),
                    font_name=self.mono,
                    font_size=8 * self.scale,
                    x=ox + (i - 0.5) * cs,
                    y=oy - 16 * self.scale,
                    anchor_x="center",
                    color=(200, 200, 200, 255),
                    batch=b,
                    group=g[4],
                )
            )
        for j in range(1, sy + 1):
            add(
                T.Label(
                    str(j),
                    font_name=self.mono,
                    font_size=8 * self.scale,
                    x=ox - 10 * self.scale,
                    y=oy + (j - 0.5) * cs,
                    anchor_x="right",
                    anchor_y="center",
                    color=(200, 200, 200, 255),
                    batch=b,
                    group=g[4],
                )
            )

    def _add_targets(self, geo):
        """The turn being built: level-up candidates, legal ends, caught ends (S11) and the numbered path."""
        ps, T = self.pyglet.shapes, self.pyglet.text
        add, b, g = self.dynamic.append, self.batch, self.g
        c = self.controller
        cs = geo.cell
        tg = c.targets()
        for sq in tg.get("levelup", []):
            self._frame(sq, LEVELUP_RGB, geo, 3)
        for sq in tg.get("ends", []):
            x, y = geo.center(sq)
            add(ps.Circle(x, y, cs * 0.18, color=END_RGB + (220,), batch=b, group=g[4]))
        caught = list(tg.get("caught", []))
        if c.path and hasattr(c, "path_caught") and c.path_caught():
            caught.append(c.path[-1])
        for sq in caught:  # S11: a red cross where the mover would be caught
            x, y = geo.center(sq)
            h = cs * 0.3
            for dx in (-h, h):
                add(
                    ps.Line(
                        x - dx,
                        y - h,
                        x + dx,
                        y + h,
                        thickness=max(2, cs * 0.1),
                        color=CAUGHT_RGB + (235,),
                        batch=b,
                        group=g[4],
                    )
                )
        for i, sq in enumerate(tg.get("path", [])):
            x, y = geo.center(sq)
            add(
                ps.Rectangle(
                    x - cs / 2 + 2, y - cs / 2 + 2, cs - 4, cs - 4, color=PATH_RGB + (150,), batch=b, group=g[1]
                )
            )
            add(
                T.Label(
                    str(i + 1),
                    font_name=self.mono,
                    font_size=10,
                    x=x - cs / 2 + 4,
                    y=y + cs / 2 - 4,
                    anchor_y="top",
                    color=(0, 60, 0, 255),
                    batch=b,
                    group=g[4],
                )
            )

    def _add_hint(self, geo):
        """The computer's hint (I): magenta level-up, mover and path."""
        ps = self.pyglet.shapes
        add, b, g = self.dynamic.append, self.batch, self.g
        cs = geo.cell
        hint = _ask(self.controller, "hint_marks", {})
        for sq in hint.get("path", []):
            x, y = geo.center(sq)
            add(
                ps.Rectangle(
                    x - cs / 2 + 3, y - cs / 2 + 3, cs - 6, cs - 6, color=HINT_RGB + (90,), batch=b, group=g[1]
                )
            )
        for key in ("levelup", "origin"):
            if hint.get(key) is not None:
                self._frame(hint[key], HINT_RGB, geo, 4)

    def _add_pieces(self, geo):
        """Every piece with its level badges; the computer's last turn glides along its path."""
        add, b, g = self.dynamic.append, self.batch, self.g
        c = self.controller
        cs = geo.cell
        glide = _ask(c, "glide_at", None)  # the computer's last turn, gliding along its path
        for sq, (kind, side, level) in c.board().items():
            x, y = geo.center(sq)
            if glide is not None and sq == glide[0]:
                x, y = geo.center(glide[1])
            spec = c.rules.pieces[kind]
            eff = level
            if not spec.royal and c.game is not None and c.setup is None:
                try:
                    eff = c.effective(sq)
                    if c.levelup is not None and tuple(c.levelup) == tuple(sq):
                        eff += 1  # issue 16: the raised piece's badge shows its new level
                except Exception:
                    eff = level
            add_spirit_piece(
                self.pyglet,
                add,
                spec,
                side,
                x,
                y,
                cs * 0.42,
                level,
                eff,
                batch=b,
                groups=(g[3], g[4], g[7]),
                font=self.mono,
            )

    def _add_palette(self, geo):
        """The setup palette: one entry per piece kind with how many are left to place."""
        ps, T = self.pyglet.shapes, self.pyglet.text
        add, b, g = self.dynamic.append, self.batch, self.g
        c = self.controller
        rem = c.remaining()
        for i, kind in enumerate(c.kinds):
            px, py, pw, ph = geo.palette_rect(i)
            col = (70, 110, 70, 230) if kind == c.place_kind else (30, 34, 44, 220)
            add(ps.Rectangle(px, py, pw, ph, color=col, batch=b, group=g[5]))
            spec = c.rules.pieces[kind]
            add(
                T.Label(
                    f"{i + 1}  {spec.letter} {kind:<11} x{rem.get(kind, 0)}",
                    font_name=self.mono,
                    font_size=11 * self.scale,
                    x=px + 8,
                    y=py + ph / 2,
                    anchor_y="center",
                    color=(235, 235, 225, 255),
                    batch=b,
                    group=g[6],
                )
            )

    def _frame(self, sq, rgb, geo, t):
        ps = self.pyglet.shapes
        x, y = geo.center(sq)
        h = geo.cell / 2 - 1
        for x0, y0, x1, y1 in (
            (x - h, y - h, x + h, y - h),
            (x + h, y - h, x + h, y + h),
            (x + h, y + h, x - h, y + h),
            (x - h, y + h, x - h, y - h),
        ):
            self.dynamic.append(ps.Line(x0, y0, x1, y1, thickness=t, color=rgb, batch=self.batch, group=self.g[4]))

    def panels(self) -> dict:
        """Text of every panel (pure; used by the tests too)."""
        c = self.controller
        out = {}
        head = ["DAQI  spirit chess" + ("   [REC]" if c.recording else "")]
        mode = c.mode
        if mode == "setup" and c.setup is not None:
            head.append(f"HIDDEN SETUP: {c.setup.side} places")
            head.append(f"{sum(c.remaining().values())} pieces left")
        elif mode == "handover":
            head.append("HAND-OVER")
        elif c.reviewing:
            head.append(f"REVIEW turn {c.review.ply} of {len(c.game.turns)}")
            head.append("Left/Right, Home/End; Enter: play from here; Esc: back")
        elif mode == "over":
            head.append("GAME OVER: " + c.result_text())
        else:
            pos = c.game.position
            head.append(f"{pos.to_move.upper()} to move \u00b7 turn {len(c.game.turns) + 1}")
            step = (
                "1) raise a piece"
                if c.levelup is None
                else "2) piece to move"
                if c.origin is None
                else f"3) path {len(c.path)}" + (f"/{c.budget()}" if c.budget() else "")
            )
            head.append(step)
            if c.transform_options():
                head.append("X: transform a disciple")
            for s in ("white", "black"):
                head.append(f"{s}: {len(pos.side_pieces(s))} pieces")
        drv = getattr(c, "clock_driver", None)
        if drv is not None and c.game is not None:
            head.append(drv.clock.text(compact=True))
        comp = c.computer_status(brief=True) if hasattr(c, "computer_status") else ""
        if comp:
            head.extend(comp.split("   "))
        if not self.stacked():
            head.append("")
            head.append("shaded: formation zone +n")
            head.append("red x: caught there (S11)")
            head.append("a→b: level a, boosted to b")
            head.append("badge: level (gold = boosted by a formation)")
        out["status"] = "\n".join(head)
        out["turns"] = self.turns_text(max(6, int((self.window.height * 0.8) / (10 * self.scale * 1.62))))
        out["banner"] = banner_text(c) if c.prompt is None and not c.help_visible else ""
        out["message"] = c.message.text
        if getattr(c, "details_visible", False) and getattr(c.message, "detail", ""):
            out["message"] += "\n   " + c.message.detail
        if c.help_visible:
            out["overlay"] = help_page(
                "SPIRIT CHESS - KEYS AND MOUSE (H closes)",
                help_lines(SPIRIT_BINDINGS),
                int((self.window.height - 40 * self.scale) / (12 * self.scale * 1.75)),
                c.help_page,
            )
        elif c.prompt is not None:
            out["overlay"] = prompt_text(c.prompt)
        elif c.chooser is not None and mode == "play":
            out["overlay"] = "\n".join(
                ["TRANSFORM A DISCIPLE: 1-9 chooses, Enter = no transform, Esc closes", ""]
                + [f"  {i + 1}  {label}" for i, (label, _t) in enumerate(c.chooser)]
            )
        elif mode == "handover":
            out["overlay"] = (
                "WHITE has committed its placement (hidden).\n\n"
                "Hand the screen to BLACK - white, please look away.\n\n"
                "BLACK: press Enter to place your pieces."
            )
        else:
            out["overlay"] = ""
        return out

    def turns_text(self, rows_max: int, chars: int = TURN_CHARS) -> str:
        """The move list in at most ``rows_max`` rows (its header included); "" during the hidden
        setup of a narrow window (no turns yet, and the palette needs the room)."""
        c = self.controller
        if c.mode in ("setup", "handover") and self.narrow():
            self.turn_index = []
            return ""
        tl = c.turn_list()
        rows, idx = turn_rows(tl, c.review_selected(), max(1, rows_max - 1), c.turns_scroll)
        rows = [r if len(r) <= chars else r[: chars - 1] + "…" for r in rows]  # one row each
        self.turn_index = [None] + (idx if tl else [None])
        return "\n".join(["turns  (Ctrl+Left: review)" if tl else "turns"] + (rows or ["(none yet)"]))

    def layout(self, t: dict) -> None:
        """Place the panels, then keep the board and the setup palette clear of them (issue 16: the
        status legend ran over "1 S sect"; at 800×600 the board shrank to 9-pixel cells and the
        message ran off the window): the palette starts under the status panel; a narrow window puts
        the move list under the status panel and gives the board the rest of the width."""
        w, k = self.window, self.scale
        self.message.wrap(min(1000.0, (w.width - 28 * k) / k))
        self.message.set(
            t["message"],
            14,
            14,
            {"error": (255, 120, 95, 255), "ok": (150, 235, 140, 255)}.get(
                self.controller.message.level, (235, 235, 225, 255)
            ),
        )
        self.status.set(t["status"], 14, w.height - 12)
        below = (self.status.bg.y if self.status.text else w.height) - 10 * k
        left = self._left()
        room = self.lesson_room()
        if self.stacked():  # a lesson in a small window: the board under the status, left of the lesson
            self.turns.set("", 0, 0)
            self.turn_index = []
            msg_top = self.message.bg.y + self.message.bg.height if self.message.text else 0.0
            right = w.width - room - 14 * k
            self.frame_layout = (14 + BOARD_GAP * k, right, below, below, msg_top + 30 * k)
            return
        if self.narrow():
            self.turns.anchor = "top-left"
            msg_top = self.message.bg.y + self.message.bg.height if self.message.text else 0.0
            rows = int((below - 6 * k - msg_top - 16 * k) / (10 * k * 1.62))
            chars = int((LEFT_COLUMN - 8) / (10 * 0.6021 * 96 / 72))  # as many as the left column holds
            self.turns.wrap(LEFT_COLUMN)
            text = self.turns_text(rows, chars) if rows >= 3 else ""
            self.turns.set(text, 14, below - 6 * k)
            right = w.width - 14 * k
        else:
            self.turns.anchor = "top-right"
            self.turns.wrap(mono_width(TURN_CHARS, 10))
            self.turns.set(t["turns"], w.width - 14, w.height - 12)
            right = w.width - 14 - (mono_width(TURN_CHARS, 10) + 16) * k - 14 * k
        if room is not None:  # the lesson panel under the move list: the board keeps left of both
            right = min(right, w.width - room - 14 * k)
        self.frame_layout = (left, right, below, None, None)

    def panel_rects(self) -> dict[str, tuple[float, float, float, float]]:
        """Name -> (x, y, w, h) of what is drawn apart (after :meth:`draw`): the text panels, each
        setup palette entry and the board with its rank and file labels (the layout test: none may
        overlap another, all inside the window)."""
        out = {}
        for name in ("status", "turns", "message"):
            r = getattr(self, name).rect()
            if r is not None:
                out[name] = r
        geo, k = self.geometry(), self.scale
        if self.controller.mode == "setup":
            for i, kind in enumerate(self.controller.kinds):
                out[f"palette {i + 1} {kind}"] = geo.palette_rect(i)
        ox, oy = geo.origin
        sx, sy = geo.size
        lab = 26 * k  # the rank labels left of the board, the file labels under it
        out["board"] = (ox - lab, oy - lab, geo.cell * sx + 6 + lab, geo.cell * sy + 6 + lab)
        return out

    def draw(self):
        w = self.window
        w.ctx.screen.use()
        w.ctx.clear(0.075, 0.085, 0.115)
        _ = w.ctx.error
        self._set_scale(w.ui_scale_for(w.width, w.height) if hasattr(w, "ui_scale_for") else 1.0)
        t = self.panels()
        self.layout(t)
        key = self._state_key()
        if key != self._key:
            self._key = key
            self._rebuild()
        self.overlay.set(t["overlay"], w.width / 2, w.height / 2)
        self.banner.set(t["banner"] if not t["overlay"] else "", w.width / 2, w.height * 0.58)
        self.batch.draw()
        self.analysis.geometry = self.geometry()
        self.analysis.update(self.controller, w.width, w.height, self.scale)
        self.analysis.draw()

    def _set_scale(self, scale: float) -> None:
        if scale != self.scale:
            self.scale = scale
            for p in self.all_panels:
                p.set_scale(scale)
            self._key = None

    # -- input -------------------------------------------------------------------------------
    def mouse_press(self, x, y, button, modifiers):
        c = self.controller
        geo = self.geometry()
        if c.mode == "setup":
            i = geo.palette_at(x, y, len(c.kinds))
            if i is not None:
                c.choose_kind(i)
                return
        if c.mode == "handover":
            c.say("Hand-over: BLACK presses Enter when white looks away.")
            return
        if self.analysis.click(c, x, y):  # the evaluation graph: review that turn
            return
        row = self.turns.row_at(x, y)
        if row is not None:  # the move list: review that turn
            if 0 <= row < len(self.turn_index) and self.turn_index[row] is not None:
                c.review_goto(self.turn_index[row] + 1)
            return
        cell = geo.cell_at(x, y)
        if cell is None:
            if any(p.contains(x, y) for p in (self.status, self.banner)):
                return
            c.error("That click is outside the board.")
            return
        c.click_cell(cell)

    def mouse_drag(self, *a):
        pass

    def mouse_release(self, *a):
        pass

    def scroll(self, x, y, sx, sy):
        if self.turns.row_at(x, y) is not None:
            self.controller.scroll_turns(int(sy))

    def motion(self, x, y):
        self.controller.hovered = self.geometry().cell_at(x, y)
        self.controller.cursor = None  # the mouse is back: the keyboard cursor goes
        self.analysis.hover(self.controller, x, y)

    def key(self, name, shift, ctrl):
        """The view's keys of the table (context ``app``: the analysis), then the controller's."""
        c = self.controller
        actions = analysis_actions(self.analysis, c)
        if c.key_table.dispatch(name, shift, ctrl, lambda ctx: ctx == "app", actions, only=("app",)):
            return True
        return c.key(name, shift=shift, ctrl=ctrl)

    def text(self, s):
        self.controller.text(s)

    def tick(self, dt):
        self.controller.tick(dt)
        analysis_tick(self.analysis, self.controller)

    # -- what changes without input (issue 16: the window's contract, as CubeApp) --------------
    def state_key(self) -> tuple:
        """What can change without input: the board, the hint marks, the glide (``_state_key``),
        the controller's live key (message, clock, the computer's counter, reply and hint) and the
        analysis (issue 19)."""
        return self._state_key() + self.controller.live_key() + (self.analysis.board.state_key(),)

    def animating(self) -> bool:
        """The computer's turn glides: the picture changes every tick."""
        return bool(self.controller.gliding())

    def frame_rate(self) -> float:
        return self.controller.live_frame_rate()

    def say(self, text, level="info"):
        self.controller.say(text, level)
