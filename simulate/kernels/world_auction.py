"""A world's auction: would the seats of a world PIMC dealt have bid as they did?

A world shows each seat's cards as they are now; its bids were made from the cards it
was dealt.  Most seats hold those still (with the cards they have played), so their
bids are tested on that hand (kernels.bidding.model_bid, or bid_chance under soft
inference).  Two seats exchanged cards before the play, and a world does not show
which of their cards they were dealt:

- the classic dealer who picked the upcard up (:func:`picked_up_chance`): it was dealt
  its cards less the upcard plus one discard, a card now out of play;
- the bid-euchre Pig or six-handed Alone bidder (:func:`exchange_chance`): it discarded
  two of its eight and took one gift from each partner, the top card of that partner's
  eight, so it was dealt its cards less the two gifts plus two discards, and the cards
  out of play are the discards and the partners' seven each.

Each is tested over the ways the world could have been dealt: its chance is the share
of those ways (each way a physical deal before the exchange) in which the stated
policies (kernels.exchange: void-first discards, the highest gift) make exactly this
world and the seat bids as it did.  Every world the sampler deals is a physical deal
after the exchange, and each such deal comes from that many deals before it, so a world
passed with this chance counts in proportion to the deals that give it: exact
rejection.  The double deck's two copies of a card are told apart by their bits, and a
policy that may give or throw either copy gives each with chance one half (the world's
bits for the cards seen are a labelling, not a fact).
"""

import numpy as np

from .bidding import SOFT_SCALE, bid_chance, model_bid
from .bits import lowest_bit, next_unit, popcount
from .contract import table_deck, to_face
from .exchange import EXCHANGE_KEY, void_first_discards
from .jit import njit
from .rankings import ONE, ZERO


@njit(cache=True)
def out_of_play(world, played_by):
    """Contract-space mask of the cards no seat holds or has played in ``world``."""
    held = ZERO
    for o in range(world.shape[0]):
        held |= world[o] | played_by[o]
    return table_deck(world.shape[0]) & ~held


@njit(cache=True)
def row_chance(hand, check, b, soft_scale, level_row, order_row, call_rows):
    """The chance the seat of ``check.bids`` row ``b``, dealt ``hand`` (face space), made
    that row's bid, every test at ``soft_scale`` (kernels.bidding.bid_chance)."""
    return bid_chance(
        hand,
        check.bids[b, 0],
        check.bids[b, 1] == 1,
        check.bids[b, 2],
        check.bids[b, 3],
        check.bids[b, 4],
        check,
        soft_scale,
        level_row,
        order_row,
        call_rows,
    )


@njit(cache=True)
def picked_up_chance(world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows):
    """The chance the classic dealer who picked the upcard up made row ``b``'s bid, over
    the hands it may have been dealt.  It holds its cards of ``world`` plus those it has
    played (the upcard among them); it was dealt those less the upcard plus its discard,
    one of the cards out of play (the kitty's, and a lone bidder's partner's), each
    alike, but only one the void-first policy throws from the six (kernels.exchange:
    the stated dealer's discard).  So the chance is the mean over the cards out of play
    of [the policy throws it] times the bid's chance from the hand so dealt: under exact
    inference (``soft_scale`` 0) the share of the cards out of play that explain the bid,
    which makes a world count in proportion to the deals that give it."""
    seat = check.bids[b, 0]
    out = out_of_play(world, played_by)
    six = to_face(world[seat] | played_by[seat], denom)
    upcard = ONE << np.uint64(2 * check.upcard)
    total = 0.0
    count = popcount(out)
    cards = out
    while cards:
        discard = to_face(ONE << np.uint64(lowest_bit(cards)), denom)
        cards &= cards - ONE
        if void_first_discards(six | discard, denom, 1) != discard:
            continue
        total += row_chance((six | discard) & ~upcard, check, b, soft_scale, level_row, order_row, call_rows)
    return total / count if count else 0.0


@njit(cache=True)
def choose(n, k):
    """The binomial coefficient C(n, k) as a float (0 outside 0 <= k <= n)."""
    if k < 0 or k > n:
        return 0.0
    out = 1.0
    for i in range(min(k, n - k)):
        out = out * (n - i) / (i + 1)
    return out


