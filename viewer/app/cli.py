"""The ``daqi`` console command.

    daqi                                   cube chess, two players at one screen (setup phase first)
    daqi play [--ruleset standard|free-combination] [--load FILE] [--quick] [--autosave PATH | --no-autosave]
    daqi spirit [--load FILE] [--quick]    spirit chess (hidden setup with a hand-over screen)
    daqi tutorial [--lesson N|ID]          short lessons on prepared positions (viewer.app.tutorial)
    daqi play|spirit --vs computer [--level 0-4] [--computer white|black] [--seed N]
                                           against the computer (it plays black unless --computer white)
    daqi arena ...                         seeded games between computer players (engine.players.arena);
                                           with --sprt/--player/--pairs/--out/--cluster... a match (engine.lab)
    daqi study --rulesets A,B --levels 2 --games N   a rules study with a Markdown report and plots (engine.lab)
    daqi record ...   /   daqi snapshot ...  videos and still images without a window (viewer.app.record_cli)
    daqi analyse GAME.txt [--level N] --out DIR  the game report: evaluations, ?! ? ??, a graph (engine.analysis.cli)
    daqi edit [FILE]  /   daqi puzzles play|make|selfplay|check|list ...   (viewer.app.puzzles_cli)

In the window F2 switches between the two games and H shows every key.
Without a display the command explains what to do instead and exits with status 2.  Bad input (a
record, ruleset or option) prints one line and exits with status 2; an unexpected error prints one
line naming the crash report it wrote (``~/.local/share/daqi/crash-<date>.txt``) and exits with 1 --
never a traceback.
"""

from __future__ import annotations

import argparse
import os
import sys

#: the smallest and largest window --size accepts (a 0x0 window is a user error, not "no display")
MIN_WINDOW, MAX_WINDOW = 160, 16384

NO_DISPLAY = (
    "daqi: cannot open a window here ({why}). The interactive game needs a graphical display "
    "(an X11 or Wayland session; on a server try 'xvfb-run daqi'). Without one you can still make "
    "a video of a demo game with 'daqi record --demo --out demo.mp4' or a still picture with "
    "'daqi snapshot' (see 'daqi record --help' and 'daqi snapshot --help')."
)


#: the subcommands that open the window
WINDOW_COMMANDS = ("play", "spirit", "tutorial")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="daqi", description="Daqi (大棋): cube chess and spirit chess.")
    sub = p.add_subparsers(dest="command")
    play = sub.add_parser("play", help="cube chess in a window (the default)")
    play.add_argument(
        "--ruleset",
        default="standard",
        help="standard | free-combination | a ruleset in ~/.local/share/daqi/rulesets ($DAQI_RULESETS) "
        "| path to a ruleset file (default: standard)",
    )
    play.add_argument("--load", metavar="FILE", help="open a saved record")
    play.add_argument("--quick", action="store_true", help="skip the setup phase: default arrangement")
    _common(play)
    sp = sub.add_parser("spirit", help="spirit chess (灵棋) in a window")
    sp.add_argument(
        "--ruleset",
        default="spirit",
        help="spirit | a ruleset in ~/.local/share/daqi/rulesets ($DAQI_RULESETS) | path to a ruleset file",
    )
    sp.add_argument("--load", metavar="FILE", help="open a saved spirit-chess record")
    sp.add_argument("--quick", action="store_true", help="skip the hidden setup: default placements")
    _common(sp)
    tut = sub.add_parser(
        "tutorial", help="short lessons: moving, planes, hyper-jumps, stacks, hiring, winning, spirit chess"
    )
    tut.add_argument("--lesson", metavar="N|ID", help="start at this lesson (number 1.. or id, e.g. hyperjump)")
    tut.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)")
    tut.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)
    sub.add_parser("record", help="make a video (see 'daqi record --help')", add_help=False)
    sub.add_parser(
        "arena", help="computer against computer: tables and a rules report (see 'daqi arena --help')", add_help=False
    )
    sub.add_parser(
        "study",
        help="a rules study: the same openings under several rulesets (see 'daqi study --help')",
        add_help=False,
    )
    sub.add_parser("snapshot", help="render a still image (see 'daqi snapshot --help')", add_help=False)
    sub.add_parser(
        "analyse",
        help="analyse a game record: evaluations, mistakes, a graph (see 'daqi analyse --help')",
        add_help=False,
    )
    sub.add_parser("edit", help="the position editor (see 'daqi edit --help')", add_help=False)
    sub.add_parser("puzzles", help="puzzles: play, make, check (see 'daqi puzzles --help')", add_help=False)
    return p


