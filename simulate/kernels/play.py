"""Playing deals out: the one trick loop of every play model (play_from; play_tricks
from a deal's first card).  Random play is the loop with no heuristic seats; the rules
of thumb are kernels.heuristic.heuristic_card; PIMC's card choice is
kernels.pimc_seat.pimc_card; a single-dummy rollout (kernels.pimc_rollout) starts the loop
in the middle of a hand.

A heuristic seat sees only what a real player sees: its own hand, the cards played so
far (``unseen`` = the deck minus its hand minus played cards), the trick in progress,
and which seats have shown out of a suit (``voids``).
"""

import numpy as np

from .bits import SALT_PLAY, next_random, nth_bit, popcount, stream_state
from .contract import legal_cards, table_deck, to_contract, trick_after
from .heuristic import heuristic_card
from .jit import njit, prange
from .pimc import pimc_table
from .pimc_choice import DEFAULT_LEVERS
from .pimc_seat import pimc_card
from .rankings import FACE_AT, ONE, ZERO
from .seats import first_active, next_active


@njit(cache=True)
def play_random_deal(hands, n_seats, active, denom, leader, state, record):
    """Play one deal out with uniformly random legal cards.

    ``hands`` is a contract-space copy that is emptied.  ``record[t, s]`` receives the
    contract-space card seat ``s`` played to trick ``t`` (-1 for seats sitting out) and
    ``record[t, n_seats]`` the trick's winner.  Returns tricks won by team 0 and the state.
    """
    return play_tricks(hands, n_seats, active, denom, 0, leader, None, state, record, None)


@njit(parallel=True, cache=True)
def play_random_many(hands, active, denom, leader, seed, first_index):
    """Random playouts of face-space deals ``hands[d, seat]``; tricks won by team 0 per deal."""
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    for d in prange(count):
        local, record, state = deal_start(hands, d, denom, seed, first_index + d)
        out[d], state = play_tricks(local, n_seats, active, denom, 0, leader, None, state, record, None)
    return out


@njit(cache=True)
def deal_start(hands, d, denom, seed, index):
    """Deal ``d`` of face-space ``hands[d, seat]`` made ready to play: its contract-space
    hands, an empty trick record and the random stream of deal ``index``."""
    n_seats = hands.shape[1]
    local = np.empty(n_seats, np.uint64)
    for s in range(n_seats):
        local[s] = to_contract(hands[d, s], denom)
    record = np.empty((8, n_seats + 1), np.int64)
    return local, record, stream_state(seed, SALT_PLAY, index)


@njit(cache=True)
def play_heuristic_deal(hands, n_seats, active, denom, declarer, leader, heuristic_seats, state, record):
    """Play one deal out: seats in ``heuristic_seats`` by the rules of thumb, the others
    with uniformly random legal cards drawn from ``state``.

    ``hands`` (contract space) is emptied; ``record`` is filled as by ``play_random_deal``.
    Returns tricks won by team 0 and the state.
    """
    return play_tricks(hands, n_seats, active, denom, declarer, leader, heuristic_seats, state, record, None)


@njit(cache=True)
def play_tricks(hands, n_seats, active, denom, declarer, leader, heuristic_seats, state, record, pimc):
    """A deal played out from its first card (:func:`play_from`, the one trick loop of
    every play model), ``leader`` (or the next active seat to its left) leading.
    Returns tricks won by team 0 and the state."""
    return play_from(
        hands,
        n_seats,
        active,
        denom,
        declarer,
        heuristic_seats,
        state,
        record,
        pimc,
        ZERO,
        np.zeros(n_seats, np.int64),
        0,
        first_active(leader, n_seats, active),
        record[:0, :2],  # no trick in progress (a view: nothing allocated a deal)
        -1,
    )


