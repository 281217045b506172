"""Fuzz the rules protocol through one real ``python -m engine.protocol`` process.

Builds valid requests of every query (cube chess from random games, spirit chess from its
start position, plus the issue's hostile repros), mutates them — bytes flipped, inserted,
deleted; fields swapped, dropped, duplicated; values replaced by huge numbers, NaN, deep
nesting, long strings, lone surrogates; raw invalid UTF-8; truncation — and sends each line to
ONE protocol subprocess, followed by a cheap sentinel request, so that the replies to each line
can be counted (lines go out in batches from a writer thread while the replies are read, so the
process is never idle waiting for the fuzzer).  The process is restarted (and a death counted) if it exits or stops answering.

Prints: inputs sent, deaths, invalid replies (not valid UTF-8, not strict JSON, not a JSON
object, or not exactly one reply per non-blank line), "internal" errors, the error codes seen,
the slowest request (with its input, cut), and the subprocess's memory (RSS at start and end,
peak) read from /proc.

    python benchmarks/fuzz_protocol.py --inputs 100000 --seed 1
"""

from __future__ import annotations

import argparse
import collections
import heapq
import json
import os
import random
import select
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import load_ruleset, start_position
from engine.cube.protocol import action_json, position_json
from engine.cube.randomplay import random_turn
from engine.cube.rules import apply_turn
from engine.spirit.protocol import format_position
from engine.spirit.setup import default_placement, spirit_start_position

SENTINEL_ID = b"fuzz-sentinel-7f3a"
BATCH = 32  # lines sent at once (each followed by a sentinel request)
REPLY_TIMEOUT = 20.0  # seconds without a reply = the process hangs (killed, counted as a death)


# -- valid requests -------------------------------------------------------------------------------


def cube_seeds(rng: random.Random, games: int = 4, plies: int = 24) -> list:
    out = [
        {"query": "ruleset"},
        {"query": "ruleset", "ruleset": "free-combination", "id": 1},
        {
            "query": "ruleset",
            "overrides": {"size": [8, 8, 4], "green": [[2, 7], [1, 8], [1, 1]], "promotion": {"white": 7, "black": 2}},
        },
    ]
    rules = load_ruleset("standard")
    for g in range(games):
        pos = start_position(rules)
        for ply in range(plies):
            turn = random_turn(pos, rng, horizon=5)
            if turn is None:
                break
            pj = position_json(pos)
            if rng.random() < 0.5:
                pj["fill"] = "default"
            req = {
                "query": "turn",
                "id": g * 1000 + ply,
                "position": pj,
                "turn": {
                    "origin": list(turn.origin) if turn.origin else None,
                    "actions": [action_json(a) for a in turn.actions],
                },
            }
            out.append(req)
            if turn.origin:
                out.append(
                    {
                        "query": "actions",
                        "id": f"a{g}-{ply}",
                        "position": pj,
                        "origin": list(turn.origin),
                        "horizon": rng.randint(3, 7),
                    }
                )
            pos, _ = apply_turn(pos, turn)
    # hand-made ones: stacks, far kings, splits, drops, overrides
    out += [
        {
            "query": "actions",
            "origin": [5, 8, 1],
            "position": {
                "pieces": [{"at": [5, 8, 1], "side": "white", "stack": ["pawn", "rook", "rook", "knight", "bishop"]}]
            },
        },
        {
            "query": "actions",
            "origin": [8, 8, 8, 2],
            "position": {
                "fill": "empty",
                "pieces": [
                    {"at": [8, 8, 8, 2], "side": "white", "stack": ["king"]},
                    {"at": [8, 8, 8, 1000000000000000001], "side": "black", "stack": ["king"]},
                ],
            },
        },
        {
            "query": "turn",
            "position": {
                "fill": "empty",
                "pieces": [
                    {"at": [5, 5, 1], "side": "white", "stack": ["rook"]},
                    {"at": [5, 9, 1], "side": "black", "stack": ["knight"]},
                ],
            },
            "turn": {"origin": [5, 5, 1], "actions": [{"do": "capture", "to": [5, 9, 1]}]},
        },
        {
            "query": "turn",
            "position": {"credits": {"white": {"queen": 1}}},
            "turn": {"actions": [{"do": "drop", "piece": "queen", "to": [5, 8, 1]}]},
        },
        {
            "query": "turn",
            "position": {"fill": "empty", "pieces": [{"at": [5, 5, 1], "side": "white", "stack": ["rook", "knight"]}]},
            "turn": {
                "origin": [5, 5, 1],
                "actions": [{"do": "split", "take": ["knight"]}, {"do": "move", "to": [6, 7, 1]}],
            },
        },
        {
            "query": "actions",
            "origin": [5, 5, 1],
            "horizon": 200,
            "position": {
                "fill": "empty",
                "overrides": {
                    "size": [200, 200, 3],
                    "green": [[1, 200], [1, 200], [1, 1]],
                    "crowded": {"white": [1, 2], "black": [199, 200]},
                    "promotion": {"white": 190, "black": 10},
                    "red_line": {"white": 3, "black": 198},
                },
                "pieces": [{"at": [5, 5, 1], "side": "white", "stack": ["queen", "rook", "bishop"]}],
            },
        },
    ]
    return out


