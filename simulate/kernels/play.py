"""Playing deals out: the one trick loop (play_tricks) of every play model, and the
rules of thumb for every seat (random play is the loop with no heuristic seats; PIMC's
card choice is kernels.pimc.pimc_card).

The rules are listed, numbered, in the docstring of simulate/play/playout.py; comments below
cite them as "rule N".  A seat sees only what a real player sees: its own hand, the
cards played so far (``unseen`` = the deck minus its hand minus played cards), the
trick in progress, and which seats have shown out of a suit (``voids``).  Random play
is the same loop with no heuristic seat.
"""

import numpy as np

from .bits import SALT_PLAY, highest_bit, lowest_bit, next_random, nth_bit, popcount, stream_state
from .contract import beats, legal_cards, table_deck, to_contract, trump_cards
from .jit import njit, prange
from .pimc import pimc_card, pimc_table
from .rankings import FACE_AT, ONE, SUIT_AT, SUIT_MASK, TRUMP, ZERO
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
    """The one trick loop of every play model: turn order, following, voids shown, the
    winner of each trick.  Returns tricks won by team 0 and the state.

    The card each seat plays: with ``pimc`` (a kernels.pimc.PimcTable) every seat
    chooses by PIMC; with ``pimc`` None, seats in the bit mask ``heuristic_seats`` by
    the rules of thumb and the others at random from ``state``; with both None, every
    seat at random.  numba compiles one specialisation for each (a None argument is a
    type of its own) and drops the branches a None cannot take, so random play keeps
    neither the voids shown nor the rules of thumb, and only PIMC keeps the trick's
    faces and carries the double-dummy solver.
    """
    deck = table_deck(n_seats)
    played = ZERO
    keeps_voids = heuristic_seats is not None or pimc is not None  # known when compiled
    voids = np.zeros(n_seats, np.int64)
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
            card = -1
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
            if led_suit < 0:
                led_suit = SUIT_AT[denom, card >> 1]
                winner_card = card
                winner_seat = seat
            else:
                if SUIT_AT[denom, card >> 1] != led_suit and keeps_voids:
                    voids[seat] |= 1 << led_suit  # everyone sees a seat show out
                if beats(card, winner_card, denom):
                    winner_card = card
                    winner_seat = seat
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
    declarer,
):
    """PIMC playouts of face-space deals ``hands[d, seat]``: tricks won by team 0 per deal,
    and per deal ``tallies[d]``: the worlds dealt by the fallback of
    kernels.pimc.sample_world, the worlds kept under an auction check, the worlds dealt
    for them, and those kept without explaining the auction.

    ``known[d, v, o]`` are the face-space cards seat ``v`` knows seat ``o`` holds as play
    begins and ``gone[d, v]`` those ``v`` knows are out of play; ``check`` (a
    kernels.bidding.AuctionCheck) the auction every deal's worlds must explain, and
    ``lengths`` the suit lengths as dealt they must hold (kernels.pimc.lengths_match);
    ``goal`` the ``declarer``'s team's net points by its tricks, what every seat plays for
    (empty: tricks).
    """
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    tallies = np.zeros((count, 4), np.int64)
    for d in prange(count):
        local, record, state = deal_start(hands, d, denom, seed, first_index + d)
        pimc = pimc_table(
            known[d],
            gone[d],
            local,
            denom,
            worlds,
            seed,
            first_index + d,
            tt_bits,
            check,
            lengths,
            goal,
            declarer,
        )
        out[d], state = play_tricks(local, n_seats, active, denom, 0, leader, None, state, record, pimc)
        tallies[d, 0] = pimc.stats[1]
        tallies[d, 1] = pimc.stats[3]
        tallies[d, 2] = pimc.stats[4]
        tallies[d, 3] = pimc.stats[2]
    return out, tallies
