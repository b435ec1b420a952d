"""PIMC's worlds with and without the auction: what hearing the bids costs and changes.

For each case an analysis question with an auction (exact inference, table model
``balanced``) is set up, its first deals are drawn as the analysis draws them (each
explains the earlier bids), laid out for the contract, and played twice under PIMC on
the same deals with the same seed: once with the worlds tested against the earlier
bids, as ``--play pimc`` does, and once with worlds that ignore them (what PIMC did
before).  Rows: the time of each (both cores), P(make) and mean tricks of each with the
95% interval of the difference (paired per deal), the share of the worlds dealt that
had to be redealt to fit the bids, and the worlds kept without fitting them (after
``MAX_AUCTION_TRIES`` redeals).
"""

from __future__ import annotations

import time
from dataclasses import replace

import numba
import numpy as np

from euchre_mc.simulate.analysis.deal_sources import DealSource as _DealSource
from euchre_mc.simulate.analysis.layouts import _knowledge, lay_out_with_discards, layout_of
from euchre_mc.simulate.analysis.question import make_question
from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.pimc import MAX_AUCTION_TRIES
from euchre_mc.simulate.kernels.play import play_pimc_many
from euchre_mc.simulate.play.solve import table_bits
from euchre_mc.simulate.rules.contracts import parse_contract

WORLDS = 10
CASES = (
    # variant, hand, seat, dealer (0-based), auction, upcard, contract, tricks to make, deals (full run)
    ("euchre", "JD AH KS 9C TC", 1, 3, "pass", "9H", "order up", 3, 2000),
    ("euchre", "JS AS KS 9D TD", 1, 3, "pass, pass, pass, pass, pass", "9H", "call Spades", 3, 2000),
    ("pigs-and-hogs", "JH JH JD AH AH KH QH AC", 3, 5, "4 Spades, pass, pass", None, "Hog Hearts", 8, 300),
)


def play(question, layout, hands, knowledge):
    """(tricks of the bidder's side per deal, the worlds' tallies, seconds)."""
    started = time.perf_counter()
    team0, tallies = play_pimc_many(
        hands,
        np.ascontiguousarray(knowledge.held, np.uint64),
        np.ascontiguousarray(knowledge.gone, np.uint64),
        np.int64(layout.active),
        np.int64(layout.denom),
        np.int64(question.leader),
        np.int64(WORLDS),
        np.uint64(question.seed),
        np.int64(0),
        np.int64(table_bits(question.hand_size)),
        no_auction() if knowledge.auction is None else knowledge.auction,
        knowledge.length_rows(),
        np.array(knowledge.goal, np.float64),
        np.zeros(3, np.int64),  # the worlds weigh no play evidence: the auction alone is measured
    )
    seconds = time.perf_counter() - started
    tricks = team0 if question.seat % 2 == 0 else question.hand_size - team0.astype(np.int64)
    return np.asarray(tricks, np.int64), tallies.sum(axis=0), seconds


def interval(differences) -> float:
    return float(1.96 * np.std(differences, ddof=1) / np.sqrt(len(differences)))


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run pimc_auction" + (" --quick" if quick else "")
    threads = numba.get_num_threads()
    rows = []
    for variant, hand, seat, dealer, auction, upcard, contract_text, need, deals in CASES:
        count = 60 if quick else deals
        question = make_question(
            variant,
            hand,
            seat=seat,
            dealer=dealer,
            auction=auction,
            upcard=upcard,
            play="pimc",
            worlds=WORLDS,
        )
        contract = parse_contract(contract_text, question.variant, question.upcard)
        question = replace(question, contracts=(contract,))
        layout = layout_of(question, contract)
        hands, discards = lay_out_with_discards(question, layout, _DealSource(question)(0, count), None)
        hands = np.ascontiguousarray(hands, np.uint64)
        hearing = _knowledge(question, layout, hands, discards)
        deaf = replace(hearing, auction=None)
        play(question, layout, hands[:2], hearing)  # compiles or loads the kernels
        with_bids, tallies, heard_s = play(question, layout, hands, hearing)
        without, _, deaf_s = play(question, layout, hands, deaf)
        made = (with_bids >= need).astype(np.int64) - (without >= need).astype(np.int64)
        name = f"{variant} {contract_text} after '{auction}'"
        kept, dealt, unmatched = int(tallies[1]), int(tallies[2]), int(tallies[3])
        detail = (
            f"{count} deals explaining the bids, {WORLDS} worlds a decision, {threads} threads; "
            f"P(make) {np.mean(with_bids >= need):.3f} hearing the bids, {np.mean(without >= need):.3f} "
            f"not (difference {np.mean(made):+.3f} +- {interval(made):.3f}); mean tricks "
            f"{with_bids.mean():.3f} against {without.mean():.3f} (difference "
            f"{np.mean(with_bids - without):+.3f} +- {interval(with_bids - without):.3f}); "
            f"{kept:,} worlds kept from {dealt:,} dealt ({kept / max(dealt, 1):.1%} fit the bids), "
            f"{unmatched:,} kept without fitting them after {MAX_AUCTION_TRIES:,} redeals; "
            f"{deaf_s:.2f} s when the worlds ignore the bids"
        )
        rows.append(
            {
                "benchmark": f"PIMC hearing the bids: {name}",
                "value": round(heard_s, 2),
                "unit": "s",
                "detail": detail,
                "command": command,
            }
        )
    return rows
