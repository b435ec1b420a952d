"""The solver's positions: card masks of a suit's ranks, packing a position at a trick
boundary, playing a card to a trick, and the frame layout of the search stack.

Positions at trick boundaries are *packed* before they are searched or stored: in each
suit the faces still held by anyone slide up to the top of the suit's block, and the two
copies of a face go to the seats in seat order.  Positions that differ only in which
cards were played already become one table entry.

Buffers: ``hands[level, seat]`` holds the contract-space hands at trick ``level`` of the
search (each trick boundary packs its position into the next level); ``turn[seat]`` is
the next active seat (dd_turn_order); ``frames[ply]`` is the search stack (F_* below).

*Relevant cards* (DDS's "winning ranks"): the cards whose ranks an answer depends on,
as a mask of each suit's cards from some rank up (dd_face_and_above of a face).
"""

import numpy as np

from ..bits import highest_bit, lowest_bit, popcount
from ..contract import beats
from ..jit import njit
from ..rankings import ONE, SUIT_AT, SUIT_MASK, TRUMP, ZERO
from ..seats import next_active

DD_EVEN = np.uint64(0x5555555555555555)  # bit 2 * face for every face

# The seats of every search.  A four-seat deal is searched as six seats of which seats 4
# and 5 sit out (no cards; the turn skips them, as it skips any seat that sits out), so
# every loop over the seats has a trip count known when it compiles, which makes the
# search faster than with the seat count a parameter.
SEATS = 6


@njit(cache=True)
def dd_face_bits(cards):
    """Bit ``2 * face`` set for each face of which ``cards`` holds a copy."""
    return (cards | (cards >> ONE)) & DD_EVEN


@njit(cache=True)
def dd_above(cards):
    """Cards of every face strictly higher (by index) than the highest face in ``cards``."""
    if cards == ZERO:
        return ~ZERO
    top = highest_bit(cards) >> 1
    return ~((ONE << np.uint64(2 * top + 2)) - ONE)


@njit(cache=True)
def dd_level_or_above(cards):
    """Cards of every face at least as high as the highest face in ``cards``."""
    if cards == ZERO:
        return ~ZERO
    top = highest_bit(cards) >> 1
    return ~((ONE << np.uint64(2 * top)) - ONE)


@njit(cache=True)
def dd_face_and_above(face, denom):
    """``face`` and every higher face of its suit, both copies: the exact part of a suit."""
    block = SUIT_MASK[denom, SUIT_AT[denom, face]]
    return block & ~((ONE << np.uint64(2 * face)) - ONE)


@njit(cache=True)
def dd_rank_mattered(winner_card, played, denom):
    """Relevant cards of a trick won by ``winner_card`` among ``played``: its range if
    another card of its suit was played (a comparison of ranks decided it), else none."""
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    if popcount(played & block) > 1:
        return dd_face_and_above(winner_card >> 1, denom)
    return ZERO


@njit(cache=True)
def dd_relevant_to_input(relevant, present, denom):
    """Relevant cards of a packed row back in the coordinates of the row it came from."""
    out = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        part = relevant & block & DD_EVEN
        if part:
            faces = present & block
            for _ in range(popcount(part) - 1):
                if faces & (faces - ONE):
                    faces &= ~(ONE << np.uint64(highest_bit(faces)))
            if faces:
                out |= dd_face_and_above(highest_bit(faces) >> 1, denom)
    return out


@njit(cache=True, inline="always")
def dd_pack(hands, level, denom):
    """Write ``hands[level + 1]``: ``hands[level]`` with every suit packed to the top.

    Faces nobody holds are squeezed out of each suit's block, the faces left slide up
    to the top of the block, and copies are renamed in seat order, so the result plays
    exactly like the original (same holders, same order of power within each suit) and
    equal positions get equal keys.  Packing to the top puts a suit's top cards at the
    same places whatever low cards are left, which the table's rank abstraction needs.
    Returns the faces present (bit ``2 * face``, unpacked) and every packed card.

    Gaps (faces nobody holds, above a face still held in their suit) are closed one at
    a time from the lowest, each moving the suit's cards below it up one face.  Since
    ``hands[level]`` was itself packed at the trick before, only the faces emptied by
    the last trick are gaps: a few word operations per seat instead of a loop over
    every card (packing runs at every trick boundary, so a loop there would cost).
    """
    union = ZERO
    for s in range(SEATS):
        union |= hands[level, s]
        hands[level + 1, s] = hands[level, s]
    present = dd_face_bits(union)
    gaps = ZERO
    for suit in range(4):
        held = present & SUIT_MASK[denom, suit]
        if held:
            gaps |= SUIT_MASK[denom, suit] & DD_EVEN & ~held & ~((ONE << np.uint64(lowest_bit(held))) - ONE)
    while gaps:
        gap = lowest_bit(gaps)
        gaps &= gaps - ONE
        below = SUIT_MASK[denom, SUIT_AT[denom, gap >> 1]] & ((ONE << np.uint64(gap)) - ONE)
        for s in range(SEATS):
            hand = hands[level + 1, s]
            hands[level + 1, s] = ((hand & below) << np.uint64(2)) | (hand & ~below)
    # Copies in seat order: a face held twice by one seat keeps both bits, otherwise
    # the first seat holding the face gets copy 0 and the next one copy 1.
    placed = ZERO
    for s in range(SEATS):
        hand = hands[level + 1, s]
        both = hand & (hand >> ONE) & DD_EVEN
        once = dd_face_bits(hand) & ~both
        packed = both | (both << ONE) | (once & ~placed) | ((once & placed) << ONE)
        hands[level + 1, s] = packed
        placed |= packed
    return present, placed


