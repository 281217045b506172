"""A ruleset that loads is usable: cross-field checks at load time (cube and spirit)."""

import random

import pytest

from engine import Game, RulesetError, load_ruleset, load_ruleset_file, random_turn
from engine.spirit import SpiritGame


def cube_variant(tmp_path, body: str):
    p = tmp_path / "variant.toml"
    p.write_text('extends = "standard"\n[meta]\nname = "variant"\n' + body, encoding="utf-8")
    return load_ruleset_file(p)


def spirit_variant(tmp_path, body: str):
    p = tmp_path / "svariant.toml"
    p.write_text('extends = "spirit"\n[meta]\nname = "svariant"\n' + body, encoding="utf-8")
    return load_ruleset_file(p)


@pytest.mark.parametrize(
    "body, words",
    [
        ("[setup]\nroyal_slots = [1, 11, 10]\n", "setup.royal_slots"),
        ("[setup]\nroyal_slots = [1, 7, 9]\n", "setup.royal_slots"),
        ("[setup]\nroyal_slots = [1, 15, 18]\n", "setup.royal_slots"),
        ("[setup]\nfixed_pawns = [[2, 7, 10], [3, 7, 100000000000]]\n", "setup.fixed_pawns[1]"),
        (
            "[setup]\nparts = [[1, 3, 6], [1, 11, 14], [2, 3, 6], [2, 11, 14], [3, 3, 6], [30, 11, 14]]\n",
            "setup.parts[5]",
        ),
        ("[setup]\nfixed_pawns = [[1, 3, 4]]\n", "overlap"),
        (
            '[setup]\nroyal = ["queen", "brother", "rook", "pawn"]\ndefault_royal = ["queen", "brother", "rook", "pawn"]\n',
            "setup.royal",
        ),
        ('[pieces.rook]\nletter = ["R"]\n', "pieces.rook.letter"),
        ('[pieces.rook]\nletter = "RR"\n', "pieces.rook.letter"),
        ('[pieces.rook]\nletter = "1"\n', "pieces.rook.letter"),
        ('[pieces.rook]\nchinese = ""\n', "pieces.rook.chinese"),
        ('[pieces.rook]\nbetza = "R' + "9" * 80 + '"\n', "pieces.rook.betza"),
        ("[geometry]\nsize = [65, 16, 16]\n", "geometry.size"),
        ("[geometry]\nsize = [10000000, 16, 16]\n", "geometry.size"),
        ("[geometry]\ncrowded = { white = [1, 3], black = [5] }\n", "geometry.crowded.black"),
        ("[geometry]\ncrowded = { white = [1, 3], black = [3, 16] }\n", "overlap"),
        ("[geometry]\ncrowded = { white = [1, 3], black = [14, 17] }\n", "geometry.crowded.black"),
        ("[geometry]\npromotion = { white = 0, black = 3 }\n", "geometry.promotion.white"),
        ("[geometry]\ngreen = [[5, 12], [1, 16], [1, 1]]\n", "green x range"),
        ("[geometry]\ngreen = [[3, 14], [1, 16], [2, 2]]\n", "z = 1"),
        ("[scores]\nstart = 100000000000\n", "scores.start"),
        ('[scores]\ncredit_kinds = [["queen"]]\n', "scores.credit_kinds"),
        ("[draw]\nrepetitions = -1\n", "draw.repetitions"),
        ("[turns]\nmax_actions = 99\n", "turns.max_actions"),
        ('[turns.follows]\nmove = [["jump"]]\n', "turns.follows.move"),
        ('[pieces.pope]\nvalue = 3\nbetza = "K"\nletter = "Q"\n', "also used by"),
        ("[meta.x]\n", "meta.x"),
    ],
)
def test_cube_contradictions_are_errors_naming_the_key(tmp_path, body, words):
    with pytest.raises(RulesetError) as exc:
        cube_variant(tmp_path, body)
    assert words in str(exc.value)


