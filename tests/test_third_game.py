"""A third game (tests/noughts_game.py) passes through every engine layer by registering one
GameKind: the protocol, records, the Game protocol, the computer player and the arena."""

from __future__ import annotations

import random

import noughts_game as ng
import pytest

from engine.core import games
from engine.core.errors import IllegalAction
from engine.players import suggest
from engine.players.arena import run_arena
from engine.protocol import handle


@pytest.fixture
def noughts(tmp_path, monkeypatch):
    monkeypatch.setenv("DAQI_RULESETS", str(tmp_path))
    ng.register(tmp_path)
    yield games.get(ng.NAME)
    ng.unregister()


def _pos(marks: dict, to_move: str = "white"):
    return {"ruleset": ng.NAME, "to_move": to_move, "marks": [[list(c), s] for c, s in marks.items()]}


def test_the_protocol_answers_the_third_game_by_its_ruleset_name(noughts):
    assert handle({"query": "ruleset", "ruleset": ng.NAME, "id": 7}) == {
        "legal": True,
        "name": ng.NAME,
        "game": ng.NAME,
        "cells": 27,
        "id": 7,
    }
    reply = handle({"query": "turn", "ruleset": ng.NAME, "position": _pos({}), "turn": {"at": [2, 2, 2]}})
    assert reply["legal"] and reply["position"]["marks"] == [[[2, 2, 2], "white"]]
    taken = handle(
        {
            "query": "turn",
            "ruleset": ng.NAME,
            "position": _pos({(2, 2, 2): "white"}, "black"),
            "turn": {"at": [2, 2, 2]},
        }
    )
    assert taken["legal"] is False and taken["error"] == "occupied"


def test_suggest_through_the_protocol_takes_the_winning_cell(noughts):
    pos = _pos({(1, 1, 1): "white", (2, 2, 2): "white", (1, 2, 3): "black", (3, 1, 2): "black"})
    reply = handle({"query": "suggest", "ruleset": ng.NAME, "position": pos, "level": 1, "seed": 4})
    assert reply["legal"] and reply["turn"] == {"at": [3, 3, 3]}, reply


@pytest.mark.parametrize("name", ["cube", "spirit", ng.NAME])
def test_every_game_class_keeps_the_one_game_protocol(noughts, name):
    kind = games.get(name)
    game = kind.new_game(kind.default_ruleset)
    assert isinstance(game, games.Game) and not game.can_undo and not game.can_redo
    with pytest.raises(IllegalAction) as err:
        game.undo()
    assert err.value.code == "no-history"
    rng = random.Random(5)
    for _ in range(2):
        after = game.play(kind.random_turn(game.position, rng))
        assert after is game.position and after.ply == len(game.history)
    first, second, played = game.positions[1], game.position, game.history
    assert game.undo() == played[-1] and game.history == played[:-1]
    assert game.position == first and game.can_redo
    assert game.redo() == second == game.position and not game.can_redo
    again = games.read_record(game.to_text())
    assert type(again) is type(game) and again.history == game.history and again.result == game.result
    assert kind.parse_turn(kind.format_turn(game.history[0], game.positions[0]), game.rules) == game.history[0]


def test_the_computer_and_the_arena_play_the_third_game(noughts):
    game = noughts.new_game(ng.NAME)
    while game.result is None:
        game.play(suggest(game.position, 2 if game.position.to_move == "white" else 0, seed=len(game.turns)).turn)
    assert game.result.winner in ("white", "black", None)
    results = run_arena(3, [0, 2], game=ng.NAME, seed=1, progress=False)
    assert len(results) == 3 and all(r.spec.game == ng.NAME and r.plies <= 27 for r in results)
    assert {r.category for r in results} <= {"three in a line", "full cube"}
    strong = sum(1 for r in results if r.winner == ("white" if r.spec.white == 2 else "black"))
    assert strong >= 2  # the searching level beats random play


def test_an_unregistered_game_is_gone_everywhere(noughts, tmp_path):
    ng.unregister()
    assert ng.NAME not in games.names()
    reply = handle({"query": "ruleset", "ruleset": ng.NAME})
    assert reply["legal"] is False and "not a Daqi ruleset" in reply["message"]
    ng.register(tmp_path)  # the fixture unregisters it again
