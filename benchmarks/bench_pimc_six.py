"""Six seats at speed: PIMC's card choice with each lever of kernels.pimc_choice on its
own, all of them, and against a baseline copy of the code.

What is measured
----------------
* Six-seat level-contract playouts (all six seats play, Hearts, every seat by PIMC, 20
  worlds a decision, the table size of play_deals), one thread, CPU seconds a deal:
  with no lever, each lever alone, the levers added one by one up to the default
  (whose node budget changes play), then the default with fewer worlds before its
  budget binds and with smaller budgets, down to one that takes the first tricks on
  one world; each setting in its own compiled loop of the same seeded deals, all in
  one process, so the ratios share the machine's load.  Each row also gives the
  solver's nodes and how many deals end with the same tricks as with no lever (the
  exact levers must give all of them).
* With ``EUCHRE_MC_BASE`` set (benchmarks/against_base.py: ``git archive be7207c | tar
  -x -C /tmp/pimc_base``), the same playouts under ``play_deals(..., "pimc")`` in this
  checkout and in the baseline, in turns in new processes: the ratio the speed target
  is stated in.
* The four-seat first-lead decision with 50 worlds through the default levers (the
  ``pimc`` benchmark times the exact values of every card that best-card uses).
* Pigs-and-Hogs Hog and Pig analyses of 1,000 deals under PIMC on every core.
"""

from __future__ import annotations

import os
import time

import numba
import numpy as np

from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.bits import SALT_PIMC, stream_state
from euchre_mc.simulate.kernels.contract import legal_cards
from euchre_mc.simulate.kernels.dd.search import NONE, dd_buffers
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.kernels.evidence import NO_PLAY, no_play_evidence
from euchre_mc.simulate.kernels.pimc import no_lengths, pimc_table
from euchre_mc.simulate.kernels.pimc_choice import (
    BEST_ONLY,
    BUDGET_FLOOR_SHIFT,
    BUDGET_SHIFT,
    DECISION_TABLE,
    DEFAULT_LEVERS,
    DROP_BEHIND,
    EARLY_STOP,
    SAME_EVERYWHERE,
    SIDE_TABLE,
)
from euchre_mc.simulate.kernels.pimc_seat import pimc_choose
from euchre_mc.simulate.kernels.play import deal_start, play_tricks
from euchre_mc.simulate.play.solve import table_bits

from . import against_base
from .bench_pimc import first_lead_view

HEARTS = 2
SEED = 2024
EVERY_SEAT = 0b111111
EXACT = SAME_EVERYWHERE | BEST_ONLY
DROPPING = EXACT | EARLY_STOP | DROP_BEHIND  # the default levers without a node budget
SETTINGS = (
    ("no lever", 0),
    ("same everywhere", SAME_EVERYWHERE),
    ("best card only", BEST_ONLY),
    ("early stop", EARLY_STOP),
    ("early stop, rivals behind dropped", EARLY_STOP | DROP_BEHIND),
    ("table kept across a decision's worlds (the choice before the levers)", DECISION_TABLE),
    ("table kept across a side's decisions", SIDE_TABLE),
    ("same everywhere + best card only", EXACT),
    ("same everywhere + best card only + early stop", EXACT | EARLY_STOP),
    ("the same + rivals behind dropped", DROPPING),
    ("the same + a budget of 100,000 nodes a decision", DROPPING | 100 << BUDGET_SHIFT),
    ("default levers: the same + a budget of 50,000 nodes a decision", DEFAULT_LEVERS),
    ("the default, the budget's floor two worlds (not four)", DEFAULT_LEVERS | 2 << BUDGET_FLOOR_SHIFT),
    ("the default, the budget's floor one world", DEFAULT_LEVERS | 1 << BUDGET_FLOOR_SHIFT),
    (
        "the default with a budget of 20,000 nodes, after two worlds",
        DROPPING | 20 << BUDGET_SHIFT | 2 << BUDGET_FLOOR_SHIFT,
    ),
    (
        "the default with a budget of 10,000 nodes, after one world",
        DROPPING | 10 << BUDGET_SHIFT | 1 << BUDGET_FLOOR_SHIFT,
    ),
    (
        "the default with a budget of 5,000 nodes, after one world",
        DROPPING | 5 << BUDGET_SHIFT | 1 << BUDGET_FLOOR_SHIFT,
    ),
)
TABLE_BITS = table_bits(8)  # the table of an eight-trick playout, as play_deals sizes it


