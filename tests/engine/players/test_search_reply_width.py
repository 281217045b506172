"""``SearchParams.reply_width`` (issue 18, session 7): the opponent's reply to a root turn is chosen
from every candidate (best ``keep`` by static value), not only the best ``gen_width`` by pre-score,
so a quiet refutation that the pre-score ranks last is still seen.  A small game tree stands in for
a game: the search's logic, not a position's details, is under test."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.players.base import Budget
from engine.players.search import ROOT_ALL, Search, SearchParams


@dataclass(frozen=True)
class Node:
    name: str
    to_move: str
    value_a: float  # static value for side A
    result: None = None
    kids: tuple = field(default=(), compare=False)


def tree(replies: int) -> Node:
    """A to move: "safe" keeps +1; "bait" looks like +5, and so it stays after every one of B's
    ``replies`` quiet answers but the last, "refute", which the pre-score ranks last and which
    leaves A at -10."""

    def a_leaf(name: str, v: float) -> Node:  # B has moved: A's one answer keeps the value
        return Node(name, "A", v, kids=(Node(name + "/pass", "B", v),))

    answers = tuple(a_leaf(f"bait/quiet{i}", 5.0) for i in range(replies - 1)) + (a_leaf("bait/refute", -10.0),)
    bait = Node("bait", "B", 5.0, kids=answers)
    safe = Node("safe", "B", 1.0, kids=(a_leaf("safe/quiet", 1.0),))
    return Node("root", "A", 0.0, kids=(safe, bait))


class TreeAdapter:
    """The adapter interface the search needs (moves, pre-score, play, evaluate, key, tactical)."""

    def root(self, pos):
        return pos

    def moves(self, pos):
        return [k.name for k in pos.kids]

    def prescore(self, pos, turn):
        return -1.0 if turn.endswith("refute") else 1.0  # the refutation looks least promising

    def play(self, pos, turn):
        return next(k for k in pos.kids if k.name == turn)

    def evaluate(self, pos):
        return pos.value_a if pos.to_move == "A" else -pos.value_a

    def key(self, turn):
        return turn

    def tactical(self, pos):
        return []


def search(**params) -> tuple:
    p = SearchParams(depth=3, root_keep2=None, root_keep=2, gen_width=4, keep=8, qdepth=0, jitter=0.0, **params)
    s = Search(TreeAdapter(), p, Budget(nodes=10_000), seed=0)
    turn, value, line = s.run(tree(replies=10))
    return turn, value, line


def test_a_refutation_beyond_the_generation_width_is_missed_without_it():
    turn, value, _ = search()
    assert turn == "bait" and value == pytest.approx(5.0)


@pytest.mark.parametrize("width", [ROOT_ALL, 10])
def test_the_reply_width_finds_the_refutation(width):
    turn, value, line = search(reply_width=width)
    assert turn == "safe" and value == pytest.approx(1.0)
    assert line[0] == "safe"


def test_a_reply_width_below_the_refutation_still_misses_it():
    turn, _, _ = search(reply_width=9)
    assert turn == "bait"
