"""The spirit-chess identical-choices check: ``check_identical.py --game spirit`` (kept for old commands)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from check_identical import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main(["--game", "spirit", *sys.argv[1:]]))
