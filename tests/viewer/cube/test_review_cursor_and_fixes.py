"""Cube chess in the viewer, issue 13: review, the cell cursor, the typed-move box and bugs 2, 4,
5, 7 and 8 (GL-free: the controller and the HUD model)."""

from __future__ import annotations

import pytest

from engine import Game, sample_game
from viewer.cube.controller import CubeController
from viewer.cube.cursor import screen_step
from viewer.cube.hud import OBSERVE_CHARS, hud_text
from viewer.cube.scene import COLUMN_PAD, pile_height


@pytest.fixture
def ctl(tmp_path):
    return CubeController(game=sample_game(), autosave_path=tmp_path / "autosave.txt", save_path=tmp_path / "g.txt")


# ------------------------------------------------------------------ review
def test_review_steps_through_the_game_without_undoing(ctl):
    n = len(ctl.game.turns)
    final = ctl.game.position
    ctl.key("left", ctrl=True)
    assert ctl.reviewing and ctl.review.ply == n - 1
    assert ctl.position is ctl.game.positions[n - 1]
    ctl.key("left")
    ctl.key("left")
    assert ctl.review.ply == n - 3 and ctl.position is ctl.game.positions[n - 3]
    ctl.key("home")
    assert ctl.review.ply == 0 and ctl.view.highlights.last_to is None
    ctl.key("right")
    assert ctl.view.highlights.last_from == ctl.game.turns[0].origin
    ctl.key("end")
    assert ctl.review.ply == n
    ctl.key("escape")
    assert not ctl.reviewing
    assert len(ctl.game.turns) == n and ctl.game.position is final


def test_review_moves_the_plane_and_the_sliders_with_each_turn(ctl):
    g = ctl.game
    hyper = next(i for i, t in enumerate(g.turns) if any(a.kind == "hyperjump" for a in t.actions))
    ctl.review_goto(hyper + 1)
    end = ctl.view.highlights.last_to
    assert len(end) > 3
    assert ctl.view.slicing.higher() == tuple(end[3:])
    assert ctl.view.slicing.focus_z == end[2]
    ctl.review_goto(0)
    assert ctl.view.slicing.markers == {d: list(g.positions[0].indices_used(d)) for d in ctl.view.slicing.dims()}


def test_clicks_while_reviewing_change_nothing(ctl):
    ctl.key("left", ctrl=True)
    before = ctl.review.ply
    ctl.click_cell((9, 3, 1))
    assert ctl.builder is None and ctl.review.ply == before and "Reviewing" in ctl.message.text


def test_play_from_here_branches_and_keeps_the_old_line(ctl):
    full = ctl.game
    n = len(full.turns)
    ctl.review_goto(4)
    ctl.key("enter")
    assert not ctl.reviewing and len(ctl.game.turns) == 4 and ctl.game is not full
    assert len(full.turns) == n  # the old line is intact
    assert "kept" in ctl.message.text
    ctl.key("l", ctrl=True)
    assert ctl.game is full
    ctl.key("l", ctrl=True)
    assert len(ctl.game.turns) == 4
    ctl.key("y", ctrl=True)  # the old line's next turn can be replayed
    assert ctl.game.turns == full.turns[:5]


def test_review_of_a_game_in_progress_then_play_on(tmp_path):
    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt")
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    c.key("enter")
    c.key("left", ctrl=True)
    assert c.review.ply == 0
    c.key("escape")
    c.click_cell((9, 14, 1))
    c.click_cell((9, 13, 1))
    c.key("enter")
    assert len(c.game.turns) == 2


def test_rematch_restarts_with_the_same_arrangement(ctl):
    choices = ctl.game.choices
    ctl.key("r", ctrl=True)
    assert ctl.game.turns == [] and ctl.game.choices == choices and ctl.mode == "play"


def test_the_turn_list_is_windowed_around_the_reviewed_turn():
    g = sample_game()
    c = CubeController(game=g)
    c.review_goto(2)
    t = hud_text(c, turn_rows_max=8)
    lines = t["turns"].split("\n")
    assert any(line.startswith(">  2 black  P(8,14,1)-(8,13,1)") for line in lines)
    assert "later" in t["turns"] and len(lines) <= 8 + 2  # + the result lines
    row = next(i for i, line in enumerate(lines) if line.startswith("> "))
    assert t["turn_index"][row] == 1  # that row is the second turn (index 1)


def test_game_over_banner_offers_review_new_game_and_rematch(ctl):
    t = hud_text(ctl)
    assert "WHITE WINS" in t["banner"] and "Ctrl+R: rematch" in t["banner"]
    ctl.key("left", ctrl=True)
    assert hud_text(ctl)["banner"] == ""


# ------------------------------------------------------------------ the cell cursor and the typed box
def test_screen_step_follows_the_camera():
    assert screen_step(0.0, "up") == (0, 1) and screen_step(0.0, "right") == (1, 0)
    assert screen_step(180.0, "up") == (0, -1) and screen_step(180.0, "left") == (1, 0)
    assert screen_step(90.0, "up") in ((1, 0), (-1, 0))


