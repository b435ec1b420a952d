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
def to_contract(mask, denom):
    """Face-space hand mask -> contract-space mask for ``denom``."""
    out = ZERO
    while mask:
        bit = lowest_bit(mask)
        mask &= mask - ONE
        out |= ONE << np.uint64(2 * POSITION[denom, bit >> 1] + (bit & 1))
    return out


@njit(cache=True)
def to_faces(mask, denom):
    """Contract-space hand mask -> face-space mask."""
    out = ZERO
    while mask:
        bit = lowest_bit(mask)
        mask &= mask - ONE
        out |= ONE << np.uint64(2 * FACE_AT[denom, bit >> 1] + (bit & 1))
    return out


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


@njit(parallel=True)
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
            legal = legal_cards(hands[seat], denom, led_suit)
            state, pick = next_random(state, popcount(legal))
            card = nth_bit(legal, pick)
            hands[seat] ^= ONE << np.uint64(card)
            record[trick, seat] = card
            if led_suit < 0:
                led_suit = SUIT_AT[denom, card >> 1]
                winner_card = card
                winner_seat = seat
            elif beats(card, winner_card, denom):
                winner_card = card
                winner_seat = seat
            seat = next_active(seat, n_seats, active)
        record[trick, n_seats] = winner_seat
        if winner_seat & 1 == 0:
            tricks_team0 += 1
        leader = winner_seat
    return tricks_team0, state


@njit(parallel=True)
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
def heuristic_follow(hand, unseen, voids, seat, n_seats, active, denom,
                     trick_leader, led_suit, winner_card, winner_seat):
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
            if (later >> other) & 1 and (voids[other] >> led_suit) & 1 and not (voids[other] >> TRUMP[denom]) & 1:
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
def heuristic_card(hand, unseen, voids, seat, n_seats, active, denom, declarer,
                   trick_leader, led_suit, winner_card, winner_seat):
    """The card the rules of thumb choose for ``seat`` (contract-space bit index).

    ``led_suit`` is -1 when ``seat`` leads; otherwise ``winner_card`` / ``winner_seat``
    describe who is winning the trick that ``trick_leader`` led.
    """
    if led_suit < 0:
        return heuristic_lead(hand, unseen, voids, seat, n_seats, active, denom, declarer)
    return heuristic_follow(hand, unseen, voids, seat, n_seats, active, denom,
                            trick_leader, led_suit, winner_card, winner_seat)


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
                card = heuristic_card(hands[seat], unseen, voids, seat, n_seats, active, denom,
                                      declarer, leader, led_suit, winner_card, winner_seat)
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


@njit(parallel=True)
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
        out[d], state = play_heuristic_deal(local, n_seats, active, denom, declarer, leader,
                                            heuristic_seats, state, record)
    return out



# =========================================================================== double-dummy search
# Exact search for 4- and 6-seat tables (issue 3).
#
# The search answers one yes/no question at a time, "can ``team`` take at least ``need``
# of the remaining tricks?" (a null-window alpha-beta, as the bridge solver DDS does);
# the exact trick count is found by a few such probes (binary search between cheap
# bounds).  Every probe of one deal shares a transposition table at trick boundaries
# that stores bounds on the team's tricks, so later probes reuse earlier work.
#
# * Positions at trick boundaries are *packed* before they are searched or stored: in
#   each suit the faces still held by anyone slide down to the bottom of the suit's
#   block, and the two copies of a face go to the seats in seat order.  Positions that
#   differ only in which lower cards were played already become one table entry.
# * Equivalent cards are generated once: two cards of one hand in one suit with no card
#   of another hand (or of the trick in progress) between or level with them in rank.
# * Cheap bounds at every trick boundary: trumps that beat every trump of the other
#   side are sure tricks, and the leader's side takes the tricks the leader can cash at
#   once (drawing trumps with top trumps first).
#
# Buffers: ``hands[level, seat]`` holds the contract-space hands at trick ``level`` of
# the search (each trick packs into the next level); ``moves[ply]`` the ordered moves of
# each ply.  ``tt_keys[slot, seat]`` / ``tt_info[slot]`` are the table (see dd_tt_probe);
# ``stats[0]`` counts nodes.

