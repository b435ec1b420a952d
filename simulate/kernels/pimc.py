"""The play model PIMC (Perfect Information Monte Carlo): sampling the worlds a seat
cannot tell apart, solving each double dummy, and playing the card with the best mean.

At each card it plays, a seat deals ``worlds`` completions of the cards it cannot see,
each consistent with what it knows (docs/pimc.md): its own hand, every card played and
by whom, the voids those cards showed (in effective suits), how many cards each seat
holds, and the cards it knows where they are (``fixed``: held by a named seat;
``gone``: out of play, such as the classic dealer's own discard).  Each world is solved
by the exact double-dummy search (``dd_leads``: the tricks its side takes after each
legal card), and the legal card whose total over the worlds is highest is played; ties
go to the lowest card in the contract order (side suits before trumps, lower before
higher).  The known flaw is *strategy fusion*: the mean over worlds assumes the seat
could choose differently in each world, which a real player cannot.

Worlds are exactly uniform among the deals consistent with the seat's knowledge.  A
suit that only one place may hold (every other seat void in it, or full) goes there
first, which every consistent deal does; the rest is dealt uniformly and redealt
(rejection) until no seat gets a suit it showed out of.  When that starves (several
seats void in several suits: ``MAX_REDEALS`` redeals fail), the cards are placed one
by one instead, each where it may go: consistent, close to uniform, and counted.  Decision ``k`` of deal ``d``
draws from the stream ``(seed, SALT_PIMC + k, d)``: a pure function of the seed, the
deal and the decision, whatever the threads.
"""

import numpy as np

from .bits import SALT_PIMC, lowest_bit, next_random, popcount, stream_state
from .contract import beats, legal_cards, table_deck, to_contract, to_face
from .dd.search import dd_buffers, dd_leads, dd_position
from .jit import njit, prange
from .seats import first_active, next_active
from .tables import FACE_AT, ONE, SUIT_AT, SUIT_MASK, ZERO

# Redeals before sample_world falls back to placing cards one by one (counted in
# ``stats[1]``): at most this many, so information that starves rejection, or that
# contradicts itself, cannot stall a playout.
MAX_REDEALS = 20000


@njit(cache=True)
def void_cards(voids, denom):
    """The contract-space cards of every effective suit in the bit mask ``voids``."""
    cards = ZERO
    for suit in range(4):
        if (voids >> suit) & 1:
            cards |= SUIT_MASK[denom, suit]
    return cards


@njit(cache=True)
def sample_world(state, viewer, own, counts, fixed, pool, voids, n_seats, denom, world, stats):
    """Deal one world into ``world`` (contract space): ``viewer`` holds ``own``; every
    other seat ``o`` its ``fixed[o]`` cards plus ``counts[o] - |fixed[o]|`` cards of
    ``pool``, none of a suit in ``voids[o]``; pool cards left over are out of play.
    Returns the state."""
    need = np.zeros(n_seats + 1, np.int64)  # the last place is "out of play"
    banned = np.zeros(n_seats + 1, np.uint64)
    free = pool
    total = 0
    for o in range(n_seats):
        world[o] = ZERO
        if o == viewer or counts[o] == 0:
            continue
        world[o] = fixed[o]
        need[o] = counts[o] - popcount(fixed[o])
        banned[o] = void_cards(voids[o], denom)
        total += need[o]
    need[n_seats] = popcount(pool) - total
    world[viewer] = own
    # Forced suits: a suit only one place may take goes there in every consistent world.
    changed = True
    while changed:
        changed = False
        for suit in range(4):
            cards = free & SUIT_MASK[denom, suit]
            if cards == ZERO:
                continue
            place = -1
            places = 0
            for o in range(n_seats + 1):
                if need[o] > 0 and (banned[o] & cards) == ZERO:
                    place = o
                    places += 1
            if places == 1 and popcount(cards) <= need[place]:
                if place < n_seats:
                    world[place] |= cards
                need[place] -= popcount(cards)
                free &= ~cards
                changed = True
    left = np.empty(popcount(free), np.int64)
    top = 0
    cards = free
    while cards:
        left[top] = lowest_bit(cards)
        top += 1
        cards &= cards - ONE
    base = world.copy()
    for _ in range(MAX_REDEALS):
        state = deal_free(state, left, need, base, n_seats, world)
        good = True
        for o in range(n_seats):
            if world[o] & banned[o]:
                good = False
        if good:
            return state
    # Rejection is exact but can starve when several seats showed out of several suits:
    # then place the cards one by one, the most constrained first, each to a place that
    # may hold it with weight its free room (consistent, close to uniform; counted).
    stats[1] += 1
    for _ in range(MAX_REDEALS):
        state, placed = place_in_turn(state, left, need, banned, base, n_seats, denom, world)
        if placed:
            return state
    return deal_free(state, left, need, base, n_seats, world)


