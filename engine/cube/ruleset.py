"""The cube-chess ruleset: schema, the immutable :class:`Ruleset` and its builder.

Registered with the generic loader (:mod:`engine.core.loader`) when ``engine.cube`` is imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

from ..core.betza import compile_betza
from ..core.errors import NotationError, RulesetError
from ..core.frozen import fingerprint, freeze, thaw
from ..core.loader import (
    BOOL,
    INT,
    LIST,
    MAX_NAME_LENGTH,
    STR,
    check_schema,
    is_ruleset_name,
    key_name,
    show,
    type_name,
)
from .layout import royal_homes

SIDES = ("white", "black")

_META = {"name": STR, "game": STR, "description": STR}
CUBE_SCHEMA: dict[str, Any] = {
    "extends": STR,
    "meta": _META,
    "geometry": {
        "size": LIST,
        "green": LIST,
        "higher_min": INT,
        "red_line": {"white": INT, "black": INT},
        "promotion": {"white": INT, "black": INT},
        "crowded": {"white": LIST, "black": LIST},
    },
    "scores": {
        "start": INT,
        "pawn_slot_bonus": INT,
        "green_drop_surcharge": INT,
        "hyperjump": INT,
        "stack_after_promotion_line": INT,
        "stack_hyperjump_pays_highest": BOOL,
        "credit_kinds": LIST,
        "credit_same_kind": BOOL,
    },
    "turns": {
        "max_actions": INT,
        "composite_stack": LIST,
        "promote_after_drop": STR,
        "follows": dict.fromkeys(("start", "move", "capture", "drop", "jump", "hyperjump", "stack", "split"), LIST),
    },
    "draw": {"max_plies": INT, "repetitions": INT},
    "outcome": {"both_lose": STR},
    "setup": {
        "seconds_per_choice": INT,
        "slot_choices": LIST,
        "royal": LIST,
        "parts": LIST,
        "royal_slots": LIST,
        "fixed_pawns": LIST,
        "default_parts": LIST,
        "default_royal": LIST,
    },
    "pieces": (
        "table-of",
        {
            "value": INT,
            "betza": STR,
            "royal": BOOL,
            "stackable": BOOL,
            "immune": BOOL,
            "letter": STR,
            "chinese": STR,
            "promotes_to": LIST,
            "hire": STR,
        },
    ),
}

ACTION_KINDS = ("move", "capture", "drop", "jump", "hyperjump", "stack", "split", "promote")
# G19: what a promotion may produce in a turn that drops (hires) a piece
PROMOTE_AFTER_DROP = ("any", "unlimited", "none")
FOLLOW_KINDS = ("start", "move", "capture", "drop", "jump", "hyperjump", "stack", "split")


# --- the ruleset --------------------------------------------------------------------------


def _freeze_fields(obj) -> None:
    for f in fields(obj):
        object.__setattr__(obj, f.name, freeze(getattr(obj, f.name)))


@dataclass(frozen=True)
class PieceSpec:
    name: str
    value: int
    betza: str
    rays: dict  # side -> tuple[Ray, ...]
    royal: bool = False
    stackable: bool = True
    immune: bool = False
    letter: str = "?"
    chinese: str = "?"
    promotes_to: tuple = ()
    hire: str = "none"  # "unlimited" | "credit" | "none"

    def __post_init__(self) -> None:
        _freeze_fields(self)


@dataclass(frozen=True)
class Ruleset:
    """The effective cube-chess ruleset (immutable)."""

    name: str
    source: str
    size: tuple[int, int, int]
    green: tuple[tuple[int, int], tuple[int, int], tuple[int, int]]
    higher_min: int
    red_line: dict
    promotion: dict
    crowded: dict
    pieces: dict  # name -> PieceSpec
    start_score: int
    pawn_slot_bonus: int
    green_drop_surcharge: int
    hyperjump_cost: int
    stack_after_promotion_line: int
    stack_hyperjump_pays_highest: bool
    credit_kinds: tuple
    max_actions: int
    composite_stack: tuple
    follows: dict  # kind -> frozenset of kinds
    max_plies: int
    repetitions: int
    both_lose: str
    setup: dict
    promote_after_drop: str = "unlimited"
    credit_same_kind: bool = False
    #: False only for a ruleset made by :meth:`with_overrides` whose geometry no longer holds the setup
    setup_fits: bool = True
    raw: dict = field(repr=False, compare=False, default_factory=dict)

    game = "cube"

    def __post_init__(self) -> None:
        _freeze_fields(self)  # deeply immutable: every dict a read-only mapping, every list a tuple

    @cached_property
    def fingerprint(self) -> str:
        """The ruleset as a value key (:func:`engine.core.frozen.fingerprint` of it): equal rulesets
        share it, so the engine's per-ruleset caches (move generation, the computer's tables) are
        keyed by it and never by ``id()`` (issue 20)."""
        return fingerprint(self)

    @property
    def homes(self) -> dict:
        """Start squares of king and prince per side, from the default royal arrangement."""
        return royal_homes(self, dict.fromkeys(SIDES, self.setup["default_royal"]))

    def forward(self, side: str) -> int:
        return 1 if side == "white" else -1

    def in_green(self, coord) -> bool:
        if len(coord) > 3:
            return False
        (x0, x1), (y0, y1), (z0, z1) = self.green
        return x0 <= coord[0] <= x1 and y0 <= coord[1] <= y1 and z0 <= coord[2] <= z1

    def beyond_promotion(self, side: str, y: int) -> bool:
        return y >= self.promotion["white"] if side == "white" else y <= self.promotion["black"]

    def with_overrides(self, overrides: dict) -> Ruleset:
        """A copy with geometry keys replaced (protocol ``overrides``): size, green, promotion,
        red_line, crowded, higher_min and the start score.  The result passes every geometry check
        of :func:`build_cube`; ``setup_fits`` says whether the setup arrangement still fits."""
        if overrides is None or overrides == {}:
            return self
        if not isinstance(overrides, dict):
            raise RulesetError(f"overrides must be a table (object), not {type_name(overrides)}", where="overrides")
        raw = thaw(self.raw)
        problems = []
        for key, value in overrides.items():
            if key in ("size", "green", "promotion", "red_line", "higher_min", "crowded"):
                raw["geometry"][key] = value
            elif key in ("start",):
                raw["scores"]["start"] = value
            else:
                problems.append(
                    f"unknown override '{key_name(key)}' (allowed: size, green, promotion, red_line, "
                    f"crowded, higher_min, start)"
                )
        if problems:
            raise RulesetError(problems, where="overrides")
        return build_cube(raw, f"{self.source} + overrides", check_setup=False)


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _pair(v) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(_int(i) for i in v)


def _triple(v) -> bool:
    return isinstance(v, list) and len(v) == 3 and all(_int(i) for i in v)


def _names(v) -> list:
    """The strings of a list (other items are reported by the caller)."""
    return [n for n in v if isinstance(n, str)] if isinstance(v, list) else []


#: the largest board extent per axis, and the sane bounds of the numbers of a ruleset
MAX_AXIS = 64
MAX_VALUE = 10**6
MAX_PARTS = 256
MAX_PIECES = 64
MAX_BETZA = 64
_PIECE_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")


def _box(green: list) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """The checked ``geometry.green`` list ``[[x0,x1],[y0,y1],[z0,z1]]`` as a tuple of pairs."""
    (x0, x1), (y0, y1), (z0, z1) = green
    return (x0, x1), (y0, y1), (z0, z1)


def _bounded(problems: list[str], key: str, v, lo: int, hi: int) -> None:
    if v is not None and _int(v) and not lo <= v <= hi:
        problems.append(f"'{key}' = {show(v)} is outside {lo}..{hi}")


def _check_geometry(g: dict, problems: list[str], soft: list[str]):
    """(size, green, promotion, crowded) after checking the geometry table; None where unusable.
    Red line and crowded ranks off the board go to ``soft`` (they only matter for the setup)."""
    size = g.get("size")
    if size is not None and not (
        isinstance(size, list) and len(size) == 3 and all(_int(v) and 1 <= v <= MAX_AXIS for v in size)
    ):
        problems.append(f"'geometry.size' must be three integers in 1..{MAX_AXIS}, got {show(size)}")
        size = None
    green = g.get("green")
    if green is not None:
        if not (isinstance(green, list) and len(green) == 3 and all(_pair(p) for p in green)):
            problems.append("'geometry.green' must be [[x0,x1],[y0,y1],[z0,z1]]")
            green = None
        elif size:
            for axis, (lo, hi), n in zip("xyz", green, size):
                if not 1 <= lo <= hi <= n:
                    problems.append(f"'geometry.green' {axis} range [{show(lo)}, {show(hi)}] is not inside 1..{n}")
                    green = None
    _bounded(problems, "geometry.higher_min", g.get("higher_min"), 1, MAX_AXIS)
    lines: dict[str, dict | None] = {}
    for table in ("promotion", "red_line"):
        val = g.get(table, {})
        lines[table] = None
        if not isinstance(val, dict):
            continue
        for side in SIDES:
            if side not in val:
                problems.append(f"missing key 'geometry.{table}.{side}'")
            elif size and _int(val[side]) and not 1 <= val[side] <= size[1]:
                (problems if table == "promotion" else soft).append(
                    f"'geometry.{table}.{side}' = {show(val[side])} is outside ranks 1..{size[1]}"
                )
        if all(_int(val.get(s)) for s in SIDES):
            lines[table] = val
    crowded = g.get("crowded", {})
    if isinstance(crowded, dict):
        for side in SIDES:
            if side not in crowded:
                problems.append(f"missing key 'geometry.crowded.{side}'")
                crowded = None
            elif not _pair(crowded[side]) or not crowded[side][0] <= crowded[side][1]:
                problems.append(f"'geometry.crowded.{side}' must be [first_rank, last_rank]")
                crowded = None
            elif size and not 1 <= crowded[side][0] <= crowded[side][1] <= size[1]:
                soft.append(f"'geometry.crowded.{side}' ranks are not inside 1..{size[1]}")
            if crowded is None:
                break
        if crowded and crowded["white"][1] >= crowded["black"][0]:
            problems.append("'geometry.crowded' white and black ranks overlap")
    else:
        crowded = None
    return size, green, lines["promotion"], crowded


def _check_pieces(data: dict, problems: list[str]) -> dict:
    pieces_raw = data.get("pieces", {}) if isinstance(data.get("pieces"), dict) else {}
    if len(pieces_raw) > MAX_PIECES:
        problems.append(f"'pieces' defines {len(pieces_raw)} kinds; at most {MAX_PIECES}")
        return {}
    pieces: dict[str, PieceSpec] = {}
    for name, spec in pieces_raw.items():
        if not isinstance(spec, dict):
            continue
        if not (isinstance(name, str) and _PIECE_NAME.fullmatch(name)):
            problems.append(
                f"'pieces.{key_name(name)}': a piece name is a lower-case word "
                f"(a-z, 0-9, '_', '-'; at most 32 characters)"
            )
            continue
        p = f"pieces.{name}"
        for k in ("value", "betza"):
            if k not in spec:
                problems.append(f"missing key '{p}.{k}'")
        value = spec.get("value", 0)
        _bounded(problems, f"{p}.value", value, -MAX_VALUE, MAX_VALUE)
        betza = spec.get("betza", "K")
        rays: dict = {}
        if not isinstance(betza, str):
            betza = ""
        elif len(betza) > MAX_BETZA or not betza.isprintable():
            problems.append(f"'{p}.betza' must be a printable pattern of at most {MAX_BETZA} characters")
        else:
            try:
                rays = {s: compile_betza(betza, 1 if s == "white" else -1) for s in SIDES}
            except NotationError as exc:
                problems.append(f"'{p}.betza': {exc}")
        hire = spec.get("hire", "none")
        if hire not in ("unlimited", "credit", "none"):
            problems.append(f"'{p}.hire' must be unlimited, credit or none, got {show(hire)}")
        letter = spec.get("letter", name[0].upper())
        if isinstance(letter, str) and not (len(letter) == 1 and letter.isalpha()):
            problems.append(f"'{p}.letter' must be one letter, got {show(letter)}")
        chinese = spec.get("chinese", name)
        if isinstance(chinese, str) and not (
            1 <= len(chinese) <= 8 and chinese.isprintable() and not any(c.isspace() for c in chinese)
        ):
            problems.append(f"'{p}.chinese' must be 1 to 8 printable characters without spaces")
        promotes = spec.get("promotes_to", [])
        if isinstance(promotes, list) and len(_names(promotes)) != len(promotes):
            problems.append(f"'{p}.promotes_to' must list piece names")
        royal = spec.get("royal", False)
        pieces[name] = PieceSpec(
            name=name,
            value=value if _int(value) else 0,
            betza=betza,
            rays=rays,
            royal=royal is True,
            stackable=spec.get("stackable", not royal) is True,
            immune=spec.get("immune", False) is True,
            letter=letter if isinstance(letter, str) else "?",
            chinese=chinese if isinstance(chinese, str) else "?",
            promotes_to=tuple(_names(promotes)),
            hire=hire if isinstance(hire, str) else "none",
        )
    for name, piece in pieces.items():
        for t in piece.promotes_to:
            if t not in pieces:
                problems.append(f"'pieces.{name}.promotes_to' names unknown piece {show(t)}")
    letters: dict = {}
    for name, piece in pieces.items():
        for label, val in (("letter", piece.letter), ("chinese", piece.chinese)):
            if (label, val) in letters:
                problems.append(f"'pieces.{name}.{label}' {show(val)} is also used by {letters[(label, val)]}")
            letters[(label, val)] = name
    if "pieces" in data:
        for req in ("king", "prince", "pawn"):
            if req not in pieces_raw:
                problems.append(f"missing piece 'pieces.{req}'")
    return pieces


def _check_turns(data: dict, problems: list[str]) -> dict:
    tu = data.get("turns", {}) if isinstance(data.get("turns"), dict) else {}
    _bounded(problems, "turns.max_actions", tu.get("max_actions"), 0, len(ACTION_KINDS))
    comp = tu.get("composite_stack", [])
    if isinstance(comp, list):
        for a in comp:
            if a not in ACTION_KINDS:
                problems.append(f"'turns.composite_stack' names unknown action {show(a)}")
    follows_raw = tu.get("follows", {}) if isinstance(tu.get("follows"), dict) else {}
    follows = {}
    for k, lst in follows_raw.items():
        if not isinstance(lst, list):
            continue
        for a in lst:
            if a not in ACTION_KINDS:
                problems.append(
                    f"'turns.follows.{k}' names unknown action {show(a)} (known: {', '.join(ACTION_KINDS)})"
                )
        follows[k] = frozenset(a for a in lst if a in ACTION_KINDS)
    for k in FOLLOW_KINDS:
        if k not in follows:
            problems.append(f"missing key 'turns.follows.{k}'")
    if "drop" in follows.get("split", ()):
        problems.append("'turns.follows.split' lists drop, which C35/G5 forbid")
    return follows


def _slot_triple(problems: list[str], key: str, v, size) -> bool:
    if not _triple(v):
        problems.append(f"'{key}' must be [rank, x_from, x_to]")
        return False
    rank, x0, x1 = v
    if size and not (1 <= rank <= size[1] and 1 <= x0 <= x1 <= size[0]):
        problems.append(f"'{key}' = {show(v)} is not on the board (ranks 1..{size[1]}, x 1..{size[0]})")
        return False
    return True


def _check_setup(st: dict, pieces: dict, size, green, problems: list[str]) -> None:
    """Setup checks: names, counts, and every slot on the board, in the green area, distinct."""
    _bounded(problems, "setup.seconds_per_choice", st.get("seconds_per_choice"), 0, 86400)
    for k in ("slot_choices", "royal", "default_royal"):
        val = st.get(k, [])
        if isinstance(val, list):
            for nm in val:
                if not isinstance(nm, str) or nm not in pieces:
                    problems.append(f"'setup.{k}' names unknown piece {show(nm)}")
    for k in ("parts", "default_parts", "royal", "royal_slots", "default_royal", "slot_choices"):
        if k not in st:
            problems.append(f"missing key 'setup.{k}'")
    royal = _names(st.get("royal"))
    if len(set(royal)) != len(royal) or not {"king", "prince"} <= set(royal):
        problems.append("'setup.royal' must name king and prince, each piece once")
    droyal = st.get("default_royal")
    if (
        isinstance(droyal, list)
        and isinstance(st.get("royal"), list)
        and sorted(map(str, droyal)) != sorted(map(str, st["royal"]))
    ):
        problems.append("'setup.default_royal' must use each royal piece exactly once")
    parts, dparts = st.get("parts", []), st.get("default_parts", [])
    if not isinstance(parts, list) or not isinstance(dparts, list):
        return
    if len(parts) > MAX_PARTS:
        problems.append(f"'setup.parts' has {len(parts)} parts; at most {MAX_PARTS}")
        return
    if len(parts) != len(dparts):
        problems.append(f"'setup.default_parts' has {len(dparts)} parts but 'setup.parts' has {len(parts)}")
    ok = [_slot_triple(problems, f"setup.parts[{i}]", p, size) for i, p in enumerate(parts)]
    choices = _names(st.get("slot_choices"))
    for i, (p, d) in enumerate(zip(parts, dparts)):
        if not ok[i]:
            continue
        n = p[2] - p[1] + 1
        if not isinstance(d, list) or len(d) != n:
            problems.append(f"'setup.default_parts[{i}]' must list {n} pieces")
            continue
        for nm in d:
            if not isinstance(nm, str) or nm not in choices:
                problems.append(f"'setup.default_parts[{i}]' piece {show(nm)} is not a slot choice")
        j = i ^ 1  # black's part i lies on the x range of white's part i ^ 1 (layout.part_squares)
        if j < len(parts) and ok[j] and parts[j][2] - parts[j][1] != p[2] - p[1]:
            problems.append(
                f"'setup.parts[{i}]' and 'setup.parts[{j}]' must have the same width (black's parts mirror white's)"
            )
    rs = st.get("royal_slots")
    rs_ok = rs is not None and _slot_triple(problems, "setup.royal_slots", rs, size)
    if rs is not None and rs_ok and isinstance(st.get("royal"), list) and rs[2] - rs[1] + 1 != len(st["royal"]):
        problems.append(
            f"'setup.royal_slots' has {rs[2] - rs[1] + 1} squares but 'setup.royal' names {len(st['royal'])} pieces"
        )
        rs_ok = False
    fixed = st.get("fixed_pawns", [])
    fixed = fixed if isinstance(fixed, list) else []
    if len(fixed) > MAX_PARTS:
        problems.append(f"'setup.fixed_pawns' has {len(fixed)} rows; at most {MAX_PARTS}")
        return
    fixed_ok = [_slot_triple(problems, f"setup.fixed_pawns[{i}]", f, size) for i, f in enumerate(fixed)]
    if problems or not size or not green:
        return
    # every square of both sides' arrangements: distinct and inside the green area of the main board
    rows = (
        [tuple(p) for p in parts]
        + ([tuple(rs)] if rs is not None and rs_ok else [])
        + [tuple(f) for f, good in zip(fixed, fixed_ok) if good]
    )
    (gx0, gx1), _, (gz0, gz1) = green
    if not gz0 <= 1 <= gz1:
        problems.append("'geometry.green' must include z = 1, where the setup lies")
        return
    seen: set = set()
    for rank, x0, x1 in rows:
        if not gx0 <= x0 <= x1 <= gx1:
            problems.append(f"setup row on rank {rank}, x {x0}..{x1} is not inside the green x range {gx0}..{gx1}")
            return
        for y in (rank, size[1] + 1 - rank):
            for x in range(x0, x1 + 1):
                if (x, y) in seen:
                    problems.append(
                        f"setup squares overlap at x {x}, rank {y} (white's and black's "
                        f"arrangements, mirrored, must not share a square)"
                    )
                    return
                seen.add((x, y))


def build_cube(data: dict, where: str, *, check_setup: bool = True) -> Ruleset:
    """The :class:`Ruleset` of a merged ruleset dict, or one :class:`RulesetError` listing every
    problem.  Cross-field checks make a ruleset that loads usable: the setup lies on the board in
    the green area, ranks and ranges are inside it, sizes and numbers are within sane bounds.
    ``check_setup=False`` (protocol overrides of the geometry) records instead whether the setup
    still fits (:attr:`Ruleset.setup_fits`)."""
    problems: list[str] = []
    check_schema(data, CUBE_SCHEMA, "", problems)
    meta = data.get("meta", {}) if isinstance(data.get("meta"), dict) else {}
    if "name" in meta and not is_ruleset_name(meta["name"]):
        problems.append(
            f"'meta.name' must be a ruleset name (letters, digits, '_', '-'; at most {MAX_NAME_LENGTH} characters)"
        )
    g = data.get("geometry", {}) if isinstance(data.get("geometry"), dict) else {}
    for sec, keys in {"geometry": ("size", "green", "promotion", "crowded", "red_line"), "pieces": ()}.items():
        if sec not in data:
            problems.append(f"missing table '{sec}'")
        for k in keys:
            if k not in g:
                problems.append(f"missing key '{sec}.{k}'")
    setup_problems: list[str] = []
    size, green, promo, crowded = _check_geometry(g, problems, setup_problems)
    pieces = _check_pieces(data, problems)
    sc = data.get("scores", {}) if isinstance(data.get("scores"), dict) else {}
    for k in ("start", "pawn_slot_bonus", "green_drop_surcharge", "hyperjump", "stack_after_promotion_line"):
        _bounded(problems, f"scores.{k}", sc.get(k), 0 if k == "start" else -MAX_VALUE, MAX_VALUE)
    for k in sc.get("credit_kinds", []) if isinstance(sc.get("credit_kinds"), list) else []:
        if not isinstance(k, str) or k not in pieces:
            problems.append(f"'scores.credit_kinds' names unknown piece {show(k)}")
    follows = _check_turns(data, problems)
    dr = data.get("draw", {}) if isinstance(data.get("draw"), dict) else {}
    _bounded(problems, "draw.max_plies", dr.get("max_plies"), 0, MAX_VALUE)
    _bounded(problems, "draw.repetitions", dr.get("repetitions"), 0, 1000)
    out = data.get("outcome", {}) if isinstance(data.get("outcome"), dict) else {}
    if out.get("both_lose", "draw") not in ("draw", "mover-loses"):
        problems.append(f"'outcome.both_lose' must be draw or mover-loses, got {show(out.get('both_lose'))}")
    st = data.get("setup", {}) if isinstance(data.get("setup"), dict) else {}
    _check_setup(st, pieces, size, green, setup_problems)
    tu = data.get("turns", {}) if isinstance(data.get("turns"), dict) else {}
    pad = tu.get("promote_after_drop", "unlimited")
    if pad not in PROMOTE_AFTER_DROP:
        problems.append(f"'turns.promote_after_drop' must be one of {', '.join(PROMOTE_AFTER_DROP)}, got {show(pad)}")
    if not isinstance(sc.get("credit_same_kind", False), bool):
        problems.append("'scores.credit_same_kind' must be true or false")
    if check_setup:
        problems += setup_problems
    if problems:
        raise RulesetError(problems, where=where)
    return Ruleset(
        name=meta.get("name", Path(where).stem),
        source=where,
        size=tuple(size),
        green=_box(green),
        higher_min=g.get("higher_min", 1),
        red_line=dict(g["red_line"]),
        promotion=dict(promo),
        crowded={s: tuple(crowded[s]) for s in SIDES},
        pieces=pieces,
        start_score=sc.get("start", 120),
        pawn_slot_bonus=sc.get("pawn_slot_bonus", 1),
        green_drop_surcharge=sc.get("green_drop_surcharge", 1),
        hyperjump_cost=sc.get("hyperjump", 1),
        stack_after_promotion_line=sc.get("stack_after_promotion_line", 1),
        stack_hyperjump_pays_highest=sc.get("stack_hyperjump_pays_highest", True),
        credit_kinds=tuple(sc.get("credit_kinds", ())),
        max_actions=tu.get("max_actions", 2),
        composite_stack=tuple(tu.get("composite_stack", ())),
        follows=follows,
        max_plies=dr.get("max_plies", 0),
        repetitions=dr.get("repetitions", 0),
        both_lose=out.get("both_lose", "draw"),
        setup={"fixed_pawns": [], **st},
        setup_fits=not setup_problems,
        promote_after_drop=tu.get("promote_after_drop", "unlimited"),
        credit_same_kind=sc.get("credit_same_kind", False),
        raw=data,
    )