DD_EVEN = np.uint64(0x5555555555555555)  # bit 2 * face for every face
DD_BUCKET = 4  # table slots probed per position
DD_BOUND_BITS = 5  # bits per trick bound in a table entry (hands of up to 31 tricks)
DD_BOUND_MASK = 31


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
def dd_pack(hands, level, n_seats, denom):
    """Write ``hands[level + 1]``: ``hands[level]`` with every suit packed to the bottom.

    Faces nobody holds are squeezed out of each suit's block and copies are renamed in
    seat order, so the result plays exactly like the original (same holders, same order
    of power within each suit) and equal positions get equal keys.
    """
    union = ZERO
    for s in range(n_seats):
        union |= hands[level, s]
    present = dd_face_bits(union)
    placed = ZERO
    for s in range(n_seats):
        hand = hands[level, s]
        packed = ZERO
        while hand:
            card = lowest_bit(hand)
            hand &= hand - ONE
            face = card >> 1
            block = SUIT_MASK[denom, SUIT_AT[denom, face]]
            below = present & block & ((ONE << np.uint64(2 * face)) - ONE)
            bit = ONE << np.uint64(2 * ((lowest_bit(block) >> 1) + popcount(below)))
            if placed & bit:
                bit <<= ONE
            packed |= bit
            placed |= bit
        hands[level + 1, s] = packed


@njit(cache=True)
def dd_play(card, seat, winner_seat, winner_card, led_suit, denom):
    """The trick's (winner seat, winning card, led suit) after ``seat`` plays ``card``."""
    if led_suit < 0:
        return seat, card, SUIT_AT[denom, card >> 1]
    if beats(card, winner_card, denom):
        return seat, card, led_suit
    return winner_seat, winner_card, led_suit


@njit(cache=True)
def dd_last_trick(hands, level, n_seats, active, denom, leader):
    """The winner of the last trick, where every active seat holds one card."""
    winner_seat = leader
    winner_card = lowest_bit(hands[level, leader])
    seat = next_active(leader, n_seats, active)
    while seat != leader:
        card = lowest_bit(hands[level, seat])
        if beats(card, winner_card, denom):
            winner_seat = seat
            winner_card = card
        seat = next_active(seat, n_seats, active)
    return winner_seat


@njit(cache=True)
def dd_quick_bounds(hands, level, n_seats, denom, team, leader, remaining):
    """(lower, upper) bounds on the tricks ``team`` takes of the ``remaining`` ones.

    Called at a trick boundary.  Two sure facts: a trump higher than every trump of
    the other side wins the trick it is played to, so each player's such trumps are
    tricks for that player's side; and the leader's side takes every trick the leader
    can cash in a row.  For the cash count, every other seat (partners too) counts as an
    opponent: a card is a winner when it is level with or above all their cards in its
    suit, and a whole suit runs once its winners outnumber every other holding.  With
    trumps out against it, the leader first draws them with top trumps; if it cannot,
    only those top trumps count.
    """
    lower = np.int64(0)
    upper = remaining
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
        beat_others = dd_above(other_trumps)
        beat_team = dd_above(team_trumps)
        team_sure = np.int64(0)
        other_sure = np.int64(0)
        for s in range(n_seats):
            held = hands[level, s] & trumps
            if (s & 1) == team:
                team_sure = max(team_sure, popcount(held & beat_others))
            else:
                other_sure = max(other_sure, popcount(held & beat_team))
        lower = team_sure
        upper = remaining - other_sure
    lead_hand = hands[level, leader]
    cashed = np.int64(0)
    top_trumps = np.int64(0)
    trumps_drawn = True
    for suit in range(4):
        block = SUIT_MASK[denom, suit]
        mine = lead_hand & block
        others = ZERO
        longest = np.int64(0)
        for s in range(n_seats):
            if s != leader:
                held = hands[level, s] & block
                others |= held
                longest = max(longest, popcount(held))
        top = popcount(mine & dd_level_or_above(others))
        if top >= longest:
            cashed += popcount(mine)
        else:
            cashed += top
            if suit == trump:
                trumps_drawn = False
        if suit == trump:
            top_trumps = top
    quick = cashed if trumps_drawn else top_trumps
    if (leader & 1) == team:
        lower = max(lower, quick)
    else:
        upper = min(upper, remaining - quick)
    return lower, upper


