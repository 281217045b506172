"""Formation zones on every step (S11, H3): a piece is caught on the step that enters a zone."""

import pytest
from spirit_helpers import make, pc, turn

from engine.core.errors import IllegalAction
from engine.spirit import (
    SpiritGame,
    apply_spirit_turn,
    catch_squares,
    format_spirit_turn,
    legal_paths,
    parse_spirit_turn,
    played_turn,
)


def _master_and_zone(formation_level=3):
    # black formation on (12,12): its zone is x 11..13, y 11..13 (without (12,12))
    return make({(10, 10): ("master", "white", 3), (12, 12): ("formation", "black", formation_level)})


def test_s11_equal_level_mover_is_caught_mid_path_and_its_move_ends_there():
    """S11 立刻: the level-3 master stepping into a level-3 zone on step 1 dies there; steps 2-3 never happen."""
    pos = _master_and_zone(3)
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (10, 12), (10, 13)))
    assert [(c.at, c.piece, c.reason) for c in caps] == [((11, 11), pc("master", "white", 3), "formation")]
    assert not any(p.type == "master" for p in new.pieces.values())
    assert (10, 13) not in new.pieces and (11, 11) not in new.pieces
    assert new.pieces[(12, 12)] == pc("formation", "black", 3)  # the formation does not move
    assert new.to_move == "black" and new.ply == 1  # the turn is complete


def test_s11_lower_mover_cannot_walk_through_a_zone_to_take_the_formation():
    """S11 before S12: a level-2 elder entering a level-2 zone dies before it reaches the formation."""
    pos = make({(10, 10): ("elder", "white", 2), (12, 12): ("formation", "black", 2)})
    assert (12, 12) not in legal_paths(pos, (10, 10))
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (12, 12)))
    assert [(c.at, c.piece.type, c.reason) for c in caps] == [((11, 11), "elder", "formation")]
    assert new.pieces[(12, 12)] == pc("formation", "black", 2)
    # one level more and the elder walks through and takes it (S12)
    new, caps = apply_spirit_turn(pos, turn((10, 10), (10, 10), (11, 11), (12, 12)))
    assert [(c.piece.type, c.reason) for c in caps] == [("formation", "formation-square")]
    assert new.pieces[(12, 12)] == pc("elder", "white", 3)


def test_s11_higher_mover_passes_through_mid_path():
    """S11: above the zone's level the master passes through (the level-up counts first, S13)."""
    pos = _master_and_zone(3)
    new, caps = apply_spirit_turn(pos, turn((10, 10), (10, 10), (11, 11), (10, 12), (10, 13)))
    assert caps == [] and new.pieces[(10, 13)] == pc("master", "white", 4)


def test_s11_the_caught_path_may_stop_on_the_catching_step_and_records_keep_that_form():
    """S11: a path cut after its catching step is the same turn; ``played_turn`` and records use that form."""
    pos = _master_and_zone(3)
    full = turn((3, 1), (10, 10), (11, 11), (10, 12), (10, 13))
    short = turn((3, 1), (10, 10), (11, 11))
    assert apply_spirit_turn(pos, short) == apply_spirit_turn(pos, full)
    assert played_turn(pos, full) == short and played_turn(pos, short) == short
    safe = turn((10, 10), (10, 10), (11, 11), (10, 12), (10, 13))
    assert played_turn(pos, safe) is safe
    # a short path that is not caught on its last step still breaks S13's step count
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11)))
    game = SpiritGame(pos.rules)
    game.positions = [pos]  # test setup: start the game from this position
    game.play(full)
    assert game.turns == [short]  # the game keeps the turn as played
    assert format_spirit_turn(game.turns[0]) == "+(3,1) (10,10)-(11,11)"
    assert parse_spirit_turn(format_spirit_turn(game.turns[0])) == short
    game.undo()
    game.redo()
    assert game.turns == [short] and game.position == apply_spirit_turn(pos, full)[0]


def test_s11_unplayed_rest_of_a_caught_path_is_checked_for_its_shape_only():
    """S11: squares after the catching step are never reached: their pieces do not matter, their shape does."""
    pos = make({(10, 10): ("master", "white", 3), (12, 12): ("formation", "black", 3), (10, 13): ("elder", "white")})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (10, 12), (10, 13)))  # own elder at the end
    assert caps[0].at == (11, 11) and new.pieces[(10, 13)].type == "elder"
    with pytest.raises(IllegalAction, match="step 3"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (10, 12), (10, 15)))
    with pytest.raises(IllegalAction, match="exactly 3"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11), (10, 12), (10, 13), (10, 14)))


def test_s11_effective_level_mid_path_counts_own_formations_around_the_entered_square():
    """S9 + S11: the mover's level on a step is its level + its own formations around that square."""
    zone = {(10, 10): ("elder", "white", 2), (12, 12): ("formation", "black", 2)}
    bare = make(zone)
    _, caps = apply_spirit_turn(bare, turn((3, 1), (10, 10), (11, 11), (10, 12)))
    assert caps[0].reason == "formation" and caps[0].at == (11, 11)
    helped = make({**zone, (11, 10): ("formation", "white", 1)})  # next to (11,11), not to (10,12)
    new, caps = apply_spirit_turn(helped, turn((3, 1), (10, 10), (11, 11), (10, 12)))
    assert caps == [] and new.pieces[(10, 12)].type == "elder"
    # overlapping enemy formations add up on the entered square (S11's last sentence)
    two = make({**zone, (11, 10): ("formation", "white", 1), (12, 10): ("formation", "black", 1)})
    _, caps = apply_spirit_turn(two, turn((3, 1), (10, 10), (11, 11), (10, 12)))
    assert caps[0].at == (11, 11)  # 2 + 1 = 3 vs zone 2 + 1 = 3


