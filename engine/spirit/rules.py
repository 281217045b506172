"""The spirit-chess ruleset: schema, builder (registered in ``engine.ruleset.GAMES``)
and the immutable :class:`SpiritRules` it builds from ``engine/rulesets/spirit.toml``."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeGuard

from ..core.errors import RulesetError
from ..core.frozen import freeze
from ..core.loader import BOOL, INT, LIST, MAX_NAME_LENGTH, STR, is_ruleset_name, key_name, show

SIDES = ("white", "black")
Coord = tuple[int, int]

SPIRIT_SCHEMA: dict[str, Any] = {
    "extends": STR,
    "meta": {"name": STR, "game": STR, "description": STR},
    "board": {"size": LIST, "halves": {"white": LIST, "black": LIST}, "no_legal_turn": STR},
    "setup": {
        "guard_min": INT,
        "guard_required": LIST,
        "default_sect": {"white": LIST, "black": LIST},
        "default_order": LIST,
    },
    "pieces": (
        "table-of",
        {
            "count": INT,
            "steps": INT,
            "level": INT,
            "diagonal": BOOL,
            "unlimited_from_level": INT,
            "royal": BOOL,
            "formation": BOOL,
            "transforms": BOOL,
            "transform_level": INT,
            "letter": STR,
            "chinese": STR,
        },
    ),
    "gaps": {
        "h1_formation_level": INT,
        "h1_formation_levellable": BOOL,
        "h2_pass_through_occupied": BOOL,
        "h2_revisit": BOOL,
        "h3_higher_may_not_end_in_zone": BOOL,
        "h4_hidden_setup": BOOL,
        "h5_equal_level_captured": STR,
        "h6_max_plies": INT,
        "h7_sect_level": INT,
        "h9_transform_level": STR,
    },
}

NO_LEGAL_TURN = ("lose", "draw")
#: sane bounds: board extent per axis, piece kinds, steps and levels
MAX_AXIS = 64
MAX_KINDS = 32
MAX_NUMBER = 1000
#: the most steps of a piece with a fixed step count: the path search (simple paths, H2) visits up
#: to 8·7^(steps-1) paths per mover, about 19,000 at 5 -- 12 would be 16 billion (a hung query)
MAX_STEPS = 5
_PIECE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")
EQUAL_CAPTURED = ("defender", "attacker")
TRANSFORM_LEVEL = ("keep", "start")  # H9: the new piece keeps the disciple's level, or starts anew


@dataclass(frozen=True)
class SpiritKind:
    """One piece type of spirit chess (S1, S3-S9)."""

    name: str
    count: int
    steps: int
    level: int
    diagonal: bool = False
    unlimited_from_level: int | None = None
    royal: bool = False
    formation: bool = False
    transforms: bool = False
    transform_level: int = 3
    letter: str = "?"
    chinese: str = "?"

    @property
    def movable(self) -> bool:
        return not self.royal and self.steps > 0


@dataclass(frozen=True)
class SpiritRules:
    """The effective spirit-chess ruleset (immutable)."""

    name: str
    source: str
    size: tuple[int, int]
    halves: Mapping[str, tuple[int, int]]
    pieces: Mapping[str, SpiritKind]  # in file order
    guard_min: int
    guard_required: tuple[str, ...]
    default_sect: Mapping[str, Coord]
    default_order: tuple[str, ...]
    formation_levellable: bool
    pass_through_occupied: bool
    revisit: bool
    higher_may_not_end_in_zone: bool
    hidden_setup: bool
    equal_level_captured: str
    max_plies: int
    no_legal_turn: str
    transform_level: str = "keep"
    raw: dict = field(repr=False, compare=False, default_factory=dict)

    game = "spirit"

    def __post_init__(self) -> None:
        for f in fields(self):  # deeply immutable: every dict a read-only mapping, every list a tuple
            object.__setattr__(self, f.name, freeze(getattr(self, f.name)))

    # -- helpers --------------------------------------------------------------------------
    def on_board(self, c) -> bool:
        return 1 <= c[0] <= self.size[0] and 1 <= c[1] <= self.size[1]

    def in_half(self, side: str, c) -> bool:
        lo, hi = self.halves[side]
        return lo <= c[1] <= hi

    @property
    def royal(self) -> str:
        return next(k.name for k in self.pieces.values() if k.royal)

    def levellable(self, kind: str) -> bool:
        k = self.pieces[kind]
        if k.royal:
            return False
        return self.formation_levellable if k.formation else True

    def start_counts(self) -> dict[str, int]:
        return {k.name: k.count for k in self.pieces.values()}

    @property
    def total(self) -> int:
        return sum(k.count for k in self.pieces.values())

    def describe(self) -> dict:
        """JSON-ready summary (used by the protocol ``ruleset`` query)."""
        pieces = {}
        for k in self.pieces.values():
            d = {
                "count": k.count,
                "steps": k.steps,
                "level": k.level,
                "diagonal": k.diagonal,
                "levellable": self.levellable(k.name),
                "movable": k.movable,
                "letter": k.letter,
                "chinese": k.chinese,
            }
            if k.unlimited_from_level is not None:
                d["unlimited_from_level"] = k.unlimited_from_level
            if k.royal:
                d["royal"] = True
            if k.formation:
                d["formation"] = True
            if k.transforms:
                d["transforms"] = True
                d["transform_level"] = k.transform_level
            pieces[k.name] = d
        return {
            "name": self.name,
            "size": list(self.size),
            "halves": {s: list(self.halves[s]) for s in SIDES},
            "pieces": pieces,
            "guard": {"min": self.guard_min, "required": list(self.guard_required)},
            "gaps": {
                "h1_formation_level": self.pieces[self.formation_kind].level if self.formation_kind else None,
                "h1_formation_levellable": self.formation_levellable,
                "h2_pass_through_occupied": self.pass_through_occupied,
                "h2_revisit": self.revisit,
                "h3_higher_may_not_end_in_zone": self.higher_may_not_end_in_zone,
                "h4_hidden_setup": self.hidden_setup,
                "h5_equal_level_captured": self.equal_level_captured,
                "h6_max_plies": self.max_plies,
                "h7_sect_level": self.pieces[self.royal].level,
                "h9_transform_level": self.transform_level,
            },
            "no_legal_turn": self.no_legal_turn,
        }

    @property
    def formation_kind(self) -> str | None:
        return next((k.name for k in self.pieces.values() if k.formation), None)


def _int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _pair(v) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_int(i) for i in v)


def build_spirit(data: dict, where: str, problems: list[str]) -> SpiritRules:
    """Builder for ``GAMES["spirit"]``: adds contradiction checks to the schema ``problems``
    (the board, each piece kind, the setup, the gap answers; every problem is reported)."""

    def table(d: dict, key: str) -> dict:
        return d.get(key, {}) if isinstance(d.get(key), dict) else {}

    board, setup, gaps, meta = table(data, "board"), table(data, "setup"), table(data, "gaps"), table(data, "meta")
    for sec in ("board", "pieces"):
        if sec not in data:
            problems.append(f"missing table '{sec}'")
    if "name" in meta and not is_ruleset_name(meta["name"]):
        problems.append(
            f"'meta.name' must be a ruleset name (letters, digits, '_', '-'; at most {MAX_NAME_LENGTH} characters)"
        )
    size, halves, nlt = _spirit_board(board, problems)
    f_level = gaps.get("h1_formation_level", 1)
    s_level = gaps.get("h7_sect_level", 0)
    kinds = _spirit_kinds(table(data, "pieces"), f_level, s_level, problems)
    gmin, greq, order, dsect = _spirit_setup(setup, kinds, size, halves, problems)
    tl, eq, mp = _spirit_gaps(gaps, f_level, s_level, problems)
    if problems:
        raise RulesetError(problems, where=where)
    return SpiritRules(
        name=data.get("meta", {}).get("name", Path(where).stem),
        source=where,
        size=(size[0], size[1]),
        halves=MappingProxyType(halves),
        pieces=MappingProxyType(kinds),
        guard_min=gmin,
        guard_required=tuple(greq),
        default_sect=MappingProxyType(dsect),
        default_order=tuple(order) or tuple(kinds),
        formation_levellable=gaps.get("h1_formation_levellable", True),
        pass_through_occupied=gaps.get("h2_pass_through_occupied", False),
        revisit=gaps.get("h2_revisit", False),
        higher_may_not_end_in_zone=gaps.get("h3_higher_may_not_end_in_zone", True),
        hidden_setup=gaps.get("h4_hidden_setup", True),
        equal_level_captured=eq,
        max_plies=mp,
        no_legal_turn=nlt,
        transform_level=tl,
        raw=data,
    )


def _spirit_board(board: dict, problems: list[str]) -> tuple[list, dict, str]:
    """``board``: its size, each side's half (rows), what having no legal turn means."""
    size = board.get("size", [19, 19])
    if not (_pair(size) and 3 <= size[0] <= MAX_AXIS and 3 <= size[1] <= MAX_AXIS):
        problems.append(f"'board.size' must be two integers in 3..{MAX_AXIS}, got {show(size)}")
        size = [19, 19]
    halves_raw = board.get("halves", {}) if isinstance(board.get("halves"), dict) else {}
    halves = {}
    for s in SIDES:
        h = halves_raw.get(s)
        if h is None:
            problems.append(f"missing key 'board.halves.{s}'")
        elif not _pair(h) or not 1 <= h[0] <= h[1] <= size[1]:
            problems.append(f"'board.halves.{s}' must be [first_row, last_row] inside 1..{size[1]}, got {show(h)}")
        else:
            halves[s] = (h[0], h[1])
    if len(halves) == 2 and halves["white"][1] >= halves["black"][0]:
        problems.append("'board.halves' white and black rows overlap")
    nlt = board.get("no_legal_turn", "lose")
    if nlt not in NO_LEGAL_TURN:
        problems.append(f"'board.no_legal_turn' must be one of {', '.join(NO_LEGAL_TURN)}, got {show(nlt)}")
    return size, halves, nlt