@njit(cache=True)
def dd_tt_probe(hands, level, n_seats, leader, tt_keys, tt_info, generation):
    """Find the position (``hands[level]``, ``leader``) in the table.

    An entry is ``tt_keys[slot]`` (the packed hands) and ``tt_info[slot]``: bits 0-4
    lower bound, 5-9 upper bound, 10-15 best lead + 1, 16-19 leader, 20-24 tricks
    remaining, 32 up the generation (one per deal, so a new deal starts with an empty
    table without clearing it).  Returns (slot, found); when not found, the slot to
    overwrite: a stale one, else the one with the fewest tricks left in its bucket.
    """
    h = np.uint64(leader + 1)
    for s in range(n_seats):
        h = h * np.uint64(0x9E3779B97F4A7C15) + hands[level, s]
    base = np.int64(mix64(h) & np.uint64(tt_info.shape[0] - DD_BUCKET))
    victim = base
    victim_depth = np.int64(1 << 30)
    for slot in range(base, base + DD_BUCKET):
        info = tt_info[slot]
        if (info >> 32) != generation:
            if victim_depth >= 0:
                victim = slot
                victim_depth = np.int64(-1)
            continue
        if ((info >> 16) & 15) == leader:
            same = True
            for s in range(n_seats):
                if tt_keys[slot, s] != hands[level, s]:
                    same = False
                    break
            if same:
                return slot, True
        depth = (info >> 20) & 31
        if depth < victim_depth:
            victim = slot
            victim_depth = depth
    return victim, False


@njit(cache=True)
def dd_tt_store(hands, level, n_seats, leader, remaining, lower, upper, best, tt_keys, tt_info, slot, generation):
    for s in range(n_seats):
        tt_keys[slot, s] = hands[level, s]
    tt_info[slot] = (
        (generation << 32) | (remaining << 20) | (leader << 16) | ((best + 1) << 10)
        | (upper << DD_BOUND_BITS) | lower
    )


@njit(cache=True)
def dd_order_moves(hands, level, seat, n_seats, active, denom, leader, led_suit, winner_seat,
                   winner_card, played, best, moves, ply):
    """Fill ``moves[ply]`` with one card per class of equivalent legal cards, best first.

    Returns their number.  Order: the table's best lead; leading, sure winners (trumps
    first, to draw them), then low cards towards a partner's winner, then low cards;
    following, the cheapest card that beats an opponent's winning card, else the lowest
    card (and low under a partner who holds the trick).
    """
    hand = hands[level, seat]
    legal = legal_cards(hand, denom, led_suit)
    others = played
    opponents = ZERO
    partners = ZERO
    for s in range(n_seats):
        if s != seat:
            held = hands[level, s]
            others |= held
            if (s & 1) == (seat & 1):
                partners |= held
            else:
                opponents |= held
    reps = dd_move_classes(legal, dd_face_bits(others), denom)
    trump = TRUMP[denom]
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
            ruffable = False
            if trump >= 0 and suit != trump:
                trumps = SUIT_MASK[denom, trump]
                for s in range(n_seats):
                    if (s & 1) != (seat & 1):
                        held = hands[level, s]
                        if (held & block) == ZERO and (held & trumps) != ZERO:
                            ruffable = True
            opponents_suit = opponents & block
            if not ruffable and (opponents_suit & dd_above(ONE << np.uint64(card))) == ZERO:
                rank = 5 * 64 + (32 if suit == trump else 0) + face
            elif not ruffable and (partners & block & dd_above(opponents_suit)) != ZERO:
                rank = 4 * 64 + 63 - face
            else:
                rank = 2 * 64 + 63 - face
        else:
            wins = beats(card, winner_card, denom)
            if (winner_seat & 1) == (seat & 1):
                rank = (3 if wins else 4) * 64 + 63 - face
            else:
                rank = (5 if wins else 3) * 64 + 63 - face
        key = rank * 64 + card
        i = n
        while i > 0 and moves[ply, i - 1] < key:
            moves[ply, i] = moves[ply, i - 1]
            i -= 1
        moves[ply, i] = key
        n += 1
    return n


