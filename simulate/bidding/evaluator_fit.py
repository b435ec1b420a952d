"""Fitting the evaluator's tables: a Monte Carlo run with the heuristic play model.

Regenerate the shipped tables (``simulate/data/evaluator_*.csv``) with::

    python -m euchre_mc.simulate.bidding.evaluator_fit --deals 40000 --long-suit-deals 2000 --seed 1

and measure them on fresh deals (calibration) with::

    python -m euchre_mc.simulate.bidding.evaluator_fit --check --deals 4000 --seed 7

Bid euchre (``pigs-and-hogs`` rules, shared by ``six-handed``): every seat of every
deal, for every denomination, is a sample of three contracts played out heuristically
with that seat as bidder and leader: a level contract with all six playing (its team's
tricks give P(at least n) for every n), Hog (partners sitting out) and Pig (void-first
discards, ``highest`` gifts, partners sitting out).

Strong hands are rare in uniform deals, and they are the ones that bid Pig and Hog, so
the bid table adds two kinds of drawn hands for the bidder, the other hands dealt
uniformly (``deal.deal_unseen``) and only that denomination's samples kept:

* *long-suit deals*: for each denomination and length k = 5..8, k cards drawn uniformly
  from the trump suit (in no trump, from one suit chosen at random, redrawn until no
  other suit is as long) and 8 - k from the other cards;
* *top-run deals*: a hand drawn uniformly among those whose run is exactly r = 4..8
  (see ``_top_run_hand``): with a trump suit, for each number of side aces too (a Hog
  needs both), both copies of the best r // 2 trumps, one copy of the next when r is
  odd, the side aces, and other cards that change neither; in no trump the same per
  suit, the run split over the suits in proportion to the number of hands with each
  split.

Within a cell every hand with those features is then as likely as in a uniform deal
(the drawn feature is fixed and the rest of the hand is uniform), so the cell estimates
stay unbiased.

Classic (``euchre(no_trump=true)``, seat 4 dealing): every seat is a sample of ordering
up the upcard (the dealer picks up and discards void-first), with its partner and alone,
and of calling each other suit and High No Trump in round 2 (the upcard out of play),
with its partner and alone; the seat left of the dealer leads.  The hands that go
alone are rare in uniform deals too (five trumps of one suit with both bowers: one
hand in 4,250), so the classic tables add *drawn deals*: for each seat, round and trump length
3 to 5 (the dealer's six cards in round 1 up to 6), the seat's cards drawn with exactly
that many trumps of a suit and the upcard with them, each pair of cards and upcard as
likely as in uniform deals (see ``_classic_drawn_deal``), the other seats dealt
uniformly, and only the drawn seat's samples kept.

The cells are the features of :mod:`simulate.bidding.evaluator`; the CSV files hold the raw
counts (samples and successes per cell), and the evaluator smooths them when loading.
"""

from __future__ import annotations

import argparse
import sys
import time
from itertools import product
from math import comb
from pathlib import Path

import numpy as np

from ..dealing.deal import deal_tables, deal_unseen, deck_mask
from ..kernels.rankings import (
    HIGH_NO_TRUMP,
    JACK,
    LOW_NO_TRUMP,
    RANKED_CARDS,
    SIDE_CARDS,
    SUIT_CARDS,
    TRUMP,
    TRUMP_CARDS,
)
from ..play.playout import play_deals
from ..rules.cards import card_counts
from ..rules.contracts import Contract
from ..rules.exchange import apply_exchange, dealer_pickup, sitting_out_mask, void_first_discards
from ..rules.variants import CALL, HOG, Variant
from ..stats import wilson_interval
from .evaluator import (
    BID_CAPS,
    BID_DIMS,
    BID_KEYS,
    BID_OUTCOMES,
    CLASSIC_OUTCOMES,
    DATA_DIR,
    HAND_SIZE_BID,
    ROUND1_DIMS,
    ROUND1_KEYS,
    ROUND2_DIMS,
    ROUND2_KEYS,
    bid_estimates,
    bid_features,
    classic_estimates,
    classic_features,
    grid_rows,
    write_rows,
)

