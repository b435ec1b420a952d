"""The one driver of chunked runs: studies, games, tuning and analyses hand it their
chunks, and it computes them in this process, in the worker pool or on Dask.

A run cuts its work into chunks whose results are pure functions of the run's
parameters and the chunk's identity (a study's chunk index, a range of games, an
analysis's first deal), so where a chunk is computed changes only the time: the
results are the same for any backend and worker count.

A :class:`ChunkRunner` holds the workers of one run, or of several runs that share them
(tuning plays every value with one pool).  Its backend is this process (``local`` with
one worker), a pool of ``workers`` spawned processes (:mod:`.workers`), or Dask
(:mod:`.cluster`: a LocalCluster of ``workers`` processes, or the cluster at
``scheduler``).  The pool starts and the Dask client connects when a run first needs
them; leaving the runner's ``with`` block ends them, at once when an exception (Ctrl-C
included) leaves it.

A run names its chunks and, for each, the task that computes it: ``task(chunk)`` gives
a ``(function, args)`` pair that a worker can unpickle, built in this process only
when the chunk is handed out, and at most two chunks per worker are out at a time, so
memory stays bounded however many chunks there are.  :meth:`ChunkRunner.run` yields
``(chunk, result)`` in chunk order or as they finish; :meth:`ChunkRunner.collect`
gathers them all and says whether Ctrl-C cut the run short.

Ctrl-C
------
A KeyboardInterrupt stops the run's workers at once (a pool's processes are ended, a
cluster's tasks cancelled) and keeps every chunk that had finished: :meth:`~ChunkRunner.run`
has handed it on already when chunks come as they finish, and :meth:`~ChunkRunner.collect`
returns them all, in chunk order, with ``interrupted`` set.  A Ctrl-C that came inside
one of a chunk's kernels (held by ``interrupt.py``) is raised as the chunk ends, so the
chunk is kept.  What an interrupted run keeps of them is the caller's decision (a study
writes each chunk as it arrives; an analysis keeps the deals up to the first chunk that
did not finish).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

from ...interrupt import raise_if_held
from .cluster import check_backend, dask_client, finished_tasks, on_one_thread, slots
from .workers import finished_jobs, start_pool, stop_pool

JOBS_PER_WORKER = 2  # chunks handed to each pool worker at once: one running, one waiting

Task = Callable[[object], tuple[Callable, tuple]]


@dataclass(frozen=True)
class Collected:
    """What :meth:`ChunkRunner.collect` gathered: the chunks asked for, the results of
    those that finished (by the chunk's place in ``chunks``), and whether Ctrl-C cut
    the run short (then some chunks may have no result)."""

    chunks: tuple
    results: dict[int, object]
    interrupted: bool

    def leading(self) -> list[tuple[object, object]]:
        """``(chunk, result)`` of the chunks before the first one that did not finish:
        all of them unless the run was interrupted."""
        out = []
        for place, chunk in enumerate(self.chunks):
            if place not in self.results:
                break
            out.append((chunk, self.results[place]))
        return out


class ChunkRunner:
    """Where a run's chunks are computed (see the module docstring).

    ``workers``: processes of the pool (``backend="local"``; one means this process) or
    of a new Dask LocalCluster (``backend="dask"`` without ``scheduler``); how many a
    run is worth is the caller's to decide.  ``report(line)``, if given, hears each line
    of :meth:`tell` once."""

    def __init__(self, workers: int = 1, backend: str = "local", scheduler: str | None = None, report=None):
        check_backend(backend, scheduler)
        if workers < 1:
            raise ValueError(f"workers {workers}: at least 1")
        self.workers, self.backend, self.scheduler = int(workers), backend, scheduler
        self.report = report
        self._told: set[str] = set()
        self._pool = None
        self._cluster = contextlib.ExitStack()
        self._client = None

    # ------------------------------------------------------------------ the workers

    @property
    def here(self) -> bool:
        """Whether chunks are computed in this process (the local backend, one worker)."""
        return self.backend == "local" and self.workers == 1

    @property
    def started(self) -> bool:
        """Whether the runner's workers are up: a pool started or a cluster connected."""
        return self._pool is not None or self._client is not None

    def slots(self) -> int:
        """Chunks that can be computed at once: 1 here, the pool's workers, or the
        cluster's worker threads (connecting to it)."""
        if self.backend == "dask":
            return slots(self._dask())
        return self.workers

    def tell(self, line: str) -> None:
        """Pass ``line`` to ``report``, once however often it is told."""
        if self.report is not None and line not in self._told:
            self._told.add(line)
            self.report(line)

    def _dask(self):
        if self._client is None:
            self._client = self._cluster.enter_context(dask_client(self.workers, self.scheduler))
        return self._client

    def _stop(self) -> None:
        """End the pool's workers now (Ctrl-C or an error); a later run starts new ones."""
        if self._pool is not None:
            pool, self._pool = self._pool, None
            stop_pool(pool)

    def close(self, failed: bool = False, exc_info=(None, None, None)) -> None:
        """End the workers: at once when ``failed`` (Ctrl-C or an error), else once their
        jobs are done; disconnect from Dask (closing a LocalCluster)."""
        if failed:
            self._stop()
        elif self._pool is not None:
            pool, self._pool = self._pool, None
            pool.shutdown(wait=True)
        self._client = None
        # the exception, if any, reaches dask_client, which keeps Dask's logs quiet while
        # a run stopped early closes
        self._cluster.__exit__(*exc_info)

    def __enter__(self) -> ChunkRunner:
        return self

    def __exit__(self, kind, value, traceback) -> None:
        self.close(failed=kind is not None, exc_info=(kind, value, traceback))

    # ------------------------------------------------------------------ running chunks

    def run(
        self,
        chunks: Iterable,
        task: Task,
        *,
        here: Callable | None = None,
        ordered: bool = True,
        progress: Callable | None = None,
    ) -> Iterator[tuple[object, object]]:
        """``(chunk, result)`` for every chunk: in chunk order (``ordered``), or as each
        finishes.

        ``task(chunk)``: the ``(function, args)`` whose ``function(*args)`` is the chunk's
        result, run on one numba thread (worker processes are the parallelism).
        ``here(chunk)``, if given, is how this process computes a chunk when the runner
        computes chunks here (with the kernels' own threads, say, or telling finer
        progress); its result must be the task's.  ``progress(chunk, result)``, if given,
        hears of each chunk in this process as it finishes, before any chunk held back
        for order, except the chunks ``here`` computed (it tells its own progress).

        Ctrl-C or an error stops the workers at once (see the module docstring).  A
        caller that works between results closes this iterator when it stops early
        (``contextlib.closing``), so that the workers stop then, not when it is collected.
        """
        chunks = tuple(chunks)
        finished = self._finished(chunks, task, here, progress, None)
        with contextlib.closing(finished):
            if not ordered:
                for place, result in finished:
                    yield chunks[place], result
                return
            held: dict[int, object] = {}
            next_place = 0
            for place, result in finished:
                held[place] = result
                while next_place in held:
                    yield chunks[next_place], held.pop(next_place)
                    next_place += 1

    def collect(
        self, chunks: Iterable, task: Task, *, here: Callable | None = None, progress: Callable | None = None
    ) -> Collected:
        """Every chunk's result (as :meth:`run`), gathered: a Ctrl-C stops the run and
        returns what had finished, ``interrupted`` set, instead of raising."""
        chunks = tuple(chunks)
        results: dict[int, object] = {}
        finished = self._finished(chunks, task, here, progress, results)
        try:
            with contextlib.closing(finished):
                for _ in finished:
                    pass  # _finished keeps each result in results
        except KeyboardInterrupt:
            return Collected(chunks, results, True)
        return Collected(chunks, results, False)

    def _finished(self, chunks: tuple, task: Task, here, progress, kept) -> Iterator[tuple[int, object]]:
        """``(place, result)`` as the chunks finish.  ``kept``, if given, receives every
        finished chunk's result, those finished on workers but not yet handed on
        included when the run is left early; then the workers stop."""
        if self.here:
            for place, chunk in enumerate(chunks):
                if here is not None:
                    result = here(chunk)
                else:
                    function, args = task(chunk)
                    result = on_one_thread(function, *args)
                if kept is not None:
                    kept[place] = result  # kept even if the progress callback is interrupted
                raise_if_held()  # a Ctrl-C that came inside one of the chunk's kernels
                if progress is not None and here is None:
                    progress(chunk, result)
                yield place, result
            return
        tasks = (task(chunk) for chunk in chunks)
        if self.backend == "dask":
            jobs = finished_tasks(self._dask(), tasks, kept)
        else:
            if self._pool is None:
                self._pool = start_pool(self.workers)  # workers that leave Ctrl-C to us and end with us
            on_one = ((on_one_thread, (function, *args)) for function, args in tasks)
            jobs = finished_jobs(self._pool, on_one, JOBS_PER_WORKER * self.workers, kept)
        try:
            with contextlib.closing(jobs):  # a job loop left early keeps what finished
                for place, result in jobs:
                    if kept is not None:
                        kept[place] = result
                    if progress is not None:
                        progress(chunks[place], result)
                    yield place, result
        except BaseException:
            self._stop()
            raise


__all__ = ["JOBS_PER_WORKER", "ChunkRunner", "Collected"]
