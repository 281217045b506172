"""The setup phase (自选系统, C24–C27).

Slots are filled part by part, alternating white, black, white, …: first each
side's left part of its back rank (four slots, from the player's own view),
then the right part, then the next rank forward, up to the red line; last the
royal part (king, prince, queen, brother, each exactly once).  Every slot that
holds a pawn adds ``pawn_slot_bonus`` to that side's start score (C25).  A
choice not made within ``seconds_per_choice`` takes the default arrangement of
that part (C26); choices are public so the other player can react (C27).

Time is injected: :meth:`SetupPhase.timeout` is called by whoever owns the
clock (the window, a test); this module never reads a clock.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .errors import IllegalAction

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
        raise IllegalAction(f"needs {len(squares)} pieces, got {len(names)}: {' '.join(names)!r}",
                            code="bad-setup", where=where)
    if part == len(st["parts"]):
        if sorted(names) != sorted(st["royal"]):
            raise IllegalAction(f"the royal slots take {', '.join(st['royal'])} exactly once each, got "
                                f"{' '.join(names)!r}", code="bad-setup", where=where)
    else:
        for nm in names:
            if nm not in st["slot_choices"]:
                raise IllegalAction(f"{nm!r} is not allowed in a slot (allowed: {', '.join(st['slot_choices'])})",
                                    code="bad-setup", where=where)
    return names


@dataclass
class SetupPhase:
    """Alternating, visible setup (C24–C27).  ``choose`` fills the next part of the side to
    choose; ``timeout`` fills it with the default; ``done`` once every part is filled."""
    rules: object
    choices: dict = field(default_factory=lambda: {"white": [], "black": []})
    defaulted: list = field(default_factory=list)

    @property
    def to_choose(self) -> str | None:
        w, b = len(self.choices["white"]), len(self.choices["black"])
        total = n_parts(self.rules)
        if w == total and b == total:
            return None
        return "white" if w <= b else "black"

    @property
    def part(self) -> int:
        side = self.to_choose
        return len(self.choices[side]) if side else n_parts(self.rules)

    @property
    def done(self) -> bool:
        return self.to_choose is None

    def squares(self) -> list:
        return part_squares(self.rules, self.to_choose, self.part)

    def choose(self, names) -> None:
        side = self.to_choose
        if side is None:
            raise IllegalAction("setup is already complete", code="bad-setup")
        self.choices[side].append(check_choice(self.rules, side, self.part, names))

    def timeout(self) -> None:
        side = self.to_choose
        if side is None:
            return
        self.defaulted.append((side, self.part))
        self.choices[side].append(default_choice(self.rules, side, self.part))

    def quick_start(self) -> None:
        while not self.done:
            side = self.to_choose
            self.choices[side].append(default_choice(self.rules, side, self.part))

    def pawn_bonus(self, side: str) -> int:
        parts = self.choices[side][:len(self.rules.setup["parts"])]
        return self.rules.pawn_slot_bonus * sum(n == "pawn" for p in parts for n in p)

    def position(self):
        from .position import Position
        if not self.done:
            raise IllegalAction(f"setup is not complete: {self.to_choose} still chooses part {self.part + 1}",
                                code="bad-setup")
        return Position.from_setup(self.rules, self.choices)


def default_choices(rules) -> dict:
    return {s: [default_choice(rules, s, p) for p in range(n_parts(rules))] for s in SIDES}
