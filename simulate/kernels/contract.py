"""The contract-space card encoding: relabelling hands between face and contract space,
the legal cards of a hand, who wins a trick and how it stands after each card (see
``rankings`` for the encoding), and the deck a table plays with."""

import numpy as np

from .bits import lowest_bit
from .jit import njit
from .rankings import (
    DOUBLE_DECK,
    FACE_AT,
    HIGH_NO_TRUMP,
    ONE,
    POSITION,
    SINGLE_DECK,
    SUIT_AT,
    SUIT_MASK,
    TRUMP,
    ZERO,
)


@njit(cache=True)
def _relabel(mask, face_map):
    """Move each card's face to ``face_map[face]``, keeping its copy bit."""
    out = ZERO
    while mask:
        bit = lowest_bit(mask)
        mask &= mask - ONE
        out |= ONE << np.uint64(2 * face_map[bit >> 1] + (bit & 1))
    return out


@njit(cache=True)
def to_contract(mask, denom):
    """Face-space hand mask -> contract-space mask for ``denom``."""
    return _relabel(mask, POSITION[denom])


@njit(cache=True)
def to_face(mask, denom):
    """Contract-space mask for ``denom`` -> face-space mask (the inverse of to_contract)."""
    return _relabel(mask, FACE_AT[denom])


@njit(cache=True)
def legal_cards(hand, denom, led_suit):
    """Cards of ``hand`` (contract space) that may be played; led_suit -1 when leading."""
    if led_suit >= 0:
        follow = hand & SUIT_MASK[denom, led_suit]
        if follow:
            return follow
    return hand


@njit(cache=True)
def beats(card, winner, denom):
    """Does ``card`` take the trick from ``winner`` (both contract-space bit indexes)?"""
    if (card >> 1) <= (winner >> 1):
        return False  # lower, or an identical later copy: the first copy keeps the trick
    suit = SUIT_AT[denom, card >> 1]
    return suit == SUIT_AT[denom, winner >> 1] or suit == TRUMP[denom]


# Inlined by numba: the trick loop calls it at every card (kernels.play.play_from).
@njit(cache=True, inline="always")
def trick_after(card, seat, led_suit, winner_card, winner_seat, denom):
    """The trick in progress after ``seat`` plays ``card`` (contract space): (the led
    suit, the winning card, its seat, the effective suit ``seat`` showed out of, or -1).
    ``led_suit`` -1: ``card`` leads the trick."""
    suit = SUIT_AT[denom, card >> 1]
    if led_suit < 0:
        return suit, card, seat, -1
    if beats(card, winner_card, denom):
        winner_card = card
        winner_seat = seat
    return led_suit, winner_card, winner_seat, led_suit if suit != led_suit else -1


@njit(cache=True)
def trump_cards(denom):
    """Contract-space mask of the trump suit (empty in no trump)."""
    if denom >= HIGH_NO_TRUMP:
        return ZERO
    return SUIT_MASK[denom, TRUMP[denom]]


@njit(cache=True)
def table_deck(n_seats):
    """The deck in play: six seats play the 48-card double deck, four the 24-card deck."""
    return DOUBLE_DECK if n_seats == 6 else SINGLE_DECK
