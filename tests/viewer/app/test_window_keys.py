"""The window's and the game views' keys come from the same key table as the controllers'
(viewer.ui.bindings): each action the table names for them is what they do, and no other."""

from __future__ import annotations

from viewer.cube.controller import CubeController
from viewer.spirit.controller import SpiritController
from viewer.ui.bindings import WINDOW_KEYS


def test_the_window_and_each_view_do_exactly_the_actions_of_their_table_contexts(headless_window):
    from viewer.ui.analysis_view import analysis_actions

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    s = SpiritController(quick=True)
    win = headless_window(c, spirit_controller=s, width=960, height=600)
    from pyglet.window import key as K

    assert set(win.key_actions()) == WINDOW_KEYS.actions()
    cube_app = win.app
    assert {"app.statistics", *analysis_actions(cube_app.analysis, c)} == c.key_table.actions(["app"])
    win.on_key_press(K.F2, 0)  # F2: the window's table switches to spirit chess
    assert win.app.controller is s
    assert set(analysis_actions(win.app.analysis, s)) == s.key_table.actions(["app"])


def test_k_toggles_the_statistics_but_passes_on_while_a_prompt_is_open(headless_window):
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    win = headless_window(c, width=960, height=600)
    from pyglet.window import key as K

    shown = win.app.hud.show_stats
    win.on_key_press(K.K, 0)
    assert win.app.hud.show_stats is not shown and "Statistics" in c.message.text
    win.on_key_press(K.O, K.MOD_CTRL)  # the load prompt takes the K as text
    win.on_text("k")
    win.on_key_press(K.K, 0)
    assert win.app.hud.show_stats is not shown and c.prompt is not None and c.prompt.text.endswith("k")
