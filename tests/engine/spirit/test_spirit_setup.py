"""S2 setup constraints and the H4 hidden two-sided setup."""

import pytest
from spirit_helpers import RULES

from engine.core.errors import IllegalAction, NotationError
from engine.spirit import SpiritSetup, check_setup, default_placement, spirit_start_position


def _move(pl, src, dst):
    pl = dict(pl)
    pl[dst] = pl.pop(src)
    return pl


def test_default_placement_is_valid_for_both_sides():
    for side in ("white", "black"):
        pl = default_placement(RULES, side)
        check_setup(RULES, side, pl)
        assert len(pl) == 19


def test_s2_setup_own_half():
    pl = default_placement(RULES, "white")
    disciple = next(c for c, k in pl.items() if k == "disciple")
    with pytest.raises(IllegalAction, match=r"\(10,10\) is not in white's half"):
        check_setup(RULES, "white", _move(pl, disciple, (10, 10)))
    black = default_placement(RULES, "black")
    with pytest.raises(IllegalAction, match="not in white's half"):
        check_setup(RULES, "white", {c: k for c, k in black.items()})


def test_s2_exact_piece_counts():
    pl = default_placement(RULES, "white")
    disciple = next(c for c, k in pl.items() if k == "disciple")
    pl2 = dict(pl)
    pl2[disciple] = "elder"
    with pytest.raises(IllegalAction, match="placed 5 elder") as exc:
        check_setup(RULES, "white", pl2)
    assert exc.value.code == "bad-setup"
    del pl2[disciple]
    with pytest.raises(IllegalAction):
        check_setup(RULES, "white", pl2)


def test_s2_guard_needs_three_with_master():
    sect = (10, 5)
    base = {sect: "sect", (9, 4): "master", (10, 4): "elder", (11, 4): "elder"}
    rest = ["vicemaster", "elder", "elder", "protector", "protector"] + ["disciple"] * 8 + ["formation"] * 2
    far = [(x, 1) for x in range(1, 20)]
    pl = dict(base)
    pl.update(zip(far, rest))
    check_setup(RULES, "white", pl)
    # only two guards
    with pytest.raises(IllegalAction, match="only 2 piece"):
        check_setup(RULES, "white", _move(pl, (11, 4), (19, 2)))
    # three guards but no master among them
    with pytest.raises(IllegalAction, match="master must stand"):
        check_setup(RULES, "white", _move(_move(pl, (9, 4), (19, 2)), (1, 1), (9, 4)))


def test_setup_rejects_bad_input():
    with pytest.raises(NotationError):
        check_setup(RULES, "white", {(1, 1): "pope"})
    with pytest.raises(IllegalAction) as exc:
        check_setup(RULES, "white", {(0, 1): "sect"})
    assert exc.value.code == "out-of-board"
    with pytest.raises(NotationError):
        check_setup(RULES, "green", {})


def test_start_position_levels_and_first_player():
    pos = spirit_start_position(RULES, default_placement(RULES, "white"), default_placement(RULES, "black"))
    assert pos.to_move == "white" and pos.ply == 0 and pos.result is None
    assert len(pos.pieces) == 38
    for p in pos.pieces.values():
        assert p.level == RULES.pieces[p.type].level
    assert dict(pos.start_counts["black"]) == RULES.start_counts()


def test_h4_hidden_setup_until_both_committed():
    s = SpiritSetup(RULES)
    s.place((10, 2), "sect")
    assert s.visible() == {(10, 2): ("sect", "white")}
    with pytest.raises(IllegalAction, match="not in white's half"):
        s.place((10, 12), "elder")
    with pytest.raises(IllegalAction):  # incomplete
        s.commit()
    s.fill_default()
    assert sum(s.remaining().values()) == 0
    s.commit()
    assert s.phase == "handover" and s.visible() == {}
    with pytest.raises(IllegalAction):
        s.place((10, 12), "sect")
    s.hand_over()
    assert s.side == "black" and s.visible() == {}  # white's placement stays hidden
    s.place((10, 18), "sect")
    assert s.visible() == {(10, 18): ("sect", "black")}
    assert s.remove((10, 18)) == "sect"
    with pytest.raises(IllegalAction):
        s.position()
    s.fill_default()
    s.commit()
    assert s.phase == "done" and len(s.visible()) == 38
    assert len(s.position().pieces) == 38


def test_h4_setup_place_limits():
    s = SpiritSetup(RULES)
    s.place((10, 2), "sect")
    with pytest.raises(IllegalAction, match="already holds"):
        s.place((10, 2), "master")
    with pytest.raises(IllegalAction, match="all 1 sect"):
        s.place((10, 3), "sect")
    with pytest.raises(IllegalAction):
        s.remove((5, 5))
