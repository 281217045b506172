"""Issue 13: the window speaks to players — why a click is refused, rule ids on request (I), one way
to write turns and boards in the window, the videos and the snapshots (bug 10), wording bugs (11)."""

from __future__ import annotations

from engine import Game, sample_game
from viewer.cube.controller import CubeController
from viewer.cube.hud import hud_text
from viewer.record.recording import Recorder, RecordOptions


def test_an_illegal_click_says_why_the_piece_cannot_go_there():
    c = CubeController(quick=True, autosave_path=None)
    c.click_cell((9, 3, 1))  # a white pawn
    c.click_cell((5, 5, 1))
    m = c.message
    assert m.level == "error"
    assert m.text.startswith("The pawn on (9,3,1) cannot move to (5,5,1): a pawn steps one square forward")
    assert "[9, 12, 1]" not in m.text and "[" not in m.text  # no engine lists in the sentence
    c.click_cell((3, 1, 1))  # the rook behind the knight
    c.click_cell((3, 5, 1))
    assert "blocked by the white knight on (3,2,1)" in c.message.text


def test_rule_ids_are_in_the_detail_line_which_i_toggles():
    c = CubeController(quick=True, autosave_path=None)
    c.click_cell((9, 3, 1))
    c.key("pagedown")  # no plane below z=1
    c.click_cell((9, 3, 1))
    c.click_cell((4, 14, 1))  # black's piece: not yours (C28)
    c._clear_turn()
    c.click_cell((4, 14, 1))
    assert "C28" not in c.message.text and "C28" in c.message.detail
    assert "C28" not in hud_text(c)["message"]
    c.key("i", shift=True)
    assert c.details_visible and "C28" in hud_text(c)["message"]
    assert "C28" not in c.message.text  # I shows details, it does not replace the message
    c.key("i", shift=True)
    assert "C28" not in hud_text(c)["message"]


def test_turn_numbers_and_boards_read_the_same_in_window_video_and_snapshot():
    sample = sample_game()
    game = Game.from_record("\n".join(sample.to_record().splitlines()[: 4 + 12]) + "\n")  # header + 12 turns
    assert len(game.turns) == 12
    c = CubeController(game=game, autosave_path=None)
    status = hud_text(c)["status"]
    assert "turn 13" in status  # the 13th turn is to be played
    assert c.turn_list()[-1].split()[:2] == ["12", "black"]  # the 12th turn was black's
    assert game.to_record().splitlines()[-1].startswith("12. ")  # the record numbers it 12 too
    rec = Recorder(game, RecordOptions(turns=(12, 12), transition=0.0))
    overlay = rec.animator.state(0).overlay
    assert overlay.title == "Turn 12 \u00b7 black"
    assert overlay.subtitle == game.notation(11)  # no move-pair number ("6...") under "Turn 12"
    # a board of the 4th dimension: the same words in the HUD, the messages and the video footer
    c.set_slider(4, 2)
    assert "board w4=2, plane z=" in hud_text(c)["status"]
    assert c.message.text == "Showing board w4=2."
    from viewer.record.cube_animation import _board_text

    assert _board_text((2,), 1) == "board w4=2, plane z=1"


def test_hiring_after_the_game_is_over_says_the_game_is_over():
    c = CubeController(game=sample_game(), autosave_path=None)
    assert c.mode == "over"
    c.key("b")
    assert c.chooser is None and c.message.level == "error"
    assert c.message.text.startswith("The game is over") and "during play" not in c.message.text


def test_setup_pawn_bonus_agrees_with_the_score_shown():
    c = CubeController(autosave_path=None, offer_resume=False)
    assert c.mode == "setup"
    c.setup_cycle(0)  # rook -> next choices ... until a pawn
    while c.setup_draft[0] != "pawn":
        c.setup_cycle(0)
    t = hud_text(c)
    assert "score  white 121" in t["status"]
    assert "white +1" in t["setup"] and "black +0" in t["setup"]
    assert "C25" not in t["setup"] and "C24" not in t["setup"]


def test_spirit_counts_steps_in_good_english():
    from viewer.spirit.controller import SpiritController

    c = SpiritController(quick=True, autosave_path=None)
    pos = c.game.position
    disciple = next(sq for sq, p in pos.pieces.items() if p.side == "white" and p.type == "disciple")
    c.click_cell(disciple)  # raise it
    c.click_cell(disciple)  # and move it: exactly one step
    assert "exactly 1 step." in c.message.text and "1 steps" not in c.message.text


def test_spirit_says_why_a_square_is_out_of_reach():
    from viewer.spirit.controller import SpiritController

    c = SpiritController(quick=True, autosave_path=None)
    pos = c.game.position
    elder = next(sq for sq, p in pos.pieces.items() if p.side == "white" and p.type == "elder")
    c.click_cell(elder)
    c.click_cell(elder)
    c.click_cell((elder[0] + 4, elder[1] + 4))
    assert c.message.level == "error"
    assert "an elder moves exactly 2 steps, each to a neighbouring square" in c.message.text
