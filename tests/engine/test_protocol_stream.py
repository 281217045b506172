"""Real ``python -m engine.protocol`` processes fed hostile bytes (a fixed list, and hypothesis
mutations through one long-lived process): they survive and answer every non-blank line exactly
once, in order, with strict JSON in valid UTF-8, never "internal"."""

from __future__ import annotations

import json
import os
import pathlib
import select
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

ROOT = pathlib.Path(__file__).resolve().parents[2]

HOSTILE = [
    b"[" * 1000,
    b"{" * 5000,
    b'{"id":' + b"1" * 4301 + b"}",
    b'{"query":"\\ud800"}',
    b'{"query":"ruleset","id":NaN}',
    b'{"query":"ruleset","id":1e99999}',
    b'{"query":"ruleset","id":-Infinity}',
    b'\xff\xfe{"query":"ruleset"}',
    b'{"query":"ruleset","id":"\xed\xa0\x80"}',  # an encoded surrogate: invalid UTF-8
    b'{"query":"ruleset","id":"\xc0\xaf"}',  # an overlong encoding
    b"\x00\x01\x02",
    b'\xef\xbb\xbf{"query":"ruleset"}',  # a byte-order mark
    b'{"query":"actions","origin":[5,5,1],"position":{"pieces":5}}',
    b'{"query":"ruleset","overrides":3.0}',
    b'{"query":"ruleset","ruleset":"/dev/stdin"}',
    b'{"query":"ruleset","ruleset":"/dev/zero"}',
    b'{"query":"actions","origin":[9,3,1],"position":{},"horizon":1000000000}',
    (
        b'{"query":"actions","origin":[8,8,8,2],"position":{"pieces":[{"at":[8,8,8,2],"side":"white",'
        b'"stack":["king"]},{"at":[8,8,8,1000000000000000001],"side":"black","stack":["king"]}]}}'
    ),
    b'{"query":"ruleset","overrides":{"size":[10000000,16,16]}}',
    b'{"query":"ruleset","pad":"' + b"x" * (1 << 20) + b'"}',  # over the line-bytes limit
]


def test_one_subprocess_survives_hostile_bytes_and_answers_each_line_once():
    lines = []
    for i, bad in enumerate(HOSTILE):
        lines.append(bad)
        lines.append(b'{"query": "ruleset", "id": %d}' % i)
    lines.append(b"")  # a blank line: no reply
    lines.append(b'{"query": "ruleset", "id": "last"}')
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict", LC_ALL="C")
    proc = subprocess.run(
        [sys.executable, "-m", "engine.protocol"],
        input=b"\n".join(lines) + b"\n",
        capture_output=True,
        cwd=ROOT,
        timeout=120,
        env=env,
        check=False,
    )
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr[-2000:]
    out = proc.stdout.decode("utf-8")  # strict: valid UTF-8
    replies = [
        json.loads(x, parse_constant=lambda s: (_ for _ in ()).throw(AssertionError(s))) for x in out.splitlines()
    ]
    assert len(replies) == 2 * len(HOSTILE) + 1
    for i in range(len(HOSTILE)):
        bad, good = replies[2 * i], replies[2 * i + 1]
        assert isinstance(bad, dict) and bad.get("error") != "internal", (HOSTILE[i][:80], bad)
        assert "error" in bad or b"1000000000000000001" in HOSTILE[i], (HOSTILE[i][:80], bad)
        assert good["id"] == i and good["name"] == "standard"
    assert replies[-1]["id"] == "last"
    # the facing kings 10**18 apart were answered with the capture, not walked
    facing = replies[2 * HOSTILE.index(next(h for h in HOSTILE if b"1000000000000000001" in h))]
    assert facing.get("error") is None
    assert {"do": "capture", "to": [8, 8, 8, 1000000000000000001]} in facing["actions"]


# -- hypothesis through one long-lived subprocess ------------------------------------------------------

SENTINEL = b'{"query": "-sentinel-", "id": "sentinel"}'
VALID_LINES = [
    b'{"query": "ruleset", "id": 1}',
    (
        b'{"query": "actions", "origin": [5, 5, 1], "horizon": 4, "position": {"fill": "empty", "pieces": '
        b'[{"at": [5, 5, 1], "side": "white", "stack": ["rook", "knight"]}]}}'
    ),
    b'{"query": "turn", "position": {}, "turn": {"origin": [9, 3, 1], "actions": [{"do": "move", "to": [9, 4, 1]}]}}',
    b'{"query": "ruleset", "ruleset": "spirit"}',
]


@pytest.fixture(scope="module")
def server():
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine.protocol"],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        bufsize=0,
    )
    yield proc
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    assert proc.stderr.read() == b""


def _replies_until_sentinel(proc) -> list:
    out, buf = [], b""
    while True:
        while b"\n" not in buf:
            ready, _, _ = select.select([proc.stdout], [], [], 60)
            assert ready, "the protocol process stopped answering"
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, "the protocol process died"
            buf += chunk
        line, _, buf = buf.partition(b"\n")
        if b'"id": "sentinel"' in line and b"unknown-query" in line:
            assert buf == b""
            return out
        out.append(line)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.sampled_from(VALID_LINES),
    st.lists(st.tuples(st.integers(0, 10**6), st.binary(max_size=6)), max_size=5),
    st.integers(0, 10**6),
)
def test_one_subprocess_answers_every_mutated_line_exactly_once(server, base, inserts, cut_at):
    data = bytearray(base)
    for at, chunk in inserts:
        at %= len(data) + 1
        data[at:at] = chunk
    if cut_at % 4 == 0:
        data = data[: cut_at % (len(data) + 1)]
    line = bytes(data).replace(b"\n", b" ")
    server.stdin.write(line + b"\n" + SENTINEL + b"\n")
    replies = _replies_until_sentinel(server)
    assert len(replies) == (1 if line.strip() else 0)
    for raw in replies:
        reply = json.loads(raw.decode("utf-8"), parse_constant=lambda s: (_ for _ in ()).throw(AssertionError(s)))
        assert isinstance(reply, dict) and reply.get("error") != "internal", (line, reply)
