"""The position text (docs/NOTATION.md, "Positions"): any cube position round-trips, a record
may begin from it, and bad position lines are named by line."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, NotationError, load_ruleset, random_turn
from engine.core.coords import normalize
from engine.cube.game import parse_position
from engine.cube.position import Piece, Position
from engine.cube.position_text import format_position

RULES = load_ruleset("standard")
STACKABLE = sorted(n for n, p in RULES.pieces.items() if p.stackable)

coords = st.tuples(
    st.integers(1, 16), st.integers(1, 16), st.integers(1, 16), st.lists(st.integers(1, 40), max_size=5)
).map(lambda t: normalize((t[0], t[1], t[2], *t[3])))


@st.composite
def stacks(draw):
    if draw(st.integers(0, 5)) == 0:
        return ()
    side = draw(st.sampled_from(("white", "black")))
    names = draw(st.lists(st.sampled_from(STACKABLE), min_size=1, max_size=3))
    was = draw(st.sampled_from((None, None, "pawn")))
    return tuple(Piece(n, side, was if n in ("queen", "rook") else None) for n in names)


@st.composite
def positions(draw):
    cells = draw(st.dictionaries(coords, stacks(), max_size=12))
    cells[(9, 1, 1)] = (Piece("king", "white"),)
    cells[(9, 16, 1)] = (Piece("king", "black", draw(st.sampled_from((None, "prince")))),)
    fill = draw(st.sampled_from(("default", "empty")))
    pos = Position.from_pieces(
        RULES,
        cells,
        fill=fill,
        to_move=draw(st.sampled_from(("white", "black"))),
        scores={"white": draw(st.integers(-50, 500)), "black": draw(st.integers(-50, 500))},
        credits={"white": draw(st.dictionaries(st.sampled_from(STACKABLE), st.integers(1, 5), max_size=3))},
        kings_was={"white": None, "black": draw(st.sampled_from((None, "prince")))},
        ply=draw(st.integers(0, 999)),
    )
    pos.stats["white"]["rook"]["captured"] = draw(st.integers(0, 9))
    pos.stats["black"]["pawn"]["hyperjumps"] = draw(st.integers(0, 9))
    return pos


@settings(max_examples=60, deadline=None)
@given(positions())
def test_any_position_round_trips_through_its_text(pos):
    text = format_position(pos)
    back = parse_position(text)
    assert back == pos
    assert format_position(back) == text
    zh = format_position(pos, style="chinese")  # the Chinese form: the same position
    assert parse_position(zh) == pos
    assert format_position(parse_position(zh), style="chinese") == zh


def test_the_chinese_form_reads_as_documented():
    zh = (
        "# 大棋局面\n规则 standard\n局面 黑 走棋，步数 0，底 空\n分数 白 90，黑 120\n额度 黑 兵 2\n"
        "计数 白 车 得分 6 被吃 2\n格 (…—5,5,1,2,1,1,1,1…) 白车马 (6,9,1) 黑后～兵 (…—9,1,1…) 白王 (…—9,16,1…) 黑王\n"
    )
    pos = parse_position(zh)
    assert pos.to_move == "black" and pos.fill == "empty" and pos.scores == {"white": 90, "black": 120}
    assert pos.credits["black"] == {"pawn": 2} and pos.stats["white"]["rook"]["captured"] == 2
    assert pos.cell((5, 5, 1, 2)) == (Piece("rook", "white"), Piece("knight", "white"))
    assert pos.cell((6, 9, 1)) == (Piece("queen", "black", "pawn"),)
    ascii_twin = parse_position(format_position(pos))
    assert ascii_twin == pos and format_position(pos, style="chinese").startswith(
        "# 大棋局面\n规则 standard\n局面 黑 走棋"
    )
    with pytest.raises(NotationError, match=r"line 3: cannot read the stack '白象'"):
        parse_position("规则 standard\n局面 白 走棋\n格 (…—9,4,1…) 白象 (9,1,1) 白王 (9,16,1) 黑王\n")


def test_positions_of_a_played_game_round_trip_with_their_counters():
    game = Game("standard")
    rng = random.Random(3)
    for _ in range(40):
        t = random_turn(game.position, rng)
        if t is None or game.position.result:
            break
        game.play(t)
        if game.position.result is None:
            assert parse_position(format_position(game.position)) == game.position


def test_a_record_begins_from_a_position_and_replays():
    cells = {
        (9, 1, 1): (Piece("king", "white"),),
        (9, 16, 1): (Piece("king", "black"),),
        (5, 5, 2, 3): (Piece("rook", "white"), Piece("knight", "white")),
        (5, 9, 2, 3): (Piece("bishop", "black"),),
    }
    start = Position.from_pieces(RULES, cells, fill="empty", to_move="black", scores={"white": 7, "black": 9})
    game = Game(start=start)
    rng = random.Random(1)
    for _ in range(6):
        t = random_turn(game.position, rng)
        if t is None or game.position.result:
            break
        game.play(t)
    text = game.to_record()
    assert "position black to move, ply 0, fill empty" in text
    assert "\n1. " in text and "..." not in text  # black moves first: its turn is turn 1
    again = Game.from_record(text)
    assert again.positions[0] == start
    assert again.positions == game.positions


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("cells (9,4,1) Z", "unknown piece letter 'Z'"),
        ("cells (9,4,1) P (9,4,1) -", "listed twice"),
        ("cells (99,4,1) P", "outside the board"),
        ("cells (9,4,1) " + "R" * 40, "more than 16 pieces"),
        ("score white 3", "score white N, black N"),
        ("position green to move", "to move"),
        ("credit white dragon 1", "unknown piece 'dragon'"),
        ("count white rook speed 3", "unknown counter 'speed'"),
        ("score white 1, black 99999999999999999", "over the limit"),
    ],
)
def test_a_bad_position_line_is_named_by_line(line, words):
    with pytest.raises(NotationError) as err:
        Game.from_record(f"ruleset standard\ncells (9,1,1) K\n{line}\n")
    assert "line 3" in str(err.value)
    assert words in str(err.value)


def test_a_position_emptying_every_cell_of_the_main_board_reads():
    where = [(x, y, z) for x in range(1, 17) for y in range(1, 17) for z in range(1, 17)]
    text = "ruleset standard\n" + "\n".join(
        "cells " + " ".join(f"({x},{y},{z}) -" for x, y, z in where[i : i + 500]) for i in range(0, len(where), 500)
    )
    pos = parse_position(text + "\n")
    assert all(pos.cell(c) == () for c in where)


def test_a_position_over_a_chosen_arrangement_keeps_its_setup_and_homes():
    from engine.cube.layout import default_choices

    choices = default_choices(RULES)
    choices["white"][0] = ("pawn", "pawn", "rook", "rook")
    choices["black"][-1] = ("king", "queen", "brother", "prince")  # the royals swapped: other homes
    game = Game(RULES, choices)
    rng = random.Random(4)
    for _ in range(6):
        game.play(random_turn(game.position, rng))
    text = format_position(game.position)
    assert "setup white pawn pawn rook rook" in text
    back = parse_position(text)
    assert back == game.position and back.homes == game.position.homes