def _ladder() -> str:
    """The levels' Elo ladder for the help (engine/players/ladder.py; % escaped for argparse)."""
    from engine.players.ladder import ladder_text

    return ladder_text().replace("%", "%%")


def _common(p) -> None:
    p.add_argument(
        "--autosave",
        metavar="PATH",
        help="autosave file (default: ~/.local/share/daqi/autosave.txt; a spirit game uses "
        "autosave-spirit.txt next to it)",
    )
    p.add_argument("--no-autosave", action="store_true", help="do not autosave")
    p.add_argument("--size", default="1280x800", help="window size WIDTHxHEIGHT (default 1280x800)")
    p.add_argument(
        "--clock",
        metavar="MIN+SEC",
        help="a chess clock per side, e.g. 10+5: 10 minutes, 5 seconds added after each turn; "
        "running out of time loses (a house rule, docs/RULES.md)",
    )
    p.add_argument(
        "--ui-scale",
        type=float,
        metavar="S",
        help="size of the text and panels (default: from the window size; 2 suits a 4K screen)",
    )
    p.add_argument("--mute", action="store_true", help="start with the sound off (Ctrl+M toggles)")
    p.add_argument(
        "--quality",
        choices=("auto", "low", "high"),
        default="auto",
        help="anti-aliasing: auto (default) turns it off on a software renderer such as llvmpipe, "
        "low never uses it (fastest), high always asks for 4x",
    )
    p.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)
    p.add_argument(
        "--vs",
        choices=("human", "computer"),
        default="human",
        help="human: two players at one screen (default); computer: play the computer",
    )
    p.add_argument(
        "--level",
        type=int,
        choices=(0, 1, 2, 3, 4),
        default=None,
        help="the computer's level: 0 random, 1 greedy, 2 and 3 search, 4 the widest search (about 1-2 s a turn) "
        f"(default 2). Elo ladder, level 1 = 0 (docs/ARENA.md): {_ladder()}",
    )
    p.add_argument(
        "--computer",
        choices=("white", "black"),
        default=None,
        help="the side the computer plays with --vs computer (default black)",
    )
    p.add_argument(
        "--seed",
        type=int,
        default=0,
        help="the game's seed: the computer's turns depend on it and the ply only (default 0)",
    )


def display_problem(headless: bool = False) -> str | None:
    """Why no window can be opened (None if it looks possible)."""
    if headless:
        return None
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "neither DISPLAY nor WAYLAND_DISPLAY is set"
    return None


def _no_display(why: str) -> int:
    print(NO_DISPLAY.format(why=why), file=sys.stderr)
    return 2