def spirit_seeds(rng: random.Random) -> list:
    rules = load_ruleset("spirit")
    pos = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    pj = format_position(pos)
    pieces = pj["pieces"]
    mine = [p for p in pieces if p["side"] == "white"]
    out = [
        {"query": "ruleset", "ruleset": "spirit"},
        {
            "query": "setup",
            "ruleset": "spirit",
            "side": "white",
            "pieces": [{"at": list(c), "type": k} for c, k in default_placement(rules, "white").items()],
        },
    ]
    for _ in range(12):
        p = rng.choice(mine)
        q = rng.choice(mine)
        out.append({"query": "paths", "ruleset": "spirit", "position": pj, "origin": p["at"], "levelup": q["at"]})
        end = [p["at"][0], p["at"][1] + 1]
        out.append(
            {
                "query": "turn",
                "ruleset": "spirit",
                "position": pj,
                "turn": {"levelup": q["at"], "origin": p["at"], "path": [end]},
            }
        )
    out += [
        {"query": "suggest", "ruleset": "spirit", "position": pj, "level": 1, "nodes": 50, "budget_ms": 100},
        {"query": "suggest", "position": {}, "level": 1, "nodes": 50, "budget_ms": 100},
        {"query": "suggest", "position": {}, "level": 0, "seed": 3},
    ]
    return out


def dense_spirit_turn() -> dict:
    """Issue 17: white plays into a board whose other half is packed with black formations and
    disciples; after the turn, whether black has a legal turn must be answered without trying
    every mover x level-up on a copy of the board."""
    from engine.spirit.position import SpiritPiece, SpiritPosition, legal_turns

    rules = load_ruleset("spirit")
    start = spirit_start_position(rules, default_placement(rules, "white"), default_placement(rules, "black"))
    cells = dict(start.pieces)
    rng = random.Random(17)
    for x in range(1, 20):
        for y in range(11, 20):
            cells.setdefault((x, y), SpiritPiece(rng.choice(("formation", "disciple")), "black", rng.randint(0, 3)))
    pos = SpiritPosition(rules, "white", cells)
    t = next(legal_turns(pos))
    turn = {"levelup": list(t.levelup), "origin": list(t.origin), "path": [list(c) for c in t.path]}
    return {"query": "turn", "ruleset": "spirit", "position": format_position(pos), "turn": turn}


def tall_stacks_suggest(n: int = 1000) -> dict:
    """Issue 17: a cube suggest on a thousand 16-piece stacks (refused by suggest-work up front)."""
    kinds = ["rook", "knight", "bishop", "cannon", "queen"]
    pieces = [{"at": [1, 1, 1], "side": "white", "type": "king"}, {"at": [16, 16, 1], "side": "black", "type": "king"}]
    cells = [(x, y, z) for z in range(1, 17) for y in range(2, 15) for x in range(1, 17)][:n]
    for i, c in enumerate(cells):
        pieces.append({"at": list(c), "side": "white", "stack": [kinds[(i + j) % 5] for j in range(16)]})
    return {"query": "suggest", "level": 3, "position": {"fill": "empty", "to_move": "white", "pieces": pieces}}


