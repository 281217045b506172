"""The position editor in the window (``daqi edit [FILE]``; Ctrl+E in a game opens it on the position shown).

:class:`EditorSession` shows an :mod:`engine.editor` draft through the game's own controller, so
the sliders, the board overview (V), the planes and the keyboard cursor navigate exactly as in
play; a click (or Space on the cursor's cell) puts the chosen piece there instead of selecting.
The engine checks the draft after every edit and the panel says what is wrong in words.

Keys (also listed on the panel):

* 1-9 choose the piece, Tab the side of the pieces you put; left click / Space puts one (on a
  piece of the same side: stacks it), right click / Delete takes the top piece off;
* Ctrl+E empties the shown board; F switches the fill (default arrangement and crowded pawns, or
  nothing); F3 the side to move; + / - the score of the chosen side (Shift: 10 at a time),
  C / Shift+C a credit of the chosen piece; spirit chess: + / - the level of the piece last put;
* Ctrl+C copies the position as text, Ctrl+V pastes one, Ctrl+S saves it (a position file is a
  record without turns: ``daqi play --load`` and ``daqi snapshot`` read it);
* A analyses: the computer's best turn for the side to move, shown as a hint;
* Enter plays from here (two people), P plays from here against the computer; F8 leaves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from engine import DaqiError
from engine.core.files import atomic_write_text
from engine.cube.position import Position
from engine.editor import CubeDraft, SpiritDraft

from ..ui.control_common import default_autosave_path
from ..ui.panels import SANS, TEXT, Panel
from .session_view import controller_for, game_from, panel_top, panel_width, show_controller

OK_COLOR = (150, 235, 140, 255)
BAD_COLOR = (255, 160, 120, 255)


def default_position_path() -> Path:
    return default_autosave_path().parent / "position.txt"


def read_position_file(path) -> CubeDraft | SpiritDraft:
    """A draft from the position a position (or record) file the user named begins from."""
    from engine.core.games import load_record
    from engine.editor import draft_for

    return draft_for(load_record(path).positions[0])


class EditorSession:
    """The editor over a draft; the window calls ``key``, ``mouse_press``, ``tick`` and ``draw``."""

    modal = False

    def __init__(self, draft: CubeDraft | SpiritDraft | None = None, path: Path | None = None):
        self.draft = draft if draft is not None else CubeDraft()
        self.path = Path(path) if path is not None else default_position_path()
        self.kinds = list(self.draft.rules.pieces)
        self.piece = next((k for k in self.kinds if k in ("rook", "master")), self.kinds[0])
        self.side = "white"
        self.last: tuple | None = None  # the cell last put on
        self.remove_next = False
        self.window: Any = None  # the DaqiWindow showing the editor
        self.controller: Any = None  # the draft's controller (a viewer.ui.protocols.GameController)
        self.panel: Panel | None = None
        self.clipboard = ""  # where Ctrl+C copies when the window has no clipboard
        self.played: Any = None  # the game "play from here" started (its controller)

    # ------------------------------------------------------------------ showing the draft
    def attach(self, window) -> None:
        self.window = window
        self.install()

    def install(self) -> None:
        """Show the draft through a controller (a new one the first time, the same one after)."""
        game = game_from(self.draft.position())
        if self.controller is None:
            c = controller_for(game)
            c.click_cell = self.edit_cell  # a click or Space on the cursor edits instead of playing
            self.controller = c
            if self.window is not None:
                self._install_app(c)
        else:
            self.controller._start_game(game)

    def _install_app(self, c) -> None:
        show_controller(self.window, self.draft.game, c, f"Daqi - position editor ({self.draft.game} chess)")

    def _edited(self, words: str) -> None:
        self.install()
        bad = self.draft.problems()
        if bad:
            self.controller.error(
                f"{words}. Not playable yet: {bad[0]}" + (f" (+{len(bad) - 1} more)" if len(bad) > 1 else "")
            )
        else:
            self.controller.say(f"{words}. The position is legal.", "ok")

    # ------------------------------------------------------------------ edits
    def edit_cell(self, coord) -> None:
        """A click on ``coord`` (mouse or the keyboard cursor's Space): put, or take off."""
        remove, self.remove_next = self.remove_next, False
        try:
            if remove:
                words = self.draft.remove(coord)
            else:
                words = self.draft.put(coord, self.piece, self.side)
                self.last = tuple(coord)
        except DaqiError as exc:
            self.controller.error(f"Cannot: {exc}")
            return
        self._edited(words[0].upper() + words[1:])

    def remove_at(self, coord) -> None:
        self.remove_next = True
        self.edit_cell(coord)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self.kinds):
            self.piece = self.kinds[index]
            self.controller.say(f"Putting {self.side} {self.piece}s (Tab: the other side).")

    def shown_board(self) -> tuple:
        c = self.controller
        slicing = getattr(getattr(c, "view", None), "slicing", None)  # boards of higher dimensions
        return tuple(slicing.higher()) if slicing is not None else ()

    def command(self, name: str, shift: bool = False) -> bool:
        d, c = self.draft, self.controller
        try:
            if name == "tab":
                self.side = "black" if self.side == "white" else "white"
                c.say(f"Putting {self.side} {self.piece}s.")
            elif name.isdigit() and name != "0":
                self.choose(int(name) - 1)
            elif name == "clear":
                n = d.clear_board(self.shown_board())
                self._edited(f"Emptied the shown board ({n} cells)")
            elif name == "f" and hasattr(d, "set_fill"):
                assert isinstance(d, CubeDraft)  # only cube chess has a fill
                d.set_fill("empty" if d.spec.fill == "default" else "default")
                self._edited(f"The fill is now '{d.spec.fill}'")
            elif name == "f3":
                side = "black" if d.position().to_move == "white" else "white"
                d.set_to_move(side)
                self._edited(f"{side} to move")
            elif name in ("+", "=", "-"):
                step = (10 if shift else 1) * (-1 if name == "-" else 1)
                if hasattr(d, "set_score"):
                    assert isinstance(d, CubeDraft)  # only cube chess has scores
                    d.set_score(self.side, d.position().scores[self.side] + step)
                    self._edited(f"{self.side}'s score {d.position().scores[self.side]}")
                elif self.last is not None and self.last in d.pieces:
                    d.set_level(self.last, max(0, d.pieces[self.last].level + step))
                    self._edited(f"level {d.pieces[self.last].level} on {self.last}")
                else:
                    c.error("Put a piece first: + / - change the level of the piece last put.")
            elif name == "c" and hasattr(d, "set_credit"):
                assert isinstance(d, CubeDraft)  # only cube chess has credits
                have = d.position().credits[self.side].get(self.piece, 0)
                d.set_credit(self.side, self.piece, max(0, have + (-1 if shift else 1)))
                self._edited(
                    f"{self.side} holds {d.position().credits[self.side].get(self.piece, 0)} {self.piece} credits"
                )
            elif name == "delete":
                at = c.cursor_coord() if hasattr(c, "cursor_coord") else None
                if at is None:
                    c.error("Right-click a cell (or move the cursor with the arrows) to take its top piece off.")
                else:
                    self.remove_at(at)
            elif name == "enter":
                self.play_from_here(vs_computer=False)
            elif name == "p":
                self.play_from_here(vs_computer=True)
            elif name == "a":
                self.analyse()
            elif name == "f8":
                self.leave()
            else:
                return False
        except DaqiError as exc:
            c.error(f"Cannot: {exc}")
        return True

    # ------------------------------------------------------------------ text, files, play
    def copy_text(self) -> str:
        text = self.draft.text()
        self.clipboard = text
        if self.window is not None and hasattr(self.window, "set_clipboard_text"):
            try:
                self.window.set_clipboard_text(text)
            except Exception:  # noqa: BLE001 - no clipboard: the text stays in the session
                pass
        self.controller.say(f"Copied the position as text ({len(text.splitlines())} lines).", "ok")
        return text

    def paste_text(self, text: str | None = None) -> bool:
        if text is None:
            text = self.clipboard
            if self.window is not None and hasattr(self.window, "get_clipboard_text"):
                try:
                    text = self.window.get_clipboard_text() or text
                except Exception:  # noqa: BLE001
                    pass
        try:
            draft = type(self.draft).from_text(text)
        except DaqiError as exc:
            self.controller.error(f"The pasted text is not a position: {exc}")
            return False
        self.draft = draft
        self._edited("Pasted a position")
        return True

    def save(self, path=None) -> Path:
        path = Path(path) if path is not None else self.path
        out = atomic_write_text(path, self.draft.text())
        self.controller.say(f"Saved the position to {out}.", "ok")
        return out

    def play_from_here(self, vs_computer: bool = False, level: int = 1):
        """Leave the editor for a game that begins from the draft (refused while it has problems)."""
        try:
            game = self.draft.game_from_here()
        except DaqiError as exc:
            self.controller.error(str(exc))
            return None
        c = controller_for(game)
        if vs_computer:
            side = "black" if game.position.to_move == "white" else "white"
            c.set_computer([side], level=level, seed=0)
        self.played = c
        win, self.window = self.window, None
        if win is not None:
            win.tutorial = None
            self.controller = c
            show_controller(win, self.draft.game, c, "Daqi - playing from an edited position")
        who = "against the computer" if vs_computer else "for two"
        c.say(f"Playing from the edited position, {who}. Ctrl+S saves the game (its record begins here).", "ok")
        return c

    def analyse(self) -> None:
        """A: the computer's best turn for the side to move, shown on the board (off the UI thread,
        as a hint is in play)."""
        bad = self.draft.problems()
        if bad:
            self.controller.error(f"Nothing to analyse yet: {bad[0]}")
            return
        self.controller.request_hint()

    def leave(self) -> None:
        win, self.window = self.window, None
        if win is not None:
            win.tutorial = None
            self.controller.say("Editor closed.")

    # ------------------------------------------------------------------ window hooks
    def key(self, window, name: str, shift: bool = False, ctrl: bool = False) -> bool:
        c = self.controller
        if c is None or getattr(c, "prompt", None) is not None:
            return False
        if ctrl:
            if name == "e":
                return self.command("clear")
            if name == "c":
                self.copy_text()
            elif name == "v":
                self.paste_text()
            elif name == "s":
                self.save()
            else:
                return name in ("n", "o", "z", "y")  # no game commands inside the editor
            return True
        return self.command(name, shift)

    def mouse_press(self, window, x, y, button=None) -> bool:
        from pyglet.window import mouse

        if button == mouse.RIGHT:
            self.remove_next = True
            window.app.mouse_press(x, y, mouse.LEFT, 0)  # the game's own picking, then edit_cell
            self.remove_next = False
            return True
        return False

    def tick(self, window, dt: float) -> None:
        return None

    def draw(self, window) -> None:
        if self.panel is None:
            import pyglet

            self.batch = pyglet.graphics.Batch()
            g0, g1 = pyglet.graphics.Group(order=10), pyglet.graphics.Group(order=11)
            self.panel = Panel(self.batch, (g0, g1), font=SANS, size=11, anchor="top-right", width=380)
        bad = self.draft.problems()
        width = panel_width(window)
        if self.panel.label.width != width:
            self.panel.label.width = width
        self.panel.set(panel_text(self), window.width - 14, panel_top(window), BAD_COLOR if bad else TEXT)
        self.batch.draw()