CHUNK = 4000
CLASSIC_DEALER = 3
LONG_SUIT_LENGTHS = (5, 6, 7, 8)
TOP_RUNS = (4, 5, 6, 7, 8)
SALT_LONG_SUIT = 0x6A3E5  # keeps the drawn hands apart from the deals
# Classic trump lengths drawn for each seat (the dealer's six cards in round 1 up to 6 too).
CLASSIC_LENGTHS = (3, 4, 5)
SALT_CLASSIC_DRAWS = 0x6A3E6


def _add(samples: np.ndarray, made: np.ndarray, cells: tuple, outcomes: np.ndarray) -> None:
    np.add.at(samples, cells, 1)
    np.add.at(made, cells, outcomes.astype(np.int64))


def _bid_outcomes(variant, dealt, seat, denom) -> tuple[tuple, np.ndarray]:
    """Cells and outcomes (team takes >= n for n = 1..8, Pig made, Hog made) of ``seat``
    bidding ``denom`` on every deal, played heuristically."""
    n = variant.players
    length, run, side = bid_features(dealt[:, seat], denom)
    cells = (np.full(length.shape, int(TRUMP[denom] < 0)), length, run, side)
    team = play_deals(dealt, denom, seat, seat, (1 << n) - 1, "heuristic")
    alone = sitting_out_mask(variant, Contract(HOG, denom, n), seat)
    hog = play_deals(dealt, denom, seat, seat, alone, "heuristic")
    discards = np.array([void_first_discards(int(h), denom, 2) for h in dealt[:, seat]], np.uint64)
    pig = play_deals(apply_exchange(dealt, denom, seat, discards), denom, seat, seat, alone, "heuristic")
    levels = np.arange(1, HAND_SIZE_BID + 1)
    return cells, np.column_stack([team[:, None] >= levels, pig == HAND_SIZE_BID, hog == HAND_SIZE_BID])


def _bid_samples(variant, dealt, seat, denom, samples, made) -> None:
    _add(samples, made, *_bid_outcomes(variant, dealt, seat, denom))


def _bits(mask: int) -> list[int]:
    """The bit indexes (face-space cards) set in ``mask``, lowest first."""
    return [b for b in range(48) if mask >> b & 1]


def _long_suit_hand(rng, denom: int, length: int) -> int:
    """A hand of ``length`` cards of the trump suit (no trump: of one suit, the longest)."""
    while True:
        suit_cards = int(TRUMP_CARDS[denom]) if TRUMP[denom] >= 0 else int(SUIT_CARDS[denom, rng.integers(4)])
        inside = _bits(suit_cards)
        outside = _bits(~suit_cards)
        chosen = list(rng.choice(inside, length, replace=False)) + list(
            rng.choice(outside, HAND_SIZE_BID - length, replace=False)
        )
        hand = sum(1 << int(b) for b in chosen)
        longest = card_counts(np.uint64(hand) & SUIT_CARDS[denom])
        if TRUMP[denom] >= 0 or (longest >= length).sum() == 1:
            return hand


def _top_run_hand(rng, denom: int, run: int, side: int | None = None) -> int:
    """A hand drawn uniformly among the hands whose run is exactly ``run`` (and, with a
    trump suit and ``side`` given, that hold exactly ``side`` aces outside trump).

    The run of each suit counted (the trump suit, or all four in no trump) fixes the top
    cards of that suit and rules out the copies that would lengthen it; a split of the
    run over the suits is picked with probability proportional to the number of hands
    that have it, then ``side`` of the side aces, then the rest of the hand uniformly
    from the cards left.  Of two interchangeable copies the first is taken.
    """
    suits = [int(TRUMP[denom])] if TRUMP[denom] >= 0 else list(range(4))
    splits = [split for split in product(range(run + 1), repeat=len(suits)) if sum(split) == run]
    # a suit run of r uses r cards and rules out the rest of the next face: 2 copies, or 1
    used = [sum(r + (1 if r % 2 else 2) for r in split) for split in splits]
    ways = np.array(
        [
            comb(48 - u, HAND_SIZE_BID - run) * 2 ** sum(r % 2 for r in split)
            for split, u in zip(splits, used)
        ],
        np.float64,
    )
    split = splits[rng.choice(len(splits), p=ways / ways.sum())]
    hand = ruled_out = 0
    for suit, suit_run in zip(suits, split):
        ranked = [int(f) for f in RANKED_CARDS[denom, suit]]
        pairs, odd = divmod(suit_run, 2)
        hand |= sum(ranked[:pairs])
        ruled_out |= ranked[pairs]
        if odd:
            hand |= ranked[pairs] & -ranked[pairs]  # one copy of the next face
    if side is not None:
        aces = _bits(int(SIDE_CARDS[denom]))
        hand |= sum(1 << int(b) for b in rng.choice(aces, side, replace=False))
        ruled_out |= int(SIDE_CARDS[denom])
    rest = _bits(~(hand | ruled_out))
    return hand | sum(
        1 << int(b) for b in rng.choice(rest, HAND_SIZE_BID - bin(hand).count("1"), replace=False)
    )


