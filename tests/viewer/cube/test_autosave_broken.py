"""A broken autosave never blocks starting: a new game, a message naming the file, the file kept aside."""

import pytest

from engine import Game
from viewer.cube.controller import CubeController


def _broken_variants(tmp_path):
    demo = Game("standard")
    good = demo.to_record()
    return {
        "ruleset-is-a-folder": good.replace("ruleset standard", f"ruleset {tmp_path}"),
        "spirit-ruleset": good.replace("ruleset standard", "ruleset spirit"),
        "not-utf8": b"ruleset standard\n\xff\xfe\n1. P(9,3,1)-(9,4,1)\n",
        "empty": "",
        "garbage": "1. nonsense\n",
        "huge-number": good + "1. P(9,3,1)-(9," + "4" * 5000 + ",1)\n",
    }


@pytest.mark.parametrize(
    "kind", ["ruleset-is-a-folder", "spirit-ruleset", "not-utf8", "empty", "garbage", "huge-number"]
)
def test_broken_autosave_starts_a_new_game_and_is_kept_aside(tmp_path, kind):
    content = _broken_variants(tmp_path)[kind]
    auto = tmp_path / "autosave.txt"
    auto.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    c = CubeController(autosave_path=auto)
    assert c.mode == "setup" and c.resume_offer is None
    assert str(auto) in c.message.text and "could not be loaded" in c.message.text
    aside = list(tmp_path.glob("autosave.broken-*.txt"))
    assert len(aside) == 1 and aside[0].name in c.message.text
    assert aside[0].read_bytes() == (content if isinstance(content, bytes) else content.encode("utf-8"))
    assert not auto.exists()
    c.quick_start()  # the new game autosaves over the old name
    assert Game.load(auto).turns == []


def test_an_autosave_that_is_a_folder_is_moved_aside(tmp_path):
    auto = tmp_path / "autosave.txt"
    auto.mkdir()
    c = CubeController(autosave_path=auto)
    assert c.mode == "setup" and "could not be loaded" in c.message.text
    assert not auto.exists() and next(tmp_path.glob("autosave.broken-*.txt")).is_dir()


def test_a_good_autosave_is_still_offered(tmp_path):
    auto = tmp_path / "autosave.txt"
    c = CubeController(quick=True, autosave_path=auto)
    t = c.game.position
    import random

    from engine import format_turn, random_turn

    assert c.play_typed(format_turn(random_turn(t, random.Random(1)), c.rules))  # the window autosaves
    c2 = CubeController(autosave_path=auto)
    assert c2.mode == "resume" and not list(tmp_path.glob("autosave.broken-*"))


def test_an_autosave_of_a_game_with_a_ruleset_file_resumes(tmp_path):
    from engine import load_ruleset_file

    rfile = tmp_path / "mine.toml"
    rfile.write_text('extends = "standard"\n[meta]\nname = "mine"\n[scores]\nstart = 90\n', encoding="utf-8")
    rules = load_ruleset_file(rfile)
    auto = tmp_path / "autosave.txt"
    c = CubeController(rules, quick=True, autosave_path=auto)
    import random

    from engine import format_turn, random_turn

    assert c.play_typed(format_turn(random_turn(c.game.position, random.Random(2)), c.rules))
    assert "ruleset mine" in auto.read_text(encoding="utf-8")
    c2 = CubeController(rules, autosave_path=auto)  # 'mine' is no bundled or user ruleset
    assert c2.mode == "resume" and c2.resume_offer.rules.start_score == 90
