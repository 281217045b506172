"""The review model (viewer.ui.review): stepping, forking, the windowed move list, the banner."""

from __future__ import annotations

import pytest

from engine import sample_game
from engine.spirit import sample_spirit_game
from viewer.ui.review import Review, banner_text, fork_game, turn_rows, turn_window


@pytest.mark.parametrize("make", [sample_game, sample_spirit_game])
def test_fork_game_cuts_a_copy_and_leaves_the_game_alone(make):
    game = make()
    n = len(game.turns)
    fork = fork_game(game, 3)
    assert len(fork.turns) == 3 and fork.position == game.positions[3]
    assert len(game.turns) == n and game.position == game.positions[-1]
    fork.undo()  # the copy's history is its own
    assert len(game.turns) == n and len(fork.turns) == 2


def test_fork_game_keeps_the_old_line_as_redo_and_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    game = sample_game()
    fork = fork_game(game, 2)
    assert list(tmp_path.iterdir()) == []  # games never write by themselves: the window autosaves
    fork.redo()
    assert fork.turns == game.turns[:3]


def test_review_steps_clamp_and_show_positions():
    game = sample_game()
    n = len(game.turns)
    r = Review()
    assert r.position(game) is game.position and not r.active
    assert r.step(game, -1) == n - 1  # the first Left shows the position before the last turn
    assert r.position(game) is game.positions[n - 1]
    assert r.last_turn(game) is game.turns[n - 2]
    r.home(game)
    assert r.ply == 0 and r.last_turn(game) is None
    assert r.step(game, -5) == 0
    assert r.end(game) == n and r.step(game, +3) == n


def test_branch_keeps_the_full_game_and_swap_line_brings_it_back():
    game = sample_game()
    r = Review()
    r.start(game, 4)
    new = r.branch(game)
    assert len(new.turns) == 4 and not r.active
    assert r.variations == [game]
    back = r.swap_line(new)
    assert back is game and r.variations == [new]


def test_turn_window_keeps_the_selected_turn_in_view():
    assert turn_window(5, None, 10) == (0, 5)
    first, stop = turn_window(100, None, 10)
    assert (first, stop) == (90, 100)
    first, stop = turn_window(100, 3, 10)
    assert first <= 3 < stop
    first, stop = turn_window(100, 50, 10)
    assert first <= 50 < stop
    assert turn_window(100, None, 10, scroll=200) == (0, 10)


def test_turn_rows_mark_the_selection_and_say_what_is_hidden():
    labels = [f"t{i}" for i in range(40)]
    rows, idx = turn_rows(labels, 20, 10)
    assert len(rows) <= 10 and len(rows) == len(idx)
    assert any(r.startswith("> t20") for r in rows)
    assert "earlier" in rows[0] and "later" in rows[-1]
    for r, i in zip(rows, idx):
        if not ("earlier" in r or "later" in r):
            assert r.strip(" >") == labels[i]


class _Over:
    reviewing = False

    def __init__(self, text):
        self.game = object()
        self._text = text

    def result_text(self):
        return self._text


def test_banner_names_the_result_the_reason_and_the_choices():
    b = banner_text(_Over("white wins (king-captured (C4))"))
    assert "WHITE WINS" in b and "king-captured (C4)" in b
    for choice in ("Ctrl+Left: review", "Ctrl+N: new game", "Ctrl+R: rematch"):
        assert choice in b
    assert banner_text(_Over("")) == ""
    rv = _Over("white wins (x)")
    rv.reviewing = True
    assert banner_text(rv) == ""


def test_result_reasons_are_told_in_words_with_the_rule_id_apart():
    from viewer.ui.words import result_words

    assert result_words("king-captured (C4)") == ("the king was captured while its side's score was not higher", "C4")
    assert result_words("score (C16)")[1] == "C16" and "half" in result_words("score (C16)")[0]
    assert result_words("position repeated 3 times (G14)") == ("position repeated 3 times", "G14")
    assert result_words("sect-captured") == ("the sect was captured", "")
