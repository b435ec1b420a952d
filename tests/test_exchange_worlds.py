"""The Pig or six-handed Alone bidder heard in a world that shows it after the exchange.

A world shows the bidder's cards after it threw two and took a gift from each partner,
so its bid is tested over the ways it may have been dealt (kernels.world_auction).  The
chance must be the share of the physical deals before the exchange that give the world
and the bid, counted here the long way (every ordered pair of gifts, every pair of
discards, every split of the rest between the partners, each policy applied to the
hand as dealt), and the worlds the sampler keeps must follow those counts."""

import itertools

import numba
import numpy as np
import pytest
from sampled_worlds import assert_exact_shares, held_shares

from euchre_mc.simulate.bidding.table_model import SOFT_SCALE, auction_check, table_model
from euchre_mc.simulate.kernels.bidding import bid_chance
from euchre_mc.simulate.kernels.contract import to_contract, to_face
from euchre_mc.simulate.kernels.exchange import EXCHANGE_KEY, void_first_discards
from euchre_mc.simulate.kernels.pimc import SeatView
from euchre_mc.simulate.kernels.rankings import EXCHANGE_RANK, NO_BID
from euchre_mc.simulate.kernels.world_auction import (
    discard_share,
    exchange_chance,
    gift_splits,
    out_of_play,
)
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_cards
from euchre_mc.simulate.rules.variants import as_variant

HEARTS = 2
MODEL = table_model("balanced")
VARIANT = as_variant("pigs-and-hogs")
BIDDER = 1  # seat 2; its partners, seats 4 and 6, sit out


def mask(text: str) -> int:
    return faces_to_mask(parse_cards(text))


def contract(m: int) -> np.uint64:
    return np.uint64(to_contract(np.uint64(m), np.int64(HEARTS)))


def work_rows():
    return np.empty((6, 10)), np.empty(3), np.empty((5, 3))


def test_gift_splits_count_every_split_of_the_partners_hands():
    rng = np.random.default_rng(5)
    cards = list(range(48))
    for _ in range(100):
        chosen = rng.choice(cards, 16, replace=False)
        first, second, rest = int(chosen[0]), int(chosen[1]), [int(c) for c in chosen[2:]]
        if rng.random() < 0.4 and first ^ 1 not in chosen:  # the other copy of a gift among the rest
            rest[0] = first ^ 1
        rest_mask = np.uint64(sum(1 << c for c in rest))
        expected = 0.0
        for kept in itertools.combinations(rest, 7):
            other = [c for c in rest if c not in kept]
            expected += gives(list(kept) + [first], first) * gives(other + [second], second)
        assert gift_splits(rest_mask, first, second, HEARTS) == pytest.approx(expected, abs=1e-12)


def gives(hand, gift) -> float:
    """The chance the highest policy gives the bit ``gift`` from ``hand``: the top of the
    exchange order, either copy alike."""
    keys = [EXCHANGE_KEY[HEARTS, c >> 1] for c in hand]
    top = max(keys)
    if EXCHANGE_KEY[HEARTS, gift >> 1] != top:
        return 0.0
    return 1.0 / keys.count(top)


def test_a_discard_of_one_copy_of_two_counts_half():
    # Hearts trump: the void-first policy throws the 9C (emptying Clubs) and a 9D, either
    # copy: a world whose discards are either 9D counts half of the deals for each
    dealt = np.uint64(mask("9D 9D 9C JS QS KS AS JH"))
    thrown = np.uint64(void_first_discards(dealt, HEARTS, 2))
    nine_c, nine_d = mask("9C"), mask("9D")
    assert int(thrown) & nine_c and bin(int(thrown) & mask("9D 9D")).count("1") == 1
    assert discard_share(thrown, thrown, dealt) == 0.5
    assert discard_share(thrown, np.uint64(nine_c | (nine_d << 1)), dealt) == 0.5
    assert discard_share(thrown, np.uint64(nine_c | mask("JS")), dealt) == 0.0
    both = np.uint64(mask("9C 9C TD JS QS KS AS JH"))  # both 9C thrown: one way only
    assert (
        discard_share(np.uint64(void_first_discards(both, HEARTS, 2)), np.uint64(mask("9C 9C")), both) == 1.0
    )


# Six tricks played.  Seat 1 (the viewer) and seats 3 and 5 hold two cards each that the
# viewer knows (its own, and told cards); the bidder, seat 2, holds two cards the viewer
# cannot see, and the 16 others are out of play: the partners' sevens and the discards.
PLAYED = {
    0: "9C TC QC 9S TS QS",
    1: "JH JH JD AH AH KH",
    2: "9C TC QC 9S TS QS",
    4: "JC KC JS KS AD KD",
}
HELD = {0: "AC AS", 2: "AD KD", 4: "QD TD"}


def position():
    used = 0

    def allot(cards: str) -> int:
        """The cards, each the first copy no other hand holds."""
        nonlocal used
        out = 0
        for face in parse_cards(cards):
            bit = 2 * face if not used >> (2 * face) & 1 else 2 * face + 1
            assert not used >> bit & 1
            used |= 1 << bit
            out |= 1 << bit
        return out

    played = {seat: allot(cards) for seat, cards in PLAYED.items()}
    held = {seat: allot(cards) for seat, cards in HELD.items()}
    unseen = [c for c in range(48) if not used >> c & 1]
    assert len(unseen) == 18
    return played, held, unseen