@njit(cache=True)
def dd_search(hands, level, seat, leader, winner_seat, winner_card, led_suit, played, need,
              n_seats, active, denom, team, moves, ply, tt_keys, tt_info, generation, stats):
    """Can ``team`` take at least ``need`` of the remaining tricks (this one included)?

    ``seat`` is on move in the trick led by ``leader``; ``led_suit`` is -1 at a trick
    boundary, else the trick so far is ``winner_seat``/``winner_card`` and ``played``
    (its cards).  Null-window alpha-beta: the first move that answers the question for
    the side on move ends the node.
    """
    stats[0] += 1
    remaining = popcount(hands[level, seat])
    if need <= 0:
        return True
    if need > remaining:
        return False
    leading = led_suit < 0
    best = np.int64(-1)
    slot = np.int64(-1)
    lower = np.int64(0)
    upper = remaining
    if leading:
        if remaining == 1:
            return (dd_last_trick(hands, level, n_seats, active, denom, leader) & 1) == team
        lower, upper = dd_quick_bounds(hands, level, n_seats, denom, team, leader, remaining)
        if need <= lower:
            return True
        if need > upper:
            return False
        slot, found = dd_tt_probe(hands, level, n_seats, leader, tt_keys, tt_info, generation)
        if found:
            info = tt_info[slot]
            lower = max(lower, info & DD_BOUND_MASK)
            upper = min(upper, (info >> DD_BOUND_BITS) & DD_BOUND_MASK)
            if need <= lower:
                return True
            if need > upper:
                return False
            best = ((info >> 10) & 63) - 1
    maximizing = (seat & 1) == team
    n = dd_order_moves(hands, level, seat, n_seats, active, denom, leader, led_suit, winner_seat,
                       winner_card, played, best, moves, ply)
    result = not maximizing
    for i in range(n):
        card = moves[ply, i] & 63
        bit = ONE << np.uint64(card)
        hands[level, seat] ^= bit
        new_seat, new_card, suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
        following = next_active(seat, n_seats, active)
        if following == leader:
            won = np.int64(1) if (new_seat & 1) == team else np.int64(0)
            dd_pack(hands, level, n_seats, denom)
            value = dd_search(hands, level + 1, new_seat, new_seat, np.int64(-1), np.int64(-1),
                              np.int64(-1), ZERO, need - won, n_seats, active, denom, team, moves,
                              ply + 1, tt_keys, tt_info, generation, stats)
        else:
            value = dd_search(hands, level, following, leader, new_seat, new_card, suit,
                              played | bit, need, n_seats, active, denom, team, moves, ply + 1,
                              tt_keys, tt_info, generation, stats)
        hands[level, seat] ^= bit
        if value == maximizing:
            result = maximizing
            best = card
            break
    if leading:
        if result:
            lower = need
        else:
            upper = need - 1
        dd_tt_store(hands, level, n_seats, leader, remaining, lower, upper, best, tt_keys, tt_info,
                    slot, generation)
    return result


@njit(cache=True)
def dd_value(hands, level, seat, leader, winner_seat, winner_card, led_suit, played, target,
             n_seats, active, denom, team, moves, ply, tt_keys, tt_info, generation, stats):
    """Tricks ``team`` takes from this position under perfect play (this trick included).

    With ``target >= 0`` only the question "at least ``target``?" is searched: 1 or 0.
    Otherwise a binary search of null-window probes between the quick bounds.
    """
    if target >= 0:
        found = dd_search(hands, level, seat, leader, winner_seat, winner_card, led_suit, played,
                          target, n_seats, active, denom, team, moves, ply, tt_keys, tt_info,
                          generation, stats)
        return np.int64(1) if found else np.int64(0)
    lower = np.int64(0)
    upper = popcount(hands[level, seat])
    if led_suit < 0 and upper > 0:
        lower, upper = dd_quick_bounds(hands, level, n_seats, denom, team, leader, upper)
    while lower < upper:
        need = (lower + upper + 1) // 2
        if dd_search(hands, level, seat, leader, winner_seat, winner_card, led_suit, played, need,
                     n_seats, active, denom, team, moves, ply, tt_keys, tt_info, generation, stats):
            lower = need
        else:
            upper = need - 1
    return lower


@njit(cache=True)
def dd_leads(hands, seat, leader, winner_seat, winner_card, led_suit, played, n_seats, active,
             denom, team, moves, tt_keys, tt_info, generation, stats, out):
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
            following = next_active(seat, n_seats, active)
            if following == leader:
                won = np.int64(1) if (new_seat & 1) == team else np.int64(0)
                dd_pack(hands, np.int64(0), n_seats, denom)
                value = won + dd_value(hands, np.int64(1), new_seat, new_seat, np.int64(-1),
                                       np.int64(-1), np.int64(-1), ZERO, np.int64(-1), n_seats,
                                       active, denom, team, moves, np.int64(1), tt_keys, tt_info,
                                       generation, stats)
            else:
                value = dd_value(hands, np.int64(0), following, leader, new_seat, new_card, suit,
                                 played | bit, np.int64(-1), n_seats, active, denom, team, moves,
                                 np.int64(1), tt_keys, tt_info, generation, stats)
            hands[0, seat] ^= bit
        out[card >> 1] = value