#: issue 17's lines of (nearly) the longest allowed length, sent rarely: the pre-scan is linear
BIG_LINES = [
    b'"' + b'\\"' * ((1 << 20) // 2 - 8),  # an unterminated string of escaped quotes
    b"[" * 70 + b'"' + b'\\""' * (((1 << 20) - 80) // 3),
    b'"\\' + b"[[[[" * (((1 << 20) - 4) // 4),
]


HOSTILE_LINES = [
    b"[" * 1000,
    b'{"id":' + b"7" * 4301 + b"}",
    b'{"query":"\\ud800"}',
    b'{"query":"ruleset","id":NaN}',
    b'{"query":"ruleset","id":1e99999}',
    b'{"query":"ruleset","id":"\xff"}',
    b'{"query":"actions","origin":[5,5,1],"position":{"pieces":5}}',
    b'{"query":"ruleset","overrides":3.0}',
    b'{"query":"ruleset","overrides":{"crowded":{"white":[1,3]}}}',
    b'{"query":"ruleset","ruleset":"/tmp"}',
    b'{"query":"ruleset","ruleset":"' + b"r" * 300 + b'"}',
    b'{"query":"actions","origin":[9,3,1],"position":{},"horizon":20000}',
    b'{"query":"actions","origin":[9,3,1],"position":{},"horizon":1000000000}',
    b'{"query":"ruleset","overrides":{"size":[10000000,16,16]}}',
    b'{"query":"ruleset","ruleset":"/dev/zero"}',
    b'{"query":"ruleset","ruleset":"/dev/stdin"}',
    b'{"query":"actions","origin":[5,8,1],"position":{"pieces":[{"at":[5,8,1],"side":"white","stack":'
    + json.dumps(
        [k for k in ("pawn", "queen", "brother", "rook", "bishop", "cannon", "knight") for _ in range(6)]
    ).encode()
    + b"}]}}",
    # issue 17
    b"\x0c",  # a form feed alone: not blank, so it gets a reply
    b"\x0b",
    b'{"query":"ruleset","ruleset":"nope-17"}',
    b'"' + b'\\"' * 20_000,  # 40 KB: quadratic under the old pre-scan (9.4 s)
    b'{"query":"turn","id":"' + b"\\" * 30_000 + b'"}',
    json.dumps(tall_stacks_suggest()).encode(),
    json.dumps(dense_spirit_turn()).encode(),
    b'{"query":"suggest","level":0,"nodes":1,"budget_ms":1,"ruleset":"spirit","position":{"to_move":"white","pieces":[]}}',
]


# -- mutation --------------------------------------------------------------------------------------


def hostile_value(rng: random.Random):
    r = rng.random()
    if r < 0.15:
        return rng.choice(
            [
                0,
                -1,
                1,
                2,
                3,
                15,
                16,
                17,
                255,
                256,
                257,
                4096,
                4097,
                2**31,
                2**53 + 1,
                2**63,
                -(2**63),
                10**18,
                10**39,
                -(10**39),
            ]
        )
    if r < 0.25:
        return rng.choice([0.5, -0.0, 1e308, 3.0, 1e-300])
    if r < 0.35:
        return rng.choice(
            [
                "",
                "x" * rng.randint(1, 400),
                "\ud800",
                "\udfff",
                "白",
                "king",
                "white",
                "black",
                "pawn",
                "spirit",
                "standard",
                "../standard",
                "/dev/zero",
                "move",
                "split",
                "default",
                "empty",
                "\x00",
                "a\nb",
            ]
        )
    if r < 0.45:
        return rng.choice([None, True, False])
    if r < 0.55:
        return [rng.randint(-3, 20) for _ in range(rng.choice([0, 1, 2, 3, 4, 5, 8, 40, 300]))]
    if r < 0.62:
        depth = rng.choice([2, 10, 30, 63, 64, 65, 200])
        v: object = 1
        for _ in range(depth):
            v = [v] if rng.random() < 0.5 else {"a": v}
        return v
    if r < 0.70:
        return {}
    if r < 0.78:
        return [hostile_value(rng) for _ in range(rng.randint(1, 4))]
    if r < 0.85:
        return {rng.choice(["white", "black", "king", "prince", "queen", "size", "x"]): hostile_value(rng)}
    return rng.choice(
        [
            [5, 5, 1],
            [5, 5, 1, 2],
            [1, 1, 1],
            [16, 16, 16],
            [9, 3, 1],
            [5, 5, 1] + [1] * 300,
            [5, 5, 1, 10**18],
            [0, 0, 0],
            [10, 10],
        ]
    )


def _nodes(obj, path=()):
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj[:64]):
            yield from _nodes(v, path + (i,))


def _get(obj, path):
    for p in path:
        obj = obj[p]
    return obj


def mutate_obj(obj, rng: random.Random, pool: list):
    obj = json.loads(json.dumps(obj))
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        nodes = list(_nodes(obj))
        path, node = rng.choice(nodes)
        r = rng.random()
        if not path:
            if r < 0.5 and isinstance(obj, dict):
                obj[
                    rng.choice(
                        [
                            "id",
                            "query",
                            "ruleset",
                            "position",
                            "turn",
                            "origin",
                            "horizon",
                            "overrides",
                            "levelup",
                            "side",
                            "pieces",
                            "extra",
                        ]
                    )
                ] = hostile_value(rng)
            else:
                obj = hostile_value(rng) if r < 0.6 else obj
            continue
        parent = _get(obj, path[:-1])
        key = path[-1]
        if r < 0.45:
            parent[key] = hostile_value(rng)
        elif r < 0.55:
            del parent[key]
        elif r < 0.70:  # a value from another request
            other = rng.choice(pool)
            _, v = rng.choice(list(_nodes(other)))
            parent[key] = json.loads(json.dumps(v))
        elif r < 0.78 and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
        elif r < 0.86 and isinstance(parent, dict):  # rename a field
            v = parent.pop(key)
            parent[
                rng.choice(
                    [
                        "at",
                        "side",
                        "stack",
                        "type",
                        "do",
                        "to",
                        "take",
                        "piece",
                        "origin",
                        "actions",
                        "fill",
                        "homes",
                        "credits",
                        "kings",
                        "scores",
                        "ply",
                        "result",
                        key + "x",
                    ]
                )
            ] = v
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            parent[key] = node * rng.choice([-1, 2, 10**6, 10**18]) + rng.choice([-1, 0, 1])
        elif isinstance(node, list) and node:
            rng.shuffle(node)
        else:
            parent[key] = hostile_value(rng)
    return obj


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rng.choice([1, 1, 2, 4, 8])):
        r = rng.random()
        i = rng.randrange(len(b) + 1)
        if r < 0.3 and b:
            b[min(i, len(b) - 1)] = rng.randrange(256)
        elif r < 0.5:
            b[i:i] = bytes(
                [
                    rng.choice(
                        [
                            0x80,
                            0xC3,
                            0xE2,
                            0xED,
                            0xF0,
                            0xF8,
                            0xFF,
                            0x00,
                            0x22,
                            0x5C,
                            0x5B,
                            0x7B,
                            0x2C,
                            0x3A,
                            0x7D,
                            0x5D,
                            0x30,
                            0x2D,
                            0x65,
                        ]
                    )
                ]
            )
        elif r < 0.65 and b:
            del b[i : i + rng.randint(1, 8)]
        elif r < 0.75:
            b[i:i] = rng.choice(
                [
                    b"NaN",
                    b"Infinity",
                    b"-Infinity",
                    b"1e999",
                    b"\\ud800",
                    b'"\\ud800"',
                    b"9" * 50,
                    b"[" * 70,
                    b'{"a":' * 70,
                    b"\xed\xa0\x80",
                    b"\xc0\xaf",
                    b"\xf4\x90\x80\x80",
                    b"null",
                    b"true",
                    b",",
                    b'"',
                    b"\\",
                ]
            )
        elif r < 0.85:
            b = b[:i]
        else:
            j = rng.randrange(len(b) + 1)
            b[i:i], b[j:j] = b[j : j + 3], b[i : i + 3]
    return bytes(b)


def make_input(rng: random.Random, pool: list) -> bytes:
    r = rng.random()
    if r < 0.0001:  # over the line-bytes limit
        return b'{"query": "ruleset", "pad": "' + b"x" * (1 << 20) + b'"}'
    if r < 0.0004:  # at the line-bytes limit, built to make a backtracking scanner blow up
        return rng.choice(BIG_LINES)[: 1 << 20]
    if r < 0.03:
        line = rng.choice(HOSTILE_LINES)
    elif r < 0.08:
        line = json.dumps(rng.choice(pool)).encode()
    elif r < 0.72:
        line = json.dumps(mutate_obj(rng.choice(pool), rng, pool), allow_nan=True).encode()
    elif r < 0.94:
        line = mutate_bytes(json.dumps(rng.choice(pool)).encode(), rng)
    else:
        line = mutate_bytes(json.dumps(mutate_obj(rng.choice(pool), rng, pool)).encode(), rng)
    return line.replace(b"\n", b" ")


# -- the subprocess -------------------------------------------------------------------------------


def suggest_budget(line: bytes) -> float:
    """The seconds a request may think by its own budget: a suggest's ``budget_ms`` (the
    protocol's default when it gives none), 0 for every other request."""
    if b"suggest" not in line:
        return 0.0
    try:
        req = json.loads(line)
    except ValueError:
        return 0.0
    if not isinstance(req, dict) or req.get("query") != "suggest":
        return 0.0
    b = req.get("budget_ms")
    if isinstance(b, (int, float)) and not isinstance(b, bool) and 0 < b <= 60_000:
        return b / 1000
    return 10.0 if b is None else 0.0


def rss_kib(pid: int, key: str = "VmRSS") -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Server:
    def __init__(self, stderr):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "engine.protocol"],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=stderr,
            bufsize=0,
        )
        self.buf = b""

    def warm_up(self) -> None:
        """Wait for the first reply, so that the start-up time is not charged to a request."""
        self.send(b'{"query": "ruleset", "id": 0}\n')
        if self.read_line(60.0) is None:
            raise SystemExit("the protocol process does not start")

    def send(self, data: bytes) -> None:
        self.proc.stdin.write(data)

    def send_all(self, data: bytes) -> None:
        """Write ``data`` (from a writer thread); a process that died just stops the writing."""
        try:
            self.proc.stdin.write(data)
        except (BrokenPipeError, OSError, ValueError):
            pass

    def read_line(self, timeout: float) -> bytes | None:
        """One reply line, or None if the process died or stayed silent for ``timeout`` seconds."""
        deadline = time.perf_counter() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buf:
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return None
            self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        return line

    def close(self) -> None:
        try:
            self.proc.kill()
        except OSError:
            pass
        self.proc.wait()


