"""Where the games run: in this process, in local worker processes, or on a Dask cluster.

Every pool has one method, :meth:`imap`, that plays ``fn`` over a (lazy) iterator of tasks with at
most ``window`` of them in flight and yields the results as they finish, in any order; closing the
generator (a match that stopped on SPRT, Ctrl-C) cancels what has not started.

Dask distributed was chosen over Ray: it is a pure-Python ``pip install`` of a few MB (Ray is a
~70 MB binary wheel per platform and Python version with its own object store and dashboard
processes), ``LocalCluster(processes=True)`` starts in about a second in CI, a multi-machine
cluster is two commands (``dask scheduler``; ``dask worker tcp://HOST:8786`` on each machine), and
the lab needs nothing of Ray's actors or GPU scheduling: a game is a plain function of its task.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from itertools import islice
from typing import Any


class _Pool:
    workers = 1

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any], window: int = 0) -> Iterator[Any]:
        raise NotImplementedError

    def map_unordered(self, fn: Callable[[Any], Any], items: Iterable[Any]) -> Iterator[Any]:
        """The arena's pool interface (``engine.players.arena.run_arena(..., pool=...)``)."""
        return self.imap(fn, items)


class SerialPool(_Pool):
    """Plays the games one after another in this process."""

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any], window: int = 0) -> Iterator[Any]:
        for it in items:
            yield fn(it)

    def close(self) -> None:
        pass


def _ignore_sigint() -> None:
    # Ctrl-C goes to the whole process group: only the parent stops the match (and writes its summary)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ProcessPool(_Pool):
    """Local worker processes (concurrent.futures)."""

    def __init__(self, jobs: int):
        self.workers = max(1, jobs)
        self._ex = ProcessPoolExecutor(max_workers=self.workers, initializer=_ignore_sigint)

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any], window: int = 0) -> Iterator[Any]:
        it = iter(items)
        window = window or 2 * self.workers
        pending: set[Future] = {self._ex.submit(fn, x) for x in islice(it, window)}
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    nxt = next(it, None)
                    if nxt is not None:
                        pending.add(self._ex.submit(fn, nxt))
                    yield f.result()
        finally:
            for f in pending:
                f.cancel()

    def close(self) -> None:
        procs = list(getattr(self._ex, "_processes", {}).values())
        self._ex.shutdown(wait=False, cancel_futures=True)
        for p in procs:  # a game in progress is not waited for (it is replayed on resume)
            if p.is_alive():
                p.terminate()
        for p in procs:
            p.join(5)


class DaskPool(_Pool):
    """A Dask distributed cluster: ``address`` ``"local"`` starts a local one with ``jobs`` worker
    processes of one thread each; anything else is a scheduler address (``tcp://host:8786``)."""

    def __init__(self, address: str, jobs: int = 2):
        from distributed import Client, LocalCluster

        self._cluster = None
        if address == "local":
            self._cluster = LocalCluster(
                n_workers=max(1, jobs), threads_per_worker=1, processes=True, dashboard_address=None
            )
            self.client = Client(self._cluster)
        else:
            self.client = Client(address)
        self.workers = max(1, sum(self.client.nthreads().values()))

    def imap(self, fn: Callable[[Any], Any], items: Iterable[Any], window: int = 0) -> Iterator[Any]:
        from distributed import as_completed

        it = iter(items)
        window = window or 2 * self.workers
        # pure=False: a task is never merged with an equal one; each is played once
        first = [self.client.submit(fn, x, pure=False) for x in islice(it, window)]
        ac = as_completed(first)
        live = set(first)
        try:
            for f in ac:
                live.discard(f)
                nxt = next(it, None)
                if nxt is not None:
                    g = self.client.submit(fn, nxt, pure=False)
                    live.add(g)
                    ac.add(g)
                yield f.result()
        finally:
            if live:
                self.client.cancel(list(live))

    def close(self) -> None:
        self.client.close()
        if self._cluster is not None:
            self._cluster.close()


def make_pool(jobs: int = 1, cluster: str | None = None):
    """The pool for ``--jobs``/``--cluster``: a cluster when an address is given, else local
    processes when ``jobs`` > 1, else this process."""
    if cluster:
        return DaskPool(cluster, jobs)
    if jobs > 1:
        return ProcessPool(jobs)
    return SerialPool()