def _drawn_deals(variant, seed: int, first_index: int, bidder_hands: list[int]) -> np.ndarray:
    return np.concatenate(
        [
            deal_unseen(variant, {0: hand}, seed=seed, first_index=first_index + i)
            for i, hand in enumerate(bidder_hands)
        ]
    )


def fit_bid(deals: int, seed: int, long_suit_deals: int) -> tuple[np.ndarray, np.ndarray]:
    """Counts (samples, successes) by bid-euchre cell; see the module docstring."""
    variant = Variant.of("pigs-and-hogs")
    samples = np.zeros(BID_DIMS, np.int64)
    made = np.zeros(BID_DIMS + (len(BID_OUTCOMES),), np.int64)
    for start in range(0, deals, CHUNK):
        dealt, _, _ = deal_tables(variant, seed, start, min(CHUNK, deals - start))
        for seat in range(variant.players):
            for denom in range(6):
                _bid_samples(variant, dealt, seat, denom, samples, made)
    rng = np.random.default_rng([seed, SALT_LONG_SUIT])
    index = deals
    draws = [(denom, _long_suit_hand, (length,)) for denom in range(6) for length in LONG_SUIT_LENGTHS]
    draws += [
        (denom, _top_run_hand, (run, side))
        for denom in range(4)
        for run in TOP_RUNS
        for side in range(min(BID_CAPS["side"], HAND_SIZE_BID - run) + 1)
    ]
    draws += [(denom, _top_run_hand, (run,)) for denom in (HIGH_NO_TRUMP, LOW_NO_TRUMP) for run in TOP_RUNS]
    for denom, draw, sizes in draws:
        bidder_hands = [draw(rng, denom, *sizes) for _ in range(long_suit_deals)]
        _bid_samples(variant, _drawn_deals(variant, seed, index, bidder_hands), 0, denom, samples, made)
        index += long_suit_deals
    return samples, made


def _classic_outcomes(variant, hands, denom: int, seat: int) -> np.ndarray:
    """Make, march and march alone of ``seat`` as maker in ``denom`` (the dealer seat
    ``CLASSIC_DEALER``; the seat to its left leads)."""
    n = variant.players
    leader = (CLASSIC_DEALER + 1) % n
    with_partner = play_deals(hands, denom, seat, leader, (1 << n) - 1, "heuristic")
    lone = Contract(CALL, denom, alone=True)  # any lone contract: the partner sits out
    alone = play_deals(hands, denom, seat, leader, sitting_out_mask(variant, lone, seat), "heuristic")
    return np.column_stack([with_partner >= 3, with_partner == variant.hand_size, alone == variant.hand_size])


def _round1_samples(variant, hands, upcards, seats, samples, made) -> None:
    """Round-1 samples (ordering up the upcard, the dealer ``CLASSIC_DEALER``) of each of
    ``seats`` on every deal, grouped by upcard (a face per deal)."""
    dealer = CLASSIC_DEALER
    for upcard in np.unique(upcards):
        rows = upcards == upcard
        suit = int(upcard) // 6
        picked = dealer_pickup(hands[rows], dealer, int(upcard), suit)
        upcard_bit = np.uint64(1 << (2 * int(upcard)))
        jack = int(int(upcard) % 6 == JACK)
        for seat in seats:
            position = (seat - dealer) % variant.players
            held = hands[rows, seat] | upcard_bit if position == 0 else hands[rows, seat]
            length, top, side = classic_features(held, suit)
            cells = (np.full(length.shape, position), np.full(length.shape, jack), length, top, side)
            _add(samples, made, cells, _classic_outcomes(variant, picked, suit, seat))


