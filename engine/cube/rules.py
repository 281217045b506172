"""The turn machine: validates and applies the actions of one turn.

:class:`TurnBuilder` adds actions one at a time and checks each at once
against the rules — the turn grammar table of the ruleset (C28–C38, G4, G5),
the geometry of moves and jumps (C2, C19, C22, G2, G3, G12), the costs (C13–C15,
C42) and the stacking rules (C39–C43) — so the window can say *why* a click is
illegal.  :func:`apply_turn` runs a whole :class:`~engine.actions.Turn` and
then checks every win/loss condition (C4, C5, C7, C8, C16, G11, G14).
"""

from __future__ import annotations

from ..core.coords import Coord, normalize
from ..core.coords import format_ascii as _c
from ..core.errors import IllegalAction
from .actions import Capture, Drop, HyperJump, Jump, Move, Promote, Split, Stack, Turn
from .grammar import (  # noqa: F401
    GRAMMAR_RULE,
    facing_line_clear,
    grammar_error,
    group_rays,
    highest_value,
    promote_after_drop_error,
    ray_steps,
    stack_value,
)
from .movegen import next_actions
from .outcome import _apply_simple, _concluded, build_position, judge
from .position import EMPTY, Piece, Position, other

#: every attribute of a :class:`TurnBuilder`: what a refused action restores (``_snapshot``)
BUILDER_STATE = (
    "position",
    "origin",
    "_given_origin",
    "transactional",
    "trusted",
    "actions",
    "side",
    "changes",
    "group",
    "at",
    "kinds",
    "cost",
    "earned",
    "pending",
    "detached",
    "captured",
    "credits",
    "stats",
    "ledger",
    "royals",
    "_own",
    "_own_stats",
    "king_taken",
    "dropped_index",
)