def main(argv=None) -> int:
    """The ``daqi`` command; returns the exit status and never shows a traceback."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print("daqi: interrupted", file=sys.stderr)
        return 130
    except SystemExit:
        raise
    except Exception as exc:  # noqa: BLE001  (the last line of defence: one line + a report)
        from ..ui.errors import report_unexpected

        return report_unexpected("daqi", exc, argv)


def _main(argv: list) -> int:
    rc = _subcommand(argv)
    if rc is not None:
        return rc
    if not argv or argv[0].startswith("-") and argv[0] not in ("-h", "--help"):
        argv = ["play"] + argv
    args = build_parser().parse_args(argv)
    if args.command not in WINDOW_COMMANDS:
        build_parser().print_help()
        return 2
    _default_options(args)
    size = _checked_options(args)
    if size is None:
        return 2
    width, height = size
    why = display_problem(args.headless)
    if why:
        return _no_display(why)
    started = _start_game(args)
    if started is None:
        return 2
    ctrl, paths, tutorial = started
    return _open_window(args, ctrl, paths, tutorial, width, height)


def _subcommand(argv: list) -> int | None:
    """The exit status of a command without the game window (record, puzzles, arena, ...); None for the others."""
    if argv and argv[0] in ("record", "snapshot"):
        from . import record_cli  # owned by the recording developer

        rc = record_cli.main(argv)
        return int(rc or 0)
    if argv and argv[0] in ("puzzles", "edit"):
        from . import puzzles_cli  # the puzzles and the position editor (issue 22)

        return int(puzzles_cli.main(argv, display_problem, _no_display) or 0)
    if argv and argv[0] == "arena":
        from engine.lab.cli import arena_main

        return int(arena_main(argv[1:]) or 0)
    if argv and argv[0] in ("analyse", "analyze"):
        from engine.analysis.cli import main as analyse_main

        return int(analyse_main(argv[1:]) or 0)
    if argv and argv[0] == "study":
        from engine.lab.cli import study_main

        return int(study_main(argv[1:]) or 0)
    return None


def _default_options(args) -> None:
    """The options a window command lacks take their defaults."""
    for name, default in (
        ("clock", None),
        ("ui_scale", None),
        ("mute", False),
        ("quality", "auto"),
        ("vs", None),
        ("level", None),
        ("computer", None),
        ("seed", 0),
    ):
        if not hasattr(args, name):  # the tutorial has no clock and keeps the defaults
            setattr(args, name, default)


def _checked_options(args) -> tuple[int, int] | None:
    """The window's (width, height), or None after saying in one line which option is wrong."""
    if args.vs != "computer" and (args.level is not None or args.computer is not None):
        print(
            "daqi: --level and --computer need --vs computer (e.g. 'daqi play --vs computer --level 1')",
            file=sys.stderr,
        )
        return None
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"daqi: --size must look like 1280x800, got {args.size!r}", file=sys.stderr)
        return None
    if not (MIN_WINDOW <= width <= MAX_WINDOW and MIN_WINDOW <= height <= MAX_WINDOW):
        print(
            f"daqi: --size must be between {MIN_WINDOW}x{MIN_WINDOW} and {MAX_WINDOW}x{MAX_WINDOW}, got {args.size!r}",
            file=sys.stderr,
        )
        return None
    if args.clock:
        from ..ui.clock import ClockError, parse_clock

        try:
            parse_clock(args.clock)
        except ClockError as exc:
            print(f"daqi: --clock: {exc}", file=sys.stderr)
            return None
    if args.ui_scale is not None and not 0.5 <= args.ui_scale <= 4:
        print(f"daqi: --ui-scale must be between 0.5 and 4, got {args.ui_scale}", file=sys.stderr)
        return None
    autosave_arg = getattr(args, "autosave", None)
    if autosave_arg and not getattr(args, "no_autosave", False):
        folder = os.path.dirname(os.path.abspath(autosave_arg))
        if os.path.isdir(autosave_arg) or not os.path.isdir(folder):
            # never renamed, never replaced: the user's folder stays as it is
            print(f"daqi: --autosave {autosave_arg!r} must name a file in an existing folder", file=sys.stderr)
            return None
    return width, height


def _start_game(args):
    """(controller, autosave paths, tutorial) of the lesson or game asked for, or None after saying in
    one line why it cannot start."""
    from pathlib import Path

    from ..cube.controller import default_autosave_path

    tutorial = None
    if args.command == "tutorial":
        from engine.tutorial import load_lessons

        from .tutorial import TutorialSession, find_lesson

        try:
            lessons = load_lessons()
            tutorial = TutorialSession(lessons, find_lesson(lessons, args.lesson))
        except ValueError as exc:  # an unknown lesson, bad lesson data
            print(f"daqi tutorial: {exc}", file=sys.stderr)
            return None
        ctrl, paths = None, {}  # a lesson never overwrites the autosaved game
    else:
        autosave = None if args.no_autosave else Path(args.autosave) if args.autosave else default_autosave_path()
        from engine import DaqiError

        try:
            ctrl, paths = _controllers(args, autosave)
        except (DaqiError, OSError) as exc:  # a bad record or ruleset: say so in one line
            from ..record.errors import one_line

            print(f"daqi: {one_line(exc)}", file=sys.stderr)
            return None
        tutorial = _first_start_offer(args, ctrl)
    return ctrl, paths, tutorial


