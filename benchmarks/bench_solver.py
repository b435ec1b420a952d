"""Double-dummy solver speed on fixed seeded corpora.

What is measured
----------------
Every corpus is made here from uniform random deals,
``deal_unseen(variant, {}, seed=SEED, count=N)`` (the ``deal_many`` kernel), so every
run solves the same deals:

* **euchre, exact**: four-seat ``euchre`` deals, trump Clubs, Diamonds, Hearts, Spades
  by turns (deal index mod 4), every seat playing, seat 1 declares and leads; the
  value only (declarer side's maximum tricks).  Through the library
  (``solve_batch``) per core and on both cores, and end to end through
  ``euchre-mc solve --batch FILE --json --no-leads`` on a generated JSON-lines file
  (a new process: Python start, cached kernels loading, reading, parsing, solving and
  writing all included; the kernel cache is warmed by one earlier run).
* **Hog sweep**: six-seat ``pigs-and-hogs`` deals, seat 1 alone against three (seats 3
  and 5 sit out), denomination = deal index mod 6 (all four trumps, High and Low No
  Trump), seat 1 leads; the question "does the bidder take all 8 tricks?"
  (``target=8``).
* **six-seat exact**: six-seat ``pigs-and-hogs`` deals, all six playing, trump = deal
  index mod 4, seat 1 declares and leads; exact maximum tricks.  Timed one deal per
  call on one thread (median, p90, p99, max per deal, the call's own overhead
  included), and as one batch on both cores.  The first 100 of these deals are also
  solved in High and Low No Trump (one batch each on both cores), where the slowest
  six-seat deals were.
* **against a baseline** (when ``EUCHRE_MC_BASE`` names another copy of the code, see
  ``benchmarks/against_base.py``): the six-seat corpus's first deals in all six
  denominations, and the euchre corpus's first 40,000 deals, one thread each, the
  baseline's process and this checkout's in turns; CPU time (the machine may be
  shared), node counts and whether every answer is identical.
* **compile time**: a new process with an empty ``NUMBA_CACHE_DIR`` imports the solver
  and solves one deal of each kind, with and without leads (cold); a second process
  with that cache does the same (warm: the solver kernels are cached, so they load).

Per core = ``numba.set_num_threads(1)``; both cores = every thread numba has.  Rates
are the best of a few repeats, because the machine may be shared.  Node counts are
the solver's own (``BatchResult.nodes``): positions visited, all probes included.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numba
import numpy as np

from benchmarks import against_base
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.solve import solve_batch
from euchre_mc.simulate.rules.cards import format_cards, mask_to_faces

ROOT = Path(__file__).resolve().parent.parent
EUCHRE_SEED, HOG_SEED, SIX_SEED = 3001, 3002, 3003
ALL_SIX, HOG_ACTIVE = 0b111111, 0b101011  # Hog: seats 3 and 5 (indexes 2 and 4) sit out
TRUMPS = ("Clubs", "Diamonds", "Hearts", "Spades")


def euchre_corpus(count: int) -> tuple[np.ndarray, np.ndarray]:
    deals = deal_unseen("euchre", {}, seed=EUCHRE_SEED, count=count)
    return deals, np.arange(count) % 4


def hog_corpus(count: int) -> tuple[np.ndarray, np.ndarray]:
    deals = deal_unseen("pigs-and-hogs", {}, seed=HOG_SEED, count=count)
    deals[:, 2] = 0
    deals[:, 4] = 0
    return deals, np.arange(count) % 6


def six_corpus(count: int) -> tuple[np.ndarray, np.ndarray]:
    return deal_unseen("pigs-and-hogs", {}, seed=SIX_SEED, count=count), np.arange(count) % 4


def best_seconds(work, repeats: int) -> tuple[float, object]:
    best, result = float("inf"), None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        best = min(best, time.perf_counter() - start)
    return best, result


def on_threads(threads: int, work):
    previous = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        return work()
    finally:
        numba.set_num_threads(previous)


FIRST_CALLS = """
import time
start = time.perf_counter()
import numpy as np
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.play.solve import solve_batch, solve_position
imported = time.perf_counter()
euchre = deal_unseen("euchre", {}, seed=1, count=1)
six = deal_unseen("pigs-and-hogs", {}, seed=1, count=1)
solve_batch(euchre, 2, 0, 0, 0b1111)
solve_batch(six, 2, 0, 0, 0b111111, target=5)
solve_batch(six, 2, 0, 0, 0b111111, leads=True)
solve_position(euchre[0], 2, 0, 0, 0b1111)
print(imported - start, time.perf_counter() - imported)
"""


def first_call_seconds(cache_dir: str) -> tuple[float, float]:
    """(import, first solver calls) seconds in a new process using ``cache_dir``."""
    env = dict(os.environ, NUMBA_CACHE_DIR=cache_dir)
    done = subprocess.run(
        [sys.executable, "-c", FIRST_CALLS], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    imported, calls = map(float, done.stdout.split())
    return imported, calls


def write_euchre_jsonl(path: Path, count: int) -> None:
    deals, denoms = euchre_corpus(count)
    with path.open("w") as out:
        for deal, denom in zip(deals, denoms):
            hands = [format_cards(mask_to_faces(int(mask))) for mask in deal]
            out.write(
                json.dumps(
                    {"variant": "euchre", "hands": hands, "trump": TRUMPS[denom], "declarer": 1, "leader": 1}
                )
                + "\n"
            )


def cli_batch_seconds(path: Path) -> float:
    """Wall seconds of one ``euchre-mc solve --batch`` process, output to a file."""
    command = [sys.executable, "-m", "euchre_mc", "solve", "--batch", str(path), "--json", "--no-leads"]
    with open(os.devnull, "w") as sink:
        start = time.perf_counter()
        subprocess.run(command, cwd=ROOT, stdout=sink, check=True)
        return time.perf_counter() - start


def compare_rows(quick: bool, repeats: int, command: str) -> list[dict]:
    """The rows against the baseline named by ``EUCHRE_MC_BASE`` (none when it is not set)."""
    base = against_base.base_folder()
    if base is None:
        return []
    count = 10 if quick else 100
    base_run, new_run = against_base.in_turns(
        against_base.SOLVER_SCRIPT, ["pigs-and-hogs", str(SIX_SEED), str(count)], base, repeats
    )
    rows = against_base.ratio_rows(
        "dd six-seat exact vs baseline",
        base_run,
        new_run,
        f"first {count} deals of the six-seat corpus x 6 denominations, 1 thread, baseline {base}; "
        f"new processes in turns, least CPU of {repeats} each",
        f"EUCHRE_MC_BASE={base} {command}",
    )
    count = 4_000 if quick else 40_000
    base_run, new_run = against_base.in_turns(
        against_base.SOLVER_SCRIPT, ["euchre", str(EUCHRE_SEED), str(count)], base, repeats
    )
    return rows + against_base.ratio_rows(
        "dd euchre exact vs baseline",
        base_run,
        new_run,
        f"first {count:,} deals of the euchre corpus (seed {EUCHRE_SEED}), trump by turns, 1 thread, "
        f"baseline {base}; new processes in turns, least CPU of {repeats} each",
        f"EUCHRE_MC_BASE={base} {command}",
    )


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run solver" + (" --quick" if quick else "")
    euchre_count, cli_count, hog_count, six_count = (
        (4_000, 20_000, 20_000, 12) if quick else (40_000, 200_000, 200_000, 200)
    )
    repeats = 2 if quick else 3
    cores = numba.config.NUMBA_NUM_THREADS
    rows = []

    def row(benchmark, value, unit, detail, how=command):
        rows.append({"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": how})

    with tempfile.TemporaryDirectory() as cache:
        cold_import, cold = first_call_seconds(cache)
        warm_import, warm = first_call_seconds(cache)
    calls = "one euchre deal, one six-seat target query, one six-seat deal with leads, one position"
    row(
        "solver compile, cold cache",
        round(cold, 2),
        "s",
        f"{calls}; new process, empty numba cache (import {cold_import:.2f} s more)",
    )
    row(
        "solver first calls, warm cache",
        round(warm, 2),
        "s",
        f"same calls, second process with that cache (import {warm_import:.2f} s more)",
    )

    deals, denoms = euchre_corpus(euchre_count)
    solve_batch(deals[:10], denoms[:10], 0, 0, 0b1111)
    for label, threads in (("per core", 1), ("both cores", cores)):
        seconds, result = on_threads(
            threads, lambda: best_seconds(lambda: solve_batch(deals, denoms, 0, 0, 0b1111), repeats)
        )
        row(
            f"dd euchre exact, {label}",
            round(euchre_count / seconds),
            "deals/s",
            f"{euchre_count:,} deals (seed {EUCHRE_SEED}), value only; nodes mean "
            f"{result.nodes.mean():.0f}, max {result.nodes.max():,}; {threads} thread(s), best of {repeats}",
        )

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "euchre.jsonl"
        write_euchre_jsonl(path, cli_count)
        cli_batch_seconds(path)  # warms the kernel cache
        seconds = min(cli_batch_seconds(path) for _ in range(repeats))
    row(
        "dd euchre exact via solve --batch --no-leads, both cores",
        round(cli_count / seconds),
        "deals/s",
        f"{cli_count:,} JSON lines (seed {EUCHRE_SEED}), whole process incl. start-up, parsing and "
        f"output; best of {repeats} (target: 20,000)",
        how="euchre-mc solve --batch euchre.jsonl --json --no-leads (file from benchmarks.bench_solver."
        "write_euchre_jsonl)",
    )

    deals, denoms = hog_corpus(hog_count)
    solve_batch(deals[:10], denoms[:10], 0, 0, HOG_ACTIVE, target=8)
    for label, threads in (("per core", 1), ("both cores", cores)):
        seconds, result = on_threads(
            threads,
            lambda: best_seconds(lambda: solve_batch(deals, denoms, 0, 0, HOG_ACTIVE, target=8), repeats),
        )
        row(
            f"dd Hog sweep query, {label}",
            round(hog_count / seconds),
            "deals/s",
            f"{hog_count:,} pigs-and-hogs deals (seed {HOG_SEED}), bidder alone vs three, target 8; "
            f"{result.tricks.mean():.2%} sweep; nodes mean {result.nodes.mean():.1f}, max "
            f"{result.nodes.max():,}; {threads} thread(s), best of {repeats}"
            + (" (target: 100,000 per core)" if threads == 1 else ""),
        )

    deals, denoms = six_corpus(six_count)
    solve_batch(deals[:1], denoms[:1], 0, 0, ALL_SIX)

    def one_by_one():
        times, nodes = [], []
        for deal, denom in zip(deals, denoms):
            start = time.perf_counter()
            result = solve_batch(deal[None, :], denom, 0, 0, ALL_SIX)
            times.append(time.perf_counter() - start)
            nodes.append(int(result.nodes[0]))
        return np.array(times) * 1000, np.array(nodes)

    times, nodes = on_threads(1, one_by_one)
    corpus = f"{six_count} pigs-and-hogs deals (seed {SIX_SEED}), all six play, trump by turns"
    for name, q in (("median", 50), ("p90", 90), ("p99", 99)):
        row(
            f"dd six-seat exact, {name} per deal",
            round(float(np.percentile(times, q)), 1),
            "ms",
            f"{corpus}, one deal per call, 1 thread; nodes {name} {np.percentile(nodes, q):,.0f}"
            + (" (target: median below 20 ms)" if q == 50 else ""),
        )
    row(
        "dd six-seat exact, max per deal",
        round(float(times.max()), 1),
        "ms",
        f"{corpus}; nodes max {nodes.max():,}; {nodes.sum() / times.sum() / 1000:.1f} M nodes/s",
    )
    seconds, _ = on_threads(cores, lambda: best_seconds(lambda: solve_batch(deals, denoms, 0, 0, ALL_SIX), 1))
    row(
        "dd six-seat exact, both cores",
        round(six_count / seconds, 1),
        "deals/s",
        f"{corpus}, one batch, {cores} threads",
    )

    no_trump_count = six_count if quick else 100
    for denom, name in ((4, "High No Trump"), (5, "Low No Trump")):
        seconds, result = on_threads(
            cores,
            lambda: best_seconds(lambda: solve_batch(deals[:no_trump_count], denom, 0, 0, ALL_SIX), 1),  # noqa: B023 (called in this iteration)
        )
        nodes = result.nodes
        row(
            f"dd six-seat exact {name}, both cores",
            round(no_trump_count / seconds, 1),
            "deals/s",
            f"first {no_trump_count} deals of the six-seat corpus, {name}, one batch, {cores} threads; "
            f"nodes median {np.median(nodes):,.0f}, p99 {np.percentile(nodes, 99):,.0f}, max {nodes.max():,}",
        )

    rows += compare_rows(quick, repeats, command)
    return rows
