"""The evaluation weights of the computer players, kept as data (``eval_weights.toml``).

Read once at import; ``WEIGHTS["cube"]`` and ``WEIGHTS["spirit"]`` map a name to a number.  The
file documents each weight; docs/AI.md ("Evaluation weights") says how the tuned ones were tuned
(``benchmarks/tune_eval.py``, a fixed seed).
"""

from __future__ import annotations

import tomllib
from importlib import resources
from types import MappingProxyType

from ..core.frozen import freeze


def load_weights(text: str | None = None) -> MappingProxyType:
    """The weights from ``text`` (TOML) or from the bundled ``eval_weights.toml``: every value a number."""
    if text is None:
        text = resources.files(__package__).joinpath("eval_weights.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    for game, table in data.items():
        for name, value in table.items():
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"eval_weights.toml: [{game}] {name} = {value!r} is not a number")
    return freeze(data)


WEIGHTS = load_weights()