def test_an_empty_pieces_table_is_an_error(tmp_path):
    p = tmp_path / "bare.toml"
    p.write_text('[meta]\ngame = "cube"\n[geometry]\nsize=[8,8,8]\n[pieces]\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="missing piece 'pieces.king'"):
        load_ruleset_file(p)


def test_a_smaller_consistent_board_loads_and_plays(tmp_path):
    r = cube_variant(
        tmp_path,
        """
[geometry]
size = [12, 12, 4]
green = [[1, 12], [1, 12], [1, 1]]
red_line = { white = 3, black = 10 }
promotion = { white = 10, black = 3 }
crowded = { white = [1, 3], black = [10, 12] }
[setup]
parts = [[1, 1, 4], [1, 9, 12], [2, 1, 4], [2, 9, 12], [3, 1, 4], [3, 9, 12]]
royal_slots = [1, 5, 8]
fixed_pawns = [[2, 5, 8], [3, 5, 8]]
""",
    )
    g = Game(r)
    rng = random.Random(3)
    for _ in range(4):
        t = random_turn(g.position, rng)
        if t is None:
            break
        g.play(t)
    assert g.position.ply >= 1


def test_overrides_keep_geometry_checks_and_say_whether_the_setup_fits():
    std = load_ruleset("standard")
    small = std.with_overrides(
        {"size": [8, 8, 4], "green": [[2, 7], [1, 8], [1, 1]], "promotion": {"white": 7, "black": 2}}
    )
    assert small.size == (8, 8, 4) and small.setup_fits is False and std.setup_fits is True
    for bad in (3.0, [1], {"crowded": {"white": [1, 3]}}, {"size": [10**7, 16, 16]}, {"size": "big"}):
        with pytest.raises(RulesetError):
            std.with_overrides(bad)


@pytest.mark.parametrize(
    "body, words",
    [
        ('[pieces.master]\nletter = ["M"]\n', "pieces.master.letter"),
        ('[pieces.master]\nletter = ""\n', "pieces.master.letter"),
        ("[board]\nsize = [65, 19]\n", "board.size"),
        ("[pieces.master]\nsteps = 100000000000\n", "pieces.master.steps"),
        ("[pieces.elder]\ncount = 100000000000\n", "do not fit"),
        ('[setup]\nguard_required = [["master"]]\n', "setup.guard_required"),
        ("[setup]\ndefault_order = [{ a = 1 }]\n", "setup.default_order"),
        ("[setup]\ndefault_sect = { white = [30, 2], black = [10, 18] }\n", "setup.default_sect.white"),
        ('[pieces."Bad Name"]\ncount = 1\nsteps = 1\nlevel = 1\n', "piece name"),
        ("[gaps]\nh1_formation_level = 100000000000\n", "gaps.h1_formation_level"),
    ],
)
def test_spirit_contradictions_are_errors_naming_the_key(tmp_path, body, words):
    with pytest.raises(RulesetError) as exc:
        spirit_variant(tmp_path, body)
    assert words in str(exc.value)


def test_a_spirit_variant_that_loads_plays(tmp_path):
    r = spirit_variant(tmp_path, "[gaps]\nh6_max_plies = 10\n")
    g = SpiritGame(r)
    assert g.position.to_move == "white" and r.max_plies == 10


def test_a_cube_game_refuses_a_spirit_ruleset():
    with pytest.raises(Exception) as exc:
        Game("spirit")
    assert "not a cube-chess ruleset" in str(exc.value)


def test_meta_name_must_be_a_ruleset_name(tmp_path):
    p = tmp_path / "n.toml"
    p.write_text('extends = "standard"\n[meta]\nname = "has spaces"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="'meta.name' must be a ruleset name"):
        load_ruleset_file(p)


def test_a_ruleset_without_fixed_pawns_starts_a_game(tmp_path):
    std = tmp_path / "std.toml"
    from engine.core.loader import RULESET_DIR

    text = (RULESET_DIR / "standard.toml").read_text(encoding="utf-8")
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("fixed_pawns")).replace(
        'name = "standard"', 'name = "nopawns"'
    )
    std.write_text(text, encoding="utf-8")
    g = Game(load_ruleset_file(std))
    assert g.position.cell((7, 2, 1)) == ()


def test_a_spirit_ruleset_whose_default_placement_is_illegal_does_not_load(tmp_path):
    with pytest.raises(RulesetError, match="default placement of white"):
        spirit_variant(tmp_path, "[setup]\ndefault_sect = { white = [1, 1], black = [19, 19] }\nguard_min = 4\n")
