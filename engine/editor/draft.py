"""Position drafts: the editor's model, without a window (``daqi edit``, docs/EDITOR.md).

A draft is a position being made: pieces of either side put on, stacked on and taken off any
cell of any board, scores, credits, the side to move and the fill set, whole boards cleared.  It
is always a valid *text* (:meth:`text` round-trips), and :meth:`problems` says in words what
keeps it from being a legal game position (both kings, homes, stacks, scores).  Every edit is
bounded: a stack holds at most ``LIMITS.stack_height`` pieces, a draft at most :data:`MAX_CELLS`
changed cells.
"""

from __future__ import annotations

from ..core import games
from ..core.coords import format_ascii, normalize, plain
from ..core.errors import DaqiError, IllegalAction
from ..core.limits import LIMITS
from ..core.loader import load_ruleset
from ..cube.game import Game, parse_position
from ..cube.layout import default_choices
from ..cube.position import SIDES, Piece, Position, other
from ..cube.position_text import PositionSpec, choices_of, format_position
from ..spirit.position import SpiritPiece, SpiritPosition
from ..spirit.position_text import format_spirit_position
from ..spirit.record import SpiritGame, parse_spirit_position

MAX_CELLS = 65_536


class EditError(IllegalAction):
    code = "bad-edit"


def _spec_of(pos: Position) -> PositionSpec:
    spec = PositionSpec(
        to_move=pos.to_move,
        ply=pos.ply,
        fill=pos.fill,
        scores=dict(pos.scores),
        credits={s: dict(pos.credits[s]) for s in SIDES},
    )
    spec.counts = [(s, t, k, v) for s in SIDES for t, d in pos.stats[s].items() for k, v in d.items() if v]
    spec.homes = {s: dict(pos.homes[s]) for s in SIDES}
    spec.crowned = {s for s in SIDES if pos.kings_was[s] == "prince"}
    spec.cells = dict(pos.changed())
    return spec