@njit(cache=True)
def dd_play(card, seat, winner_seat, winner_card, led_suit, denom):
    """The trick's (winner seat, winning card, led suit) after ``seat`` plays ``card``."""
    if led_suit < 0:
        return seat, card, SUIT_AT[denom, card >> 1]
    if beats(card, winner_card, denom):
        return seat, card, led_suit
    return winner_seat, winner_card, led_suit


@njit(cache=True)
def dd_turn_order(active):
    """``turn[seat]``: the active seat that plays after ``seat`` (a table: the search asks often)."""
    turn = np.zeros(SEATS, np.int64)
    for seat in range(SEATS):
        turn[seat] = next_active(seat, SEATS, active)
    return turn


@njit(cache=True)
def dd_side_seats(side):
    """The seats of ``side`` (0 or 1) as a bit per seat: every other seat."""
    return np.int64(0x15) << side


@njit(cache=True)
def dd_ruffers(hands, level, denom, block):
    """The seats (a bit per seat) void in the suit ``block`` that hold a trump: those that
    may ruff it.  None at no trump, and none when ``block`` is the trump suit."""
    trump = TRUMP[denom]
    seats = np.int64(0)
    if trump < 0 or block == SUIT_MASK[denom, trump]:
        return seats
    trumps = SUIT_MASK[denom, trump]
    for s in range(SEATS):
        held = hands[level, s]
        if (held & block) == ZERO and (held & trumps) != ZERO:
            seats |= np.int64(1) << s
    return seats


@njit(cache=True)
def dd_holder(hands, level, card):
    """The seat holding ``card`` (-1 if none does)."""
    for s in range(SEATS):
        if (hands[level, s] >> np.uint64(card)) & ONE:
            return s
    return np.int64(-1)


# Frame fields of the explicit search stack: ``frames[ply, FIELD]`` (one frame per card
# played; the search is a loop, not recursion, which saves numba's call and reference
# counting overhead on every node).  ``F_RELEVANT`` is the node's *relevant cards* (see
# dd_tt_probe): the cards whose ranks its answer depends on, as a mask of each suit's
# cards from some rank up.  ``F_NODES`` is the node count when the node was entered,
# so the nodes of its search are known when its table entry is written.
#
# A trick-boundary node's entry keeps only the bound its search proved ("at least
# need" or "at most need - 1"), with the search's relevant cards.  Keeping also the
# bound the node started with (from the table or the quick bounds) needs that bound's
# relevant cards too, and the wider entry covers fewer positions, so the search would
# visit more nodes.
F_LEVEL, F_SEAT, F_LEADER, F_WINNER_SEAT, F_WINNER_CARD, F_LED_SUIT, F_NEED = 0, 1, 2, 3, 4, 5, 6


F_SLOT, F_BEST, F_MAXIMIZING, F_MOVES, F_NEXT, F_NODES = 7, 8, 9, 10, 11, 12


F_CARD, F_CARDS, F_PLAYED, F_RELEVANT, F_EQUIVALENTS, F_TRICK_RELEVANT = 13, 14, 15, 16, 17, 18


F_SHAPE, F_PRESENT, F_LENGTHS = 19, 20, 21


# ``F_KILLERS + seat`` and ``F_KILLERS + SEATS + seat``: the last two leads (card + 1, 0
# for none) with which ``seat`` cut off at this ply of the search (dd_remember_killer).
# Unlike the other fields they outlive the node: they serve its siblings (see
# dd_order_moves), and dd_start clears them for each deal.
F_KILLERS = F_LENGTHS + SEATS  # after F_LENGTHS + seat: the suit lengths of each seat
# ``F_REFUTED``: the node's moves known to fail without a search, because a failed move
# of their suit was refuted below their ranks (dd_refuted_with).
F_REFUTED = F_KILLERS + 2 * SEATS
DD_FRAME_FIELDS = F_REFUTED + 1
