"""The four-seat solver against DDS, the bridge double-dummy solver, one thread each.

What is measured
----------------
The euchre corpus of :mod:`benchmarks.bench_solver` (seed 3001, trump Clubs to Spades by
turns, seat 1 declares and leads, every seat plays) is relabelled as bridge positions by
:mod:`euchre_mc.simulate.play.bridge` (the bowers become the trump ace and king), so both
solvers answer the same questions; ``tests/test_solve_dds.py`` checks that they agree.
Two batch sizes, 20,000 and 200,000 deals (``--quick``: 2,000 and 20,000), show how a
process's start-up amortises.

* **DDS** (PyPI ``endplay`` 0.5, which bundles DDS 2.9): ``SolveAllBoards`` in batches of
  200 boards (its maximum), ``SetMaxThreads(1)``; the value only (``solutions=1``: the
  best card and its tricks), and every legal lead's value (``solutions=3``).  The
  ``Deal`` objects are built before the clock starts.  Wall and CPU time of this
  process, best of 3 at the smaller size and one run at the larger (DDS's rate does not
  depend on the batch size: the two sizes' rates show it).
* **euchre-mc, library**: ``solve_batch`` on one numba thread, value only and with
  leads.
* **euchre-mc, command line**: ``euchre-mc solve --batch FILE --json [--no-leads]`` with
  ``NUMBA_NUM_THREADS=1``: a new process, start-up, reading and parsing the JSON lines,
  solving and writing JSON all inside the clock (the kernel cache warmed by one run);
  wall time and the process's CPU time (user + system, all its threads), best of 3 at
  the smaller size and of 2 at the larger.  **Start-up** is the same process on a file
  of one deal.

Ratios are euchre-mc's deals per second over DDS's on the same deals in the same run,
by wall time and by CPU time (DDS's solving against the whole ``solve --batch``
process).  On a shared machine wall times suffer most; the load average is in each
row's detail.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.bench_solver import ROOT, euchre_corpus, on_threads, write_euchre_jsonl
from euchre_mc.simulate.play.bridge import bridge_deal
from euchre_mc.simulate.play.solve import solve_batch

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


def timed(work, repeats: int) -> tuple[float, float]:
    """The least wall and the least CPU seconds (this process) of ``repeats`` runs of ``work``."""
    wall = cpu = float("inf")
    for _ in range(repeats):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall = min(wall, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
    return wall, cpu


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}"


def run(quick: bool) -> list[dict]:
    try:
        import endplay._dds as dds_core
        from endplay.dds.solve import SolveMode
    except ImportError:
        print("endplay (DDS) is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return []
    command = "python -m benchmarks.run dds" + (" --quick" if quick else "")
    sizes = (2_000, 20_000) if quick else (20_000, 200_000)
    rows = []

    def row(benchmark, value, unit, detail):
        rows.append(
            {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}
        )

    dds_core.SetMaxThreads(1)
    modes = {False: SolveMode.OptimalOne, True: SolveMode.Default}
    with tempfile.TemporaryDirectory() as folder:
        single = Path(folder) / "one.jsonl"
        write_euchre_jsonl(single, 1)
        for leads in (False, True):
            cli_seconds(single, leads)  # warms the kernel cache
        startup = [cli_seconds(single, False) for _ in range(5)]
        start_wall, start_cpu = min(wall for wall, _ in startup), min(used for _, used in startup)
        row(
            "euchre-mc solve --batch start-up",
            round(start_wall, 3),
            "s",
            f"a process answering one deal (--no-leads): wall, best of 5; CPU {start_cpu:.3f} s, least of 5; "
            f"{load()}",
        )
        for count in sizes:
            repeats = 3 if count == sizes[0] else 1
            cli_repeats = 3 if count == sizes[0] else 2
            deals, denoms = euchre_corpus(count)
            boards = dds_boards(deals, denoms)
            path = Path(folder) / f"euchre-{count}.jsonl"
            write_euchre_jsonl(path, count)
            corpus = f"{count:,} euchre deals (seed 3001)"
            for leads in (False, True):
                what = "every lead's value" if leads else "value only"
                dds_wall, dds_cpu = timed(lambda: dds_solve(boards, modes[leads]), repeats)  # noqa: B023
                row(
                    f"DDS, {what}, {count:,} deals",
                    round(count / dds_wall),
                    "deals/s",
                    f"{corpus} as bridge positions, one thread, best of {repeats}; SolveAllBoards in "
                    f"batches of {BATCH}; {dds_wall:.2f} s wall, {dds_cpu:.2f} s CPU; {load()}",
                )
                solve_batch(deals[:10], denoms[:10], 0, 0, 0b1111, leads=leads)
                library, library_cpu = on_threads(
                    1,
                    lambda: timed(lambda: solve_batch(deals, denoms, 0, 0, 0b1111, leads=leads), repeats),  # noqa: B023
                )
                row(
                    f"euchre-mc solve_batch, {what}, {count:,} deals",
                    round(count / library),
                    "deals/s",
                    f"{corpus}, one thread, best of {repeats}; {library:.2f} s wall, {library_cpu:.2f} s CPU;"
                    f" {load()}",
                )
                runs = [cli_seconds(path, leads) for _ in range(cli_repeats)]
                wall, cpu = min(wall for wall, _ in runs), min(used for _, used in runs)
                flag = "" if leads else " --no-leads"
                row(
                    f"euchre-mc solve --batch{flag}, {what}, {count:,} deals",
                    round(count / wall),
                    "deals/s",
                    f"{corpus}; whole process: start-up, JSON in and out; {wall:.2f} s wall, "
                    f"{cpu:.2f} s CPU, best of {cli_repeats}; {load()}",
                )
                row(
                    f"euchre-mc solve --batch{flag} after start-up, {what}, {count:,} deals",
                    round((count - 1) / (cpu - start_cpu)),
                    "deals/s (CPU)",
                    "by CPU time: the process's less the start-up's (a process of one deal)",
                )
                for basis, ratio in (("wall", dds_wall / wall), ("CPU", dds_cpu / cpu)):
                    verdict = "meets" if ratio >= 5 else "below"
                    row(
                        f"solve --batch{flag} / DDS by {basis} time, {what}, {count:,} deals",
                        round(ratio, 2),
                        "x",
                        f"same deals, same run, one thread each; {verdict} the 5x target",
                    )
                row(
                    f"solve_batch / DDS by CPU time, {what}, {count:,} deals",
                    round(dds_cpu / library_cpu, 2),
                    "x",
                    f"the library call alone: no start-up, no JSON; by wall time {dds_wall / library:.2f}x",
                )
    return rows
