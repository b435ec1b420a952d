"""The rules of thumb: the card a heuristic seat plays, from what a real player sees.

The rules are listed, numbered, in the docstring of simulate/play/playout.py; comments below
cite them as "rule N".  A seat sees only its own hand, the cards played so far
(``unseen`` = the deck minus its hand minus played cards), the trick in progress, and
which seats have shown out of a suit (``voids``).  kernels.play plays seats by these
rules; kernels.evidence replays them to weigh PIMC's worlds by the cards the other seats
played.
"""

import numpy as np

from .bits import highest_bit, lowest_bit, popcount
from .contract import beats, trump_cards
from .jit import njit
from .rankings import ONE, SUIT_AT, SUIT_MASK, TRUMP, ZERO
from .seats import next_active


@njit(cache=True)
def is_master(card, unseen, denom):
    """Is ``card`` the best card left in its suit (no unseen card of its suit ranks higher)?

    An unseen second copy of the same face does not count: if it is played after ours it
    ties, and the first copy keeps the trick.
    """
    above = ~((ONE << np.uint64((card | 1) + 1)) - ONE)
    return (unseen & SUIT_MASK[denom, SUIT_AT[denom, card >> 1]] & above) == ZERO


@njit(cache=True)
def opponents_may_hold_trump(seat, unseen, voids, n_seats, active, denom):
    """Could an active opponent of ``seat`` still hold a trump, as far as ``seat`` knows?"""
    if (unseen & trump_cards(denom)) == ZERO:
        return False
    trump = TRUMP[denom]
    for other in range(n_seats):
        if (active >> other) & 1 and (other & 1) != (seat & 1) and not (voids[other] >> trump) & 1:
            return True
    return False


@njit(cache=True)
def opponents_after(seat, trick_leader, n_seats, active):
    """Bit mask of the opponents of ``seat`` who still play to this trick after it."""
    later = 0
    other = next_active(seat, n_seats, active)
    while other != trick_leader:
        if (other & 1) != (seat & 1):
            later |= 1 << other
        other = next_active(other, n_seats, active)
    return later


@njit(cache=True)
def card_by_suit_length(cards, unseen, denom, masters_only, longest):
    """A card from the shortest (or longest) suit of ``cards``; ties go to the lower suit.

    With ``masters_only`` only suits whose top card is a master count, and that top card
    is returned; otherwise the suit's lowest card.  -1 when no suit qualifies.
    """
    chosen = -1
    chosen_length = -1
    for suit in range(4):
        part = cards & SUIT_MASK[denom, suit]
        if part == ZERO:
            continue
        if masters_only:
            card = highest_bit(part)
            if not is_master(card, unseen, denom):
                continue
        else:
            card = lowest_bit(part)
        length = popcount(part)
        if chosen < 0 or (length > chosen_length if longest else length < chosen_length):
            chosen = card
            chosen_length = length
    return chosen


@njit(cache=True)
def cheapest_winner(cards, winner_card, denom):
    """The lowest of ``cards`` that takes the trick from ``winner_card``; -1 if none does."""
    while cards:
        card = lowest_bit(cards)
        if beats(card, winner_card, denom):
            return card
        cards &= cards - ONE
    return -1


@njit(cache=True)
def heuristic_lead(hand, unseen, voids, seat, n_seats, active, denom, declarer):
    """The card ``seat`` leads to a new trick (rules 1-5)."""
    trumps = hand & trump_cards(denom)
    side = hand & ~trump_cards(denom)
    trumps_out = opponents_may_hold_trump(seat, unseen, voids, n_seats, active, denom)
    if trumps_out and trumps:
        top = highest_bit(trumps)
        if is_master(top, unseen, denom):
            return top  # rule 1: draw trumps from the top
    if not trumps_out:
        card = card_by_suit_length(side, unseen, denom, True, True)
        if card >= 0:
            return card  # rule 2: cash a side winner nobody can ruff
        if trumps:
            return highest_bit(trumps)  # rule 2: every trump is a winner now
    if trumps_out and trumps and (seat & 1) == (declarer & 1):
        return lowest_bit(trumps)  # rule 3: makers keep drawing trumps
    card = card_by_suit_length(side, unseen, denom, True, False)
    if card >= 0:
        return card  # rule 4: cash a side master before it can be ruffed
    card = card_by_suit_length(side, unseen, denom, False, False)
    if card >= 0:
        return card  # rule 5: low from the shortest side suit
    return lowest_bit(trumps)


