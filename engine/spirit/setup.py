"""Spirit-chess setup (S1, S2, H4): validation, a default arrangement, the hidden
two-sided setup model and the start position."""

from __future__ import annotations

from collections.abc import Mapping

from ..core.errors import IllegalAction, NotationError
from .position import KING_DIRS, SpiritPiece, SpiritPosition, as_coord, fmt
from .rules import SIDES, SpiritRules

Placements = dict  # {(x, y): type}


def _side(side) -> str:
    if side not in SIDES:
        raise NotationError(f"side {side!r} must be 'white' or 'black'", code="unknown-name")
    return side


def normalize_placements(rules: SpiritRules, placements) -> Placements:
    """``{coord: type}`` from a mapping ``{coord: type}`` or pairs ``(coord, type)`` / ``(type, coord)``.
    Raises NotationError for unreadable entries and IllegalAction for two pieces on one square."""
    items = placements.items() if isinstance(placements, Mapping) else placements
    out: Placements = {}
    for item in items:
        try:
            a, b = item
        except (TypeError, ValueError):
            raise NotationError(f"placement {item!r} must be (square, piece type)", code="malformed") from None
        coord, kind = (b, a) if isinstance(a, str) else (a, b)
        if not isinstance(kind, str) or kind not in rules.pieces:
            raise NotationError(f"unknown piece type {kind!r} (known: {', '.join(rules.pieces)})", code="unknown-name")
        c = as_coord(coord, rules, f"{kind} square")
        if c in out:
            raise IllegalAction(f"two pieces on {fmt(c)}: {out[c]} and {kind}", code="bad-setup")
        out[c] = kind
    return out


def setup_problem(rules: SpiritRules, side: str, placements) -> str | None:
    """The first S1/S2 violation of a complete placement, in words, or None."""
    _side(side)
    pl = normalize_placements(rules, placements)
    lo, hi = rules.halves[side]
    for c, kind in sorted(pl.items(), key=lambda ck: (ck[0][1], ck[0][0])):
        if not lo <= c[1] <= hi:
            return f"the {kind} on {fmt(c)} is not in {side}'s half (rows {lo}-{hi})"
    have = dict.fromkeys(rules.pieces, 0)
    for kind in pl.values():
        have[kind] += 1
    for k in rules.pieces.values():
        if have[k.name] != k.count:
            return f"{side} placed {have[k.name]} {k.name} piece(s); S1 needs exactly {k.count}"
    sect = next(c for c, kind in pl.items() if rules.pieces[kind].royal)
    ring = {(sect[0] + dx, sect[1] + dy): pl.get((sect[0] + dx, sect[1] + dy)) for dx, dy in KING_DIRS}
    guards = [k for k in ring.values() if k is not None]
    if len(guards) < rules.guard_min:
        return (
            f"only {len(guards)} piece(s) stand in the 8 squares around the {rules.royal} on {fmt(sect)}; "
            f"S2 needs at least {rules.guard_min}"
        )
    for req in rules.guard_required:
        if req not in guards:
            return f"the {req} must stand in the 8 squares around the {rules.royal} on {fmt(sect)} (S2)"
    return None


def check_setup(rules: SpiritRules, side: str, placements) -> None:
    """Raise IllegalAction (code ``bad-setup``) unless ``placements`` is a valid S1/S2 setup for ``side``."""
    problem = setup_problem(rules, side, placements)
    if problem:
        raise IllegalAction(problem, code="bad-setup")


def default_placement(rules: SpiritRules, side: str) -> Placements:
    """A valid sample arrangement: the sect at ``setup.default_sect``, pieces in rings around it
    (front squares first) in ``setup.default_order`` (the required guards first)."""
    _side(side)
    sect = rules.default_sect[side]
    lo, hi = rules.halves[side]
    back = lo if side == "white" else hi
    squares = [(x, y) for x in range(1, rules.size[0] + 1) for y in range(lo, hi + 1) if (x, y) != sect]
    squares.sort(
        key=lambda c: (max(abs(c[0] - sect[0]), abs(c[1] - sect[1])), -abs(c[1] - back), abs(c[0] - sect[0]), c[0])
    )
    order = list(rules.guard_required)
    for name in list(rules.default_order) + list(rules.pieces):
        if name not in order and not rules.pieces[name].royal:
            order.append(name)
    kinds = [name for name in order for _ in range(rules.pieces[name].count)]
    out: Placements = {sect: rules.royal}
    for c, kind in zip(squares, kinds):
        out[c] = kind
    return out


