"""Where the setup slots lie (C24–C27): pure functions of the ruleset.

Shared by the ruleset (default homes), the position (the start arrangement) and the setup phase;
it imports nothing of them.
"""

from __future__ import annotations

from ..core.errors import IllegalAction

SIDES = ("white", "black")


def _mirror_y(rules, y: int) -> int:
    return rules.size[1] + 1 - y


def part_squares(rules, side: str, part: int) -> list[tuple[int, int, int]]:
    """Squares of setup part ``part`` (0-based; the last index is the royal part), left to
    right from ``side``'s own view."""
    st = rules.setup
    if part == len(st["parts"]):
        rank, x0, x1 = st["royal_slots"]
    else:
        rank, x0, x1 = st["parts"][part]
    xs = list(range(x0, x1 + 1))
    if side == "black":
        # black looks down the board from the other end: its left is high x, ranks mirror
        rank = _mirror_y(rules, rank)
        if part < len(st["parts"]):
            # left/right parts swap sides of the board: part 0 (left) is at the high-x end
            pair = st["parts"][part ^ 1] if part ^ 1 < len(st["parts"]) else st["parts"][part]
            xs = list(range(pair[1], pair[2] + 1))
        xs.reverse()
    return [(x, rank, 1) for x in xs]


def royal_homes(rules, royal: dict) -> dict:
    """King and prince start squares per side for the given royal arrangements."""
    out = {}
    for side in SIDES:
        squares = part_squares(rules, side, len(rules.setup["parts"]))
        names = list(royal[side])
        out[side] = {"king": squares[names.index("king")], "prince": squares[names.index("prince")]}
    return out


def n_parts(rules) -> int:
    return len(rules.setup["parts"]) + 1


def default_choice(rules, side: str, part: int) -> tuple[str, ...]:
    st = rules.setup
    if part == len(st["parts"]):
        names = list(st["default_royal"])
    else:
        # default_parts are written left-to-right from white's view; black's part k mirrors white's
        names = list(st["default_parts"][part])
    return tuple(names) if side == "white" else tuple(names)


def check_choice(rules, side: str, part: int, names) -> tuple[str, ...]:
    st = rules.setup
    squares = part_squares(rules, side, part)
    names = tuple(names)
    where = f"setup {side} part {part + 1}"
    if len(names) != len(squares):
        raise IllegalAction(
            f"needs {len(squares)} pieces, got {len(names)}: {' '.join(names)!r}", code="bad-setup", where=where
        )
    if part == len(st["parts"]):
        if sorted(names) != sorted(st["royal"]):
            raise IllegalAction(
                f"the royal slots take {', '.join(st['royal'])} exactly once each, got {' '.join(names)!r}",
                code="bad-setup",
                where=where,
            )
    else:
        for nm in names:
            if nm not in st["slot_choices"]:
                raise IllegalAction(
                    f"{nm!r} is not allowed in a slot (allowed: {', '.join(st['slot_choices'])})",
                    code="bad-setup",
                    where=where,
                )
    return names


def default_choices(rules) -> dict:
    return {s: [default_choice(rules, s, p) for p in range(n_parts(rules))] for s in SIDES}