def _open_window(args, ctrl, paths, tutorial, width: int, height: int) -> int:
    """Open the game window and run it until it closes."""
    try:
        import pyglet

        pyglet.options["debug_gl"] = False  # no glGetError after every call: faster drawing
        if args.headless:
            pyglet.options["headless"] = True
        from .window import DaqiWindow, run

        window = DaqiWindow(
            ctrl,
            width=width,
            height=height,
            tutorial=tutorial,
            autosave=paths,
            clock=args.clock,
            ui_scale=args.ui_scale,
            sound=not args.mute,
            quality=args.quality,
        )
    except Exception as exc:  # no display, no GL 3.3, ...
        return _no_display(f"{type(exc).__name__}: {exc}")
    run(window)
    return 0


def _first_start_offer(args, ctrl):
    """The tutorial offer of the window's first start (a marker file in the user data folder), or None:
    not for a loaded record, a quick start, or when an autosaved game is waiting to be resumed."""
    if (
        args.command != "play"
        or args.load
        or args.quick
        or (ctrl is not None and getattr(ctrl, "resume_offer", None) is not None)
    ):
        return None
    from .tutorial import TutorialOffer, marker_path

    return None if marker_path().exists() else TutorialOffer(marker_path())


def autosave_paths(args, autosave, shown: str) -> dict:
    """Where each game autosaves, also those opened with F2 (issue 13, bug 3): the game shown
    first uses ``--autosave PATH`` (or, for the default game, the default autosave file);
    every other game ``autosave-<game>.txt`` next to it."""
    if autosave is None:
        return {}
    from engine.core import games

    from ..cube.controller import default_autosave_path

    paths = {name: autosave.with_name(f"autosave-{name}.txt") for name in games.names()}
    if args.autosave:
        paths[shown] = autosave
    else:
        paths[games.DEFAULT_GAME] = autosave if shown == games.DEFAULT_GAME else default_autosave_path()
    return paths


def _controllers(args, autosave):
    """The controller of the game the command line asks for: that of ``--ruleset`` (a user ruleset
    extending 'spirit' is spirit chess), or of the record ``--load`` names."""
    from engine.core import games
    from engine.core.loader import load_ruleset_arg

    from .games import window_game

    rules = load_ruleset_arg(args.ruleset)  # a name, or a path the user typed
    kind = games.of_rules(rules)
    game = None
    if args.load:
        game = games.load_record(args.load, known=rules)
        kind = games.of_rules(game.rules)
    paths = autosave_paths(args, autosave, kind.name)
    ctrl = window_game(kind.name).make_controller(
        game.rules if game is not None else rules,
        autosave_path=paths.get(kind.name),
        quick=args.quick,
        game=game,
        offer_resume=not args.load and not args.quick,
        save_path=args.load or None,
    )
    if game is not None:  # issue 16: a loaded game said "Quick start: default placements" (spirit) or nothing
        ctrl.keep.mark_unchanged()  # the same as its file: a new game asks nothing until a turn is played
        n, over = len(game.turns), ctrl.result_text()
        state = f"game over: {over}" if over else f"{ctrl.game.position.to_move} to move"
        ctrl.say(f"Loaded {args.load}: {n} turn{'s' if n != 1 else ''}, {state}. Ctrl+Left reviews it.", "ok")
    if args.vs == "computer":
        side = args.computer or "black"
        ctrl.set_computer([side], level=2 if args.level is None else args.level, seed=args.seed)
        ctrl.say(
            f"You play {'white' if side == 'black' else 'black'}; the computer plays {side} (level "
            f"{ctrl.computer_level}; Shift+H = hint, Ctrl+Z takes back its turn and yours). {ctrl.message.text}"
        )
    return ctrl, paths


if __name__ == "__main__":
    sys.exit(main())