@njit(cache=True)
def gift_splits(rest, first, second, denom):
    """The ways to split the face-space cards ``rest`` evenly between the partner who gave
    the card of bit ``first`` and the one who gave ``second``, each gift the top of its
    giver's hand in the exchange order (kernels.exchange.gift_card, the highest policy):
    a card above a gift must go to the other partner, one above both to neither (no
    way).  The other copy of a gift's card ties with it: that partner gave either copy,
    so a split that gives it the tie counts one half."""
    key_first = EXCHANGE_KEY[denom, first >> 1]
    key_second = EXCHANGE_KEY[denom, second >> 1]
    only_first = 0  # cards only the first giver may hold
    free = 0  # cards below both gifts
    tie_first = 0  # the other copy of the first gift, in rest
    tie_second = 0
    cards = rest
    while cards:
        bit = lowest_bit(cards)
        cards &= cards - ONE
        key = EXCHANGE_KEY[denom, bit >> 1]
        if key == key_first:
            tie_first = 1
        elif key == key_second:
            tie_second = 1
        elif key < key_first and key < key_second:
            free += 1
        elif key < key_first:
            only_first += 1
        elif key >= key_second:
            return 0.0
    half = popcount(rest) // 2
    ways = 0.0
    # each tie: to its own gift's giver (weight one half) or, if below the other gift, to the other
    for first_tie_to_first in range(tie_first + 1):
        if tie_first and not first_tie_to_first and key_first > key_second:
            continue
        weight_first = 0.5 if first_tie_to_first else 1.0
        for second_tie_to_first in range(tie_second + 1):
            if tie_second and second_tie_to_first and key_second > key_first:
                continue
            weight = weight_first * (1.0 if second_tie_to_first or not tie_second else 0.5)
            to_first = only_first + first_tie_to_first + second_tie_to_first
            ways += weight * choose(free, half - to_first)
    return ways


EVEN = np.uint64(0x5555555555555555)  # each card's first copy (face-space bit 2 * face)


@njit(cache=True)
def faces_of(mask):
    """``mask`` with either copy written as the first, both as both: equal for two masks
    that hold the same cards whichever copies."""
    one_or_both = (mask | (mask >> ONE)) & EVEN
    both = mask & (mask >> ONE) & EVEN
    return one_or_both | (both << ONE)


@njit(cache=True)
def discard_share(thrown, discards, dealt):
    """The chance that the policy, throwing the cards ``thrown`` from ``dealt`` (face
    space), threw exactly the bits ``discards``: 0 unless they are the same cards, and
    one half for each card thrown whose other copy ``dealt`` keeps (either copy may go)."""
    if faces_of(thrown) != faces_of(discards):
        return 0.0
    one_copy_thrown = (discards ^ (discards >> ONE)) & EVEN
    both_dealt = dealt & (dealt >> ONE) & EVEN
    return 0.5 ** popcount(one_copy_thrown & both_dealt)


@njit(cache=True)
def card_bits(mask):
    """The set bits of ``mask``, lowest first."""
    bits = np.empty(popcount(mask), np.int64)
    for i in range(bits.shape[0]):
        bits[i] = lowest_bit(mask)
        mask &= mask - ONE
    return bits


