"""The solver's transposition table at trick boundaries, with rank abstraction.

Every probe of one deal shares the table, which stores bounds on the team's tricks, so
later probes reuse earlier work.  An entry keeps only the cards whose ranks its proof
used, plus every seat's suit lengths, and answers for every position that differs only
in lower cards (DDS's partition search).  ``tt_keys`` / ``tt_info`` are the table; the
layout of an entry is described at dd_tt_probe and packed and unpacked only here.
"""

import numpy as np

from ..bits import highest_bit, mix64, popcount
from ..jit import njit
from ..rankings import ONE, SUIT_MASK, ZERO
from .position import F_LENGTHS, SEATS

# Table slots probed per position.  All positions of one shape share a bucket and the
# common shapes fill it: 32 slots lose entries the search needs again (the common
# shapes' buckets overflow), and 128 cost as much time as they save.
DD_BUCKET = 64

# The fields of an entry's ``tt_info`` (see dd_tt_probe), by their lowest bit.  Only this
# module packs or unpacks them.
DD_BOUND_BITS = 5  # bits per trick bound in a table entry (hands of up to 31 tricks)
DD_BOUND_MASK = 31
INFO_UPPER = DD_BOUND_BITS  # the lower bound is bits 0-4
INFO_BEST = 10  # best lead + 1, 6 bits
INFO_LEADER = 16  # 4 bits
INFO_WORK = 20  # log2 of the nodes its search took, 5 bits
INFO_TAG = 25  # 7 bits of the shape's hash
INFO_GENERATION = 32
DD_CHECK_MASK = -(1 << INFO_GENERATION) | (127 << INFO_TAG) | (15 << INFO_LEADER)  # generation, tag, leader


@njit(cache=True, inline="always")
def dd_lengths(hand, denom):
    """The hand's four suit lengths, four bits each."""
    lengths = ZERO
    for suit in range(4):
        lengths |= np.uint64(popcount(hand & SUIT_MASK[denom, suit])) << np.uint64(4 * suit)
    return lengths


@njit(cache=True)
def dd_tt_check(generation, mixed, leader):
    """The fields of ``tt_info`` under DD_CHECK_MASK: the generation, seven more bits of
    the shape (the top of ``mixed``, its hash) and the leader."""
    return (
        (generation << INFO_GENERATION)
        | (np.int64(mixed >> np.uint64(57)) << INFO_TAG)
        | (leader << INFO_LEADER)
    )


@njit(cache=True, inline="always")
def dd_tt_swap(tt_keys, tt_info, a, b):
    """Exchange the table entries in slots ``a`` and ``b``."""
    for column in range(tt_keys.shape[1]):
        key = tt_keys[a, column]
        tt_keys[a, column] = tt_keys[b, column]
        tt_keys[b, column] = key
    info = tt_info[a]
    tt_info[a] = tt_info[b]
    tt_info[b] = info


