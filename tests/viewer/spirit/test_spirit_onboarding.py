"""Spirit chess for newcomers (issue 16, item 6)."""

from __future__ import annotations

from viewer.spirit.controller import SpiritController
from viewer.ui.computer import InlineExecutor


def test_spirit_against_the_computer_shows_no_hand_over_screen():
    sc = SpiritController(autosave_path=None)
    sc.set_computer(["black"], level=0, seed=1, executor=InlineExecutor())
    assert sc.mode == "setup"
    sc.key("d")
    sc.key("enter")  # white commits: no "look away" screen, black's setup is the computer's
    assert sc.mode != "handover" and "look away" not in sc.message.text
    sc.tick(0.1)
    assert sc.mode == "play"


def test_a_raised_piece_badge_shows_its_new_level(headless_window, monkeypatch):
    sc = SpiritController(quick=True, autosave_path=None)
    win = headless_window(None, spirit_controller=sc, start="spirit", width=900, height=700)
    import viewer.spirit.view as spirit_view

    view = win.app
    sq, (_k, _s, level) = next((q, v) for q, v in sc.board().items() if v[0] == "elder" and v[1] == "white")
    badges = []
    real = spirit_view.add_spirit_piece

    def spy(pyglet, add, spec, side, x, y, r, lv, eff, **kw):
        badges.append((lv, eff))
        return real(pyglet, add, spec, side, x, y, r, lv, eff, **kw)

    monkeypatch.setattr(spirit_view, "add_spirit_piece", spy)
    view._key = None
    view._rebuild()
    before = sorted(badges)
    eff = sc.effective(sq)
    sc.click_cell(sq)  # raise the elder one level
    assert sc.levelup == sq
    badges.clear()
    view._key = None
    view._rebuild()
    assert sorted(badges) != before and (level + 1, eff + 1) in badges and (level + 1, eff) not in badges
