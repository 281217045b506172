"""The cube-chess interaction state machine, without GL or pyglet."""

from __future__ import annotations

import pytest

from engine import Game, Piece
from viewer.cube.controller import BINDINGS, CubeController
from viewer.cube.hud import hit_slider, hud_text, slider_layout


@pytest.fixture
def ctl(tmp_path):
    return CubeController(quick=True, autosave_path=tmp_path / "autosave.txt", save_path=tmp_path / "g.txt")


def play_pawn_jump(c):
    c.click_cell((9, 3, 1))
    assert c.builder is not None and c.builder.origin == (9, 3, 1)
    assert (9, 4, 1) in c.targets()["move"]
    c.click_cell((9, 4, 1))
    c.key("pageup")
    assert c.builder.at == (9, 4, 2)
    c.key("enter")


def test_select_shows_targets_by_kind(ctl):
    ctl.click_cell((9, 3, 1))
    t = ctl.targets()
    assert (9, 4, 1) in t["move"]
    # the plane above holds crowded pawns of white: a jump there is a stack target
    assert (9, 3, 2) in t["stack"]
    assert ctl.view.highlights.selected == (9, 3, 1)
    assert ctl.view.highlights.targets is t


def test_click_enemy_or_empty_says_why(ctl):
    ctl.click_cell((9, 14, 1))
    assert ctl.message.level == "error" and "black" in ctl.message.text
    ctl.click_cell((9, 8, 1))
    assert ctl.message.level == "error" and "empty" in ctl.message.text
    assert ctl.builder is None


def test_illegal_click_shows_engine_message_and_keeps_turn(ctl):
    ctl.click_cell((9, 3, 1))
    ctl.click_cell((9, 9, 1))  # a pawn cannot go that far
    assert ctl.message.level == "error"
    assert "cannot move" in ctl.message.text
    assert ctl.builder is not None and not ctl.builder.actions


def test_move_and_jump_then_confirm(ctl):
    play_pawn_jump(ctl)
    pos = ctl.game.position
    assert pos.cell((9, 4, 2)) == (Piece("pawn", "white"),)
    assert pos.cell((9, 3, 1)) == ()
    assert pos.to_move == "black"
    assert ctl.turn_list() == [" 1 white  P(9,3,1)-(9,4,1)^(9,4,2)"]
    assert ctl.view.highlights.last_to == (9, 4, 2)


def test_backspace_and_escape(ctl):
    ctl.click_cell((9, 3, 1))
    ctl.click_cell((9, 4, 1))
    assert len(ctl.builder.actions) == 1
    ctl.key("backspace")
    assert ctl.builder is not None and not ctl.builder.actions
    ctl.click_cell((9, 4, 1))
    ctl.key("escape")
    assert ctl.builder is None
    assert ctl.game.position.cell((9, 3, 1)) == (Piece("pawn", "white"),)


def test_hyperjump_key_costs_a_point_and_view_follows(ctl):
    ctl.click_cell((9, 3, 1))
    ctl.click_cell((9, 4, 1))
    ctl.key("enter")
    ctl.click_cell((9, 14, 1))
    ctl.click_cell((9, 13, 1))
    ctl.key("enter")
    ctl.click_cell((9, 4, 1))
    ctl.key("pageup", shift=True)
    assert ctl.builder.at == (9, 4, 1, 2)
    assert ctl.builder.cost == 1
    assert ctl.view.slicing.higher() == (2,)
    ctl.key("enter")
    pos = ctl.game.position
    assert pos.cell((9, 4, 1, 2)) == (Piece("pawn", "white"),)
    assert pos.scores["white"] == 119
    assert pos.stats["white"]["pawn"]["hyperjumps"] == 1
    assert 2 in ctl.view.slicing.markers[4]