def check_of(bid: str, scale: float):
    if bid == "pass over 8":  # a pass over an 8 bid: every hand but a Pig or Hog hand passes
        rows = [(BIDDER, 1, 8, NO_BID, 0)]
    else:
        rows = [(BIDDER, 1, 0, EXCHANGE_RANK * 6 + HEARTS, 0)]
    check = auction_check(MODEL.teams, VARIANT, 5, [], None, soft_scale=scale, exchanger=BIDDER)
    return check._replace(bids=np.array(rows, np.int64))


def worlds(played, held, unseen):
    """Every world: the bidder's two unseen cards (contract space)."""
    for pair in itertools.combinations(unseen, 2):
        world = np.zeros(6, np.uint64)
        for seat, cards in held.items():
            world[seat] = contract(cards)
        world[BIDDER] = contract(sum(1 << c for c in pair))
        yield pair, world


@numba.njit(cache=False)
def counted_the_long_way(final, out, check, scale, level_row, order_row, call_rows):
    """The share of the ways before the exchange (ordered gifts from ``final``, discards
    from ``out``, the partners' sevens from the rest) that give this world and the bid,
    each way weighed by the chance the policies, applied to the hands as dealt, make it."""
    held = [b for b in range(48) if final >> np.uint64(b) & np.uint64(1)]
    away = [b for b in range(48) if out >> np.uint64(b) & np.uint64(1)]
    total = 0.0
    ways = 0
    for first in held:
        for second in held:
            if first == second:
                continue
            for p in range(len(away)):
                for q in range(p + 1, len(away)):
                    ways += 1
                    discards = (np.uint64(1) << np.uint64(away[p])) | (np.uint64(1) << np.uint64(away[q]))
                    dealt = (
                        final & ~(np.uint64(1) << np.uint64(first)) & ~(np.uint64(1) << np.uint64(second))
                    ) | discards
                    thrown = void_first_discards(dealt, HEARTS, 2)
                    share = 1.0
                    for face in range(24):  # the policy's cards, whichever copies: each copy alike
                        pair = np.uint64(3) << np.uint64(2 * face)
                        want = popcount(thrown & pair)
                        if popcount(discards & pair) != want:
                            share = 0.0
                        elif want == 1 and popcount(dealt & pair) == 2:
                            share *= 0.5
                    if share == 0.0:
                        continue
                    bid = bid_chance(
                        dealt,
                        check.bids[0, 0],
                        True,
                        check.bids[0, 2],
                        check.bids[0, 3],
                        check.bids[0, 4],
                        check,
                        scale,
                        level_row,
                        order_row,
                        call_rows,
                    )
                    if bid == 0.0:
                        continue
                    rest = [c for c in away if c != away[p] and c != away[q]]
                    splits = 0.0
                    for chosen in range(1 << len(rest)):
                        if popcount(np.uint64(chosen)) != len(rest) // 2:
                            continue
                        top_a, top_b, copies_a, copies_b = (
                            EXCHANGE_KEY[HEARTS, first >> 1],
                            EXCHANGE_KEY[HEARTS, second >> 1],
                            1,
                            1,
                        )
                        bad = False
                        for i in range(len(rest)):
                            key = EXCHANGE_KEY[HEARTS, rest[i] >> 1]
                            if chosen >> i & 1:
                                if key > top_a:
                                    bad = True
                                elif key == top_a:
                                    copies_a += 1
                            else:
                                if key > top_b:
                                    bad = True
                                elif key == top_b:
                                    copies_b += 1
                        if not bad:
                            splits += 1.0 / (copies_a * copies_b)
                    every = 1.0
                    for i in range(len(rest) // 2):
                        every = every * (len(rest) - i) / (i + 1)
                    total += share * bid * splits / every
    return total / ways


@numba.njit(cache=False)
def popcount(x):
    count = 0
    while x:
        x &= x - np.uint64(1)
        count += 1
    return count


@pytest.mark.parametrize(("bid", "scale"), [("pass over 8", 0.0), ("Pig Hearts", SOFT_SCALE)])
def test_the_sampled_worlds_follow_the_deals_before_the_exchange(bid, scale):
    played, held, unseen = position()
    check = check_of(bid, scale)
    played_by = np.array([contract(played.get(s, 0)) for s in range(6)], np.uint64)
    exact = {}
    for index, (pair, world) in enumerate(worlds(played, held, unseen)):
        chance = exchange_chance(world, played_by, HEARTS, check, 0, scale, *work_rows())
        if index % 8 == 0:  # the long way on a share of the worlds: it takes a while
            final = to_face(world[BIDDER] | played_by[BIDDER], np.int64(HEARTS))
            out = to_face(out_of_play(world, played_by), np.int64(HEARTS))
            long_way = counted_the_long_way(final, out, check, scale, *work_rows())
            assert chance == pytest.approx(long_way, rel=1e-9, abs=1e-15), pair
        exact[pair] = chance
    total = sum(exact.values())
    assert sum(1 for c in exact.values() if c > 0) > 20  # the bid and the exchange say something
    counts = np.array([2, 2, 2, 0, 2, 0], np.int64)  # the partners, seats 4 and 6, sit out
    fixed = np.array([contract(held.get(s, 0)) if s in (2, 4) else 0 for s in range(6)], np.uint64)
    pool = np.uint64(sum(int(contract(1 << c)) for c in unseen))
    view = SeatView(
        0,
        contract(held[0]),
        counts,
        fixed,
        pool,
        np.zeros(6, np.int64),
        played_by,
        check,
        np.zeros((0, 5), np.int64),
    )
    n = 6000
    seen, stats = held_shares(view, 6, HEARTS, (BIDDER,), unseen, n, seed=23)
    assert stats[2] == 0  # every world explained the bid
    shares = {(BIDDER, card): sum(c for pair, c in exact.items() if card in pair) / total for card in unseen}
    assert_exact_shares(seen, shares, n)