def _spirit_kinds(praw: dict, f_level, s_level, problems: list[str]) -> dict[str, SpiritKind]:
    """``pieces``: each kind (see :func:`_spirit_kind`), then one royal sect, at most one
    formation, letters and Chinese names used once."""
    kinds: dict[str, SpiritKind] = {}
    if len(praw) > MAX_KINDS:
        problems.append(f"'pieces' defines {len(praw)} kinds; at most {MAX_KINDS}")
        praw = {}
    for name, spec in praw.items():
        if not isinstance(spec, dict):
            continue
        kind = _spirit_kind(name, spec, f_level, s_level, problems)
        if kind is not None:
            kinds[name] = kind
    royals = [k for k in kinds.values() if k.royal]
    if praw and len(royals) != 1:
        problems.append(f"exactly one piece must have royal = true (the sect, S3), found {len(royals)}")
    elif royals and royals[0].count != 1:
        problems.append(f"'pieces.{royals[0].name}.count' must be 1: a side has one sect (S1)")
    forms = [k for k in kinds.values() if k.formation]
    if len(forms) > 1:
        problems.append("at most one piece kind may be a formation")
    seen: dict[tuple, str] = {}
    for kind in kinds.values():
        for label, val in (("letter", kind.letter), ("chinese", kind.chinese)):
            if (label, val) in seen:
                problems.append(f"'pieces.{kind.name}.{label}' {show(val)} is also used by {seen[(label, val)]}")
            seen[(label, val)] = kind.name
    return kinds


