"""The observation view (C18) as a picture: its model (the hovered row's z columns)."""

from __future__ import annotations

from viewer.cube.controller import CubeController
from viewer.cube.observe_view import observe_columns, stack_label


def test_columns_of_the_hovered_row_bottom_first():
    c = CubeController(quick=True, autosave_path=None)
    assert observe_columns(c) == []  # off
    c.cycle_observe()  # range 0
    c.cycle_observe()  # range 1
    c.hovered = (4, 1, 1)
    cols = observe_columns(c)
    assert [(x, y) for x, y, _col in cols] == [(3, 1), (4, 1), (5, 1)]
    x, _y, col = cols[1]
    zs = [z for z, _st in col]
    assert zs == sorted(zs) and zs[0] == 1 and zs[-1] == 16  # plane 1 first, every plane's crowd pawn
    assert stack_label(col[0][1], c.rules) == "N"  # the knight on (4, 1, 1)
    assert all(stack_label(st, c.rules) == "P" for _z, st in col[1:])


def test_the_picture_writes_every_piece_with_the_notations_letter():
    from engine import Piece, load_ruleset

    rules = load_ruleset("standard")
    royals = (Piece("prince", "white"), Piece("brother", "white"), Piece("king", "white"))
    assert stack_label(royals, rules) == "".join(rules.pieces[p.type].letter for p in royals) == "HGK"