@njit(cache=True)
def dd_buffers(n_seats, tricks, tt_bits):
    """Search buffers for positions of up to ``tricks`` tricks: hands, moves, table."""
    hands = np.zeros((tricks + 2, n_seats), np.uint64)
    moves = np.zeros((tricks * n_seats + 2, 32), np.int64)
    tt_keys = np.zeros((np.int64(1) << tt_bits, n_seats), np.uint64)
    tt_info = np.zeros(np.int64(1) << tt_bits, np.int64)
    return hands, moves, tt_keys, tt_info


@njit(cache=True)
def dd_solve_deal(deal, denom, team, leader, active, target, hands, moves, tt_keys, tt_info,
                  generation, stats, leads):
    """Solve one face-space deal from its first lead; fill ``leads`` if it has 24 entries."""
    n_seats = deal.shape[0]
    for s in range(n_seats):
        hands[0, s] = to_contract(deal[s], denom)
    leader = first_active(leader, n_seats, active)
    tricks = dd_value(hands, np.int64(0), leader, leader, np.int64(-1), np.int64(-1),
                      np.int64(-1), ZERO, target, n_seats, active, denom, team, moves, np.int64(0),
                      tt_keys, tt_info, generation, stats)
    if leads.shape[0] == 24:
        dd_leads(hands, leader, leader, np.int64(-1), np.int64(-1), np.int64(-1), ZERO, n_seats,
                 active, denom, team, moves, tt_keys, tt_info, generation, stats, leads)
    return tricks


@njit(cache=True, nogil=True)
def dd_solve_share(deals, denoms, teams, leaders, actives, target, tt_bits, first, step, out, nodes, leads):
    """Solve deals ``first, first + step, ...`` into ``out``, ``nodes`` and ``leads``.

    One thread's share (the caller runs one share per thread: this kernel releases the
    GIL and is cached, where a prange kernel would be compiled anew in every process).
    The share owns its buffers and table.  Each deal gets its own table
    generation, so results and node counts do not depend on how deals are shared out.
    ``leads[d, position]`` (contract faces of ``denoms[d]``) is filled when it has rows.
    """
    count, n_seats = deals.shape
    tricks = np.int64(0)
    for d in range(first, count, step):
        for s in range(n_seats):
            tricks = max(tricks, popcount(deals[d, s]))
    hands, moves, tt_keys, tt_info = dd_buffers(n_seats, tricks, tt_bits)
    stats = np.zeros(2, np.int64)
    values = np.zeros(24 if leads.shape[0] > 0 else 0, np.int64)
    generation = np.int64(0)
    for d in range(first, count, step):
        generation += 1
        stats[0] = 0
        out[d] = dd_solve_deal(deals[d], denoms[d], teams[d], leaders[d], actives[d], target,
                               hands, moves, tt_keys, tt_info, generation, stats, values)
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
    hands, moves, tt_keys, tt_info = dd_buffers(n_seats, tricks, tt_bits)
    for s in range(n_seats):
        hands[0, s] = to_contract(deal[s], denom)
    leader = first_active(leader, n_seats, active)
    seat = leader
    winner_seat = np.int64(-1)
    winner_card = np.int64(-1)
    led_suit = np.int64(-1)
    played = ZERO
    for face in trick:
        card = np.int64(2 * POSITION[denom, face])
        winner_seat, winner_card, led_suit = dd_play(card, seat, winner_seat, winner_card, led_suit, denom)
        played |= ONE << np.uint64(card)
        seat = next_active(seat, n_seats, active)
    stats = np.zeros(2, np.int64)
    generation = np.int64(1)
    value = dd_value(hands, np.int64(0), seat, leader, winner_seat, winner_card, led_suit, played,
                     np.int64(-1), n_seats, active, denom, team, moves, np.int64(0), tt_keys,
                     tt_info, generation, stats)
    if leads.shape[0] == 24:
        dd_leads(hands, seat, leader, winner_seat, winner_card, led_suit, played, n_seats, active,
                 denom, team, moves, tt_keys, tt_info, generation, stats, leads)
    return value, stats[0]



# =========================================================================== end of kernels
