"""``daqi record`` and ``daqi snapshot``: demo videos and stills rendered offscreen.

``main(argv)`` takes the arguments after ``daqi``: ``["record", ...]`` or
``["snapshot", ...]`` (without a sub-command name, ``record`` is assumed).
User errors (options, paths, a bad record or ruleset: any ``DaqiError``) print one line
``daqi record: error: ...`` to stderr and exit with status 2 (no traceback); an unexpected error
prints one line naming the crash report it wrote and exits with 1; Ctrl-C exits with 130.  No
half-written file is left.
"""

from __future__ import annotations

import argparse
import math
import signal
import sys

from ..record.atomic_output import discard_all
from ..record.errors import one_line, report_unexpected
from ..record.recording import (
    DEFAULT_FPS,
    DEFAULT_HOLD,
    DEFAULT_SIZE,
    DEFAULT_TRANSITION,
    RecordError,
    RecordOptions,
    load_game,
    make_source,
    parse_range,
    parse_size,
)
from ..record.timeline import frames_for

FRAME_RULE = """\
frame count:
  frames = turns * round(hold * fps) + actions * round(transition * fps)
  turns   = the shown turns A..B counted inclusively (turn 0 = the start position,
            shown with a hold only);
  actions = the engine actions (move, capture, jump, hyper-jump, stack, split,
            drop, promote) of turns max(A,1)..B; each is animated for
            round(transition * fps) frames, then the position after the turn is
            held for round(hold * fps) frames.  --turn N: round(hold * fps) frames.
  e.g. the demo game ({demo}) at the defaults ({fps:g} fps, hold {hold:g} s,
  transition {transition:g} s): {demo_sum}.
spirit chess (a record with 'white:'/'black:' setup lines, or --spirit-demo):
  frames = turns * round(hold * fps) + steps * round(transition * fps)
  where the steps of a turn are: 1 for the level-up (the raised piece pulses),
  1 per square of its path (the piece glides one square), 1 if it captures
  (the captured pieces fade), 1 if a disciple transforms.  --camera and --view
  do not apply (the board is drawn flat, as in the spirit-chess window).
  e.g. --spirit-demo ({spirit}) at the defaults:
  {spirit_sum}.
"""


def _example(demo: bool) -> tuple[str, str]:
    """(what the sample game holds, the frame sum at the defaults), counted from the real sample game
    so the help never drifts from what is rendered (issue 13, bug 9)."""
    source = make_source(load_game(demo=demo, spirit_demo=not demo))
    n = source.n_turns
    actions = sum(source.action_count(k) for k in range(1, n + 1))
    hold, step = frames_for(DEFAULT_HOLD, DEFAULT_FPS), frames_for(DEFAULT_TRANSITION, DEFAULT_FPS)
    total = (n + 1) * hold + actions * step
    what = f"{n} turns, {actions} {'actions' if demo else 'steps'}"
    return what, f"{n + 1} * {hold} + {actions} * {step} = {total} frames = {total / DEFAULT_FPS:g} s"


def frame_rule() -> str:
    """The frame-count rule of ``daqi record --help`` with the sample games' real numbers."""
    demo, demo_sum = _example(True)
    spirit, spirit_sum = _example(False)
    return FRAME_RULE.format(
        demo=demo,
        demo_sum=demo_sum,
        spirit=spirit,
        spirit_sum=spirit_sum,
        fps=DEFAULT_FPS,
        hold=DEFAULT_HOLD,
        transition=DEFAULT_TRANSITION,
    )


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise RecordError(message)

    def format_help(self):
        if callable(self.epilog):  # built when asked for: it reads the sample games
            self.epilog = self.epilog()
        return super().format_help()


def _game_args(p, selfplay: bool = False):
    src = p.add_mutually_exclusive_group(required=True)
    src.add_argument("game", nargs="?", help="a game record file (cube chess or spirit chess)")
    src.add_argument("--demo", action="store_true", help="the built-in sample game (cube chess)")
    src.add_argument("--spirit-demo", action="store_true", help="the built-in spirit-chess sample game")
    if selfplay:
        src.add_argument(
            "--selfplay",
            action="store_true",
            help="a game between two computer players (deterministic for --seed; see below)",
        )


