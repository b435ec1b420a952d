"""Worker processes that end with their parent: the one process pool of chunked runs
(:mod:`.chunks`), and the same behaviour for the processes of a Dask LocalCluster
(:func:`dask_setup`).

:func:`start_pool` starts spawned processes that ignore Ctrl-C (the parent alone decides
what an interrupted run keeps and stops them) and that watch their parent: a parent that
is killed outright (SIGKILL) cannot stop them, so each exits on its own within
:data:`PARENT_POLL` seconds of being orphaned.  :func:`stop_pool` ends them at once
instead of waiting for their jobs (Ctrl-C or an error); :func:`finished_jobs` hands a
run's tasks to the pool a few at a time and yields each result as it finishes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from multiprocessing.context import SpawnContext, SpawnProcess

PARENT_POLL = 0.5  # seconds between a worker's checks that its parent is alive


def worker_count(workers: int, jobs: int) -> int:
    """Processes worth starting: no more than the jobs, nor than the machine's cores (more
    would only share them, each paying seconds of start-up)."""
    return max(1, min(workers, jobs, os.cpu_count() or 1))


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_POLL)
        if os.getppid() != parent:
            os._exit(1)  # orphaned: nobody will read this worker's results


def _start_worker(parent: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # started with Ctrl-C blocked (_WorkerProcess): a Ctrl-C that came meanwhile is pending,
    # and is dropped now that it is ignored
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="euchre-mc-parent").start()


class _WorkerProcess(SpawnProcess):
    """A spawned worker that cannot see a Ctrl-C before it ignores them.  A worker starts
    when the pool first needs it, and a loaded machine takes seconds to import it: a
    Ctrl-C in that time printed the worker's KeyboardInterrupt traceback.  So the
    process starts with SIGINT blocked (the signal mask passes to the child through fork
    and exec) and :func:`_start_worker` unblocks it once it is ignored."""

    def start(self):
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            super().start()
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _WorkerContext(SpawnContext):
    Process = _WorkerProcess


def dask_setup(worker) -> None:
    """Dask's hook for a worker's preload module (``preload=[__name__]``): a Dask worker
    process of a LocalCluster, like a pool's, leaves Ctrl-C to the parent and ends with it,
    and does not print a traceback when it loses the scheduler (:func:`_not_a_lost_scheduler`)."""
    import logging

    _start_worker(os.getppid())
    logging.getLogger("distributed.worker").addFilter(_not_a_lost_scheduler)


def _not_a_lost_scheduler(record) -> bool:
    """False for a worker's log of a connection error (a heartbeat that found the scheduler
    gone).  A LocalCluster's scheduler lives in the parent, so it goes only when the parent
    closes the cluster: after Ctrl-C, that races the workers' shutdown, and the traceback
    the worker logged for it came after the run's one-line report."""
    return not (record.exc_info and isinstance(record.exc_info[1], OSError))


def start_pool(workers: int) -> ProcessPoolExecutor:
    """``workers`` spawned processes that ignore Ctrl-C and end when orphaned."""
    return ProcessPoolExecutor(
        workers, mp_context=_WorkerContext(), initializer=_start_worker, initargs=(os.getpid(),)
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now: cancel what has not started and kill what is running."""
    # the executor keeps its processes private; terminating them is the only way to stop a
    # job midway (ProcessPoolExecutor.terminate_workers arrives in Python 3.14)
    processes = list((pool._processes or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.terminate()
    for process in processes:
        with contextlib.suppress(OSError, ValueError):
            process.join(5)


def finished_jobs(
    pool: ProcessPoolExecutor,
    tasks: Iterable[tuple[Callable, tuple]],
    in_flight: int,
    kept: dict | None = None,
) -> Iterator[tuple[int, object]]:
    """``(i, function(*args))`` for the ``i``-th ``(function, args)`` of ``tasks``, run on
    the pool, in the order they finish; at most ``in_flight`` jobs are given out at once,
    so memory stays bounded however many tasks there are (and ``tasks`` is read only as
    jobs are given out).

    Left early (an exception, Ctrl-C included, or closed): ``kept``, if given, receives
    ``i -> result`` of the jobs that had finished but were not yet handed on, and what
    has not started is cancelled.  Stopping the jobs that run is the caller's choice
    (:func:`stop_pool`)."""
    queue = enumerate(tasks)
    pending: dict = {}

    def give_out(count: int) -> None:
        for _, (index, (function, args)) in zip(range(count), queue):
            pending[pool.submit(function, *args)] = index

    give_out(in_flight)
    try:
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for job in done:
                result = job.result()
                index = pending.pop(job)
                give_out(1)
                yield index, result
    except BaseException:
        for job, index in pending.items():
            if kept is not None and job.done() and not job.cancelled() and job.exception() is None:
                kept[index] = job.result()
            job.cancel()
        raise


__all__ = [
    "PARENT_POLL",
    "dask_setup",
    "finished_jobs",
    "start_pool",
    "stop_pool",
    "worker_count",
]
