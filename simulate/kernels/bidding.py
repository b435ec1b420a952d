"""The table model's bidding in the kernels: the evaluator's hand features and estimates,
the rule's threshold tests, each seat's wish, the bid the auction then lets it make, and
the chance of a bid when the tests are soft.

One implementation for every caller.  simulate/bidding/evaluator.py, strategy.py and
table_model.py run the loops at the end of this module over many hands at once (games,
the analyser's continuation of the auction, exact and soft inference), and PIMC
(kernels/world_auction.py) asks the same functions whether the hands of a world it
dealt would have bid as the auction says.

Hands are face-space masks as they were at the bidding.  Estimate rows follow the
evaluator's tables (simulate/bidding/evaluator.py): a bid-euchre row is the ten outcomes
P(takes >= n), n = 1..8, then P(all 8 after the exchange) (Pig, six-handed Alone), then
P(all 8 alone) (Hog); a classic row is P(make), P(march), P(march alone).  Thresholds
come in rows of strategy.THRESHOLD_COLUMNS: the six of strategy.THRESHOLD_PARAMS (the
``*_T`` indexes below), then the shift of each denomination 0..5 (``SHIFT_T + denom``:
bid euchre's shift for a bid in the denomination of the high bid; 0 elsewhere).  Bid
codes are the table model's (kernels.rankings: ``NO_BID``, ``CALL_BASE``, ...).
"""

from collections import namedtuple

import numpy as np

from .bits import popcount
from .jit import njit, prange
from .rankings import (
    CALL_BASE,
    EXCHANGE_RANK,
    HOG_RANK,
    JACK,
    LEVELS,
    NO_BID,
    RANKED_CARDS,
    SIDE_CARDS,
    SUIT_CARDS,
    TOP_CARDS,
    TRUMP,
    TRUMP_CARDS,
)

LEVEL_T, PIG_T, HOG_T, ALONE_T, ORDER_UP_T, CALL_T = range(6)  # strategy.THRESHOLD_PARAMS
# Soft inference's width: each threshold test "estimate >= threshold" becomes the
# logistic sigma((estimate - threshold) / SOFT_SCALE) (simulate/bidding/table_model.py).
SOFT_SCALE = 0.05
SHIFT_T = 6  # the first denomination's shift: columns SHIFT_T .. SHIFT_T + 5
BID_CAPS = (8, 8, 4)  # length, run, side of the bid-euchre table
CLASSIC_CAPS = (6, 3, 3)  # length, top, side of the classic tables


# --------------------------------------------------------------------------- features


@njit(cache=True)
def suit_length(hand, denom):
    """With a trump suit, the trumps held (left bower included); in no trump, the longest suit."""
    if TRUMP[denom] >= 0:
        return popcount(hand & TRUMP_CARDS[denom])
    longest = 0
    for suit in range(4):
        longest = max(longest, popcount(hand & SUIT_CARDS[denom, suit]))
    return longest


@njit(cache=True)
def top_run(hand, denom):
    """Double-deck sure winners at the top (the evaluator's ``run``): cards held in unbroken
    order from the best face down, a face continuing the run only when both copies are
    held; the trump suit's run, or in no trump the four suits' runs added."""
    run = 0
    for suit in range(4):
        if TRUMP[denom] >= 0 and suit != TRUMP[denom]:
            continue
        for k in range(RANKED_CARDS.shape[2]):
            held = popcount(hand & RANKED_CARDS[denom, suit, k])
            run += held
            if held != 2:
                break
    return run


@njit(cache=True)
def bid_cell(hand, denom):
    """The bid-euchre table's cell of ``hand`` for ``denom``: (no trump, length, run, side), capped."""
    return (
        1 if TRUMP[denom] < 0 else 0,
        min(suit_length(hand, denom), BID_CAPS[0]),
        min(top_run(hand, denom), BID_CAPS[1]),
        min(popcount(hand & SIDE_CARDS[denom]), BID_CAPS[2]),
    )


@njit(cache=True)
def classic_cell(hand, denom):
    """The classic tables' (length, top, side) of ``hand`` for ``denom``, capped."""
    return (
        min(suit_length(hand, denom), CLASSIC_CAPS[0]),
        min(popcount(hand & TOP_CARDS[denom]), CLASSIC_CAPS[1]),
        min(popcount(hand & SIDE_CARDS[denom]), CLASSIC_CAPS[2]),
    )


