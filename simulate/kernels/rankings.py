"""Ranking tables: the contract order of the 24 faces, suit masks, decks, the auction
ranks of bid euchre and the bid codes.

Contract space
--------------
Kernels never branch on "is this a bower".  For each denomination (0..3 = trump Clubs,
Diamonds, Hearts, Spades; 4 = High No Trump; 5 = Low No Trump) the 24 faces are put in
a *contract order*: each effective suit is one contiguous block, power rises with the
position inside a block, and with a trump suit the trump block (left bower included)
is the top block.  A card in contract space is bit ``2 * position + copy`` of a uint64,
so both copies of a face are adjacent and:

* following suit is ``hand & SUIT_MASK[denom, led_suit]``;
* card ``c`` beats the current winner ``w`` iff ``c >> 1 > w >> 1`` and ``c`` is of the
  winner's suit or is trump.  A later identical copy has the same ``>> 1`` value, so the
  first copy played keeps the trick without any special case.

A face is ``suit * 6 + rank`` (suits Clubs, Diamonds, Hearts, Spades; ranks 9 T J Q K A,
``NINE .. ACE``); face space is bit ``2 * face + copy``.  ``POSITION[denom, face]`` is a
face's place in the contract order, ``FACE_AT`` the inverse, ``SUIT_AT[denom,
position]`` its effective suit, ``TRUMP[denom]`` the trump suit (-1 at no trump).
"""

import numpy as np

NUM_DENOMS = 6  # trump Clubs, Diamonds, Hearts, Spades; High and Low No Trump
HIGH_NO_TRUMP = 4
LOW_NO_TRUMP = 5
NINE, TEN, JACK, QUEEN, KING, ACE = range(6)  # rank indexes: a face is suit * 6 + rank

ONE = np.uint64(1)
ZERO = np.uint64(0)


def _build_tables():
    """Contract order of the 24 faces for each denomination."""
    position = np.zeros((NUM_DENOMS, 24), np.int64)  # face -> contract position
    face_at = np.zeros((NUM_DENOMS, 24), np.int64)  # contract position -> face
    suit_at = np.zeros((NUM_DENOMS, 24), np.int64)  # contract position -> effective suit
    suit_mask = np.zeros((NUM_DENOMS, 4), np.uint64)  # effective suit -> contract-space bits
    trump = np.full(NUM_DENOMS, -1, np.int64)
    for denom in range(NUM_DENOMS):
        order = []  # (effective suit, face), weakest first within each suit block
        if denom < 4:
            trump_suit = denom
            left_bower = (3 - trump_suit) * 6 + JACK  # same colour: C<->S, D<->H
            right_bower = trump_suit * 6 + JACK
            for suit in range(4):
                if suit != trump_suit:
                    order += [(suit, suit * 6 + r) for r in range(6) if suit * 6 + r != left_bower]
            order += [(trump_suit, trump_suit * 6 + r) for r in (0, 1, 3, 4, 5)]
            order += [(trump_suit, left_bower), (trump_suit, right_bower)]
            trump[denom] = trump_suit
        elif denom == HIGH_NO_TRUMP:
            order = [(suit, suit * 6 + r) for suit in range(4) for r in range(6)]
        else:
            order = [(suit, suit * 6 + r) for suit in range(4) for r in range(5, -1, -1)]
        for pos, (suit, face) in enumerate(order):
            position[denom, face] = pos
            face_at[denom, pos] = face
            suit_at[denom, pos] = suit
            suit_mask[denom, suit] |= np.uint64(3) << np.uint64(2 * pos)
    return position, face_at, suit_at, suit_mask, trump


POSITION, FACE_AT, SUIT_AT, SUIT_MASK, TRUMP = _build_tables()


def _places():
    """``PLACE[denom, face]``: the face's place from the top of its effective suit (0 = the
    best card of the suit): the one within-suit strength order, read off the contract order."""
    place = np.zeros((NUM_DENOMS, 24), np.int64)
    for denom in range(NUM_DENOMS):
        for face in range(24):
            position = POSITION[denom, face]
            suit = SUIT_AT[denom, position]
            place[denom, face] = int((SUIT_AT[denom, position + 1 :] == suit).sum())
    return place


PLACE = _places()


SINGLE_DECK = np.uint64(0x555555555555)  # copy-0 bits: the same in face and contract space
DOUBLE_DECK = np.uint64(0xFFFFFFFFFFFF)


# --------------------------------------------------------------------------- the evaluator's cards
# Face-space masks (both copies) of the cards the evaluator's features count, per
# denomination (simulate/bidding/evaluator.py defines the features; kernels/bidding.py counts them).


def _feature_masks():
    """``TRUMP_CARDS[denom]`` (0 at no trump), ``TOP_CARDS`` (the right and left bowers; in
    no trump each suit's top card), ``SIDE_CARDS`` (side aces; in no trump each suit's
    second card), ``SUIT_CARDS[denom, suit]`` and ``RANKED_CARDS[denom, suit, k]``: the
    k-th best face of each effective suit (0 past its end)."""
    trump_cards = np.zeros(NUM_DENOMS, np.uint64)
    top = np.zeros(NUM_DENOMS, np.uint64)
    side = np.zeros(NUM_DENOMS, np.uint64)
    suits = np.zeros((NUM_DENOMS, 4), np.uint64)
    ranked = np.zeros((NUM_DENOMS, 4, 8), np.uint64)
    for denom in range(NUM_DENOMS):
        for suit in range(4):
            # positions rise with power, so the last ones are the suit's best cards
            places = [p for p in range(24) if SUIT_AT[denom, p] == suit]
            cards = [np.uint64(3) << np.uint64(2 * FACE_AT[denom, p]) for p in places]
            suits[denom, suit] = np.bitwise_or.reduce(cards)
            ranked[denom, suit, : len(cards)] = cards[::-1]
            if TRUMP[denom] < 0:
                top[denom] |= cards[-1]
                side[denom] |= cards[-2]
            elif suit == TRUMP[denom]:
                trump_cards[denom] = suits[denom, suit]
                top[denom] |= cards[-1] | cards[-2]
            else:
                side[denom] |= cards[-1]
    return trump_cards, top, side, suits, ranked


TRUMP_CARDS, TOP_CARDS, SIDE_CARDS, SUIT_CARDS, RANKED_CARDS = _feature_masks()

# --------------------------------------------------------------------------- auction ranks
# The one home of bid euchre's auction order (simulate/rules/variants.py's Variant.rank
# reads it): the levels rank 1..LEVELS, and the special contracts rank above them in
# SPECIAL_RANKS order -- first the one played with the exchange (Pig, six-handed Alone),
# then the one played without (Hog).  A variant names its specials in that order.
LEVELS = 8
EXCHANGE_RANK = LEVELS + 1
HOG_RANK = LEVELS + 2
SPECIAL_RANKS = (EXCHANGE_RANK, HOG_RANK)

# Bid codes, as the table model's arrays hold bids (simulate/bidding/table_model.py): bid euchre
# ``rank * 6 + denomination`` (the ranks above); classic ``denomination * 2 + alone`` to
# order up and ``CALL_BASE + denomination * 2 + alone`` to call.  NO_BID is a pass (or no wish).
NO_BID = -1
CALL_BASE = 8
