"""The exchanges between the auction and the play, and who sits out.

* **Pig** (``pigs-and-hogs``) and **Alone** (``six-handed``): the bidder first discards
  two of the original eight cards, unseen; then each partner, without seeing the
  bidder's hand, gives one card; the partners then sit out.  The gifts therefore never
  depend on the discards, and a discarded card never comes back.
* **Classic pick-up** (``euchre``, ``piq``): when the upcard is ordered up the dealer
  adds it and discards one of the six cards (the dealer still does this when its
  partner goes alone, and then sits out).

Policies (docs/rules.md "Stated policies"), all using one card order, the
*exchange order*: every trump above every other card, trumps in their contract order
(right bower, left bower, A, K, Q, 10, 9); other cards by rank (A high; 9 high in Low
No Trump; the suit that lost its jack ranks A K Q 10 9), equal ranks by suit order
Clubs < Diamonds < Hearts < Spades (so Spades wins a tie).

* Gifts, ``"highest"`` (default): each partner gives the top card of its hand in the
  exchange order: its best trump, else its best-ranked card, ties to the later suit.
  ``"lowest"`` gives the bottom card instead: a pessimistic bound (gifts that never help).
* Discards with no search, the **void-first** policy (:func:`void_first_discards`):
  choose the card(s) that, in this order, keep every trump if possible, keep every
  non-trump card of the best rank (A, or 9 in Low No Trump) if possible, empty as many
  non-trump suits as possible, and are the weakest in the exchange order.  With one
  discard this is docs/rules.md's dealer policy "the lowest card outside trump, preferring one
  that leaves the dealer void in a suit", with the refinement that a side ace is never
  thrown to make a void while another card can go.  The analyser searches discards
  instead (all 28 pairs from :func:`discard_pairs`, the dealer's six options); games and
  playout traces use this policy.
"""

from __future__ import annotations

import numpy as np

from ..choices import GIFT_POLICY_NAMES
from ..kernels import exchange as policies
from .cards import CardError, card_count, format_card, format_cards, mask_to_faces
from .contracts import Contract
from .variants import RulesError, as_variant, seat_index

GIFT_POLICIES = dict(zip(GIFT_POLICY_NAMES, (policies.GIFT_HIGHEST, policies.GIFT_LOWEST)))


def _hands_array(hands) -> np.ndarray:
    array = np.ascontiguousarray(hands, dtype=np.uint64)
    if array.ndim != 2:
        raise RulesError(f"hands of shape {array.shape}: expected (deals, seats)")
    return array


def _gift_policy(policy: str) -> np.int64:
    if policy not in GIFT_POLICIES:
        raise RulesError(f"gift policy {policy!r}: policies are {', '.join(GIFT_POLICIES)}")
    return np.int64(GIFT_POLICIES[policy])


def _denom(denom: int) -> np.int64:
    if not 0 <= int(denom) < 6:
        raise RulesError(f"denomination {denom}: denominations are 0..5")
    return np.int64(denom)


def _seat(seat: int, n_seats: int, what: str) -> np.int64:
    return np.int64(seat_index(seat, n_seats, what))


def _per_deal(masks, count: int) -> np.ndarray:
    array = np.asarray(masks, dtype=np.uint64)
    return np.full(count, array, np.uint64) if array.ndim == 0 else np.ascontiguousarray(array)


def _describe(mask: int) -> str:
    return format_cards(mask_to_faces(int(mask)))


def partners(n_seats: int, seat: int) -> list[int]:
    """The other seats of ``seat``'s team (teams alternate round the table)."""
    return [s for s in range(n_seats) if s != seat and s % 2 == seat % 2]


def gift_cards(hands, denom: int, bidder: int, policy: str = "highest") -> np.ndarray:
    """Face-space mask of the two cards the bidder's partners give (one each), per deal."""
    hands = _hands_array(hands)
    bidder = _seat(bidder, hands.shape[1], "bidder")
    return policies.gifts_many(hands, _denom(denom), bidder, _gift_policy(policy))


