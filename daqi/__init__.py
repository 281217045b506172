"""The ``daqi`` command's front door (``python -m daqi`` and the ``daqi`` script).

Daqi installs the top-level packages ``engine``, ``viewer`` and ``shaders`` (docs/API.md,
"Packaging").  Another distribution that also ships a top-level ``engine`` or ``viewer`` would hide
Daqi's and break it with an obscure import error; this module checks, before importing either, that
both are Daqi's own, and otherwise says so in one line (exit 2).  It imports nothing of Daqi's until
the check has passed.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

# one file each package must hold to be Daqi's (checked on disk, nothing is imported)
MARKERS = {"engine": ("core", "games.py"), "viewer": ("app", "cli.py")}


def foreign_package() -> str | None:
    """The first of ``engine``/``viewer`` that is missing or not Daqi's, with where it was found."""
    for name, marker in MARKERS.items():
        spec = importlib.util.find_spec(name)
        places = list(spec.submodule_search_locations or []) if spec is not None else []
        if not any(pathlib.Path(place, *marker).is_file() for place in places):
            where = places[0] if places else (spec.origin if spec is not None else None)
            return f"{name!r} ({where})" if where else repr(name)
    return None


def main(argv: list[str] | None = None) -> int:
    foreign = foreign_package()
    if foreign is not None:
        print(
            f"daqi: the installed package {foreign} is not Daqi's: another distribution ships a "
            "top-level package of that name; install Daqi into its own virtual environment "
            "(README, first command)",
            file=sys.stderr,
        )
        return 2
    from viewer.app.cli import main as cli_main

    return cli_main(argv)
