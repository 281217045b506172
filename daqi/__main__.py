"""``python -m daqi`` runs the ``daqi`` command."""

from daqi import main

raise SystemExit(main())
