"""Short game sounds, synthesised here with numpy (nothing is downloaded or read from disk).

* :func:`synth` makes one sound as 16-bit mono samples: ``move`` (a wooden click), ``capture``
  (a click and a low knock), ``jump`` (a rising chirp), ``hyperjump`` (a rising chirp with a
  shimmer), ``illegal`` (a short low buzz) and ``end`` (three rising notes);
* :func:`event_of` says which sound a controller's state change calls for (no audio needed);
* :class:`Sounds` plays them through pyglet's audio driver.  Without an audio device (no
  driver, pyglet's silent driver, any error) the game is silent and says nothing.  Ctrl+M mutes.
"""

from __future__ import annotations

import numpy as np

RATE = 22050
KINDS = ("move", "capture", "jump", "hyperjump", "illegal", "end")


def _env(n: int, attack: float = 0.004, decay: float = 12.0) -> np.ndarray:
    t = np.arange(n) / RATE
    a = np.clip(t / max(attack, 1e-6), 0.0, 1.0)
    return a * np.exp(-decay * t)


def _tone(freq, seconds: float, decay: float = 12.0, shape: str = "sine") -> np.ndarray:
    n = int(RATE * seconds)
    f = np.full(n, float(freq)) if np.ndim(freq) == 0 else np.asarray(freq, dtype=float)[:n]
    phase = 2 * np.pi * np.cumsum(f) / RATE
    wave = np.sin(phase) if shape == "sine" else np.sign(np.sin(phase)) * 0.5
    return wave * _env(n, decay=decay)


def synth(kind: str) -> np.ndarray:
    """The samples of sound ``kind`` (int16, mono, :data:`RATE` Hz, under half a second)."""
    rng = np.random.default_rng(7)  # fixed: the same sound every time
    if kind == "move":
        n = int(RATE * 0.09)
        w = 0.6 * _tone(620, 0.09, decay=45) + 0.25 * rng.standard_normal(n) * _env(n, 0.001, 90)
    elif kind == "capture":
        n = int(RATE * 0.22)
        w = (
            0.5 * _tone(520, 0.22, decay=40)
            + 0.7 * _tone(140, 0.22, decay=14)
            + 0.3 * rng.standard_normal(n) * _env(n, 0.001, 60)
        )
    elif kind == "jump":
        n = int(RATE * 0.18)
        w = 0.7 * _tone(np.linspace(420, 900, n), 0.18, decay=10)
    elif kind == "hyperjump":
        n = int(RATE * 0.32)
        sweep = np.linspace(300, 1400, n)
        w = 0.55 * _tone(sweep, 0.32, decay=6) + 0.3 * _tone(sweep * 1.5, 0.32, decay=9)
    elif kind == "illegal":
        w = 0.35 * _tone(150, 0.16, decay=8, shape="square")
    elif kind == "end":
        parts = [0.6 * _tone(f, 0.16, decay=6) for f in (523.25, 659.25, 783.99)]
        parts[-1] = 0.6 * _tone(783.99, 0.4, decay=5)
        w = np.concatenate(parts)
    else:
        raise ValueError(f"no sound called {kind!r}; the sounds are {', '.join(KINDS)}")
    fade = min(len(w), int(RATE * 0.012))  # a short release: no click at the end
    w = w.copy()
    w[len(w) - fade :] *= np.linspace(1.0, 0.0, fade)
    w = np.clip(w, -1.0, 1.0)
    return (w * 0.8 * 32767).astype(np.int16)


def turn_sound(game) -> str:
    """The sound of a game's last turn: capture, hyper-jump, 3-D jump or move."""
    turn = game.turns[-1]
    actions = getattr(turn, "actions", None)
    if actions is None:  # spirit chess: a turn is a path
        caps = getattr(game, "captures", None)
        return "capture" if caps and caps[-1] else "move"
    kinds = {a.kind for a in actions}
    for kind in ("capture", "hyperjump", "jump"):
        if kind in kinds:
            return kind
    return "move"


class EventWatcher:
    """Compares a controller with what it was on the last look and names the sound to play."""

    def __init__(self):
        self._game = None
        self._turns = 0
        self._message = None
        self._over = False

    def look(self, c) -> str | None:
        game = getattr(c, "game", None)
        n = len(game.turns) if game is not None else 0
        over = bool(game is not None and c.result_text())
        msg = getattr(c, "message", None)
        out = None
        if game is self._game and game is not None:
            if over and not self._over:
                out = "end"
            elif n == self._turns + 1:
                out = turn_sound(game)
        if out is None and msg is not self._message and msg is not None and msg.level == "error" and msg.text:
            out = "illegal"
        self._game, self._turns, self._message, self._over = game, n, msg, over
        return out


def static_source(samples: np.ndarray):
    """A pyglet ``StaticSource`` (playable any number of times) holding 16-bit mono ``samples``."""
    import io

    from pyglet.media.codecs.base import AudioData, AudioFormat, Source, StaticSource

    class _Pcm(Source):
        def __init__(self, data: bytes):
            self._file = io.BytesIO(data)
            fmt = AudioFormat(1, 16, RATE)
            # pyglet's Source declares both as None until a codec sets them
            self.audio_format = fmt  # type: ignore[assignment]
            self._duration = len(data) / float(fmt.bytes_per_second)  # type: ignore[assignment]

        def get_audio_data(self, num_bytes, compensation_time=0.0):
            at = self._file.tell()
            data = self._file.read(int(num_bytes))
            if not data:
                return None
            bps = self.audio_format.bytes_per_second
            return AudioData(data, len(data), at / bps, len(data) / bps)

    return StaticSource(_Pcm(samples.astype(np.int16).tobytes()))


class Sounds:
    """Plays the sounds; silent (and quiet about it) without an audio device."""

    def __init__(self, enabled: bool = True, driver=None):
        self.muted = not enabled
        self._driver = driver
        self._sources: dict = {}
        self._tried = driver is not None
        self.watcher = EventWatcher()
        self.played: list[str] = []  # what was asked for (tests, and a silent machine)

    @property
    def available(self) -> bool:
        """Whether a real audio device plays the sounds (False: silent)."""
        if not self._tried:
            self._tried = True
            try:
                import pyglet.media

                drv = pyglet.media.get_audio_driver()
                self._driver = None if drv is None or type(drv).__name__ == "SilentDriver" else drv
            except Exception:  # noqa: BLE001 - no audio: silence, no message
                self._driver = None
        return self._driver is not None

    def toggle_mute(self) -> str:
        self.muted = not self.muted
        return "Sound off (Ctrl+M turns it on)." if self.muted else "Sound on (Ctrl+M mutes)."

    def play(self, kind: str) -> bool:
        """Play ``kind``; False when muted or silent.  Never raises."""
        self.played.append(kind)
        del self.played[:-20]
        if self.muted or not self.available:
            return False
        try:
            src = self._sources.get(kind)
            if src is None:
                src = self._sources[kind] = static_source(synth(kind))
            src.play()
            return True
        except Exception:  # noqa: BLE001 - a broken device: silence
            self._driver = None
            return False

    def observe(self, c) -> str | None:
        """Play what changed on controller ``c`` since the last call (the window calls this after events)."""
        kind = self.watcher.look(c)
        if kind is not None:
            self.play(kind)
        return kind
