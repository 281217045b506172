"""The search's apply (issue 18): a trusted turn from the engine's own generators builds the same
position as the whole turn machine, with its board hash derived incrementally, and leaves the
position it started from exactly as it was (taking the turn back is keeping that position)."""

import copy
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import start_position
from engine.core.errors import IllegalAction
from engine.core.loader import load_ruleset
from engine.cube import position as position_mod
from engine.cube.actions import Capture, Move, Split, Stack, Turn
from engine.cube.legal import legal_actions, split_displacements
from engine.cube.movegen import splits
from engine.cube.position import Piece, Position
from engine.cube.randomplay import random_turn
from engine.cube.rules import TurnBuilder, _apply_simple, apply_by_machine, apply_turn_changes
from engine.players.cube_player import ADAPTER


def _game(seed: int, plies: int):
    pos, rng = start_position(), random.Random(seed)
    out = [pos]
    for _ in range(plies):
        t = random_turn(pos, rng, fancy=0.7)
        if t is None:
            break
        pos = apply_turn_changes(pos, t)[0]
        if pos.result is not None:
            break
        out.append(pos)
    return out


def _snapshot(pos):
    """Everything a position holds, deep-copied, with its board hash recomputed from scratch."""
    tables = (pos.scores, pos.credits, pos.stats, pos.ledger, pos.royals, pos.kings_was)
    fresh = pos.replace(cells=dict(pos.cells)).zhash()
    return (dict(pos.cells), copy.deepcopy(tables), pos.to_move, pos.ply, pos.result, pos.zhash(), fresh, pos.key())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 40))
def test_a_trusted_apply_equals_the_turn_machine_and_keeps_the_old_position(seed, plies):
    pos = _game(seed, plies)[-1]
    before = _snapshot(pos)
    applied = 0
    for turn in ADAPTER.moves(ADAPTER.root(pos)):
        try:
            full = apply_turn_changes(pos, turn)
        except IllegalAction:
            continue  # a candidate the engine refuses (the search skips it)
        fast = apply_turn_changes(pos, turn, trusted=True)
        applied += 1
        assert fast[0] == full[0] and fast[1:] == full[1:]
        new = fast[0]
        assert new.royals == full[0].royals == position_mod._find_royals(new)  # as a fresh scan finds them
        # the hash derived from the old position's equals one computed from scratch
        assert new._zh is not None
        assert new.zhash() == new.replace(cells=dict(new.cells)).zhash() == full[0].zhash()
        assert new.key() == full[0].key()
    assert applied
    assert _snapshot(pos) == before  # "unmake": the position the turns started from is untouched


def _knight_move(pos):
    for turn in ADAPTER.moves(ADAPTER.root(pos)):
        a = turn.actions
        if len(a) == 1 and a[0].kind == "move" and pos.cell(turn.origin)[0].type == "knight":
            return turn
    raise AssertionError("no knight move")


def test_a_move_and_its_way_back_restore_the_board_hash():
    """Make + unmake as moves: a knight goes and comes back; the board, its hash and the key's
    key equal those of the position with the other side's move alone (the side to move set alike)."""
    pos = start_position()
    go = _knight_move(pos)
    there = apply_turn_changes(pos, go, trusted=True)[0]
    reply = _knight_move(there)
    after = apply_turn_changes(there, reply, trusted=True)[0]
    (step,) = go.actions
    back = apply_turn_changes(after, type(go)(step.to, (type(step)(go.origin),)), trusted=True)[0]
    only_reply = apply_turn_changes(pos.replace(to_move="black"), reply)[0]
    assert back.cells == only_reply.cells
    assert back.zhash() == only_reply.zhash() == only_reply.replace(cells=dict(only_reply.cells)).zhash()
    assert back.to_move == "black" and back.key() == only_reply.replace(to_move="black").key()


def _everything(done):
    """A whole result of ``apply_turn_changes``: every table of the new position (the ledger and
    the royals too, which ``Position.__eq__`` leaves out), its hash, the cost and the cells written."""
    new, cost, changed = done
    return (
        new.cells,
        new.to_move,
        new.ply,
        new.result,
        new.scores,
        new.credits,
        new.stats,
        new.ledger,
        new.royals,
        new.kings_was,
        new._zh,
        cost,
        changed,
    )


