"""Opening suites: the start of every game pair, kept as record text (the game's own record format,
so a suite can be saved, read back and given to ``--openings``).

* :func:`seeded_openings`: ``plies`` level-0 (random) turns from the game's default start, pair
  ``i`` seeded with ``seed`` and ``i`` (an opening that already ends the game, or with ``balance``
  one that level 1 finds lopsided, is drawn again with the next sub-seed);
* :func:`file_openings`: the records of a file (several records one after another, each starting
  with its ``# Daqi`` header line); pair ``i`` plays record ``i`` modulo their number.
"""

from __future__ import annotations

from ..core.files import read_record_text
from ..players.dispatch import suggest

MAX_TRIES = 20


def opening_seed(seed: int, index: int, attempt: int = 0) -> int:
    return (seed * 1_000_003 + index * 7919 + attempt * 104_729) % (1 << 62)


def seeded_opening(rules, kind, plies: int, seed: int, index: int, balance: float | None = None) -> str:
    """Record text of opening ``index``: ``plies`` level-0 turns from the default start; with
    ``balance``, only an opening that level 1 evaluates within +-``balance`` centi-points (the
    testers' "balanced book": a pair whose opening decides both games tells little)."""
    for attempt in range(MAX_TRIES):
        s = opening_seed(seed, index, attempt)
        game = kind.new(rules)
        ok = True
        for ply in range(plies):
            turn = suggest(game.position, 0, seed=s + ply).turn
            if turn is None:
                ok = False
                break
            game.play(turn)
            if game.position.result is not None:
                ok = False
                break
        if ok and balance is not None:
            ok = abs(suggest(game.position, 1, seed=s).eval) <= balance
        if ok:
            return kind.record(game)
    raise ValueError(
        f"no opening of {plies} plies that leaves the game open"
        + (f" and within +-{balance:g} of even" if balance is not None else "")
        + f" in {MAX_TRIES} tries (seed {seed}, opening {index})"
    )


def seeded_openings(rules, kind, count: int, plies: int, seed: int) -> list[str]:
    return [seeded_opening(rules, kind, plies, seed, i) for i in range(count)]


def split_records(text: str) -> list[str]:
    """The records of a suite file: a new record starts at each line beginning with ``# Daqi``."""
    chunks: list[list[str]] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("# Daqi") or not chunks:
            chunks.append([])
        chunks[-1].append(line)
    return ["".join(c) for c in chunks if "".join(c).strip()]


def file_openings(path: str, rules, kind) -> list[str]:
    """The openings of a suite file, each checked by replaying it under ``rules`` (errors name the
    file and the record's number)."""
    text = read_record_text(path, "opening suite")
    out = []
    for i, rec in enumerate(split_records(text), 1):
        try:
            game = kind.from_record(rec, rules, f"{path} (record {i})")
        except ValueError as e:
            raise ValueError(f"{path}: opening record {i} cannot be played under {rules.name!r}: {e}") from None
        if game.position.result is not None:
            raise ValueError(f"{path}: opening record {i} is a finished game")
        out.append(rec)
    if not out:
        raise ValueError(f"{path}: the opening suite holds no record")
    return out