@njit(cache=True)
def heuristic_discard(hand, unseen, denom):
    """The card a seat that cannot follow throws away (rule 10)."""
    side = hand & ~trump_cards(denom)
    chosen = -1
    chosen_length = 0
    for suit in range(4):
        part = side & SUIT_MASK[denom, suit]
        if part == ZERO or is_master(lowest_bit(part), unseen, denom):
            continue  # a suit of masters only is all winners: keep it
        if chosen < 0 or popcount(part) < chosen_length:
            chosen = lowest_bit(part)
            chosen_length = popcount(part)
    if chosen >= 0:
        return chosen
    if side:
        return card_by_suit_length(side, unseen, denom, False, False)
    return lowest_bit(hand)


@njit(cache=True)
def heuristic_follow(
    hand, unseen, voids, seat, n_seats, active, denom, trick_leader, led_suit, winner_card, winner_seat
):
    """The card ``seat`` plays to a trick already led (rules 6-10)."""
    partner_winning = (winner_seat & 1) == (seat & 1)
    suit_cards = hand & SUIT_MASK[denom, led_suit]
    if suit_cards == ZERO:
        if not partner_winning:
            ruff = cheapest_winner(hand & trump_cards(denom), winner_card, denom)
            if ruff >= 0:
                return ruff  # rule 9: trump with the lowest trump that wins
        return heuristic_discard(hand, unseen, denom)
    if partner_winning:
        return lowest_bit(suit_cards)  # rule 6: never overtake a partner
    cheapest = cheapest_winner(suit_cards, winner_card, denom)
    if cheapest < 0:
        return lowest_bit(suit_cards)  # rule 8: cannot win, play low
    later = opponents_after(seat, trick_leader, n_seats, active)
    if later == 0:
        return cheapest  # rule 7: last of our opponents to play: win as cheaply as possible
    ruff_threat = False
    if led_suit != TRUMP[denom] and (unseen & trump_cards(denom)) != ZERO:
        for other in range(n_seats):
            if (
                (later >> other) & 1
                and (voids[other] >> led_suit) & 1
                and not (voids[other] >> TRUMP[denom]) & 1
            ):
                ruff_threat = True
    if not ruff_threat:
        cards = suit_cards
        while cards:
            card = lowest_bit(cards)
            if beats(card, winner_card, denom) and is_master(card, unseen, denom):
                return card  # rule 7: the cheapest card that is sure to hold the trick
            cards &= cards - ONE
    if next_active(trick_leader, n_seats, active) == seat:
        return lowest_bit(suit_cards)  # rule 8: second hand low
    return cheapest  # rule 7


@njit(cache=True)
def heuristic_card(
    hand,
    unseen,
    voids,
    seat,
    n_seats,
    active,
    denom,
    declarer,
    trick_leader,
    led_suit,
    winner_card,
    winner_seat,
):
    """The card the rules of thumb choose for ``seat`` (contract-space bit index).

    ``led_suit`` is -1 when ``seat`` leads; otherwise ``winner_card`` / ``winner_seat``
    describe who is winning the trick that ``trick_leader`` led.
    """
    if led_suit < 0:
        return heuristic_lead(hand, unseen, voids, seat, n_seats, active, denom, declarer)
    return heuristic_follow(
        hand, unseen, voids, seat, n_seats, active, denom, trick_leader, led_suit, winner_card, winner_seat
    )
