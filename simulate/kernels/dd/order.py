"""The solver's move generation and ordering.

Equivalent cards are generated once: two cards of one hand in one suit with no card of
another hand (or the trick's winning card) between or level with them in rank.  Order:
the ply's killers (the leads that last cut off there), the table's best lead, sure
winners, low leads towards a partner's winner or ruff, leads in suits where few seats
are void; following, the cheapest safe winner, then the cheapest winner, then low
(dd_order_moves).  After a move fails, the cards of its suit that its refutation shows
fail too are skipped (dd_refuted_with).  ``moves[ply]`` holds the ordered moves of each ply.
"""

import numpy as np

from ..bits import highest_bit, lowest_bit, popcount
from ..contract import legal_cards
from ..jit import njit
from ..rankings import ONE, SUIT_AT, SUIT_MASK, TRUMP, ZERO
from .position import SEATS, dd_above, dd_face_and_above, dd_face_bits, dd_ruffers, dd_side_seats


@njit(cache=True)
def dd_move_classes(legal, other_faces, denom):
    """The lowest card of each class of equivalent cards among ``legal``.

    Cards of one suit are equivalent when no face held elsewhere (``other_faces``, as
    from dd_face_bits) lies between them or level with either of them: every other card
    then compares the same against both, so playing one or the other cannot matter.
    """
    reps = ZERO
    prev_face = np.int64(-1)
    prev_suit = np.int64(-1)
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        face = card >> 1
        suit = SUIT_AT[denom, face]
        if suit == prev_suit:
            span = (ONE << np.uint64(2 * face + 1)) - (ONE << np.uint64(2 * prev_face))
            if (other_faces & span) == ZERO:
                prev_face = face
                continue
        reps |= ONE << np.uint64(card)
        prev_face = face
        prev_suit = suit
    return reps


@njit(cache=True)
def dd_faces_from(face):
    """Every card of ``face`` or a higher one (all cards when ``face`` is 0 or -1)."""
    if face <= 0:
        return ~ZERO
    return ~((ONE << np.uint64(2 * face)) - ONE)


@njit(cache=True, inline="always")
def dd_safe_winners(threat_suit, threat_trump, denom):
    """The cards that, winning the trick, stay the winner against later opponents whose
    best card of the led suit has face ``threat_suit`` and whose best ruff
    ``threat_trump`` (-1: none).  A later identical copy only ties, so equal faces are
    safe: a trump when no later opponent follows suit and none holds a higher trump,
    any card at or above ``threat_suit`` when no later opponent can ruff."""
    safe = ZERO
    if threat_trump < 0:
        safe = dd_faces_from(threat_suit)
    trump = TRUMP[denom]
    if trump >= 0 and threat_suit < 0:
        safe |= SUIT_MASK[denom, trump] & dd_faces_from(threat_trump)
    return safe


@njit(cache=True, inline="always")
def dd_winners(winner_card, denom):
    """The cards that take the trick from ``winner_card``: higher, of its suit or trump."""
    suits = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    if TRUMP[denom] >= 0:
        suits |= SUIT_MASK[denom, TRUMP[denom]]
    return dd_above(ONE << np.uint64(winner_card)) & suits


@njit(cache=True, inline="always")
def dd_order_following(
    hands, level, seat, turn, leader, winner_seat, winner_card, led_suit, reps, denom, moves, ply
):
    """dd_order_moves's order for a seat following suit (or ruffing or discarding in a
    trump contract): ``reps`` written to ``moves[ply]``; the number of moves.

    The cards that take the trick from ``winner_card`` (higher, of its suit or trump)
    are the winners.  Under a partner's safe winner (dd_safe_winners, against the
    opponents still to play) the other cards go first, then the winners; otherwise the
    winners that stay winners, then the other winners, then the rest; in each group the
    lowest card first.  A seat with no winner plays its lowest card first, and the
    seats still to play are not looked at.  Worked out on masks rather than card by
    card, since ordering the moves inside tricks is a large share of the solver's time.
    """
    winners = reps & dd_winners(winner_card, denom)
    groups = (reps, ZERO, ZERO)
    if winners != ZERO:
        trump = TRUMP[denom]
        led_block = SUIT_MASK[denom, led_suit]
        threat_suit = np.int64(-1)
        threat_trump = np.int64(-1)
        s = turn[seat]
        while s != leader:
            if (s & 1) != (seat & 1):
                held = hands[level, s]
                if held & led_block:
                    threat_suit = max(threat_suit, highest_bit(held & led_block) >> 1)
                elif trump >= 0 and held & SUIT_MASK[denom, trump]:
                    threat_trump = max(threat_trump, highest_bit(held & SUIT_MASK[denom, trump]) >> 1)
            s = turn[s]
        safe = dd_safe_winners(threat_suit, threat_trump, denom)
        if (winner_seat & 1) == (seat & 1) and (safe >> np.uint64(winner_card)) & ONE:
            groups = (reps & ~winners, winners, ZERO)
        else:
            groups = (winners & safe, winners & ~safe, reps & ~winners)
    n = np.int64(0)
    for cards in groups:
        while cards:
            moves[ply, n] = lowest_bit(cards)
            cards &= cards - ONE
            n += 1
    return n


