"""Spirit window: ends where a formation zone would catch the mover (S11) get a red cross before
the player confirms; a path clicked into such a square stops and waits for Enter."""

from __future__ import annotations

import numpy as np
import pytest

from engine.spirit import SpiritPiece, SpiritPosition
from viewer.spirit.controller import SpiritController
from viewer.spirit.view import CAUGHT_RGB


def _position(rules) -> SpiritPosition:
    """White master (3) at (10,10) facing a black level-3 formation at (12,12): its zone catches it."""

    def pc(kind, side, level=None):
        return SpiritPiece(kind, side, rules.pieces[kind].level if level is None else level)

    return SpiritPosition(
        rules,
        "white",
        {
            (1, 1): pc("sect", "white"),
            (3, 1): pc("elder", "white"),
            (19, 19): pc("sect", "black"),
            (17, 19): pc("disciple", "black"),
            (10, 10): pc("master", "white"),
            (12, 12): pc("formation", "black", 3),
        },
    )


@pytest.fixture
def controller() -> SpiritController:
    c = SpiritController(quick=True)
    c.game.positions = [_position(c.rules)]  # test setup: play from this position
    c._clear_turn()
    return c


def test_s11_caught_ends_are_listed_apart_from_safe_ends(controller):
    c = controller
    c.click_cell((3, 1))  # raise the elder, not the master
    c.click_cell((10, 10))
    tg = c.targets()
    assert (11, 11) in tg["caught"] and (11, 11) not in tg["ends"]
    assert (10, 13) in tg["ends"] and (10, 13) not in tg["caught"]
    assert (13, 13) not in tg["ends"] + tg["caught"]  # behind the zone: unreachable
    assert set(tg["caught"]) == {e for e in c._ends if 11 <= e[0] <= 13 and 11 <= e[1] <= 13}
    assert "red cross" in c.message.text


def test_s11_a_clicked_path_into_a_zone_stops_and_waits_for_enter(controller):
    c = controller
    c.click_cell((3, 1))
    c.click_cell((10, 10))
    c.click_cell((11, 11))  # step 1 of 3 enters the zone
    assert c.path == [(11, 11)] and c.path_caught() and not c.game.turns
    assert "Caught on (11,11)" in c.message.text and c.message.level == "error"
    c.click_cell((12, 12))  # the move has ended there: no further step
    assert c.path == [(11, 11)] and c.message.level == "error" and not c.game.turns
    c.back()
    assert c.path == [] and not c.path_caught()
    c.click_cell((11, 11))
    assert c.confirm()
    assert c.game.turns[-1].path == ((11, 11),)
    assert not any(p.type == "master" for p in c.game.position.pieces.values())
    assert "captured white master on (11,11)" in c.message.text


def test_s11_raised_above_the_zone_nothing_is_marked(controller):
    c = controller
    c.click_cell((10, 10))  # raise the master to 4
    c.click_cell((10, 10))
    assert c.targets()["caught"] == [] and (11, 11) not in c.targets()["ends"]


@pytest.fixture
def window(headless_window, controller):
    return headless_window(None, spirit_controller=controller, start="spirit", width=1100, height=760)


def test_s11_window_draws_a_red_cross_on_caught_ends(window):
    c = window.controller
    c.click_cell((3, 1))
    c.click_cell((10, 10))
    frame = window.draw_frame()
    geo = window.app.geometry()

    def near(sq, rgb, tol=40):
        x, y = geo.center(sq)
        h = int(geo.cell * 0.25)
        row0 = window.height - int(y)  # pixels are read top-down
        patch = frame[row0 - h : row0 + h, int(x) - h : int(x) + h, :3].astype(int)
        return int((np.abs(patch - np.array(rgb)).sum(axis=2) < tol).sum())

    assert near((11, 11), CAUGHT_RGB) > 10  # the cross on a caught end
    assert near((10, 13), CAUGHT_RGB) == 0  # a safe end has the blue dot only
    assert near((9, 9), CAUGHT_RGB) == 0
