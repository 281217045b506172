"""Spirit candidates that know the whole rulebook (issue 18, item 1): every own formation is tried
as the level-up (S11 zones guard approaches too), quiet ends two squares from the own sect (blocks)
are kept, and a disciple that may transform (S8) is tried into every depleted kind."""

from players_helpers import spirit

from engine.players.spirit_player import ADAPTER


def _turns(pos):
    return ADAPTER.moves(ADAPTER.root(pos))


def _cheb(a, b):
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def test_every_own_formation_is_a_level_up_candidate_and_blocks_near_the_sect_are_tried():
    sect = (10, 2)
    pos = spirit(
        {
            sect: ("sect", "white"),
            (9, 2): ("formation", "white"),
            (14, 6): ("formation", "white"),  # guards an approach, far from the sect
            (12, 5): ("elder", "white"),
            (10, 9): ("master", "white"),
            (10, 18): ("sect", "black"),
            (9, 17): ("elder", "black"),
        }
    )
    turns = _turns(pos)
    ups = {t.levelup for t in turns}
    assert {(9, 2), (14, 6)} <= ups
    assert any(_cheb(t.end, sect) == 2 and pos.pieces.get(t.end) is None for t in turns)


def test_a_disciple_transforms_into_every_depleted_kind():
    pos = spirit(
        {
            (10, 2): ("sect", "white"),
            (12, 9): ("disciple", "white", 3),
            (3, 3): ("elder", "white"),
            (10, 18): ("sect", "black"),
            (9, 17): ("elder", "black"),
        }
    )
    kinds = {t.transform.into for t in _turns(pos) if t.transform is not None}
    assert {"master", "vicemaster", "protector", "formation"} <= kinds
