"""End to end: whole games played to a result through the window's own input handlers.

* Cube chess: the setup is finished with the quick-start key (Q), then every turn of the built-in
  sample game (:func:`engine.game.sample_game`: moves, captures, 3-D jumps, hyper-jumps, stack,
  split, hire-and-drop, promotion, ending with a king capture, C4) is entered with clicks at the
  pixel where the camera projects the target cell (pyglet's bottom-left origin) and with keys
  (Enter, PageUp/PageDown, Shift+PageUp/Down, Tab, S, T, P, B, Z/X for the focused plane, N/M for
  the higher-dimension slider).  After every turn the window's game position must equal the
  sample game's position at that ply; at the end the HUD shows the result.
* Spirit chess: the hidden setup (white places its 19 pieces from the palette, commits, the
  hand-over screen hides everything, black places while none of white's pieces is drawn or
  listed, commits), then every turn of :func:`engine.spirit.sample_spirit_game` by clicks
  (level-up piece, moving piece, path squares), checked after every turn; the result is shown.

No sleeps: time is injected with ``tick``.  Without GL the tests fail (never skip).
"""

from __future__ import annotations

import pytest
from click_points import shown_pixel

from engine import Drop, HyperJump, Jump, Promote, Split, Stack
from viewer.ui.words import result_words


@pytest.fixture
def cube_window(tmp_path, headless_window):
    """A headless pyglet window showing cube chess in its setup phase."""
    from viewer.cube.controller import CubeController

    return headless_window(CubeController(quick=False, autosave_path=tmp_path / "autosave.txt"), width=1024, height=700)


@pytest.fixture
def spirit_window(tmp_path, headless_window):
    """A headless pyglet window showing spirit chess in its hidden setup."""
    from viewer.spirit.controller import SpiritController

    sc = SpiritController(autosave_path=tmp_path / "spirit-auto.txt")
    return headless_window(None, spirit_controller=sc, start="spirit", width=1100, height=760)


# =========================================================================== cube chess
class CubeDriver:
    """Enters engine actions into the cube window with the mouse and the keyboard only."""

    def __init__(self, win):
        from pyglet.window import key as K

        self.win = win
        self.c = win.controller
        self.K = K

    def press(self, symbol, modifiers=0):
        self.win.on_key_press(symbol, modifiers)

    def show(self, coord):
        """Bring the board and plane of ``coord`` into view with the slider (N/M) and plane (Z/X) keys."""
        K, sl = self.K, self.c.view.slicing
        want = tuple(coord[3:])
        assert len(want) <= 1, "the sample game only uses the 4th dimension"
        for _ in range(10):  # the slider keys step the active dimension
            if sl.higher() == want or self.c.active_dim == 4:
                break
            self.press(K.TAB)
        for _ in range(40):
            if sl.higher() == want:
                break
            cur = sl.higher()[0] if sl.higher() else 1
            self.press(K.M if (want[0] if want else 1) > cur else K.N)
        assert sl.higher() == want
        for _ in range(20):
            if sl.focus_z == coord[2]:
                break
            self.press(K.X if coord[2] > sl.focus_z else K.Z)
        assert sl.focus_z == coord[2]

    def click(self, coord):
        """A left click (press + release) at the pixel where the camera projects ``coord``."""
        from pyglet.window import mouse

        win, c = self.win, self.c
        self.show(coord)
        px, py = shown_pixel(c, coord)  # on what the window draws there (its piece or floor)
        assert 0 <= px < win.width and 0 <= py < win.height, f"{coord} is off screen"
        x, y = px, win.height - py  # pyglet: origin bottom-left
        win.on_mouse_motion(x, y, 0, 0)
        win.on_mouse_press(x, y, mouse.LEFT, 0)
        win.on_mouse_release(x, y, mouse.LEFT, 0)
        assert c.hovered is not None and tuple(c.hovered) == tuple(coord), (coord, c.hovered)

    def choose(self, name):
        """Pick ``name`` in the open chooser with its digit key."""
        assert self.c.chooser is not None, self.c.message.text
        names = [v for _label, v in self.c.chooser.options]
        self.press(getattr(self.K, f"_{names.index(name) + 1}"))

    def hyperjump(self, at, to):
        K = self.K
        diff = [d + 1 for d in range(max(len(at), len(to))) if (at + (1,) * 9)[d] != (to + (1,) * 9)[d]]
        assert len(diff) == 1 and diff[0] >= 4, (at, to)
        dim = diff[0]
        for _ in range(10):
            if self.c.active_dim == dim:
                break
            self.press(K.TAB)
        assert self.c.active_dim == dim
        delta = (to + (1,) * 9)[dim - 1] - (at + (1,) * 9)[dim - 1]
        assert abs(delta) == 1
        self.press(K.PAGEUP if delta > 0 else K.PAGEDOWN, K.MOD_SHIFT)

    def play(self, turn):
        K, c = self.K, self.c
        if turn.origin is not None:
            self.click(turn.origin)
            assert c.builder is not None and c.builder.origin == turn.origin, c.message.text
        for action in turn.actions:
            before = len(c.builder.actions) if c.builder is not None else 0
            at = c.builder.at if c.builder is not None else None
            if isinstance(action, Jump):
                dz = action.to[2] - at[2]
                assert abs(dz) == 1 and action.to[:2] == at[:2]
                self.press(K.PAGEUP if dz > 0 else K.PAGEDOWN)
            elif isinstance(action, HyperJump):
                self.hyperjump(at, action.to)
            elif isinstance(action, Stack):
                self.press(K.S)
            elif isinstance(action, Split):
                self.press(K.T)
                stack = [v for _l, v in c.chooser.options]
                for name in action.take:
                    self.press(getattr(K, f"_{stack.index(name) + 1}"))
                self.press(K.ENTER)
            elif isinstance(action, Promote):
                self.press(K.P)
                self.choose(action.to)
            elif isinstance(action, Drop):
                self.press(K.B)
                self.choose(action.piece)
                assert c.drop_piece == action.piece, c.message.text
                self.click(action.to)
            else:  # Move, Capture
                self.click(action.to)
            assert c.builder is not None and len(c.builder.actions) == before + 1, c.message.text
            assert c.builder.actions[-1] == action, (c.builder.actions, action)
            self.win.draw_frame()
        self.press(K.ENTER)