def _spirit_kind(name, spec: dict, f_level, s_level, problems: list[str]) -> SpiritKind | None:
    """One ``[pieces.NAME]`` table; None (and its problems) when it cannot be used."""
    if not (isinstance(name, str) and _PIECE_NAME.fullmatch(name)):
        problems.append(
            f"'pieces.{key_name(name)}': a piece name is a lower-case word (a-z, 0-9, '_', '-'; at most 32 characters)"
        )
        return None
    p = f"pieces.{name}"
    is_form = bool(spec.get("formation", False))
    for k in ("count", "steps"):
        if k not in spec:
            problems.append(f"missing key '{p}.{k}'")
    is_royal = bool(spec.get("royal", False))
    if "level" not in spec and not is_form and not is_royal:
        problems.append(f"missing key '{p}.level'")
    if is_form and "level" in spec and _int(f_level) and spec["level"] != f_level:
        problems.append(f"'{p}.level' = {show(spec['level'])} contradicts 'gaps.h1_formation_level' = {show(f_level)}")
    if is_royal and "level" in spec and _int(s_level) and spec["level"] != s_level:
        problems.append(f"'{p}.level' = {show(spec['level'])} contradicts 'gaps.h7_sect_level' = {show(s_level)}")
    count, steps = spec.get("count", 1), spec.get("steps", 0)
    level = spec.get("level", f_level if is_form else s_level if is_royal else 0)
    unl = spec.get("unlimited_from_level")
    tlevel = spec.get("transform_level", 3)
    for k, v, lo in (
        ("count", count, 1),
        ("steps", steps, 0),
        ("level", level, 0),
        ("unlimited_from_level", unl, 0),
        ("transform_level", tlevel, 0),
    ):
        top = MAX_STEPS if k == "steps" else MAX_NUMBER
        if _int(v) and not lo <= v <= top:
            why = " (longer fixed moves would make the path search too slow)" if k == "steps" else ""
            problems.append(f"'{p}.{k}' must be in {lo}..{top}{why}, got {show(v)}")
    letter, chinese = spec.get("letter", name[0].upper()), spec.get("chinese", name)
    if isinstance(letter, str) and not (len(letter) == 1 and letter.isalpha()):
        problems.append(f"'{p}.letter' must be one letter, got {show(letter)}")
    if isinstance(chinese, str) and not (
        1 <= len(chinese) <= 8 and chinese.isprintable() and not any(c.isspace() for c in chinese)
    ):
        problems.append(f"'{p}.chinese' must be 1 to 8 printable characters without spaces")
    if not isinstance(letter, str) or not isinstance(chinese, str) or not _int(tlevel):
        return None
    if unl is not None and spec.get("steps", 0) == 0:
        problems.append(f"'{p}.unlimited_from_level' needs steps > 0")
    if spec.get("royal") and spec.get("steps", 0) != 0:
        problems.append(f"'{p}': a royal piece never moves (S3), so steps must be 0")
    if spec.get("royal") and (is_form or spec.get("transforms")):
        problems.append(f"'{p}': a royal piece cannot also be a formation or transform")
    if not spec.get("royal") and spec.get("steps", 1) == 0:
        problems.append(f"'{p}.steps' is 0 but only the royal piece may be immobile")
    if is_form and spec.get("steps", 1) != 1:
        problems.append(f"'{p}.steps' must be 1: a formation moves one step (S9)")
    if not all(_int(v) for v in (count, steps, level)) or (unl is not None and not _int(unl)):
        return None
    return SpiritKind(
        name=name,
        count=count,
        steps=steps,
        level=level,
        diagonal=bool(spec.get("diagonal", False)),
        unlimited_from_level=unl,
        royal=bool(spec.get("royal", False)),
        formation=is_form,
        transforms=bool(spec.get("transforms", False)),
        transform_level=tlevel,
        letter=letter,
        chinese=chinese,
    )