def _round2_samples(variant, hands, denom: int, seats, samples, made) -> None:
    """Round-2 samples (naming ``denom``, the upcard turned down) of each of ``seats``."""
    for seat in seats:
        length, top, side = classic_features(hands[:, seat], denom)
        position = (seat - CLASSIC_DEALER) % variant.players
        no_trump = int(TRUMP[denom] < 0)
        cells = (np.full(length.shape, no_trump), np.full(length.shape, position), length, top, side)
        _add(samples, made, cells, _classic_outcomes(variant, hands, denom, seat))


def _classic_drawn_deal(rng, variant, seed, index, seat, denom, length, named) -> tuple[np.ndarray, int]:
    """One deal (a row of hands) whose ``seat`` holds exactly ``length`` trumps of
    ``denom`` (the dealer counting the upcard in round 1), and its upcard (a face), drawn
    uniformly among the deals and upcards that give the seat that length, as uniform
    deals give them: in round 1 (``named`` False) the upcard is of ``denom``'s suit, in
    round 2 (``named`` True) of another suit, turned down.

    The seat's cards are drawn with that many trumps, a set of cards kept in proportion
    to the upcards it leaves possible and the upcard drawn among those, so each pair of
    cards and upcard is equally likely; the other seats are dealt from the rest."""
    deck = deck_mask(variant)
    trumps = int(TRUMP_CARDS[denom]) & deck
    of_suit = sum(1 << (2 * face) for face in range(6 * denom, 6 * denom + 6))  # its natural suit
    # the upcards a set of cards leaves possible, and the most of them any set leaves
    dealer_six = not named and (seat - CLASSIC_DEALER) % variant.players == 0
    size = variant.hand_size + (1 if dealer_six else 0)
    if named:  # round 2: any card of another suit outside the hand
        most = 18

        def upcards(cards: int) -> int:
            return deck & ~of_suit & ~cards
    else:  # round 1: a card of the suit among the dealer's six, or outside another seat's hand
        most = 6

        def upcards(cards: int) -> int:
            return of_suit & cards if dealer_six else of_suit & ~cards

    while True:
        chosen = list(rng.choice(_bits(trumps), length, replace=False))
        chosen += list(rng.choice(_bits(deck & ~trumps), size - length, replace=False))
        cards = sum(1 << int(b) for b in chosen)
        if rng.random() * most < bin(upcards(cards)).count("1"):
            break
    upcard = int(rng.choice(_bits(upcards(cards))))
    hand = cards & ~(1 << upcard)
    dealt = deal_unseen(variant, {seat: hand}, out_of_play=1 << upcard, seed=seed, first_index=index)
    return dealt, upcard >> 1


