"""A short scripted spirit-chess game that ends with a result (for demos and tests).

White's master marches up the middle, takes a black elder by level (S10), a black
disciple that attacks it dies (S10, the lower mover loses), and the master takes the
unguarded black sect (S3): White wins after 9 turns.
"""

from __future__ import annotations

SAMPLE_RECORD = """\
# Daqi spirit chess: sample game (see engine/spirit/sample.py)
ruleset spirit
white: elder(10,1) elder(8,2) formation(9,2) sect(10,2) formation(11,2) elder(12,2) protector(6,3) vicemaster(9,3) master(10,3) elder(11,3) protector(14,3) disciple(4,5) disciple(5,5) disciple(7,5) disciple(8,5) disciple(12,5) disciple(13,5) disciple(15,5) disciple(16,5)
black: disciple(2,12) disciple(4,12) disciple(16,12) disciple(18,12) disciple(1,13) formation(2,13) disciple(12,13) disciple(15,13) disciple(17,13) formation(18,13) elder(4,16) elder(12,16) elder(16,16) protector(3,17) protector(17,17) master(9,18) sect(10,18) vicemaster(11,18) elder(10,19)
1. +(10,3) (10,3)-(10,4)-(10,5)-(10,6)
2. +(12,16) (12,16)-(12,15)-(12,14)
3. +(10,6) (10,6)-(10,7)-(10,8)-(10,9)
4. +(12,14) (12,14)-(11,13)-(11,12)
5. +(10,9) (10,9)-(10,10)-(10,11)-(11,12)
6. +(12,13) (12,13)-(11,12)
7. +(11,12) (11,12)-(11,13)-(11,14)-(11,15)
8. +(10,19) (4,16)-(4,15)-(4,14)
9. +(11,15) (11,15)-(11,16)-(11,17)-(10,18)
result white sect-captured
"""


def sample_spirit_game():
    """The scripted sample game (a :class:`SpiritGame` whose result is a White win)."""
    from .record import SpiritGame

    return SpiritGame.from_text(SAMPLE_RECORD)