def _selfplay_args(p):
    g = p.add_argument_group("self-play (with --selfplay)")
    g.add_argument("--level", default="2", help="the players' level 0-3, or WHITE,BLACK such as 1,3 (default 2)")
    g.add_argument("--seed", type=int, default=0, help="the game's seed (default 0)")
    g.add_argument(
        "--game",
        dest="selfplay_game",
        choices=("cube", "spirit"),
        default="cube",
        help="cube chess (default) or spirit chess",
    )
    g.add_argument(
        "--max-plies", type=int, default=None, help="stop after this many turns if the game has not ended (default 60)"
    )
    g.add_argument("--nodes", type=int, default=None, help="node budget per turn (default: the level's own)")
    g.add_argument(
        "--ruleset",
        default=None,
        help="cube: standard | free-combination | a ruleset file; with a record FILE: the ruleset file "
        "its 'ruleset NAME' line names (either game)",
    )
    g.add_argument("--save", metavar="FILE", help="also write the game's record to FILE")


def _size(text):
    try:
        return parse_size(text)
    except RecordError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _positive(kind, top: float = 3600.0, *, above_zero: bool = False):
    """A non-negative, finite number of at most ``top`` (nan, inf and 400-digit numbers are refused)."""

    def conv(text):
        try:
            v = kind(text)
        except (ValueError, OverflowError):
            raise argparse.ArgumentTypeError(f"not a number: {text[:40]!r}") from None
        if not math.isfinite(v) or not 0 <= v <= top or (above_zero and v == 0):
            low = "above 0" if above_zero else "from 0"
            raise argparse.ArgumentTypeError(f"must be a number {low} to {top:g}: {text[:40]!r}")
        return v

    return conv


#: libx264's presets and quality range, checked before ffmpeg starts (its own messages never reach the user)
PRESETS = ("ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow", "placebo")


def _preset(text):
    if text not in PRESETS:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(PRESETS)}: {text[:40]!r}")
    return text


def _crf(text):
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be an integer 0..51: {text[:40]!r}") from None
    if not 0 <= v <= 51:
        raise argparse.ArgumentTypeError(f"must be an integer 0..51: {text[:40]!r}")
    return v


def record_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="daqi record",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Render a game offscreen to an H.264 MP4 (libx264, yuv420p) or an animated GIF "
        "(format from the file name).",
        epilog=lambda: (
            frame_rule() + "\nexamples:\n  daqi record --demo --out demo.mp4\n"
            "  daqi record game.txt --out clip.gif --size 480x270 --turns 3:8 --camera follow\n"
            "  daqi record --spirit-demo --out spirit.mp4 --size 1280x720\n"
            "  daqi record --selfplay --level 2 --seed 5 --out game.mp4 [--game spirit] [--max-plies N]\n"
        ),
    )
    _game_args(p, selfplay=True)
    _selfplay_args(p)
    p.add_argument("--out", "-o", required=True, help="output file: .mp4 or .gif")
    p.add_argument(
        "--size",
        type=_size,
        default=DEFAULT_SIZE,
        help=f"WIDTHxHEIGHT (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]}; MP4 needs even numbers)",
    )
    p.add_argument(
        "--fps",
        type=_positive(float, 240, above_zero=True),
        default=DEFAULT_FPS,
        help=f"frames per second ({DEFAULT_FPS})",
    )
    p.add_argument(
        "--hold",
        type=_positive(float),
        default=DEFAULT_HOLD,
        help=f"seconds each position is held after its turn ({DEFAULT_HOLD})",
    )
    p.add_argument(
        "--transition",
        type=_positive(float),
        default=DEFAULT_TRANSITION,
        help=f"seconds of animation per action (spirit chess: per step) ({DEFAULT_TRANSITION})",
    )
    p.add_argument(
        "--camera",
        default=None,
        help="fixed | orbit | follow (default) | FILE.json / FILE.toml with keyframes "
        "{time, yaw, pitch, distance, target}",
    )
    p.add_argument(
        "--view", choices=("front", "top", "side", "3q"), help="start pose for the fixed and orbit cameras (default 3q)"
    )
    rng = p.add_mutually_exclusive_group()
    rng.add_argument("--turns", metavar="A:B", help="render turns A..B inclusive (0 = start position)")
    rng.add_argument("--turn", type=int, metavar="N", help="hold the single position after turn N")
    p.add_argument("--no-overlay", action="store_true", help="no text (turn, notation, scores)")
    p.add_argument(
        "--annotate",
        action="store_true",
        help="analyse the game first, then draw the evaluation bar, each turn's class (?! ? ??) and "
        "the game-deciding threat arrows into the video",
    )
    p.add_argument(
        "--annotate-level", type=int, choices=(0, 1, 2, 3), default=2, help="the analysis level for --annotate (2)"
    )
    p.add_argument(
        "--preset", type=_preset, default="veryfast", help="libx264 preset (ultrafast..veryslow, default veryfast)"
    )
    p.add_argument("--crf", type=_crf, default=23, help="libx264 quality, 0-51, lower is better (23)")
    p.add_argument("--progress", action="store_true", help="show the progress bar even when stderr is no TTY")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar, no summary")
    return p


