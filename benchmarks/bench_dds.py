"""The four-seat solver against DDS, the bridge double-dummy solver, one thread each.

What is measured
----------------
The euchre corpus of :mod:`benchmarks.bench_solver` (seed 3001, trump Clubs to Spades by
turns, seat 1 declares and leads, every seat plays) is relabelled as bridge positions by
:mod:`euchre_mc.simulate.bridge` (the bowers become the trump ace and king), so both
solvers answer the same questions; ``tests/test_solve_dds.py`` checks that they agree.

* **DDS** (PyPI ``endplay`` 0.5, which bundles DDS 2.9): ``SolveAllBoards`` in batches of
  200 boards (its maximum), ``SetMaxThreads(1)``; the value only (``solutions=1``: the
  best card and its tricks), and every legal lead's value (``solutions=3``).  The
  ``Deal`` objects are built before the clock starts.
* **euchre-mc, library**: ``solve_batch`` on one numba thread, value only and with
  leads.
* **euchre-mc, command line**: ``euchre-mc solve --batch FILE --json [--no-leads]`` with
  ``NUMBA_NUM_THREADS=1``: a new process, start-up, reading and parsing the JSON lines,
  solving and writing JSON all inside the clock (the kernel cache warmed by one run).

Ratios are euchre-mc's deals per second over DDS's in the same run, best of 3 each.  On
a shared machine the wall times of a new process suffer most, so the value-only ratio
is also given by CPU time (DDS's solving against the whole ``solve --batch`` process).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_solver import ROOT, best_seconds, euchre_corpus, on_threads, write_euchre_jsonl
from euchre_mc.simulate.bridge import bridge_deal
from euchre_mc.simulate.solve import solve_batch

BATCH = 200  # DDS's MAXNOOFBOARDS


def dds_boards(deals, denoms):
    from endplay.types import Deal, Denom, Player

    trumps = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades)
    boards = []
    for hands, denom in zip(deals, denoms):
        board = Deal(bridge_deal(hands, int(denom)))
        board.trump = trumps[int(denom)]
        board.first = Player.north
        boards.append(board)
    return boards


def dds_solve(boards, mode) -> None:
    from endplay.dds import solve_all_boards

    for start in range(0, len(boards), BATCH):
        solve_all_boards(boards[start : start + BATCH], mode)


def cli_seconds(path: Path, leads: bool) -> tuple[float, float]:
    """(wall, CPU) seconds of one ``solve --batch`` process (CPU: user + system, its threads
    included; less disturbed than the wall time when the machine is shared)."""
    command = [sys.executable, "-m", "euchre_mc", "solve", "--batch", str(path), "--json"]
    if not leads:
        command.append("--no-leads")
    env = dict(os.environ, NUMBA_NUM_THREADS="1")
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status):
        raise RuntimeError(f"{' '.join(command)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def cpu_seconds(work, repeats: int) -> float:
    """The least CPU time (this process) of ``repeats`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeats):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def run(quick: bool) -> list[dict]:
    try:
        import endplay._dds as dds_core
        from endplay.dds.solve import SolveMode
    except ImportError:
        print("endplay (DDS) is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return []
    command = "python -m benchmarks.run dds" + (" --quick" if quick else "")
    count = 2_000 if quick else 20_000
    repeats = 2 if quick else 3
    rows = []

    def row(benchmark, value, unit, detail):
        rows.append(
            {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}
        )

    dds_core.SetMaxThreads(1)
    deals, denoms = euchre_corpus(count)
    boards = dds_boards(deals, denoms)
    corpus = f"{count:,} euchre deals (seed 3001) as bridge positions, one thread, best of {repeats}"
    rates = {}
    cpu = {"dds": cpu_seconds(lambda: dds_solve(boards, SolveMode.OptimalOne), repeats)}
    for leads, mode in ((False, SolveMode.OptimalOne), (True, SolveMode.Default)):
        what = "every lead's value" if leads else "value only"
        seconds, _ = best_seconds(lambda: dds_solve(boards, mode), repeats)  # noqa: B023 (called here)
        rates["dds", leads] = count / seconds
        row(
            f"DDS, {what}",
            round(count / seconds),
            "deals/s",
            f"{corpus}; SolveAllBoards in batches of {BATCH}",
        )
        solve_batch(deals[:10], denoms[:10], 0, 0, 0b1111, leads=leads)
        seconds, _ = on_threads(
            1,
            lambda: best_seconds(lambda: solve_batch(deals, denoms, 0, 0, 0b1111, leads=leads), repeats),  # noqa: B023
        )
        rates["library", leads] = count / seconds
        row(f"euchre-mc solve_batch, {what}", round(count / seconds), "deals/s", corpus)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "euchre.jsonl"
        write_euchre_jsonl(path, count)
        for leads in (False, True):
            cli_seconds(path, leads)  # warms the kernel cache
            runs = [cli_seconds(path, leads) for _ in range(repeats)]
            seconds = min(wall for wall, _ in runs)
            if not leads:
                cpu["cli"] = min(used for _, used in runs)
            rates["cli", leads] = count / seconds
            what = "every lead's value" if leads else "value only"
            row(
                f"euchre-mc solve --batch{'' if leads else ' --no-leads'}, {what}",
                round(count / seconds),
                "deals/s",
                f"{corpus}; whole process: start-up, JSON in and out",
            )
    row(
        "solve --batch --no-leads / DDS by CPU time, value only",
        round(cpu["dds"] / cpu["cli"], 2),
        "x",
        f"DDS {cpu['dds']:.2f} s of CPU for the deals, the whole solve --batch process "
        f"{cpu['cli']:.2f} s (user + system, least of {repeats})",
    )
    for leads in (False, True):
        what = "every lead's value" if leads else "value only"
        for side in ("library", "cli"):
            name = "solve_batch" if side == "library" else "solve --batch"
            row(
                f"euchre-mc {name} / DDS, {what}",
                round(rates[side, leads] / rates["dds", leads], 2),
                "x",
                "same deals, same run, one thread each (target through solve --batch: at least 5x)",
            )
    return rows
