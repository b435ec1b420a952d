"""Pig / six-handed Alone discards and partner gifts; the classic dealer pick-up discard.

One card order serves every exchange decision, ``EXCHANGE_KEY[denom, face]``: any trump
is above any other card (trumps in their contract order); other cards go by rank
(A high, 9 high in Low No Trump; the suit that lost its jack keeps A K Q 10 9), and
equal ranks by suit order Clubs < Diamonds < Hearts < Spades.  Gifts take the top of
this order, the void-first discard policy the bottom.
"""

import numpy as np

from .bits import lowest_bit, popcount
from .jit import njit
from .rankings import LOW_NO_TRUMP, NUM_DENOMS, ONE, POSITION, SUIT_AT, TRUMP, ZERO

GIFT_HIGHEST = 0


GIFT_LOWEST = 1


def _build_exchange_tables():
    key = np.zeros((NUM_DENOMS, 24), np.int64)
    top_side = np.zeros((NUM_DENOMS, 24), np.bool_)  # a non-trump card of the best rank
    for denom in range(NUM_DENOMS):
        for face in range(24):
            position = POSITION[denom, face]
            if SUIT_AT[denom, position] == TRUMP[denom]:
                key[denom, face] = 100 + position
                continue
            rank_power = 5 - face % 6 if denom == LOW_NO_TRUMP else face % 6
            key[denom, face] = rank_power * 4 + face // 6
            top_side[denom, face] = rank_power == 5
    return key, top_side


EXCHANGE_KEY, TOP_SIDE_CARD = _build_exchange_tables()


@njit(cache=True)
def gift_card(hand, denom, policy):
    """Face-space bit of the card a partner gives: the top (or bottom) of the exchange order."""
    best_bit = -1
    best_key = -1
    rest = np.uint64(hand)
    while rest:
        bit = lowest_bit(rest)
        rest &= rest - ONE
        key = EXCHANGE_KEY[denom, bit >> 1]
        if policy == GIFT_LOWEST:
            key = 1000 - key
        if key > best_key:
            best_key = key
            best_bit = bit
    return best_bit


@njit(cache=True)
def _suit_counts(hand, denom, counts):
    for s in range(4):
        counts[s] = 0
    rest = np.uint64(hand)
    while rest:
        bit = lowest_bit(rest)
        rest &= rest - ONE
        counts[SUIT_AT[denom, POSITION[denom, bit >> 1]]] += 1


@njit(cache=True)
def _discard_cost(bits, n_bits, denom, counts):
    """Cost of discarding ``bits[:n_bits]`` (lower is better) under the void-first policy.

    In order: fewer trumps, fewer top side cards, more side suits emptied, then the
    weakest cards (the stronger discarded card first).
    """
    trumps = 0
    tops = 0
    strong = 0
    weak = 0
    for i in range(n_bits):
        face = bits[i] >> 1
        suit = SUIT_AT[denom, POSITION[denom, face]]
        counts[suit] -= 1
        if suit == TRUMP[denom]:
            trumps += 1
        if TOP_SIDE_CARD[denom, face]:
            tops += 1
        key = EXCHANGE_KEY[denom, face]
        if key > strong:
            weak = strong
            strong = key
        elif key > weak:
            weak = key
    voids = 0
    for i in range(n_bits):
        suit = SUIT_AT[denom, POSITION[denom, bits[i] >> 1]]
        if counts[suit] == 0 and suit != TRUMP[denom]:
            voids += 1
            counts[suit] = -1  # count each emptied suit once
    return (((trumps * 3 + tops) * 3 + (2 - voids)) * 128 + strong) * 128 + weak


@njit(cache=True)
def void_first_discards(hand, denom, count):
    """Face-space mask of the ``count`` (1 or 2) cards the void-first policy discards."""
    cards = np.empty(popcount(hand), np.int64)
    rest = np.uint64(hand)
    for i in range(cards.shape[0]):
        cards[i] = lowest_bit(rest)
        rest &= rest - ONE
    counts = np.zeros(4, np.int64)
    chosen = np.zeros(2, np.int64)
    best = np.zeros(2, np.int64)
    best_cost = -1
    n = cards.shape[0]
    for i in range(n):
        for j in range(i, n):
            if (j == i) != (count == 1):
                continue  # one discard: the pairs (i, i); two discards: i < j
            chosen[0] = cards[i]
            chosen[1] = cards[j]
            _suit_counts(hand, denom, counts)
            cost = _discard_cost(chosen, count, denom, counts)
            if best_cost < 0 or cost < best_cost:
                best_cost = cost
                best[0] = chosen[0]
                best[1] = chosen[1]
    out = ONE << np.uint64(best[0])
    if count == 2:
        out |= ONE << np.uint64(best[1])
    return out


@njit(cache=True)
def void_first_discards_many(hands, denom, count):
    """``void_first_discards`` of each hand mask in ``hands``."""
    out = np.empty(hands.shape[0], np.uint64)
    for d in range(hands.shape[0]):
        out[d] = void_first_discards(hands[d], denom, count)
    return out


@njit(cache=True)
def gifts_many(hands, denom, bidder, policy):
    """Per deal, the face-space mask of the two cards the bidder's partners give."""
    count, n_seats = hands.shape
    out = np.zeros(count, np.uint64)
    for d in range(count):
        for partner in range(n_seats):
            if partner != bidder and (partner & 1) == (bidder & 1):
                out[d] |= ONE << np.uint64(gift_card(hands[d, partner], denom, policy))
    return out


@njit(cache=True)
def exchange_many(hands, denom, bidder, discards, policy):
    """Pig / Alone: the bidder drops ``discards[d]``, then each partner gives its gift card."""
    count, n_seats = hands.shape
    out = hands.copy()
    for d in range(count):
        received = ZERO
        for partner in range(n_seats):
            if partner != bidder and (partner & 1) == (bidder & 1):
                gift = ONE << np.uint64(gift_card(hands[d, partner], denom, policy))
                out[d, partner] = hands[d, partner] & ~gift
                received |= gift
        out[d, bidder] = (hands[d, bidder] & ~discards[d]) | received
    return out