def snapshot_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="daqi snapshot",
        description="Render a still (PNG) of the position after a turn.",
        epilog="examples:\n  daqi snapshot --demo --turn 3 --out pos.png --view 3q --size 1280x720\n"
        "  daqi snapshot --demo --turn 3 --out boards.png --view overview\n"
        "  daqi snapshot --spirit-demo --turn 5 --out spirit.png  (--view/--camera: cube only)",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    _game_args(p)
    p.add_argument("--turn", type=int, metavar="N", help="the position after turn N (0 = start; default: last)")
    p.add_argument("--out", "-o", required=True, help="output image: .png (or .jpg)")
    p.add_argument(
        "--view",
        choices=("front", "top", "side", "3q", "overview"),
        help="whole-board camera view (default: a close follow view of the last turn's square); "
        "overview: the board overview (the 3-D boards of dimensions 4 and 5 side by side, "
        "each side's pieces per board)",
    )
    p.add_argument("--camera", default=None, help="follow | fixed | FILE with keyframes (time 0 is used)")
    p.add_argument(
        "--size", type=_size, default=DEFAULT_SIZE, help=f"WIDTHxHEIGHT (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})"
    )
    p.add_argument("--no-overlay", action="store_true", help="no text")
    p.add_argument(
        "--ruleset", default=None, help="the ruleset file the record's 'ruleset NAME' line names (either game)"
    )
    return p


def _load(args):
    from ..record.recording import load_game

    known = None
    if getattr(args, "ruleset", None) and args.game:
        from engine.core.loader import load_ruleset_arg

        known = load_ruleset_arg(args.ruleset)  # a name, or a path the user typed (a bad one: one line)
    return load_game(args.game, demo=args.demo, spirit_demo=args.spirit_demo, known=known)


def _selfplay(args):
    """The self-play game of ``--selfplay`` (and its record in ``--save``)."""
    from ..record.selfplay import DEFAULT_MAX_PLIES, parse_levels, record_text, selfplay_game

    levels = parse_levels(args.level)
    plies = DEFAULT_MAX_PLIES if args.max_plies is None else args.max_plies
    if args.nodes is not None and args.nodes < 1:
        raise RecordError(f"--nodes must be at least 1, got {args.nodes}")

    def progress(ply, _sug):
        if not args.quiet and sys.stderr.isatty():
            print(f"\rdaqi record: self-play turn {ply}/{plies}", end="", file=sys.stderr, flush=True)

    game = selfplay_game(
        args.selfplay_game, levels, args.seed, plies, nodes=args.nodes, ruleset=args.ruleset, on_ply=progress
    )
    if not args.quiet:
        res = game.position.result
        end = f"{res.winner or 'draw'} ({res.reason})" if res is not None else f"stopped after {plies} turns"
        print(
            f"{chr(13) if sys.stderr.isatty() else ''}daqi record: self-play {args.selfplay_game} chess, levels {levels[0]} (white) and "
            f"{levels[1]} (black), seed {args.seed}: {len(game.turns)} turns, {end}",
            file=sys.stderr,
        )
    if args.save:
        from engine.core.files import atomic_write_text

        try:  # a temp file renamed over the target: a full disk or a kill never leaves half a record
            atomic_write_text(args.save, record_text(game))
        except OSError as exc:
            raise RecordError(f"cannot write the record to {args.save}: {exc.strerror or exc}") from None
    return game