def test_s11_a_zone_guards_the_squares_behind_it():
    """S11: a square reachable only through a catching zone is no end square; the zone squares are."""
    pos = _master_and_zone(3)
    ends = legal_paths(pos, (10, 10))
    assert (13, 13) not in ends  # every 3-step way to it enters (11,11) first
    assert ends[(11, 11)] == ((11, 11),)  # the caught path stops where it is caught
    caught = catch_squares(pos, (10, 10))
    assert caught == {e for e in ends if 11 <= e[0] <= 13 and 11 <= e[1] <= 13}
    assert (11, 11) in caught and (10, 13) not in caught
    # every end that is not a catch square is reached by a path that never enters the zone
    for e, path in ends.items():
        inside = [11 <= x <= 13 and 11 <= y <= 13 for x, y in path]
        assert any(inside) == (e in caught) and (not any(inside[:-1]))
    # raised above the zone, nothing is caught and H3 keeps the master out of the zone's squares
    assert catch_squares(pos, (10, 10), levelup=(10, 10)) == set()
    up = legal_paths(pos, (10, 10), levelup=(10, 10))
    assert (13, 13) not in up and (11, 11) not in up and (10, 13) in up


def test_s11_unlimited_protector_is_caught_on_its_path():
    """S7 + S11: the level-3 protector's long diagonal path ends where it enters a zone."""
    pos = make({(5, 5): ("protector", "white", 3), (10, 8): ("formation", "black", 3)})
    new, caps = apply_spirit_turn(pos, turn((3, 1), (5, 5), (6, 6), (7, 7), (8, 8), (9, 9), (10, 10)))
    assert caps[0].at == (9, 9) and not any(p.type == "protector" for p in new.pieces.values())
    ends = legal_paths(pos, (5, 5))
    assert ends[(9, 9)] == ((6, 6), (7, 7), (8, 8), (9, 9))
    assert (9, 9) in catch_squares(pos, (5, 5)) and (8, 8) not in catch_squares(pos, (5, 5))


def test_s11_h3_a_piece_the_formation_moved_next_to_was_not_caught():
    """H3 decision: a piece already standing in a zone (the formation came to it) did not enter it."""
    pos = make(
        {(12, 12): ("formation", "black", 1), (13, 12): ("disciple", "black"), (11, 10): ("disciple", "white", 0)},
        to_move="black",
    )
    new, caps = apply_spirit_turn(pos, turn((12, 12), (12, 12), (12, 11)))  # raised to 2, next to (11,10)
    assert caps == [] and new.pieces[(11, 10)] == pc("disciple", "white", 0)
    # stepping on to another square of that zone enters it there: caught; stepping out is free
    _, caps = apply_spirit_turn(new, turn((3, 1), (11, 10), (11, 11)))
    assert caps[0].reason == "formation" and caps[0].at == (11, 11)
    out, caps = apply_spirit_turn(new, turn((3, 1), (11, 10), (10, 9)))
    assert caps == [] and out.pieces[(10, 9)].type == "disciple"
    assert catch_squares(new, (11, 10)) == {(11, 11), (12, 10)}  # (12,11) itself: S12 takes the formation


def test_h3_at_the_end_is_kept_with_s11_on_every_step():
    """H3: a higher mover still may not end inside the zone; a lower or equal one that ends there dies."""
    pos = _master_and_zone(2)  # the master (3) is above the zone
    assert (11, 11) not in legal_paths(pos, (10, 10))
    with pytest.raises(IllegalAction, match="H3"):
        apply_spirit_turn(pos, turn((3, 1), (10, 10), (10, 11), (10, 12), (11, 11)))
    low = _master_and_zone(3)
    _, caps = apply_spirit_turn(low, turn((3, 1), (10, 10), (10, 11), (10, 12), (11, 12)))
    assert [(c.at, c.reason) for c in caps] == [((11, 12), "formation")]


def test_s11_a_moving_formation_is_a_mover_like_any_other():
    """S11: a formation that steps into an enemy zone at a level not above it is caught; above it, H3 bars it."""
    pos = make(
        {(10, 10): ("formation", "white", 1), (11, 10): ("disciple", "white"), (12, 12): ("formation", "black", 1)}
    )
    assert (11, 11) in catch_squares(pos, (10, 10))
    new, caps = apply_spirit_turn(pos, turn((3, 1), (10, 10), (11, 11)))
    assert [(c.at, c.piece.type, c.reason) for c in caps] == [((11, 11), "formation", "formation")]
    assert new.pieces[(12, 12)] == pc("formation", "black", 1)
    with pytest.raises(IllegalAction, match="H3"):
        apply_spirit_turn(pos, turn((10, 10), (10, 10), (11, 11)))
