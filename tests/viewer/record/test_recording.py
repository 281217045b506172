"""Recording pipeline: timeline and frame-count rule, camera paths, encoders, atomic output,
LiveCapture, determinism and snapshots.

GL tests take the ``gl_ctx`` fixture (tests/viewer/conftest.py): without headless GL they
fail (never skip).  Sizes are tiny (160x90) to keep the file fast.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import numpy as np
import pytest
from video_decode import decode

from viewer.record import recording as R

W, H = 160, 90


def synthetic(n, w=W, h=H):
    frames = []
    for i in range(n):
        f = np.zeros((h, w, 3), np.uint8)
        f[:, : (i * 7) % w] = (200, 60, 30)
        f[: (i * 3) % h, :, 1] = 180
        frames.append(f)
    return frames


def leftovers(folder) -> list[str]:
    return sorted(p.name for p in Path(folder).iterdir())


@pytest.fixture(scope="module")
def game():
    from engine.cube.game import sample_game

    return sample_game()


# ------------------------------------------------------------------ timeline (no GL)
def test_frame_count_formula_and_timeline(game):
    src = R.CubeSource(game)
    n = src.n_turns
    actions = sum(src.action_count(k) for k in range(1, n + 1))
    for fps, hold, trans in ((24, 1.0, 0.5), (10, 0.3, 0.2), (8, 1.0, 0.0), (12, 0.0, 0.25)):
        tl = R.Timeline(src.action_count, 0, n, R.frames_for(hold, fps), R.frames_for(trans, fps))
        expected = (n + 1) * round(hold * fps) + actions * round(trans * fps)
        assert tl.total == expected == R.frame_count(n + 1, actions, hold, trans, fps)
        assert sum(s.frames for s in tl.segments) == tl.total
    # a range A:B: (B - A + 1) holds, the actions of turns A..B
    tl = R.Timeline(src.action_count, 3, 5, 6, 4)
    acts = sum(src.action_count(k) for k in (3, 4, 5))
    assert tl.total == 3 * 6 + acts * 4
    seg, local = tl.locate(tl.total - 1)
    assert (seg.turn, seg.action, local) == (5, None, 5)
    with pytest.raises(IndexError):
        tl.locate(tl.total)


def test_recorder_length_matches_rule(game):
    rec = R.Recorder(game, R.RecordOptions(size=(W, H), fps=10, hold=0.5, transition=0.3))
    n = rec.source.n_turns
    actions = sum(len(t.actions) for t in game.turns)
    assert len(rec) == (n + 1) * 5 + actions * 3
    single = R.Recorder(game, R.RecordOptions(size=(W, H), fps=10, hold=0.5, transition=0.0, turns=(4, 4)))
    assert len(single) == 5


def test_parse_range_and_size():
    assert R.parse_range("2:5", 10) == (2, 5)
    assert R.parse_range(":3", 10) == (0, 3)
    assert R.parse_range("7:", 10) == (7, 10)
    assert R.parse_range("4", 10) == (4, 4)
    for bad in ("5:2", "0:11", "x", "-1:2"):
        with pytest.raises(R.RecordError):
            R.parse_range(bad, 10)
    assert R.parse_size("1280x720") == (1280, 720)
    with pytest.raises(R.RecordError):
        R.parse_size("12")


def test_states_are_deterministic_and_follow_the_board(game):
    a = R.Recorder(game, R.RecordOptions(size=(W, H), fps=8, camera="follow"))
    b = R.Recorder(game, R.RecordOptions(size=(W, H), fps=8, camera="follow"))
    keys_a = [(s.higher, s.focus_z, s.pose.key(), s.overlay.key()) for s in map(a.state, range(len(a)))]
    keys_b = [(s.higher, s.focus_z, s.pose.key(), s.overlay.key()) for s in map(b.state, range(len(b)))]
    assert keys_a == keys_b
    # the slicing follows the turns onto the higher boards and planes where they happen
    boards = {k[0] for k in keys_a}
    planes = {k[1] for k in keys_a}
    assert any(h for h in boards), "a hyper-jump should show a higher board"
    assert len(planes) > 1, "a 3-D jump should focus another plane"


def test_keyframe_camera_files(tmp_path):
    js = tmp_path / "cam.json"
    js.write_text(
        json.dumps(
            {
                "keyframes": [
                    {"time": 0, "yaw": 0, "pitch": 30, "distance": 20, "target": [0, 0, 0]},
                    {"time": 2, "yaw": 90, "pitch": 60, "distance": 40, "target": [2, 2, 2]},
                ]
            }
        )
    )
    cam = R.make_camera(str(js))
    assert cam.pose_at(-1, None).yaw == 0
    mid = cam.pose_at(1.0, None)
    assert mid.yaw == pytest.approx(45) and mid.distance == pytest.approx(30)
    assert cam.pose_at(5, None).target == (2, 2, 2)
    tm = tmp_path / "cam.toml"
    tm.write_text("[[keyframe]]\ntime = 0\nyaw = 10\n\n[[keyframe]]\ntime = 1\nyaw = 20\npitch = 5\n")
    cam = R.make_camera(str(tm))
    assert cam.pose_at(1, None).yaw == 20 and cam.pose_at(1, None).pitch == 5
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(R.RecordError):
        R.make_camera(str(bad))
    with pytest.raises(R.RecordError):
        R.make_camera("spiral")


# ------------------------------------------------------------------ encoders (no GL)
@pytest.mark.parametrize("ext", ["mp4", "gif"])
def test_writers_encode_frames_of_the_right_size(tmp_path, ext):
    out = tmp_path / f"v.{ext}"
    frames = synthetic(12)
    w = R.open_writer(out, (W, H), 12)
    for f in frames:
        w.add(f)
    w.close()
    assert leftovers(tmp_path) == [out.name]
    got = decode(out)
    assert all(g.shape == (H, W, 3) for g in got)
    if ext == "mp4":
        assert len(got) == 12
    else:  # GIF is lossless for these few colours
        assert len(got) == 12 and all(np.array_equal(a, b) for a, b in zip(got, frames))


@pytest.mark.parametrize(
    "name, why",
    [
        ("missing/out.mp4", "does not exist"),
        ("out.avi", "unknown output format"),
        ("afile.txt/out.gif", "not a folder"),
    ],
)
def test_bad_output_paths(tmp_path, name, why):
    (tmp_path / "afile.txt").write_text("x")
    with pytest.raises(R.RecordError, match=why):
        R.open_writer(tmp_path / name, (W, H), 10)
    assert leftovers(tmp_path) == ["afile.txt"]


def test_live_capture_atomic(tmp_path):
    out = tmp_path / "live.mp4"
    cap = R.LiveCapture(out, fps=10)
    for _i, f in enumerate(synthetic(6, 161, 91)):  # odd size: cropped to even
        cap.add_frame(f)
        assert not out.exists()
    cap.add_frame(synthetic(1, 200, 120)[0])  # a resized window: scaled to the first size
    assert cap.close() == out
    got = decode(out)
    assert len(got) == 7 and got[0].shape == (90, 160, 3)
    assert leftovers(tmp_path) == ["live.mp4"]

    gif = tmp_path / "live.gif"
    with pytest.raises(RuntimeError), R.LiveCapture(gif, fps=10) as cap:
        cap.add_frame(synthetic(1)[0])
        raise RuntimeError("window closed")
    assert leftovers(tmp_path) == ["live.mp4"]
    assert R.LiveCapture(tmp_path / "empty.mp4").close() is None
    with pytest.raises(R.RecordError):
        R.LiveCapture(tmp_path / "nope" / "x.mp4")


class FakePainter:
    """Deterministic frames from the state key; raises KeyboardInterrupt at frame ``stop_at``."""

    def __init__(self, stop_at=None):
        self.n, self.stop_at = 0, stop_at

    def paint(self, st, animator):
        self.n += 1
        if self.stop_at is not None and self.n >= self.stop_at:
            raise KeyboardInterrupt
        digest = hashlib.sha1(repr(st.key()[1:]).encode()).digest()
        return np.full((H, W, 3), list(digest[:3]), np.uint8)

    def release(self):
        pass


@pytest.mark.parametrize("ext", ["mp4", "gif"])
def test_interrupted_record_leaves_nothing(tmp_path, game, ext):
    out = tmp_path / f"demo.{ext}"
    opts = R.RecordOptions(size=(W, H), fps=8, hold=0.5, transition=0.25)
    with pytest.raises(KeyboardInterrupt):
        R.record(game, out, opts, progress=False, painter=FakePainter(stop_at=5))
    assert leftovers(tmp_path) == []


def test_progress_bar_only_when_asked(tmp_path, game):
    import io

    buf = io.StringIO()
    opts = R.RecordOptions(size=(W, H), fps=4, hold=0.5, transition=0.25, turns=(0, 2))
    R.record(game, tmp_path / "a.gif", opts, stream=buf, painter=FakePainter())
    assert buf.getvalue() == ""  # StringIO is no TTY
    R.record(game, tmp_path / "b.gif", opts, progress=True, stream=buf, painter=FakePainter())
    assert "frames" in buf.getvalue() and "100.0%" in buf.getvalue()


# ------------------------------------------------------------------ GL
@pytest.fixture
def painter(gl_ctx):
    p = R.CubePainter(W, H, ctx=gl_ctx)
    yield p
    p.release()


def test_mp4_frame_count_and_size(tmp_path, game, painter):
    fps, hold, trans = 8, 0.5, 0.25
    opts = R.RecordOptions(size=(W, H), fps=fps, hold=hold, transition=trans, turns=(2, 4))
    info = R.record(game, tmp_path / "clip.mp4", opts, progress=False, painter=painter)
    actions = sum(len(game.turns[k - 1].actions) for k in (2, 3, 4))
    expected = 3 * round(hold * fps) + actions * round(trans * fps)
    assert info["frames"] == expected
    frames = decode(tmp_path / "clip.mp4")
    assert len(frames) == expected
    assert frames[0].shape == (H, W, 3)
    assert frames[0].std() > 5, "the frame should show a board, not a flat colour"
    assert leftovers(tmp_path) == ["clip.mp4"]


def test_two_runs_give_identical_frames(tmp_path, game, gl_ctx):
    opts = R.RecordOptions(size=(W, H), fps=6, hold=0.34, transition=0.34, turns=(2, 3), camera="orbit")

    def raw():
        p = R.CubePainter(W, H, ctx=gl_ctx)
        rec = R.Recorder(game, opts, painter=p)
        try:
            return [hashlib.sha1(f.tobytes()).hexdigest() for f in rec.frames()]
        finally:
            rec.close()

    a, b = raw(), raw()
    assert a == b and len(a) == len(R.Recorder(game, opts, painter=FakePainter()))
    assert len(set(a)) > 1, "the animation should change the frames"
    for name in ("a.gif", "b.gif"):
        R.record(game, tmp_path / name, opts, progress=False, painter=R.CubePainter(W, H, ctx=gl_ctx))
    ga, gb = decode(tmp_path / "a.gif"), decode(tmp_path / "b.gif")
    assert len(ga) == len(gb) and all(np.array_equal(x, y) for x, y in zip(ga, gb))


def test_animation_moves_the_piece(game, painter):
    """Mid-transition frames differ from both the position before and after the action."""
    opts = R.RecordOptions(size=(W, H), fps=8, hold=0.25, transition=0.5, turns=(1, 1), overlay=False, camera="fixed")
    rec = R.Recorder(game, opts, painter=painter)
    frames = list(rec.frames())
    mid, end = frames[1], frames[-1]
    start = painter.paint(R.FrameState(0, game.positions[0], game.positions[0], pose=R.HOME), rec.animator)
    assert not np.array_equal(mid, start) and not np.array_equal(mid, end)


def test_snapshot_png_size(tmp_path, game, painter):
    from PIL import Image

    for view in ("front", "top", "3q"):
        out = tmp_path / f"s-{view}.png"
        R.snapshot(game, out, turn=3, size=(W, H), view=view, painter=R.CubePainter(W, H, ctx=painter.off.ctx))
        with Image.open(out) as im:
            assert im.size == (W, H) and im.format == "PNG"
    with pytest.raises(R.RecordError):
        R.snapshot(game, tmp_path / "x.png", turn=99, size=(W, H))