@njit(cache=True)
def place_in_turn(state, left, need, banned, base, n_seats, denom, world):
    """One try of the fallback of sample_world: (state, did every card find a place?)."""
    room = need.copy()
    for o in range(n_seats):
        world[o] = base[o]
    # cards of the suits fewest places may hold go first
    order = np.empty(left.shape[0], np.int64)
    top = 0
    for allowed in range(n_seats + 2):
        for i in range(left.shape[0]):
            bit = ONE << np.uint64(left[i])
            places = 0
            for o in range(n_seats + 1):
                if need[o] > 0 and (banned[o] & bit) == ZERO:
                    places += 1
            if places == allowed:
                order[top] = left[i]
                top += 1
    for i in range(top):
        bit = ONE << np.uint64(order[i])
        total = 0
        for o in range(n_seats + 1):
            if (banned[o] & bit) == ZERO:
                total += room[o]
        if total == 0:
            return state, False
        state, pick = next_random(state, total)
        for o in range(n_seats + 1):
            if (banned[o] & bit) == ZERO:
                if pick < room[o]:
                    room[o] -= 1
                    if o < n_seats:
                        world[o] |= bit
                    break
                pick -= room[o]
    return state, True


@njit(cache=True)
def deal_free(state, left, need, base, n_seats, world):
    """``world[o] = base[o]`` plus ``need[o]`` cards drawn from ``left`` (a partial
    Fisher-Yates in place: any order of ``left`` serves the next draw)."""
    size = left.shape[0]
    for o in range(n_seats):
        hand = base[o]
        for _ in range(need[o]):
            state, pick = next_random(state, size)
            size -= 1
            card = left[pick]
            left[pick] = left[size]
            left[size] = card
            hand |= ONE << np.uint64(card)
        world[o] = hand
    return state


@njit(cache=True)
def pimc_values(
    state,
    viewer,
    own,
    counts,
    fixed,
    pool,
    voids,
    n_seats,
    active,
    denom,
    leader,
    trick,
    worlds,
    buffers,
    generation,
    stats,
    values,
):
    """``values[k, position]``: the tricks ``viewer``'s side takes from here (this trick
    included) after it plays that contract face, in world ``k`` of ``worlds`` (-1 where
    the face is not legal).  ``trick`` holds the faces played to the trick in progress,
    from ``leader``.  The searches use table generation ``generation``.  Returns
    (state, the next free table generation)."""
    world = np.empty(n_seats, np.uint64)
    deal = np.empty(n_seats, np.uint64)
    for k in range(worlds):
        state = sample_world(state, viewer, own, counts, fixed, pool, voids, n_seats, denom, world, stats)
        for s in range(n_seats):
            deal[s] = to_face(world[s], denom)
        search, seat, first, winner_seat, winner_card, led_suit, played = dd_position(
            deal, denom, viewer & 1, leader, active, trick, buffers, generation, stats
        )
        dd_leads(search, seat, first, winner_seat, winner_card, led_suit, played, values[k])
    # One table generation for all the worlds of a decision: an entry is a fact about a
    # position (its bounds for ``viewer``'s side), true in whichever world reached it,
    # and worlds share many late positions.
    return state, generation + 1


@njit(cache=True)
def best_mean_card(legal, values, worlds):
    """The legal card (contract space) with the highest total over the worlds; ties go to
    the lowest card in the contract order."""
    best = -1
    best_total = -1
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        total = 0
        for k in range(worlds):
            total += values[k, card >> 1]
        if total > best_total:
            best = card
            best_total = total
    return best


