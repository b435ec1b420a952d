"""Strong hands dealt on purpose: a study's "the bidder holds N+ trumps" condition.

Under random deals a hand worth Hog is rare (about once in 440,000 hands per suit in
Pigs and Hogs), so no study of practical size meets enough of them to say where Hog
starts to pay.  A *conditioned* study (``study --trumps N``) deals every hand it studies
with at least ``N`` trumps instead, exactly and honestly:

* **The condition.**  Seat 1 (index :data:`BIDDER`) holds at least ``N`` cards of
  :data:`TRUMP_SUIT` (Hearts) counted as trumps: the left bower (the jack of Diamonds)
  counts as a Heart.  The four suits are symmetric, so one suit stands for all of them;
  the study plays seat 1 as the bidder with Hearts trump, nothing else.
* **Exact uniform deals.**  The deals come from the constrained dealer of
  :mod:`.constraints` (suit lengths per seat, in the effective suits of Hearts): every
  bidder's hand is uniform among the hands meeting the condition, and the other seats'
  hands are uniform given it.  Deal ``i`` is a pure function of ``(seed, i)``.
* **Its exact probability.**  :func:`condition_probability` is the hypergeometric tail
  over the variant's deck, as an exact fraction, so a summary can say how rare the
  hands are ("hands like this come once in N hands").

Outcomes *given the bidder's hand* are the same as under random deals (the other hands
are uniform given it either way), so every summary row of hands that all meet the
condition (e.g. "7 trumps") is unbiased.  Rows pooled over trump counts are summaries of
the conditioned population only; other suits and no trump would be biased by the
condition and are not played.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ..kernels.rankings import JACK
from ..rules.cards import SUIT_NAMES, face_of
from ..rules.variants import RulesError, as_variant
from .constraints import DealConstraints, SuitLength, suit_group
from .deal import deal_unseen, deck_mask

BIDDER = 0
"""The seat (0-based) dealt the strong hand: seat 1, the bidder of every contract studied."""
TRUMP_SUIT = 2
"""The suit the condition counts and the study plays as trump: Hearts."""


def check_trumps(variant, trumps: int) -> int:
    """``trumps`` if it is a length a hand of ``variant`` can hold, else RulesError naming it."""
    variant = as_variant(variant)
    if variant.classic:
        raise RulesError(
            f"--trumps {trumps}: strong-hand studies are for pigs-and-hogs and six-handed "
            f"({variant.name} studies every seat of random deals)"
        )
    most = min(variant.hand_size, trump_cards(variant))
    if isinstance(trumps, bool) or not isinstance(trumps, int) or not 0 <= trumps <= most:
        raise RulesError(
            f"--trumps {trumps}: a {variant.name} hand holds 0 to {most} trumps; "
            "give a whole number in that range"
        )
    return trumps


def trump_cards(variant, suit: int = TRUMP_SUIT) -> int:
    """Cards of the variant's deck that are trumps with ``suit`` trump (the left bowers included)."""
    deck = deck_mask(variant)
    return sum(1 for bit in range(48) if deck >> bit & 1 and suit_group(bit >> 1, suit) == suit)


def condition_probability(variant, trumps: int) -> Fraction:
    """Exact chance that one hand of a random deal holds ``trumps`` or more trumps of one
    named suit (left bower included): the hypergeometric tail over the variant's deck."""
    variant = as_variant(variant)
    deck = deck_mask(variant).bit_count()
    suit = trump_cards(variant)
    hand = variant.hand_size
    tail = sum(math.comb(suit, k) * math.comb(deck - suit, hand - k) for k in range(trumps, hand + 1))
    return Fraction(tail, math.comb(deck, hand))


def once_in(probability: Fraction) -> str:
    """ "every hand", or "once in 12,345 hands" (rounded to a whole number of hands)."""
    if probability >= 1:
        return "every hand"
    return f"once in {round(1 / probability):,} hands"


def constraints(variant, trumps: int) -> DealConstraints:
    """The suit length that deals the condition: seat 1 holds ``trumps``+ Hearts as trumps."""
    hand = as_variant(variant).hand_size
    return DealConstraints((SuitLength(BIDDER, TRUMP_SUIT, trumps, hand),), denom=TRUMP_SUIT)


def deal_strong(variant, trumps: int, seed: int, first_index: int, count: int):
    """Deals ``first_index .. first_index + count - 1`` of the seed meeting the condition,
    as a ``(count, players)`` array of face-space masks (every seat's hand)."""
    return deal_unseen(
        variant, {}, seed=seed, first_index=first_index, count=count, constraints=constraints(variant, trumps)
    )


def exact(probability: Fraction) -> str:
    """An exact probability as a reader checks it: "91/11,434,818 = 7.96e-06"."""
    return f"{probability.numerator:,}/{probability.denominator:,} = {float(probability):.3g}"


def describe(variant, trumps: int) -> str:
    """The condition as a player reads it, with how rare it is."""
    left = face_of(3 - TRUMP_SUIT, JACK)
    probability = condition_probability(variant, trumps)
    return (
        f"seat 1 dealt {trumps}+ {SUIT_NAMES[TRUMP_SUIT]} counting the left bower "
        f"(J{SUIT_NAMES[left // 6][0]}), Hearts trump: a hand holds that {once_in(probability)} "
        f"(exact probability {exact(probability)})"
    )


__all__ = [
    "BIDDER",
    "TRUMP_SUIT",
    "check_trumps",
    "condition_probability",
    "constraints",
    "deal_strong",
    "describe",
    "exact",
    "once_in",
    "trump_cards",
]
