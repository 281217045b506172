"""The "resume the autosaved game?" question cube chess asks at start (no GL, no pyglet).

:class:`ResumeOffer` is a part of :class:`viewer.cube.controller.CubeController` that owns the
offered game (:attr:`ResumeOffer.game`, None once answered); what it needs of the controller is
:class:`ResumeHost`.  A broken autosave never blocks starting: it is set aside
(:func:`viewer.ui.control_common.set_aside_broken_autosave`) and a new game starts.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

from engine import Game

from ..ui.bindings import Actions
from ..ui.control_common import set_aside_broken_autosave


class ResumeHost(Protocol):
    """What the resume question needs of the controller."""

    rules: Any
    autosave_path: Path | None

    def say(self, text: str, level: str = "info", detail: str = "") -> None: ...

    def _start_game(self, game: Game) -> None: ...


class ResumeOffer:
    """The autosaved game offered at start, and the answer to the question (Y / N)."""

    def __init__(self, host: ResumeHost):
        self.host = host
        self.game: Game | None = None

    def look(self) -> str | None:
        """Read the autosave: an unfinished game with turns is offered; a file that does not load
        is set aside.  Returns the message about a broken autosave, or None."""
        path = self.host.autosave_path
        if path is None or not os.path.lexists(path):
            return None
        try:
            found = Game.load(path, known=self.host.rules)  # a --ruleset FILE game too
        except Exception as exc:  # noqa: BLE001  (a broken autosave never blocks starting)
            broken = set_aside_broken_autosave(path, exc)
            if os.path.lexists(path):  # not a regular file: left as it is, not used
                self.host.autosave_path = None
            return broken
        if found.turns and found.position.result is None:
            self.game = found
        return None

    def question(self) -> str:
        assert self.game is not None
        return (
            f"An autosaved game with {len(self.game.turns)} turns was found "
            f"({self.host.autosave_path}). Resume it? Y = resume, N = new game."
        )

    def answer(self, yes: bool) -> None:
        found, self.game = self.game, None
        host = self.host
        if yes and found is not None:
            host.rules = found.rules
            host._start_game(found)
            host.say(f"Resumed the autosaved game: {len(found.turns)} turns, {found.position.to_move} to move.", "ok")
            return
        kept = ""
        if found is not None and found.turns and host.autosave_path is not None:
            from ..ui.keep_games import rotate_and_keep

            try:  # issue 16: the autosaved game is kept, never overwritten by the new one
                kept = f" The autosaved game is kept as {rotate_and_keep(host.autosave_path, found)}."
            except OSError as exc:
                kept = f" (Could not keep the autosaved game: {exc.strerror or exc}.)"
        host.say(
            "Starting a new game (the autosave is replaced after setup)."
            + kept
            + " Setup: click slots, Enter confirms, Q = quick start."
        )

    def key_actions(self) -> Actions:
        """The question's keys (context ``resume``: Y / Enter resume, N / Escape start anew)."""
        return {"resume.yes": lambda: self.answer(True), "resume.no": lambda: self.answer(False)}