def _spirit_setup(setup: dict, kinds: dict, size: list, halves: dict, problems: list[str]) -> tuple:
    """``setup``: the guards, the default order and sect squares; all pieces fit in each half."""
    gmin = setup.get("guard_min", 3)
    if _int(gmin) and not 0 <= gmin <= 8:
        problems.append(f"'setup.guard_min' must be 0..8, got {show(gmin)}")
    greq = setup.get("guard_required", [])
    greq = greq if isinstance(greq, list) else []
    for n in greq:
        if not isinstance(n, str) or n not in kinds:
            problems.append(f"'setup.guard_required' names unknown piece {show(n)}")
    if _int(gmin) and len(greq) > gmin:
        problems.append(f"'setup.guard_required' lists {len(greq)} pieces but 'setup.guard_min' is {gmin}")
    order = setup.get("default_order", [])
    order = order if isinstance(order, list) else []
    for n in order:
        if not isinstance(n, str) or n not in kinds:
            problems.append(f"'setup.default_order' names unknown piece {show(n)}")
    dsect_raw = setup.get("default_sect", {}) if isinstance(setup.get("default_sect"), dict) else {}
    dsect = {}
    for s in SIDES:
        c = dsect_raw.get(s)
        if c is None:
            c = [(size[0] + 1) // 2, halves[s][0] + 1 if s == "white" else halves[s][1] - 1] if s in halves else [1, 1]
        if not _pair(c):
            problems.append(f"'setup.default_sect.{s}' must be [x, y], got {show(c)}")
            continue
        if not (1 <= c[0] <= size[0]) or (s in halves and not halves[s][0] <= c[1] <= halves[s][1]):
            problems.append(f"'setup.default_sect.{s}' {show(c)} is not in {s}'s half")
        dsect[s] = (c[0], c[1])
    total = sum(k.count for k in kinds.values())
    for s, (lo, hi) in halves.items():
        if total > (hi - lo + 1) * size[0]:
            problems.append(f"{total} pieces do not fit in {s}'s half ({(hi - lo + 1) * size[0]} squares)")
    return gmin, greq, order, dsect


def _spirit_gaps(gaps: dict, f_level, s_level, problems: list[str]) -> tuple:
    """The gap answers (H1, H5, H6, H7, H9) that are values, checked."""
    if not _int(f_level) or not 0 <= f_level <= MAX_NUMBER:
        problems.append(f"'gaps.h1_formation_level' must be an integer in 0..{MAX_NUMBER}, got {show(f_level)}")
    if not _int(s_level) or not 0 <= s_level <= MAX_NUMBER:
        problems.append(f"'gaps.h7_sect_level' must be an integer in 0..{MAX_NUMBER}, got {show(s_level)}")
    tl = gaps.get("h9_transform_level", "keep")
    if tl not in TRANSFORM_LEVEL:
        problems.append(f"'gaps.h9_transform_level' must be one of {', '.join(TRANSFORM_LEVEL)}, got {show(tl)}")
    eq = gaps.get("h5_equal_level_captured", "defender")
    if eq not in EQUAL_CAPTURED:
        problems.append(f"'gaps.h5_equal_level_captured' must be defender or attacker, got {show(eq)}")
    mp = gaps.get("h6_max_plies", 0)
    if _int(mp) and mp < 0:
        problems.append(f"'gaps.h6_max_plies' must be >= 0 (0 = no limit), got {show(mp)}")
    return tl, eq, mp
