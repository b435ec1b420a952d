"""The PIMC play model's speed: one decision, whole playouts, and analyses.

What is measured (worlds per decision stated in every row)
-----------------------------------------------------------
* One four-seat decision with 50 worlds: ``kernels.pimc.pimc_values`` for the first
  lead of seeded classic deals (Hearts trump, every seat playing), one thread, after a
  warm-up, each decision with an empty transposition table (a new table generation),
  as the first decision of a playout has: the median over the deals of the wall-clock
  time and of the thread's CPU time (less sensitive to a busy machine) of each call
  from Python (which includes about 6 microseconds of Python's call), the mean CPU
  time of the same decisions in one compiled loop (as an engine's play loop times
  them), and the solver's nodes a decision (the same on any machine).  The published
  Rust figure it is set against is about 44 decisions a second with 50 worlds (23 ms
  a decision).
* Whole PIMC playouts (every seat deciding every card by PIMC, 20 worlds): four seats,
  a six-seat Hog (the bidder alone against three) and a six-seat level contract (all
  six play), one thread, seconds per deal.
* Analyses on both cores: ``analyse_hand`` under ``play="pimc"`` (20 worlds) of a
  classic order-up and of a Pigs-and-Hogs Hog, 1,000 deals (100 with --quick).
"""

from __future__ import annotations

import time

import numba
import numpy as np

from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.bits import SALT_PIMC, stream_state
from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.dd.search import dd_buffers
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.kernels.evidence import no_play_evidence
from euchre_mc.simulate.kernels.pimc import SeatView, no_lengths, pimc_values
from euchre_mc.simulate.play.playout import play_deals

HEARTS = 2
SEED = 2024


def deals(seats: int, count: int, active: int) -> np.ndarray:
    pool = np.arange(0, 48, 2 if seats == 4 else 1, dtype=np.int64)
    need = np.full(seats, 5 if seats == 4 else 8, np.int64)
    out = deal_many(np.uint64(SEED), 0, count, np.zeros(seats, np.uint64), need, pool)
    for seat in range(seats):
        if not active >> seat & 1:
            out[:, seat] = 0
    return out


@numba.njit
def first_lead_view(hands, d, played_by, check, lengths, evidence):
    """What seat 1 knows at deal ``d``'s first lead (four seats, Hearts): its own hand,
    the other 19 cards unseen.  ``evidence`` is passed in, as a namedtuple's default
    does not reach compiled code."""
    own = to_contract(hands[d, 0], HEARTS)
    pool = np.uint64(0x555555555555) & ~own
    counts, nothing = np.full(4, 5, np.int64), np.zeros(4, np.uint64)
    return SeatView(0, own, counts, nothing, pool, np.zeros(4, np.int64), played_by, check, lengths, evidence)


def first_lead(hands, d, worlds, buffers, stats, values, played_by, check, lengths, evidence):
    """The first-lead decision of deal ``d`` (seat 1 on lead, Hearts), table generation ``d + 1``."""
    view = first_lead_view(hands, d, played_by, check, lengths, evidence)
    state = stream_state(np.uint64(SEED), np.uint64(SALT_PIMC), d)
    pimc_values(
        state, view, 4, 0b1111, HEARTS, 0, np.zeros(0, np.int64), worlds, buffers, d + 1, stats, values
    )


first_lead_jit = numba.njit(first_lead)


@numba.njit
def first_leads(hands, worlds, buffers, stats, values, played_by, check, lengths, evidence):
    """Every deal's first-lead decision in one compiled loop."""
    for d in range(hands.shape[0]):
        first_lead_jit(hands, d, worlds, buffers, stats, values, played_by, check, lengths, evidence)


