"""``daqi analyse GAME.txt [--level N] [--seed S] [--jobs K] --out DIR``: the game report (issue 19).

Reads one record (cube chess or spirit chess, told apart by its lines), evaluates every position in
worker processes (``spawn``, at a lower CPU priority) with a progress bar, and writes into DIR:

* ``NAME-analysed.txt`` — the record with an evaluation comment after every turn, the class and the
  better turn where it lost a set margin (``classes.toml``); it loads and replays like the original;
* ``NAME-eval.png`` — the evaluation over the game;
* ``NAME-summary.txt`` — per side: the count of each class and the average loss (also printed).

Bad input (a record, a level, a folder) is one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from ..core.errors import DaqiError
from .report import Evaluation, GameReport, annotated_record, build_report, evaluate, load_record, load_record_text

_GAME = None
#: the workers' nice increment (a window or other work keeps the CPU first)
WORKER_NICE = 5


def _init(text: str, source: str, nice: int) -> None:
    global _GAME
    if nice:
        try:
            os.nice(nice)
        except OSError:
            pass
    _GAME = load_record_text(text, source)


def _evaluate_ply(ply: int, level: int, seed: int) -> tuple[int, Evaluation]:
    assert _GAME is not None
    return ply, evaluate(_GAME.positions[ply], level, seed)


def analyse_file(path: str | Path, level: int = 2, seed: int = 0, jobs: int = 1, progress: bool = True) -> tuple:
    """(game, report): every position evaluated in ``jobs`` worker processes."""
    from ..core.files import read_record_text

    text = read_record_text(Path(path))
    game = load_record_text(text, str(path))
    n = len(game.positions)
    evals: list = [None] * n
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=n, desc="analysing", unit="position", file=sys.stderr, leave=False)
    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(
        max_workers=jobs, mp_context=ctx, initializer=_init, initargs=(text, str(path), WORKER_NICE)
    ) as ex:
        futures = [ex.submit(_evaluate_ply, i, level, seed) for i in range(n)]
        for f in as_completed(futures):
            i, e = f.result()
            evals[i] = e
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    return game, build_report(game, evals, level)


def write_outputs(game, report: GameReport, out: Path, name: str) -> dict:
    """Write the three files; returns {"record": path, "graph": path, "summary": path}."""
    from ..core.files import atomic_write_text
    from .graph import plot

    out.mkdir(parents=True, exist_ok=True)
    paths = {
        "record": out / f"{name}-analysed.txt",
        "graph": out / f"{name}-eval.png",
        "summary": out / f"{name}-summary.txt",
    }
    atomic_write_text(paths["record"], annotated_record(game, report))
    plot(report, paths["graph"], title=f"{name}: evaluation at level {report.level} ({report.kind} chess)")
    atomic_write_text(paths["summary"], report.summary_text() + "\n")
    return paths


def _int_in(lo: int, hi: int, what: str):
    def conv(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} {text!r} is not a number ({lo}-{hi})") from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError(f"{what} {v} is outside {lo}-{hi}")
        return v

    return conv


def parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
        prog="daqi analyse",
        description="Analyse a game: an evaluation of every turn, inaccuracies (?!), mistakes (?) and blunders (??) "
        "with the better turn, a graph and a summary per side.",
    )
    ap.add_argument("game", help="a record file (cube chess or spirit chess)")
    ap.add_argument(
        "--level",
        type=_int_in(0, 3, "level"),
        default=2,
        help="the computer's level for the evaluation (0-3, default 2)",
    )
    ap.add_argument("--seed", type=int, default=0, help="the players' seed (default 0)")
    ap.add_argument("--jobs", type=_int_in(1, 64, "jobs"), default=1, help="worker processes (default 1)")
    ap.add_argument("--out", required=True, help="the folder for the annotated record, the graph and the summary")
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    return ap


def main(argv=None) -> int:
    args = parser().parse_args(argv)
    path = Path(args.game)
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"daqi analyse: --out {args.out!r} is a file, not a folder", file=sys.stderr)
        return 2
    try:
        load_record(path)  # bad input is reported before any worker starts
        game, report = analyse_file(path, args.level, args.seed, args.jobs, progress=not args.quiet)
        paths = write_outputs(game, report, out, path.stem)
    except DaqiError as exc:
        print(f"daqi analyse: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"daqi analyse: cannot write {args.out!r}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    print(report.summary_text())
    for what, p in paths.items():
        print(f"{what}: {p}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