class TurnBuilder:
    """Build one turn for the side to move, validating each action as it is added."""

    def __init__(
        self, position: Position, origin: Coord | None = None, *, transactional: bool = True, trusted: bool = False
    ):
        if position.result is not None:
            raise IllegalAction(f"the game is over ({position.result.reason})", code="game-over")
        self.position = position
        # a trusted origin comes from the generators: already canonical and on the board
        self.origin = origin if origin is None or trusted else position.check_coord(origin, "origin")
        self._given_origin = self.origin
        self.transactional = transactional  # restore the state when an action is refused
        # trusted: the actions come from this engine's own generators (legal_actions, next_actions)
        # for this very position, so the ray geometry of moves and captures is not walked again
        # and the targets are taken as canonical; every other rule is still checked
        self.trusted = trusted
        self.actions: list = []
        self._reset()

    # -- state ------------------------------------------------------------------------------
    def _reset(self):
        pos = self.position
        self.side = pos.to_move
        self.changes: dict = {}
        self.group = None  # None: nothing lifted yet (the stack at origin is the group)
        self.at = self.origin
        self.kinds: list = []
        self.cost = 0
        self.earned = 0
        self.pending = False  # group hovers over own pieces, a Stack must follow
        self.detached = False  # a split part still on the origin: lifting it leaves the rest there
        self.captured: list = []  # (coord, stack)
        # the per-side tables of the position before the turn, shared until the builder writes one
        # (``_mine`` copies a table first; ``_stat`` a piece type's statistics): applying a turn that
        # changes no score, credit or statistic copies none of them (issue 18)
        self.credits, self.stats, self.ledger, self.royals = pos.credits, pos.stats, pos.ledger, pos.royals
        self._own: set = set()  # names of the tables this builder has copied
        self._own_stats: set = set()  # piece types whose statistics this builder has copied
        self.king_taken = False
        self.dropped_index = None  # index in the group of the piece dropped this turn (G19)
        if self.origin is not None:
            stack = pos.cell(self.origin)
            if not stack:
                raise IllegalAction(f"there is no piece on origin {_c(self.origin)}", code="empty-origin")
            if stack[0].side != self.side:
                raise IllegalAction(
                    f"the pieces on origin {_c(self.origin)} belong to {stack[0].side}, "
                    f"and it is {self.side}'s turn (C28)",
                    code="not-your-piece",
                )

    def _mine(self, name: str) -> dict:
        """The per-side table ``name`` (credits, ledger, royals, stats), copied on the first write:
        the position before the turn shares its tables with the builder and is never mutated."""
        if name not in self._own:
            self._own.add(name)
            setattr(self, name, {s: dict(v) for s, v in getattr(self, name).items()})
        return getattr(self, name)

    def _stat(self, ptype: str) -> dict:
        """The mover's statistics of one piece type, copied on the first write (the tables of the
        position before the turn are shared, never mutated)."""
        table = self._mine("stats")[self.side]
        if ptype not in self._own_stats:
            table[ptype] = dict(table[ptype])
            self._own_stats.add(ptype)
        return table[ptype]

    def cell(self, c):
        v = self.changes.get(c)
        return v if v is not None else self.position.cell(c)

    def _set(self, c, stack):
        self.changes[c] = tuple(stack)

    @property
    def current_group(self) -> tuple:
        if self.group is not None:
            return self.group
        return self.cell(self.origin) if self.origin is not None else EMPTY

    @property
    def complete(self) -> bool:
        return bool(self.kinds) and not self.pending and [k for k in self.kinds if k != "promote"][-1:] != ["split"]

    def _lift(self):
        """Take the moving group off its square before a displacement."""
        if self.group is None:
            self.group = self.cell(self.origin)
            self._set(self.origin, EMPTY)
        elif self.detached:
            self.detached = False  # the rest of a split stack stays on the origin (C43)
        elif not self.pending:
            self._set(self.at, EMPTY)
        self.pending = False

    def _land(self, to):
        """Put the group on ``to`` (empty) or hover over own pieces there (a Stack must follow)."""
        self.at = to
        if self.cell(to):
            self.pending = True
        else:
            self._set(to, self.group)

    def _spend(self, n, what):
        """Charge ``n`` points; a turn may not cost more than the side holds (house rule, docs/RULES.md)."""
        self.cost += n
        self._mine("ledger")[self.side][what] += n
        if self.cost > self.position.scores[self.side] + self.earned:
            raise IllegalAction(
                f"this turn would cost {self.cost} points but {self.side} has only "
                f"{self.position.scores[self.side] + self.earned}",
                code="insufficient-score",
            )

    # -- grammar -----------------------------------------------------------------------------
    def _grammar(self, kind):
        if kind == "promote":
            if "promote" in self.kinds:
                raise IllegalAction("only one promotion per turn (C38)", code="grammar")
            return
        if self.pending and kind != "stack":
            raise IllegalAction(
                f"the pieces now hover over own pieces on {_c(self.at)}: the next action must "
                f"be stack (C39) or promote",
                code="grammar",
            )
        msg = grammar_error(self.position.rules, [k for k in self.kinds if k != "promote"], kind)
        if msg:
            raise IllegalAction(msg, code="grammar")

    # -- actions ---------------------------------------------------------------------------
    def add(self, action) -> TurnBuilder:
        """Validate and apply one action; raises :class:`IllegalAction` saying why not."""
        kind = getattr(action, "kind", None)
        name = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if name is None:
            raise IllegalAction(f"unknown action {action!r}", code="unknown-action")
        handler = getattr(self, name)
        if kind != "drop" and self.origin is None and not self.kinds:
            raise IllegalAction(f"{kind} needs an origin square (only a drop can start without one)", code="no-origin")
        self._grammar(kind)
        if self.transactional:
            snapshot = self._snapshot()
            try:
                handler(action)
            except IllegalAction:
                self._restore(snapshot)
                raise
        else:
            handler(action)
        self.kinds.append(kind)
        self.actions.append(action)
        return self

    def _snapshot(self):
        """A copy of the builder's mutable state (pieces and coordinates are immutable, so the
        containers are copied to the depth they are mutated at)."""
        snap = {k: getattr(self, k) for k in BUILDER_STATE}  # mypyc: named (a compiled class has no __dict__)
        snap["changes"] = dict(snap["changes"])
        for k in ("kinds", "captured", "actions"):
            snap[k] = list(snap[k])
        snap["_own_stats"] = set(snap["_own_stats"])
        snap["_own"] = set(snap["_own"])
        for k in ("credits", "ledger", "royals"):
            snap[k] = {s: dict(v) for s, v in snap[k].items()}
        snap["stats"] = {s: {t: dict(v) for t, v in d.items()} for s, d in snap["stats"].items()}
        return snap

    def _restore(self, snap):
        for k, v in snap.items():
            setattr(self, k, v)

    def undo_last(self):
        """Take back the last action (replays the others); returns it, or None."""
        if not self.actions:
            return None
        last = self.actions[-1]
        actions = self.actions[:-1]
        self.actions = []
        self.origin = self._given_origin
        self._reset()
        for a in actions:
            self.add(a)
        return last

    def _target(self, to, what):
        if self.trusted:
            return to
        return self.position.check_coord(to, f"{what} target")

    def _displacement_checks(self, kind, to):
        group = self.current_group
        if not group:
            raise IllegalAction(f"no pieces to {kind}", code="empty-origin")
        if to == self.at:
            raise IllegalAction(f"{kind} to {_c(to)} does not change the square", code="illegal-move")
        return group

    def _do_move(self, a: Move):
        to = self._target(a.to, "move")
        group = self._displacement_checks("move", to)
        at = self.at
        if to[2:] != at[2:]:
            raise IllegalAction(
                f"a planar move keeps z and the higher indices (G3): {_c(at)} -> {_c(to)}; use jump or hyperjump",
                code="illegal-move",
            )
        dest = self.cell(to)
        if dest and dest[0].side != self.side:
            raise IllegalAction(f"{_c(to)} holds enemy pieces: use capture", code="illegal-move")
        if not self.trusted and not self._reaches(group, at, to, capture=False):
            raise IllegalAction(f"{_names(group)} on {_c(at)} cannot move to {_c(to)}", code="illegal-move")
        if dest:
            self._check_stackable(group, dest, to)
        self._lift()
        self._land(to)

    def _do_capture(self, a: Capture):
        to = self._target(a.to, "capture")
        group = self._displacement_checks("capture", to)
        at = self.at
        dest = self.cell(to)
        if not dest:
            raise IllegalAction(f"there is nothing to capture on {_c(to)}", code="illegal-capture")
        if dest[0].side == self.side:
            raise IllegalAction(f"{_c(to)} holds your own pieces: use move and stack", code="illegal-capture")
        rules = self.position.rules
        for p in dest:
            if rules.pieces[p.type].immune:
                raise IllegalAction(
                    f"the {p.side} {p.type} on {_c(to)} cannot be captured (C6)", code="illegal-capture"
                )
        facing = len(group) == 1 and group[0].type == "king" and any(p.type == "king" for p in dest)
        planar = to[2:] == at[2:] and (self.trusted or self._reaches(group, at, to, capture=True))
        if not planar:
            if not (facing and facing_line_clear(self, at, to)):
                why = " (kings face each other only along a clear line, C3/G10)" if facing else ""
                raise IllegalAction(
                    f"{_names(group)} on {_c(at)} cannot capture on {_c(to)}{why}", code="illegal-capture"
                )
        self._lift()
        enemy = other(self.side)
        gained = stack_value(rules, dest)
        for p in dest:
            st = self._stat(p.type)
            st["points"] += rules.pieces[p.type].value
            st["captured"] += 1
            if p.type in rules.credit_kinds:
                mine = self._mine("credits")[self.side]
                mine[p.type] = mine.get(p.type, 0) + 1
            if p.type == "king":
                self.king_taken = True
                self._mine("royals")[enemy]["king"] = None
        self.earned += gained
        self._mine("ledger")[self.side]["earned"] += gained
        self.captured.append((to, dest))
        self._set(to, EMPTY)
        self._land(to)

    def _jump_common(self, to, kind):
        dest = self.cell(to)
        if dest and dest[0].side != self.side:
            raise IllegalAction(
                f"{kind} target {_c(to)} holds enemy pieces: no capture in a jump step "
                f"({'C19' if kind == 'jump' else 'C22'}, G12)",
                code="illegal-jump",
            )
        if dest:
            self._check_stackable(self.current_group, dest, to)
        self._lift()
        self._land(to)

    def _do_jump(self, a: Jump):
        to = self._target(a.to, "jump")
        self._displacement_checks("jump", to)
        at = self.at
        if not (to[:2] == at[:2] and to[3:] == at[3:] and abs(to[2] - at[2]) == 1):
            raise IllegalAction(
                f"a 3-D jump goes to the same (x, y) on the plane directly above or below (C19): {_c(at)} -> {_c(to)}",
                code="illegal-jump",
            )
        self._jump_common(to, "jump")

    def _do_hyperjump(self, a: HyperJump):
        to = self._target(a.to, "hyperjump")
        group = self._displacement_checks("hyperjump", to)
        at = self.at
        n = max(len(at), len(to))
        av = list(at) + [1] * (n - len(at))
        tv = list(to) + [1] * (n - len(to))
        diff = [i for i in range(n) if av[i] != tv[i]]
        if len(diff) != 1 or diff[0] < 3 or abs(av[diff[0]] - tv[diff[0]]) != 1:
            raise IllegalAction(
                f"a hyper-jump changes exactly one index beyond the third by 1 (C22): {_c(at)} -> {_c(to)}",
                code="illegal-hyperjump",
            )
        rules = self.position.rules
        if len(group) > 1 and rules.stack_hyperjump_pays_highest:
            price = max(rules.hyperjump_cost, highest_value(rules, group))
        else:
            price = rules.hyperjump_cost
        self._spend(price, "hyperjump")
        for p in group:
            self._stat(p.type)["hyperjumps"] += 1
        self._jump_common(to, "hyperjump")

    def _check_stackable(self, group, dest, to):
        rules = self.position.rules
        for p in tuple(group) + tuple(dest):
            if not rules.pieces[p.type].stackable:
                raise IllegalAction(f"the {p.type} cannot stack or be carried (C39): {_c(to)}", code="illegal-stack")

    def _do_stack(self, a: Stack):
        if not self.pending:
            raise IllegalAction(
                "stack needs a preceding move, jump, hyper-jump or drop that ends on your own pieces",
                code="illegal-stack",
            )
        rules = self.position.rules
        below = self.cell(self.at)
        merged = tuple(below) + tuple(self.group)
        if rules.beyond_promotion(self.side, self.at[1]):
            price = rules.stack_after_promotion_line
        else:
            price = highest_value(rules, merged)
        self._spend(price, "stack")
        self.pending = False
        if self.dropped_index is not None:
            self.dropped_index += len(below)
        self.group = merged
        self._set(self.at, merged)

    def _do_split(self, a: Split):
        assert self.origin is not None  # add(): only a drop starts without one, and it sets it
        stack = self.cell(self.origin)
        if self.group is not None:
            raise IllegalAction("split must come before the stack moves", code="illegal-split")
        if len(stack) < 2:
            raise IllegalAction(
                f"a split needs a stack of at least two pieces on {_c(self.origin)}", code="illegal-split"
            )
        take = list(a.take)
        rest = list(stack)
        taken = []
        for name in take:
            piece = take_piece(rest, name)
            if piece is None:
                raise IllegalAction(
                    f"the stack on {_c(self.origin)} ({_names(stack)}) has no {name} left to split off",
                    code="illegal-split",
                )
            taken.append(piece)
        if not taken or not rest:
            raise IllegalAction(
                "a split takes part of the stack: at least one piece goes and one stays (C43)", code="illegal-split"
            )
        self._set(self.origin, tuple(rest))
        self.group = tuple(taken)
        self.pending = False
        self.detached = True

    def _do_drop(self, a: Drop):
        rules = self.position.rules
        if self.origin is not None and any(k != "promote" for k in self.kinds):
            # C36: a drop may follow a promotion (onto the promoted piece's square, C28/C37) but
            # no other action; rule 3 (C31) then says what may follow the drop
            raise IllegalAction("a drop must start its turn (or follow a promotion only)", code="grammar")
        spec = rules.pieces.get(a.piece)
        if spec is None:
            raise IllegalAction(f"unknown piece {a.piece!r}", code="unknown-name")
        to = self._target(a.to, "drop")
        if self.origin is not None and to != self.origin:
            raise IllegalAction(
                f"a drop turn concerns its target square only (C28): origin {_c(self.origin)} != drop target {_c(to)}",
                code="grammar",
            )
        if spec.hire == "none":
            raise IllegalAction(f"a {a.piece} cannot be hired (C11, C12)", code="illegal-drop")
        credit = None
        if spec.hire == "credit":
            have = self.credits[self.side]
            if have.get(a.piece, 0) >= 1:
                credit = a.piece
            elif not rules.credit_same_kind:  # G9: any queen/brother credit buys either kind
                credit = next((k for k in rules.credit_kinds if have.get(k, 0) >= 1), None)
            if credit is None:
                kinds = a.piece if rules.credit_same_kind else " or ".join(rules.credit_kinds)
                raise IllegalAction(
                    f"a {a.piece} can be hired only after capturing the enemy's {kinds} (C12, G9)", code="no-credit"
                )
        dest = self.cell(to)
        if dest and dest[0].side != self.side:
            raise IllegalAction(f"cannot drop on {_c(to)}: it holds enemy pieces (C11)", code="illegal-drop")
        piece = Piece(a.piece, self.side)
        if dest:
            self._check_stackable((piece,), dest, to)
        if credit is not None:
            mine = self._mine("credits")[self.side]
            mine[credit] -= 1
            if not mine[credit]:
                del mine[credit]
        self._spend(spec.value, "hire")
        st = self._stat(a.piece)
        st["hired"] += 1
        if rules.in_green(to):
            self._spend(rules.green_drop_surcharge, "surcharge")
            st["green_drops"] += 1
        self.origin = self.origin or to
        self.group = (piece,)
        self.dropped_index = 0
        self._land(to)

    def promotes_dropped(self) -> bool:
        """Whether a promotion now would change the piece dropped this turn (the first pawn of the group)."""
        idx = next((i for i, p in enumerate(self.current_group) if p.type == "pawn"), None)
        return idx is not None and idx == self.dropped_index

    def _do_promote(self, a: Promote):
        rules = self.position.rules
        group = self.current_group
        where = self.at
        if where is None:
            raise IllegalAction("promote needs a square", code="illegal-promote")
        idx = next((i for i, p in enumerate(group) if p.type == "pawn"), None)
        if idx is None:
            raise IllegalAction(
                f"there is no pawn to promote in {_names(group) or 'nothing'} on {_c(where)} (C37)",
                code="illegal-promote",
            )
        if not rules.beyond_promotion(self.side, where[1]):
            line = rules.promotion[self.side]
            rel = ">=" if self.side == "white" else "<="
            raise IllegalAction(
                f"a {self.side} pawn promotes on rank y {rel} {line}; {_c(where)} is not there (G8)",
                code="illegal-promote",
            )
        if a.to not in rules.pieces["pawn"].promotes_to:
            raise IllegalAction(
                f"a pawn cannot promote to {a.to!r} (allowed: {', '.join(rules.pieces['pawn'].promotes_to)})",
                code="illegal-promote",
            )
        if idx == self.dropped_index:
            why = promote_after_drop_error(rules, a.to)  # G19
            if why:
                raise IllegalAction(why, code="illegal-promote")
        pieces = list(group)
        pieces[idx] = Piece(a.to, self.side, "pawn")
        new = tuple(pieces)
        if self.group is None:
            self._set(self.origin, new)
        else:
            self.group = new
            # the group stands on its square unless it hovers (pending stack) or is a split part
            # not yet moved (the rest of the stack is what stands on the origin then)
            if not self.pending and not self.detached:
                self._set(where, new)

    # -- geometry ----------------------------------------------------------------------------
    def _reaches(self, group, at, to, capture: bool) -> bool:
        rules = self.position.rules
        dx, dy = to[0] - at[0], to[1] - at[1]
        rest = at[2:]
        cell = self.cell
        for r in group_rays(rules, group, self.side):
            k = ray_steps(r, dx, dy, capture)
            if k is None or k > r.max_steps:
                continue
            between = sum(1 for i in range(1, k) if cell((at[0] + r.dx * i, at[1] + r.dy * i) + rest))
            if (r.hop and between == 1) or (not r.hop and between == 0):
                return True
        return False

    # -- finishing ---------------------------------------------------------------------------
    def preview(self) -> Position:
        """The position after the actions so far (not yet checked for results)."""
        return self._build(final=False)

    def finish(self) -> Turn:
        if not self.kinds:
            raise IllegalAction("a turn needs at least one action", code="empty-turn")
        if self.pending:
            raise IllegalAction(
                f"the turn ends with pieces on top of your own on {_c(self.at)}: add stack (C39) or go elsewhere",
                code="grammar",
            )
        if [k for k in self.kinds if k != "promote"][-1:] == ["split"]:
            raise IllegalAction("a split part must leave for another square (C43)", code="illegal-split")
        # a drop turn is written without an origin (its square is the drop target): Turn(None, (Drop, ...))
        origin = None if self.actions[0].kind == "drop" else self.origin
        return Turn(origin, tuple(self.actions))

    def _build(self, final: bool) -> Position:
        """The position after the actions so far (:func:`build_position`)."""
        return build_position(
            self.position,
            self.changes,
            self.side,
            self.earned,
            self.cost,
            self.credits,
            self.stats,
            self.ledger,
            self.royals,
            final,
        )

    def options(self, horizon: int = 5) -> list:
        """Single actions that may legally be added next (for highlighting)."""
        return next_actions(self, horizon)