def test_arrow_keys_move_a_cursor_and_space_clicks_its_cell():
    c = CubeController(quick=True)
    yaw = c.view.camera.yaw
    c.key("up")
    assert c.cursor == (8, 3) and c.hovered == (8, 3, 1)
    assert c.view.camera.yaw == yaw  # the arrows no longer orbit
    c.key("right")
    assert c.cursor == (9, 3)
    c.key("space")
    assert c.builder is not None and c.builder.origin == (9, 3, 1)
    c.key("up")
    c.key("space")
    assert c.builder.actions and c.builder.at == (9, 4, 1)
    c.key("enter")
    assert len(c.game.turns) == 1 and c.game.position.to_move == "black"
    c.key("escape")
    assert c.cursor is None
    c.key("left", shift=True)
    assert c.view.camera.yaw != yaw  # Shift+arrows orbit


def test_cursor_plane_keys_and_setup_slots():
    c = CubeController(quick=False, offer_resume=False)
    c.key("enter")  # black's part: the cursor starts on its first slot
    c.key("up")
    slot = c.setup_squares()[0]
    assert c.cursor_coord() == slot
    before = list(c.setup_draft)
    c.key("space")
    assert c.setup_draft[0] != before[0]  # Space cycles the slot under the cursor
    c.key("x")
    assert c.view.slicing.focus_z == 2 and c.hovered == slot[:2] + (2,)


def test_typed_move_box_plays_a_turn_in_the_notation():
    c = CubeController(quick=True)
    c.key("/")
    assert c.prompt is not None and c.prompt.kind == "move"
    c.text("/P(9,3,1)-(9,4,1)")  # the key's own "/" is dropped
    assert c.prompt.text == "P(9,3,1)-(9,4,1)"
    c.key("enter")
    assert c.prompt is None
    assert c.game.notation(0) == "P(9,3,1)-(9,4,1)"
    assert c.message.level == "ok" and "White played" in c.message.text and "Black to move." in c.message.text


def test_typed_move_box_explains_and_keeps_the_text():
    c = CubeController(quick=True)
    c.key("f3")
    c.text("P(9,3,1)-(9,9,1)")
    c.key("enter")
    assert c.message.level == "error" and "Not allowed" in c.message.text
    assert c.prompt is not None and c.prompt.text == "P(9,3,1)-(9,9,1)"
    c.key("u", ctrl=True)
    c.text("P(9,3,1")
    c.key("enter")
    assert "Could not read" in c.message.text and c.prompt.text == "P(9,3,1"
    assert c.game.turns == []


# ------------------------------------------------------------------ bugs
def test_bug2_setup_minute_waits_while_help_is_open():
    c = CubeController(quick=False, offer_resume=False)
    c.key("h")
    c.tick(90.0)
    assert c.setup.part == 0 and c.setup_elapsed == 0.0
    c.key("h")
    c.tick(30.0)
    assert c.setup_remaining == pytest.approx(30.0)


def test_bug2_timeout_warns_first_and_names_the_dropped_edits():
    c = CubeController(quick=False, offer_resume=False)
    c.setup_cycle(0)
    edited = list(c.setup_draft)
    c.tick(51.0)
    assert c.message.level == "error" and "10 seconds left" in c.message.text
    c.tick(10.0)
    assert c.setup.to_choose == "black"
    assert "C26" in c.message.detail and ", ".join(edited) in c.message.text
    assert list(c.setup.choices["white"][0]) == list(c.rules.setup["default_parts"][0])


def test_bug4_new_game_clears_frames_markers_and_slider_range(ctl):
    ctl.review_goto(len(ctl.game.turns))
    ctl.key("escape")
    ctl.view.slicing.set_index(4, 3)
    assert ctl.view.highlights.last_to is not None
    ctl.key("n", ctrl=True)
    sl = ctl.view.slicing
    assert ctl.view.highlights.last_from is None and ctl.view.highlights.last_to is None
    assert sl.higher() == () and sl.markers == {4: []} and sl.slider_range(4) == (1, 2)
    assert not ctl.reviewing


def framed(c, width=1280, height=800):
    """The camera as the window frames it (CubeApp.frame_camera)."""
    cam = c.view.camera
    cam.resize(width, height)
    lo, hi = c.view.layout(c.rules).bounds()
    hi = hi.copy()
    hi[2] = lo[2] + 3.0
    cam.frame(lo, hi)
    return cam