# --------------------------------------------------------------------------- estimates


@njit(cache=True)
def bid_estimate(hand, table, out):
    """``out[denom]``: the bid-euchre estimate row of ``hand`` in each denomination 0..5."""
    for denom in range(6):
        no_trump, length, run, side = bid_cell(hand, denom)
        out[denom, :] = table[no_trump, length, run, side]


@njit(cache=True)
def classic_estimate(hand, position, upcard, round1, round2, order, call):
    """``order``: the round-1 row of ``hand`` at ``position`` from the dealer (0 the dealer,
    whose estimate counts the upcard it would pick up) for ordering up the ``upcard``
    face; ``call[denom]``: the round-2 row for naming denomination 0..4."""
    held = hand | (np.uint64(1) << np.uint64(2 * upcard)) if position == 0 else hand
    length, top, side = classic_cell(held, upcard // 6)
    order[:] = round1[position, 1 if upcard % 6 == JACK else 0, length, top, side]
    for denom in range(5):
        length, top, side = classic_cell(hand, denom)
        call[denom, :] = round2[1 if TRUMP[denom] < 0 else 0, position, length, top, side]


# --------------------------------------------------------------------------- the rule's tests
# Every decision of the rule is a threshold test "estimate >= threshold", written once
# here for the hard rule and the soft one alike.  With ``soft_scale`` 0 a test is that
# comparison, 1.0 or 0.0: the rule the games, the analyser and PIMC's worlds bid by.
# With ``soft_scale`` > 0 it is the logistic sigma((estimate - threshold) / soft_scale),
# the chance soft inference gives the test; the choice among denominations (the best
# one at a rank) stays as the rule makes it.  The wishes below read the tests at
# ``soft_scale`` 0, and the chance of a bid (:func:`bid_euchre_chance`,
# :func:`classic_chance`) reads them at any width, so the soft likelihood is the rule's
# own code: at width 0 it is 1.0 for the bid the rule makes and 0.0 for any other.
# The tests, the wishes and the chances are inlined into their callers' loops
# (``inline="always"``): left as calls that pass the estimate arrays, the tests made
# the wishes four times slower than the comparisons written out in place had been.


@njit(cache=True, inline="always")
def passes(estimate, threshold, soft_scale):
    """The test "``estimate`` clears ``threshold``": 1.0 or 0.0 at ``soft_scale`` 0, else
    the logistic of that width (far below the threshold exp overflows to inf: 0.0)."""
    if soft_scale == 0.0:
        return 1.0 if estimate >= threshold else 0.0
    return 1.0 / (1.0 + np.exp(-(estimate - threshold) / soft_scale))


@njit(cache=True, inline="always")
def top_rank(has_hog):
    """The highest bid-euchre rank: Hog's with Hog, else the exchange contract's."""
    return HOG_RANK if has_hog else EXCHANGE_RANK


@njit(cache=True, inline="always")
def rank_estimate(level, exchange, hog, rank, denom):
    """The estimate of bidding ``rank`` in ``denom``: P(takes >= rank) for a level, else
    P(all 8) after the exchange (EXCHANGE_RANK) or alone (HOG_RANK)."""
    if rank == HOG_RANK:
        return hog[denom]
    if rank == EXCHANGE_RANK:
        return exchange[denom]
    return level[denom, rank - 1]


@njit(cache=True, inline="always")
def rank_threshold(thresholds, has_hog, rank):
    """The threshold of ``rank``: ``level_threshold`` for a level, ``pig_threshold`` for
    Pig (with Hog) or ``alone_threshold`` for six-handed Alone, ``hog_threshold`` for Hog."""
    if rank == HOG_RANK:
        return thresholds[HOG_T]
    if rank == EXCHANGE_RANK:
        return thresholds[PIG_T if has_hog else ALONE_T]
    return thresholds[LEVEL_T]


@njit(cache=True, inline="always")
def rank_test(level, exchange, hog, thresholds, has_hog, rank, soft_scale):
    """Bid-euchre ``rank``'s test on its best denomination (ties to the lower index):
    (:func:`passes` of that estimate, the denomination).  Ranks are kernels.rankings':
    1..LEVELS the levels, then EXCHANGE_RANK and HOG_RANK.  A denomination's shift
    (column ``SHIFT_T + denom``) is subtracted from its estimate, which is adding it to
    the threshold of a bid in that denomination; the best denomination is the one with
    the most to spare.  (A shift of 0 leaves the estimate exactly as it was.)"""
    best = 0
    best_value = rank_estimate(level, exchange, hog, rank, 0) - thresholds[SHIFT_T]
    for denom in range(1, 6):
        value = rank_estimate(level, exchange, hog, rank, denom) - thresholds[SHIFT_T + denom]
        if value > best_value:
            best, best_value = denom, value
    return passes(best_value, rank_threshold(thresholds, has_hog, rank), soft_scale), best


@njit(cache=True, inline="always")
def classic_test(order, call, thresholds, upcard_suit, no_trump, round_one, soft_scale):
    """A classic turn's tests: (:func:`passes` of making, of going alone, the
    denomination).  Round 1 orders up the upcard's suit on P(make) against
    ``order_up_threshold``; round 2 calls the callable denomination with the best P(make)
    (not the upcard's suit; High No Trump only with ``no_trump``) against
    ``call_threshold``.  Either goes alone on P(march alone) against ``alone_threshold``."""
    if round_one:
        return (
            passes(order[0], thresholds[ORDER_UP_T], soft_scale),
            passes(order[2], thresholds[ALONE_T], soft_scale),
            upcard_suit,
        )
    best = -1
    best_make = -1.0
    for denom in range(5):
        make = call[denom, 0] if denom != upcard_suit and (denom < 4 or no_trump) else -1.0
        if best < 0 or make > best_make:
            best, best_make = denom, make
    return (
        passes(best_make, thresholds[CALL_T], soft_scale),
        passes(call[best, 2], thresholds[ALONE_T], soft_scale),
        best,
    )


# --------------------------------------------------------------------------- wishes


@njit(cache=True, inline="always")
def bid_euchre_wish(level, exchange, hog, thresholds, has_hog):
    """(rank, denomination) the seat wants, rank 0 for none (strategy.bid_euchre_wishes):
    the highest rank whose test passes, in its best denomination (with none, the best
    at level 1)."""
    for rank in range(top_rank(has_hog), 0, -1):
        clear, denom = rank_test(level, exchange, hog, thresholds, has_hog, rank, 0.0)
        if clear == 1.0:
            return rank, denom
    return 0, rank_test(level, exchange, hog, thresholds, has_hog, 1, 0.0)[1]


@njit(cache=True)
def bid_euchre_code(rank, denom):
    """The bid code of a bid-euchre wish (NO_BID for none)."""
    return rank * 6 + denom if rank > 0 else NO_BID


@njit(cache=True, inline="always")
def classic_wish(order, call, thresholds, upcard_suit, no_trump):
    """(order up?, alone?, call denomination or -1, alone?) (strategy.classic_wishes): the
    round-1 and round-2 tests of :func:`classic_test`; alone only with the bid."""
    make, alone, _ = classic_test(order, call, thresholds, upcard_suit, no_trump, True, 0.0)
    ordered = make == 1.0
    order_alone = ordered and alone == 1.0
    make, alone, best = classic_test(order, call, thresholds, upcard_suit, no_trump, False, 0.0)
    called = best if make == 1.0 else -1
    return ordered, order_alone, called, called >= 0 and alone == 1.0


@njit(cache=True)
def classic_codes(ordered, order_alone, called, call_alone, upcard_suit):
    """The bid codes of a classic seat's wishes: (round 1, round 2), NO_BID for none."""
    first = upcard_suit * 2 + (1 if order_alone else 0) if ordered else NO_BID
    second = CALL_BASE + called * 2 + (1 if call_alone else 0) if called >= 0 else NO_BID
    return first, second


@njit(cache=True)
def auction_rank(code, classic):
    """The rank a bid holds in the auction: a bid-euchre code's rank (0 for a pass); every
    classic bid 0 (the first order-up or call ends the auction)."""
    return 0 if classic or code < 0 else code // 6


@njit(cache=True)
def allowed_bid(wish, floor, classic):
    """The bid a seat makes from its ``wish`` when the auction's high bid has rank
    ``floor``: the wish if it outranks that (classic bids all rank 0, against floor -1),
    else a pass.  (A dealer who may not pass is decided by table.stuck_choice.)"""
    if wish >= 0 and auction_rank(wish, classic) > floor:
        return wish
    return NO_BID


@njit(cache=True, inline="always")
def bid_euchre_chance(level, exchange, hog, thresholds, has_hog, floor, code, soft_scale):
    """The chance the seat bids ``code`` (NO_BID: passes) at a turn whose high bid has
    rank ``floor``, its tests at ``soft_scale``.  The seat wants rank r when r's test
    passes and no higher rank's does, and bids its wish when it outranks ``floor``: a
    pass has the chance that no rank above ``floor`` passes, a bid (r, d) the chance it
    wants r if d is r's best denomination, else 0.  (A stuck dealer's forced bid is the
    caller's: table.stuck_choice.)"""
    wanted = 0 if code == NO_BID else code // 6
    if code != NO_BID and wanted <= floor:
        return 0.0
    none_above = 1.0  # the chance that no rank above the one reached passes
    for rank in range(top_rank(has_hog), max(wanted, floor), -1):
        clear, _ = rank_test(level, exchange, hog, thresholds, has_hog, rank, soft_scale)
        none_above = none_above * (1.0 - clear)
    if code == NO_BID:
        return none_above
    clear, denom = rank_test(level, exchange, hog, thresholds, has_hog, wanted, soft_scale)
    return clear * none_above * (1.0 if denom == code % 6 else 0.0)


@njit(cache=True, inline="always")
def classic_chance(order, call, thresholds, upcard_suit, no_trump, round_one, code, soft_scale):
    """The chance a classic seat bids ``code`` (NO_BID: passes) in round 1 or 2, its tests
    at ``soft_scale``: a pass has the chance that the make test fails, a bid the chance
    it passes in the bid's denomination, times that of going alone or not as bid."""
    make, alone, denom = classic_test(order, call, thresholds, upcard_suit, no_trump, round_one, soft_scale)
    if code == NO_BID:
        return 1.0 - make
    named, goes_alone = divmod(code if code < CALL_BASE else code - CALL_BASE, 2)
    return (1.0 if named == denom else 0.0) * make * (alone if goes_alone else 1.0 - alone)


# --------------------------------------------------------------------------- a hand's bid under a check

# What the auction's check needs: ``classic``, ``has_hog`` (bid euchre's exchange
# threshold is pig_threshold with Hog, alone_threshold without), ``no_trump`` (classic
# High No Trump callable), ``dealer``, the ``upcard`` face (classic; -1 none),
# ``thresholds[seat, context]`` after the score terms, in each bid context
# (strategy.bid_context: who held the high bid when the seat spoke, and in which
# denomination), the evaluator's ``bid_grid``, ``round1`` and ``round2`` estimates, and
# ``bids``: rows (seat, round one?, floor, code, context), each a bid the seat made at
# that point of the auction; ``soft_scale``: 0 for exact inference (a world explains the
# auction or not), else soft inference's logistic width (a world passes with the
# auction's soft chance: kernels.world_auction.auction_heard); ``picked_up``: the classic
# dealer picked the upcard up, so its bids are tested on the hands it may have been dealt
# (world_auction.picked_up_chance); ``exchanger``: the bid-euchre Pig or Alone bidder whose
# bids are tested on the hands it may have been dealt before its partners' gifts and its
# discards (world_auction.exchange_chance), or -1.  A namedtuple, so numba keeps each
# field a plain value.
AuctionCheck = namedtuple(
    "AuctionCheck",
    [
        "classic",
        "has_hog",
        "no_trump",
        "dealer",
        "upcard",
        "thresholds",
        "bid_grid",
        "round1",
        "round2",
        "bids",
        "soft_scale",
        "picked_up",
        "exchanger",
    ],
)


def no_auction() -> AuctionCheck:
    """The AuctionCheck of no bids: worlds need explain nothing (the same numba types as
    table.auction_check's, so the kernels compile once)."""
    tables = tuple(np.zeros((1,) * dims + (outcomes,)) for dims, outcomes in ((4, 10), (5, 3), (5, 3)))
    thresholds = np.zeros((1, 1, SHIFT_T + 6))
    return AuctionCheck(
        False, False, False, 0, -1, thresholds, *tables, np.zeros((0, 5), np.int64), 0.0, False, -1
    )


@njit(cache=True)
def seat_estimates(hand, seat, check, level_row, order_row, call_rows):
    """Fill the estimate rows of ``seat`` holding ``hand`` (as dealt) under ``check``'s
    tables: ``order_row`` and ``call_rows`` in classic, ``level_row`` in bid euchre."""
    if check.classic:
        position = (seat - check.dealer) % check.thresholds.shape[0]
        classic_estimate(hand, position, check.upcard, check.round1, check.round2, order_row, call_rows)
    else:
        bid_estimate(hand, check.bid_grid, level_row)


@njit(cache=True)
def model_bid(hand, seat, round_one, floor, context, check, level_row, order_row, call_rows):
    """The code ``seat`` bids from ``hand`` (as dealt) at a turn whose high bid has rank
    ``floor`` in bid ``context``, under the table model of ``check``; the ``*_row(s)``
    are work arrays."""
    thresholds = check.thresholds[seat, context]
    seat_estimates(hand, seat, check, level_row, order_row, call_rows)
    if check.classic:
        suit = check.upcard // 6
        ordered, order_alone, called, call_alone = classic_wish(
            order_row, call_rows, thresholds, suit, check.no_trump
        )
        first, second = classic_codes(ordered, order_alone, called, call_alone, suit)
        return allowed_bid(first if round_one else second, floor, True)
    rank, denom = bid_euchre_wish(
        level_row[:, :LEVELS], level_row[:, LEVELS], level_row[:, LEVELS + 1], thresholds, check.has_hog
    )
    return allowed_bid(bid_euchre_code(rank, denom), floor, False)


@njit(cache=True)
def bid_chance(
    hand, seat, round_one, floor, code, context, check, soft_scale, level_row, order_row, call_rows
):
    """The chance ``seat`` bids ``code`` from ``hand`` (as dealt) at that turn under the
    table model of ``check``, every threshold test a logistic of width ``soft_scale``
    (soft inference's likelihood of the bid; at width 0, 1.0 when model_bid makes it)."""
    thresholds = check.thresholds[seat, context]
    seat_estimates(hand, seat, check, level_row, order_row, call_rows)
    if check.classic:
        return classic_chance(
            order_row, call_rows, thresholds, check.upcard // 6, check.no_trump, round_one, code, soft_scale
        )
    return bid_euchre_chance(
        level_row[:, :LEVELS],
        level_row[:, LEVELS],
        level_row[:, LEVELS + 1],
        thresholds,
        check.has_hog,
        floor,
        code,
        soft_scale,
    )


# --------------------------------------------------------------------------- loops for numpy callers


@njit(parallel=True, cache=True)
def bid_features_many(hands, denoms):
    """(R, 3) uncapped (length, run, side) of face-space ``hands[r]`` in ``denoms[r]``."""
    out = np.empty((hands.shape[0], 3), np.int64)
    for r in prange(hands.shape[0]):
        out[r, 0] = suit_length(hands[r], denoms[r])
        out[r, 1] = top_run(hands[r], denoms[r])
        out[r, 2] = popcount(hands[r] & SIDE_CARDS[denoms[r]])
    return out


@njit(parallel=True, cache=True)
def classic_features_many(hands, denoms):
    """(R, 3) capped classic (length, top, side) of ``hands[r]`` in ``denoms[r]``."""
    out = np.empty((hands.shape[0], 3), np.int64)
    for r in prange(hands.shape[0]):
        out[r, 0], out[r, 1], out[r, 2] = classic_cell(hands[r], denoms[r])
    return out


@njit(parallel=True, cache=True)
def bid_estimates_many(hands, table):
    """(R, 6, 10) bid-euchre estimate rows of face-space ``hands``."""
    out = np.empty((hands.shape[0], 6, table.shape[-1]), np.float64)
    for r in prange(hands.shape[0]):
        bid_estimate(hands[r], table, out[r])
    return out


@njit(parallel=True, cache=True)
def classic_estimates_many(hands, dealers, upcards, round1, round2):
    """Classic estimate rows of ``hands[g, seat]``: (G, N, 3) to order up, (G, N, 5, 3) to call."""
    games, n_seats = hands.shape
    order = np.empty((games, n_seats, round1.shape[-1]), np.float64)
    call = np.empty((games, n_seats, 5, round2.shape[-1]), np.float64)
    for g in prange(games):
        for seat in range(n_seats):
            position = (seat - dealers[g]) % n_seats
            classic_estimate(
                hands[g, seat], position, upcards[g], round1, round2, order[g, seat], call[g, seat]
            )
    return order, call


@njit(parallel=True, cache=True)
def bid_euchre_wishes_many(level, exchange, hog, thresholds, has_hog):
    """Rank, denomination and code of each wish: ``level`` (R, 6, 8), ``exchange`` and
    ``hog`` (R, 6), ``thresholds`` (R, 12)."""
    count = level.shape[0]
    rank = np.empty(count, np.int64)
    denom = np.empty(count, np.int64)
    code = np.empty(count, np.int64)
    for r in prange(count):
        rank[r], denom[r] = bid_euchre_wish(level[r], exchange[r], hog[r], thresholds[r], has_hog)
        code[r] = bid_euchre_code(rank[r], denom[r])
    return rank, denom, code


@njit(parallel=True, cache=True)
def classic_wishes_many(order, call, thresholds, upcard_suits, no_trump):
    """Each seat's classic wishes and codes: ``order`` (R, 3), ``call`` (R, 5, 3),
    ``thresholds`` (R, 12), ``upcard_suits`` (R,).  Returns (R, 6) int64 columns: order up,
    alone, call (-1 none), call alone, round-1 code, round-2 code."""
    out = np.empty((order.shape[0], 6), np.int64)
    for r in prange(order.shape[0]):
        ordered, order_alone, called, call_alone = classic_wish(
            order[r], call[r], thresholds[r], upcard_suits[r], no_trump
        )
        out[r, 0], out[r, 1], out[r, 2], out[r, 3] = ordered, order_alone, called, call_alone
        out[r, 4], out[r, 5] = classic_codes(ordered, order_alone, called, call_alone, upcard_suits[r])
    return out


@njit(cache=True)
def allowed_bids_many(wishes, floors, classic):
    """:func:`allowed_bid` of each wish code in ``wishes`` against its ``floors``."""
    out = np.empty(wishes.shape[0], np.int64)
    for r in range(wishes.shape[0]):
        out[r] = allowed_bid(wishes[r], floors[r], classic)
    return out


@njit(cache=True)
def auction_ranks_many(codes, classic):
    """:func:`auction_rank` of each bid code."""
    out = np.empty(codes.shape[0], np.int64)
    for r in range(codes.shape[0]):
        out[r] = auction_rank(codes[r], classic)
    return out


@njit(parallel=True, cache=True)
def bid_euchre_chances_many(level, exchange, hog, thresholds, has_hog, floor, code, soft_scale):
    """:func:`bid_euchre_chance` of one bid on each row: ``level`` (R, 6, 8), ``exchange``
    and ``hog`` (R, 6), ``thresholds`` (R, 12)."""
    out = np.empty(level.shape[0], np.float64)
    for r in prange(level.shape[0]):
        out[r] = bid_euchre_chance(
            level[r], exchange[r], hog[r], thresholds[r], has_hog, floor, code, soft_scale
        )
    return out


@njit(parallel=True, cache=True)
def classic_chances_many(order, call, thresholds, upcard_suits, no_trump, round_one, code, soft_scale):
    """:func:`classic_chance` of one bid on each row: ``order`` (R, 3), ``call`` (R, 5, 3),
    ``thresholds`` (R, 12), ``upcard_suits`` (R,)."""
    out = np.empty(order.shape[0], np.float64)
    for r in prange(order.shape[0]):
        out[r] = classic_chance(
            order[r], call[r], thresholds[r], upcard_suits[r], no_trump, round_one, code, soft_scale
        )
    return out