@njit(cache=True)
def exchange_way(
    out, final, first, second, discards, denom, check, b, soft_scale, level_row, order_row, call_rows
):
    """One way the Pig or Alone bidder of row ``b``, holding ``final`` now (face space),
    may have been dealt: the first partner gave the card of bit ``first``, the second
    ``second``, and the bidder threw ``discards``, two of the cards ``out`` of play.  Its
    weight: the share of the partners' hands (the rest of ``out``, seven each) that give
    those gifts (:func:`gift_splits`), times the chance the void-first policy throws
    those discards from the hand so dealt (:func:`discard_share`), times the chance the
    bidder makes its bid from that hand (1 or 0 under exact inference)."""
    rest = out & ~discards
    ways = gift_splits(rest, first, second, denom)
    if ways == 0.0:
        return 0.0
    dealt = (final & ~((ONE << np.uint64(first)) | (ONE << np.uint64(second)))) | discards
    share = discard_share(void_first_discards(dealt, denom, 2), discards, dealt)
    if share == 0.0:
        return 0.0
    partners = popcount(rest)
    weight = ways / choose(partners, partners // 2) * share
    return weight * row_chance(dealt, check, b, soft_scale, level_row, order_row, call_rows)


@njit(cache=True)
def exchange_cards(world, played_by, denom, seat):
    """What the ways the exchanging ``seat`` may have been dealt are drawn from (face
    space): (the cards out of play, its cards held or played, the bits of each)."""
    out = to_face(out_of_play(world, played_by), denom)
    final = to_face(world[seat] | played_by[seat], denom)
    return out, final, card_bits(final), card_bits(out)


@njit(cache=True)
def exchange_chance(world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows):
    """The chance the Pig or six-handed Alone bidder made row ``b``'s bid, over the ways
    ``world`` may have been dealt before the exchange: the mean of :func:`exchange_way`
    over every ordered pair of its cards as the gifts and every pair of the cards out of
    play as the discards, so a world counts in proportion to the deals before the
    exchange that give it.  Ways with a card out of play above both gifts and not
    thrown are skipped: no partner would have kept it."""
    out, final, held, away = exchange_cards(world, played_by, denom, check.bids[b, 0])
    total = 0.0
    for i in range(held.shape[0]):
        for j in range(held.shape[0]):
            if i == j:
                continue
            first, second = held[i], held[j]
            top = max(EXCHANGE_KEY[denom, first >> 1], EXCHANGE_KEY[denom, second >> 1])
            above = ZERO
            for k in range(away.shape[0]):
                if EXCHANGE_KEY[denom, away[k] >> 1] > top:
                    above |= ONE << np.uint64(away[k])
            if popcount(above) > 2:
                continue
            for p in range(away.shape[0]):
                for q in range(p + 1, away.shape[0]):
                    discards = (ONE << np.uint64(away[p])) | (ONE << np.uint64(away[q]))
                    if above & ~discards:
                        continue
                    total += exchange_way(
                        out,
                        final,
                        first,
                        second,
                        discards,
                        denom,
                        check,
                        b,
                        soft_scale,
                        level_row,
                        order_row,
                        call_rows,
                    )
    n_held, n_away = held.shape[0], away.shape[0]
    every = n_held * (n_held - 1) * choose(n_away, 2)
    return total / every if every > 0.0 else 0.0


@njit(cache=True)
def exchange_draw(state, world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows):
    """(state, one way drawn alike from those :func:`exchange_chance` averages, its
    :func:`exchange_way` weight): a draw whose mean is that chance, so a world passed
    with it by one more uniform passes with that chance, at the cost of one way."""
    out, final, held, away = exchange_cards(world, played_by, denom, check.bids[b, 0])
    if held.shape[0] < 2 or away.shape[0] < 2:
        return state, 0.0
    state, u = next_unit(state)
    i = min(int(u * held.shape[0]), held.shape[0] - 1)
    state, u = next_unit(state)
    j = min(int(u * (held.shape[0] - 1)), held.shape[0] - 2)
    j += 1 if j >= i else 0
    state, u = next_unit(state)
    p = min(int(u * away.shape[0]), away.shape[0] - 1)
    state, u = next_unit(state)
    q = min(int(u * (away.shape[0] - 1)), away.shape[0] - 2)
    q += 1 if q >= p else 0
    discards = (ONE << np.uint64(away[p])) | (ONE << np.uint64(away[q]))
    weight = exchange_way(
        out, final, held[i], held[j], discards, denom, check, b, soft_scale, level_row, order_row, call_rows
    )
    return state, weight


@njit(cache=True)
def dealt_chance(world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows):
    """The chance the seat of row ``b`` made its bid: over the hands it may have been dealt
    for the dealer who picked up and the Pig or Alone bidder, else from its cards of
    ``world`` plus those it has played."""
    seat = check.bids[b, 0]
    if check.picked_up and seat == check.dealer:
        return picked_up_chance(
            world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows
        )
    if seat == check.exchanger:
        return exchange_chance(world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows)
    hand = to_face(world[seat] | played_by[seat], denom)
    return row_chance(hand, check, b, soft_scale, level_row, order_row, call_rows)


@njit(cache=True)
def exchanged_before_play(seat, check):
    """Was ``seat`` dealt a hand the world does not show: the dealer who picked up, or the
    Pig or Alone bidder?"""
    return (check.picked_up and seat == check.dealer) or seat == check.exchanger


@njit(cache=True)
def auction_matches(world, played_by, viewer, denom, check, level_row, order_row, call_rows):
    """Would every seat with a row in ``check.bids`` (``viewer`` excepted: it knows its own
    hand) have bid as it did, holding its cards of ``world`` plus those it has played
    (``played_by``; both contract space)?  A seat that exchanged before the play: from
    some hand it may have been dealt (:func:`dealt_chance` above 0)."""
    bids = check.bids
    for b in range(bids.shape[0]):
        seat = bids[b, 0]
        if seat == viewer:
            continue
        if exchanged_before_play(seat, check):
            if dealt_chance(world, played_by, denom, check, b, 0.0, level_row, order_row, call_rows) == 0.0:
                return False
            continue
        hand = to_face(world[seat] | played_by[seat], denom)
        made = model_bid(
            hand, seat, bids[b, 1] == 1, bids[b, 2], bids[b, 4], check, level_row, order_row, call_rows
        )
        if made != bids[b, 3]:
            return False
    return True


@njit(cache=True)
def auction_draw(
    state, world, played_by, viewer, denom, check, soft_scale, draw, level_row, order_row, call_rows
):
    """(state, the product over the rows of ``check.bids`` but ``viewer``'s of the chance
    the seat bids as it did, :func:`dealt_chance`, each test a logistic of width
    ``soft_scale``), but with ``draw`` the Pig or Alone bidder's chance is one way drawn
    from the stream (:func:`exchange_draw`), whose mean it is."""
    bids = check.bids
    chance = 1.0
    for b in range(bids.shape[0]):
        if bids[b, 0] == viewer:
            continue
        if draw and bids[b, 0] == check.exchanger:
            state, drawn = exchange_draw(
                state, world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows
            )
            chance *= drawn
        else:
            chance *= dealt_chance(
                world, played_by, denom, check, b, soft_scale, level_row, order_row, call_rows
            )
        if chance == 0.0:
            break
    return state, chance


@njit(cache=True)
def auction_chance(world, played_by, viewer, denom, check, soft_scale, level_row, order_row, call_rows):
    """The chance that every seat with a row in ``check.bids`` (``viewer`` excepted) bids
    as it did (:func:`dealt_chance`), each test a logistic of width ``soft_scale``: soft
    inference's likelihood of the auction, which :func:`auction_matches` is at width 0
    (but for the seats that exchanged before the play, whose chance is a share of the
    hands they may have been dealt)."""
    return auction_draw(
        ZERO, world, played_by, viewer, denom, check, soft_scale, False, level_row, order_row, call_rows
    )[1]


@njit(cache=True)
def tests_exchanged(viewer, check):
    """Does ``check`` test, for a seat other than it, a seat that exchanged before the play?"""
    for b in range(check.bids.shape[0]):
        seat = check.bids[b, 0]
        if seat != viewer and exchanged_before_play(seat, check):
            return True
    return False


@njit(cache=True)
def auction_heard(state, world, played_by, viewer, denom, check, level_row, order_row, call_rows):
    """(state, does ``world`` pass the auction's test?).  Exact inference
    (``check.soft_scale`` 0): when every tested seat would have bid as it did
    (:func:`auction_matches`); with a seat tested that exchanged before the play, with
    probability the share of the ways it may have been dealt that explain its bid
    (:func:`dealt_chance`; for the Pig or Alone bidder one way drawn, :func:`exchange_draw`,
    whose mean that share is), by one uniform of the stream.  Soft inference: with
    probability the auction's soft chance (:func:`auction_chance` at
    ``check.soft_scale``), by one uniform of the stream, so the worlds that pass are an
    unweighted sample of the worlds weighed by that chance, as ``analyse --inference
    soft`` keeps its deals."""
    if check.soft_scale == 0.0 and not tests_exchanged(viewer, check):
        return state, auction_matches(world, played_by, viewer, denom, check, level_row, order_row, call_rows)
    state, u = next_unit(state)
    state, chance = auction_draw(
        state, world, played_by, viewer, denom, check, check.soft_scale, True, level_row, order_row, call_rows
    )
    return state, u < chance


@njit(cache=True)
def unexplained_chance(world, played_by, viewer, denom, check, level_row, order_row, call_rows):
    """The weight of a world kept after every redeal failed the auction's test: the
    auction's soft chance (:func:`auction_chance`) at soft inference's width, or at
    SOFT_SCALE under exact inference, so such a world counts as soft inference would
    count it."""
    scale = check.soft_scale if check.soft_scale > 0.0 else SOFT_SCALE
    return auction_chance(world, played_by, viewer, denom, check, scale, level_row, order_row, call_rows)
