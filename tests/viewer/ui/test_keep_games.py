"""Never lose a game by accident (issue 16, item 5): questions before replacing a game in progress,
rotating copies of replaced games, the computer never racing a hand-over, "play from here" pausing it."""

from __future__ import annotations

from engine import Game
from viewer.cube.controller import CubeController
from viewer.spirit.controller import SpiritController
from viewer.ui.computer import InlineExecutor, think
from viewer.ui.keep_games import previous_paths, rotate_and_keep


def _play(c, n):
    for _ in range(n):
        assert c._computer_play(think(c.game.position, 0, len(c.game.turns)).turn)


def _cube(tmp_path, turns=3):
    c = CubeController(quick=True, autosave_path=tmp_path / "autosave.txt", offer_resume=False)
    _play(c, turns)
    return c


def test_ctrl_n_mid_game_asks_and_any_other_key_keeps_the_game(tmp_path):
    c = _cube(tmp_path)
    game = c.game
    c.key("n", ctrl=True)
    assert c.game is game and "3 turns" in c.message.text and "Ctrl+N again" in c.message.text
    c.key("escape")
    assert c.game is game and c.question is None and "Kept" in c.message.text
    c.key("n", ctrl=True)
    c.key("x")  # another key: no new game, and the key does its usual work (next plane)
    assert c.game is game and c.question is None


def test_ctrl_n_twice_starts_a_new_game_and_keeps_the_old_one_loadable(tmp_path):
    c = _cube(tmp_path)
    old = c.game.to_record()
    c.key("n", ctrl=True)
    c.key("n", ctrl=True)
    kept = previous_paths(tmp_path / "autosave.txt")[0]
    assert c.game is None or not c.game.turns
    assert kept.name == "autosave.1.txt" and str(kept) in c.message.text
    assert Game.load(kept).to_record() == old  # the whole game, recoverable with Ctrl+O


def test_rematch_and_load_ask_too_and_y_confirms(tmp_path):
    c = _cube(tmp_path, 2)
    other = _cube(tmp_path / "o", 4)
    other.save(tmp_path / "four.txt")
    game = c.game
    c.key("r", ctrl=True)
    assert c.game is game and "rematch" in c.message.text.lower()
    c.key("y")
    assert c.game is not game and not c.game.turns
    _play(c, 1)
    c.key("o", ctrl=True)
    c.prompt.text = str(tmp_path / "four.txt")
    c.key("enter")
    assert len(c.game.turns) == 1 and "Load" in c.message.text  # asked, not loaded yet
    c.key("y")
    assert len(c.game.turns) == 4
    kept = previous_paths(tmp_path / "autosave.txt")
    assert len(Game.load(kept[0]).turns) == 1 and len(Game.load(kept[1]).turns) == 2  # newest first


def test_a_finished_or_empty_game_is_replaced_without_a_question(tmp_path):
    c = CubeController(quick=True, autosave_path=tmp_path / "a.txt", offer_resume=False)
    c.key("n", ctrl=True)  # no turns yet: nothing to lose
    assert c.question is None and c.mode == "setup"


def test_rotation_keeps_three_newest_first(tmp_path):
    auto = tmp_path / "auto.txt"
    games = []
    for n in range(1, 5):
        c = _cube(tmp_path / str(n), n)
        games.append(c.game)
        rotate_and_keep(auto, c.game)
    kept = previous_paths(auto)
    assert [len(Game.load(p).turns) for p in kept] == [4, 3, 2]
    assert not (tmp_path / "auto.4.txt").exists()


def test_declining_the_resume_offer_keeps_the_autosaved_game(tmp_path):
    auto = tmp_path / "autosave.txt"
    _cube(tmp_path, 3)
    assert auto.exists()
    c2 = CubeController(quick=False, autosave_path=auto, offer_resume=True)
    assert c2.resume_offer is not None
    c2.key("n")
    kept = previous_paths(auto)[0]
    assert len(Game.load(kept).turns) == 3 and str(kept) in c2.message.text


def test_spirit_ctrl_n_asks_too(tmp_path):
    sc = SpiritController(quick=True, autosave_path=tmp_path / "s.txt")
    _play(sc, 2)
    game = sc.game
    sc.key("n", ctrl=True)
    assert sc.game is game and sc.question is not None
    sc.key("n", ctrl=True)
    assert sc.game is not game
    assert (tmp_path / "s.1.txt").exists()


def test_handing_a_side_over_drops_what_the_computer_holds(tmp_path):
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    ex = InlineExecutor(hold=True)
    c.set_computer(["white", "black"], level=0, seed=1, executor=ex)
    c.tick(0.05)
    assert c.computer_thinking and c.to_move == "white"
    ex.hold = False
    c.tick(0.05)  # white played: black's answer will wait for the glide
    c.tick(0.05)
    assert len(c.game.turns) == 1 and c.glide is not None
    assert c.computer_pending is not None or c.computer_ready is not None
    c.key("c")  # the side to move now (black) is the player's
    assert c.computer_sides == frozenset({"white"}) and "black is yours" in c.message.text
    assert c.computer_pending is None and c.computer_ready is None
    for _ in range(40):
        c.tick(0.1)
    assert len(c.game.turns) == 1 and c.to_move == "black"  # nothing played behind the player's back


def test_play_from_here_pauses_the_computer_until_c(tmp_path):
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    _play(c, 4)
    ex = InlineExecutor()
    c.set_computer(["white", "black"], level=0, seed=1, executor=ex)
    c.key("left", ctrl=True)
    c.key("left", ctrl=True)
    c.key("enter")  # play from here (turn 2)
    assert len(c.game.turns) == 2 and "paused" in c.message.text
    for _ in range(10):
        c.tick(0.5)
    assert len(c.game.turns) == 2 and not c.computer_sides
    c.key("c")
    assert c.computer_sides == frozenset({"white", "black"})
    for _ in range(10):
        c.tick(0.5)
    assert len(c.game.turns) > 2


def test_a_game_just_loaded_is_replaced_without_a_question_until_a_turn_is_played(tmp_path):
    other = _cube(tmp_path / "o", 4)
    other.save(tmp_path / "four.txt")
    c = CubeController(quick=True, autosave_path=tmp_path / "autosave.txt", offer_resume=False)
    assert c.load(tmp_path / "four.txt") and len(c.game.turns) == 4
    c.key("n", ctrl=True)  # the same as its file: nothing to lose, no question
    assert c.question is None and (c.game is None or not c.game.turns)  # a new game (its setup)
    assert c.load(tmp_path / "four.txt")
    _play(c, 1)  # now it differs from its file: Ctrl+N asks
    c.key("n", ctrl=True)
    assert c.question is not None and len(c.game.turns) == 5 and "NOT autosaved" not in c.message.text
