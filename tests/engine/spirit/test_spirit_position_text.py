"""Spirit-chess position text: any position round-trips, a record begins from it and replays."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from spirit_helpers import RULES

from engine.core.errors import NotationError
from engine.spirit import SpiritGame, SpiritPiece, SpiritPosition, legal_turns
from engine.spirit.position_text import format_spirit_position
from engine.spirit.record import parse_spirit_position

KINDS = sorted(RULES.pieces)
squares = st.tuples(st.integers(1, 19), st.integers(1, 19))
pieces = st.builds(SpiritPiece, st.sampled_from(KINDS), st.sampled_from(("white", "black")), st.integers(0, 12))


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(squares, pieces, max_size=40),
    st.sampled_from(("white", "black")),
    st.integers(0, 500),
    st.booleans(),
)
def test_any_spirit_position_round_trips_through_its_text(board, to_move, ply, depleted):
    counts = {s: RULES.start_counts() for s in ("white", "black")}
    if depleted:
        counts["black"][KINDS[0]] = 0
    pos = SpiritPosition(RULES, to_move, board, counts, ply)
    text = format_spirit_position(pos)
    assert parse_spirit_position(text) == pos
    assert format_spirit_position(parse_spirit_position(text)) == text
    zh = format_spirit_position(pos, style="chinese")  # the Chinese form: the same position
    assert parse_spirit_position(zh) == pos
    assert format_spirit_position(parse_spirit_position(zh), style="chinese") == zh


def test_a_spirit_record_begins_from_a_position_and_replays():
    game = SpiritGame()
    rng = random.Random(2)
    for _ in range(12):
        game.play(rng.choice(list(legal_turns(game.position))))
    start = game.position
    later = SpiritGame(start.rules, start=start)
    for _ in range(6):
        later.play(rng.choice(list(legal_turns(later.position))))
    text = later.to_text()
    assert "white:" not in text and "pieces white" in text
    again = SpiritGame.from_text(text)
    assert again.positions == later.positions


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("pieces white dragon(3,3)", "unknown piece 'dragon'"),
        ("pieces white sect(30,3)", "not a square"),
        ("pieces white sect(3,3) sect(3,3)", "two pieces on (3,3)"),
        ("position white to fly", "to move"),
    ],
)
def test_a_bad_spirit_position_line_is_named_by_line(line, words):
    with pytest.raises(NotationError) as err:
        SpiritGame.from_text(f"ruleset spirit\npieces black sect(10,18)\n{line}\n")
    assert "line 3" in str(err.value) and words in str(err.value)
