"""Mutated records and rulesets (bytes, tokens, TOML structure): only DaqiError escapes.

Uses the mutators of ``benchmarks/fuzz_files.py`` (which runs 20,000 of them); sized for CI."""

import importlib.util
import pathlib
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import DaqiError

ROOT = pathlib.Path(__file__).resolve().parents[3]
_spec = importlib.util.spec_from_file_location("fuzz_files", ROOT / "benchmarks" / "fuzz_files.py")
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)
CORPUS = fuzz.corpus()


def _check(tmp_path, index: int, seed: int) -> None:
    kind, _name, text = CORPUS[index % len(CORPUS)]
    rng = random.Random(seed)
    data = fuzz.mutate(rng, kind, text)
    path = tmp_path / f"input.{'toml' if kind == 'ruleset' else 'txt'}"
    path.write_bytes(data)
    try:
        fuzz.run_one(kind, path, rng)
    except DaqiError:
        pass


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(index=st.integers(0, 1000), seed=st.integers(0, 2**32))
def test_mutated_files_raise_only_daqi_errors(tmp_path, index, seed):
    _check(tmp_path, index, seed)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=400), kind=st.sampled_from(["cube", "spirit", "ruleset", "lesson"]))
def test_arbitrary_bytes_raise_only_daqi_errors(tmp_path, data, kind):
    path = tmp_path / "raw.bin"
    path.write_bytes(data)
    try:
        fuzz.run_one(kind, path, random.Random(0))
    except DaqiError:
        pass


@settings(max_examples=150, deadline=None)
@given(
    text=st.text(
        alphabet=st.sampled_from(
            list("ruleset standard spirit setup white: black: 1. ... P(9,3,1)-~^+=|#\n0123456789,()[]{}…—兵")
        ),
        max_size=300,
    )
)
def test_record_like_text_raises_only_daqi_errors(text):
    from engine import Game
    from engine.spirit import SpiritGame

    for parse in (Game.from_record, SpiritGame.from_text):
        try:
            parse(text)
        except DaqiError:
            pass