def _simple_turns(pos):
    """The candidates, every single move or capture the generator lists, and turns the turn
    machine refuses: a move onto pieces with no stack, a move onto enemy pieces, a capture of
    own pieces or of nothing, a stack after a move onto an empty square."""
    out = list(ADAPTER.moves(ADAPTER.root(pos)))
    for o, _stack in pos.pieces_by_side()[pos.to_move]:
        for a in legal_actions(pos, o, 4):
            if a.kind in ("move", "capture"):
                out.append(Turn(o, (a,)))
                out.append(Turn(o, (a, Stack())))
                out.append(Turn(o, (Capture(a.to) if a.kind == "move" else Move(a.to),)))
        for dx, dy in ((0, 1), (1, 0), (1, 1), (0, -1)):
            to = (o[0] + dx, o[1] + dy) + tuple(o[2:])
            if pos.in_board(to):
                out += [Turn(o, (Move(to),)), Turn(o, (Capture(to),)), Turn(o, (Move(to), Stack()))]
    return out


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(0, 60))
def test_the_simple_apply_equals_the_turn_machine(seed, plies):
    """``_apply_simple`` (a move, a move and its stack, a capture: most of the search's turns)
    builds exactly what the turn machine builds for the same trusted turn, and leaves every turn
    the turn machine refuses to it (returns None)."""
    simple = 0
    for pos in _game(seed, plies)[-3:]:
        before = _snapshot(pos)
        for turn in _simple_turns(pos):
            try:
                want = _everything(apply_by_machine(pos, turn, turn.origin, True))
            except IllegalAction:
                want = None
            got = _apply_simple(pos, turn)
            if got is None:
                continue
            simple += 1
            assert want is not None, turn  # never a turn the turn machine refuses
            assert _everything(got) == want, turn
            assert got[0].zhash() == got[0].replace(cells=dict(got[0].cells)).zhash()
        assert _snapshot(pos) == before
    assert simple


def test_the_simple_apply_of_a_king_capture_and_a_credit_kind():
    """The rarer tables of a capture: the enemy king taken (C4: the prince crowned, or the game
    won) and a queen captured (C12: a credit), each as the turn machine writes them."""
    rules = load_ruleset("standard")
    W, B = "white", "black"
    for scores in ({W: 40, B: 40}, {W: 30, B: 60}):  # C4 won at once / the prince crowned
        pos = Position.from_pieces(
            rules,
            {
                (5, 5, 1): (Piece("rook", W),),
                (5, 9, 1): (Piece("king", B),),
                (7, 9, 1): (Piece("queen", B), Piece("pawn", B)),
                (7, 5, 1): (Piece("rook", W),),
                (1, 1, 1): (Piece("king", W),),
                (12, 14, 1): (Piece("prince", B),),
            },
            fill="empty",
            scores=scores,
        )
        for to, o in (((5, 9, 1), (5, 5, 1)), ((7, 9, 1), (7, 5, 1))):
            turn = Turn(o, (Capture(to),))
            got = _apply_simple(pos, turn)
            assert got is not None
            assert _everything(got) == _everything(apply_by_machine(pos, turn, o, True))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), plies=st.integers(10, 70))
def test_split_displacements_equal_the_turn_machines_options(seed, plies):
    """``split_displacements`` (the candidates' split turns without the turn machine) lists the
    moves and captures ``TurnBuilder.options`` lists after the same split, in the same order; it
    answers None only where the turn machine refuses the split or the part is a lone king."""
    compared = 0
    for pos in _game(seed, plies):
        for o, stack in pos.pieces_by_side()[pos.to_move]:
            for sp in splits(stack) + [Split(("queen",)), Split(tuple(p.type for p in stack))]:
                got = split_displacements(pos, o, stack, sp.take)
                try:
                    b = TurnBuilder(pos, o, transactional=False)
                    b.add(sp)
                    want = [a for a in b.options(5) if a.kind in ("move", "capture")]
                except IllegalAction:
                    want = None
                if got is None:
                    assert want is None or [p.type for p in b.group] == ["king"], (o, sp)
                    continue
                compared += 1
                assert got == want, (o, sp)
    assert compared or not any(len(s) > 1 for p in _game(seed, plies) for _, s in p.pieces_by_side()[p.to_move])