def strict_reply(line: bytes):
    """The reply as an object, or a string saying why it is not a valid reply."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return "not valid UTF-8"

    def no_constant(s):
        raise ValueError(s)

    try:
        obj = json.loads(text, parse_constant=no_constant)
    except ValueError as exc:
        return f"not strict JSON ({exc})"
    if not isinstance(obj, dict) or not ("error" in obj or obj.get("legal") is True or "paths" in obj or "name" in obj):
        return "not a reply object"
    try:
        json.dumps(obj, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return "a lone surrogate (\\ud800-\\udfff escape) in the reply"
    return obj


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--inputs", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    t0 = time.perf_counter()
    pool = cube_seeds(rng) + spirit_seeds(rng)
    print(f"{len(pool)} valid seed requests built in {time.perf_counter() - t0:.1f} s")

    errlog = tempfile.TemporaryFile()  # noqa: SIM115 - open for the whole run, closed at the end
    server = Server(errlog)
    server.warm_up()
    checkpoints = {max(1, args.inputs * k // 4) - 1 for k in (1, 2, 3)}
    rss_marks = []
    sentinel = b'{"query":"-sentinel-","id":"%s"}\n' % SENTINEL_ID
    deaths = invalid = internal = 0
    invalid_examples: list = []
    internal_examples: collections.Counter = collections.Counter()
    codes: collections.Counter = collections.Counter()
    slowest = (0.0, b"")
    top: list = []  # the 5 slowest (elapsed, line), re-timed at the end
    rss_start = rss_kib(server.proc.pid)
    sentinel_end = b'"id": "%s"}' % SENTINEL_ID

    def account(line: bytes, replies: list, elapsed: float) -> None:
        nonlocal invalid, internal, slowest
        expect = 0 if not line.strip(b" \t\r\n") else 1  # JSON whitespace only is blank
        if len(replies) != expect:
            invalid += 1
            invalid_examples.append((f"{len(replies)} replies", line[:200]))
        for rep in replies:
            obj = strict_reply(rep)
            if isinstance(obj, str):
                invalid += 1
                invalid_examples.append((obj, line[:200]))
                continue
            code = obj.get("error")
            codes[code or "ok"] += 1
            if code == "internal":
                internal += 1
                internal_examples[obj.get("message", "")[:160]] += 1
        over = elapsed - suggest_budget(line)  # a suggest may think for its budget_ms
        if over > slowest[0]:
            slowest = (over, line)
        if len(top) < 5 or over > top[0][0]:
            heapq.heappush(top, (over, line))
            if len(top) > 5:
                heapq.heappop(top)

    t0 = time.perf_counter()
    done = 0
    while done < args.inputs:
        batch = [make_input(rng, pool) for _ in range(min(BATCH, args.inputs - done))]
        i = 0
        while i < len(batch):
            # a writer thread keeps the process's input full while this thread reads its replies,
            # so neither pipe can fill up and block the other; each reply's time is measured from
            # the previous sentinel's reply, i.e. while the process is busy with this line
            payload = b"".join(x + b"\n" + sentinel for x in batch[i:])
            writer = threading.Thread(target=server.send_all, args=(payload,), daemon=True)
            t_prev = time.perf_counter()
            writer.start()
            died_at = None
            for j in range(i, len(batch)):
                replies = []
                while True:
                    got = server.read_line(REPLY_TIMEOUT)
                    if got is None:
                        died_at = j
                        break
                    if got.endswith(sentinel_end) and b'"unknown-query"' in got:
                        break
                    replies.append(got)
                if died_at is not None:
                    break
                now = time.perf_counter()
                account(batch[j], replies, now - t_prev)
                t_prev = now
            if died_at is None:
                writer.join()
                i = len(batch)
            else:
                deaths += 1
                invalid_examples.append(("death", batch[died_at][:200]))
                server.close()
                writer.join()
                server = Server(errlog)
                server.warm_up()
                i = died_at + 1
        before = done
        done += len(batch)
        for mark in sorted(checkpoints):
            if before <= mark < done:
                rss_marks.append(rss_kib(server.proc.pid))
    total = time.perf_counter() - t0
    rss_end = rss_kib(server.proc.pid)
    peak = rss_kib(server.proc.pid, "VmHWM")
    # a busy machine can stall any one request: send the 5 slowest again, one at a time, best of 3
    retimed = []
    for _, line in top:
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            server.send(line + b"\n" + sentinel)
            while True:
                got = server.read_line(REPLY_TIMEOUT)
                if got is None or (got.endswith(sentinel_end) and b'"unknown-query"' in got):
                    break
            best = min(best, time.perf_counter() - start - suggest_budget(line))
        retimed.append((best, line))
    retimed.sort(reverse=True)
    server.close()
    errlog.seek(0, os.SEEK_END)
    stderr_bytes = errlog.tell()
    errlog.close()

    print(f"inputs: {args.inputs} (seed {args.seed}) in {total:.1f} s ({args.inputs / total:.0f} lines/s)")
    print(f"deaths: {deaths}")
    print(f"invalid replies: {invalid}")
    print(f"internal errors: {internal}")
    print(
        f"slowest request (beyond a suggest's own budget_ms): {slowest[0] * 1000:.1f} ms (with its sentinel "
        f"line): {slowest[1][:160]!r}"
    )
    if retimed:
        print(
            f"the 5 slowest sent again one at a time (best of 3): {retimed[0][0] * 1000:.1f} ms at most "
            f"({', '.join(f'{t * 1000:.1f}' for t, _ in retimed)} ms); the slowest of them: {retimed[0][1][:160]!r}"
        )
    print(
        f"memory (RSS of the protocol process): start {rss_start / 1024:.1f} MiB, end {rss_end / 1024:.1f} MiB, "
        f"growth {(rss_end - rss_start) / 1024:+.1f} MiB, peak {peak / 1024:.1f} MiB; at 1/4, 1/2, 3/4 of the "
        f"inputs: " + ", ".join(f"{m / 1024:.1f}" for m in rss_marks) + " MiB"
    )
    print(f"stderr of the protocol process: {stderr_bytes} bytes")
    print("replies by code: " + ", ".join(f"{k} {v}" for k, v in codes.most_common()))
    for why, line in invalid_examples[:10]:
        print(f"  invalid: {why}: {line!r}")
    for msg, k in internal_examples.most_common(15):
        print(f"  internal x{k}: {msg}")
    return 0 if deaths == invalid == internal == stderr_bytes == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
