"""Text records, the game model (undo/redo/save/load) and the sample game."""

import pytest

from engine.core.errors import IllegalAction, NotationError
from engine.spirit import (
    SpiritGame,
    SpiritTurn,
    format_spirit_record,
    format_spirit_turn,
    legal_turns,
    parse_spirit_record,
    parse_spirit_turn,
    sample_spirit_game,
)


def test_sample_game_ends_with_a_result():
    g = sample_spirit_game()
    assert g.result == ("white", "sect-captured")
    assert len(g.turns) == 9
    caps = [(c.piece.type, c.piece.side, c.reason) for caps in g.captures for c in caps]
    assert caps == [("elder", "black", "level"), ("disciple", "black", "level"), ("sect", "black", "level")]


def test_record_round_trip():
    g = sample_spirit_game()
    text = g.to_text()
    rec = parse_spirit_record(text)
    assert format_spirit_record(rec) == text
    assert SpiritGame.from_text(text).position == g.position


def test_turn_notation_round_trip():
    t = SpiritTurn((3, 4), (5, 6), ((5, 7), (6, 8)), ((6, 8), "elder"))
    assert format_spirit_turn(t) == "+(3,4) (5,6)-(5,7)-(6,8) =elder(6,8)"
    assert parse_spirit_turn(format_spirit_turn(t)) == t
    assert parse_spirit_turn("  +( 3 , 4 )   (5,6)-(5,7)-(6,8)") == SpiritTurn((3, 4), (5, 6), ((5, 7), (6, 8)))


@pytest.mark.parametrize(
    "bad",
    ["(3,4) (5,6)-(5,7)", "+(3,4) (5,6)", "+(3,4) (5,6)-(5,7) x", "+(3,4) (5,6)-(5,7,2)", "+(3,4) (5,6)-(5,7) =(5,7)"],
)
def test_turn_notation_errors(bad):
    with pytest.raises(NotationError):
        parse_spirit_turn(bad)


def test_record_malformed_line_names_line_number():
    lines = sample_spirit_game().to_text().splitlines()
    for i, junk in (
        (5, "1. (10,3) (10,3)-(10,4)"),
        (6, "bogus line"),
        (7, "5. +(1,1) (1,1)-(1,2)"),
        (3, "white: sect(10,2) pope"),
        (2, "ruleset"),
    ):
        broken = list(lines)
        broken[i - 1] = junk
        with pytest.raises(NotationError, match=f"^line {i}:"):
            parse_spirit_record("\n".join(broken))
    with pytest.raises(NotationError, match="no 'black:'"):
        parse_spirit_record("\n".join(lines[:3]))


def test_record_illegal_turn_and_wrong_result_name_line():
    lines = sample_spirit_game().to_text().splitlines()
    broken = list(lines)
    broken[4] = "1. +(10,3) (10,3)-(10,4)"
    with pytest.raises(IllegalAction, match="^line 5: turn 1:"):
        SpiritGame.from_text("\n".join(broken))
    broken = list(lines)
    broken[-1] = "result black sect-captured"
    with pytest.raises(NotationError, match=f"^line {len(lines)}:"):
        SpiritGame.from_text("\n".join(broken))
    with pytest.raises(NotationError, match="nothing may follow"):
        parse_spirit_record("\n".join(lines + ["10. +(1,1) (1,1)-(1,2)"]))


def test_game_undo_redo_save_load(tmp_path):
    g = SpiritGame()
    start = g.position
    t1 = next(iter(legal_turns(g.position)))
    g.play(t1)
    t2 = next(iter(legal_turns(g.position)))
    g.play(t2)
    after = g.position
    assert g.undo() == t2 and g.undo() == t1 and g.position == start
    with pytest.raises(IllegalAction):
        g.undo()
    g.redo()
    assert g.can_redo
    g.redo()
    assert g.position == after and not g.can_redo
    with pytest.raises(IllegalAction):
        g.redo()
    g.undo()
    g.play(t2)  # replaying clears nothing wrong; redo stack is cleared by play
    assert not g.can_redo
    path = tmp_path / "game.txt"
    g.save(path)
    h = SpiritGame.load(path)
    assert h.position == g.position and h.turns == g.turns