def test_stack_split_promote_and_drop_choosers(ctl):
    # stack: knight (4,1,1) onto the bishop on (5,3,1)
    ctl.click_cell((4, 1, 1))
    assert (5, 3, 1) in ctl.targets()["stack"]
    ctl.click_cell((5, 3, 1))
    assert ctl.builder.pending
    ctl.key("s")
    assert ctl.builder.cost == 3
    ctl.key("enter")
    assert [p.type for p in ctl.game.position.cell((5, 3, 1))] == ["bishop", "knight"]
    assert ctl.game.position.scores["white"] == 117
    # black: drop a pawn into the green area (1 + 1 surcharge)
    ctl.key("b")
    assert ctl.chooser.kind == "drop"
    labels = [lab for lab, _v in ctl.chooser.options]
    assert any("pawn: 1 pt, 2 in the green area" in lab for lab in labels)
    queen = [v for _l, v in ctl.chooser.options].index("queen")
    ctl.key(str(queen + 1))  # needs a credit: refused in words
    assert ctl.message.level == "error" and "only after capturing" in ctl.message.text
    assert "C12" not in ctl.message.text and "C12" in ctl.message.detail  # the rule id: detail line
    ctl.key(str([v for _l, v in ctl.chooser.options].index("pawn") + 1))
    assert ctl.drop_piece == "pawn"
    ctl.click_cell((5, 8, 1))
    ctl.key("enter")
    pos = ctl.game.position
    assert pos.cell((5, 8, 1)) == (Piece("pawn", "black"),)
    assert pos.scores["black"] == 118
    assert pos.stats["black"]["pawn"]["hired"] == 1 and pos.stats["black"]["pawn"]["green_drops"] == 1
    # white: split the knight off and move it
    ctl.click_cell((5, 3, 1))
    ctl.key("t")
    assert ctl.chooser.kind == "split" and ctl.chooser.multi
    ctl.key("2")  # toggle the knight (bottom first: bishop, knight)
    ctl.key("enter")
    assert ctl.builder.kinds == ["split"]
    ctl.click_cell((6, 5, 1))
    ctl.key("enter")
    pos = ctl.game.position
    assert pos.cell((5, 3, 1)) == (Piece("bishop", "white"),)
    assert pos.cell((6, 5, 1)) == (Piece("knight", "white"),)
    # promote chooser needs a pawn beyond the line: refused in words elsewhere
    ctl.click_cell((9, 14, 1))
    ctl.key("p")
    assert ctl.chooser.kind == "promote"
    ctl.key("5")
    assert ctl.message.level == "error" and "promotes on rank" in ctl.message.text


def test_undo_redo_and_autosave(ctl, tmp_path):
    play_pawn_jump(ctl)
    auto = tmp_path / "autosave.txt"
    assert "P(9,3,1)-(9,4,1)^(9,4,2)" in auto.read_text()
    ctl.key("z", ctrl=True)
    assert ctl.game.position.to_move == "white" and not ctl.game.turns
    ctl.key("y", ctrl=True)
    assert len(ctl.game.turns) == 1
    # a new controller offers to resume
    c2 = CubeController(autosave_path=auto)
    assert c2.mode == "resume"
    c2.key("y")
    assert c2.mode == "play" and len(c2.game.turns) == 1
    c3 = CubeController(autosave_path=auto)
    c3.key("n")
    assert c3.mode == "setup"


def test_save_and_load_with_prompt(ctl, tmp_path):
    play_pawn_jump(ctl)
    ctl.key("s", ctrl=True)
    assert ctl.prompt is not None
    ctl.prompt.text = ""
    ctl.text(str(tmp_path / "mine.txt"))
    ctl.key("enter")
    assert (tmp_path / "mine.txt").exists()
    ctl.key("n", ctrl=True)
    assert ctl.mode == "setup"
    ctl.key("q")
    ctl.key("o", ctrl=True)
    ctl.key("enter")
    assert len(ctl.game.turns) == 1
    ctl.key("o", ctrl=True)
    ctl.prompt.text = str(tmp_path / "missing.txt")
    ctl.key("enter")
    assert ctl.message.level == "error" and "Could not load" in ctl.message.text


def test_setup_phase_alternates_times_out_and_counts_pawns(tmp_path):
    c = CubeController(autosave_path=None)
    assert c.mode == "setup" and c.setup.to_choose == "white"
    squares = c.setup_squares()
    assert c.view.highlights.targets["move"] == squares
    # slot 1 cycles rook -> knight -> cannon -> bishop -> pawn
    for _ in range(4):
        c.click_cell(squares[0])
    assert c.setup_draft[0] == "pawn"
    assert c.position.cell(squares[0]) == (Piece("pawn", "white"),)
    c.key("enter")
    assert c.setup.to_choose == "black" and c.setup.pawn_bonus("white") == 1
    c.tick(30)
    assert c.setup.to_choose == "black"
    c.tick(31)  # C26: default on timeout
    assert c.setup.to_choose == "white" and ("black", 0) in c.setup.defaulted
    c.click_cell((9, 9, 1))
    assert c.message.level == "error"
    c.key("q")
    assert c.mode == "play"
    assert c.game.position.scores["white"] == 121


def test_royal_part_swaps(tmp_path):
    c = CubeController(autosave_path=None)
    while not c.setup_is_royal():
        c.key("enter")
    before = list(c.setup_draft)
    c.key("1")
    c.key("2")
    assert c.setup_draft[:2] == before[1::-1]
    c.key("enter")
    assert c.setup.to_choose == "black"