# Inlined by numba into its two callers (play_tricks, the rollouts' roll_out): as a
# plain call the random and heuristic playouts ran measurably slower
# (benchmarks/RESULTS.md, "One trick loop").
@njit(cache=True, inline="always")
def play_from(
    hands,
    n_seats,
    active,
    denom,
    declarer,
    heuristic_seats,
    state,
    record,
    pimc,
    played,
    voids,
    first_trick,
    leader,
    trick_plays,
    forced,
):
    """The one trick loop of every play model: turn order, following, voids shown, the
    winner of each trick.  It starts anywhere in a hand: ``first_trick`` tricks are
    finished, ``played`` are the cards out (contract space), ``voids`` the effective
    suits each seat has shown out of (kept up to date), and the trick in progress, led
    by ``leader``, holds the rows (seat, card) of ``trick_plays``; the next card is
    ``forced`` when it is not -1.  Returns the tricks team 0 wins from the trick in
    progress on, and the state.

    The card each seat plays: with ``pimc`` (a kernels.pimc.PimcTable) every seat
    chooses by PIMC; with ``pimc`` None, seats in the bit mask ``heuristic_seats`` by
    the rules of thumb and the others at random from ``state``; with both None, every
    seat at random.  numba compiles one specialisation for each (a None argument is a
    type of its own) and drops the branches a None cannot take, so random play keeps
    neither the voids shown nor the rules of thumb, and only PIMC keeps the trick's
    faces and carries the double-dummy solver.
    """
    deck = table_deck(n_seats)
    keeps_voids = heuristic_seats is not None or pimc is not None  # known when compiled
    tricks_team0 = 0
    n_active = popcount(np.uint64(active))
    seat = leader
    led_suit = -1
    winner_card = -1
    winner_seat = -1
    for s in range(n_seats):
        record[first_trick, s] = -1
    start = trick_plays.shape[0]
    for p in range(start):  # the trick in progress as it stands
        card = trick_plays[p, 1]
        record[first_trick, trick_plays[p, 0]] = card
        if pimc is not None:
            pimc.faces[p] = FACE_AT[denom, card >> 1]
        led_suit, winner_card, winner_seat, _ = trick_after(
            card, trick_plays[p, 0], led_suit, winner_card, winner_seat, denom
        )  # the voids it showed are in ``voids`` already
        seat = next_active(seat, n_seats, active)
    n_tricks = first_trick + popcount(hands[seat])
    for trick in range(first_trick, n_tricks):
        if trick > first_trick:
            for s in range(n_seats):
                record[trick, s] = -1
            seat = leader
            led_suit = -1
            winner_card = -1
            winner_seat = -1
            start = 0
        for place in range(start, n_active):
            card = forced  # the card asked for, else each seat's own choice
            forced = -1
            if card < 0:
                if pimc is not None:
                    card = pimc_card(
                        pimc,
                        hands,
                        played,
                        voids,
                        seat,
                        n_seats,
                        active,
                        denom,
                        leader,
                        led_suit,
                        pimc.faces[:place],
                        trick * n_seats + place,
                    )
                elif heuristic_seats is not None:
                    if (heuristic_seats >> seat) & 1:
                        unseen = deck & ~hands[seat] & ~played
                        card = heuristic_card(
                            hands[seat],
                            unseen,
                            voids,
                            seat,
                            n_seats,
                            active,
                            denom,
                            declarer,
                            leader,
                            led_suit,
                            winner_card,
                            winner_seat,
                        )
            if card < 0:
                legal = legal_cards(hands[seat], denom, led_suit)
                state, pick = next_random(state, popcount(legal))
                card = nth_bit(legal, pick)
            bit = ONE << np.uint64(card)
            hands[seat] ^= bit
            played |= bit
            record[trick, seat] = card
            if pimc is not None:
                pimc.faces[place] = FACE_AT[denom, card >> 1]  # the faces pimc_card sees
                pimc.played_by[seat] |= bit  # the seat's hand at the bidding, for the auction
                pimc.plays[popcount(played) - 1, 0] = seat  # the order of play, for its evidence
                pimc.plays[popcount(played) - 1, 1] = card
            led_suit, winner_card, winner_seat, shown_out = trick_after(
                card, seat, led_suit, winner_card, winner_seat, denom
            )
            if shown_out >= 0 and keeps_voids:
                voids[seat] |= 1 << shown_out  # everyone sees a seat show out
            seat = next_active(seat, n_seats, active)
        record[trick, n_seats] = winner_seat
        if winner_seat & 1 == 0:
            tricks_team0 += 1
        if pimc is not None:
            pimc.won[winner_seat & 1] += 1  # the tricks each side plays on from
        leader = winner_seat
    return tricks_team0, state


