"""Chunks of work on Dask distributed: the one place that talks to Dask, for the chunk
driver (:mod:`.chunks`) of studies, analyses, games and tuning (``--backend dask``,
``--scheduler ADDRESS``).

A run that uses a cluster splits its work into chunks whose results are pure functions
of the run's parameters and the chunk's identity (a study's chunk index, an analysis's
first deal, a game range's first game), so whichever worker computes a chunk the answer
is the local run's.  :func:`dask_client` connects to the scheduler at an address (with a
timeout: an unreachable one is a one-line error) or starts a ``LocalCluster`` of
single-threaded worker processes on this machine that leave Ctrl-C to us and end with
us (:func:`simulate.runtime.workers.dask_setup`).  :func:`finished_tasks` keeps at most two
tasks per worker thread in flight, so memory stays bounded however many chunks there
are, and yields each result as it finishes.  Each task runs numba on one thread: worker
processes, not kernel threads, are the parallelism.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterable, Iterator

BACKENDS = ("local", "dask")
# The module whose dask_setup each local Dask worker runs first, named rather than imported:
# importing the process pool's machinery would slow every command's start.
WORKER_SETUP = f"{__package__}.workers"
CONNECT_TIMEOUT = 10.0  # seconds to wait for a scheduler, and for its first worker
_ADDRESS = re.compile(r"([a-z]+://)?[^\s:/]+:\d{1,5}")


class BackendError(ValueError):
    """A backend or scheduler that cannot be used; the message names the bad value."""


def check_backend(backend: str, scheduler: str | None) -> None:
    """Refuse an unknown backend, a scheduler without ``dask``, or an address that is not one."""
    if backend not in BACKENDS:
        raise BackendError(f"--backend {backend!r}: backends are {', '.join(BACKENDS)}")
    if scheduler is None:
        return
    if backend != "dask":
        raise BackendError(f"--scheduler {scheduler}: a scheduler needs --backend dask")
    if not _ADDRESS.fullmatch(scheduler):
        raise BackendError(f"--scheduler {scheduler!r}: give the scheduler's address as tcp://HOST:PORT")


@contextlib.contextmanager
def dask_client(workers: int, scheduler: str | None = None):
    """A Dask client: of the cluster at ``scheduler``, or of a new LocalCluster of
    ``workers`` single-threaded processes (closed again on leaving)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        raise BackendError("--backend dask needs dask[distributed]: pip install 'euchre-mc[dask]'") from None
    import logging

    cluster = None
    if scheduler:
        try:
            client = Client(scheduler, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError):
            raise BackendError(
                f"--scheduler {scheduler}: no Dask scheduler answered within {CONNECT_TIMEOUT:.0f} s"
            ) from None
    else:
        cluster = LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port: the default 8787 clashes with a second cluster
            silence_logs=logging.ERROR,
            preload=[WORKER_SETUP],  # workers that ignore Ctrl-C and end with us
        )
        client = Client(cluster)
    stopped_early = False
    try:
        if scheduler:
            try:
                client.wait_for_workers(1, timeout=CONNECT_TIMEOUT)
            except (OSError, TimeoutError):
                raise BackendError(
                    f"--scheduler {scheduler}: the scheduler has no workers (none joined within "
                    f"{CONNECT_TIMEOUT:.0f} s)"
                ) from None
        yield client
    except BaseException:
        stopped_early = True
        raise
    finally:
        # Stopped early (Ctrl-C, or an error the command reports in one line): closing
        # now cancels the tasks and connections in flight, and tornado or distributed may
        # log such a cancelled callback with a traceback before that line.  It tells the
        # user nothing, so their logs are quiet while the cluster closes.
        with _quiet_logs() if stopped_early else contextlib.nullcontext():
            client.close()
            if cluster is not None:
                cluster.close()


@contextlib.contextmanager
def _quiet_logs():
    """Only critical messages from the loggers of tornado and distributed, then their
    levels as they were."""
    import logging

    prefixes = ("tornado.", "distributed.")
    names = ["tornado", "distributed"]
    names += [name for name in logging.root.manager.loggerDict if name.startswith(prefixes)]
    levels = {name: logging.getLogger(name).level for name in names}
    for name in names:
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def slots(client) -> int:
    """Worker threads of the cluster: tasks that can run at once."""
    return max(1, sum(client.nthreads().values()))


def on_one_thread(function: Callable, *args):
    """``function(*args)`` with numba on one thread (run on a worker: K workers use K cores)."""
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    try:
        return function(*args)
    finally:
        numba.set_num_threads(threads)


def finished_tasks(
    client, tasks: Iterable[tuple[Callable, tuple]], kept: dict | None = None
) -> Iterator[tuple[int, object]]:
    """``(i, function(*args))`` for the ``i``-th ``(function, args)`` of ``tasks``, each on
    one numba thread of a worker, in the order they finish; at most two per worker
    thread in flight (``tasks`` is read only as they are handed out).

    Left early (an exception, Ctrl-C included, or closed): ``kept``, if given, receives
    ``i -> result`` of the tasks that had finished but were not yet handed on, and the
    rest are cancelled on the cluster."""
    from dask.distributed import as_completed

    queue = enumerate(tasks)
    pending: dict = {}  # a future's key -> (future, i)

    def submit(count: int) -> list:
        futures = []
        for _, (index, (function, args)) in zip(range(count), queue):
            future = client.submit(on_one_thread, function, *args, pure=False)
            pending[future.key] = future, index
            futures.append(future)
        return futures

    running = as_completed(submit(2 * slots(client)))
    try:
        for future in running:
            result = future.result()
            _, index = pending.pop(future.key)
            future.release()
            for more in submit(1):
                running.add(more)
            yield index, result
    except BaseException:
        for future, index in pending.values():
            if kept is not None and future.status == "finished":
                kept[index] = future.result()
        client.cancel([future for future, _ in pending.values()])
        raise


__all__ = [
    "BACKENDS",
    "CONNECT_TIMEOUT",
    "BackendError",
    "check_backend",
    "dask_client",
    "finished_tasks",
    "slots",
]