def fit_classic(deals: int, seed: int, drawn_deals: int = 0) -> tuple[tuple, tuple]:
    """Counts for classic round 1 and round 2 cells; see the module docstring."""
    variant = Variant.of("euchre", no_trump=True)
    n = variant.players
    samples1 = np.zeros(ROUND1_DIMS, np.int64)
    made1 = np.zeros(ROUND1_DIMS + (len(CLASSIC_OUTCOMES),), np.int64)
    samples2 = np.zeros(ROUND2_DIMS, np.int64)
    made2 = np.zeros(ROUND2_DIMS + (len(CLASSIC_OUTCOMES),), np.int64)

    for start in range(0, deals, CHUNK):
        dealt, _, upcards = deal_tables(variant, seed, start, min(CHUNK, deals - start))
        _round1_samples(variant, dealt, upcards, range(n), samples1, made1)
        for suit in range(4):
            hands = dealt[upcards // 6 == suit]
            for denom in [d for d in range(5) if d != suit]:
                _round2_samples(variant, hands, denom, range(n), samples2, made2)
    rng = np.random.default_rng([seed, SALT_CLASSIC_DRAWS])
    index = deals
    for seat in range(n):
        dealer = (seat - CLASSIC_DEALER) % n == 0
        for named in (False, True):
            for length in CLASSIC_LENGTHS + ((6,) if dealer and not named else ()):
                for denom in range(4):  # a quarter of the draws in each trump suit
                    count = (drawn_deals + 3 - denom) // 4
                    draws = [
                        _classic_drawn_deal(rng, variant, seed, index + i, seat, denom, length, named)
                        for i in range(count)
                    ]
                    index += count
                    if not draws:
                        continue
                    hands = np.concatenate([hand for hand, _ in draws])
                    if named:
                        _round2_samples(variant, hands, denom, (seat,), samples2, made2)
                    else:
                        upcards = np.array([upcard for _, upcard in draws], np.int64)
                        _round1_samples(variant, hands, upcards, (seat,), samples1, made1)
    return (samples1, made1), (samples2, made2)


def calibration(deals: int, seed: int) -> list[dict]:
    """How well the shipped tables predict fresh deals (use another seed than the fit's).

    Bid euchre: seat 1 bidding each denomination on uniform deals, and Pig and Hog on
    strong hands drawn as in the fit (runs of 5 to 8); classic: every seat ordering up,
    seat 4 dealing, and going alone with four or five trumps drawn as in the fit.  Per
    contract: samples, mean estimate, observed rate with its 95% Wilson interval, Brier
    score of the estimates and of the best constant (the observed rate), and the same
    means over the samples estimated at 0.7 or more.
    """
    rows = []

    def add(name, predicted, observed):
        n = predicted.shape[0]
        low, high = wilson_interval(observed.sum(), n)
        confident = predicted >= 0.7
        rows.append(
            {
                "contract": name,
                "samples": n,
                "mean_estimate": predicted.mean(),
                "observed": observed.mean(),
                "ci_low": float(low),
                "ci_high": float(high),
                "brier": np.mean((predicted - observed) ** 2),
                "brier_constant": observed.var(),
                "samples_at_0.7": int(confident.sum()),
                "mean_estimate_at_0.7": predicted[confident].mean() if confident.any() else float("nan"),
                "observed_at_0.7": observed[confident].mean() if confident.any() else float("nan"),
            }
        )

    variant = Variant.of("pigs-and-hogs")
    dealt, _, _ = deal_tables(variant, seed, 0, deals)
    estimates = bid_estimates(dealt[:, 0])
    outcomes = [_bid_outcomes(variant, dealt, 0, denom)[1] for denom in range(6)]
    for level in (3, 5, 7):
        add(
            f"bid euchre level {level}",
            estimates.level[:, :, level - 1].T.ravel(),
            np.concatenate([o[:, level - 1] for o in outcomes]),
        )
    add(
        "bid euchre Pig / Alone",
        estimates.exchange_alone.T.ravel(),
        np.concatenate([o[:, 8] for o in outcomes]),
    )
    add("bid euchre Hog", estimates.hog.T.ravel(), np.concatenate([o[:, 9] for o in outcomes]))
    # strong hands, where Pig and Hog are decided: runs of 5 to 8 drawn as in the fit
    rng = np.random.default_rng([seed, SALT_LONG_SUIT])
    for name, denoms in (("trump", range(4)), ("no trump", (HIGH_NO_TRUMP, LOW_NO_TRUMP))):
        predicted, observed = {"Pig": [], "Hog": []}, {"Pig": [], "Hog": []}
        for denom in denoms:
            bidder_hands = [
                _top_run_hand(rng, denom, run) for run in (5, 6, 7, 8) for _ in range(deals // 16)
            ]
            dealt = _drawn_deals(variant, seed, deals, bidder_hands)
            strong = bid_estimates(dealt[:, 0])
            outcome = _bid_outcomes(variant, dealt, 0, denom)[1]
            predicted["Pig"].append(strong.exchange_alone[:, denom])
            predicted["Hog"].append(strong.hog[:, denom])
            observed["Pig"].append(outcome[:, 8])
            observed["Hog"].append(outcome[:, 9])
        for kind in ("Pig", "Hog"):
            add(f"{kind}, {name} run 5-8", np.concatenate(predicted[kind]), np.concatenate(observed[kind]))
    classic = Variant.of("euchre", no_trump=True)
    dealt, _, upcards = deal_tables(classic, seed, 0, deals)
    dealers = np.full(deals, CLASSIC_DEALER)
    estimates = classic_estimates(dealt, dealers, upcards)
    observed = np.zeros((deals, classic.players, 3), bool)
    for upcard in np.unique(upcards):
        rows_ = upcards == upcard
        picked = dealer_pickup(dealt[rows_], CLASSIC_DEALER, int(upcard), int(upcard) // 6)
        for seat in range(classic.players):
            observed[rows_, seat] = _classic_outcomes(classic, picked, int(upcard) // 6, seat)
    for index, name in enumerate(("order up: make", "order up: march", "order up alone: march")):
        add(f"classic {name}", estimates.order[..., index].ravel(), observed[..., index].ravel())
    # strong hands, where going alone is decided: four or five trumps drawn as in the fit
    rng = np.random.default_rng([seed, SALT_CLASSIC_DRAWS])
    predicted, observed = [], []
    for seat in range(classic.players):
        draws = [
            _classic_drawn_deal(rng, classic, seed, deals + i, seat, int(rng.integers(4)), length, False)
            for length in (4, 5)
            for i in range(deals // 32)
        ]
        dealt = np.concatenate([hand for hand, _ in draws])
        upcards = np.array([upcard for _, upcard in draws], np.int64)
        estimates = classic_estimates(dealt, np.full(len(draws), CLASSIC_DEALER), upcards)
        predicted.append(estimates.order[:, seat, 2])
        outcome = np.zeros(len(draws), bool)
        for upcard in np.unique(upcards):
            rows_ = upcards == upcard
            picked = dealer_pickup(dealt[rows_], CLASSIC_DEALER, int(upcard), int(upcard) // 6)
            outcome[rows_] = _classic_outcomes(classic, picked, int(upcard) // 6, seat)[:, 2]
        observed.append(outcome)
    add("classic alone: march, 4-5 trumps", np.concatenate(predicted), np.concatenate(observed))
    return rows


def format_calibration(rows: list[dict], seed: int) -> str:
    lines = [
        f"calibration on fresh deals, seed {seed}, heuristic play",
        f"{'contract':<30}{'samples':>8}{'estimate':>9}{'observed':>9}  {'95% CI':<15}{'Brier':>7}"
        f"{'const':>7}{'n>=0.7':>8}{'est':>6}{'obs':>6}",
    ]
    for r in rows:
        lines.append(
            f"{r['contract']:<30}{r['samples']:>8}{r['mean_estimate']:>9.3f}{r['observed']:>9.3f}  "
            f"[{r['ci_low']:.3f}, {r['ci_high']:.3f}]{r['brier']:>7.4f}{r['brier_constant']:>7.4f}"
            f"{r['samples_at_0.7']:>8}{r['mean_estimate_at_0.7']:>6.2f}{r['observed_at_0.7']:>6.2f}"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m euchre_mc.simulate.bidding.evaluator_fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--deals", type=int, default=40000, help="random deals per table (default 40000)")
    parser.add_argument(
        "--long-suit-deals",
        type=int,
        default=2000,
        help="drawn deals per denomination and length or run, and per classic seat, round "
        "and trump length (default 2000)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    parser.add_argument("--out", type=Path, default=DATA_DIR, help="directory for the CSV files")
    parser.add_argument(
        "--check",
        action="store_true",
        help="do not fit: measure the shipped tables on --deals fresh deals of --seed",
    )
    args = parser.parse_args(argv)
    if args.check:
        print(format_calibration(calibration(args.deals, args.seed), args.seed))
        return 0
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    samples, made = fit_bid(args.deals, args.seed, args.long_suit_deals)
    write_rows(
        args.out / "evaluator_bid.csv",
        grid_rows(samples, made, BID_KEYS, BID_OUTCOMES),
        BID_KEYS,
        BID_OUTCOMES,
    )
    round1, round2 = fit_classic(args.deals, args.seed, args.long_suit_deals)
    write_rows(
        args.out / "evaluator_classic_round1.csv",
        grid_rows(*round1, ROUND1_KEYS, CLASSIC_OUTCOMES),
        ROUND1_KEYS,
        CLASSIC_OUTCOMES,
    )
    write_rows(
        args.out / "evaluator_classic_round2.csv",
        grid_rows(*round2, ROUND2_KEYS, CLASSIC_OUTCOMES),
        ROUND2_KEYS,
        CLASSIC_OUTCOMES,
    )
    print(
        f"fitted {args.deals} deals per table, seed {args.seed}, in {time.perf_counter() - started:.0f} s "
        f"-> {args.out}",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
