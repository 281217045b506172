"""Spirit chess in the viewer, issue 13: review, typed turns, rematch and bug 12 (D in the setup)."""

from __future__ import annotations

from engine.spirit import (
    SpiritTurn,
    format_spirit_turn,
    legal_paths,
    levelup_squares,
    parse_spirit_turn,
    sample_spirit_game,
)
from viewer.spirit.controller import SpiritController


def loaded(tmp_path=None):
    c = SpiritController(quick=True, autosave_path=(tmp_path / "s.txt") if tmp_path else None)
    c._adopt_loaded(sample_spirit_game())
    return c


def test_v_starts_a_review_and_the_board_shows_earlier_positions():
    c = loaded()
    g = c.game
    n = len(g.turns)
    c.key("left", ctrl=True)
    assert c.reviewing and c.review.ply == n - 1
    assert c.board() == {sq: (p.type, p.side, p.level) for sq, p in g.positions[n - 1].pieces.items()}
    assert c.targets() == {}
    c.key("home")
    assert c.position is g.positions[0]
    c.click_cell((10, 3))
    assert c.levelup is None and "Reviewing" in c.message.text
    c.key("escape")
    assert not c.reviewing and len(g.turns) == n


def test_play_from_here_keeps_the_old_line():
    c = loaded()
    full = c.game
    c.review_goto(2)
    c.key("enter")
    assert len(c.game.turns) == 2 and len(full.turns) == 9 and c.mode == "play"
    c.key("l", ctrl=True)
    assert c.game is full


def a_legal_turn(pos):
    lu = levelup_squares(pos)[0]
    for origin, p in sorted(pos.pieces.items()):
        if p.side == pos.to_move:
            ends = legal_paths(pos, origin, lu)
            if ends:
                end = min(ends)
                return format_spirit_turn(SpiritTurn(lu, origin, tuple(ends[end])))
    raise AssertionError("no legal turn")


def test_typed_turn_plays_and_a_bad_one_keeps_the_box():
    c = SpiritController(quick=True)
    c.key("/")
    assert c.prompt is not None and c.prompt.kind == "move"
    text = a_legal_turn(c.game.position)
    c.text("/" + text)
    c.key("enter")
    assert len(c.game.turns) == 1, c.message.text
    assert format_spirit_turn(c.game.turns[0]) == text
    c.key("f3")
    c.text("+(1,1) (1,1)-(1,2)")
    c.key("enter")
    assert c.message.level == "error" and c.prompt is not None and c.prompt.text == "+(1,1) (1,1)-(1,2)"
    assert len(c.game.turns) == 1 and c.levelup is None


def test_rematch_uses_the_same_placements():
    c = loaded()
    white = dict(c.game.white)
    c.key("r", ctrl=True)
    assert c.game.turns == [] and c.game.white == white and c.mode == "play"


def test_bug12_d_asks_before_replacing_hand_placed_pieces():
    c = SpiritController()
    c.setup_click((1, 1))
    placed = dict(c.setup.working)
    assert placed
    c.key("d")
    assert c.message.level == "error" and "press D again" in c.message.text
    assert dict(c.setup.working) == placed
    c.key("1")  # another key: the question is gone
    c.key("d")
    assert dict(c.setup.working) == placed
    c.key("d")
    assert sum(c.remaining().values()) == 0 and c.setup.working != placed


def test_d_on_an_empty_half_fills_at_once():
    c = SpiritController()
    c.key("d")
    assert sum(c.remaining().values()) == 0


def cursor_to(c, target):
    if c.cursor is None:
        c.key("up")
    for _ in range(60):
        if c.cursor == tuple(target):
            return
        dx, dy = target[0] - c.cursor[0], target[1] - c.cursor[1]
        c.key("right" if dx > 0 else "left" if dx < 0 else "up" if dy > 0 else "down")
    raise AssertionError((c.cursor, target))


def test_spirit_chess_with_the_keyboard_alone():
    c = SpiritController()
    for k in ("d", "enter", "enter", "d", "enter"):  # both hidden placements by default, hand-over
        c.key(k)
    assert c.mode == "play", c.message.text
    for _turn in range(3):
        pos = c.game.position
        n = len(c.game.turns)
        lu = levelup_squares(pos)[0]
        text = a_legal_turn(pos)
        turn = parse_spirit_turn(text)
        assert turn.levelup == lu
        for sq in (turn.levelup, turn.origin) + tuple(turn.path):
            cursor_to(c, sq)
            c.key("space")
        if len(c.game.turns) == n:
            c.key("enter")
        assert len(c.game.turns) == n + 1, c.message.text
        assert format_spirit_turn(c.game.turns[-1]) == text
    c.key("left", ctrl=True)
    assert c.review.ply == 2
    c.key("left")
    assert c.review.ply == 1
    c.key("escape")
    c.key("escape")
    assert c.cursor is None