def run_record(argv) -> int:
    from ..record.recording import make_source, output_format, record

    args = record_parser().parse_args(argv)
    output_format(args.out)
    game = _selfplay(args) if args.selfplay else _load(args)
    n = make_source(game).n_turns
    w, h = args.size
    if args.out.lower().endswith((".mp4", ".m4v")) and (w % 2 or h % 2):
        w, h = w - w % 2, h - h % 2
        if not args.quiet:
            print(f"daqi record: note: MP4 needs even dimensions, using {w}x{h}", file=sys.stderr)
    transition = args.transition
    if args.turn is not None:
        turns = parse_range(str(args.turn), n)
        transition = 0.0
    else:
        turns = parse_range(args.turns, n) if args.turns else (0, n)
    camera = args.camera or ("fixed" if args.view else "follow")
    opts = RecordOptions(
        size=(w, h),
        fps=args.fps,
        hold=args.hold,
        transition=transition,
        camera=camera,
        view=args.view,
        turns=turns,
        overlay=not args.no_overlay,
        preset=args.preset,
        crf=args.crf,
        annotate=args.annotate,
        annotate_level=args.annotate_level,
    )
    progress = False if args.quiet else (True if args.progress else None)
    if args.annotate and not args.quiet:
        print(f"daqi record: analysing {len(game.turns)} turns at level {args.annotate_level} ...", file=sys.stderr)
    info = record(game, args.out, opts, progress=progress)
    if not args.quiet:
        from engine.core import games

        kind = games.of_rules(game.rules).title
        print(
            f"daqi record: wrote {info['path']} ({info['frames']} frames, {info['frames'] / args.fps:.1f} s, "
            f"{w}x{h}, {kind}, turns {turns[0]}..{turns[1]}) in {info['seconds']:.1f} s",
            file=sys.stderr,
        )
    return 0


def run_snapshot(argv) -> int:
    from ..record.recording import snapshot

    args = snapshot_parser().parse_args(argv)
    game = _load(args)
    path = snapshot(
        game,
        args.out,
        turn=args.turn,
        size=args.size,
        view=args.view,
        camera=args.camera or ("fixed" if args.view else "follow"),
        overlay=not args.no_overlay,
    )
    print(f"daqi snapshot: wrote {path}", file=sys.stderr)
    return 0


COMMANDS = {"record": run_record, "snapshot": run_snapshot}


def main(argv=None) -> int:
    """Entry point for ``daqi record ...`` / ``daqi snapshot ...``; returns (and exits with) the status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    name = argv[0] if argv and argv[0] in COMMANDS else "record"
    if argv and argv[0] in COMMANDS:
        argv = argv[1:]
    from engine import DaqiError

    previous = _on_sigterm()
    try:
        status = COMMANDS[name](argv)
    except _Terminated:
        print(f"daqi {name}: terminated (no file written)", file=sys.stderr)
        status = 143
    except (RecordError, DaqiError) as exc:
        print(f"daqi {name}: error: {one_line(exc)}", file=sys.stderr)
        status = 2
    except KeyboardInterrupt:
        print(f"daqi {name}: interrupted (no file written)", file=sys.stderr)
        status = 130
    except BrokenPipeError:
        status = 1
    except Exception as exc:  # noqa: BLE001  (one line and a crash report, never a traceback)
        status = report_unexpected(f"daqi {name}", exc, [name, *argv])
    finally:
        discard_all()  # what an interruption left between two lines of a writer
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)
    return status


class _Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program is, so the same clean-up as Ctrl-C runs (every writer
    removes its temp file on an exception) before the process exits with 143."""


def _raise_terminated(signum, frame):
    raise _Terminated()


def _on_sigterm():
    """Route SIGTERM to :class:`_Terminated` (main thread only); returns the previous handler."""
    try:
        return signal.signal(signal.SIGTERM, _raise_terminated)
    except ValueError:  # not the main thread (tests calling main from a worker)
        return None


if __name__ == "__main__":
    raise SystemExit(main())
