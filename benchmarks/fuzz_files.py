"""Mutated records and rulesets through the file API: only the project's errors may escape.

    python benchmarks/fuzz_files.py [--n 20000] [--seed 1] [--timeout 2]

Each input is a valid file (the cube demo record, a record of random play, the spirit sample
record, the three bundled rulesets and a variant that extends one) mutated by one to three
operators: byte flips, deletions, insertions (0xFF, NUL, brackets), truncation; token swaps and
replacements with hostile values (5,000-digit numbers, ``/dev/zero``, a 300-character name,
``spirit`` in a cube record, deep brackets); structured TOML edits (a key's value replaced by one
of another type, a key removed, an unknown key added, tables nested deep).  The input is written
to a file and read with ``Game.load`` / ``SpiritGame.load`` / ``load_ruleset_file``; a ruleset that
loads is then used (a game started, one random turn played) to check that loading means usable.

Prints how many inputs loaded, how many raised a ``DaqiError`` (by code), and every other
exception by type with one example (target: 0), the slowest input and inputs that ran past
``--timeout`` seconds (counted as hangs).  The mutators are also used by
``tests/engine/core/test_file_fuzz.py``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import signal
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

HOSTILE_NUMBERS = [
    "0",
    "-1",
    "1" * 5000,
    "9" * 19,
    str(2**63),
    "10000000000",
    "100000000000",
    "65",
    "64",
    "17",
    "16",
    "1e9",
    "1.5",
    "nan",
    "inf",
    "-0",
    "00001",
]
HOSTILE_WORDS = [
    "spirit",
    "standard",
    "free-combination",
    "/dev/zero",
    "/dev/stdin",
    "/tmp",
    ".",
    "..",
    "../../etc/passwd",
    "x" * 300,
    "",
    "king",
    "prince",
    "pawn",
    "queen",
    "\u00e9",
    "\ud7ff",
    "white",
    "black",
    "draw",
    "setup",
    "ruleset",
    "|",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "true",
    "false",
    "P",
    "K",
    "兵",
    "宗门",
    "~",
    "^",
    "x",
    "-",
    "+",
    "=",
    "=elder",
    "…",
    "—",
    ",",
    ";",
    "#",
    '"',
    "'",
    "\\",
    "\t",
]
HOSTILE_VALUES: list = [
    0,
    -1,
    1,
    2,
    3,
    10**11,
    -(10**11),
    2**63,
    65,
    16,
    17,
    True,
    False,
    1.5,
    "",
    "x",
    "x" * 300,
    "R",
    ["R"],
    [],
    [1],
    [1, 2],
    [1, 2, 3],
    [1, 11, 10],
    [2, 7, 10],
    [3, 7, 100000000000],
    [[1, 2], [3, 4]],
    [[3, 14], [1, 16], [1, 1]],
    {"a": 1},
    {},
    {"white": [1, 3]},
    {"white": 1, "black": 2},
    [[1, 1], [1, 1], [1, 1]],
    ["king", "prince"],
    ["rook"],
    ["pawn", "pawn"],
    "standard",
    "spirit",
    "cube",
    [0, 0, 0],
    [64, 64, 64],
    [65, 16, 16],
    [1, 1, 1],
]


# ----------------------------------------------------------------------------- corpus
def corpus() -> list[tuple[str, str, str]]:
    """(kind, name, text): kind in cube | spirit | ruleset | lesson."""
    from engine import Game, random_turn
    from engine.core.loader import RULESET_DIR
    from engine.cube.game import SAMPLES
    from engine.spirit.sample import SAMPLE_RECORD

    items = [
        ("cube", "demo", (SAMPLES / "demo.txt").read_text(encoding="utf-8")),
        ("spirit", "spirit-sample", SAMPLE_RECORD),
    ]
    rng = random.Random(7)
    g = Game("standard")
    for _ in range(12):
        t = random_turn(g.position, rng)
        if t is None or g.position.result is not None:
            break
        g.play(t)
    items.append(("cube", "random", g.to_record()))
    items.append(("cube", "random-chinese", g.to_record(style="chinese")))
    for p in sorted(RULESET_DIR.glob("*.toml")):
        items.append(("ruleset", p.stem, p.read_text(encoding="utf-8")))
    # issue 17: records with a byte-order mark and Unicode line breaks inside comments, a record
    # line of the longest length made to make a backtracking parser blow up, spirit rulesets at
    # and past the step bound, and the tutorial's lessons (validated by playing their solutions)
    demo = (SAMPLES / "demo.txt").read_text(encoding="utf-8")
    head, turns = demo.split("\n1.", 1)
    items.append(("cube", "bom-and-breaks", "\ufeff" + head + "\n# c\u2028 1. x\x85 \x0c\r 2.\n1." + turns))
    items.append(("cube", "long-line", head + "\n1. P(" + " " * 65_000 + "\n"))
    items.append(("cube", "long-list", head + "\n1. P(…" + "1，" * 32_000 + "\n"))
    items.append(("spirit", "long-spirit-line", "white: sect(" + " " * 65_000 + "\n"))
    for steps in (5, 6, 12):
        items.append(
            (
                "ruleset",
                f"spirit-steps-{steps}",
                f'extends = "spirit"\n[meta]\nname = "s{steps}"\n[pieces.master]\nsteps = {steps}\n',
            )
        )
    from engine.tutorial import LESSON_DIR

    for p in sorted(LESSON_DIR.glob("*.toml")):
        items.append(("lesson", p.stem, p.read_text(encoding="utf-8")))
    items.append(
        (
            "ruleset",
            "variant",
            ('extends = "standard"\n[meta]\nname = "variant"\n[geometry]\nsize = [12, 12, 4]\n[scores]\nstart = 50\n'),
        )
    )
    return items


# ----------------------------------------------------------------------------- mutators
def _tokens(text: str) -> list[str]:
    import re

    return re.findall(r"\d+|[A-Za-z_][A-Za-z0-9_-]*|\s+|.", text, flags=re.DOTALL)


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    b = bytearray(data)
    op = rng.randrange(7)
    i = rng.randrange(len(b) + 1)
    if op == 0 and b:  # flip bits of one byte
        b[min(i, len(b) - 1)] ^= 1 << rng.randrange(8)
    elif op == 1:  # delete a run
        del b[i : i + rng.randint(1, 40)]
    elif op == 2:  # insert hostile bytes
        b[i:i] = rng.choice(
            [
                b"\xff",
                b"\x00",
                b"\xc3",
                b"\xed\xa0\x80",
                b"[" * 600,
                b"{" * 600,
                b"\r",
                b"\n\n",
                b"\x1b[2J",
                b"9" * 5000,
                b"a.a.a.a.a.a.a.a.a.a=1\n" * 3,
            ]
        )
    elif op == 3:  # truncate
        del b[i:]
    elif op == 4 and b:  # duplicate a run
        j = rng.randrange(len(b))
        b[i:i] = b[j : j + rng.randint(1, 200)]
    elif op == 5:  # random byte
        b[i:i] = bytes([rng.randrange(256)])
    else:  # swap two lines
        lines = bytes(b).split(b"\n")
        if len(lines) > 1:
            x, y = rng.randrange(len(lines)), rng.randrange(len(lines))
            lines[x], lines[y] = lines[y], lines[x]
        b = bytearray(b"\n".join(lines))
    return bytes(b)


def mutate_tokens(rng: random.Random, text: str) -> str:
    toks = _tokens(text)
    if not toks:
        return rng.choice(HOSTILE_WORDS)
    op = rng.randrange(6)
    i = rng.randrange(len(toks))
    if op == 0:  # a number becomes a hostile number
        nums = [k for k, t in enumerate(toks) if t.isdigit()]
        toks[rng.choice(nums) if nums else i] = rng.choice(HOSTILE_NUMBERS)
    elif op == 1:  # a word becomes a hostile word
        words = [k for k, t in enumerate(toks) if t[:1].isalpha()]
        toks[rng.choice(words) if words else i] = rng.choice(HOSTILE_WORDS)
    elif op == 2:  # delete a token
        del toks[i]
    elif op == 3:  # duplicate a token
        toks.insert(i, toks[rng.randrange(len(toks))])
    elif op == 4:  # swap two tokens
        j = rng.randrange(len(toks))
        toks[i], toks[j] = toks[j], toks[i]
    else:  # a ruleset line names something hostile
        lines = "".join(toks).split("\n")
        k = next((n for n, ln in enumerate(lines) if ln.startswith("ruleset")), None)
        if k is not None:
            lines[k] = "ruleset " + rng.choice(HOSTILE_WORDS)
        else:
            lines.insert(
                rng.randrange(len(lines) + 1),
                rng.choice(["ruleset spirit", "ruleset /dev/zero", "ruleset " + "y" * 300, ""]),
            )
        return "\n".join(lines)
    return "".join(toks)


def to_toml(data: dict) -> str:
    """A minimal TOML writer (inline values, one table header per nested table)."""

    def val(v) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, (int, float)):
            return repr(v) if not isinstance(v, int) or abs(v) < 10**4000 else "0"
        if isinstance(v, str):
            return json.dumps(v)
        if isinstance(v, list):
            return "[" + ", ".join(val(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{json.dumps(str(k))} = {val(x)}" for k, x in v.items()) + "}"
        return json.dumps(str(v))

    out: list[str] = []

    def table(d: dict, prefix: list[str]) -> None:
        subs = []
        for k, v in d.items():
            if (
                isinstance(v, dict)
                and v
                and all(isinstance(x, dict) for x in v.values())
                or isinstance(v, dict)
                and v
                and len(prefix) < 2
            ):
                subs.append((k, v))
            else:
                out.append(f"{json.dumps(str(k))} = {val(v)}")
        for k, v in subs:
            out.append("\n[" + ".".join(json.dumps(str(p)) for p in prefix + [k]) + "]")
            table(v, prefix + [k])

    table(data, [])
    return "\n".join(out) + "\n"


def _paths(d, prefix=()):
    for k, v in d.items():
        yield prefix + (k,)
        if isinstance(v, dict):
            yield from _paths(v, prefix + (k,))


def mutate_toml(rng: random.Random, text: str) -> str:
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError):
        return mutate_tokens(rng, text)
    paths = list(_paths(data))
    if not paths:
        return text
    path = rng.choice(paths)
    parent = data
    for k in path[:-1]:
        parent = parent[k]
    op = rng.randrange(5)
    if op == 0:
        parent[path[-1]] = rng.choice(HOSTILE_VALUES)
    elif op == 1:
        del parent[path[-1]]
    elif op == 2:
        parent[rng.choice(["api_token", "x", "Speed", "h7", "extra"])] = rng.choice(HOSTILE_VALUES)
    elif op == 3:  # nest deep
        v: object = 1
        for _ in range(rng.choice([5, 9, 40, 300])):
            v = [v] if rng.random() < 0.5 else {"a": v}
        parent[path[-1]] = v
    else:  # a number nearby gets large or odd
        cur = parent[path[-1]]
        if isinstance(cur, list) and cur:
            cur[rng.randrange(len(cur))] = rng.choice(HOSTILE_VALUES)
        else:
            parent[path[-1]] = rng.choice(HOSTILE_VALUES)
    if rng.random() < 0.3 and "meta" in data and isinstance(data["meta"], dict):
        data["meta"]["game"] = rng.choice(["cube", "spirit", "chess", 3])
    try:
        return to_toml(data)
    except (RecursionError, ValueError):
        return text


def mutate(rng: random.Random, kind: str, text: str) -> bytes:
    """One to three mutations of ``text`` (a record or ruleset) as bytes."""
    data = text
    for _ in range(rng.randint(1, 3)):
        r = rng.random()
        if kind in ("ruleset", "lesson") and r < 0.45:
            data = mutate_toml(rng, data)
        elif r < 0.75:
            data = mutate_tokens(rng, data)
        else:
            raw = mutate_bytes(rng, data.encode("utf-8", "surrogatepass"))
            data = raw.decode("utf-8", "surrogateescape")
    return data.encode("utf-8", "surrogateescape")


# ----------------------------------------------------------------------------- running
def use_ruleset(rules, rng: random.Random) -> None:
    """A ruleset that loaded is usable: start a game and play one random turn."""
    if getattr(rules, "game", None) == "spirit":
        from engine.spirit import SpiritGame, legal_turns

        g = SpiritGame(rules)
        t = next(iter(legal_turns(g.position)), None)
        if t is not None:
            g.play(t)
        return
    from engine import Game, random_turn

    g = Game(rules)
    t = random_turn(g.position, rng, tries=4)
    if t is not None:
        g.play(t)


def run_one(kind: str, path: Path, rng: random.Random) -> str:
    """Load ``path`` as ``kind``; returns "ok", or raises."""
    from engine import Game
    from engine.core.loader import load_ruleset_file
    from engine.spirit import SpiritGame

    if kind == "cube":
        Game.load(path)
    elif kind == "lesson":
        from engine.tutorial import load_lesson

        load_lesson(path)
    elif kind == "spirit":
        SpiritGame.load(path)
    else:
        use_ruleset(load_ruleset_file(path), rng)
    return "ok"


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--timeout", type=float, default=2.0, help="seconds before an input counts as a hang")
    ap.add_argument("--memory", type=int, default=3, help="address-space limit in GiB (MemoryError past it)")
    args = ap.parse_args(argv)
    try:
        import resource

        lim = args.memory << 30
        resource.setrlimit(resource.RLIMIT_AS, (lim, lim))
    except (ImportError, ValueError, OSError):
        pass
    from engine import DaqiError

    items = corpus()
    rng = random.Random(args.seed)
    counts: collections.Counter = collections.Counter()
    codes: collections.Counter = collections.Counter()
    foreign: dict[str, tuple[int, str, str]] = {}
    slowest = (0.0, "")
    loaded_by_kind: collections.Counter = collections.Counter()
    signal.signal(signal.SIGALRM, _alarm)
    t_start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.n):
            kind, name, text = items[i % len(items)]
            data = mutate(rng, kind, text)
            path = Path(tmp) / f"in{i % 97}.{'toml' if kind in ('ruleset', 'lesson') else 'txt'}"
            path.write_bytes(data)
            t0 = time.perf_counter()
            failure: BaseException | None = None
            try:
                signal.setitimer(signal.ITIMER_REAL, args.timeout)
                try:
                    run_one(kind, path, random.Random(i))
                finally:
                    signal.setitimer(signal.ITIMER_REAL, 0)
            except Exception as exc:  # noqa: BLE001  (what this script counts)
                failure = exc
            if failure is None:
                counts["loaded"] += 1
                loaded_by_kind[kind] += 1
            elif isinstance(failure, DaqiError):
                counts["DaqiError"] += 1
                codes[failure.code] += 1
            else:
                key = type(failure).__name__
                counts[key] += 1
                foreign.setdefault(key, (i, name, "" if key == "Hang" else str(failure)[:160]))
            dt = time.perf_counter() - t0
            if dt > slowest[0]:
                slowest = (dt, f"input {i} ({name})")
    total = time.perf_counter() - t_start
    other = sum(v for k, v in counts.items() if k not in ("loaded", "DaqiError"))
    print(f"fuzz_files: {args.n} mutated inputs (seed {args.seed}) from {len(items)} files in {total:.1f} s")
    print(f"  loaded: {counts['loaded']}   DaqiError: {counts['DaqiError']}   other exceptions: {other}")
    print("  loaded (and, for rulesets, played): " + ", ".join(f"{k} {v}" for k, v in sorted(loaded_by_kind.items())))
    print("  DaqiError codes: " + ", ".join(f"{k} {v}" for k, v in codes.most_common()))
    for k, (i, name, msg) in sorted(foreign.items()):
        print(f"  {k}: {counts[k]} (first: input {i} from {name}: {msg})")
    print(f"  slowest input: {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    return 1 if other else 0


if __name__ == "__main__":
    os.environ.setdefault("DAQI_RULESETS", tempfile.mkdtemp(prefix="daqi-fuzz-rulesets-"))
    sys.exit(main())