@njit(cache=True, inline="always")
def dd_refuted_with(card, relevant, denom):
    """The cards of ``card``'s suit that fail wherever ``card`` failed, its refutation's
    relevant cards being ``relevant``: the suit's cards below its relevant ranks (the whole
    suit when none of it is relevant), if ``card`` is one of them; else none.

    The refutation holds for every position that agrees on ``relevant`` and on the suit
    lengths (the same guarantee the table's entries rest on).  Playing another card of
    the suit below those ranks instead leaves such a position: the two cards trade places
    between the hand and the trick, both below every rank that mattered, and each seat's
    suit lengths stay the same.  So that card fails too and need not be searched.
    Trying the low cards of a suit from the lowest up, as dd_order_moves does, a failed
    low card often settles the rest of its suit, which makes this the search's largest
    saving.
    """
    block = SUIT_MASK[denom, SUIT_AT[denom, card >> 1]]
    known = relevant & block
    below = block
    if known:
        below = block & ((ONE << np.uint64(lowest_bit(known))) - ONE)
    if (below >> np.uint64(card)) & ONE:
        return below
    return ZERO


@njit(cache=True, inline="always")
def dd_equivalents_relevant(hand, led_suit, skipped, relevant, denom):
    """Cards to add to ``relevant``, the relevant cards of a node whose every move failed,
    because its seat (holding ``hand``) skipped the cards ``skipped`` as equivalent to a
    lower card of their class (dd_move_classes).

    Take a position that agrees with this one on the cards of ``relevant`` (in each suit
    those from some rank up) and on the suit lengths.  There, a card of the seat below
    a suit's relevant ranks is an anonymous low card, and plays like the seat's lowest
    card of the suit here, which failed (the lowest card of a suit is always a class's
    card; it was searched, or skipped as refuted with a failed card of its suit whose
    relevant ranks, among ``relevant``, lie above it: dd_refuted_with).  A card at or
    above them is the same card as here; if its class's card is too, neither a card held
    elsewhere nor the trick's winning card lies between the two there either
    (dd_order_moves), so they are still equivalent, and the class's card failed there as
    here.  Only a class that straddles the relevant ranks of its suit (its class's card
    below them, a skipped card at or above) is not covered: then the suit matters from
    its class's card up.
    At most one class of a suit can straddle (classes do not overlap).  Adding every
    skipped suit from the seat's lowest card up would be sound too, but would make the
    table's entries cover far fewer positions.
    """
    reps = legal_cards(hand, denom, led_suit) & ~skipped
    out = ZERO
    while skipped:
        block = SUIT_MASK[denom, SUIT_AT[denom, lowest_bit(skipped) >> 1]]
        known = relevant & block
        if known:
            above = ~((ONE << np.uint64(lowest_bit(known))) - ONE)
            straddling = skipped & block & above
            if straddling:
                card = lowest_bit(straddling)
                kept = highest_bit(reps & block & ((ONE << np.uint64(card)) - ONE))
                if ((ONE << np.uint64(kept)) & above) == ZERO:
                    out |= dd_face_and_above(kept >> 1, denom)
        skipped &= ~block
    return out