def test_camera_and_slicing_keys(ctl):
    cam = ctl.view.camera
    yaw, dist = cam.yaw, cam.distance
    ctl.key("left", shift=True)  # Shift+arrows orbit; the plain arrows move the cell cursor
    assert cam.yaw != yaw
    ctl.key("+")
    assert cam.distance < dist
    ctl.key("r")
    assert cam.yaw == yaw and cam.distance == dist
    ctl.key("2")
    assert cam.pitch == 90.0
    ctl.key("x")
    assert ctl.view.slicing.focus_z == 2
    ctl.key(",")
    assert ctl.view.opacity == pytest.approx(0.2)
    ctl.key("m")
    assert ctl.view.slicing.higher() == (2,)
    ctl.key("g")
    assert ctl.view.slicing.ghost_dim == 4
    ctl.key("space")
    ctl.tick(1.0)
    assert ctl.view.slicing.playing
    ctl.key("space")
    assert not ctl.view.slicing.playing


def test_observation_lists_z_column(ctl):
    play_pawn_jump(ctl)
    ctl.hovered = (9, 4, 1)
    ctl.key("o")
    cols = ctl.observation()
    assert cols == [(9, 4, [(2, (Piece("pawn", "white"),))])]
    assert "z2 paw" in hud_text(ctl)["observe"]


def test_hud_text_and_help_cover_every_binding(ctl):
    play_pawn_jump(ctl)
    t = hud_text(ctl)
    assert "BLACK to move" in t["status"]
    assert "score  white 120   black 120" in t["status"]
    assert " 1 white  P(9,3,1)-(9,4,1)^(9,4,2)" in t["turns"]
    ctl.hovered = (9, 4, 1, 2)
    assert "(9,4,1,2)" in hud_text(ctl)["hover"] and "(…—9,4,1,2,1,1,1,1…)" in hud_text(ctl)["hover"]
    ctl.key("h")
    help_text = hud_text(ctl)["overlay"]
    for _page in range(5):  # the help is paged when it is taller than the window
        ctl.key("pagedown")
        help_text += hud_text(ctl)["overlay"]
    for keys, _what in BINDINGS:
        assert keys in help_text
    ctl.key("escape")
    assert not ctl.help_visible


def test_sliders_model_and_hit():
    c = CubeController(quick=True)
    ws = slider_layout(c.view.slicing, 1280, 800, c.active_dim)
    assert [w.dim for w in ws] == [4]
    w = ws[0]
    kind, hit = hit_slider(ws, w.x_of(2), w.y + 5)
    assert kind == "slider" and hit.value_at(w.x_of(2)) == 2
    assert hit_slider(ws, w.play[0] + 3, w.play[1] + 3)[0] == "play"


def test_game_over_is_reported(tmp_path):
    from engine import load_ruleset

    rules = load_ruleset("standard")
    g = Game(rules)
    c = CubeController(game=g)
    c.game.positions[-1] = c.game.position.replace(result=__import__("engine").Result("white", "score (C16)"))
    c.click_cell((9, 14, 1))
    assert c.mode == "over" and "white wins" in c.message.text


def test_help_lines_wrap_descriptions_inside_their_column():
    from viewer.cube.hud import HELP_KEY_WIDTH, HELP_LINE_WIDTH, help_lines
    from viewer.ui.bindings import BINDINGS, SPIRIT_BINDINGS

    for table in (BINDINGS, SPIRIT_BINDINGS):
        lines = help_lines(table)
        assert all(len(line) <= HELP_LINE_WIDTH for line in lines)
        starts = [line for line in lines if not line.startswith(" " * (HELP_KEY_WIDTH + 1))]
        assert len(starts) == len(table)  # every other line continues a description
        for (key, _text), line in zip(table, starts):
            assert line.startswith(key)


def test_c36_promote_then_hire_onto_the_same_square_in_the_window(tmp_path):
    from engine import Piece
    from viewer.cube.controller import CubeController

    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    pos = c.game.positions[-1]
    c.game.positions[-1] = pos.replace(cells={**pos.cells, (2, 15, 1): (Piece("pawn", "white"),)})
    c.click_cell((2, 15, 1))
    c.key("p")
    c.choose([o[1] for o in c.chooser.options].index("rook"))
    c.key("b")  # hire after the promotion: allowed (C36)
    assert c.chooser is not None and c.chooser.kind == "drop"
    c.choose([o[1] for o in c.chooser.options].index("pawn"))
    assert c.builder is not None and c.builder.kinds == ["promote"]  # the promotion is kept
    c.click_cell((2, 15, 1))
    c.key("s")  # stack onto the promoted rook
    c.key("enter")
    assert [(p.type, p.was) for p in c.game.position.cell((2, 15, 1))] == [("rook", "pawn"), ("pawn", None)]
