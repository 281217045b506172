"""Sounds (viewer.app.sound): synthesised, named from what changed, silent without a device."""

from __future__ import annotations

import numpy as np
import pytest

from engine import sample_game
from viewer.app.sound import KINDS, RATE, EventWatcher, Sounds, synth, turn_sound
from viewer.cube.controller import CubeController


@pytest.mark.parametrize("kind", KINDS)
def test_each_sound_is_short_loud_enough_and_never_clips(kind):
    w = synth(kind)
    assert w.dtype == np.int16 and w.ndim == 1
    assert 0.05 * RATE <= len(w) <= 0.9 * RATE
    peak = int(np.abs(w.astype(int)).max())
    assert 3000 < peak < 32767
    assert abs(int(w[-1])) < peak * 0.2  # it fades out: no click at the end


def test_sounds_differ_and_are_the_same_every_time():
    waves = {k: synth(k) for k in KINDS}
    assert all(np.array_equal(waves[k], synth(k)) for k in KINDS)
    keys = list(KINDS)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            wa, wb = waves[a], waves[b]
            n = min(len(wa), len(wb))
            assert len(wa) != len(wb) or not np.array_equal(wa[:n], wb[:n]), (a, b)


def test_unknown_sound_is_refused():
    with pytest.raises(ValueError, match="no sound called"):
        synth("fanfare")


def test_turn_sounds_follow_the_actions():
    g = sample_game()
    seen = set()
    while g.turns:
        kinds = {a.kind for a in g.turns[-1].actions}
        s = turn_sound(g)
        if "capture" in kinds:
            assert s == "capture"
        elif "hyperjump" in kinds:
            assert s == "hyperjump"
        elif "jump" in kinds:
            assert s == "jump"
        else:
            assert s == "move"
        seen.add(s)
        g.undo()
    assert {"capture", "hyperjump", "jump", "move"} <= seen


class _Silent:
    """A driver stand-in that must never be asked to play."""


def test_watcher_names_move_illegal_and_end():
    c = CubeController(quick=True)
    w = EventWatcher()
    assert w.look(c) is None
    c.click_cell((9, 3, 1))
    c.click_cell((9, 4, 1))
    c.key("enter")
    assert w.look(c) == "move"
    c.click_cell((5, 8, 1))  # an empty square: an error message
    assert w.look(c) == "illegal"
    assert w.look(c) is None
    g = sample_game()
    last = g.turns[-1]
    g.undo()
    c2 = CubeController(game=g)
    w2 = EventWatcher()
    w2.look(c2)
    c2.game.play(last)
    assert w2.look(c2) == "end"


def test_without_an_audio_device_the_game_is_silent_and_says_nothing():
    s = Sounds()
    s._tried, s._driver = True, None  # what a machine without audio ends up with
    c = CubeController(quick=True)
    s.observe(c)
    c.click_cell((5, 8, 1))
    msg = c.message
    assert s.observe(c) == "illegal"
    assert s.played[-1] == "illegal" and not s.available
    assert c.message is msg  # nothing was said about the missing sound


def test_pyglet_silent_driver_counts_as_no_audio(monkeypatch):
    import pyglet

    pyglet.options["headless"] = True
    import pyglet.media

    class SilentDriver:
        pass

    monkeypatch.setattr(pyglet.media, "get_audio_driver", lambda: SilentDriver())
    s = Sounds()
    assert not s.available and s.play("move") is False


def test_a_broken_device_falls_silent(monkeypatch):
    s = Sounds(driver=object())
    assert s.available

    def boom(*_a, **_k):
        raise RuntimeError("device gone")

    import pyglet

    pyglet.options["headless"] = True
    from pyglet.media.codecs import base

    monkeypatch.setattr(base, "StaticMemorySource", boom)
    assert s.play("capture") is False and not s.available


def test_mute_toggles():
    s = Sounds(driver=object())
    assert "off" in s.toggle_mute() and s.play("move") is False
    assert "on" in s.toggle_mute()


def test_static_source_holds_the_samples_and_can_be_queued_again():
    import pyglet

    pyglet.options["headless"] = True
    from viewer.app.sound import static_source

    w = synth("jump")
    src = static_source(w)
    assert src.duration == pytest.approx(len(w) / RATE)
    a, b = src.get_queue_source(), src.get_queue_source()
    assert a is not b
    data = a.get_audio_data(1 << 20)
    assert data is not None and data.length == 2 * len(w)
