"""The cube-chess ruleset: schema, the immutable :class:`Ruleset` and its builder.

Registered with the generic loader (:mod:`engine.core.loader`) when ``engine.cube`` is imported.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.betza import compile_betza
from ..core.errors import NotationError, RulesetError
from ..core.loader import BOOL, INT, LIST, STR, check_schema, register_game
from .layout import royal_homes

SIDES = ("white", "black")

_META = {"name": STR, "game": STR, "description": STR}
CUBE_SCHEMA: dict[str, Any] = {
    "extends": STR,
    "meta": _META,
    "geometry": {"size": LIST, "green": LIST, "higher_min": INT, "red_line": {"white": INT, "black": INT},
                 "promotion": {"white": INT, "black": INT},
                 "crowded": {"white": LIST, "black": LIST}},
    "scores": {"start": INT, "pawn_slot_bonus": INT, "green_drop_surcharge": INT, "hyperjump": INT,
               "stack_after_promotion_line": INT, "stack_hyperjump_pays_highest": BOOL,
               "credit_kinds": LIST, "credit_same_kind": BOOL},
    "turns": {"max_actions": INT, "composite_stack": LIST, "promote_after_drop": STR,
              "follows": {k: LIST for k in ("start", "move", "capture", "drop", "jump", "hyperjump",
                                            "stack", "split")}},
    "draw": {"max_plies": INT, "repetitions": INT},
    "outcome": {"both_lose": STR},
    "setup": {"seconds_per_choice": INT, "slot_choices": LIST, "royal": LIST, "parts": LIST,
              "royal_slots": LIST, "fixed_pawns": LIST, "default_parts": LIST, "default_royal": LIST},
    "pieces": ("table-of", {"value": INT, "betza": STR, "royal": BOOL, "stackable": BOOL, "immune": BOOL,
                            "letter": STR, "chinese": STR, "promotes_to": LIST, "hire": STR}),
}

ACTION_KINDS = ("move", "capture", "drop", "jump", "hyperjump", "stack", "split", "promote")
# G19: what a promotion may produce in a turn that drops (hires) a piece
PROMOTE_AFTER_DROP = ("any", "unlimited", "none")


# --- the ruleset --------------------------------------------------------------------------

@dataclass(frozen=True)
class PieceSpec:
    name: str
    value: int
    betza: str
    rays: dict            # side -> tuple[Ray, ...]
    royal: bool = False
    stackable: bool = True
    immune: bool = False
    letter: str = "?"
    chinese: str = "?"
    promotes_to: tuple = ()
    hire: str = "none"    # "unlimited" | "credit" | "none"


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
    pieces: dict          # name -> PieceSpec
    start_score: int
    pawn_slot_bonus: int
    green_drop_surcharge: int
    hyperjump_cost: int
    stack_after_promotion_line: int
    stack_hyperjump_pays_highest: bool
    credit_kinds: tuple
    max_actions: int
    composite_stack: tuple
    follows: dict         # kind -> frozenset of kinds
    max_plies: int
    repetitions: int
    both_lose: str
    setup: dict
    promote_after_drop: str = "unlimited"
    credit_same_kind: bool = False
    raw: dict = field(repr=False, compare=False, default_factory=dict)

    game = "cube"

    @property
    def homes(self) -> dict:
        """Start squares of king and prince per side, from the default royal arrangement."""
        return royal_homes(self, {s: self.setup["default_royal"] for s in SIDES})

    def forward(self, side: str) -> int:
        return 1 if side == "white" else -1

    def in_green(self, coord) -> bool:
        if len(coord) > 3:
            return False
        (x0, x1), (y0, y1), (z0, z1) = self.green
        return x0 <= coord[0] <= x1 and y0 <= coord[1] <= y1 and z0 <= coord[2] <= z1

    def beyond_promotion(self, side: str, y: int) -> bool:
        return y >= self.promotion["white"] if side == "white" else y <= self.promotion["black"]

    def with_overrides(self, overrides: dict) -> "Ruleset":
        """A copy with geometry keys replaced (protocol ``overrides``): size, green, promotion."""
        if not overrides:
            return self
        raw = copy.deepcopy(self.raw)
        problems = []
        for key, value in overrides.items():
            if key in ("size", "green", "promotion", "red_line", "higher_min", "crowded"):
                raw["geometry"][key] = value
            elif key in ("start",):
                raw["scores"]["start"] = value
            else:
                problems.append(f"unknown override '{key}' (allowed: size, green, promotion, red_line, "
                                f"crowded, higher_min, start)")
        if problems:
            raise RulesetError(problems, where="overrides")
        return build_cube(raw, f"{self.source} + overrides")


def _pair(v) -> bool:
    return isinstance(v, list) and len(v) == 2 and all(isinstance(i, int) and not isinstance(i, bool) for i in v)


def build_cube(data: dict, where: str) -> Ruleset:
    problems: list[str] = []
    check_schema(data, CUBE_SCHEMA, "", problems)
    g = data.get("geometry", {})
    need = {"geometry": ("size", "green", "promotion", "crowded", "red_line"), "pieces": ()}
    for sec, keys in need.items():
        if sec not in data:
            problems.append(f"missing table '{sec}'")
        for k in keys:
            if k not in data.get(sec, {}):
                problems.append(f"missing key '{sec}.{k}'")
    size = g.get("size")
    if size is not None and not (isinstance(size, list) and len(size) == 3 and
                                 all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in size)):
        problems.append(f"'geometry.size' must be three positive integers, got {size!r}")
        size = None
    green = g.get("green")
    if green is not None:
        if not (isinstance(green, list) and len(green) == 3 and all(_pair(p) for p in green)):
            problems.append(f"'geometry.green' must be [[x0,x1],[y0,y1],[z0,z1]], got {green!r}")
            green = None
        elif size:
            for axis, (lo, hi), n in zip("xyz", green, size):
                if not 1 <= lo <= hi <= n:
                    problems.append(f"'geometry.green' {axis} range [{lo}, {hi}] is not inside 1..{n}")
    promo = g.get("promotion", {})
    if size and isinstance(promo, dict):
        for side in SIDES:
            if side not in promo:
                problems.append(f"missing key 'geometry.promotion.{side}'")
            elif isinstance(promo[side], int) and not 1 <= promo[side] <= size[1]:
                problems.append(f"'geometry.promotion.{side}' = {promo[side]} is outside ranks 1..{size[1]}")
    crowded = g.get("crowded", {})
    if isinstance(crowded, dict):
        for side in SIDES:
            if side in crowded and not _pair(crowded[side]):
                problems.append(f"'geometry.crowded.{side}' must be [first_rank, last_rank]")
        if _pair(crowded.get("white")) and _pair(crowded.get("black")) and \
                crowded["white"][1] >= crowded["black"][0]:
            problems.append("'geometry.crowded' white and black ranks overlap")
    pieces_raw = data.get("pieces", {}) if isinstance(data.get("pieces"), dict) else {}
    pieces: dict[str, PieceSpec] = {}
    for name, spec in pieces_raw.items():
        if not isinstance(spec, dict):
            continue
        for k in ("value", "betza"):
            if k not in spec:
                problems.append(f"missing key 'pieces.{name}.{k}'")
        rays = {}
        try:
            rays = {s: compile_betza(spec.get("betza", "K"), 1 if s == "white" else -1) for s in SIDES}
        except NotationError as exc:
            problems.append(f"'pieces.{name}.betza': {exc}")
        hire = spec.get("hire", "none")
        if hire not in ("unlimited", "credit", "none"):
            problems.append(f"'pieces.{name}.hire' must be unlimited, credit or none, got {hire!r}")
        pieces[name] = PieceSpec(name=name, value=spec.get("value", 0) if isinstance(spec.get("value"), int) else 0,
                                 betza=spec.get("betza", ""), rays=rays, royal=bool(spec.get("royal", False)),
                                 stackable=bool(spec.get("stackable", not spec.get("royal", False))),
                                 immune=bool(spec.get("immune", False)), letter=spec.get("letter", name[0].upper()),
                                 chinese=spec.get("chinese", name), promotes_to=tuple(spec.get("promotes_to", ())),
                                 hire=hire)
    for name, p in pieces.items():
        for t in p.promotes_to:
            if t not in pieces:
                problems.append(f"'pieces.{name}.promotes_to' names unknown piece {t!r}")
    letters = {}
    for name, p in pieces.items():
        for label, val in (("letter", p.letter), ("chinese", p.chinese)):
            if (label, val) in letters:
                problems.append(f"'pieces.{name}.{label}' {val!r} is also used by {letters[(label, val)]}")
            letters[(label, val)] = name
    for req in ("king", "prince", "pawn"):
        if pieces_raw and req not in pieces_raw:
            problems.append(f"missing piece 'pieces.{req}'")
    sc = data.get("scores", {})
    for k in sc.get("credit_kinds", []) if isinstance(sc.get("credit_kinds"), list) else []:
        if k not in pieces:
            problems.append(f"'scores.credit_kinds' names unknown piece {k!r}")
    tu = data.get("turns", {})
    follows_raw = tu.get("follows", {}) if isinstance(tu.get("follows"), dict) else {}
    follows = {}
    for k, lst in follows_raw.items():
        if not isinstance(lst, list):
            continue
        for a in lst:
            if a not in ACTION_KINDS:
                problems.append(f"'turns.follows.{k}' names unknown action {a!r} (known: {', '.join(ACTION_KINDS)})")
        follows[k] = frozenset(lst)
    for k in ("start", "move", "capture", "drop", "jump", "hyperjump", "stack", "split"):
        if k not in follows:
            problems.append(f"missing key 'turns.follows.{k}'")
    if "drop" in follows.get("split", ()):
        problems.append("'turns.follows.split' lists drop, which C35/G5 forbid")
    pad = tu.get("promote_after_drop", "unlimited")
    if pad not in PROMOTE_AFTER_DROP:
        problems.append(f"'turns.promote_after_drop' must be one of {', '.join(PROMOTE_AFTER_DROP)}, got {pad!r}")
    st = data.get("setup", {})
    for k in ("slot_choices", "royal", "default_royal"):
        for nm in st.get(k, []) if isinstance(st.get(k), list) else []:
            if nm not in pieces:
                problems.append(f"'setup.{k}' names unknown piece {nm!r}")
    parts = st.get("parts", [])
    dparts = st.get("default_parts", [])
    if isinstance(parts, list) and isinstance(dparts, list):
        if len(parts) != len(dparts):
            problems.append(f"'setup.default_parts' has {len(dparts)} parts but 'setup.parts' has {len(parts)}")
        for i, (p, d) in enumerate(zip(parts, dparts)):
            if not (isinstance(p, list) and len(p) == 3):
                problems.append(f"'setup.parts'[{i}] must be [rank, x_from, x_to]")
                continue
            if not isinstance(d, list) or len(d) != p[2] - p[1] + 1:
                problems.append(f"'setup.default_parts'[{i}] must list {p[2] - p[1] + 1} pieces")
            for nm in d if isinstance(d, list) else []:
                if nm not in st.get("slot_choices", []):
                    problems.append(f"'setup.default_parts'[{i}] piece {nm!r} is not a slot choice")
    if isinstance(st.get("default_royal"), list) and isinstance(st.get("royal"), list) and \
            sorted(st["default_royal"]) != sorted(st["royal"]):
        problems.append("'setup.default_royal' must use each royal piece exactly once")
    out = data.get("outcome", {})
    if out.get("both_lose", "draw") not in ("draw", "mover-loses"):
        problems.append(f"'outcome.both_lose' must be draw or mover-loses, got {out.get('both_lose')!r}")
    if problems:
        raise RulesetError(problems, where=where)
    return Ruleset(
        name=data.get("meta", {}).get("name", Path(where).stem), source=where,
        size=tuple(size), green=tuple(tuple(p) for p in green), higher_min=g.get("higher_min", 1),
        red_line=dict(g["red_line"]), promotion=dict(promo), crowded={s: tuple(crowded[s]) for s in SIDES},
        pieces=pieces, start_score=sc.get("start", 120), pawn_slot_bonus=sc.get("pawn_slot_bonus", 1),
        green_drop_surcharge=sc.get("green_drop_surcharge", 1), hyperjump_cost=sc.get("hyperjump", 1),
        stack_after_promotion_line=sc.get("stack_after_promotion_line", 1),
        stack_hyperjump_pays_highest=sc.get("stack_hyperjump_pays_highest", True),
        credit_kinds=tuple(sc.get("credit_kinds", ())), max_actions=tu.get("max_actions", 2),
        composite_stack=tuple(tu.get("composite_stack", ())), follows=follows,
        max_plies=data.get("draw", {}).get("max_plies", 0), repetitions=data.get("draw", {}).get("repetitions", 0),
        both_lose=out.get("both_lose", "draw"), setup=dict(st), promote_after_drop=pad,
        credit_same_kind=sc.get("credit_same_kind", False), raw=data)


register_game("cube", CUBE_SCHEMA, lambda data, where, problems: build_cube(data, where))