# no auction to explain, no suit lengths known
NOTHING_KNOWN = (no_auction(), no_lengths())

NO_GOAL = np.zeros(0, np.float64)  # the seats play for tricks
NO_EVIDENCE = np.array([NO_PLAY, 0, -1], np.int64)  # play evidence: mode, declarer, seats
NO_WEIGHTS = no_play_evidence()  # a decision's worlds all weigh alike
TRICKS = np.arange(25, dtype=np.int64)  # the worth of t tricks, playing for tricks


def six_seat_deals(count: int, first: int = 0) -> np.ndarray:
    pool = np.arange(48, dtype=np.int64)
    return deal_many(np.uint64(SEED), first, count, np.zeros(6, np.uint64), np.full(6, 8, np.int64), pool)


@numba.njit
def playouts(hands, worlds, levers, nodes, check, lengths):
    """Every deal played out by PIMC with ``levers``: tricks of seats 0, 2, 4 per deal."""
    count, n_seats = hands.shape
    out = np.empty(count, np.int64)
    known = np.zeros((n_seats, n_seats), np.uint64)
    gone = np.zeros(n_seats, np.uint64)
    for d in range(count):
        local, record, state = deal_start(hands, d, HEARTS, SEED, d)
        # seats that play for tricks (a level contract's layout), every world weighing alike
        pimc = pimc_table(
            known,
            gone,
            local,
            HEARTS,
            worlds,
            SEED,
            d,
            TABLE_BITS,
            check,
            lengths,
            NO_GOAL,
            NO_EVIDENCE,
            levers,
        )
        out[d], state = play_tricks(local, n_seats, EVERY_SEAT, HEARTS, 0, 1, None, state, record, pimc)
        nodes[0] += pimc.stats[0]
    return out


def lever_rows(count: int, worlds: int, row) -> list[dict]:
    hands = six_seat_deals(count)
    playouts(
        six_seat_deals(1, count), worlds, DEFAULT_LEVERS, np.zeros(1, np.int64), *NOTHING_KNOWN
    )  # compiles
    reference = None
    rows = []
    base_seconds = None
    for name, levers in SETTINGS:
        nodes = np.zeros(1, np.int64)
        started = time.thread_time()
        tricks = playouts(hands, worlds, levers, nodes, *NOTHING_KNOWN)
        seconds = (time.thread_time() - started) / count
        if reference is None:
            reference, base_seconds = tricks, seconds
        same = int((tricks == reference).sum())
        rows.append(
            row(
                f"PIMC six-seat level contract, {name}",
                round(seconds, 4),
                "s/deal",
                f"{base_seconds / seconds:.2f}x no lever; {nodes[0] / count:,.0f} nodes a deal; "
                f"{same} of {count} deals end as with no lever; {worlds} worlds, one core",
            )
        )
    return rows


@numba.njit
def first_lead_choices(hands, worlds, levers, nodes, check, lengths, evidence):
    """The default choice of every deal's four-seat first lead (Hearts, seat 0 on lead)."""
    buffers = dd_buffers(np.int64(5), np.int64(12))
    stats = np.zeros(5, np.int64)
    played_by = np.zeros(4, np.uint64)
    out = np.empty(hands.shape[0], np.int64)
    for d in range(hands.shape[0]):
        view = first_lead_view(hands, d, played_by, check, lengths, evidence)
        state = stream_state(np.uint64(SEED), np.uint64(SALT_PIMC), d)
        legal = legal_cards(view.own, HEARTS, NONE)
        state, out[d], _ = pimc_choose(
            state,
            view,
            4,
            0b1111,
            HEARTS,
            0,
            legal,
            np.zeros(0, np.int64),
            view.pool,
            worlds,
            buffers,
            d + 1,
            stats,
            levers,
            TRICKS,
            1.0,
        )
    nodes[0] += stats[0]
    return out


