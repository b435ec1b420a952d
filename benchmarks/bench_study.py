"""Batch-study throughput: rows per second, and the speed-up from one worker to two.

What is measured
----------------
Each figure is the wall-clock time of ``simulate.study.run.run_study`` writing a complete
study (dealing, features, every contract's play, Parquet chunks) to a fresh temporary
directory, as ``euchre-mc study ... --no-charts`` does; rows = deals x seats.

* One worker runs the chunks in this process with numba on one thread; two workers are
  a pool of two spawned processes (one numba thread each).  The worker processes'
  start-up (import, loading the cached kernels) is part of
  the two-worker time and is also reported on its own (a one-chunk study on two workers
  minus the same chunk computed here), so the steady rate is visible.
* Studies: ``pigs-and-hogs`` with its default heuristic play (as a 100,000-deal study
  would run), ``pigs-and-hogs`` with double-dummy play (exact six-seat play of every
  level contract: slow, so few deals), ``pigs-and-hogs --contracts lone`` (the sweep
  contracts only, dd by default: the solver's target question first, exact counts of
  the failed sweeps), ``euchre`` with double-dummy play (its default).
* This process compiles every kernel first on a small study, so compile time is not in
  any figure.  Seeds are fixed; the machine is shared, so figures vary with its load.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from euchre_mc.simulate.rules.variants import as_variant
from euchre_mc.simulate.study.run import make_params, run_study, study_chunk

SEED = 1


def _command(variant: str, deals: int, play: str, workers: int, chunk: int, contracts: str = "all") -> str:
    return (
        f"euchre-mc study --variant {variant} --hands {deals} --seed {SEED} --play {play} "
        + ("" if contracts == "all" else f"--contracts {contracts} ")
        + f"--workers {workers} --chunk-size {chunk} --no-charts --out DIR"
    )


def _timed_study(
    variant: str, deals: int, play: str, workers: int, chunk: int, contracts: str = "all"
) -> float:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run_study(
            variant,
            deals,
            SEED,
            Path(folder) / "study",
            play=play,
            workers=workers,
            chunk_size=chunk,
            contracts=contracts,
        )
        return time.perf_counter() - start


def _worker_startup(variant: str, play: str, chunk: int) -> float:
    """Seconds two fresh worker processes add before their first chunk is back."""
    params = make_params(variant, chunk, SEED, play, chunk)
    start = time.perf_counter()
    study_chunk(params, 0)
    in_process = time.perf_counter() - start
    return max(0.0, _timed_study(variant, chunk, play, 2, chunk) - in_process)


def _study_rows(
    variant: str, play: str, deals: int, chunk: int, scaling: bool, contracts: str = "all"
) -> list[dict]:
    seats = as_variant(variant).players
    rows = []
    times = {}
    which = "" if contracts == "all" else ", sweep contracts only"
    for workers in (1, 2) if scaling else (2,):
        times[workers] = _timed_study(variant, deals, play, workers, chunk, contracts)
        rows.append(
            {
                "benchmark": f"study {variant} {play}{which}, {workers} worker{'s' if workers > 1 else ''}",
                "value": deals * seats / times[workers],
                "unit": "rows/s",
                "detail": f"{deals} deals x {seats} seats in {times[workers]:.1f} s, chunks of {chunk} deals",
                "command": _command(variant, deals, play, workers, chunk, contracts),
            }
        )
    if scaling:
        startup = _worker_startup(variant, play, chunk)
        rows.append(
            {
                "benchmark": f"study {variant} {play}, speed-up 1 -> 2 workers",
                "value": times[1] / times[2],
                "unit": "x",
                "detail": f"two-worker time includes {startup:.1f} s of worker start-up",
                "command": _command(variant, deals, play, 2, chunk),
            }
        )
    return rows


def run(quick: bool) -> list[dict]:
    for variant, play in (("pigs-and-hogs", "heuristic"), ("euchre", "dd"), ("pigs-and-hogs", "dd")):
        params = make_params(variant, 2, SEED, play, 1)
        study_chunk(params, 0)  # compile in this process before any timing
    rows = _study_rows("pigs-and-hogs", "heuristic", 1000 if quick else 20_000, 500, scaling=True)
    rows += _study_rows("euchre", "dd", 2000 if quick else 40_000, 2000, scaling=True)
    rows += _study_rows("pigs-and-hogs", "dd", 2 if quick else 12, 1, scaling=False)
    lone = 20 if quick else 400
    rows += _study_rows("pigs-and-hogs", "dd", lone, lone // 4, scaling=True, contracts="lone")
    return rows
