"""Cost that grows as it should: time against deals, against workers,
and a study's rows per second and memory against its size.

What is measured
----------------
* **Deals.** A full Pigs-and-Hogs analysis of the demo hand (every contract, double
  dummy, the balanced table model) of 250, 500, 1,000 and 2,000 deals in this process
  (numba on every core), one run each: CPU seconds (every thread of the process) and
  wall seconds per 1,000 deals, flat when the time is linear in the deals.  The CPU time
  is the figure to read on a shared machine, whose load moves the wall time.
* **Workers.** The same analysis of 1,000 deals (four chunks of 250) here, then on a
  Dask ``LocalCluster`` of 1, 2 and 4 single-threaded worker processes; and 8,000
  heuristic Pigs-and-Hogs games (cautious against aggressive) in this process on one
  thread and on the same clusters.  Each cluster is started, and every worker loads the
  kernels, before the clock starts: the figures are the steady speed-up.  On a 2-core
  machine 4 workers share the 2 cores, so they cannot beat 2.
* **Study size.** ``euchre-mc study --variant pigs-and-hogs --play heuristic --workers 1
  --no-charts`` (heuristic: the fastest play model a study offers) as its own process,
  for 10,000 and 1,000,000 rows (1,667 and 166,667 deals, six rows each; ``--quick``:
  10,000 and 100,000): rows per second of the whole process (start-up included), and the
  process's peak resident memory (``ru_maxrss``), which stays flat: a study holds one
  chunk of 500 deals at a time.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_solver import ROOT, best_seconds
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.bidding.strategy import load_strategy
from euchre_mc.simulate.games.game import play_games

HAND = "JH JH JD AH KH QH 9S AC"  # the demo hand
SEED = 1


def _analysis(deals: int, **cluster) -> None:
    analyse_hand("pigs-and-hogs", HAND, deals=deals, seed=SEED, **cluster)


def _games(games: int, **cluster) -> None:
    play_games(
        "pigs-and-hogs", load_strategy("cautious"), load_strategy("aggressive"), games, seed=SEED, **cluster
    )


def _warm_worker() -> None:
    """Load every kernel the timed work uses in a worker (before the clock)."""
    from euchre_mc.simulate.runtime.cluster import on_one_thread

    on_one_thread(_analysis, 8)
    on_one_thread(_games, 8)


def _on_threads(threads: int, function):
    import numba

    before = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        return function()
    finally:
        numba.set_num_threads(before)


def _study_process(hands: int, folder: Path) -> tuple[float, float]:
    """(wall seconds, peak resident MB) of one ``euchre-mc study`` process."""
    command = [
        sys.executable,
        "-m",
        "euchre_mc",
        "study",
        "--variant",
        "pigs-and-hogs",
        "--hands",
        str(hands),
        "--seed",
        str(SEED),
        "--play",
        "heuristic",
        "--workers",
        "1",
        "--no-charts",
        "--out",
        str(folder),
    ]
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        raise RuntimeError(f"{' '.join(command)} exited with {process.returncode}")
    return seconds, usage.ru_maxrss / 1024


def run(quick: bool) -> list[dict]:
    from dask.distributed import Client, LocalCluster

    rows = []
    command = "python -m benchmarks.run scaling" + (" --quick" if quick else "")

    def row(benchmark, value, unit, detail):
        rows.append(
            {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}
        )

    _analysis(8)  # load the kernels here before any timing
    _games(8)
    for deals in (125, 250, 500) if quick else (250, 500, 1000, 2000):
        load = os.getloadavg()[0]
        cpu = time.process_time()
        seconds, _ = best_seconds(lambda: _analysis(deals), 1)  # noqa: B023 (called here)
        cpu = time.process_time() - cpu
        row(
            f"analysis of {deals:,} dd deals, CPU",
            round(cpu * 1000 / deals, 2),
            "CPU s per 1,000 deals",
            f"{cpu:.1f} s of CPU (every thread of this process), {seconds:.1f} s wall "
            f"({seconds * 1000 / deals:.1f} s per 1,000 deals); load {load:.1f} -> {os.getloadavg()[0]:.1f}",
        )
    deals, games = (500, 1000) if quick else (1000, 8000)
    loads = {"local": os.getloadavg()[0]}
    times = {
        ("analysis", "local"): best_seconds(lambda: _analysis(deals), 1)[0],
        ("games", "local"): best_seconds(lambda: _on_threads(1, lambda: _games(games)), 1)[0],
    }
    for workers in (1, 2, 4):
        with (
            LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.ERROR,
            ) as cluster,
            Client(cluster) as client,
        ):
            client.run(_warm_worker)
            cluster_options = dict(backend="dask", scheduler=cluster.scheduler_address)
            times["analysis", workers] = best_seconds(lambda: _analysis(deals, **cluster_options), 1)[0]  # noqa: B023
            times["games", workers] = best_seconds(lambda: _games(games, **cluster_options), 1)[0]  # noqa: B023
            loads[workers] = os.getloadavg()[0]
    for work, size in (("analysis", f"{deals:,} dd deals"), ("games", f"{games:,} heuristic games")):
        local = "numba on every core" if work == "analysis" else "one thread"
        row(
            f"{work} of {size}, this process",
            round(times[work, "local"], 1),
            "s",
            f"{local}; load {loads['local']:.1f}",
        )
        for workers in (1, 2, 4):
            note = "; 4 workers share 2 cores" if workers == 4 and os.cpu_count() == 2 else ""
            row(
                f"{work} of {size}, LocalCluster of {workers}",
                round(times[work, workers], 1),
                "s",
                f"speed-up over 1 worker {times[work, 1] / times[work, workers]:.2f}x{note}; "
                f"load {loads[workers]:.1f}",
            )
    for target in (10_000, 100_000) if quick else (10_000, 1_000_000):
        hands = -(-target // 6)
        with tempfile.TemporaryDirectory() as folder:
            seconds, megabytes = _study_process(hands, Path(folder) / "study")
        row(
            f"study of {hands * 6:,} rows, pigs-and-hogs heuristic",
            round(hands * 6 / seconds),
            "rows/s",
            f"{seconds:.1f} s for the whole process (start-up included), peak memory {megabytes:.0f} MB",
        )
    return rows
