"""``daqi play --help`` and ``daqi spirit --help`` place every level on the Elo ladder (issue 18)."""

import argparse
import re

from engine.players.ladder import ladder_text
from viewer.app.cli import build_parser


def test_the_level_option_shows_the_elo_ladder_in_both_games():
    p = build_parser()
    subs = next(a for a in p._actions if isinstance(a, argparse._SubParsersAction))
    for name in ("play", "spirit"):
        text = re.sub(r"\s+", " ", subs.choices[name].format_help())
        assert "Elo ladder, level 1 = 0" in text
        assert re.sub(r"\s+", " ", ladder_text()) in text
