"""S1 and the ruleset file: loading, data, contradiction checks."""

import pytest
from spirit_helpers import RULES, variant

from engine.core.errors import RulesetError
from engine.core.loader import GAMES, load_ruleset
from engine.spirit import SpiritRules


def test_s1_board_and_piece_counts():
    assert isinstance(RULES, SpiritRules) and RULES.game == "spirit"
    assert RULES.size == (19, 19)
    assert {k: v.count for k, v in RULES.pieces.items()} == {
        "sect": 1,
        "master": 1,
        "vicemaster": 1,
        "elder": 4,
        "protector": 2,
        "disciple": 8,
        "formation": 2,
    }
    assert RULES.total == 19


def test_s4_to_s8_step_counts_and_start_levels_are_data():
    steps = {k: (v.steps, v.level) for k, v in RULES.pieces.items()}
    assert steps == {
        "sect": (0, 0),
        "master": (3, 3),
        "vicemaster": (2, 3),
        "elder": (2, 2),
        "protector": (2, 2),
        "disciple": (1, 0),
        "formation": (1, 1),
    }
    assert RULES.pieces["protector"].diagonal and RULES.pieces["protector"].unlimited_from_level == 3
    assert RULES.pieces["disciple"].transforms and RULES.pieces["disciple"].transform_level == 3


def test_spirit_is_registered_in_games():
    assert "spirit" in GAMES
    assert GAMES["spirit"][1].__name__ == "build_spirit_checked"


def test_ruleset_halves_leave_row_10_empty():
    assert dict(RULES.halves) == {"white": (1, 9), "black": (11, 19)}


def test_h8_each_half_is_nine_rows_and_row_10_is_neutral(tmp_path):
    """H8: 各半棋盘 on 19 rows: white y 1..9, black y 11..19 (``board.halves``); nobody sets up on row 10."""
    assert RULES.in_half("white", (4, 9)) and not RULES.in_half("white", (4, 10))
    assert RULES.in_half("black", (4, 11)) and not RULES.in_half("black", (4, 10))
    assert RULES.describe()["halves"] == {"white": [1, 9], "black": [11, 19]}
    wide = variant(tmp_path, "[board]\nhalves = { white = [1, 10], black = [11, 19] }\n")
    assert wide.in_half("white", (4, 10))


def test_h7_sect_level_is_0_and_data(tmp_path):
    """H7: the sect's level is not stated; ``gaps.h7_sect_level = 0`` (it never changes, S3)."""
    assert RULES.pieces["sect"].level == 0 and RULES.describe()["gaps"]["h7_sect_level"] == 0
    assert "level" not in RULES.raw["pieces"]["sect"]  # the gap key is the one place
    guarded = variant(tmp_path, "[gaps]\nh7_sect_level = 2\n")
    assert guarded.pieces["sect"].level == 2
    with pytest.raises(RulesetError, match="contradicts 'gaps.h7_sect_level'"):
        variant(tmp_path, "[pieces.sect]\nlevel = 1\n", name="clash")
    with pytest.raises(RulesetError, match="h7_sect_level"):
        variant(tmp_path, "[gaps]\nh7_sect_level = -1\n", name="negative")


def test_h9_transform_level_is_data(tmp_path):
    """H9: ``gaps.h9_transform_level`` is "keep" (the new piece keeps the disciple's level) or "start"."""
    assert RULES.transform_level == "keep" and RULES.describe()["gaps"]["h9_transform_level"] == "keep"
    assert variant(tmp_path, '[gaps]\nh9_transform_level = "start"\n').transform_level == "start"
    with pytest.raises(RulesetError, match="h9_transform_level"):
        variant(tmp_path, '[gaps]\nh9_transform_level = "max"\n', name="bad")


def test_ruleset_contradictions_are_reported(tmp_path):
    with pytest.raises(RulesetError) as exc:
        variant(
            tmp_path,
            """
[board]
halves = { white = [1, 12], black = [11, 19] }
[setup]
guard_min = 9
guard_required = ["pope"]
[pieces.sect]
steps = 2
[pieces.formation]
level = 4
[gaps]
h5_equal_level_captured = "both"
h6_max_plies = -1
""",
        )
    text = str(exc.value)
    for bit in (
        "overlap",
        "guard_min",
        "pope",
        "royal piece never moves",
        "contradicts 'gaps.h1_formation_level'",
        "h5_equal_level_captured",
        "h6_max_plies",
    ):
        assert bit in text, bit
    assert len(exc.value.problems) >= 7


def test_ruleset_unknown_keys_are_reported(tmp_path):
    with pytest.raises(RulesetError) as exc:
        variant(tmp_path, "[pieces.master]\nspeed = 4\n[gaps]\nh10 = true\n")
    assert "pieces.master.speed" in str(exc.value) and "gaps.h10" in str(exc.value)


def test_ruleset_variant_extends_spirit(tmp_path):
    r = variant(tmp_path, "[gaps]\nh6_max_plies = 10\n")
    assert r.max_plies == 10 and r.size == (19, 19)
    assert load_ruleset("spirit").max_plies == 400
