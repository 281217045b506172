"""The Elo ladder (issue 18): every level of both games has a place or says why not, and
docs/ARENA.md's ladder table gives the same numbers (the help of ``daqi play`` shows it:
tests/viewer/app/test_cli_level_ladder.py)."""

import re
from pathlib import Path

from engine.players import LEVELS
from engine.players.ladder import LADDER, ladder_text

DOC = Path(__file__).resolve().parents[3] / "docs" / "ARENA.md"


def test_every_level_of_both_games_is_on_the_ladder_with_level_1_as_zero():
    for game in ("cube", "spirit"):
        rows = LADDER[game]
        assert [r[0] for r in rows] == list(LEVELS)
        assert rows[1][1] == 0.0 and rows[1][2]
        assert all(r[3] for r in rows)


def test_the_ladder_text_names_every_level():
    text = ladder_text()
    for game, rows in LADDER.items():
        assert game in text
        for level, elo, current, _ in rows:
            assert f"L{level} " in text
            if elo is not None:
                assert f"L{level} {'' if current else '~'}{elo:+.0f}" in text


def test_docs_arena_lists_the_same_ladder():
    doc = DOC.read_text(encoding="utf-8")
    section = doc[doc.index("### The Elo ladder") :]
    for game, rows in LADDER.items():
        for level, elo, current, _ in rows:
            m = re.search(rf"^\| {game} \| L{level} \| ([^|]+)\|", section, re.M)
            assert m, f"{game} L{level} missing from docs/ARENA.md's ladder"
            cell = m.group(1).strip()
            want = f"{'' if current else '~'}{elo:+.0f}" if elo is not None else None
            assert cell.startswith(want) if want else not cell[:1].isdigit(), (game, level, cell)