def panel_text(s: EditorSession) -> str:
    d = s.draft
    pos = d.position()
    keys = [f"{i + 1} {k}" for i, k in enumerate(s.kinds[:9])]
    per = 4 if len(s.kinds) > 7 else 3
    rows = ["   ".join(keys[i : i + per]) for i in range(0, len(keys), per)]
    lines = [f"POSITION EDITOR  ·  {d.game} chess", "", f"putting: {s.side} {s.piece}   (Tab: side)", *rows, ""]
    if hasattr(pos, "scores"):  # cube chess: the fill, scores and credits
        pos = cast(Position, pos)  # for the type checker: only cube chess has scores (no game branch)
        lines.append(f"{pos.to_move} to move  ·  fill {pos.fill}")
        lines.append(f"score white {pos.scores['white']}, black {pos.scores['black']}")
        cr = [f"{side} {k} {n}" for side in ("white", "black") for k, n in sorted(pos.credits[side].items())]
        if cr:
            lines.append("credits: " + ", ".join(cr))
    else:
        lines.append(f"{pos.to_move} to move  ·  {len(pos.pieces)} pieces")
    bad = d.problems()
    lines += ["", "Legal: ready to play (Enter, P vs computer)." if not bad else "NOT PLAYABLE YET:"]
    lines += [f" - {b}" for b in bad[:6]] + ([f"   ... {len(bad) - 6} more"] if len(bad) > 6 else [])
    lines += [
        "",
        "click / Space put · right click / Del take off",
        "Ctrl+E empty board · F3 to move · A analyse",
        ("F fill · C credit · +/- score" if hasattr(d, "set_fill") else "+/- level of the piece last put"),
        "Ctrl+C / Ctrl+V copy / paste · Ctrl+S save",
        "Enter play · P vs computer · F8 leave",
    ]
    return "\n".join(lines)


def open_editor(window) -> EditorSession | None:
    """Ctrl+E in a game: the editor, starting from the position the window shows."""
    from engine.editor import draft_for

    c = window.controller
    try:
        game = getattr(c, "game", None)
        draft = draft_for(game.position if game is not None else c.position)
    except DaqiError as exc:
        c.error(f"Cannot edit this position: {exc}")
        return None
    session = EditorSession(draft)
    window.tutorial = session
    session.attach(window)
    session.controller.say(
        "The position editor: 1-9 choose a piece, click puts it, right click takes it off, F8 leaves."
    )
    return session
