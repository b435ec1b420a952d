"""Every numba kernel: ranking tables, bit tricks, seeded randomness, dealing and play.

All compiled code lives in this one module so that numba's on-disk cache is invalidated
correctly when any kernel changes (numba does not track cross-module dependencies).

Contract space
--------------
Kernels never branch on "is this a bower".  For each denomination (0..3 = trump Clubs,
Diamonds, Hearts, Spades; 4 = High No Trump; 5 = Low No Trump) the 24 faces are put in
a *contract order*: each effective suit is one contiguous block, power rises with the
position inside a block, and with a trump suit the trump block (left bower included)
is the top block.  A card in contract space is bit ``2 * position + copy`` of a uint64,
so both copies of a face are adjacent and:

* following suit is ``hand & SUIT_MASK[denom, led_suit]``;
* card ``c`` beats the current winner ``w`` iff ``c >> 1 > w >> 1`` and ``c`` is of the
  winner's suit or is trump.  A later identical copy has the same ``>> 1`` value, so the
  first copy played keeps the trick without any special case.

Seats inside kernels are 0..N-1 (seat 1 of the rules is 0); a team is ``seat & 1``.
``active`` is a bit mask of the seats that play (sitting-out seats are clear).

Randomness: every random kernel takes an explicit uint64 seed; deal ``i`` of a run uses
the stream ``stream_state(seed, salt, i)``, so results never depend on threads or chunks.
"""

from __future__ import annotations

import numpy as np
from numba import config, njit, prange

NUM_DENOMS = 6
HIGH_NO_TRUMP = 4
LOW_NO_TRUMP = 5
JACK = 2  # rank index of the jack in 9 T J Q K A

U64 = np.uint64
ONE = np.uint64(1)
ZERO = np.uint64(0)


def _build_tables():
    """Contract order of the 24 faces for each denomination."""
    position = np.zeros((NUM_DENOMS, 24), np.int64)  # face -> contract position
    face_at = np.zeros((NUM_DENOMS, 24), np.int64)  # contract position -> face
    suit_at = np.zeros((NUM_DENOMS, 24), np.int64)  # contract position -> effective suit
    suit_mask = np.zeros((NUM_DENOMS, 4), np.uint64)  # effective suit -> contract-space bits
    trump = np.full(NUM_DENOMS, -1, np.int64)
    for denom in range(NUM_DENOMS):
        order = []  # (effective suit, face), weakest first within each suit block
        if denom < 4:
            trump_suit = denom
            left_bower = (3 - trump_suit) * 6 + JACK  # same colour: C<->S, D<->H
            right_bower = trump_suit * 6 + JACK
            for suit in range(4):
                if suit != trump_suit:
                    order += [(suit, suit * 6 + r) for r in range(6) if suit * 6 + r != left_bower]
            order += [(trump_suit, trump_suit * 6 + r) for r in (0, 1, 3, 4, 5)]
            order += [(trump_suit, left_bower), (trump_suit, right_bower)]
            trump[denom] = trump_suit
        elif denom == HIGH_NO_TRUMP:
            order = [(suit, suit * 6 + r) for suit in range(4) for r in range(6)]
        else:
            order = [(suit, suit * 6 + r) for suit in range(4) for r in range(5, -1, -1)]
        for pos, (suit, face) in enumerate(order):
            position[denom, face] = pos
            face_at[denom, pos] = face
            suit_at[denom, pos] = suit
            suit_mask[denom, suit] |= np.uint64(3) << np.uint64(2 * pos)
    return position, face_at, suit_at, suit_mask, trump


POSITION, FACE_AT, SUIT_AT, SUIT_MASK, TRUMP = _build_tables()


# --------------------------------------------------------------------------- bit tricks

if config.DISABLE_JIT:

    def popcount(x):
        return int(x).bit_count()

    def lowest_bit(x):
        x = int(x)
        return (x & -x).bit_length() - 1

    def highest_bit(x):
        return int(x).bit_length() - 1