def apply_exchange(hands, denom: int, bidder: int, discards, policy: str = "highest") -> np.ndarray:
    """Pig / six-handed Alone on every deal: discard two, then take one gift from each partner.

    ``discards`` is a face-space mask of two cards of the bidder's hand, one for all
    deals or one per deal.  The givers lose their gift; the caller makes the partners
    sit out (:func:`sitting_out_mask`).
    """
    hands = _hands_array(hands)
    bidder = _seat(bidder, hands.shape[1], "bidder")
    discards = _per_deal(discards, hands.shape[0])
    one = np.uint64(1)
    beyond_first = discards & (discards - one)  # the discards less their lowest card
    bad = (
        (beyond_first == 0)
        | ((beyond_first & (beyond_first - one)) != 0)
        | ((discards & ~hands[:, bidder]) != 0)
    )
    if bad.any():
        d = int(np.argmax(bad))
        raise RulesError(
            f"discards {_describe(discards[d])}: the bidder discards exactly two cards of its own "
            f"hand {_describe(hands[d, bidder])}"
        )
    _gift_policy(policy)
    return apply_exchange_unchecked(hands, _denom(denom), bidder, discards, policy)


def apply_exchange_unchecked(hands, denom: int, bidder: int, discards, policy: str = "highest") -> np.ndarray:
    """:func:`apply_exchange` without its checks, for callers whose deals are checked already
    (the analyser, at every step): ``hands`` a (deals, seats) uint64 array."""
    discards = _per_deal(discards, hands.shape[0])
    return policies.exchange_many(
        hands, np.int64(denom), np.int64(bidder), discards, np.int64(GIFT_POLICIES[policy])
    )


def discard_pairs(hand: int) -> list[int]:
    """Every distinct way to discard two cards of ``hand`` (28 for eight different cards).

    Discarding one copy of a face or the other is the same choice, so pairs are distinct
    by the faces they remove; each is a face-space mask of cards of ``hand``.
    """
    bits = [b for b in range(48) if int(hand) >> b & 1]
    seen = {}
    for i, first in enumerate(bits):
        for second in bits[i + 1 :]:
            seen.setdefault((first >> 1, second >> 1), (1 << first) | (1 << second))
    return list(seen.values())


def void_first_discards(hand: int, denom: int, count: int = 2) -> int:
    """Face-space mask of the ``count`` (1 or 2) cards the void-first policy discards."""
    if count not in (1, 2) or card_count(hand) < count:
        raise RulesError(f"void-first discards {count} of {_describe(hand)}: one or two cards of the hand")
    return int(policies.void_first_discards(np.uint64(hand), _denom(denom), np.int64(count)))


def dealer_pickup(hands, dealer: int, upcard: int, denom: int, discard: int | None = None) -> np.ndarray:
    """Classic order-up: the dealer adds the upcard (face ``upcard``) and discards one card.

    ``discard`` is a face-space mask of one card of the dealer's six, the same for every
    deal; None uses the void-first policy per deal.
    """
    hands = _hands_array(hands)
    dealer = _seat(dealer, hands.shape[1], "dealer")
    upcard_bit = np.uint64(1 << (2 * upcard))
    held = np.bitwise_or.reduce(hands, axis=1) & upcard_bit
    if held.any():
        raise CardError(f"upcard {format_card(upcard)} is also in a hand: it lies on the kitty")
    denom = _denom(denom)
    six = hands[:, dealer] | upcard_bit
    if discard is not None and (card_count(discard) != 1 or ((six & np.uint64(discard)) == 0).any()):
        raise RulesError(f"dealer's discard {_describe(discard)}: it must be one card of the dealer's six")
    return dealer_pickup_unchecked(hands, dealer, upcard, denom, discard)


def dealer_pickup_unchecked(
    hands, dealer: int, upcard: int, denom: int, discard: int | None = None
) -> np.ndarray:
    """:func:`dealer_pickup` without its checks, for callers whose deals are checked already
    (the analyser, at every step): ``hands`` a (deals, seats) uint64 array."""
    six = hands[:, dealer] | np.uint64(1 << (2 * upcard))
    if discard is None:
        discards = policies.void_first_discards_many(six, np.int64(denom), np.int64(1))
    else:
        discards = np.full(hands.shape[0], discard, np.uint64)
    out = hands.copy()
    out[:, dealer] = six & ~discards
    return out


def sitting_out_mask(variant, contract: Contract, bidder: int) -> int:
    """Bit mask of the seats that play: everyone, minus the partners of a lone bidder."""
    variant = as_variant(variant)
    n_seats = variant.players
    _seat(bidder, n_seats, "bidder")
    active = (1 << n_seats) - 1
    if contract.plays_alone:
        for partner in partners(n_seats, bidder):
            active &= ~(1 << partner)
    return active


__all__ = [
    "GIFT_POLICIES",
    "apply_exchange",
    "dealer_pickup",
    "discard_pairs",
    "gift_cards",
    "partners",
    "sitting_out_mask",
    "void_first_discards",
]