@njit(cache=True, inline="always")
def dd_order_moves(
    hands,
    level,
    seat,
    turn,
    denom,
    leader,
    led_suit,
    winner_seat,
    winner_card,
    cards,
    played,
    best,
    killer,
    second_killer,
    moves,
    ply,
):
    """Fill ``moves[ply]`` with one card per class of equivalent legal cards, best first.

    Returns their number and the legal cards skipped as equivalent to one of them
    (see dd_equivalents_relevant).  Order, leading: the *killers* (``killer`` and
    ``second_killer``: card + 1 of the last lead with which this seat cut off at this ply
    and of the one before; 0 for none, and always 0 inside a trick), then the table's best
    lead, then sure winners, then low cards towards a partner's winner, then leads to a
    partner's ruff, then the rest.  A lead that refuted a sibling position (same ply, same
    seat on lead, other cards played before) refutes this one too more often than any rule
    below, so two killers go first: one killer, a third, the killers' suits instead of
    their cards, the killers after the table's best lead, or a best lead borrowed from
    another entry of the bucket all do worse or no better.  Inside a trick killers do
    worse than the rules below (or, tried second, save too little to show).  Sure
    winners of a plain suit go before trumps, and those of the suit in which the other
    seats hold the most cards first (trumps first, or the highest first, does worse).
    Among the other leads, those of the suits in which the fewest other seats are void
    go first (fewer discards and ruffs to fear), and in a suit its lowest card.
    Following, with a look at the opponents still to play: under a partner's safe winner
    the lowest card; otherwise the cheapest card that wins the trick safely, then the
    cheapest that a later opponent can still beat (it makes that opponent spend its high
    card or trump), then low cards; the beatable winners after the low cards search
    more nodes.  A discard at no trump comes from the suit in which the other seats hold
    the most cards above the seat's best (in trump contracts that, the shortest suit,
    the longest, or keeping the suits with a winner all do worse than the lowest card).
    ``cards`` is every card of the trick's start (in hands or played to it), ``played``
    those played to it.  Classes of equivalent cards are split by the cards held
    elsewhere and the trick's winning card, not by the cards played under it: such a
    card takes no trick and is gone after this one, so nothing compares against it any
    more (a card of the seat above it and below the winning card loses like one below
    it).  In a position agreeing on the relevant cards from some rank up, a class whose
    cards are all at or above that rank is still a class: a beaten card between two of
    them is there too, and the winning card, above it, as well (dd_equivalents_relevant).
    Splitting on the cards played under the winner as well would only search more nodes.
    """
    hand = hands[level, seat]
    legal = legal_cards(hand, denom, led_suit)
    beaten = played
    if led_suit >= 0:
        beaten &= ~(ONE << np.uint64(winner_card))
    reps = dd_move_classes(legal, dd_face_bits(cards & ~hand & ~beaten), denom)
    equivalents = legal & ~reps
    if (reps & (reps - ONE)) == ZERO:
        moves[ply, 0] = lowest_bit(reps)
        return np.int64(1), equivalents
    trump = TRUMP[denom]
    if led_suit >= 0 and (trump >= 0 or (hand & SUIT_MASK[denom, led_suit]) != ZERO):
        return dd_order_following(
            hands, level, seat, turn, leader, winner_seat, winner_card, led_suit, reps, denom, moves, ply
        ), equivalents
    # Leading, or discarding at no trump: ranked card by card.
    opponents = ZERO
    partners = ZERO
    for s in range(SEATS):
        if s != seat:
            if (s & 1) == (seat & 1):
                partners |= hands[level, s]
            else:
                opponents |= hands[level, s]
    n = np.int64(0)
    while reps:
        card = lowest_bit(reps)
        reps &= reps - ONE
        face = card >> 1
        suit = SUIT_AT[denom, face]
        if card + 1 == killer:
            rank = np.int64(7 * 64 + 2)
        elif card + 1 == second_killer:
            rank = np.int64(7 * 64 + 1)
        elif card == best:
            rank = np.int64(7 * 64)
        elif led_suit < 0:
            block = SUIT_MASK[denom, suit]
            ruffers = dd_ruffers(hands, level, denom, block)
            ruffable = (ruffers & dd_side_seats(1 - (seat & 1))) != 0
            opponents_suit = opponents & block
            if not ruffable and (opponents_suit & dd_above(ONE << np.uint64(card))) == ZERO:
                others = popcount((opponents | partners) & block)
                rank = 5 * 64 + (0 if suit == trump else 32) + min(others, 15) * 2
            elif not ruffable and (partners & block & dd_above(opponents_suit)) != ZERO:
                rank = 4 * 64 + 63 - face
            else:
                # fewest seats void in the suit, then the lowest card of the suit
                voids = np.int64(0)
                for s in range(SEATS):
                    if s != seat and (hands[level, s] & block) == ZERO:
                        voids += 1
                low = 7 - min(face - (lowest_bit(block) >> 1), 7)
                ruffs = (ruffers & dd_side_seats(seat & 1) & ~(np.int64(1) << seat)) != 0
                rank = (3 if ruffs else 2) * 64 + (7 - voids) * 8 + low
        else:
            # the suit where the other seats hold the most cards above this seat's best
            # (its cards there matter least), the suit's lowest card first
            block = SUIT_MASK[denom, suit]
            above = popcount((opponents | partners) & block & dd_above(hand & block))
            rank = 4 * 64 + min(above, 7) * 8 + 7 - min(face - (lowest_bit(block) >> 1), 7)
        key = rank * 64 + card
        i = n
        while i > 0 and moves[ply, i - 1] < key:
            moves[ply, i] = moves[ply, i - 1]
            i -= 1
        moves[ply, i] = key
        n += 1
    return n, equivalents
