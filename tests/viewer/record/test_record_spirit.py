"""Spirit-chess recordings and stills (``daqi record --spirit-demo``, spirit record files).

Timeline and animation states need no GL.  Rendering tests take the ``gl_ctx`` fixture
(tests/viewer/conftest.py) as the "headless GL is here" check: without it they skip
locally and FAIL when $CI is set.  The spirit painter draws with the spirit window's own
pyglet code in a hidden EGL window; the tests also check that it hands the shared
``gl_ctx`` context back current.  Sizes are tiny to keep the file fast.
"""

from __future__ import annotations

import hashlib

import numpy as np
import pytest

from viewer.app import record_cli
from viewer.record import recording as R

W, H = 192, 108


def decode(path) -> list[np.ndarray]:
    import imageio_ffmpeg

    gen = imageio_ffmpeg.read_frames(str(path))
    meta = gen.__next__()
    w, h = meta["size"]
    return [np.frombuffer(b, np.uint8).reshape(h, w, 3) for b in gen]


@pytest.fixture(scope="module")
def game():
    return R.load_game(spirit_demo=True)


def expected_steps(game, k):
    t = game.turns[k - 1]
    return 1 + len(t.path) + (1 if game.captures[k - 1] else 0) + (1 if t.transform is not None else 0)


# ------------------------------------------------------------------ no GL
def test_steps_and_frame_count_formula(game):
    src = R.make_source(game)
    assert src.kind == "spirit" and src.n_turns == 9
    steps = [src.action_count(k) for k in range(1, 10)]
    assert steps == [expected_steps(game, k) for k in range(1, 10)]
    assert sum(steps) == 34  # 9 level-ups + 22 path squares + 3 captures
    for turns, fps, hold, trans in [
        ((0, 9), 24, 1.0, 0.5),
        ((2, 5), 10, 0.5, 0.3),
        ((0, 0), 7, 1.0, 0.5),
        ((9, 9), 12, 0.0, 0.25),
    ]:
        opts = R.RecordOptions(size=(W, H), fps=fps, hold=hold, transition=trans, turns=turns)
        rec = R.Recorder(game, opts, painter=object())
        a, b = turns
        n_steps = sum(src.action_count(k) for k in range(max(a, 1), b + 1))
        assert len(rec) == R.frame_count(b - a + 1, n_steps, hold, trans, fps)
        assert len(rec) == (b - a + 1) * round(hold * fps) + n_steps * round(trans * fps)
    # the documented example: 10 * 24 + 34 * 12
    assert len(R.Recorder(game, R.RecordOptions(), painter=object())) == 648


def test_states_animate_each_turn(game):
    """Turn 5 (white's master takes a black elder): pulse, glide square by square, capture fade."""
    opts = R.RecordOptions(size=(W, H), fps=10, hold=0.5, transition=0.5, turns=(5, 5))
    rec = R.Recorder(game, opts, painter=object())
    t = game.turns[4]
    states = [rec.state(i) for i in range(len(rec))]
    per = round(0.5 * 10)
    lev = states[:per]
    assert all(s.pulse is not None and s.pulse[0] == t.levelup for s in lev)
    lv0 = game.positions[4].pieces[t.levelup].level
    assert lev[0].pieces[t.levelup].level == lv0 and lev[-1].pieces[t.levelup].level == lv0 + 1
    prev = t.origin
    for i, sq in enumerate(t.path):
        seg = states[per * (i + 1) : per * (i + 2)]
        xs = [s.sprites[0].at for s in seg if s.sprites]
        assert len(xs) == per
        d = [abs(x[0] - sq[0]) + abs(x[1] - sq[1]) for x in xs]
        assert d == sorted(d, reverse=True), "the piece glides towards the next square"
        assert t.origin not in seg[0].pieces  # the mover is off the static board
        assert seg[-1].path == tuple(t.path[: i + 1])
        prev = sq
    cap = states[per * (len(t.path) + 1) : per * (len(t.path) + 2)]
    fading = [min(sp.alpha for sp in s.sprites) for s in cap]
    assert fading == sorted(fading, reverse=True) and fading[-1] < 0.2
    hold = states[-1]
    assert hold.sprites == [] and dict(hold.pieces) == dict(game.positions[5].pieces)
    text = " | ".join(x for x, _s in hold.lines)
    assert "Turn 5" in text and "white" in text and "+(10,9)" in text and "black elder" in text
    assert prev == t.end


def test_states_are_deterministic_and_end_with_the_result(game):
    opts = R.RecordOptions(size=(W, H), fps=6, hold=0.5, transition=0.34)
    a = R.Recorder(game, opts, painter=object())
    b = R.Recorder(game, opts, painter=object())
    assert [a.state(i).key() for i in range(len(a))] == [b.state(i).key() for i in range(len(b))]
    last = " ".join(x for x, _s in a.state(len(a) - 1).lines)
    assert "WHITE WINS" in last and "the sect was captured" in last  # plain words, as in the window
    first = " ".join(x for x, _s in a.state(0).lines)
    assert "Start position" in first
    no_text = R.Recorder(game, R.RecordOptions(size=(W, H), overlay=False), painter=object())
    assert no_text.state(0).lines is None


