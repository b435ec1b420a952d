"""What the table model costs: analyses with and without the other seats' bids, and
how many deals inference keeps.

What is measured (2 cores, dd play, warm, best of 2, each pair timed in turns)
------------------------------------------------------------------------------
* Classic: ``analyse_hand("euchre", "JD AH KH 9C TS", upcard="9H", seat 0, dealer 3,
  deals=2000)`` with ``table="balanced"`` against ``table="none"`` (target: at most 2x).
* Pigs and Hogs, every contract: the demo hand of ``bench_analyse`` with 1,000 deals,
  ``table="balanced"`` against ``table="none"`` (target: at most 2x today's).
* Inference: the share of deals kept (``analyse --auction``) for a classic
  ``pass, pass, pass`` to the dealer and a Pigs-and-Hogs ``4 Clubs, pass, pass`` under
  ``balanced`` (target: at least 10%, or say why not), and the seconds it adds.
* The bids themselves: ``table.seat_bids`` (every seat's wish, from the evaluator's
  features and estimates, kernels/bidding.py) on 100,000 deals (10,000 with --quick),
  the process's CPU time on both threads, least of 3.
"""

from __future__ import annotations

import time

import numpy as np

from benchmarks.bench_solver import best_seconds
from euchre_mc.simulate import analyse_hand
from euchre_mc.simulate.bidding.table_model import seat_bids, table_model
from euchre_mc.simulate.dealing.deal import deal_unseen
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import as_variant

COMMAND = "python -m benchmarks.run table"
CLASSIC = dict(variant="euchre", hand="JD AH KH 9C TS", upcard="9H", seat=0, dealer=3)
PIGS = dict(variant="pigs-and-hogs", hand="JH JH JD AH KH QH 9S AC", seat=0, dealer=5)


def _pair(question: dict, deals: int) -> tuple[float, float]:
    """(with the table model, without) seconds, timed in turns."""
    with_table, without = float("inf"), float("inf")
    for _ in range(2):
        with_table = min(with_table, best_seconds(lambda: analyse_hand(**question, deals=deals), 1)[0])
        without = min(
            without, best_seconds(lambda: analyse_hand(**question, deals=deals, table="none"), 1)[0]
        )
    return with_table, without


def seat_bids_seconds(name: str, hand: str, upcard, count: int) -> float:
    """Process CPU seconds of ``seat_bids`` on ``count`` deals (least of 3, after a warm-up)."""
    variant = as_variant(name)
    seen = 0 if upcard is None else 1 << (2 * upcard)
    deals = deal_unseen(
        variant, {0: faces_to_mask(parse_cards(hand, copies=variant.copies))}, seen, seed=3, count=count
    )
    upcards = np.full(count, -1 if upcard is None else upcard)
    dealers, scores = np.full(count, 3), np.zeros((count, 2), np.int64)
    teams = table_model("balanced").teams
    seat_bids(variant, teams, deals[:10], upcards[:10], dealers[:10], scores[:10])
    best = float("inf")
    for _ in range(3):
        started = time.process_time()
        seat_bids(variant, teams, deals, upcards, dealers, scores)
        best = min(best, time.process_time() - started)
    return best


def run(quick: bool = False) -> list[dict]:
    classic_deals, pigs_deals = (200, 40) if quick else (2000, 1000)
    analyse_hand(**CLASSIC, deals=20)
    analyse_hand(**PIGS, deals=4)
    rows = []

    def row(benchmark, value, unit, detail):
        rows.append(
            {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": COMMAND}
        )

    for name, question, deals in (("euchre", CLASSIC, classic_deals), ("pigs-and-hogs", PIGS, pigs_deals)):
        with_table, without = _pair(question, deals)
        where = f"{deals} deals, hand {question['hand']}, dd, 2 threads"
        row(f"analyse {name} with the table model", round(with_table, 2), "s", f"{where}; balanced")
        row(f"analyse {name} without (--table none)", round(without, 2), "s", where)
        row(f"analyse {name}: table model / none", round(with_table / without, 2), "x", "target: at most 2x")
    for name, question, auction, deals in (
        ("euchre", dict(CLASSIC, seat=3), "pass, pass, pass", classic_deals),
        (
            "pigs-and-hogs",
            dict(PIGS, seat=3, hand="9C TC QC KD AD 9S TS QS"),
            "4 Clubs, pass, pass",
            pigs_deals,
        ),
    ):
        contracts = "order up" if name == "euchre" else "5 Clubs"
        asked = dict(question, auction=auction, contracts=contracts, deals=deals)
        seconds, result = best_seconds(lambda: analyse_hand(**asked), 1)  # noqa: B023 (called here)
        plain, _ = best_seconds(lambda: analyse_hand(**asked, inference="none"), 1)  # noqa: B023 (called here)
        table = result.table
        row(
            f"inference {name} '{auction}': deals kept",
            round(table.acceptance, 4),
            "share",
            f"{result.settings.deals} kept of {table.dealt:,} dealt (balanced); target at least 10%",
        )
        row(
            f"inference {name} '{auction}': time with / without",
            round(seconds / plain, 2),
            "x",
            f"{seconds:.2f} s against {plain:.2f} s, {contracts}, {deals} deals",
        )
    count = 10_000 if quick else 100_000
    for name, hand, upcard in (("pigs-and-hogs", PIGS["hand"], None), ("euchre", "JH JD AH KH 9S", 9)):
        seconds = seat_bids_seconds(name, hand, upcard, count)
        row(
            f"table model bids, {name}",
            round(seconds, 3),
            "s",
            f"every seat's wish on {count:,} deals, CPU, least of 3",
        )
    return rows