def spirit_start_position(rules: SpiritRules, white_placements, black_placements) -> SpiritPosition:
    """The start position after both setups; White moves first (house rule)."""
    pieces = {}
    counts = {}
    for side, pl in (("white", white_placements), ("black", black_placements)):
        check_setup(rules, side, pl)
        pl = normalize_placements(rules, pl)
        counts[side] = dict.fromkeys(rules.pieces, 0)
        for c, kind in pl.items():
            pieces[c] = SpiritPiece(kind, side, rules.pieces[kind].level)
            counts[side][kind] += 1
    return SpiritPosition(rules, "white", pieces, counts, 0, None)


class SpiritSetup:
    """Hidden two-sided setup (S2, H4).  White places and commits, the screen is handed over,
    Black places and commits; neither placement is visible to the other side before both are
    committed (unless the ruleset sets ``h4_hidden_setup = false``)."""

    def __init__(self, rules: SpiritRules | None = None):
        if rules is None:
            from ..core.loader import load_ruleset

            rules = load_ruleset("spirit")
        self.rules = rules
        self.side = "white"
        self.phase = "placing"  # "placing" | "handover" | "done"
        self.working: Placements = {}
        self.committed: dict[str, Placements] = {}

    def _need_placing(self) -> None:
        if self.phase != "placing":
            raise IllegalAction(f"setup is in phase {self.phase!r}, not placing", code="bad-setup")

    def remaining(self) -> dict[str, int]:
        """Pieces of each type the side placing has still to place."""
        left = {k.name: k.count for k in self.rules.pieces.values()}
        for kind in self.working.values():
            left[kind] -= 1
        return left

    def place(self, coord, kind: str) -> None:
        self._need_placing()
        ((c, kind),) = normalize_placements(self.rules, [(coord, kind)]).items()
        lo, hi = self.rules.halves[self.side]
        if not lo <= c[1] <= hi:
            raise IllegalAction(f"{fmt(c)} is not in {self.side}'s half (rows {lo}-{hi})", code="bad-setup")
        if c in self.working:
            raise IllegalAction(f"{fmt(c)} already holds your {self.working[c]}", code="bad-setup")
        if self.remaining()[kind] <= 0:
            raise IllegalAction(
                f"all {self.rules.pieces[kind].count} {kind} pieces are placed already", code="bad-setup"
            )
        self.working[c] = kind

    def remove(self, coord) -> str:
        self._need_placing()
        c = as_coord(coord, self.rules)
        if c not in self.working:
            raise IllegalAction(f"{fmt(c)} holds none of your pieces", code="bad-setup")
        return self.working.pop(c)

    def fill_default(self) -> None:
        """Replace the working placement by :func:`default_placement`."""
        self._need_placing()
        self.working = default_placement(self.rules, self.side)

    def problem(self) -> str | None:
        return setup_problem(self.rules, self.side, self.working)

    def commit(self) -> None:
        self._need_placing()
        check_setup(self.rules, self.side, self.working)
        self.committed[self.side] = dict(self.working)
        self.working = {}
        self.phase = "handover" if self.side == "white" else "done"

    def hand_over(self) -> None:
        if self.phase != "handover":
            raise IllegalAction(f"nothing to hand over in phase {self.phase!r}", code="bad-setup")
        self.side, self.phase = "black", "placing"

    def visible(self) -> dict:
        """What the screen may show now: ``{coord: (type, side)}``."""
        if self.phase == "done" or not self.rules.hidden_setup:
            shown = {c: (k, s) for s, pl in self.committed.items() for c, k in pl.items()}
            if self.phase == "placing":
                shown.update({c: (k, self.side) for c, k in self.working.items()})
            return shown
        if self.phase == "handover":
            return {}
        return {c: (k, self.side) for c, k in self.working.items()}

    def position(self) -> SpiritPosition:
        if self.phase != "done":
            raise IllegalAction("both sides must commit their setup first", code="bad-setup")
        return spirit_start_position(self.rules, self.committed["white"], self.committed["black"])