@njit(cache=True, inline="always")
def dd_tt_probe(hands, level, denom, leader, cards, tt_keys, tt_info, generation, frames, ply):
    """Find a table entry that covers the position (``hands[level]``, ``leader``), whose
    cards are ``cards``.

    Rank abstraction (the partition search of the bridge solver DDS): an entry keeps,
    in ``tt_keys[slot, SEATS]``, the *exact part* of the position it was proved for
    (in each suit the cards from some rank up); below it only each seat's number of
    cards in each suit mattered to the proof.  ``tt_keys[slot, seat]`` is that seat's
    exact cards with its four suit lengths in bits 48-63, so an entry covers every
    position with the same leader, suit lengths and exact part.  Entries are hashed by
    the leader, the suit lengths and who holds each suit's top face (the *shape*,
    kept in ``tt_keys[slot, SEATS + 1]``); many positions share a shape, so a bucket
    holds DD_BUCKET entries.

    ``tt_info[slot]``: bits 0-4 lower bound, 5-9 upper bound, 10-15 best lead + 1,
    16-19 leader, 20-24 the work of its search (log2 of its nodes), 25-31 a tag of the
    shape, 32 up the generation (one per deal, so a new deal starts with an empty table
    without clearing it); one masked comparison of the generation, tag and leader skips
    most slots before any key is read.  Each seat's suit lengths (shifted to bits 48-63)
    are left in ``frames[ply, F_LENGTHS + seat]`` for the comparisons and for dd_tt_store.

    Returns (slot, found, shape); when not found, the slot to overwrite: a stale one,
    else the last of those whose search took the fewest nodes.  All entries of one
    shape have the same number of tricks left, so replacing the one with the fewest
    tricks left would overwrite the newest entry of a full bucket again and again;
    keeping the costly ones keeps the work that is dearest to redo.  An entry found
    moves one slot towards the front of its bucket, so the entries that answer often
    are met early in the scan and those never found drift to the back, where the last
    of the cheapest is overwritten.  A slot chosen for a position still being searched
    may hold another entry by the time it is written; entries are written whole, so
    that only loses the entry.  Scanning on past an entry of the position whose bound
    does not answer, to store the bound then proved beside it rather than over it
    (when it is of the other kind), would not change the nodes searched.
    """
    tops = ZERO  # both copies of each suit's top face
    for suit in range(4):
        part = cards & SUIT_MASK[denom, suit]
        if part:
            tops |= np.uint64(3) << np.uint64(2 * (highest_bit(part) >> 1))
    h = np.uint64(leader + 1)
    for s in range(SEATS):
        hand = hands[level, s]
        lengths = dd_lengths(hand, denom)
        frames[ply, F_LENGTHS + s] = np.int64(lengths << np.uint64(48))
        h = h * np.uint64(0x9E3779B97F4A7C15) + ((lengths << np.uint64(48)) | (hand & tops))
    mixed = mix64(h)
    # The scan's slots are unsigned (no negative-index fix-up, as dd_search's stack)
    # and leave as int64, the frames' type.
    base = mixed & np.uint64(tt_info.shape[0] - DD_BUCKET)
    check = dd_tt_check(generation, mixed, leader)
    victim = base
    victim_depth = np.int64(1 << 30)
    for slot in range(base, base + np.uint64(DD_BUCKET)):
        info = tt_info[slot]
        if (info >> INFO_GENERATION) != generation:
            # The deal's entries fill a bucket from the front and only ever move
            # forward, so the first stale slot ends them: the scan stops there.
            return np.int64(slot), False, h
        if (info & DD_CHECK_MASK) == check and tt_keys[slot, SEATS + 1] == h:
            exact = tt_keys[slot, SEATS]
            same = True
            for s in range(SEATS):
                if tt_keys[slot, s] != (hands[level, s] & exact) | np.uint64(frames[ply, F_LENGTHS + s]):
                    same = False
                    break
            if same:
                if slot > base:
                    dd_tt_swap(tt_keys, tt_info, slot, slot - ONE)
                    slot -= ONE
                return np.int64(slot), True, h
        depth = (info >> INFO_WORK) & 31
        if depth <= victim_depth:
            victim = slot
            victim_depth = depth
    return np.int64(victim), False, h


@njit(cache=True, inline="always")
def dd_tt_bounds(tt_keys, tt_info, slot):
    """(lower, upper, best lead, exact part) of the entry at ``slot`` (see dd_tt_probe)."""
    info = tt_info[slot]
    lower = info & DD_BOUND_MASK
    upper = (info >> DD_BOUND_BITS) & DD_BOUND_MASK
    return lower, upper, ((info >> INFO_BEST) & 63) - 1, tt_keys[slot, SEATS]


@njit(cache=True, inline="always")
def dd_tt_store(
    hands,
    level,
    frames,
    ply,
    leader,
    work,
    lower,
    upper,
    best,
    exact,
    shape,
    tt_keys,
    tt_info,
    slot,
    generation,
):
    """Write the entry of the position at ``slot`` (see dd_tt_probe, which left the suit
    lengths in ``frames[ply]``); ``exact`` is the set of cards whose ranks the bounds
    depend on, ``work`` the nodes its search took."""
    for s in range(SEATS):
        tt_keys[slot, s] = (hands[level, s] & exact) | np.uint64(frames[ply, F_LENGTHS + s])
    tt_keys[slot, SEATS] = exact
    tt_keys[slot, SEATS + 1] = shape
    tt_info[slot] = (
        dd_tt_check(generation, mix64(shape), leader)
        | (min(highest_bit(work), DD_BOUND_MASK) << INFO_WORK)
        | ((best + 1) << INFO_BEST)
        | (upper << INFO_UPPER)
        | lower
    )