class CubeDraft:
    """A cube-chess position being made."""

    game = "cube"

    def __init__(self, rules="standard", position: Position | None = None):
        if position is None:
            rules = load_ruleset(rules) if isinstance(rules, str) else rules
            position = Position.from_pieces(rules, {}, fill="default")
        self.rules = position.rules
        self.choices = choices_of(position) or default_choices(self.rules)
        self.spec = _spec_of(position)
        self._pos: Position | None = position

    # -- reading ---------------------------------------------------------------------------------
    def position(self) -> Position:
        if self._pos is None:
            self._pos = self.spec.build(self.rules, self.choices)
        return self._pos

    def text(self) -> str:
        return format_position(self.position())

    @classmethod
    def from_text(cls, text: str, source: str = "pasted text") -> CubeDraft:
        return cls(position=parse_position(text, source=source))

    def cell(self, coord) -> tuple:
        return self.position().cell(normalize(coord))

    # -- edits -----------------------------------------------------------------------------------
    def _set(self, coord, stack: tuple) -> None:
        c = plain(self.position().check_coord(coord, "cell"))
        if len(stack) > LIMITS.stack_height:
            raise EditError(f"a stack holds at most {LIMITS.stack_height} pieces")
        if c not in self.spec.cells and len(self.spec.cells) >= MAX_CELLS:
            raise EditError(f"a position may change at most {MAX_CELLS} cells")
        self.spec.cells[c] = stack
        self._pos = None

    def put(self, coord, piece: str, side: str) -> str:
        """Put a ``piece`` of ``side`` on ``coord``: on an empty cell, or on top of a stack of the
        same side (a stack, C39).  Returns what happened in words; refuses with :class:`EditError`."""
        if piece not in self.rules.pieces:
            raise EditError(f"unknown piece {piece!r}")
        if side not in SIDES:
            raise EditError(f"a side is white or black, not {side!r}")
        here = self.cell(coord)
        new = Piece(piece, side)
        if here and here[0].side != side:
            self._set(coord, (new,))
            return f"{side} {piece} on {format_ascii(normalize(coord))} (it replaces {here[0].side}'s pieces)"
        if here and not (self.rules.pieces[piece].stackable and all(self.rules.pieces[p.type].stackable for p in here)):
            raise EditError("kings and princes never stand in a stack (C39): take the cell's pieces off first")
        self._set(coord, here + (new,))
        what = "stacked on" if here else "on"
        return f"{side} {piece} {what} {format_ascii(normalize(coord))}"

    def remove(self, coord) -> str:
        """Take the top piece off ``coord``."""
        here = self.cell(coord)
        if not here:
            return f"{format_ascii(normalize(coord))} is already empty"
        self._set(coord, here[:-1])
        return f"took {here[-1].side}'s {here[-1].type} off {format_ascii(normalize(coord))}"

    def clear_cell(self, coord) -> None:
        self._set(coord, ())

    def clear_board(self, higher=()) -> int:
        """Empty every cell of the 3-D board with the higher indices ``higher``; the number emptied."""
        hi = tuple(normalize((1, 1, 1) + tuple(higher)))[3:]
        n = 0
        for c, _ in self.position().board_pieces(hi):
            self._set(c, ())
            n += 1
        return n

    def set_score(self, side: str, value: int) -> None:
        if abs(int(value)) > LIMITS.score:
            raise EditError(f"a score lies within ±{LIMITS.score}")
        scores = dict(self.spec.scores or dict.fromkeys(SIDES, self.rules.start_score))
        scores[side] = int(value)
        self.spec.scores = scores
        self._pos = None

    def set_credit(self, side: str, piece: str, n: int) -> None:
        if piece not in self.rules.pieces or not 0 <= int(n) <= LIMITS.score:
            raise EditError(f"a credit is a piece and a count 0..{LIMITS.score}")
        if n:
            self.spec.credits[side][piece] = int(n)
        else:
            self.spec.credits[side].pop(piece, None)
        self._pos = None

    def set_to_move(self, side: str) -> None:
        if side not in SIDES:
            raise EditError(f"a side is white or black, not {side!r}")
        self.spec.to_move = side
        self._pos = None

    def set_fill(self, fill: str) -> None:
        """The fill under the changed cells: ``default`` (the setup and the crowded pawns of every
        board) or ``empty`` (nothing).  The pieces put on so far stay; emptied cells are forgotten."""
        if fill not in ("default", "empty"):
            raise EditError("the fill is 'default' or 'empty'")
        self.spec.fill = fill
        self.spec.cells = {c: s for c, s in self.spec.cells.items() if s}
        self._pos = None

    # -- checking --------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        return cube_problems(self.position())

    def game_from_here(self) -> Game:
        """A game that begins here (refused, with the reasons, while the position has problems)."""
        bad = self.problems()
        if bad:
            raise EditError("not a position to play from: " + "; ".join(bad))
        return Game(start=self.position())


def cube_problems(pos: Position) -> list[str]:
    """What keeps ``pos`` from being a legal game position, in words (empty: fine)."""
    out = []
    kings: dict[str, list] = {s: [] for s in SIDES}
    princes: dict[str, list] = {s: [] for s in SIDES}
    src = dict(pos.base)
    src.update(pos.cells)
    for c, stack in src.items():
        sides = {p.side for p in stack}
        if len(sides) > 1:
            out.append(f"the stack on {format_ascii(plain(c))} mixes white and black pieces")
        for p in stack:
            if p.type == "king":
                kings[p.side].append(plain(c))
            elif p.type == "prince":
                princes[p.side].append(plain(c))
            if len(stack) > 1 and not pos.rules.pieces[p.type].stackable:
                out.append(f"the {p.side} {p.type} on {format_ascii(plain(c))} stands in a stack (C39 forbids it)")
    for s in SIDES:
        if not kings[s]:
            out.append(f"{s} has no king")
        elif len(kings[s]) > 1:
            out.append(f"{s} has {len(kings[s])} kings")
        if len(princes[s]) > 1:
            out.append(f"{s} has {len(princes[s])} princes")
        for royal, at in (("king", kings[s]), ("prince", princes[s])):
            for c in at:
                for home_of in ("king", "prince"):
                    if c == plain(pos.homes[other(s)][home_of]):
                        out.append(
                            f"{s}'s {royal} stands on {other(s)}'s {home_of} home {format_ascii(c)}: "
                            f"the game would be over ({'C5' if home_of == 'king' else 'C7'})"
                        )
        mine, theirs = pos.scores[s], pos.scores[other(s)]
        if mine <= 0 or (theirs > 0 and mine * 2 <= theirs):
            out.append(f"{s}'s score {mine} against {theirs} would already lose (C16)")
    return out