def test_cube_sample_game_to_the_end(cube_window):
    from pyglet.window import key as K

    from engine.cube.game import sample_game

    win = cube_window
    c = win.controller
    sample = sample_game()
    assert c.mode == "setup"
    win.tick(0.5)
    win.draw_frame()
    win.on_key_press(K.Q, 0)  # quick start: the default arrangement
    assert c.mode == "play" and c.game.position == sample.positions[0]
    drive = CubeDriver(win)
    for ply, turn in enumerate(sample.turns):
        drive.play(turn)
        assert len(c.game.turns) == ply + 1, f"turn {ply + 1}: {c.message.text}"
        assert c.game.position == sample.positions[ply + 1], f"turn {ply + 1} ({sample.notation(ply)})"
        assert c.turn_list()[-1].endswith(sample.notation(ply))
        win.tick(0.1)
        win.draw_frame()
    res = sample.position.result
    assert c.mode == "over" and c.game.position.result == res
    win.draw_frame()
    shown = win.app.hud.turns.label.text + "\n" + win.app.hud.status.label.text
    assert f"{res.winner} wins ({result_words(res.reason)[0]})" in shown and "GAME OVER" in shown
    assert "Game over" in win.app.hud.message.label.text
    # a click after the end is explained, not a crash (a cell clear of the result banner)
    drive.click((8, 3, 1))
    assert c.message.level == "error" and "over" in c.message.text


# =========================================================================== spirit chess
def _white_pieces_drawn(win, squares) -> int:
    """How many of ``squares`` show a white piece: the window's shapes and its pixels.

    Scene: a shape filled with the white pieces' colour.  Pixels: a 3x3 patch left of the
    square's centre (inside every piece shape, clear of its letter) all of that colour (within
    a small tolerance for blending and sRGB)."""
    import numpy as np

    from viewer.spirit.view import SIDE_RGB

    frame = win.draw_frame().astype(int)
    geo = win.app.geometry()
    h = frame.shape[0]
    shapes = [d for d in win.app.dynamic if tuple(getattr(d, "color", ())[:3]) == SIDE_RGB["white"]]
    shown = 0
    for sq in squares:
        x, y = geo.center(sq)
        col, row = int(x - 0.27 * geo.cell), int(h - y)
        patch = frame[row - 1 : row + 2, col - 1 : col + 2]
        if (np.abs(patch - np.array(SIDE_RGB["white"])).max(axis=-1) <= 12).all():
            shown += 1
    assert shown <= len(shapes)
    return shown if shapes else 0