def test_bug5_the_top_of_a_raised_slot_box_is_clickable():
    c = CubeController(quick=False, offer_resume=False)
    c.key("enter")  # white's part 1: now black's back rank
    assert c.setup.to_choose == "black"
    cam = framed(c)
    slot = c.setup_squares()[0]
    h = pile_height(c.position.cell(slot)) + COLUMN_PAD
    corner = c.view.layout(c.rules).cell_corner(*slot)
    px, py = cam.project(corner + [0.5, 0.5, h * 0.95])
    assert c.pick(px, py) != slot  # the floor pick misses it (the bug)
    before = list(c.setup_draft)
    c.click(px, py)
    assert c.message.level != "error", c.message.text
    assert c.setup_draft != before and c.setup_draft[0] != before[0]


def test_bug5_a_target_floor_still_wins_over_a_box_in_front():
    c = CubeController(quick=True)
    cam = framed(c)
    c.click_cell((9, 3, 1))
    target = (9, 4, 1)
    px, py = cam.project(c.view.layout(c.rules).cell_center(*target))
    c.click(px, py)
    assert c.builder.actions and c.builder.at == target


def test_bug7_observation_panel_never_grows_past_its_rows():
    c = CubeController(game=sample_game())
    c.hovered = (5, 15, 1)
    c.observe = 2
    full = hud_text(c, observe_rows=99)["observe"].split("\n")
    cut = hud_text(c, observe_rows=10)["observe"].split("\n")
    assert len(full) > 10 and len(cut) == 10 and "more lines" in cut[-1]
    assert all(len(line) <= OBSERVE_CHARS for line in full)


def test_bug8_prompt_ctrl_u_clears_and_ctrl_a_selects(tmp_path):
    c = CubeController(quick=True, save_path=tmp_path / "daqi-game.txt")
    c.key("s", ctrl=True)
    assert c.prompt.text.endswith("daqi-game.txt")
    c.key("u", ctrl=True)
    assert c.prompt.text == ""
    c.text("abc")
    c.key("a", ctrl=True)
    c.text("x.txt")
    assert c.prompt.text == "x.txt"
    c.key("a", ctrl=True)
    c.key("backspace")
    assert c.prompt.text == ""


def test_bug8_load_error_names_the_path_once(tmp_path):
    c = CubeController(quick=True)
    missing = tmp_path / "nope.txt"
    c.key("o", ctrl=True)
    c.key("u", ctrl=True)
    c.text(str(missing))
    c.key("enter")
    assert c.message.level == "error"
    assert c.message.text.count(str(missing)) == 1 and "no such record file" in c.message.text


def test_branch_then_save_and_load_gives_the_branch(tmp_path):
    c = CubeController(game=sample_game(), save_path=tmp_path / "g.txt")
    c.review_goto(3)
    c.key("enter")
    assert c.save(tmp_path / "b.txt")
    assert len(Game.load(tmp_path / "b.txt").turns) == 3


def test_a_help_taller_than_the_window_is_paged():
    from viewer.ui.bindings import BINDINGS

    c = CubeController(quick=True)
    c.key("h")
    first = hud_text(c, overlay_rows=20)["overlay"]
    assert "page 1 of" in first
    count = int(first.split("page 1 of ", 1)[1].split(":", 1)[0])
    pages = []
    for _ in range(count):
        pages.append(hud_text(c, overlay_rows=20)["overlay"])
        c.key("pagedown")
    assert pages[0] != pages[1]
    assert all(len(p.split("\n")) <= 20 for p in pages)
    shown = "\n".join(pages)
    for keys, _what in BINDINGS:
        assert keys in shown
    assert c.help_visible  # paging keys do not reach the game
    c.key("pageup")
    c.key("escape")
    assert not c.help_visible and c.builder is None


def test_bug8_the_prompt_shows_its_keys_and_the_selection(tmp_path):
    c = CubeController(quick=True, save_path=tmp_path / "daqi-game.txt")
    c.key("s", ctrl=True)
    assert "Ctrl+U clears" in hud_text(c)["overlay"]
    c.key("a", ctrl=True)
    assert f"[{tmp_path / 'daqi-game.txt'}]_" in hud_text(c)["overlay"]


def test_review_shows_the_scores_and_statistics_of_the_reviewed_position(ctl):
    ctl.review_goto(0)
    t = hud_text(ctl, show_stats=True)
    start = ctl.game.positions[0].scores
    assert f"score  white {start['white']}   black {start['black']}" in t["status"]
    assert ctl.stats_rows("white") == []


def test_review_does_not_drop_a_half_built_turn(tmp_path):
    c = CubeController(quick=True)
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    c.key("enter")
    c.click_cell((9, 14, 1))
    c.click_cell((9, 13, 1))
    c.key("left", ctrl=True)
    assert not c.reviewing and c.builder is not None and c.builder.actions
    assert "finish it" in c.message.text


def test_no_typed_turn_while_reviewing(ctl):
    ctl.key("r", ctrl=True)
    ctl.click_cell((9, 3, 1))
    ctl.click_cell((9, 4, 1))
    ctl.key("enter")
    ctl.key("left", ctrl=True)
    ctl.key("/")
    assert ctl.prompt is None and "review" in ctl.message.text