class SpiritDraft:
    """A spirit-chess position being made (19×19, levels, formations)."""

    game = "spirit"

    def __init__(self, rules="spirit", position: SpiritPosition | None = None):
        if position is None:
            rules = load_ruleset(rules) if isinstance(rules, str) else rules
            position = SpiritPosition(rules, "white", {})
        self.rules = position.rules
        self.to_move = position.to_move
        self.ply = position.ply
        self.pieces = dict(position.pieces)
        self.start_counts = {s: dict(position.start_counts[s]) for s in SIDES}

    def position(self) -> SpiritPosition:
        return SpiritPosition(self.rules, self.to_move, self.pieces, self.start_counts, self.ply)

    def text(self) -> str:
        return format_spirit_position(self.position())

    @classmethod
    def from_text(cls, text: str, source: str = "pasted text") -> SpiritDraft:
        return cls(position=parse_spirit_position(text, source))

    def _square(self, coord) -> tuple:
        c = tuple(int(v) for v in coord)
        if len(c) != 2 or not self.rules.on_board(c):
            raise EditError(f"{format_ascii(c)} is not a square of the {self.rules.size[0]}x{self.rules.size[1]} board")
        return c

    def put(self, coord, piece: str, side: str, level: int | None = None) -> str:
        c = self._square(coord)
        if piece not in self.rules.pieces or side not in SIDES:
            raise EditError(f"unknown piece {piece!r} or side {side!r}")
        lvl = self.rules.pieces[piece].level if level is None else int(level)
        if not 0 <= lvl <= 99:
            raise EditError("a level lies in 0..99")
        self.pieces[c] = SpiritPiece(piece, side, lvl)
        return f"{side} {piece} (level {lvl}) on {format_ascii(c)}"

    def remove(self, coord) -> str:
        c = self._square(coord)
        p = self.pieces.pop(c, None)
        return f"took {p.side}'s {p.type} off {format_ascii(c)}" if p else f"{format_ascii(c)} is already empty"

    def set_level(self, coord, level: int) -> None:
        c = self._square(coord)
        p = self.pieces.get(c)
        if p is None:
            raise EditError(f"no piece on {format_ascii(c)}")
        if not 0 <= int(level) <= 99:
            raise EditError("a level lies in 0..99")
        self.pieces[c] = SpiritPiece(p.type, p.side, int(level))

    def clear_board(self, higher=()) -> int:
        n = len(self.pieces)
        self.pieces.clear()
        return n

    def set_to_move(self, side: str) -> None:
        if side not in SIDES:
            raise EditError(f"a side is white or black, not {side!r}")
        self.to_move = side

    def problems(self) -> list[str]:
        return spirit_problems(self.position())

    def game_from_here(self) -> SpiritGame:
        bad = self.problems()
        if bad:
            raise EditError("not a position to play from: " + "; ".join(bad))
        return SpiritGame(self.rules, start=self.position())


def spirit_problems(pos: SpiritPosition) -> list[str]:
    out = []
    royal = pos.rules.royal
    for s in SIDES:
        n = pos.counts(s)
        if n.get(royal, 0) != 1:
            out.append(f"{s} needs exactly one {royal}, has {n.get(royal, 0)}")
        for kind, k in n.items():
            start = pos.start_counts[s].get(kind, 0)
            if k > start and kind != royal:
                out.append(f"{s} has {k} {kind}s, more than the {start} it starts with")
        if not any(pos.rules.pieces[p.type].movable for p in pos.pieces.values() if p.side == s):
            out.append(f"{s} has no piece that can move")
    return out


games.get("cube").set_hook("draft", lambda position: CubeDraft(position=position))
games.get("spirit").set_hook("draft", lambda position: SpiritDraft(position=position))


def draft_for(position) -> CubeDraft | SpiritDraft:
    """A draft of any game's position (the registry's ``"draft"`` hook)."""
    rules = getattr(position, "rules", None)
    if rules is None:
        raise DaqiError(f"not a position: {type(position).__name__}")
    return games.of_rules(rules).hook("draft")(position)
