"""Fitting the evaluator's tables: a Monte Carlo run with the heuristic play model.

Regenerate the shipped tables (``simulate/data/evaluator_*.csv``) with::

    python -m simulate.evaluator_fit --deals 40000 --seed 1

Bid euchre (``pigs-and-hogs`` rules, shared by ``six-handed``): every seat of every
deal, for every denomination, is a sample of three contracts played out heuristically
with that seat as bidder and leader: a level contract with all six playing (its team's
tricks give P(at least n) for every n), Hog (partners sitting out) and Pig (void-first
discards, ``highest`` gifts, partners sitting out).

Classic (``euchre(no_trump=true)``, seat 4 dealing): every seat is a sample of ordering
up the upcard (the dealer picks up and discards void-first), with its partner and alone,
and of calling each other suit and High No Trump in round 2 (the upcard out of play),
with its partner and alone; the seat left of the dealer leads.

The cells are the features of :mod:`simulate.evaluator`; the CSV files hold the raw
counts (samples and successes per cell), and the evaluator smooths them when loading.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from .evaluator import (
    BID_CAPS, BID_DIMS, BID_KEYS, BID_OUTCOMES, CLASSIC_CAPS, CLASSIC_OUTCOMES, DATA_DIR, HAND_SIZE_BID,
    JACK, ROUND1_DIMS, ROUND1_KEYS, ROUND2_DIMS, ROUND2_KEYS, hand_features, table_rows, write_rows,
)
from ._kernels import TRUMP
from .exchange import apply_exchange, dealer_pickup, sitting_out_mask, void_first_discards
from .game import deal_hands
from .play import play_deals
from .rules import CALL, HOG, ORDER_UP, Contract, Variant

CHUNK = 4000
CLASSIC_DEALER = 3


def _add(samples: np.ndarray, made: np.ndarray, cells: tuple, outcomes: np.ndarray) -> None:
    np.add.at(samples, cells, 1)
    np.add.at(made, cells, outcomes.astype(np.int64))


def fit_bid(deals: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Counts (samples, successes) by bid-euchre cell; see the module docstring."""
    variant = Variant.of("pigs-and-hogs")
    n = variant.players
    everyone = (1 << n) - 1
    samples = np.zeros(BID_DIMS, np.int64)
    made = np.zeros(BID_DIMS + (len(BID_OUTCOMES),), np.int64)
    levels = np.arange(1, HAND_SIZE_BID + 1)
    for start in range(0, deals, CHUNK):
        dealt, _, _ = deal_hands(variant, seed, start, min(CHUNK, deals - start))
        for seat in range(n):
            for denom in range(6):
                length, top, side = hand_features(dealt[:, seat], denom, BID_CAPS)
                cells = (np.full(length.shape, int(TRUMP[denom] < 0)), length, top, side)
                team = play_deals(dealt, denom, seat, seat, everyone, "heuristic")
                alone = sitting_out_mask(variant, Contract(HOG, denom, n), seat)
                hog = play_deals(dealt, denom, seat, seat, alone, "heuristic")
                discards = np.array([void_first_discards(int(h), denom, 2) for h in dealt[:, seat]], np.uint64)
                exchanged = apply_exchange(dealt, denom, seat, discards)
                pig = play_deals(exchanged, denom, seat, seat, alone, "heuristic")
                outcomes = np.column_stack([team[:, None] >= levels, pig == HAND_SIZE_BID, hog == HAND_SIZE_BID])
                _add(samples, made, cells, outcomes)
    return samples, made


def fit_classic(deals: int, seed: int) -> tuple[tuple, tuple]:
    """Counts for classic round 1 and round 2 cells; see the module docstring."""
    variant = Variant.of("euchre", no_trump=True)
    n = variant.players
    everyone = (1 << n) - 1
    dealer = CLASSIC_DEALER
    leader = (dealer + 1) % n
    samples1 = np.zeros(ROUND1_DIMS, np.int64)
    made1 = np.zeros(ROUND1_DIMS + (len(CLASSIC_OUTCOMES),), np.int64)
    samples2 = np.zeros(ROUND2_DIMS, np.int64)
    made2 = np.zeros(ROUND2_DIMS + (len(CLASSIC_OUTCOMES),), np.int64)

    def outcomes(hands, denom, seat, contract):
        with_partner = play_deals(hands, denom, seat, leader, everyone, "heuristic")
        alone = play_deals(hands, denom, seat, leader, sitting_out_mask(variant, contract, seat), "heuristic")
        return np.column_stack([with_partner >= 3, with_partner == variant.hand_size, alone == variant.hand_size])

    for start in range(0, deals, CHUNK):
        dealt, _, upcards = deal_hands(variant, seed, start, min(CHUNK, deals - start))
        for upcard in np.unique(upcards):
            rows = upcards == upcard
            suit = int(upcard) // 6
            hands = dealt[rows]
            picked = dealer_pickup(hands, dealer, int(upcard), suit)
            upcard_bit = np.uint64(1 << (2 * int(upcard)))
            jack = int(int(upcard) % 6 == JACK)
            for seat in range(n):
                position = (seat - dealer) % n
                held = hands[:, seat] | upcard_bit if position == 0 else hands[:, seat]
                length, top, side = hand_features(held, suit, CLASSIC_CAPS)
                full = np.full(length.shape, position)
                cells = (full, np.full(length.shape, jack), length, top, side)
                _add(samples1, made1, cells, outcomes(picked, suit, seat, Contract(ORDER_UP, suit, alone=True)))
        for suit in range(4):
            rows = upcards // 6 == suit
            hands = dealt[rows]
            for denom in [d for d in range(5) if d != suit]:
                for seat in range(n):
                    length, top, side = hand_features(hands[:, seat], denom, CLASSIC_CAPS)
                    full = np.full(length.shape, (seat - dealer) % n)
                    cells = (np.full(length.shape, int(TRUMP[denom] < 0)), full, length, top, side)
                    _add(samples2, made2, cells, outcomes(hands, denom, seat, Contract(CALL, denom, alone=True)))
    return (samples1, made1), (samples2, made2)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.evaluator_fit", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=40000, help="random deals per table (default 40000)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="directory for the CSV files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    samples, made = fit_bid(args.deals, args.seed)
    write_rows(args.out / "evaluator_bid.csv", table_rows(samples, made, BID_KEYS, BID_OUTCOMES),
               BID_KEYS, BID_OUTCOMES)
    round1, round2 = fit_classic(args.deals, args.seed)
    write_rows(args.out / "evaluator_classic_round1.csv", table_rows(*round1, ROUND1_KEYS, CLASSIC_OUTCOMES),
               ROUND1_KEYS, CLASSIC_OUTCOMES)
    write_rows(args.out / "evaluator_classic_round2.csv", table_rows(*round2, ROUND2_KEYS, CLASSIC_OUTCOMES),
               ROUND2_KEYS, CLASSIC_OUTCOMES)
    print(f"fitted {args.deals} deals per table, seed {args.seed}, in {time.perf_counter() - started:.0f} s "
          f"-> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