else:
    from numba.core import types
    from numba.core.extending import intrinsic
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros

    @intrinsic
    def _ctpop(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.ctpop(args[0])

        return types.int64(types.uint64), codegen

    @njit(inline="always")
    def popcount(x):
        return _ctpop(np.uint64(x))

    @njit(inline="always")
    def lowest_bit(x):
        return np.int64(trailing_zeros(np.uint64(x)))

    @njit(inline="always")
    def highest_bit(x):
        return np.int64(63 - leading_zeros(np.uint64(x)))


@njit(cache=True)
def nth_bit(mask, n):
    """Index of the n-th lowest set bit of ``mask`` (n counts from 0)."""
    for _ in range(n):
        mask &= mask - ONE
    return lowest_bit(mask)


# --------------------------------------------------------------------------- randomness


@njit(cache=True)
def mix64(z):
    """The splitmix64 finaliser: a bijective scramble of 64 bits."""
    z = np.uint64(z)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def stream_state(seed, salt, index):
    """Start of the random stream for item ``index`` of a run: a pure function of its inputs."""
    return mix64(mix64(np.uint64(seed) ^ np.uint64(salt)) + np.uint64(index))


@njit(cache=True)
def next_random(state, bound):
    """Advance a splitmix64 state; return (new state, uniform int in [0, bound))."""
    state = state + np.uint64(0x9E3779B97F4A7C15)
    value = mix64(state) >> np.uint64(32)
    return state, np.int64((value * np.uint64(bound)) >> np.uint64(32))


SALT_DEAL = 0x5EED0001
SALT_PLAY = 0x5EED0002


# --------------------------------------------------------------------------- contract space


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
def to_faces(mask, denom):
    """Contract-space hand mask -> face-space mask."""
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


@njit(cache=True)
def next_active(seat, n_seats, active):
    """The next seat to the left that plays (seats sitting out are skipped)."""
    seat = (seat + 1) % n_seats
    while not (active >> seat) & 1:
        seat = (seat + 1) % n_seats
    return seat


@njit(cache=True)
def first_active(seat, n_seats, active):
    """``seat`` if it plays, else the next active seat to its left (who leads for it)."""
    while not (active >> seat) & 1:
        seat = (seat + 1) % n_seats
    return seat


# --------------------------------------------------------------------------- dealing


@njit(cache=True)
def deal_one(seed, index, fixed, need, pool, out):
    """Complete one deal: ``out[s] = fixed[s]`` plus ``need[s]`` cards drawn from ``pool``.

    ``pool`` holds face-space bit indexes of the unseen cards; it is shuffled with the
    stream of deal ``index`` (a partial Fisher-Yates on a private copy).
    """
    cards = pool.copy()
    state = stream_state(seed, SALT_DEAL, index)
    top = cards.shape[0]
    for seat in range(fixed.shape[0]):
        hand = fixed[seat]
        for _ in range(need[seat]):
            state, pick = next_random(state, top)
            top -= 1
            card = cards[pick]
            cards[pick] = cards[top]
            cards[top] = card
            hand |= ONE << np.uint64(card)
        out[seat] = hand


@njit(parallel=True, cache=True)
def deal_many(seed, first_index, count, fixed, need, pool):
    """Deals ``first_index .. first_index + count - 1`` as a (count, seats) uint64 array."""
    out = np.empty((count, fixed.shape[0]), np.uint64)
    for i in prange(count):
        deal_one(seed, first_index + i, fixed, need, pool, out[i])
    return out


# --------------------------------------------------------------------------- random play


@njit(cache=True)
def play_random_deal(hands, n_seats, active, denom, leader, state, record):
    """Play one deal out with uniformly random legal cards.

    ``hands`` is a contract-space copy that is emptied.  ``record[t, s]`` receives the
    contract-space card seat ``s`` played to trick ``t`` (-1 for seats sitting out) and
    ``record[t, n_seats]`` the trick's winner.  Returns tricks won by team 0 and the state.
    """
    # Random play is the heuristic loop with no heuristic seat: one implementation of a
    # trick's turn order, following and winner for every play model.
    return play_heuristic_deal(hands, n_seats, active, denom, 0, leader, 0, state, record)


@njit(parallel=True, cache=True)
def play_random_many(hands, active, denom, leader, seed, first_index):
    """Random playouts of face-space deals ``hands[d, seat]``; tricks won by team 0 per deal."""
    count, n_seats = hands.shape
    out = np.empty(count, np.int8)
    for d in prange(count):
        local = np.empty(n_seats, np.uint64)
        for s in range(n_seats):
            local[s] = to_contract(hands[d, s], denom)
        record = np.empty((8, n_seats + 1), np.int64)
        state = stream_state(seed, SALT_PLAY, first_index + d)
        out[d], state = play_random_deal(local, n_seats, active, denom, leader, state, record)
    return out


# =========================================================================== exchange
# Pig / six-handed Alone discards and partner gifts; classic dealer pick-up discard.
# (owned by the rules work, issue 2)
#
# One card order serves every exchange decision, ``EXCHANGE_KEY[denom, face]``: any trump
# is above any other card (trumps in their contract order); other cards go by rank
# (A high, 9 high in Low No Trump; the suit that lost its jack keeps A K Q 10 9), and
# equal ranks by suit order Clubs < Diamonds < Hearts < Spades.  Gifts take the top of
# this order, the void-first discard policy the bottom.

GIFT_HIGHEST = 0
GIFT_LOWEST = 1


def _build_exchange_tables():
    key = np.zeros((NUM_DENOMS, 24), np.int64)
    top_side = np.zeros((NUM_DENOMS, 24), np.bool_)  # a non-trump card of the best rank
    for denom in range(NUM_DENOMS):
        for face in range(24):
            position = POSITION[denom, face]
            if SUIT_AT[denom, position] == TRUMP[denom]:
                key[denom, face] = 100 + position
                continue
            rank_power = 5 - face % 6 if denom == LOW_NO_TRUMP else face % 6
            key[denom, face] = rank_power * 4 + face // 6
            top_side[denom, face] = rank_power == 5
    return key, top_side


EXCHANGE_KEY, TOP_SIDE_CARD = _build_exchange_tables()


@njit(cache=True)
def gift_card(hand, denom, policy):
    """Face-space bit of the card a partner gives: the top (or bottom) of the exchange order."""
    best_bit = -1
    best_key = -1
    rest = np.uint64(hand)
    while rest:
        bit = lowest_bit(rest)
        rest &= rest - ONE
        key = EXCHANGE_KEY[denom, bit >> 1]
        if policy == GIFT_LOWEST:
            key = 1000 - key
        if key > best_key:
            best_key = key
            best_bit = bit
    return best_bit


@njit(cache=True)
def _suit_counts(hand, denom, counts):
    for s in range(4):
        counts[s] = 0
    rest = np.uint64(hand)
    while rest:
        bit = lowest_bit(rest)
        rest &= rest - ONE
        counts[SUIT_AT[denom, POSITION[denom, bit >> 1]]] += 1


@njit(cache=True)
def _discard_cost(bits, n_bits, denom, counts):
    """Cost of discarding ``bits[:n_bits]`` (lower is better) under the void-first policy.

    In order: fewer trumps, fewer top side cards, more side suits emptied, then the
    weakest cards (the stronger discarded card first).
    """
    trumps = 0
    tops = 0
    strong = 0
    weak = 0
    for i in range(n_bits):
        face = bits[i] >> 1
        suit = SUIT_AT[denom, POSITION[denom, face]]
        counts[suit] -= 1
        if suit == TRUMP[denom]:
            trumps += 1
        if TOP_SIDE_CARD[denom, face]:
            tops += 1
        key = EXCHANGE_KEY[denom, face]
        if key > strong:
            weak = strong
            strong = key
        elif key > weak:
            weak = key
    voids = 0
    for i in range(n_bits):
        suit = SUIT_AT[denom, POSITION[denom, bits[i] >> 1]]
        if counts[suit] == 0 and suit != TRUMP[denom]:
            voids += 1
            counts[suit] = -1  # count each emptied suit once
    return (((trumps * 3 + tops) * 3 + (2 - voids)) * 128 + strong) * 128 + weak


@njit(cache=True)
def void_first_discards(hand, denom, count):
    """Face-space mask of the ``count`` (1 or 2) cards the void-first policy discards."""
    cards = np.empty(popcount(hand), np.int64)
    rest = np.uint64(hand)
    for i in range(cards.shape[0]):
        cards[i] = lowest_bit(rest)
        rest &= rest - ONE
    counts = np.zeros(4, np.int64)
    chosen = np.zeros(2, np.int64)
    best = np.zeros(2, np.int64)
    best_cost = -1
    n = cards.shape[0]
    for i in range(n):
        for j in range(i, n):
            if (j == i) != (count == 1):
                continue  # one discard: the pairs (i, i); two discards: i < j
            chosen[0] = cards[i]
            chosen[1] = cards[j]
            _suit_counts(hand, denom, counts)
            cost = _discard_cost(chosen, count, denom, counts)
            if best_cost < 0 or cost < best_cost:
                best_cost = cost
                best[0] = chosen[0]
                best[1] = chosen[1]
    out = ONE << np.uint64(best[0])
    if count == 2:
        out |= ONE << np.uint64(best[1])
    return out


@njit(cache=True)
def void_first_discards_many(hands, denom, count):
    """``void_first_discards`` of each hand mask in ``hands``."""
    out = np.empty(hands.shape[0], np.uint64)
    for d in range(hands.shape[0]):
        out[d] = void_first_discards(hands[d], denom, count)
    return out


@njit(cache=True)
def gifts_many(hands, denom, bidder, policy):
    """Per deal, the face-space mask of the two cards the bidder's partners give."""
    count, n_seats = hands.shape
    out = np.zeros(count, np.uint64)
    for d in range(count):
        for partner in range(n_seats):
            if partner != bidder and (partner & 1) == (bidder & 1):
                out[d] |= ONE << np.uint64(gift_card(hands[d, partner], denom, policy))
    return out


@njit(cache=True)
def exchange_many(hands, denom, bidder, discards, policy):
    """Pig / Alone: the bidder drops ``discards[d]``, then each partner gives its gift card."""
    count, n_seats = hands.shape
    out = hands.copy()
    for d in range(count):
        received = ZERO
        for partner in range(n_seats):
            if partner != bidder and (partner & 1) == (bidder & 1):
                gift = ONE << np.uint64(gift_card(hands[d, partner], denom, policy))
                out[d, partner] = hands[d, partner] & ~gift
                received |= gift
        out[d, bidder] = (hands[d, bidder] & ~discards[d]) | received
    return out


# =========================================================================== heuristic play
# Rules of thumb for every seat (issue 3).
# The rules are listed, numbered, in the docstring of simulate/play.py; comments below
# cite them as "rule N".  A seat sees only what a real player sees: its own hand, the
# cards played so far (``unseen`` = the deck minus its hand minus played cards), the
# trick in progress, and which seats have shown out of a suit (``voids``).

SINGLE_DECK = np.uint64(0x555555555555)  # copy-0 bits: the same in face and contract space
DOUBLE_DECK = np.uint64(0xFFFFFFFFFFFF)


@njit(cache=True)
def table_deck(n_seats):
    """The deck in play: six seats play the 48-card double deck, four the 24-card deck."""
    return DOUBLE_DECK if n_seats == 6 else SINGLE_DECK


@njit(cache=True)
def is_master(card, unseen, denom):
    """Is ``card`` the best card left in its suit (no unseen card of its suit ranks higher)?

    An unseen second copy of the same face does not count: if it is played after ours it
    ties, and the first copy keeps the trick.
    """
    above = ~((ONE << np.uint64((card | 1) + 1)) - ONE)
    return (unseen & SUIT_MASK[denom, SUIT_AT[denom, card >> 1]] & above) == ZERO


@njit(cache=True)
def trump_cards(denom):
    """Contract-space mask of the trump suit (empty in no trump)."""
    if denom >= HIGH_NO_TRUMP:
        return ZERO
    return SUIT_MASK[denom, TRUMP[denom]]


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
    deck = table_deck(n_seats)
    played = ZERO
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
        for _ in range(n_active):
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
            else:
                legal = legal_cards(hands[seat], denom, led_suit)
                state, pick = next_random(state, popcount(legal))
                card = nth_bit(legal, pick)
            bit = ONE << np.uint64(card)
            hands[seat] ^= bit
            played |= bit
            record[trick, seat] = card
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
        local = np.empty(n_seats, np.uint64)
        for s in range(n_seats):
            local[s] = to_contract(hands[d, s], denom)
        record = np.empty((8, n_seats + 1), np.int64)
        state = stream_state(seed, SALT_PLAY, first_index + d)
        out[d], state = play_heuristic_deal(
            local, n_seats, active, denom, declarer, leader, heuristic_seats, state, record
        )
    return out


# =========================================================================== double-dummy search
# Exact search for 4- and 6-seat tables (issue 3).
#
# The search answers one yes/no question at a time, "can ``team`` take at least ``need``
# of the remaining tricks?" (a null-window alpha-beta, as the bridge solver DDS does);
# the exact trick count is found by a few such probes, climbing from a cheap lower
# bound.  Every probe of one deal shares a transposition table at trick boundaries
# that stores bounds on the team's tricks, so later probes reuse earlier work.
#
# * Positions at trick boundaries are *packed* before they are searched or stored: in
#   each suit the faces still held by anyone slide up to the top of the suit's block,
#   and the two copies of a face go to the seats in seat order.  Positions that differ
#   only in which cards were played already become one table entry.
# * Rank abstraction (DDS's partition search): each entry keeps only the cards whose
#   ranks its proof used, plus every seat's suit lengths, and answers for every
#   position that differs only in lower cards (dd_tt_probe, dd_search).
# * Equivalent cards are generated once: two cards of one hand in one suit with no card
#   of another hand (or the trick's winning card) between or level with them in rank.
# * Cheap bounds at every trick boundary: a seat's trumps are sure tricks but for one
#   per opponent trump level with or above them, and the leader's side takes the tricks
#   the leader can cash at once, partners following under it (drawing trumps first),
#   and then a lead that its side's best card wins, or after leading to a partner's
#   winner, those the partner can cash; a side sweeps
#   when the other side has no trump and one of its seats holds only trumps, or will
#   after the leader cashes and loses one card to a partner; a side needing every
#   trick loses one when the other side tops every suit its leader can lead, or when
#   the leader must lead a suit the other side tops, its partners never taking the
#   lead; inside a trick, a settled trick answers a node that has no slack left.
# * Move ordering: the table's best lead, sure winners, low leads towards a partner's
#   winner or ruff, leads in suits where few seats are void; following, the cheapest
#   safe winner, then the cheapest winner, then low (dd_order_moves).
#
# ``turn[seat]`` is the next active seat (dd_turn_order).  Buffers: ``hands[level,
# seat]`` holds the contract-space hands at trick ``level`` of the search (each trick
# boundary packs its position into the next level); ``moves[ply]`` the ordered moves
# of each ply and ``frames[ply]`` the search stack; ``tt_keys`` / ``tt_info`` are the
# table (see dd_tt_probe); ``stats[0]`` counts nodes (positions visited).

DD_EVEN = np.uint64(0x5555555555555555)  # bit 2 * face for every face
# Table slots probed per position.  All positions of one shape share a bucket and the
# common shapes fill it: with 32 slots the demo's 60 deals searched 2.3 times the nodes
# of 64 (Hearts 7 times); 128 saved 2% more nodes and no time.
DD_BUCKET = 64
DD_BOUND_BITS = 5  # bits per trick bound in a table entry (hands of up to 31 tricks)
DD_BOUND_MASK = 31
DD_CHECK_MASK = -(1 << 32) | (127 << 25) | (15 << 16)  # generation, shape tag and leader in an entry's info


@njit(cache=True, inline="always")
def dd_face_bits(cards):
    """Bit ``2 * face`` set for each face of which ``cards`` holds a copy."""
    return (cards | (cards >> ONE)) & DD_EVEN


@njit(cache=True, inline="always")
def dd_above(cards):
    """Cards of every face strictly higher (by index) than the highest face in ``cards``."""
    if cards == ZERO:
        return ~ZERO
    top = highest_bit(cards) >> 1
    return ~((ONE << np.uint64(2 * top + 2)) - ONE)


@njit(cache=True, inline="always")
def dd_level_or_above(cards):
    """Cards of every face at least as high as the highest face in ``cards``."""
    if cards == ZERO:
        return ~ZERO
    top = highest_bit(cards) >> 1
    return ~((ONE << np.uint64(2 * top)) - ONE)


@njit(cache=True, inline="always")
def dd_range(face, denom):
    """``face`` and every higher face of its suit, both copies: the exact part of a suit."""
    block = SUIT_MASK[denom, SUIT_AT[denom, face]]
    return block & ~((ONE << np.uint64(2 * face)) - ONE)


@njit(cache=True, inline="always")
def dd_rank_mattered(winner_card, played, denom):
    """Relevant cards of a trick won by ``winner_card`` among ``played``: its range if
    another card of its suit was played (a comparison of ranks decided it), else none."""
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    if popcount(played & block) > 1:
        return dd_range(winner_card >> 1, denom)
    return ZERO


@njit(cache=True, inline="always")
def dd_rel_to_input(rel, present, denom):
    """Relevant cards of a packed row back in the coordinates of the row it came from."""
    out = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        part = rel & block & DD_EVEN
        if part:
            faces = present & block
            for _ in range(popcount(part) - 1):
                if faces & (faces - ONE):
                    faces &= ~(ONE << np.uint64(highest_bit(faces)))
            if faces:
                out |= dd_range(highest_bit(faces) >> 1, denom)
    return out


@njit(cache=True, inline="always")
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


@njit(cache=True, inline="always")
def dd_pack(hands, level, n_seats, denom):
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
    every card (packing took an eighth of the search's time when it was one).
    """
    union = ZERO
    for s in range(n_seats):
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
        for s in range(n_seats):
            hand = hands[level + 1, s]
            hands[level + 1, s] = ((hand & below) << np.uint64(2)) | (hand & ~below)
    # Copies in seat order: a face held twice by one seat keeps both bits, otherwise
    # the first seat holding the face gets copy 0 and the next one copy 1.
    placed = ZERO
    for s in range(n_seats):
        hand = hands[level + 1, s]
        both = hand & (hand >> ONE) & DD_EVEN
        once = dd_face_bits(hand) & ~both
        packed = both | (both << ONE) | (once & ~placed) | ((once & placed) << ONE)
        hands[level + 1, s] = packed
        placed |= packed
    return present, placed


@njit(cache=True, inline="always")
def dd_play(card, seat, winner_seat, winner_card, led_suit, denom):
    """The trick's (winner seat, winning card, led suit) after ``seat`` plays ``card``."""
    if led_suit < 0:
        return seat, card, SUIT_AT[denom, card >> 1]
    if beats(card, winner_card, denom):
        return seat, card, led_suit
    return winner_seat, winner_card, led_suit


@njit(cache=True)
def dd_turn_order(n_seats, active):
    """``turn[seat]``: the active seat that plays after ``seat`` (a table: the search asks often)."""
    turn = np.zeros(n_seats, np.int64)
    for seat in range(n_seats):
        turn[seat] = next_active(seat, n_seats, active)
    return turn


@njit(cache=True, inline="always")
def dd_last_trick(hands, level, turn, denom, leader):
    """(winner, relevant cards) of the last trick, where every active seat holds one card.

    Only the side taking the trick counts here, so the winning card's rank matters only
    when the other side played a card of its suit.  Sound: in a position with the same
    suit lengths every seat plays a card of the same suit; if the winner's side alone
    played the winning suit (the led suit with no trump played, or trump), its best card
    there still wins, whatever the ranks.  Otherwise the winning card's range keeps the
    winner and every card of the suit above it, so the other side's cards, below it or
    the same, still lose.
    """
    winner_seat = leader
    winner_card = lowest_bit(hands[level, leader])
    played_even = ZERO  # cards played by the side of seat 0
    played_odd = ZERO  # and by the side of seat 1
    seat = leader
    while True:
        card = lowest_bit(hands[level, seat])
        if seat & 1:
            played_odd |= hands[level, seat]
        else:
            played_even |= hands[level, seat]
        if beats(card, winner_card, denom):
            winner_seat = seat
            winner_card = card
        seat = turn[seat]
        if seat == leader:
            break
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    other_side = played_even if winner_seat & 1 else played_odd
    if other_side & block:
        return winner_seat, dd_range(winner_card >> 1, denom)
    return winner_seat, ZERO


@njit(cache=True, inline="always")
def dd_side_seats(side):
    """The seats of ``side`` (0 or 1) as a bit per seat: every other seat."""
    return np.int64(0x15) << side


@njit(cache=True, inline="always")
def dd_ruffers(hands, level, n_seats, denom, block):
    """The seats (a bit per seat) void in the suit ``block`` that hold a trump: those that
    may ruff it.  None at no trump, and none when ``block`` is the trump suit."""
    trump = TRUMP[denom]
    seats = np.int64(0)
    if trump < 0 or block == SUIT_MASK[denom, trump]:
        return seats
    trumps = SUIT_MASK[denom, trump]
    for s in range(n_seats):
        held = hands[level, s]
        if (held & block) == ZERO and (held & trumps) != ZERO:
            seats |= np.int64(1) << s
    return seats


@njit(cache=True, inline="always")
def dd_holder(hands, level, n_seats, card):
    """The seat holding ``card`` (-1 if none does)."""
    for s in range(n_seats):
        if (hands[level, s] >> np.uint64(card)) & ONE:
            return s
    return np.int64(-1)


# The quick bounds' helpers below are compiled once each, not inlined: inlined into
# dd_quick_bounds, itself inlined into dd_enter and dd_value, they made the solver take
# 100 s to compile instead of 19 s, for about 5% of search speed.
@njit(cache=True)
def dd_sure_trumps(held, against, denom):
    """(tricks, relevant cards): tricks the side of a seat holding the trumps ``held``
    surely takes with them against the other side's trumps ``against``.

    Every trump of the seat is played to a trick of its own, and the side wins that
    trick unless an opponent plays a trump level with or above it there (a level copy
    played first wins); each opponent trump can do that once.  So the side takes at
    least ``held``'s trumps less the largest matching of them to opponent trumps level
    with or above them, found greedily from the seat's highest trump down (a lower
    trump can be matched to every trump that a higher one can).  The count depends on
    the trumps from the lowest one that added to it up.
    """
    tricks = np.int64(0)
    matched = np.int64(0)
    depth = np.int64(-1)
    while held:
        card = highest_bit(held)
        held &= ~(ONE << np.uint64(card))
        if popcount(against & dd_level_or_above(ONE << np.uint64(card))) > matched:
            matched += 1
        else:
            tricks += 1
            depth = card >> 1
    if depth < 0:
        return tricks, ZERO
    return tricks, dd_range(depth, denom)


@njit(cache=True, inline="always")
def dd_partner_ducks(mine, held, rounds):
    """Can a partner holding ``held`` of a suit follow each of the first ``rounds`` leads of
    the leader's cards ``mine`` (highest first) with a card level with or below it?

    It plays its lowest ``rounds`` cards (all of them if it holds fewer), the highest of
    them under the leader's highest, and so on down: the pairing that fits if any does.
    """
    for _ in range(popcount(held) - rounds):
        held &= ~(ONE << np.uint64(highest_bit(held)))
    while held:
        lead = highest_bit(mine)
        follow = highest_bit(held)
        if (follow >> 1) > (lead >> 1):
            return False
        mine &= ~(ONE << np.uint64(lead))
        held &= ~(ONE << np.uint64(follow))
    return True


# Inlined into its two callers: as a call, it made dd_cash_count a tenth slower.
@njit(cache=True, inline="always")
def dd_cash_rounds(hands, level, n_seats, denom, leader, block):
    """(rounds, relevant cards, exhausts): how many times in a row the leader can lead the
    suit ``block``, highest card first, and win the trick itself; ``exhausts``: whether
    every other seat is void in the suit after those rounds.

    An opponent stops the run only if it still holds a card above the leader's card of
    that round, so a seat holding ``n`` cards of which the leader's first ``a`` leads are
    level with or above its best allows ``a`` rounds if ``a < n`` (after ``n`` rounds it
    is void).  A partner does not overtake while it can follow under the leader
    (dd_partner_ducks), and once every other seat is void the leader's low cards win
    too.  Playing the other suits first only helps: seats void there discard, partners
    their highest cards, so holdings only shrink.  The count depends on the suit's cards
    from the leader's card of round ``min(rounds, longest holding of another seat)`` up:
    cards below it go under every lead the count uses.
    """
    mine = hands[level, leader] & block
    rounds = popcount(mine)
    longest = np.int64(0)
    partners = ZERO
    for s in range(n_seats):
        if s == leader:
            continue
        held = hands[level, s] & block
        if held == ZERO:
            continue
        n = popcount(held)
        longest = max(longest, n)
        ahead = popcount(mine & dd_level_or_above(held))
        if ahead >= n:
            continue
        if (s & 1) != (leader & 1):
            if ahead == 0:
                # not one round (the seat is not void): nothing more to learn
                return np.int64(0), ZERO, False
            rounds = min(rounds, ahead)
        else:
            partners |= ONE << np.uint64(s)
    while partners and rounds > 0:
        s = lowest_bit(partners)
        partners &= partners - ONE
        held = hands[level, s] & block
        if not dd_partner_ducks(mine, held, min(rounds, popcount(held))):
            fits = np.int64(0)
            while dd_partner_ducks(mine, held, fits + 1):
                fits += 1
            rounds = fits
    last = min(rounds, longest)
    if last == 0:
        return rounds, ZERO, rounds >= longest
    cards = mine
    for _ in range(last - 1):
        cards &= ~(ONE << np.uint64(highest_bit(cards)))
    return rounds, dd_range(highest_bit(cards) >> 1, denom), rounds >= longest


@njit(cache=True)
def dd_trump_sweep(hands, level, n_seats, denom, side, leader):
    """(sweeps, relevant cards): does ``side`` surely take every remaining trick because
    the other side holds no trump?

    Called at a trick boundary of a trump contract.  With no trump on the other side,
    every trick in which a seat of ``side`` plays a trump is the side's.  So the side
    sweeps once one of its seats holds nothing but trumps: that seat plays a trump to
    every trick, whoever leads.  When the side leads, the leader gets there itself: it
    cashes the rounds of the plain suits that it wins itself (dd_cash_rounds, so it
    keeps the lead; a partner void in the suit discards rather than ruffs, unless it
    holds only trumps, and then it sweeps itself), then leads its one remaining plain
    card.  The side wins that trick
    when a partner is void in the suit and holds a trump (it stays void, and keeps a
    trump: it discards a plain card while it has one), or when the card is the leader's
    only one of its suit and a partner holds a card above every card of the other side
    there, and that partner holds no trump or the leader has no winner to cash first
    (the suit is not led before, and a partner with no trump always has another card
    to discard, so it keeps that card and never takes the lead early).  The leader
    holds only trumps after that trick.  Beyond the suit lengths, the answer depends
    on the cards dd_cash_rounds names and, for a partner's winner, on the cards from
    it up.
    """
    trumps = SUIT_MASK[denom, TRUMP[denom]]
    only_trumps = False
    for s in range(n_seats):
        held = hands[level, s]
        if (s & 1) != side:
            if held & trumps:
                return False, ZERO
        elif held != ZERO and (held & ~trumps) == ZERO:
            only_trumps = True
    if only_trumps:
        return True, ZERO
    if (leader & 1) != side:
        return False, ZERO
    lead_hand = hands[level, leader]
    losers = np.int64(0)
    rescued = False
    rel = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if suit == TRUMP[denom] or mine == ZERO:
            continue
        top, suit_rel, _ = dd_cash_rounds(hands, level, n_seats, denom, leader, block)
        rel |= suit_rel
        lost = popcount(mine) - top
        if lost == 0:
            continue
        losers += lost
        if losers > 1:
            return False, ZERO
        defenders = ZERO
        for s in range(n_seats):
            held = hands[level, s]
            if (s & 1) != side:
                defenders |= held & block
            elif s != leader and (held & block) == ZERO and (held & trumps) != ZERO:
                rescued = True
        if not rescued and top == 0:
            nothing_to_cash = popcount(lead_hand & ~trumps) == 1
            beaten = dd_above(defenders)
            for s in range(n_seats):
                held = hands[level, s]
                if (s & 1) == side and s != leader and (held & block & beaten) != ZERO:
                    if nothing_to_cash or (held & trumps) == ZERO:
                        rescued = True
                        rel |= dd_range(highest_bit(held & block) >> 1, denom)
    if losers == 0 or rescued:
        return True, rel
    return False, ZERO


@njit(cache=True, inline="always")
def dd_first_of_level(hands, level, n_seats, leader, seat, card, others):
    """Does ``card`` of ``seat`` beat ``others`` (the other seats' cards of its suit) in a
    trick led by ``leader``: above them all, or level with the other copy of its face
    held by a seat that plays after ``seat`` (the first copy played wins)?"""
    if others == ZERO or (highest_bit(others) >> 1) < (card >> 1):
        return True
    if (highest_bit(others) >> 1) > (card >> 1):
        return False
    # places after the leader, without a division (a tie is common in a double deck)
    place = seat - leader + (n_seats if seat < leader else 0)
    for s in range(n_seats):
        if s != seat and (hands[level, s] >> np.uint64(card & ~1)) & np.uint64(3):
            if s - leader + (n_seats if s < leader else 0) < place:
                return False
    return True


@njit(cache=True, inline="always")
def dd_side_wins_lead(hands, level, n_seats, denom, leader, ours, defenders):
    """Relevant cards (ZERO if not) when the leader's side, holding ``ours`` of a suit
    against the other side's ``defenders``, takes a lead of the suit by the leader if
    nobody ruffs: its best card of the suit beats every card of the other side there
    (dd_first_of_level), the leader leading it or a partner playing it in turn."""
    if ours == ZERO:
        return ZERO
    best = highest_bit(ours)
    best_seat = leader
    if defenders != ZERO and (highest_bit(defenders) >> 1) == (best >> 1):
        # the other copy is the other side's: who plays first of the two matters
        best_seat = dd_holder(hands, level, n_seats, best)
    if dd_first_of_level(hands, level, n_seats, leader, best_seat, best, defenders):
        return dd_range(best >> 1, denom)
    return ZERO


@njit(cache=True, inline="always")
def dd_unruffed_rounds(hands, level, n_seats, denom, leader, block, top):
    """Rounds of the plain suit ``block`` that the leader cashes right after its trump
    rounds while the other side keeps trumps: those of dd_cash_rounds (``top``), but no more than
    any seat of the other side holding a trump has cards of the suit (it followed the
    trump rounds with trumps and follows these, never void, so it cannot ruff), and
    no more than the plain cards of a partner void in the suit that holds a trump (it
    discards one each round rather than ruff, keeping the side's best card of the suit
    led after them, if it holds it, to the last: if it must ruff with that card left,
    it wins the round itself and then leads that card, which wins as well)."""
    trumps = SUIT_MASK[denom, TRUMP[denom]]
    for s in range(n_seats):
        held = hands[level, s]
        if (held & trumps) != ZERO:
            if (s & 1) != (leader & 1):
                top = min(top, popcount(held & block))
            elif s != leader and (held & block) == ZERO:
                top = min(top, popcount(held & ~trumps))
    return top


@njit(cache=True)
def dd_lead_lost(hands, level, n_seats, denom, leader):
    """(lost, relevant cards): does the side not on lead surely win the trick the
    leader leads now, whatever it leads?

    For each suit the leader holds, either the other side's best card there beats
    every card of the leader's side (dd_first_of_level: its holder follows with it), or
    a seat of the other side void in the suit can ruff it; and no seat of the leader's
    side is void in it holding a trump (a seat that holds the suit must follow, so
    only a void one could ruff or overruff).  The leader's side, needing every trick,
    cannot have it: the most common search target is exactly that.  Beyond the suit
    lengths the answer depends on the cards from each suit's winning card up.
    """
    side = leader & 1
    ours = ZERO
    theirs = ZERO
    for s in range(n_seats):
        if (s & 1) == side:
            ours |= hands[level, s]
        else:
            theirs |= hands[level, s]
    rel = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (hands[level, leader] & block) == ZERO:
            continue
        ruffers = dd_ruffers(hands, level, n_seats, denom, block)
        if ruffers & dd_side_seats(side):
            return False, ZERO
        if ruffers:
            continue
        if (theirs & block) == ZERO:
            return False, ZERO
        best = highest_bit(theirs & block)
        best_seat = leader
        if (highest_bit(ours & block) >> 1) == (best >> 1):
            # the sides share the face: who plays first of the two matters
            best_seat = dd_holder(hands, level, n_seats, best)
        if not dd_first_of_level(hands, level, n_seats, leader, best_seat, best, ours & block):
            return False, ZERO
        rel |= dd_range(best >> 1, denom)
    return True, rel


@njit(cache=True)
def dd_lead_loser(hands, level, n_seats, denom, leader):
    """(lost, relevant cards): must the leader's side, if it is to take every trick, lead
    a suit the leader holds in which the other side's best card beats all of its side's
    (dd_first_of_level, the leader leading): a *topped* suit?

    So it is when no partner of the leader can ever win a trick: it holds no trump, and
    in every suit the leader holds that is not topped its cards are level with or
    below the leader's lowest one there.  Then while the side wins every trick the
    leader wins them all (a partner neither ruffs nor beats the leader's card of a suit
    not topped, the first copy winning a tie), so it leads every trick from its own
    hand, and a topped suit among them.  Before that trick the holder of the other
    side's best card of that suit played cards of other suits, or any other card it
    held (it holds two or more until the last trick), so it still holds it, and wins.
    A squeeze cannot take it: nothing forces that holder to part with it.  Beyond the
    suit lengths the answer depends on the cards from the other side's best card of
    each topped suit up and from each partner's best card of each other suit up.
    """
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    side = leader & 1
    lead_hand = hands[level, leader]
    for p in range(n_seats):
        if p != leader and (p & 1) == side and (hands[level, p] & trumps) != ZERO:
            return False, ZERO
    topped = False
    rel = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if mine == ZERO:
            continue
        ours = ZERO
        best = np.int64(-1)
        best_seat = leader
        overtaken = False
        partner_rel = ZERO
        for s in range(n_seats):
            held = hands[level, s] & block
            if held == ZERO:
                continue
            if (s & 1) != side:
                if (highest_bit(held) >> 1) > (best >> 1):
                    best = highest_bit(held)
                    best_seat = s
                continue
            ours |= held
            if s != leader:
                if (highest_bit(held) >> 1) > (lowest_bit(mine) >> 1):
                    overtaken = True
                else:
                    partner_rel |= dd_range(highest_bit(held) >> 1, denom)
        if best >= 0 and dd_first_of_level(hands, level, n_seats, leader, best_seat, best, ours):
            topped = True
            rel |= dd_range(best >> 1, denom)
        elif overtaken:
            return False, ZERO
        else:
            rel |= partner_rel
    return topped, rel if topped else ZERO


@njit(cache=True)
def dd_cash_count(hands, level, n_seats, denom, leader):
    """(tricks, later, crossing, relevant cards): the tricks the leader cashes in a row,
    winning each itself (see dd_quick_bounds); ``later``, the tricks its side surely
    takes right after them whose proof needs the other side's suit lengths as they are
    now (so dd_cross_count, which counts on hands a trick ahead, leaves them out); and
    the relevant cards of the last of those, the crossing lead below (else ZERO).

    While trumps are out, only the trump rounds are cashed; ``later`` then starts with
    the rounds of one plain suit that nobody can ruff yet (dd_unruffed_rounds).  The
    crossing lead is of a suit the leader has not cashed from (so a partner holding the
    side's best card there still holds it: it follows under the leader or discards
    another card, having two or more left), won by the side's best card
    (dd_side_wins_lead) when no one of the other side can ruff: after drawing trumps
    nobody holds one, and while trumps are out a seat of the other side that holds a
    card of the suit and a trump has followed every round before with one of them.  The
    trick after it may be led by a partner, so it ends the count."""
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    lead_hand = hands[level, leader]
    rel = ZERO
    cashed = np.int64(0)
    top_trumps = np.int64(0)
    trumps_drawn = True
    uncashed = ZERO
    tops = ZERO  # each suit's rounds, four bits per suit
    opponents = ZERO
    ours = ZERO
    for s in range(n_seats):
        if (s & 1) != (leader & 1):
            opponents |= hands[level, s]
        else:
            ours |= hands[level, s]
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        if opponents & block & dd_above(mine):
            # an opponent beats the leader's best card here: no round (trumps stay out)
            if suit == trump:
                trumps_drawn = False
            if mine:
                uncashed |= block
            continue
        if suit != trump and mine == ZERO:
            continue
        top, suit_rel, exhausts = dd_cash_rounds(hands, level, n_seats, denom, leader, block)
        rel |= suit_rel
        cashed += top
        tops |= np.uint64(top) << np.uint64(4 * suit)
        if suit == trump:
            top_trumps = top
            trumps_drawn = exhausts
        if top == 0 and (lead_hand & block) != ZERO:
            uncashed |= block
    later = np.int64(0)
    if not trumps_drawn:
        uncashed |= lead_hand & ~trumps
        plain_block = ZERO
        for suit in range(4):
            top = np.int64((tops >> np.uint64(4 * suit)) & np.uint64(15))
            if suit != trump and top > later:
                block = SUIT_MASK[denom, suit]
                rounds = dd_unruffed_rounds(hands, level, n_seats, denom, leader, block, top)
                if rounds > later:
                    later = rounds
                    plain_block = block
        uncashed &= ~plain_block
    crossing = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (uncashed & block) == ZERO:
            continue
        if not trumps_drawn:
            if dd_ruffers(hands, level, n_seats, denom, block) & dd_side_seats(1 - (leader & 1)):
                continue
        crossing = dd_side_wins_lead(hands, level, n_seats, denom, leader, ours & block, opponents & block)
        if crossing != ZERO:
            later += 1
            break
    if trumps_drawn:
        return cashed, later, crossing, rel
    return top_trumps, later, crossing, rel


@njit(cache=True)
def dd_cross_count(hands, level, n_seats, denom, leader):
    """(tricks, relevant cards): tricks the leader's side takes by first leading to a
    partner's winner and then cashing the partner's tricks (dd_cash_count).

    The partner's highest card of a suit the leader holds must be above every other
    card of that suit (the leader's and the other partner's too), or level with the
    other copy of its face held by a seat that plays after it, and nobody may ruff
    it: no opponent void in the suit holds a trump, and no partner void in it holds
    only trumps.  The leader leads its highest card of the suit and the other partner
    plays its highest, or discards its highest card of some suit: each seat other than
    the new leader only loses cards, an opponent any, a partner its highest of a suit,
    so counting the partner's tricks with their hands as they are now is safe (that
    count never grows when a partner's highest card of a suit is added back).  Only
    the partner's own hand changes for the count: it has played its winner.
    """
    trump = TRUMP[denom]
    trumps = SUIT_MASK[denom, trump] if trump >= 0 else ZERO
    lead_hand = hands[level, leader]
    everything = ZERO
    for s in range(n_seats):
        everything |= hands[level, s]
    best = np.int64(0)
    best_rel = ZERO
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        if (lead_hand & block) == ZERO:
            continue
        ruffed = -1  # not yet known: whether a void seat ruffs the suit (the same for each partner)
        for partner in range(n_seats):
            if partner == leader or (partner & 1) != (leader & 1):
                continue
            held = hands[level, partner] & block
            if held == ZERO:
                continue
            winner = highest_bit(held)
            others = everything & block & ~held
            if not dd_first_of_level(hands, level, n_seats, leader, partner, winner, others):
                continue
            if ruffed < 0:
                ruffed = 0
                if suit != trump:
                    for s in range(n_seats):
                        hand = hands[level, s]
                        if (hand & block) == ZERO and (hand & trumps) != ZERO:
                            if (s & 1) != (leader & 1) or (hand & ~trumps) == ZERO:
                                ruffed = 1
            if ruffed == 1:
                continue
            bit = ONE << np.uint64(winner)
            hands[level, partner] ^= bit
            tricks, _, _, rel = dd_cash_count(hands, level, n_seats, denom, partner)
            hands[level, partner] ^= bit
            if tricks + 1 > best:
                best = tricks + 1
                best_rel = rel | dd_range(winner >> 1, denom)
    return best, best_rel


@njit(cache=True, inline="always")
def dd_quick_bounds(hands, level, n_seats, denom, team, leader, remaining, need):
    """(lower, upper, relevant cards): bounds on the tricks ``team`` takes of the
    ``remaining`` ones, and the cards whose ranks the bounds depend on.

    Called at a trick boundary.  Two sure facts: each seat's side takes a trick with
    every trump of that seat that no opponent trump can stop (dd_sure_trumps); and the
    leader's side takes every trick the leader can cash in a row, winning each trick
    itself (dd_cash_rounds: the rounds of each suit in which no opponent can still
    beat the leader's card and the partners follow under it).  With trumps out, the
    leader first draws them, every other seat's (partners' too, or they could ruff and
    take the lead); if it cannot, its trump rounds count and then the rounds of one
    plain suit that no seat holding a trump can ruff yet (dd_unruffed_rounds: 0.8% fewer
    nodes on the demo, 1.2% on random deals).  Or the leader leads
    to a partner's sure winner and the partner cashes (dd_cross_count).  Beyond the
    suit lengths, the bounds depend only on the cards those helpers name.

    One more trick after the cashing: a lead of a suit the leader did not cash from,
    won by its side's best card there when nobody can ruff it (dd_cash_count).  With
    one card left this settles at once the six-seat positions where the bidder's side
    takes every trick with a partner's ace: Hearts deal 0 of the analyser's demo needed
    131 million nodes without it.  Counting that trick after any cashing, while trumps
    are still out, and with the best card level with the other side's best but played
    first (a double deck's two aces are often split between the sides) cut the nodes
    by 15% on the demo (60 deals, all six denominations) and 13% on 20 random deals,
    most of it from the level copies.  And a
    side sweeps when the other side holds no trump (dd_trump_sweep): Hearts deal 41,
    where the bidder ruffs a spade in a partner's void, took 3.9e8 nodes without it
    and takes 58 with it.

    When the leader's side needs every trick (the commonest target of the search), the
    other side surely takes one if it wins the trick led now whatever the leader leads
    (dd_lead_lost), or if the leader must in the end lead a suit the other side tops
    because no partner can ever take the lead from it (dd_lead_loser): 7.9% fewer nodes
    on the demo (Hearts 81%), 3.2% on random deals.

    With ``need > 0`` the bounds stop as soon as they answer "at least ``need``?", and
    the relevant cards are then only those of the part that answered: the bounds ran
    on every trick-boundary node and took 45% of the search's time when they were
    always worked out whole.
    """
    lower = np.int64(0)
    upper = remaining
    rel = ZERO
    trump = TRUMP[denom]
    if trump >= 0:
        trumps = SUIT_MASK[denom, trump]
        team_trumps = ZERO
        other_trumps = ZERO
        for s in range(n_seats):
            if (s & 1) == team:
                team_trumps |= hands[level, s] & trumps
            else:
                other_trumps |= hands[level, s] & trumps
        team_sure = np.int64(0)
        other_sure = np.int64(0)
        team_rel = ZERO
        other_rel = ZERO
        for s in range(n_seats):
            held = hands[level, s] & trumps
            if held == ZERO:
                continue
            if (s & 1) == team:
                sure, sure_rel = dd_sure_trumps(held, other_trumps, denom)
                if sure > team_sure:
                    team_sure = sure
                    team_rel = sure_rel
            else:
                sure, sure_rel = dd_sure_trumps(held, team_trumps, denom)
                if sure > other_sure:
                    other_sure = sure
                    other_rel = sure_rel
        lower = team_sure
        upper = remaining - other_sure
        if need > 0 and need <= lower:
            return lower, upper, team_rel
        if need > upper:
            return lower, upper, other_rel
        rel |= team_rel | other_rel
        if (team_trumps == ZERO) != (other_trumps == ZERO):
            side = team if team_trumps else 1 - team
            sweeps, sweep_rel = dd_trump_sweep(hands, level, n_seats, denom, side, leader)
            if sweeps:
                if side == team:
                    return remaining, remaining, sweep_rel
                return np.int64(0), np.int64(0), sweep_rel
    # The leader's side needs every trick and loses the one it leads now, or, leading,
    # the other side needs every trick and takes this one: answered before the cashing.
    if need <= 0 or need == (remaining if (leader & 1) == team else 1):
        lost, lost_rel = dd_lead_lost(hands, level, n_seats, denom, leader)
        if not lost:
            lost, lost_rel = dd_lead_loser(hands, level, n_seats, denom, leader)
        if lost:
            if (leader & 1) == team:
                upper = min(upper, remaining - 1)
            else:
                lower = max(lower, np.int64(1))
            if need > 0:
                return lower, upper, lost_rel
            rel |= lost_rel
    # The leader's side's cashing raises its bound only: the team's lower one when it
    # leads, else the other side's, which lowers the team's upper bound.
    enough = remaining if need <= 0 else (need if (leader & 1) == team else remaining - need + 1)
    quick, later, crossing, cash_rel = dd_cash_count(hands, level, n_seats, denom, leader)
    quick += later
    cash_rel |= crossing
    if need > 0 and quick >= enough:
        rel = cash_rel
    else:
        rel |= cash_rel
        if quick < enough:
            crossed, cross_rel = dd_cross_count(hands, level, n_seats, denom, leader)
            if crossed > quick:
                quick = crossed
                rel = cross_rel if need > 0 and crossed >= enough else rel | cross_rel
    if (leader & 1) == team:
        lower = max(lower, quick)
    else:
        upper = min(upper, remaining - quick)
    return lower, upper, rel


@njit(cache=True, inline="always")
def dd_lengths(hand, denom):
    """The hand's four suit lengths, four bits each."""
    lengths = ZERO
    for suit in range(4):
        lengths |= np.uint64(popcount(hand & SUIT_MASK[denom, suit])) << np.uint64(4 * suit)
    return lengths


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
def dd_tt_probe(hands, level, n_seats, denom, leader, cards, tt_keys, tt_info, generation, frames, ply):
    """Find a table entry that covers the position (``hands[level]``, ``leader``), whose
    cards are ``cards``.

    Rank abstraction (the partition search of the bridge solver DDS): an entry keeps,
    in ``tt_keys[slot, n_seats]``, the *exact part* of the position it was proved for
    (in each suit the cards from some rank up); below it only each seat's number of
    cards in each suit mattered to the proof.  ``tt_keys[slot, seat]`` is that seat's
    exact cards with its four suit lengths in bits 48-63, so an entry covers every
    position with the same leader, suit lengths and exact part.  Entries are hashed by
    the leader, the suit lengths and who holds each suit's top face (the *shape*,
    kept in ``tt_keys[slot, n_seats + 1]``); many positions share a shape, so a bucket
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
    tricks left (as this once did) overwrote the newest entry of a full bucket again
    and again; keeping the costly ones cut the demo's Hearts nodes by 57% (3.97e8 to
    1.70e8 on 60 deals), the whole demo set by 45%.  An entry found moves one slot
    towards the front of its bucket, so the entries that answer often are met early in
    the scan (a probe compared the keys of 4.3 entries of its shape on average) and
    those never found drift to the back, where the last of the cheapest is overwritten:
    9.5% fewer nodes on the demo (Hearts 28%), 1% on random deals.  A slot chosen for
    a position still being searched may hold another entry by the time it is written;
    entries are written whole, so that only loses the entry.
    """
    tops = ZERO  # both copies of each suit's top face
    for suit in range(4):
        part = cards & SUIT_MASK[denom, suit]
        if part:
            tops |= np.uint64(3) << np.uint64(2 * (highest_bit(part) >> 1))
    h = np.uint64(leader + 1)
    for s in range(n_seats):
        hand = hands[level, s]
        lengths = dd_lengths(hand, denom)
        frames[ply, F_LENGTHS + s] = np.int64(lengths << np.uint64(48))
        h = h * np.uint64(0x9E3779B97F4A7C15) + ((lengths << np.uint64(48)) | (hand & tops))
    mixed = mix64(h)
    base = np.int64(mixed & np.uint64(tt_info.shape[0] - DD_BUCKET))
    # seven more bits of the shape, the leader and the generation, as in tt_info
    check = (generation << 32) | (np.int64(mixed >> np.uint64(57)) << 25) | (leader << 16)
    victim = base
    victim_depth = np.int64(1 << 30)
    for slot in range(base, base + DD_BUCKET):
        info = tt_info[slot]
        if (info >> 32) != generation:
            # The deal's entries fill a bucket from the front and only ever move
            # forward, so the first stale slot ends them: the scan stops there.
            return slot, False, h
        if (info & DD_CHECK_MASK) == check and tt_keys[slot, n_seats + 1] == h:
            exact = tt_keys[slot, n_seats]
            same = True
            for s in range(n_seats):
                if tt_keys[slot, s] != (hands[level, s] & exact) | np.uint64(frames[ply, F_LENGTHS + s]):
                    same = False
                    break
            if same:
                if slot > base:
                    dd_tt_swap(tt_keys, tt_info, slot, slot - 1)
                    slot -= 1
                return slot, True, h
        depth = (info >> 20) & 31
        if depth <= victim_depth:
            victim = slot
            victim_depth = depth
    return victim, False, h


@njit(cache=True, inline="always")
def dd_tt_store(
    hands,
    level,
    n_seats,
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
    for s in range(n_seats):
        tt_keys[slot, s] = (hands[level, s] & exact) | np.uint64(frames[ply, F_LENGTHS + s])
    tt_keys[slot, n_seats] = exact
    tt_keys[slot, n_seats + 1] = shape
    tt_info[slot] = (
        (generation << 32)
        | (np.int64(mix64(shape) >> np.uint64(57)) << 25)
        | (min(highest_bit(work), DD_BOUND_MASK) << 20)
        | (leader << 16)
        | ((best + 1) << 10)
        | (upper << DD_BOUND_BITS)
        | lower
    )


@njit(cache=True, inline="always")
def dd_safe_from(card, threat_suit, threat_trump, denom):
    """Would ``card``, winning the trick, stay the winner against later opponents whose best
    card of the led suit has face ``threat_suit`` and whose best ruff ``threat_trump``
    (-1: none)?  A later identical copy only ties, so equal faces are safe."""
    face = card >> 1
    if SUIT_AT[denom, face] == TRUMP[denom] and threat_suit < 0:
        return threat_trump <= face
    return threat_suit <= face and threat_trump < 0


@njit(cache=True, inline="always")
def dd_equivalents_rel(hand, led_suit, skipped, rel, denom):
    """Cards to add to ``rel``, the relevant cards of a node whose every move failed,
    because its seat (holding ``hand``) skipped the cards ``skipped`` as equivalent to a
    lower card of their class (dd_move_classes).

    Take a position that agrees with this one on the cards of ``rel`` (in each suit
    those from some rank up) and on the suit lengths.  There, a card of the seat below
    a suit's relevant ranks is an anonymous low card, and plays like the seat's lowest
    card of the suit here, which was searched (the lowest card of a suit always is).  A
    card at or above them is the same card as here; if its class's searched card is
    too, neither a card held elsewhere nor the trick's winning card lies between the
    two there either (dd_order_moves), so they are still equivalent.  Only a class that
    straddles the relevant ranks of its suit (its searched card below them, a skipped
    card at or above) is not covered: then the suit matters from its searched card up.
    At most one class of a suit can straddle (classes do not overlap).  Adding every
    skipped suit from the seat's lowest card up, as this once did, made the table's
    entries cover so few positions that the search took 1.9 times the nodes on the
    analyser's demo.
    """
    reps = legal_cards(hand, denom, led_suit) & ~skipped
    out = ZERO
    while skipped:
        block = SUIT_MASK[denom, SUIT_AT[denom, lowest_bit(skipped) >> 1]]
        known = rel & block
        if known:
            above = ~((ONE << np.uint64(lowest_bit(known))) - ONE)
            straddling = skipped & block & above
            if straddling:
                card = lowest_bit(straddling)
                kept = highest_bit(reps & block & ((ONE << np.uint64(card)) - ONE))
                if ((ONE << np.uint64(kept)) & above) == ZERO:
                    out |= dd_range(kept >> 1, denom)
        skipped &= ~block
    return out


@njit(cache=True, inline="always")
def dd_order_moves(
    hands,
    level,
    seat,
    n_seats,
    turn,
    denom,
    leader,
    led_suit,
    winner_seat,
    winner_card,
    cards,
    played,
    best,
    moves,
    ply,
):
    """Fill ``moves[ply]`` with one card per class of equivalent legal cards, best first.

    Returns their number and the legal cards skipped as equivalent to one of them
    (see dd_equivalents_rel).  Order: the table's best lead; leading, sure winners, then low cards
    towards a partner's winner, then leads to a partner's ruff, then the rest.  Sure
    winners of a plain suit go before trumps, and those of the suit in which the other
    seats hold the most cards first (on the analyser's demo, 60 deals, this alone cut
    the nodes by 18%, Hearts by 60%; trumps first and the highest first did worse).
    Among the other leads, those of the suits in which the fewest other seats are void
    go first (fewer discards and ruffs to fear), and in a suit its lowest card: 11%
    fewer nodes on the demo, 15% on 20 random deals.  Following, with a look at the
    opponents still to play: under a partner's safe winner the lowest card; otherwise
    the cheapest card that wins the trick safely, then the cheapest that a later
    opponent can still beat (it makes that opponent spend its high card or trump), then
    low cards.  Trying the beatable winners after the low cards instead searched 46%
    more nodes on 20 random deals, 6% more on the demo.  A discard at no trump comes
    from the suit in which the other seats hold the most cards above the seat's best
    (10% fewer nodes on both sets; in trump contracts that, the shortest suit, the
    longest, or keeping the suits with a winner all did worse than the lowest card).
    ``cards`` is every card of the trick's start (in hands or played to it), ``played``
    those played to it.  Classes of equivalent cards are split by the cards held
    elsewhere and the trick's winning card, not by the cards played under it: such a
    card takes no trick and is gone after this one, so nothing compares against it any
    more (a card of the seat above it and below the winning card loses like one below
    it).  In a position agreeing on the relevant cards from some rank up, a class whose
    cards are all at or above that rank is still a class: a beaten card between two of
    them is there too, and the winning card, above it, as well (dd_equivalents_rel).
    Splitting on them as well searched 1.03 times the nodes on the analyser's demo.
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
    threat_suit = np.int64(-1)
    threat_trump = np.int64(-1)
    partner_safe = False
    if led_suit >= 0:
        led_block = SUIT_MASK[denom, led_suit]
        s = turn[seat]
        while s != leader:
            if (s & 1) != (seat & 1):
                held = hands[level, s]
                if held & led_block:
                    threat_suit = max(threat_suit, highest_bit(held & led_block) >> 1)
                elif trump >= 0 and held & SUIT_MASK[denom, trump]:
                    threat_trump = max(threat_trump, highest_bit(held & SUIT_MASK[denom, trump]) >> 1)
            s = turn[s]
        partner_safe = (winner_seat & 1) == (seat & 1) and dd_safe_from(
            winner_card, threat_suit, threat_trump, denom
        )
    opponents = ZERO
    partners = ZERO
    discarding = trump < 0 and led_suit >= 0 and (hand & SUIT_MASK[denom, led_suit]) == ZERO
    if led_suit < 0 or discarding:
        for s in range(n_seats):
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
        if card == best:
            rank = np.int64(7 * 64)
        elif led_suit < 0:
            block = SUIT_MASK[denom, suit]
            ruffers = dd_ruffers(hands, level, n_seats, denom, block)
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
                for s in range(n_seats):
                    if s != seat and (hands[level, s] & block) == ZERO:
                        voids += 1
                low = 7 - min(face - (lowest_bit(block) >> 1), 7)
                ruffs = (ruffers & dd_side_seats(seat & 1) & ~(np.int64(1) << seat)) != 0
                rank = (3 if ruffs else 2) * 64 + (7 - voids) * 8 + low
        elif beats(card, winner_card, denom):
            if partner_safe:
                rank = 3 * 64 + 63 - face
            else:
                rank = (6 if dd_safe_from(card, threat_suit, threat_trump, denom) else 5) * 64 + 63 - face
        elif discarding:
            # the suit where the other seats hold the most cards above this seat's best
            # (its cards there matter least), the suit's lowest card first
            block = SUIT_MASK[denom, suit]
            above = popcount((opponents | partners) & block & dd_above(hand & block))
            rank = 4 * 64 + min(above, 7) * 8 + 7 - min(face - (lowest_bit(block) >> 1), 7)
        else:
            rank = 4 * 64 + 63 - face
        key = rank * 64 + card
        i = n
        while i > 0 and moves[ply, i - 1] < key:
            moves[ply, i] = moves[ply, i - 1]
            i -= 1
        moves[ply, i] = key
        n += 1
    return n, equivalents


# Frame fields of the explicit search stack: ``frames[ply, FIELD]`` (one frame per card
# played; the search is a loop, not recursion, which saves numba's call and reference
# counting overhead on every node).  ``F_REL`` is the node's *relevant cards* (see
# dd_tt_probe): the cards whose ranks its answer depends on, as a mask of each suit's
# cards from some rank up.  ``F_NODES`` is the node count when the node was entered,
# so the nodes of its search are known when its table entry is written.
#
# A trick-boundary node's entry keeps only the bound its search proved ("at least
# need" or "at most need - 1"), with the search's relevant cards.  Keeping also the
# bound the node started with (from the table or the quick bounds) needs that bound's
# relevant cards too, and the wider entry covers fewer positions: keeping both bounds
# with both bounds' cards searched 1.21 times the nodes on the analyser's demo (60
# deals), with only the kept bound's cards 1.11 times.
F_LEVEL, F_SEAT, F_LEADER, F_WINNER_SEAT, F_WINNER_CARD, F_LED_SUIT, F_NEED = 0, 1, 2, 3, 4, 5, 6
F_SLOT, F_BEST, F_MAXIMIZING, F_MOVES, F_NEXT, F_NODES = 7, 8, 9, 10, 11, 12
F_CARD, F_CARDS, F_PLAYED, F_REL, F_EQUIVALENTS, F_TRICK_REL = 13, 14, 15, 16, 17, 18
F_SHAPE, F_PRESENT, F_LENGTHS = 19, 20, 21
DD_FRAME_FIELDS = F_LENGTHS + 6  # F_LENGTHS + seat: the suit lengths of each of up to six seats


@njit(cache=True, inline="always")
def dd_trick_contested(hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat):
    """Can a seat of the side not winning the trick, from ``seat`` on, still beat
    ``winner_card``?  (It must follow suit when it can; a void seat may trump.)"""
    led_block = SUIT_MASK[denom, led_suit]
    trump = TRUMP[denom]
    winner_is_trump = SUIT_AT[denom, winner_card >> 1] == trump
    higher = dd_above(ONE << np.uint64(winner_card))
    s = seat
    while s != leader:
        if (s & 1) != (winner_seat & 1):
            held = hands[level, s]
            follow = held & led_block
            if follow:
                if SUIT_AT[denom, winner_card >> 1] == led_suit and (follow & higher) != ZERO:
                    return True
            elif trump >= 0:
                trumps = held & SUIT_MASK[denom, trump]
                if trumps != ZERO and (not winner_is_trump or (trumps & higher) != ZERO):
                    return True
        s = turn[s]
    return False


@njit(cache=True, inline="always")
def dd_settled_rel(hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat, played):
    """Relevant cards of a trick in progress that no seat of the other side, from ``seat``
    on, can take from ``winner_card`` (dd_trick_contested said so): the winning card's
    range, or none when no rank comparison against the other side can arise.

    The node's answer only needs the side taking the trick.  In a position with the same
    suit lengths every seat plays cards of the same suits, so ranks decide nothing when
    the winning card is the only card of its suit played so far and no later seat of the
    other side may play that suit (it holds none of it, or it is trump and that seat must
    follow the led suit): such a seat cannot win (if it could ruff, the trick would be
    contested), and the winning card, alone in its suit, beats the cards played before.
    Partners may still overtake; the side keeps the trick.  Otherwise the winning card's
    range keeps it and every card of its suit above it, as in dd_rank_mattered.
    """
    block = SUIT_MASK[denom, SUIT_AT[denom, winner_card >> 1]]
    exact = dd_range(winner_card >> 1, denom)
    if popcount(played & block) > 1:
        return exact
    led_block = SUIT_MASK[denom, led_suit]
    s = seat
    while s != leader:
        if (s & 1) != (winner_seat & 1):
            held = hands[level, s]
            if (held & block) != ZERO and (block == led_block or (held & led_block) == ZERO):
                return exact
        s = turn[s]
    return ZERO


@njit(cache=True, inline="always")
def dd_enter(hands, frames, ply, n_seats, turn, denom, team, moves, tt_keys, tt_info, generation):
    """Open the node of ``frames[ply]``: 1 or 0 when it is answered without search (its
    relevant cards in ``F_REL``), else -1 after ordering its moves into ``moves[ply]``.

    At a trick boundary: the trick target is out of reach or already met, the last trick,
    the table (after packing the position into the next level), then the quick bounds.
    The table answers three in five of these nodes, so it goes first: the other way
    round the quick bounds ran on every one of them and the search took 20% longer.
    """
    level = frames[ply, F_LEVEL]
    seat = frames[ply, F_SEAT]
    leader = frames[ply, F_LEADER]
    need = frames[ply, F_NEED]
    remaining = popcount(hands[level, seat])
    frames[ply, F_REL] = 0
    if need <= 0:
        return 1
    if need > remaining:
        return 0
    led_suit = frames[ply, F_LED_SUIT]
    best = np.int64(-1)
    slot = np.int64(-1)
    if led_suit >= 0 and (need == remaining or need == 1):
        # No slack: when the trick in progress is settled, the answer is known now.
        winner_seat = frames[ply, F_WINNER_SEAT]
        winner_card = frames[ply, F_WINNER_CARD]
        if not dd_trick_contested(
            hands, level, seat, leader, turn, denom, led_suit, winner_card, winner_seat
        ):
            frames[ply, F_REL] = np.int64(
                dd_settled_rel(
                    hands,
                    level,
                    seat,
                    leader,
                    turn,
                    denom,
                    led_suit,
                    winner_card,
                    winner_seat,
                    np.uint64(frames[ply, F_PLAYED]),
                )
            )
            if (winner_seat & 1) == team and need == 1:
                return 1
            if (winner_seat & 1) != team and need == remaining:
                return 0
            frames[ply, F_REL] = 0
    if led_suit < 0:
        if remaining == 1:
            winner_seat, rel = dd_last_trick(hands, level, turn, denom, leader)
            frames[ply, F_REL] = np.int64(rel)
            return 1 if (winner_seat & 1) == team else 0
        present, cards = dd_pack(hands, level, n_seats, denom)
        level += 1
        slot, found, shape = dd_tt_probe(
            hands, level, n_seats, denom, leader, cards, tt_keys, tt_info, generation, frames, ply
        )
        frames[ply, F_SHAPE] = np.int64(shape)
        if found:
            info = tt_info[slot]
            exact = tt_keys[slot, n_seats]
            lower = info & DD_BOUND_MASK
            upper = (info >> DD_BOUND_BITS) & DD_BOUND_MASK
            if need <= lower or need > upper:
                frames[ply, F_REL] = np.int64(dd_rel_to_input(exact, present, denom))
                return 1 if need <= lower else 0
            best = ((info >> 10) & 63) - 1
        quick_lower, quick_upper, rel = dd_quick_bounds(
            hands, level - 1, n_seats, denom, team, leader, remaining, need
        )
        if need <= quick_lower or need > quick_upper:
            frames[ply, F_REL] = np.int64(rel)
            return 1 if need <= quick_lower else 0
        frames[ply, F_CARDS] = np.int64(cards)
        frames[ply, F_PRESENT] = np.int64(present)
    frames[ply, F_LEVEL] = level
    frames[ply, F_SLOT] = slot
    frames[ply, F_BEST] = best
    frames[ply, F_MAXIMIZING] = 1 if (seat & 1) == team else 0
    n, equivalents = dd_order_moves(
        hands,
        level,
        seat,
        n_seats,
        turn,
        denom,
        leader,
        led_suit,
        frames[ply, F_WINNER_SEAT],
        frames[ply, F_WINNER_CARD],
        np.uint64(frames[ply, F_CARDS]),
        np.uint64(frames[ply, F_PLAYED]),
        best,
        moves,
        ply,
    )
    frames[ply, F_MOVES] = n
    frames[ply, F_EQUIVALENTS] = np.int64(equivalents)
    frames[ply, F_NEXT] = 0
    return -1


@njit(cache=True, inline="always")
def dd_play_next(hands, frames, ply, turn, denom, team, moves):
    """Play the next move of ``frames[ply]`` and write the child's frame at ``ply + 1``."""
    level = frames[ply, F_LEVEL]
    seat = frames[ply, F_SEAT]
    leader = frames[ply, F_LEADER]
    card = moves[ply, frames[ply, F_NEXT]] & 63
    frames[ply, F_NEXT] += 1
    frames[ply, F_CARD] = card
    bit = ONE << np.uint64(card)
    hands[level, seat] ^= bit
    new_seat, new_card, suit = dd_play(
        card, seat, frames[ply, F_WINNER_SEAT], frames[ply, F_WINNER_CARD], frames[ply, F_LED_SUIT], denom
    )
    played = np.uint64(frames[ply, F_PLAYED]) | bit
    following = turn[seat]
    child = ply + 1
    frames[child, F_LEVEL] = level
    if following == leader:
        frames[ply, F_TRICK_REL] = np.int64(dd_rank_mattered(new_card, played, denom))
        frames[child, F_SEAT] = new_seat
        frames[child, F_LEADER] = new_seat
        frames[child, F_WINNER_SEAT] = -1
        frames[child, F_WINNER_CARD] = -1
        frames[child, F_LED_SUIT] = -1
        frames[child, F_PLAYED] = 0
        frames[child, F_NEED] = frames[ply, F_NEED] - (1 if (new_seat & 1) == team else 0)
    else:
        frames[ply, F_TRICK_REL] = 0
        frames[child, F_SEAT] = following
        frames[child, F_LEADER] = leader
        frames[child, F_WINNER_SEAT] = new_seat
        frames[child, F_WINNER_CARD] = new_card
        frames[child, F_LED_SUIT] = suit
        frames[child, F_CARDS] = frames[ply, F_CARDS]
        frames[child, F_PLAYED] = np.int64(played)
        frames[child, F_NEED] = frames[ply, F_NEED]


# ``_nrt=False``: the search allocates nothing, and without numba's runtime the arrays it
# hands to its inlined helpers are not reference counted (atomic increments and
# decrements on every node cost more than half the time when they were).
@njit(cache=True, _nrt=False)
def dd_search(
    hands,
    level,
    seat,
    leader,
    winner_seat,
    winner_card,
    led_suit,
    played,
    need,
    n_seats,
    turn,
    denom,
    team,
    moves,
    ply,
    tt_keys,
    tt_info,
    generation,
    stats,
    frames,
):
    """Can ``team`` take at least ``need`` of the remaining tricks (this one included)?

    ``seat`` is on move in the trick led by ``leader``; ``led_suit`` is -1 at a trick
    boundary, else the trick so far is ``winner_seat``/``winner_card`` and ``played``
    (its cards).  Null-window alpha-beta: the first move that answers the question for
    the side on move ends the node.  A trick boundary reads ``hands[level]``, and if the
    quick bounds do not answer, packs it into ``hands[level + 1]`` and searches there.
    The search runs on the explicit stack ``frames`` from ``ply`` up (see F_*).

    Each node's relevant cards are gathered as the search returns (DDS's "winning
    ranks"): a cut-off node keeps its deciding child's, a node whose moves all fail the
    union of its children's (plus dd_equivalents_rel's), and a finished trick adds its
    winning card when a comparison of ranks decided it.  The table stores them with the
    bounds, so one entry answers for every position that differs only below them.
    """
    root = ply
    cards = played
    for s in range(n_seats):
        cards |= hands[level, s]
    frames[ply, F_CARDS] = np.int64(cards)
    frames[ply, F_PLAYED] = np.int64(played)
    frames[ply, F_LEVEL] = level
    frames[ply, F_SEAT] = seat
    frames[ply, F_LEADER] = leader
    frames[ply, F_WINNER_SEAT] = winner_seat
    frames[ply, F_WINNER_CARD] = winner_card
    frames[ply, F_LED_SUIT] = led_suit
    frames[ply, F_NEED] = need
    entering = True
    value = False
    while True:
        if entering:
            stats[0] += 1
            frames[ply, F_NODES] = stats[0]
            answer = dd_enter(
                hands, frames, ply, n_seats, turn, denom, team, moves, tt_keys, tt_info, generation
            )
            if answer < 0:
                dd_play_next(hands, frames, ply, turn, denom, team, moves)
                ply += 1
                continue
            value = answer == 1
        else:
            # back in frames[ply] with the value of its child: undo the card, then cut off,
            # try the next move, or close the node
            bit = ONE << np.uint64(frames[ply, F_CARD])
            hands[frames[ply, F_LEVEL], frames[ply, F_SEAT]] ^= bit
            child_rel = frames[ply + 1, F_REL] | frames[ply, F_TRICK_REL]
            maximizing = frames[ply, F_MAXIMIZING] == 1
            if value == maximizing:
                frames[ply, F_BEST] = frames[ply, F_CARD]
                frames[ply, F_REL] = child_rel
            elif frames[ply, F_NEXT] < frames[ply, F_MOVES]:
                frames[ply, F_REL] |= child_rel
                dd_play_next(hands, frames, ply, turn, denom, team, moves)
                ply += 1
                entering = True
                continue
            else:
                value = not maximizing
                rel = np.uint64(frames[ply, F_REL] | child_rel)
                rel |= dd_equivalents_rel(
                    hands[frames[ply, F_LEVEL], frames[ply, F_SEAT]],
                    frames[ply, F_LED_SUIT],
                    np.uint64(frames[ply, F_EQUIVALENTS]),
                    rel,
                    denom,
                )
                frames[ply, F_REL] = np.int64(rel)
            if frames[ply, F_LED_SUIT] < 0:
                # The entry keeps only the bound the search proved, with the search's
                # relevant cards (see F_REL).
                level = frames[ply, F_LEVEL]
                lower = np.int64(0)
                upper = popcount(hands[level, frames[ply, F_SEAT]])
                if value:
                    lower = frames[ply, F_NEED]
                else:
                    upper = frames[ply, F_NEED] - 1
                rel = np.uint64(frames[ply, F_REL])
                dd_tt_store(
                    hands,
                    level,
                    n_seats,
                    frames,
                    ply,
                    frames[ply, F_LEADER],
                    stats[0] - frames[ply, F_NODES] + 1,
                    lower,
                    upper,
                    frames[ply, F_BEST],
                    rel,
                    np.uint64(frames[ply, F_SHAPE]),
                    tt_keys,
                    tt_info,
                    frames[ply, F_SLOT],
                    generation,
                )
                frames[ply, F_REL] = np.int64(dd_rel_to_input(rel, np.uint64(frames[ply, F_PRESENT]), denom))
        if ply == root:
            return value
        ply -= 1
        entering = False


@njit(cache=True)
def dd_value(
    hands,
    level,
    seat,
    leader,
    winner_seat,
    winner_card,
    led_suit,
    played,
    target,
    n_seats,
    turn,
    denom,
    team,
    moves,
    ply,
    tt_keys,
    tt_info,
    generation,
    stats,
    frames,
):
    """Tricks ``team`` takes from this position under perfect play (this trick included).

    With ``target >= 0`` only the question "at least ``target``?" is searched: 1 or 0.
    Otherwise the first probe asks for the upper bound: a target with no slack (every
    trick, or as many as the defenders' sure tricks leave) is cut off at the first
    trick lost, so it is answered cheaply either way, and strong hands end there.
    A six-seat High No Trump deal that takes all eight tricks cost 144 million nodes
    when climbing proved seven first and 4 million from the top.  Then null-window
    probes climb from the quick lower bound: proving that a target is reachable is
    cheap, proving that one is not is what costs, and climbing proves only one more
    unreachable target.  A binary search searched 4% more nodes on the analyser's demo
    (60 deals, all six denominations) and 7% fewer on 20 uniform random deals.  A first
    guess (MTD(f) style) from a play-out of every seat's first ordered move searched 6%
    more and 3% fewer; even the true value as the guess saves only 10-20%.
    """
    if target >= 0:
        found = dd_search(
            hands,
            level,
            seat,
            leader,
            winner_seat,
            winner_card,
            led_suit,
            played,
            target,
            n_seats,
            turn,
            denom,
            team,
            moves,
            ply,
            tt_keys,
            tt_info,
            generation,
            stats,
            frames,
        )
        return np.int64(1) if found else np.int64(0)
    lower = np.int64(0)
    upper = popcount(hands[level, seat])
    if led_suit < 0 and upper > 0:
        lower, upper, _ = dd_quick_bounds(hands, level, n_seats, denom, team, leader, upper, np.int64(0))
    if lower < upper:
        if dd_search(
            hands,
            level,
            seat,
            leader,
            winner_seat,
            winner_card,
            led_suit,
            played,
            upper,
            n_seats,
            turn,
            denom,
            team,
            moves,
            ply,
            tt_keys,
            tt_info,
            generation,
            stats,
            frames,
        ):
            return upper
        upper -= 1
    while lower < upper:
        need = lower + 1
        if dd_search(
            hands,
            level,
            seat,
            leader,
            winner_seat,
            winner_card,
            led_suit,
            played,
            need,
            n_seats,
            turn,
            denom,
            team,
            moves,
            ply,
            tt_keys,
            tt_info,
            generation,
            stats,
            frames,
        ):
            lower = need
        else:
            upper = need - 1
    return lower


@njit(cache=True)
def dd_leads(
    hands,
    seat,
    leader,
    winner_seat,
    winner_card,
    led_suit,
    played,
    n_seats,
    turn,
    denom,
    team,
    moves,
    tt_keys,
    tt_info,
    generation,
    stats,
    frames,
    out,
):
    """``out[position]`` = tricks ``team`` takes after ``seat`` plays that contract face.

    The position is ``hands[0]`` with ``seat`` on move; faces that are not legal get -1.
    Equivalent cards are searched once and share the value.
    """
    out[:] = -1
    others = played
    for s in range(n_seats):
        if s != seat:
            others |= hands[0, s]
    legal = legal_cards(hands[0, seat], denom, led_suit)
    reps = dd_move_classes(legal, dd_face_bits(others), denom)
    value = np.int64(-1)
    cards = legal
    while cards:
        card = lowest_bit(cards)
        cards &= cards - ONE
        if (reps >> np.uint64(card)) & ONE:
            bit = ONE << np.uint64(card)
            hands[0, seat] ^= bit
            new_seat, new_card, suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
            following = turn[seat]
            if following == leader:
                won = np.int64(1) if (new_seat & 1) == team else np.int64(0)
                value = won + dd_value(
                    hands,
                    np.int64(0),
                    new_seat,
                    new_seat,
                    np.int64(-1),
                    np.int64(-1),
                    np.int64(-1),
                    ZERO,
                    np.int64(-1),
                    n_seats,
                    turn,
                    denom,
                    team,
                    moves,
                    np.int64(1),
                    tt_keys,
                    tt_info,
                    generation,
                    stats,
                    frames,
                )
            else:
                value = dd_value(
                    hands,
                    np.int64(0),
                    following,
                    leader,
                    new_seat,
                    new_card,
                    suit,
                    played | bit,
                    np.int64(-1),
                    n_seats,
                    turn,
                    denom,
                    team,
                    moves,
                    np.int64(1),
                    tt_keys,
                    tt_info,
                    generation,
                    stats,
                    frames,
                )
            hands[0, seat] ^= bit
        out[card >> 1] = value


@njit(cache=True)
def dd_buffers(n_seats, tricks, tt_bits):
    """Search buffers for positions of up to ``tricks`` tricks: hands, moves, stack, table."""
    hands = np.zeros((tricks + 2, n_seats), np.uint64)
    moves = np.zeros((tricks * n_seats + 2, 32), np.int64)
    frames = np.zeros((tricks * n_seats + 2, DD_FRAME_FIELDS), np.int64)
    # Keys are read only where the entry's generation matches, so only tt_info is cleared.
    tt_keys = np.empty((np.int64(1) << tt_bits, n_seats + 2), np.uint64)
    tt_info = np.zeros(np.int64(1) << tt_bits, np.int64)
    return hands, moves, frames, tt_keys, tt_info


@njit(cache=True)
def dd_solve_deal(
    deal,
    denom,
    team,
    leader,
    active,
    target,
    hands,
    moves,
    frames,
    tt_keys,
    tt_info,
    generation,
    stats,
    leads,
):
    """Solve one face-space deal from its first lead; fill ``leads`` if it has 24 entries."""
    n_seats = deal.shape[0]
    for s in range(n_seats):
        hands[0, s] = to_contract(deal[s], denom)
    leader = first_active(leader, n_seats, active)
    turn = dd_turn_order(n_seats, active)
    tricks = dd_value(
        hands,
        np.int64(0),
        leader,
        leader,
        np.int64(-1),
        np.int64(-1),
        np.int64(-1),
        ZERO,
        target,
        n_seats,
        turn,
        denom,
        team,
        moves,
        np.int64(0),
        tt_keys,
        tt_info,
        generation,
        stats,
        frames,
    )
    if leads.shape[0] == 24:
        dd_leads(
            hands,
            leader,
            leader,
            np.int64(-1),
            np.int64(-1),
            np.int64(-1),
            ZERO,
            n_seats,
            turn,
            denom,
            team,
            moves,
            tt_keys,
            tt_info,
            generation,
            stats,
            frames,
            leads,
        )
    return tricks


@njit(cache=True, nogil=True)
def dd_solve_range(
    deals,
    denoms,
    teams,
    leaders,
    actives,
    target,
    first,
    stop,
    generations,
    hands,
    moves,
    frames,
    tt_keys,
    tt_info,
    out,
    nodes,
    leads,
):
    """Solve deals ``first .. stop - 1`` into ``out``, ``nodes`` and ``leads``.

    The buffers (dd_buffers) belong to the calling thread and serve all the ranges it
    takes, call after call; this kernel releases the GIL, so threads solve ranges side
    by side.  Deal ``d`` searches with table generation ``generations + d + 1``, a
    number no other deal of any call uses: every deal starts from an empty table, so
    results and node counts do not depend on which thread took which range.
    ``leads[d, position]`` (contract faces of ``denoms[d]``) is filled when it has rows.
    """
    stats = np.zeros(2, np.int64)
    values = np.zeros(24 if leads.shape[0] > 0 else 0, np.int64)
    for d in range(first, stop):
        stats[0] = 0
        out[d] = dd_solve_deal(
            deals[d],
            denoms[d],
            teams[d],
            leaders[d],
            actives[d],
            target,
            hands,
            moves,
            frames,
            tt_keys,
            tt_info,
            generations + d + 1,
            stats,
            values,
        )
        nodes[d] = stats[0]
        for p in range(values.shape[0]):
            leads[d, p] = values[p]


@njit(cache=True)
def dd_solve_position(deal, denom, team, leader, active, trick, tt_bits, leads):
    """Solve one face-space position whose trick in progress holds ``trick`` (faces in order).

    Returns (tricks of ``team`` from here, this trick included; nodes).  ``leads`` is
    filled for the seat on move when it has 24 entries.
    """
    n_seats = deal.shape[0]
    tricks = np.int64(0)
    for s in range(n_seats):
        tricks = max(tricks, popcount(deal[s]))
    hands, moves, frames, tt_keys, tt_info = dd_buffers(n_seats, tricks, tt_bits)
    for s in range(n_seats):
        hands[0, s] = to_contract(deal[s], denom)
    leader = first_active(leader, n_seats, active)
    turn = dd_turn_order(n_seats, active)
    seat = leader
    winner_seat = np.int64(-1)
    winner_card = np.int64(-1)
    led_suit = np.int64(-1)
    played = ZERO
    held = ZERO
    for s in range(n_seats):
        held |= hands[0, s]
    for face in trick:
        # a copy no hand holds: the search tells cards apart by their bits
        card = np.int64(2 * POSITION[denom, face])
        if (held | played) & (ONE << np.uint64(card)):
            card += 1
        winner_seat, winner_card, led_suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
        played |= ONE << np.uint64(card)
        seat = turn[seat]
    stats = np.zeros(2, np.int64)
    generation = np.int64(1)
    value = dd_value(
        hands,
        np.int64(0),
        seat,
        leader,
        winner_seat,
        winner_card,
        led_suit,
        played,
        np.int64(-1),
        n_seats,
        turn,
        denom,
        team,
        moves,
        np.int64(0),
        tt_keys,
        tt_info,
        generation,
        stats,
        frames,
    )
    if leads.shape[0] == 24:
        dd_leads(
            hands,
            seat,
            leader,
            winner_seat,
            winner_card,
            led_suit,
            played,
            n_seats,
            turn,
            denom,
            team,
            moves,
            tt_keys,
            tt_info,
            generation,
            stats,
            frames,
            leads,
        )
    return value, stats[0]


# =========================================================================== end of kernels