def test_record_files_are_detected(tmp_path, game):
    p = tmp_path / "spirit.txt"
    p.write_text(game.to_text(), encoding="utf-8")
    g = R.load_game(p)
    assert R.is_spirit(g) and R.make_source(g).n_turns == 9
    bad = tmp_path / "bad.txt"
    bad.write_text(game.to_text().replace("3. +(10,6)", "3. +(10,7)"), encoding="utf-8")
    with pytest.raises(R.RecordError) as err:
        R.load_game(bad)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("target", ["missing/x.mp4", "x.avi", "folder"])
def test_bad_output_fails_cleanly(tmp_path, capsys, target):
    out = tmp_path / target
    if target == "folder":
        out.mkdir()
    before = sorted(tmp_path.rglob("*"))
    status = record_cli.main(["record", "--spirit-demo", "--out", str(out), "--size", "96x64"])
    err = capsys.readouterr().err
    assert status == 2 and err.startswith("daqi record: error:") and err.count("\n") == 1, err
    assert sorted(tmp_path.rglob("*")) == before, "no file may be left behind"


def test_help_states_the_spirit_steps(capsys):
    with pytest.raises(SystemExit):
        record_cli.record_parser().parse_args(["--help"])
    out = capsys.readouterr().out
    assert "steps * round(transition * fps)" in out and "level-up" in out and "--spirit-demo" in out


# ------------------------------------------------------------------ GL
def _gl_ctx_still_works(ctx):
    fbo = ctx.simple_framebuffer((4, 4))
    fbo.use()
    fbo.clear(1.0, 0.0, 0.0, 1.0)
    px = np.frombuffer(fbo.read(components=3), np.uint8)
    fbo.release()
    assert tuple(px[:3]) == (255, 0, 0), "the shared GL context must be current again"


def test_mp4_frame_count_size_and_pixels(tmp_path, game, gl_ctx):
    from viewer.spirit.view import BOARD_RGB, SIDE_RGB

    fps, hold, trans = 8, 0.25, 0.25
    out = tmp_path / "s.mp4"
    status = record_cli.main(
        [
            "record",
            "--spirit-demo",
            "--out",
            str(out),
            "--size",
            f"{W}x{H}",
            "--fps",
            str(fps),
            "--hold",
            str(hold),
            "--transition",
            str(trans),
            "--turns",
            "0:2",
            "-q",
        ]
    )
    assert status == 0
    steps = expected_steps(game, 1) + expected_steps(game, 2)
    expected = 3 * round(hold * fps) + steps * round(trans * fps)
    frames = decode(out)
    assert len(frames) == expected and frames[0].shape == (H, W, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.mp4"]
    _gl_ctx_still_works(gl_ctx)
    # a raw frame (no video compression) shows the window's board and both sides' colours
    rec = R.Recorder(game, R.RecordOptions(size=(320, 180), turns=(0, 0), overlay=False))
    try:
        img = rec.frame(0).reshape(-1, 3).astype(int)
    finally:
        rec.close()
    for rgb in (BOARD_RGB, SIDE_RGB["white"], SIDE_RGB["black"]):
        assert (np.abs(img - rgb).sum(axis=1) < 12).sum() > 20, rgb
    _gl_ctx_still_works(gl_ctx)


def test_two_runs_give_identical_frames(game, gl_ctx):
    opts = R.RecordOptions(size=(W, H), fps=6, hold=0.34, transition=0.34, turns=(5, 6))

    def raw():
        rec = R.Recorder(game, opts)
        try:
            return [hashlib.sha1(f.tobytes()).hexdigest() for f in rec.frames()]
        finally:
            rec.close()

    a, b = raw(), raw()
    assert a == b and len(a) == len(R.Recorder(game, opts, painter=object()))
    assert len(set(a)) > 5, "the animation should change the frames"
    _gl_ctx_still_works(gl_ctx)


def test_snapshots(tmp_path, game, gl_ctx):
    from PIL import Image

    png = tmp_path / "p.png"
    assert record_cli.main(["snapshot", "--spirit-demo", "--turn", "5", "--out", str(png), "--size", "200x120"]) == 0
    rec = tmp_path / "game.txt"
    rec.write_text(game.to_text(), encoding="utf-8")
    last = tmp_path / "last.png"
    assert record_cli.main(["snapshot", str(rec), "--out", str(last), "--size", "160x100"]) == 0
    with Image.open(png) as a, Image.open(last) as b:
        assert a.size == (200, 120) and b.size == (160, 100) and a.format == b.format == "PNG"
    assert record_cli.main(["snapshot", "--spirit-demo", "--turn", "10", "--out", str(tmp_path / "n.png")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.txt", "last.png", "p.png"]
    _gl_ctx_still_works(gl_ctx)