def decision_ms(count: int, worlds: int = 50) -> tuple[float, float, float, float]:
    """Median wall-clock and CPU milliseconds of one four-seat first-lead decision over
    ``worlds`` worlds called from Python, the mean CPU milliseconds in a compiled loop,
    and the mean nodes searched a decision."""
    hands = deals(4, count, 0b1111)
    buffers = dd_buffers(np.int64(5), np.int64(12))
    values = np.full((worlds, 24), -1, np.int64)
    stats = np.zeros(5, np.int64)
    # the first lead: no auction to explain, no suit lengths known
    played_by, check, lengths = np.zeros(4, np.uint64), no_auction(), no_lengths()
    evidence = no_play_evidence()  # every world weighs alike
    # compiles or loads the kernels
    first_leads(hands[:1], worlds, buffers, stats, values, played_by, check, lengths, evidence)
    times, cpu = [], []
    stats[0] = 0
    for d in range(count):
        started, started_cpu = time.perf_counter(), time.thread_time()
        first_lead_jit(hands, d, worlds, buffers, stats, values, played_by, check, lengths, evidence)
        times.append(time.perf_counter() - started)
        cpu.append(time.thread_time() - started_cpu)
    nodes = stats[0] / count
    started_cpu = time.thread_time()
    first_leads(hands, worlds, buffers, stats, values, played_by, check, lengths, evidence)
    loop_ms = 1000 * (time.thread_time() - started_cpu) / count
    return 1000 * float(np.median(times)), 1000 * float(np.median(cpu)), loop_ms, nodes


def playout_seconds(seats: int, active: int, count: int, worlds: int = 20) -> float:
    hands = deals(seats, count, active)
    play_deals(hands[:1], HEARTS, 0, 1, active, "pimc", seed=SEED, worlds=worlds)  # warm-up
    started = time.perf_counter()
    play_deals(hands, HEARTS, 0, 1, active, "pimc", seed=SEED, worlds=worlds)
    return (time.perf_counter() - started) / count


def analysis_seconds(variant, hand, contracts, count, **options) -> float:
    started = time.perf_counter()
    analyse_hand(variant, hand, contracts=contracts, deals=count, play="pimc", table="none", **options)
    return time.perf_counter() - started


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run pimc" + (" --quick" if quick else "")

    def row(benchmark, value, unit, detail):
        return {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}

    threads = numba.get_num_threads()
    rows = []
    try:
        numba.set_num_threads(1)
        ms, cpu_ms, loop_ms, nodes = decision_ms(20 if quick else 200)
        deals_text = f"first lead, median of {20 if quick else 200} deals called from Python, one core"
        rows.append(
            row(
                "PIMC decision, four seats, 50 worlds",
                round(ms, 3),
                "ms",
                f"{deals_text} ({23 / ms:.0f}x the published 23 ms of a Rust engine)",
            )
        )
        rows.append(row("PIMC decision CPU time, four seats, 50 worlds", round(cpu_ms, 3), "ms", deals_text))
        rows.append(
            row(
                "PIMC decision CPU time in a compiled loop, four seats, 50 worlds",
                round(loop_ms, 3),
                "ms",
                f"first lead, mean of the same {20 if quick else 200} deals, one core "
                f"({23 / loop_ms:.0f}x the published 23 ms)",
            )
        )
        rows.append(
            row(
                "PIMC decision nodes, four seats, 50 worlds",
                round(nodes),
                "nodes",
                f"first lead, mean of {20 if quick else 200} deals (the same on any machine)",
            )
        )
        for name, seats, active, count in (
            ("PIMC playout, four seats", 4, 0b1111, 20 if quick else 200),
            ("PIMC playout, six-seat Hog", 6, 0b101011, 2 if quick else 10),
            ("PIMC playout, six-seat level contract", 6, 0b111111, 1 if quick else 3),
        ):
            seconds = playout_seconds(seats, active, count)
            rows.append(
                row(name, round(seconds, 3), "s/deal", f"20 worlds a decision, {count} deals, one core")
            )
    finally:
        numba.set_num_threads(threads)
    count = 100 if quick else 1000
    classic = analysis_seconds("euchre", "JH JD AH 9C TS", "order up", count, upcard="9H", seat=3)
    rows.append(
        row(
            "PIMC analysis, classic order up",
            round(classic, 1),
            "s",
            f"{count} deals, 20 worlds, {threads} threads",
        )
    )
    hog = analysis_seconds("pigs-and-hogs", "JH JH JD AH AH KH QH AC", "Hog Hearts", count)
    rows.append(
        row(
            "PIMC analysis, Pigs and Hogs Hog",
            round(hog, 1),
            "s",
            f"{count} deals, 20 worlds, {threads} threads",
        )
    )
    return rows