def spirit_click(win, sq):
    from pyglet.window import mouse

    x, y = win.app.geometry().center(sq)
    win.on_mouse_motion(x, y, 0, 0)
    win.on_mouse_press(x, y, mouse.LEFT, 0)
    win.on_mouse_release(x, y, mouse.LEFT, 0)


def place_by_hand(win, placements):
    from pyglet.window import mouse

    c = win.controller
    geo = win.app.geometry()
    for sq, kind in placements.items():
        px, py, pw, ph = geo.palette_rect(c.kinds.index(kind))
        win.on_mouse_press(px + pw / 2, py + ph / 2, mouse.LEFT, 0)
        assert c.place_kind == kind
        spirit_click(win, sq)
        assert c.visible_setup()[sq] == (kind, c.setup.side), c.message.text


def test_spirit_sample_game_hidden_setup_to_the_end(spirit_window):
    from pyglet.window import key as K

    from engine.spirit import sample_spirit_game

    win = spirit_window
    c = win.controller
    sample = sample_spirit_game()
    white, black = dict(sample.white), dict(sample.black)
    assert len(white) == len(black) == 19
    assert c.mode == "setup" and c.setup.side == "white"

    # white places its 19 pieces from the palette and commits
    place_by_hand(win, white)
    assert sum(c.remaining().values()) == 0
    assert _white_pieces_drawn(win, white) == 19  # white sees its own pieces
    win.on_key_press(K.ENTER, 0)

    # the hand-over screen hides everything
    assert c.mode == "handover" and c.board() == {}
    assert _white_pieces_drawn(win, white) == 0
    panels = win.app.panels()
    assert "look away" in panels["overlay"]
    listed = "\n".join(panels.values())
    assert not [sq for sq in white if f"({sq[0]},{sq[1]})" in listed]
    win.on_key_press(K.ENTER, 0)

    # black places while nothing of white's placement is drawn or listed
    assert c.mode == "setup" and c.setup.side == "black"
    for i, (sq, kind) in enumerate(black.items()):
        geo = win.app.geometry()
        px, py, pw, ph = geo.palette_rect(c.kinds.index(kind))
        win.on_mouse_press(px + pw / 2, py + ph / 2, 1, 0)
        spirit_click(win, sq)
        shown = c.board()
        assert all(side == "black" for _k, side, _l in shown.values())
        assert not set(shown) & set(white)
        if i in (0, 18):
            assert _white_pieces_drawn(win, white) == 0
            listed = "\n".join(win.app.panels().values())
            assert not [sq for sq in white if f"({sq[0]},{sq[1]})" in listed]
    assert sum(c.remaining().values()) == 0
    win.on_key_press(K.ENTER, 0)
    assert c.mode == "play"
    assert c.game.position == sample.positions[0]
    assert _white_pieces_drawn(win, white) == 19  # both placements revealed

    # every turn of the sample game by clicks: level-up, piece to move, path squares
    for ply, turn in enumerate(sample.turns):
        spirit_click(win, turn.levelup)
        assert c.levelup == turn.levelup, c.message.text
        spirit_click(win, turn.origin)
        assert c.origin == turn.origin, c.message.text
        assert turn.path[-1] in c.targets()["ends"]
        for sq in turn.path:
            spirit_click(win, sq)
        if len(c.game.turns) == ply:  # a piece without a fixed step count: Enter
            win.on_key_press(K.ENTER, 0)
        assert len(c.game.turns) == ply + 1, f"turn {ply + 1}: {c.message.text}"
        assert c.game.position == sample.positions[ply + 1], f"turn {ply + 1}"
        win.tick(0.1)
        win.draw_frame()
    res = sample.result
    assert c.mode == "over" and c.game.result == res
    win.draw_frame()
    panels = win.app.panels()
    assert f"GAME OVER: {res.winner} wins ({result_words(res.reason)[0]})" in panels["status"]
    assert "Game over" in panels["message"]
    assert win.app.status.label.text == panels["status"]  # what the window shows
    spirit_click(win, (10, 10))
    assert c.message.level == "error" and "over" in c.message.text


# =========================================================================== spirit: disciple transform (S8)
def _transform_ready(c):
    """White to move; its disciple on (8,4) is level 2 (3 once raised) and one white elder is lost."""
    from engine.spirit import SpiritPiece, SpiritPosition

    start = c.game.position
    pieces = dict(start.pieces)
    assert pieces[(8, 4)].type == "disciple" and pieces[(9, 1)].type == "elder"
    pieces[(8, 4)] = SpiritPiece("disciple", "white", 2)
    del pieces[(9, 1)]
    c.game.positions[:] = [SpiritPosition(c.rules, "white", pieces, start.start_counts)]
    c._clear_turn()