@njit(cache=True)
def playing_hand_sizes(hands, active):
    """Cards in each playing hand (= tricks to play) per deal, and the first bad deal.

    Returns ``(tricks, deal, problem)``: problem 1 = a card outside the table's deck,
    2 = a card in two hands, 3 = playing hands of different sizes or not 1 to 8 cards;
    ``(tricks, -1, 0)`` when every deal is well formed.  Serves the checks of ``play.py``.
    """
    count, n_seats = hands.shape
    deck = table_deck(n_seats)
    tricks = np.zeros(count, np.int8)
    for d in range(count):
        union = ZERO
        total = 0
        size = -1
        same_size = True
        for s in range(n_seats):
            cards = popcount(hands[d, s])
            union |= hands[d, s]
            total += cards
            if (active >> s) & 1:
                same_size = same_size and (size < 0 or cards == size)
                size = cards
        if union & ~deck:
            return tricks, d, 1
        if popcount(union) != total:
            return tricks, d, 2
        if not same_size or size < 1 or size > 8:
            return tricks, d, 3
        tricks[d] = size
    return tricks, -1, 0


@njit(parallel=True, cache=True)
def play_heuristic_many(hands, active, denom, declarer, leader, heuristic_seats, seed, first_index):
    """Heuristic playouts of face-space deals ``hands[d, seat]``; tricks won by team 0 per deal.

    Seats outside ``heuristic_seats`` play random legal cards from the stream of deal
    ``first_index + d``, so a heuristic side can be measured against a random one.
    """
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    for d in prange(count):
        local, record, state = deal_start(hands, d, denom, seed, first_index + d)
        out[d], state = play_tricks(
            local, n_seats, active, denom, declarer, leader, heuristic_seats, state, record, None
        )
    return out


@njit(parallel=True, cache=True)
def play_pimc_many(
    hands,
    known,
    gone,
    active,
    denom,
    leader,
    worlds,
    seed,
    first_index,
    tt_bits,
    check,
    lengths,
    goal,
    play,
):
    """PIMC playouts of face-space deals ``hands[d, seat]``: tricks won by team 0 per deal,
    and per deal ``tallies[d]``: the worlds dealt by the fallback of
    kernels.pimc.sample_world, the worlds kept under an auction check, the worlds dealt
    for them, and those kept without explaining the auction.

    ``known[d, v, o]`` are the face-space cards seat ``v`` knows seat ``o`` holds as play
    begins and ``gone[d, v]`` those ``v`` knows are out of play; ``check`` (a
    kernels.bidding.AuctionCheck) the auction every deal's worlds must explain, and
    ``lengths`` the suit lengths as dealt they must hold (kernels.pimc.lengths_match);
    ``goal`` the declarer's (``play[1]``) team's net points by its tricks, what every
    seat plays for (empty: tricks).
    ``play`` = (mode, declarer, seats): how the cards played weigh the worlds of the
    seats in the bit mask ``seats`` (kernels.evidence; mode 0: not at all), with the
    declarer's side the makers of the rules of thumb.
    """
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    tallies = np.zeros((count, 4), np.int64)
    for d in prange(count):
        local, record, state = deal_start(hands, d, denom, seed, first_index + d)
        pimc = pimc_table(
            known[d], gone[d], local, denom, worlds, seed, first_index + d, tt_bits, check, lengths, goal,
            play, DEFAULT_LEVERS,
        )  # fmt: skip
        out[d], state = play_tricks(local, n_seats, active, denom, 0, leader, None, state, record, pimc)
        tallies[d, 0] = pimc.stats[1]
        tallies[d, 1] = pimc.stats[3]
        tallies[d, 2] = pimc.stats[4]
        tallies[d, 3] = pimc.stats[2]
    return out, tallies
