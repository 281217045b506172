"""Re-render the README screenshots from real engine positions (headless EGL, 1280x720).

    .venv/bin/python docs/images/make_screenshots.py [--out docs/images]

* ``opening.png``         start position, white's knight selected, its legal targets shown;
* ``midgame-stacks.png``  the built-in sample game (``engine.game.sample_game``) continued with
                          legal turns (jump + stack) so that piles stand on several planes;
* ``hyperjump-ghost.png`` a legal hyper-jump along the 4th dimension: the ghost boards are shown
                          and the landing cell on the neighbouring board is highlighted.

Deterministic: fixed positions, fixed camera, fixed ``view.time`` (no wall clock).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine import (Capture, HyperJump, IllegalAction, Jump, Stack, Turn, apply_turn,  # noqa: E402
                    legal_actions, start_position)
from engine.cube.game import sample_game  # noqa: E402
from viewer.cube.render import OffscreenRenderer  # noqa: E402
from viewer.cube.scene import Highlights, View  # noqa: E402

W, H = 1280, 720
TIME = 0.35            # fixed phase of the pulsing highlights


def targets_of(pos, origin, horizon: int = 4) -> dict:
    """kind -> target coords, grouped like the window's controller (occupied -> stack)."""
    out: dict = {}
    for a in legal_actions(pos, origin, horizon):
        to = getattr(a, "to", None)
        if isinstance(a, Stack):
            out.setdefault("stack", []).append(tuple(origin))
            continue
        if not isinstance(to, tuple):
            continue
        kind = a.kind if hasattr(a, "kind") else type(a).__name__.lower()
        if isinstance(a, Capture):
            kind = "capture"
        elif pos.cell(to) and kind in ("move", "jump", "hyperjump"):
            kind = "stack"
        out.setdefault(kind, []).append(to)
    return out


def view_for(hl: Highlights, ghost_dim=None, focus: int = 1, yaw=None, pitch=None, layers=None,
             explode: float = 1.0) -> View:
    v = View(highlights=hl, time=TIME, explode=explode)
    v.camera.resize(W, H)
    v.slicing.set_focus(focus)
    if ghost_dim is not None:
        v.slicing.set_ghost_dim(ghost_dim)
    if yaw is not None:
        v.camera.yaw, v.camera.pitch = yaw, pitch
    v.frame(layers=layers) if layers else v.frame()
    return v


def opening():
    pos = start_position()
    origin = (4, 1, 1)
    hl = Highlights(targets=targets_of(pos, origin), selected=origin)
    return pos, view_for(hl)


def midgame():
    """The sample game (before its last, winning turn), then three legal jump+stack turns a
    side: piles on planes 2 and 3 besides the main board's."""
    game = sample_game()
    pos = game.positions[-2]
    last = None
    for want_z in (2, 2, 3, 3, 2, 2):           # the plane each turn should pile up on
        side, done = pos.to_move, False
        for coord, stack in sorted(pos.board_pieces(()), key=lambda cs: (cs[0][2], cs[0])):
            if not stack or stack[-1].side != side or all(p.type == "pawn" for p in stack):
                continue
            for a in legal_actions(pos, coord, 3):
                to = getattr(a, "to", None)
                if not (isinstance(a, Jump) and to[2] == want_z and pos.cell(to)
                        and pos.cell(to)[-1].side == side):
                    continue
                try:
                    pos, _ = apply_turn(pos, Turn(coord, (a, Stack())))
                except IllegalAction:
                    continue
                last, done = (coord, to), True
                break
            if done:
                break
    # the main board focused, the planes spread apart so the piles on planes 2 and 3 stand out;
    # only the last turn is marked
    piles = sorted((c for c, s in pos.board_pieces(()) if len(s) > 1), key=lambda c: (c[2], c))
    print("piles:", piles)
    hl = Highlights(last_from=last[0], last_to=last[1])
    v = view_for(hl, focus=1, yaw=-72.0, pitch=24.0, explode=2.0, layers=2)
    v.opacity, v.above_factor, v.reach = 0.75, 1.0, 2  # planes 2 and 3 well visible over plane 1
    lay = v.layout(pos.rules)
    v.camera.target = list(lay.cell_center(3, 8, 2))    # the piles stand at x = 3 on planes 1..3
    v.camera.zoom(0.8)
    return pos, v


def hyperjump():
    """A legal hyper-jump from the sample game's position onto an empty cell of board w4=2."""
    game = sample_game()
    pos = game.positions[-2]
    for coord, stack in sorted(pos.board_pieces(())):
        if coord[2] != 1 or not stack or stack[-1].side != pos.to_move:
            continue
        hj = [a for a in legal_actions(pos, coord, 4)
              if isinstance(a, HyperJump) and len(a.to) == 4 and not pos.cell(a.to)]
        if hj:
            origin, landing = coord, hj[0].to
            break
    else:  # pragma: no cover - the sample game always has one
        raise SystemExit("no hyper-jump found")
    apply_turn(pos, Turn(origin, (hj[0],)))          # it is a legal turn (raises otherwise)
    hl = Highlights(targets=targets_of(pos, origin), selected=origin, hovered=landing)
    v = view_for(hl, ghost_dim=4, yaw=-12.0, pitch=50.0)
    return pos, v


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(Path(__file__).resolve().parent))
    args = ap.parse_args(argv)
    out = Path(args.out)
    off = OffscreenRenderer(W, H, samples=4)
    try:
        for name, make in (("opening.png", opening), ("midgame-stacks.png", midgame),
                           ("hyperjump-ghost.png", hyperjump)):
            pos, view = make()
            off.render(pos, view)
            print(off.save_png(out / name))
    finally:
        off.release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
