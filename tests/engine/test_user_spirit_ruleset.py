"""A user ruleset that extends spirit chess is spirit chess by name: in the protocol (suggest
included) and in records (issue 17 / 20: games are found by their declared game, not their name)."""

from __future__ import annotations

import json

import pytest

from engine.core import games
from engine.protocol import handle


@pytest.fixture
def myspirit(tmp_path, monkeypatch):
    monkeypatch.setenv("DAQI_RULESETS", str(tmp_path))
    (tmp_path / "myspirit.toml").write_text(
        'extends = "spirit"\n[meta]\nname = "myspirit"\n[gaps]\nh6_max_plies = 50\n', encoding="utf-8"
    )
    return "myspirit"


def test_the_protocol_answers_a_user_spirit_ruleset_by_name(myspirit):
    reply = handle({"query": "ruleset", "ruleset": myspirit, "id": 1})
    assert reply["name"] == "myspirit" and reply["gaps"]["h6_max_plies"] == 50 and reply["id"] == 1
    pos = {"ruleset": myspirit, "to_move": "white", "pieces": [
        {"at": [10, 1], "side": "white", "type": "sect", "level": 0},
        {"at": [10, 2], "side": "white", "type": "master", "level": 3},
        {"at": [10, 19], "side": "black", "type": "sect", "level": 0},
        {"at": [10, 18], "side": "black", "type": "master", "level": 3},
    ]}  # fmt: skip
    sug = handle({"query": "suggest", "ruleset": myspirit, "position": pos, "level": 1})
    assert sug["legal"] is True and set(sug["turn"]) >= {"levelup", "origin", "path"}
    turn = handle({"query": "turn", "ruleset": myspirit, "position": pos, "turn": sug["turn"]})
    assert turn["legal"] is True, json.dumps(turn)


def test_a_cube_request_still_goes_to_cube_chess_and_a_bad_name_is_one_error():
    assert handle({"query": "ruleset", "ruleset": "standard"})["legal"] is not False
    bad = handle({"query": "ruleset", "ruleset": "no-such-ruleset"})
    assert bad["legal"] is False and "no-such-ruleset" in bad["message"]


def test_a_record_of_a_user_spirit_ruleset_reads_back_as_spirit_chess(myspirit):
    kind = games.for_ruleset(myspirit)
    assert kind is games.get("spirit")
    game = kind.new_game(myspirit)
    game.play(kind.random_turn(game.position, __import__("random").Random(3)))
    text = game.to_text()
    assert f"ruleset {myspirit}" in text and games.of_record(text) is kind
    again = games.read_record(text)
    assert type(again) is type(game) and again.turns == game.turns and again.rules.name == myspirit
