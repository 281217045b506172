"""Recordings and stills show the board overview (issue 12): a hyper-jump cuts to it and back,
``snapshot --view overview`` renders it with the navigator."""

from __future__ import annotations

import numpy as np
import pytest

from viewer.record import recording as R

W, H = 320, 180


@pytest.fixture(scope="module")
def game():
    from engine.cube.game import sample_game

    return sample_game()


def hyper_turns(game):
    return [k for k in range(1, len(game.turns) + 1) if any(a.kind == "hyperjump" for a in game.turns[k - 1].actions)]


def test_a_hyper_jump_cuts_to_the_overview_and_back(game):
    opts = R.RecordOptions(size=(W, H), fps=10, hold=0.9, transition=0.6, camera="follow")
    rec = R.Recorder(game, opts)
    k = hyper_turns(game)[0]
    segs = [s for s in rec.timeline.segments if s.turn == k]
    hyper = next(s for s in segs if s.action is not None and game.turns[k - 1].actions[s.action].kind == "hyperjump")
    shots = [rec.state(hyper.start + i).overview for i in range(hyper.frames)]
    assert all(s is not None for s in shots)
    first, last = shots[0], shots[-1]
    step = rec.source.steps(k)[hyper.action]
    src, dst = tuple(step.src), tuple(step.dst)
    # before: the board it leaves framed, the one it lands on highlighted with the landing marked
    assert first.current == tuple(src[3:]) and tuple(dst[3:]) in first.highlight
    assert first.targets == (("hyperjump", dst),) and first.selected == src
    # after: the landing board framed, the piece ringed there
    assert last.current == tuple(dst[3:]) and last.selected == dst and last.position is step.after
    # the frames before the turn and at the end of its hold are the 3-D view again
    assert rec.state(segs[0].start - 1).overview is None
    hold = segs[-1]
    assert rec.state(hold.start + hold.frames - 1).overview is None
    # no other kind of action cuts to the overview
    plain = [s for s in rec.timeline.segments if s.action is not None and s.turn not in hyper_turns(game)]
    assert plain and all(rec.state(s.start).overview is None for s in plain)


def test_overview_frames_render_both_boards(game, gl_ctx):
    opts = R.RecordOptions(size=(W, H), fps=10, hold=0.5, transition=0.6, camera="follow")
    rec = R.Recorder(game, opts, painter=R.CubePainter(W, H, ctx=gl_ctx))
    try:
        k = hyper_turns(game)[0]
        seg = next(
            s
            for s in rec.timeline.segments
            if s.turn == k and s.action is not None and rec.state(s.start).overview is not None
        )
        before = rec.frame(seg.start)
        after = rec.frame(seg.start + seg.frames - 1)
        plain = rec.frame(seg.start - 1)
        assert before.shape == (H, W, 3)
        assert not np.array_equal(before, after) and not np.array_equal(before, plain)
        # the hyper-jump colour frames the landing board in the "before" frame
        from viewer.gl import palette

        want = np.asarray(palette.SAFE.target["hyperjump"]) * 255
        near = np.abs(before.astype(int) - want).max(axis=2) < 40
        assert near.sum() > 30
    finally:
        rec.close()


def test_snapshot_view_overview(tmp_path, game, gl_ctx):
    from PIL import Image

    out3q, outov = tmp_path / "a.png", tmp_path / "b.png"
    R.snapshot(game, out3q, turn=5, size=(W, H), view="3q", painter=R.CubePainter(W, H, ctx=gl_ctx))
    R.snapshot(game, outov, turn=5, size=(W, H), view="overview", painter=R.CubePainter(W, H, ctx=gl_ctx))
    a, b = (np.asarray(Image.open(p).convert("RGB")) for p in (out3q, outov))
    assert a.shape == b.shape == (H, W, 3)
    assert np.abs(a.astype(int) - b).sum() > W * H * 10


def test_overview_of_spirit_chess_is_refused(tmp_path):
    spirit = R.load_game(spirit_demo=True)
    with pytest.raises(R.RecordError, match="overview"):
        R.snapshot(spirit, tmp_path / "s.png", view="overview")


def test_follow_camera_keeps_the_moving_piece_and_its_target_in_the_frame(game):
    from viewer.gl.camera import Camera

    opts = R.RecordOptions(size=(960, 540), fps=8, hold=0.5, transition=0.5, camera="follow")
    rec = R.Recorder(game, opts)
    checked = 0
    for seg in rec.timeline.segments:
        if seg.action is None:
            continue
        step = rec.source.steps(seg.turn)[seg.action]
        if step.src is None or step.dst is None or step.kind == "hyperjump":
            continue
        for i in range(seg.frames):
            st = rec.state(seg.start + i)
            cam = Camera(width=960, height=540)
            st.pose.apply(cam)
            for cell in (step.src, step.dst):
                x, y = cam.project(rec.animator.world(cell))
                assert 0 <= x <= 960 and 0 <= y <= 540, (seg.turn, step.kind, cell, (x, y))
            checked += 1
    assert checked > 20
