"""Cube chess (大棋): rules C1–C43 with gap answers G1–G19 (docs/RULES.md).

Importing this package registers the game with the ruleset loader, so that
``load_ruleset("standard")`` returns a cube-chess :class:`~engine.cube.ruleset.Ruleset`.
"""

from __future__ import annotations

from . import ruleset as _ruleset  # noqa: F401  (registers "cube" with the loader)
