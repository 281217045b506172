"""``daqi puzzles …`` and ``daqi edit [FILE]``.

daqi puzzles play [FILE] [--game cube|spirit] [--number N]   solve puzzles in the window
daqi puzzles make|selfplay|check|list …                      no window (engine.puzzles.cli)
daqi edit [FILE] [--spirit]                                  the position editor
"""

from __future__ import annotations

import argparse
import sys


def _window(session, start: str, size: str, headless: bool) -> int:
    why = _checks["display_problem"](headless)
    if why:
        return _checks["no_display"](why)
    try:
        width, height = (int(v) for v in size.lower().split("x"))
    except ValueError:
        print(f"daqi: --size must look like 1280x800, got {size!r}", file=sys.stderr)
        return 2
    try:
        import pyglet

        pyglet.options["debug_gl"] = False
        if headless:
            pyglet.options["headless"] = True
        from .window import DaqiWindow, run

        window = DaqiWindow(None, start=start, width=width, height=height, tutorial=session)
    except Exception as exc:  # no display, no GL 3.3, ...
        return _checks["no_display"](f"{type(exc).__name__}: {exc}")
    run(window)
    return 0


def play_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="daqi puzzles play", description="Solve puzzles in the window.")
    p.add_argument("file", nargs="?", help="a puzzle file (default: the bundled sets)")
    p.add_argument("--game", choices=("cube", "spirit"), default=None, help="only this game's puzzles")
    p.add_argument("--number", type=int, default=None, help="start at puzzle N (default: the first unsolved)")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)
    return p


def run_puzzles(argv: list) -> int:
    from engine import DaqiError

    if not argv or argv[0] != "play":
        from engine.puzzles.cli import main as engine_main

        return engine_main(argv)
    args = play_parser().parse_args(argv[1:])
    from engine.puzzles import bundled_puzzles, load_puzzles

    from .puzzles import PuzzleSession

    try:
        puzzles = load_puzzles(args.file) if args.file else bundled_puzzles()
    except DaqiError as exc:
        print(f"daqi puzzles: {exc}", file=sys.stderr)
        return 2
    if args.game:
        puzzles = [p for p in puzzles if p.game == args.game]
    if not puzzles:
        print("daqi puzzles: no puzzles to play", file=sys.stderr)
        return 2
    if args.number is not None and not 1 <= args.number <= len(puzzles):
        print(f"daqi puzzles: --number must be 1..{len(puzzles)}", file=sys.stderr)
        return 2
    session = PuzzleSession(puzzles, None if args.number is None else args.number - 1)
    return _window(session, session.puzzle.game, args.size, args.headless)


def edit_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="daqi edit", description="Make a position of either game.")
    p.add_argument("file", nargs="?", help="a position or record file to start from (and to save to)")
    p.add_argument("--spirit", action="store_true", help="a spirit-chess position (default: cube chess)")
    p.add_argument("--empty", action="store_true", help="cube chess: start from empty boards")
    p.add_argument("--size", default="1280x800")
    p.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)
    return p


def run_edit(argv: list) -> int:
    from pathlib import Path

    from engine import DaqiError
    from engine.editor import CubeDraft, SpiritDraft

    from .editor import EditorSession, read_position_file

    args = edit_parser().parse_args(argv)
    try:
        if args.file and Path(args.file).exists():
            draft = read_position_file(args.file)
        else:
            draft = SpiritDraft() if args.spirit else CubeDraft()
            if args.empty and hasattr(draft, "set_fill"):
                draft.set_fill("empty")
    except DaqiError as exc:
        print(f"daqi edit: {exc}", file=sys.stderr)
        return 2
    session = EditorSession(draft, args.file)
    return _window(session, draft.game, args.size, args.headless)


_checks: dict = {}


def main(argv: list, display_problem, no_display) -> int:
    """``argv`` starts with ``puzzles`` or ``edit``; ``display_problem(headless)`` and
    ``no_display(why)`` are the main command's display check and message (viewer.app.cli)."""
    _checks.update(display_problem=display_problem, no_display=no_display)
    return run_edit(argv[1:]) if argv[0] == "edit" else run_puzzles(argv[1:])