def decision_rows(count: int, row) -> list[dict]:
    pool = np.arange(0, 48, 2, dtype=np.int64)
    hands = deal_many(np.uint64(SEED), 0, count, np.zeros(4, np.uint64), np.full(4, 5, np.int64), pool)
    first_lead_choices(hands[:1], 50, DEFAULT_LEVERS, np.zeros(1, np.int64), *NOTHING_KNOWN, NO_WEIGHTS)
    rows = []
    for name, levers in (("every card's value", 0), ("default levers", DEFAULT_LEVERS)):
        nodes = np.zeros(1, np.int64)
        started = time.thread_time()
        first_lead_choices(hands, 50, levers, nodes, *NOTHING_KNOWN, NO_WEIGHTS)
        ms = 1000 * (time.thread_time() - started) / count
        rows.append(
            row(
                f"PIMC decision, four seats, 50 worlds, {name}",
                round(ms, 3),
                "ms",
                f"first lead, mean CPU of {count} deals in a compiled loop, one core; "
                f"{nodes[0] / count:,.0f} nodes ({23 / ms:.0f}x the published 23 ms of a Rust engine)",
            )
        )
    return rows


PLAYOUT_SCRIPT = (
    against_base.PREAMBLE
    + """
import numba
try:
    from euchre_mc.simulate.play.playout import play_deals
except ImportError:  # a baseline from before simulate/ was grouped by concern
    from euchre_mc.simulate.play import play_deals
from euchre_mc.simulate.kernels.dealing import deal_many
count, worlds = int(sys.argv[1]), int(sys.argv[2])
pool = np.arange(48, dtype=np.int64)
hands = deal_many(np.uint64(2024), 0, count + 1, np.zeros(6, np.uint64), np.full(6, 8, np.int64), pool)
numba.set_num_threads(1)
play_deals(hands[count:], 2, 0, 1, 63, "pimc", seed=2024, worlds=worlds)
cpu, wall = time.process_time(), time.perf_counter()
tricks = play_deals(hands[:count], 2, 0, 1, 63, "pimc", seed=2024, worlds=worlds)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"package": PACKAGE, "cpu": cpu, "wall": wall, "answers": digest(tricks.tolist())}))
"""
)


def base_rows(count: int, worlds: int, command: str) -> list[dict]:
    base = against_base.base_folder()
    if base is None:
        return []
    base_run, new_run = against_base.in_turns(PLAYOUT_SCRIPT, [str(count), str(worlds)], base, 2)
    detail = f"six-seat level contract, {count} deals, {worlds} worlds, one thread, play_deals"
    rows = against_base.ratio_rows("PIMC six-seat playout", base_run, new_run, detail, command)
    # the early stop may play other cards than the baseline: say so rather than flag it
    for row in rows:
        row["detail"] = row["detail"].replace("ANSWERS DIFFER", "tricks differ (early stop)")
    return rows


def analysis_rows(count: int, row) -> list[dict]:
    """Pigs-and-Hogs Hog and Pig analyses under PIMC (20 worlds) on every core, warm."""
    from euchre_mc.simulate.analysis.analyse import analyse_hand

    hand = "JH JH JD AH AH KH QH AC"
    rows = []
    for contract in ("Hog Hearts", "Pig Hearts"):
        analyse_hand("pigs-and-hogs", hand, contracts=contract, deals=4, play="pimc", table="none")
        started = time.perf_counter()
        analyse_hand("pigs-and-hogs", hand, contracts=contract, deals=count, play="pimc", table="none")
        seconds = time.perf_counter() - started
        rows.append(
            row(
                f"PIMC analysis, Pigs and Hogs {contract.split()[0]}",
                round(seconds, 1),
                "s",
                f"{hand}, {count} deals, 20 worlds, {numba.get_num_threads()} threads, wall",
            )
        )
    return rows


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run pimc_six" + (" --quick" if quick else "")
    if os.environ.get(against_base.BASE_VARIABLE):
        command = f"{against_base.BASE_VARIABLE}=/tmp/pimc_base " + command

    def row(benchmark, value, unit, detail):
        return {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": command}

    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        rows = lever_rows(4 if quick else 12, 20, row)
        rows += decision_rows(20 if quick else 200, row)
    finally:
        numba.set_num_threads(threads)
    rows += analysis_rows(100 if quick else 1000, row)
    rows += base_rows(2 if quick else 6, 20, command)
    return rows
