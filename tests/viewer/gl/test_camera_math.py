"""Camera maths (no GL): matrices, project/ray, orbit/zoom/pan/reset, named views."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.gl.camera import NAMED_VIEWS, Camera


def test_target_projects_to_the_centre():
    cam = Camera(width=800, height=600, target=np.array([1.0, 2.0, 3.0]))
    px, py = cam.project(cam.target)
    assert px == pytest.approx(400, abs=1e-6) and py == pytest.approx(300, abs=1e-6)


def test_top_view_looks_down_with_y_up_on_screen():
    cam = Camera(width=640, height=480, target=np.zeros(3), distance=20)
    cam.set_view("top")
    assert cam.eye[2] == pytest.approx(20)
    x0, y0 = cam.project((0, 0, 0))
    x1, y1 = cam.project((0, 1, 0))  # +Y goes up the screen (smaller py)
    x2, y2 = cam.project((1, 0, 0))  # +X goes right
    assert y1 < y0 and x1 == pytest.approx(x0)
    assert x2 > x0 and y2 == pytest.approx(y0)


def test_front_view_is_on_whites_side():
    cam = Camera()
    cam.set_view("front")
    assert cam.eye[1] < cam.target[1]
    cam.set_view("side")
    assert cam.eye[0] > cam.target[0]
    assert set(NAMED_VIEWS) >= {"front", "top", "side"}


def test_view_projection_is_view_then_projection():
    from pyrr import matrix44

    cam = Camera()
    p = np.array([1.0, -2.0, 0.5, 1.0])
    by_steps = (p @ cam.view_matrix()) @ cam.projection_matrix()
    assert np.allclose(p @ cam.view_projection(), by_steps)
    assert np.allclose(cam.view_projection(), matrix44.multiply(cam.view_matrix(), cam.projection_matrix()))
    assert len(cam.vp_bytes()) == 64


@settings(max_examples=60, deadline=None)
@given(px=st.floats(0, 1280), py=st.floats(0, 720), yaw=st.floats(-180, 180), pitch=st.floats(-89, 90))
def test_ray_goes_through_the_pixel(px, py, yaw, pitch):
    cam = Camera(yaw=yaw, pitch=pitch)
    origin, direction = cam.ray(px, py)
    assert np.linalg.norm(direction) == pytest.approx(1.0)
    qx, qy = cam.project(origin + direction * 20.0)
    assert qx == pytest.approx(px, abs=1e-3) and qy == pytest.approx(py, abs=1e-3)


def test_orbit_wraps_yaw_and_clamps_pitch():
    cam = Camera(yaw=170, pitch=10)
    cam.orbit(20, 200)
    assert cam.yaw == pytest.approx(-170)
    assert cam.pitch == 90
    cam.orbit(0, -500)
    assert cam.pitch == -90


def test_zoom_changes_distance_within_limits():
    cam = Camera(distance=30)
    cam.zoom(0.5)
    assert cam.distance == pytest.approx(15)
    cam.zoom(1e-6)
    assert cam.distance == cam.min_distance
    with pytest.raises(ValueError):
        cam.zoom(0)


def test_pan_follows_the_mouse():
    cam = Camera(width=800, height=600, target=np.zeros(3))
    world = np.array([0.0, 0.0, 0.0])
    x0, y0 = cam.project(world)
    cam.pan(50, -30)  # drag 50 px right, 30 px up
    x1, y1 = cam.project(world)
    assert x1 - x0 == pytest.approx(50, abs=0.5)
    assert y1 - y0 == pytest.approx(-30, abs=0.5)


def test_reset_returns_home():
    cam = Camera()
    home = (cam.target.copy(), cam.yaw, cam.pitch, cam.distance)
    cam.orbit(33, -12)
    cam.zoom(2)
    cam.pan(10, 10)
    cam.reset()
    assert np.allclose(cam.target, home[0])
    assert (cam.yaw, cam.pitch, cam.distance) == home[1:]


def test_frame_fits_the_box():
    cam = Camera(width=1280, height=720)
    lo, hi = np.array([-8, -8, 0]), np.array([8, 8, 16])
    cam.frame(lo, hi)
    for corner in [(x, y, z) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]:
        px, py = cam.project(corner)
        assert 0 <= px <= 1280 and 0 <= py <= 720


def test_camera_module_has_no_gl_and_no_clock():
    import viewer.gl.camera as mod

    src = open(mod.__file__).read()
    assert "import moderngl" not in src and "import pyglet" not in src and "import time" not in src
    assert "matrix44.multiply" in src and "Matrix44(" not in src and "Matrix44.from" not in src
    assert math.isfinite(Camera().distance)