def take_piece(rest: list, name: str) -> Piece | None:
    """Take from ``rest`` the piece of type ``name`` a split lifts (an unpromoted one first, then a
    promoted one, C43), or None when there is none."""
    idx = next((i for i, p in enumerate(rest) if p.type == name and p.was is None), None)
    if idx is None:
        idx = next((i for i, p in enumerate(rest) if p.type == name), None)
    return None if idx is None else rest.pop(idx)


_HANDLERS = {k: "_do_" + k for k in ("move", "capture", "jump", "hyperjump", "stack", "split", "drop", "promote")}


def _names(stack) -> str:
    return "+".join(p.type for p in stack)


def apply_turn(position: Position, turn: Turn) -> tuple[Position, int]:
    """Validate and apply a whole turn; returns ``(new_position, cost)``.  Every loss
    condition is checked afterwards and recorded in ``new_position.result``."""
    new, cost, _changed = apply_turn_changes(position, turn)
    return new, cost


def apply_turn_changes(position: Position, turn: Turn, trusted: bool = False) -> tuple[Position, int, tuple]:
    """:func:`apply_turn` that also says which cells the turn wrote (canonical coordinates, in the
    order written; the crowned prince's cell of C4/C8 included): what an incremental move
    generator or hash needs to know.  ``trusted``: the turn was built from this engine's own
    generators for ``position`` (the computer player's inner nodes), so the ray geometry is not
    walked again (:class:`TurnBuilder`); a turn from anywhere else must not be trusted."""
    origin = turn.origin
    if turn.actions and getattr(turn.actions[0], "kind", None) == "drop" and origin is not None:
        # a drop turn needs no origin; one that names the drop target is the same turn (C28)
        if normalize(origin) != normalize(turn.actions[0].to):
            raise IllegalAction(
                f"a drop turn concerns its target square only (C28): origin {_c(origin)} != "
                f"drop target {_c(turn.actions[0].to)}",
                code="grammar",
            )
        origin = None
    if trusted:
        done = _apply_simple(position, turn)
        if done is not None:
            return done
    return apply_by_machine(position, turn, origin, trusted)


def apply_by_machine(position: Position, turn: Turn, origin: Coord | None, trusted: bool) -> tuple:
    """:func:`apply_turn_changes` through the turn machine (:class:`TurnBuilder`), action by action."""
    b = TurnBuilder(position, origin, transactional=False, trusted=trusted)
    for i, a in enumerate(turn.actions):
        try:
            b.add(a)
        except IllegalAction as exc:
            raise IllegalAction(f"action {i + 1} ({a.kind}): {exc}", code=exc.code) from None
    b.finish()
    return _concluded(position, b._build(final=True), b.side, b.king_taken, b.changes, b.cost)


def conclude(b: TurnBuilder) -> Position:
    new = b._build(final=True)
    return judge(new, mover=b.side, king_taken=b.king_taken)
