"""The rules lab (docs/ARENA.md, "Matches" and "Rules studies"): matches with game pairs, SPRT
and Elo intervals (:mod:`.stats`, :mod:`.sprt`), opening suites (:mod:`.openings`), matches that
stream, stop and resume (:mod:`.match`), rules studies with plots (:mod:`.study`), and the pools
that play the games in-process, in local worker processes or on a Dask cluster (:mod:`.cluster`).

The lab sits above the players: it imports :mod:`engine.players` and the games, never the viewer.
"""