@njit(cache=True)
def play_pimc_deal(
    hands, known, gone, n_seats, active, denom, leader, worlds, seed, index, buffers, record, stats
):
    """Play one deal out with every seat choosing by PIMC over ``worlds`` worlds.

    ``hands`` (contract space) is emptied; ``known[v, o]`` are the cards seat ``v`` knows
    seat ``o`` holds as play begins and ``gone[v]`` the cards ``v`` knows are out of play
    (contract space).  ``record`` is filled as by play.play_random_deal.  Returns the
    tricks won by team 0.
    """
    deck = table_deck(n_seats)
    played = ZERO
    voids = np.zeros(n_seats, np.int64)
    counts = np.zeros(n_seats, np.int64)
    fixed = np.zeros(n_seats, np.uint64)
    trick_faces = np.zeros(n_seats, np.int64)
    values = np.full((max(worlds, 1), 24), -1, np.int64)
    generation = np.int64(1)
    tricks_team0 = 0
    leader = first_active(leader, n_seats, active)
    n_tricks = popcount(hands[leader])
    n_active = popcount(np.uint64(active))
    for trick in range(n_tricks):
        for s in range(n_seats):
            record[trick, s] = -1
        seat = leader
        led_suit = -1
        winner_card = -1
        winner_seat = -1
        for place in range(n_active):
            legal = legal_cards(hands[seat], denom, led_suit)
            if (legal & ~(np.uint64(3) << np.uint64(lowest_bit(legal) & ~1))) == ZERO:
                card = lowest_bit(legal)  # one face to play: nothing to decide
            else:
                for o in range(n_seats):
                    counts[o] = popcount(hands[o])
                    fixed[o] = known[seat, o] & ~played
                pool = deck & ~hands[seat] & ~played & ~gone[seat]
                for o in range(n_seats):
                    if o != seat:
                        pool &= ~fixed[o]
                state = stream_state(seed, SALT_PIMC + trick * n_seats + place, index)
                state, generation = pimc_values(
                    state,
                    seat,
                    hands[seat],
                    counts,
                    fixed,
                    pool,
                    voids,
                    n_seats,
                    active,
                    denom,
                    leader,
                    trick_faces[:place],
                    worlds,
                    buffers,
                    generation,
                    stats,
                    values,
                )
                card = best_mean_card(legal, values, worlds)
            bit = ONE << np.uint64(card)
            hands[seat] ^= bit
            played |= bit
            record[trick, seat] = card
            trick_faces[place] = FACE_AT[denom, card >> 1]
            if led_suit < 0:
                led_suit = SUIT_AT[denom, card >> 1]
                winner_card = card
                winner_seat = seat
            else:
                if SUIT_AT[denom, card >> 1] != led_suit:
                    voids[seat] |= 1 << led_suit  # everyone sees a seat show out
                if beats(card, winner_card, denom):
                    winner_card = card
                    winner_seat = seat
            seat = next_active(seat, n_seats, active)
        record[trick, n_seats] = winner_seat
        if winner_seat & 1 == 0:
            tricks_team0 += 1
        leader = winner_seat
    return tricks_team0


@njit(parallel=True, cache=True)
def play_pimc_many(hands, known, gone, active, denom, leader, worlds, seed, first_index, tt_bits):
    """PIMC playouts of face-space deals ``hands[d, seat]`` (``known[d, v, o]``,
    ``gone[d, v]`` face space, see play_pimc_deal); tricks won by team 0 per deal, and
    per deal the worlds taken with their voids unchecked (see MAX_REDEALS)."""
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    unchecked = np.zeros(count, np.int64)
    for d in prange(count):
        local = np.empty(n_seats, np.uint64)
        seen = np.empty((n_seats, n_seats), np.uint64)
        out_of_play = np.empty(n_seats, np.uint64)
        n_tricks = 0
        for s in range(n_seats):
            local[s] = to_contract(hands[d, s], denom)
            n_tricks = max(n_tricks, popcount(local[s]))
            out_of_play[s] = to_contract(gone[d, s], denom)
            for o in range(n_seats):
                seen[s, o] = to_contract(known[d, s, o], denom)
        record = np.empty((8, n_seats + 1), np.int64)
        stats = np.zeros(2, np.int64)
        buffers = dd_buffers(n_seats, n_tricks, tt_bits)
        out[d] = play_pimc_deal(
            local,
            seen,
            out_of_play,
            n_seats,
            active,
            denom,
            leader,
            worlds,
            seed,
            first_index + d,
            buffers,
            record,
            stats,
        )
        unchecked[d] = stats[1]
    return out, unchecked
