"""The one key table of each game (viewer.ui.bindings): the help is printed from the same entries
the dispatch runs, every bound key is documented, every documented key is bound, and no two
actions share a key in one context."""

from __future__ import annotations

import itertools
import re

import pytest

from viewer.cube.controller import CubeController
from viewer.spirit.controller import SpiritController
from viewer.ui.bindings import (
    ARROWS,
    BINDINGS,
    CUBE_KEYS,
    LESSON_KEYS,
    SPIRIT_BINDINGS,
    SPIRIT_KEYS,
    WINDOW_KEYS,
    Key,
    Row,
)
from viewer.ui.control_common import BASE_CONTEXTS

TABLES = {"cube": CUBE_KEYS, "spirit": SPIRIT_KEYS}
ALL_TABLES = {**TABLES, "window": WINDOW_KEYS, "lesson": LESSON_KEYS}
#: every key name the window produces (viewer.app.window.key_name)
KEY_NAMES = (
    [chr(c) for c in range(ord("a"), ord("z") + 1)]
    + [str(d) for d in range(10)]
    + [f"f{i}" for i in range(1, 13)]
    + [
        "enter",
        "backspace",
        "escape",
        "pageup",
        "pagedown",
        "tab",
        "space",
        "home",
        "end",
        "left",
        "right",
        "up",
        "down",
        "delete",
    ]
    + list("[],.+=-/")
)
MODS = list(itertools.product((False, True), repeat=2))  # (shift, ctrl)


def _label_keys(row: Row) -> list[str]:
    """The keys a help row's label names, read back from the printed label (ranges and 'arrows'
    expanded): what a player reads."""
    label = row.label()
    if row.note:
        label = label.removesuffix(f" ({row.note})")
    if row.mouse:
        label = label.removesuffix(row.mouse).removesuffix(" / ").removesuffix(" or ")
    out: list[str] = []
    for token in re.split(r" / | or ", label) if label else []:
        prefix, _sep, base = token.rpartition("+") if token not in ("+",) else ("", "", "+")
        prefix = prefix + "+" if prefix else ""
        if base == "arrows":
            out += [prefix + a.capitalize() for a in ARROWS]
        elif re.fullmatch(r"1-[2-9]", base):
            out += [prefix + str(d) for d in range(1, int(base[2]) + 1)]
        else:
            out.append(token)
    return out


@pytest.mark.parametrize("game", ALL_TABLES)
def test_every_bound_key_is_documented_in_its_help_row(game):
    table = ALL_TABLES[game]
    for row in table.rows:
        named = _label_keys(row)
        for k in row.keys:
            assert k.shown() in named, f"{game}: {k} is bound but its help row {row.label()!r} does not name it"


@pytest.mark.parametrize("game", TABLES)
def test_each_games_help_is_printed_from_its_table_with_the_windows_keys(game):
    table = TABLES[game]
    help_rows = {"cube": BINDINGS, "spirit": SPIRIT_BINDINGS}[game]
    assert help_rows == table.help()  # the help overlay prints the table itself
    assert set(WINDOW_KEYS.keys()) <= set(table.keys())


@pytest.mark.parametrize("game", ALL_TABLES)
def test_every_documented_key_is_bound(game):
    table = ALL_TABLES[game]
    for row in table.rows:
        assert row.keys or row.mouse, f"{game}: help row {row.text!r} names no key and no mouse action"
        bound = {k.shown() for k in row.keys}
        for shown in _label_keys(row):
            assert shown in bound, f"{game}: the help names {shown!r} in {row.label()!r} but no key is bound"


def _controller(game):
    if game == "cube":
        return CubeController(quick=True, autosave_path=None, offer_resume=False)
    return SpiritController(quick=True)


@pytest.mark.parametrize("game", TABLES)
def test_every_action_of_the_table_is_what_the_controller_does_and_no_other(game):
    table = TABLES[game]
    c = _controller(game)
    own = [ctx.name for ctx in table.contexts if ctx.name not in ("window", "app")]
    assert set(c.key_actions()) == table.actions(own)
    assert set(BASE_CONTEXTS) <= set(own)


@pytest.mark.parametrize("game", ALL_TABLES)
def test_no_two_actions_share_a_key_in_one_context(game):
    table = ALL_TABLES[game]

    def overlap(a: Key, b: Key) -> bool:
        return (
            a.name == b.name
            and (a.shift is None or b.shift is None or a.shift == b.shift)
            and (a.ctrl is None or b.ctrl is None or a.ctrl == b.ctrl)
        )

    keys = table.keys()
    for a, b in itertools.combinations(keys, 2):
        if a.context == b.context and overlap(a, b):
            assert a.action == b.action and a == b, f"{game}: {a} and {b} share a key in context {a.context!r}"
        if a.context == b.context and a.action != b.action:
            assert not overlap(a, b)


@pytest.mark.parametrize("game", TABLES)
def test_in_play_a_key_does_something_exactly_when_the_table_binds_it(game):
    """Every key and modifier pressed on a fresh game: the controller acts on it (``key`` is True)
    exactly when an active context of the table binds it -- no key is dispatched outside the table,
    and none crashes."""
    table = TABLES[game]
    for name, (shift, ctrl) in itertools.product(KEY_NAMES, MODS):
        c = _controller(game)
        active = [ctx.name for ctx in table.contexts if ctx.name not in ("window", "app") and c.key_active(ctx.name)]
        expected = False
        for ctx in active:
            if table.lookup(ctx, name, shift, ctrl) is not None:
                expected = True
                break
            if ctx == "ctrl" and ctrl:
                break
        assert c.key(name, shift=shift, ctrl=ctrl) is expected, (game, name, shift, ctrl)


def test_cube_keys_follow_their_context_priority():
    c = CubeController(quick=True, autosave_path=None, offer_resume=False)
    # a plain arrow moves the keyboard cursor; with Shift it orbits the camera
    yaw = c.view.camera.yaw
    c.key("left")
    assert c.cursor is not None and c.view.camera.yaw == yaw
    c.key("left", shift=True)
    assert c.view.camera.yaw != yaw
    # while the help is shown, PageDown turns its page instead of jumping a piece
    c.key("h")
    c.key("pagedown")
    assert c.help_visible and c.help_page == 1
    c.key("escape")
    assert not c.help_visible
    # a modal prompt takes every key: S types nothing, Escape closes it
    c.key("s", ctrl=True)
    assert c.prompt is not None and c.prompt.kind == "save"
    assert c.key("q") and c.game is not None and c.setup is None  # Q is not "quick start" here
    c.key("escape")
    assert c.prompt is None


def test_spirit_setup_digits_choose_a_kind_and_play_digits_do_nothing():
    s = SpiritController()
    s.key("3")
    assert s.place_kind == s.kinds[2]
    s.key("q")
    assert s.setup is None
    assert s.key("3") is False


@pytest.mark.parametrize("game", TABLES)
def test_a_help_row_is_never_split_across_two_pages(game):
    from viewer.ui.panels import help_lines, help_page

    lines = help_lines(TABLES[game].help())
    for rows in (12, 20, 31):
        pages, page = [], 0
        while True:
            text = help_page("KEYS", lines, rows, page)
            if pages and text == pages[-1]:
                break
            pages.append(text)
            page += 1
        body = [p.split("\n")[2:] for p in pages]
        assert all(b and not b[0].startswith(" ") for b in body)  # each page starts with a key
        assert all(len(b) <= rows - 3 for b in body)
        assert [line for b in body for line in b] == lines  # nothing lost, nothing repeated