def test_spirit_transform_through_the_window(spirit_window, tmp_path):
    from pyglet.window import key as K

    from engine.spirit import SpiritTransform
    from viewer.ui.bindings import SPIRIT_BINDINGS

    win = spirit_window
    c = win.controller
    win.on_key_press(K.Q, 0)  # quick start
    _transform_ready(c)
    spirit_click(win, (8, 4))  # raise the disciple to level 3
    win.on_key_press(K.X, 0)  # too early: explained
    assert c.message.level == "error" and "after the move" in c.message.text and c.chooser is None
    spirit_click(win, (8, 4))  # move it ...
    spirit_click(win, (8, 5))  # ... one step: the turn waits for the transform choice
    assert c.game.turns == [] and c.path == [(8, 5)]
    assert "X" in c.message.text and "X: transform" in win.app.panels()["status"]
    win.on_key_press(K.X, 0)
    assert [t for _l, t in c.chooser] == [SpiritTransform((8, 5), "elder")]
    win.draw_frame()
    assert "TRANSFORM" in win.app.panels()["overlay"] and "-> elder" in win.app.overlay.label.text
    spirit_click(win, (10, 10))  # a click while the list is open is explained
    assert c.message.level == "error" and c.chooser is not None
    win.on_key_press(K.ESCAPE, 0)  # closes the list, the turn stays
    assert c.chooser is None and c.path == [(8, 5)] and c.game.turns == []
    win.on_key_press(K.X, 0)
    win.on_key_press(K._1, 0)
    assert len(c.game.turns) == 1, c.message.text
    turn = c.game.turns[0]
    assert turn.transform == SpiritTransform((8, 5), "elder")
    p = c.game.position.pieces[(8, 5)]
    assert (p.type, p.side, p.level) == ("elder", "white", 3)
    assert c.turn_list()[-1].endswith("=elder(8,5)") and c.chooser is None
    win.draw_frame()
    # the record keeps the transform (the doctored start position itself is not a record's placement)
    c.save(tmp_path / "tr.txt")
    assert "=elder(8,5)" in (tmp_path / "tr.txt").read_text(encoding="utf-8")
    # the help lists the key
    assert any(k.startswith("X") and "transform" in v for k, v in SPIRIT_BINDINGS)
    win.on_key_press(K.H, 0)
    assert "transform (S8)" in win.app.panels()["overlay"]


def test_spirit_transform_refused_with_reasons_and_optional():
    from engine.spirit import legal_paths
    from viewer.spirit.controller import SpiritController

    c = SpiritController(quick=True)
    # no disciple of level 3: the protector (unlimited at level 3) waits for Enter; X says why not
    c.click_cell((9, 4))
    c.click_cell((9, 4))
    assert (8, 5) in legal_paths(c.game.position, (9, 4), (9, 4))
    c.click_cell((8, 5))
    assert c.game.turns == [] and c.transform_options() == []
    assert not c.open_transform()
    assert c.message.level == "error" and "No transform is allowed" in c.message.text and "level 3" in c.message.text
    assert "S8" in c.message.detail
    c.key("enter")
    assert len(c.game.turns) == 1 and c.game.turns[0].transform is None
    c.undo_turn()
    # every kind still at its starting count: the reason says so
    from engine.spirit import SpiritPiece, SpiritPosition

    start = c.game.position
    pieces = dict(start.pieces)
    pieces[(8, 4)] = SpiritPiece("disciple", "white", 3)
    c.game.positions[:] = [SpiritPosition(c.rules, "white", pieces, start.start_counts)]
    c._clear_turn()
    c.click_cell((9, 4))
    c.click_cell((9, 4))
    c.click_cell((8, 5))
    assert not c.open_transform() and "starting count" in c.message.text
    c.cancel()
    # a transform is optional: Enter plays the waiting turn without one (and from the open list too)
    _transform_ready(c)
    c.click_cell((8, 4))
    c.click_cell((8, 4))
    c.click_cell((8, 5))
    assert c.game.turns == [] and c.transform_options()
    c.key("x")
    assert c.chooser is not None
    c.key("enter")
    assert len(c.game.turns) == 1 and c.game.turns[0].transform is None
    assert c.game.position.pieces[(8, 5)].type == "disciple" and c.chooser is None
