"""`daqi record --annotate` (issue 19): the analysis drawn into the frames of a video."""

from __future__ import annotations

import numpy as np

from engine import sample_game
from viewer.app.record_cli import record_parser
from viewer.record.recording import Recorder, RecordOptions


def _hold_frame(rec, turn):
    seg = next(s for s in rec.timeline.segments if s.turn == turn and s.action is None)
    return rec.frame(seg.start)


def test_annotated_frames_carry_the_bar_the_class_and_the_threat():
    g = sample_game()
    plain = Recorder(g, RecordOptions(size=(480, 270), turns=(13, 14)))
    notes = Recorder(g, RecordOptions(size=(480, 270), turns=(13, 14), annotate=True, annotate_level=1))
    try:
        a, b = _hold_frame(plain, 14), _hold_frame(notes, 14)
        ann = notes.annotator
        # turn 14 is black's blunder at level 1 too: white then takes the king
        t = ann.report.turns[13]
        assert t.side == "black" and t.cls == "blunder"
        text, rgb = ann.caption(14)
        assert "??" in text and "blunder" in text and rgb == (220, 40, 40)
        # the evaluation bar on the left edge: white's share (white is winning) is light
        h = b.shape[0]
        bar = b[int(h * 0.2) + 4 : int(h * 0.7) - 2, 6]
        assert (bar.min(axis=1) > 200).mean() > 0.9
        assert not np.array_equal(a, b)
        # the game-deciding threat of the position after turn 14 (the knight on the king) is drawn red
        assert [x.kind for x in ann.threats_at(14)] == ["king"]
        red = (b[..., 0] > 200) & (b[..., 1] < 90) & (b[..., 2] < 100)
        red_plain = (a[..., 0] > 200) & (a[..., 1] < 90) & (a[..., 2] < 100)
        assert red.sum() > red_plain.sum() + 20
    finally:
        plain.close()
        notes.close()


def test_record_command_takes_annotate():
    args = record_parser().parse_args(["--demo", "--out", "x.mp4", "--annotate", "--annotate-level", "1"])
    assert args.annotate and args.annotate_level == 1
