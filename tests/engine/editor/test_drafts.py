"""The editor's model: a position made piece by piece saves, loads, replays and is playable
against the computer; problems are said in words."""

from __future__ import annotations

import pytest

from engine import Game
from engine.editor import CubeDraft, EditError, SpiritDraft
from engine.players import suggest
from engine.spirit import SpiritGame


def _made_cube() -> CubeDraft:
    d = CubeDraft()
    d.set_fill("empty")
    d.put((9, 1, 1), "king", "white")
    d.put((8, 1, 1), "prince", "white")
    d.put((12, 16, 1), "king", "black")  # not facing white's king (C3)
    d.put((13, 16, 1), "prince", "black")
    d.put((5, 5, 1, 2), "rook", "white")
    d.put((5, 5, 1, 2), "knight", "white")  # a stack on a board of the 4th dimension
    d.put((6, 9, 1), "queen", "black")
    d.set_score("white", 90)
    d.set_credit("black", "pawn", 2)
    d.set_to_move("black")
    return d


def test_a_made_cube_position_saves_loads_replays_and_plays_the_computer(tmp_path):
    d = _made_cube()
    assert d.problems() == []
    assert [p.type for p in d.cell((5, 5, 1, 2))] == ["rook", "knight"]
    game = d.game_from_here()
    s = suggest(game.position, 1, seed=0)
    game.play(s.turn)  # the computer (black) moves first
    reply = suggest(game.position, 1, seed=1)
    game.play(reply.turn)
    path = tmp_path / "made.txt"
    game.save(path)
    again = Game.load(path)
    assert again.positions[0] == d.position()
    assert again.positions == game.positions
    assert CubeDraft.from_text(d.text()).position() == d.position()


def test_the_editor_says_what_is_wrong_in_words():
    d = CubeDraft()
    d.set_fill("empty")
    d.put((9, 1, 1), "king", "white")
    d.put((9, 16, 1), "king", "black")
    d.put((4, 4, 1), "pawn", "white")
    assert d.problems() == []
    d.remove((9, 16, 1))
    assert "black has no king" in d.problems()
    d.put((9, 2, 1), "king", "black")
    d.put((9, 1, 1), "king", "black")  # replaces white's king: now black has two
    assert "white has no king" in d.problems() and "black has 2 kings" in d.problems()
    with pytest.raises(EditError, match="C39"):
        d.put((9, 1, 1), "rook", "black")
    d.set_score("white", 0)
    assert any("C16" in p for p in d.problems())
    with pytest.raises(EditError, match="not a position to play from"):
        d.game_from_here()


def test_clearing_a_board_of_the_default_fill_empties_it():
    d = CubeDraft()
    n = d.clear_board((3,))  # the board w4=3: crowded pawns by default
    assert n > 0 and d.position().board_pieces((3,)) == []
    assert d.position().board_pieces(()) != []  # the main board keeps its pieces


def test_a_made_spirit_position_saves_loads_and_plays(tmp_path):
    d = SpiritDraft()
    d.put((10, 1), "sect", "white")
    d.put((10, 19), "sect", "black")
    d.put((10, 3), "master", "white", level=4)
    d.put((9, 17), "disciple", "black")
    assert d.problems() == []
    game = d.game_from_here()
    game.play(suggest(game.position, 1, seed=0).turn)
    path = tmp_path / "spirit.txt"
    game.save(path)
    again = SpiritGame.load(path)
    assert again.positions == game.positions
    d.remove((10, 19))
    assert "black needs exactly one sect, has 0" in d.problems()
