"""The computer's executors (viewer.ui.computer) without a window: the worker process answers,
a cancelled question is never answered, positions of both games travel to the worker."""

from __future__ import annotations

from engine import Game
from engine.spirit import SpiritGame
from viewer.ui.computer import InlineExecutor, ProcessExecutor, Request, think, turn_seed


def test_cancelled_job_is_never_answered_and_the_next_one_is():
    ex = ProcessExecutor()
    try:
        cube, spirit = Game().position, SpiritGame().position
        ex.submit(1, Request(cube, 3, 1))
        ex.cancel(1)  # ends the busy worker, starts a fresh one
        ex.submit(2, Request(spirit, 1, 4))
        ex.submit(3, Request(cube, 1, 4))
        answers = []
        while len(answers) < 2:
            assert ex.wait(timeout=120.0), "the worker process did not answer within 120 s"
            answers += ex.poll()
        assert [j for j, _ in answers] == [2, 3] and not ex.busy()
        assert answers[0][1].suggestion.turn == think(spirit, 1, 4).turn
        assert answers[1][1].suggestion.turn == think(cube, 1, 4).turn
    finally:
        ex.close()


def test_inline_executor_holds_then_answers_and_reports_errors():
    ex = InlineExecutor(hold=True)
    ex.submit(1, Request(Game().position, 1, 0))
    ex.submit(2, Request(Game().position, 9, 0))  # no such level: an error, not a crash
    assert ex.poll() == [] and ex.busy()
    ex.hold = False
    (j1, o1), (j2, o2) = ex.poll()
    assert (j1, j2) == (1, 2) and o1.suggestion.turn is not None and o1.error is None
    assert o2.suggestion is None and "level" in o2.error


def test_turn_seed_depends_on_the_game_seed_and_the_ply_only():
    assert turn_seed(5, 3) == turn_seed(5, 3)
    assert len({turn_seed(s, p) for s in range(4) for p in range(4)}) == 16
