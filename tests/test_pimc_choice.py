"""PIMC's card choice in playouts (kernels.pimc_choice): the exact levers choose the card
the full search of every card's value chooses, the early stop follows its stated rule,
and playouts under it stay a pure function of the seed for any thread count."""

import numba
import numpy as np

from euchre_mc.simulate.kernels.bidding import no_auction
from euchre_mc.simulate.kernels.bits import SALT_PIMC, stream_state
from euchre_mc.simulate.kernels.contract import legal_cards, to_contract
from euchre_mc.simulate.kernels.dd.search import NONE, dd_buffers
from euchre_mc.simulate.kernels.dealing import deal_many
from euchre_mc.simulate.kernels.pimc import SeatView, best_mean_card, no_lengths, pimc_values
from euchre_mc.simulate.kernels.pimc_choice import (
    BEST_ONLY,
    BUDGET_FLOOR_SHIFT,
    BUDGET_MIN_WORLDS,
    BUDGET_SEATS_SHIFT,
    BUDGET_SHIFT,
    DECISION_TABLE,
    DEFAULT_LEVERS,
    DROP_BEHIND,
    EARLY_STOP,
    MIN_WORLDS,
    SAME_EVERYWHERE,
    contenders,
    leading_card,
    leads_alone,
)
from euchre_mc.simulate.kernels.pimc_seat import pimc_choose
from euchre_mc.simulate.play.playout import play_deals

HEARTS = 2
NO_AUCTION, NO_LENGTHS = no_auction(), no_lengths()


def first_lead(hands, d, seats):
    """Seat 0's view on its first lead of deal ``d`` (Hearts): nothing known beyond its hand."""
    own = np.uint64(to_contract(hands[d, 0], HEARTS))
    deck = np.uint64(0x555555555555 if seats == 4 else 0xFFFFFFFFFFFF)
    pool = deck & ~own
    counts = np.full(seats, 5 if seats == 4 else 8, np.int64)
    view = SeatView(
        0,
        own,
        counts,
        np.zeros(seats, np.uint64),
        pool,
        np.zeros(seats, np.int64),
        np.zeros(seats, np.uint64),
        NO_AUCTION,
        NO_LENGTHS,
    )
    return view, own, pool


TRICKS = np.arange(25, dtype=np.int64)  # the worth of t tricks when a seat plays for tricks
ALIKE = np.ones(64)  # worlds that weigh alike


def choose(hands, d, seats, worlds, levers, worth=TRICKS, unit=1.0):
    """(the card chosen, nodes searched) on deal ``d``'s first lead with ``levers``."""
    view, own, pool = first_lead(hands, d, seats)
    buffers = dd_buffers(np.int64(counts_of(seats)), np.int64(12))
    stats = np.zeros(5, np.int64)
    state = np.uint64(stream_state(np.uint64(7), np.uint64(SALT_PIMC), d))
    legal = np.uint64(legal_cards(own, HEARTS, NONE))
    trick = np.zeros(0, np.int64)
    _, card, _ = pimc_choose(
        state, view, seats, (1 << seats) - 1, HEARTS, 0, legal, trick, pool, worlds, buffers, 1, stats,
        levers, worth, unit,
    )  # fmt: skip
    return card, stats[0]


def counts_of(seats):
    return 5 if seats == 4 else 8


def reference_card(hands, d, seats, worlds, points=None):
    """The card with the best total of every card's exact value (pimc_values), or of
    ``points`` then tricks."""
    view, own, _ = first_lead(hands, d, seats)
    buffers = dd_buffers(np.int64(counts_of(seats)), np.int64(12))
    values = np.full((worlds, 24), -1, np.int64)
    state = np.uint64(stream_state(np.uint64(7), np.uint64(SALT_PIMC), d))
    trick = np.zeros(0, np.int64)
    pimc_values(
        state,
        view,
        seats,
        (1 << seats) - 1,
        HEARTS,
        0,
        trick,
        worlds,
        buffers,
        1,
        np.zeros(5, np.int64),
        values,
    )
    points = np.zeros(0) if points is None else points
    return best_mean_card(np.uint64(legal_cards(own, HEARTS, NONE)), values, worlds, points, np.ones(worlds))


def deals(seats, count, seed=3):
    pool = np.arange(0, 48, 2 if seats == 4 else 1, dtype=np.int64)
    need = np.full(seats, counts_of(seats), np.int64)
    return deal_many(np.uint64(seed), 0, count, np.zeros(seats, np.uint64), need, pool)


def test_the_exact_levers_choose_the_card_of_every_value():
    hands = deals(4, 40)
    for d in range(40):
        expected = reference_card(hands, d, 4, 12)
        for levers in (0, SAME_EVERYWHERE, BEST_ONLY, DECISION_TABLE, SAME_EVERYWHERE | BEST_ONLY):
            assert choose(hands, d, 4, 12, levers)[0] == expected, (d, levers)
    six = deals(6, 2)
    for d in range(2):
        assert choose(six, d, 6, 6, SAME_EVERYWHERE | BEST_ONLY)[0] == reference_card(six, d, 6, 6)


def test_playing_for_points_the_levers_choose_the_card_of_the_most_points_then_tricks():
    from euchre_mc.simulate.kernels.pimc import WORTH_UNIT, side_points

    # the leader's side, the makers of a classic order-up: euchred, made, marched
    goal = np.array([-2.0, -2.0, -2.0, 1.0, 1.0, 2.0])
    points = side_points(goal, 0, 0, 0, np.zeros(6))
    worth = TRICKS.copy()
    worth[:6] = np.round(points).astype(np.int64) * WORTH_UNIT + np.arange(6)
    hands = deals(4, 40)
    for d in range(40):
        expected = reference_card(hands, d, 4, 12, points)
        for levers in (0, SAME_EVERYWHERE | BEST_ONLY):
            assert choose(hands, d, 4, 12, levers, worth, float(WORTH_UNIT))[0] == expected, (d, levers)


def test_cards_alike_in_every_world_are_played_without_a_search():
    # the seat's two cards, 9S and TS, have no card between them: any world values them alike
    own = np.uint64(to_contract(np.uint64((1 << 0) | (1 << 2)), HEARTS))  # faces 0 and 1 of one suit
    legal = np.uint64(legal_cards(own, HEARTS, NONE))
    pool = np.uint64(0x555555555555) & ~own
    view = SeatView(
        0, own, np.full(4, 2, np.int64), np.zeros(4, np.uint64), pool, np.zeros(4, np.int64),
        np.zeros(4, np.uint64), NO_AUCTION, NO_LENGTHS,
    )  # fmt: skip
    stats = np.zeros(5, np.int64)
    state = np.uint64(stream_state(np.uint64(1), np.uint64(SALT_PIMC), 0))
    buffers = dd_buffers(np.int64(5), np.int64(12))
    trick = np.zeros(0, np.int64)
    _, card, _ = pimc_choose(
        state, view, 4, 15, HEARTS, 0, legal, trick, pool, 20, buffers, 1, stats, DEFAULT_LEVERS, TRICKS, 1.0
    )
    assert card == (int(legal) & -int(legal)).bit_length() - 1  # the lowest
    assert stats[0] == 0  # no world searched
    _, card, _ = pimc_choose(
        state, view, 4, 15, HEARTS, 0, legal, trick, pool, 3, buffers, 1, stats, 0, TRICKS, 1.0
    )
    assert card == (int(legal) & -int(legal)).bit_length() - 1 and stats[0] > 0


def test_the_early_stop_rule():
    legal = np.uint64(0b101)  # two cards: positions 0 and 1
    n = MIN_WORLDS
    low = np.zeros((n, 24), np.int64)
    high = np.zeros((n, 24), np.int64)
    low[:, 1] = high[:, 1] = 3
    low[:, 0], high[:, 0] = 0, 2  # never more than the leader: behind beyond doubt
    assert leads_alone(*contenders(legal, low, high, n, TRICKS, 1.0, ALIKE))
    high[0, 0] = low[0, 0] = 4  # one world where it took more: the margin is 2/3 of a trick
    assert not leads_alone(*contenders(legal, low, high, n, TRICKS, 1.0, ALIKE))
    big = 3 * n
    low = np.zeros((big, 24), np.int64)
    high = np.zeros((big, 24), np.int64)
    low[:, 1] = high[:, 1] = 3
    low[:, 0] = high[:, 0] = 1
    low[0, 0] = high[0, 0] = 4  # ahead once, two tricks behind in every other world
    assert leads_alone(*contenders(legal, low, high, big, TRICKS, 1.0, ALIKE))


def test_the_early_stop_searches_less_and_mostly_agrees():
    hands = deals(4, 30, seed=5)
    full = [choose(hands, d, 4, 30, 0) for d in range(30)]
    early = [choose(hands, d, 4, 30, EARLY_STOP) for d in range(30)]
    assert sum(nodes for _, nodes in early) < 0.7 * sum(nodes for _, nodes in full)
    assert sum(a[0] == b[0] for a, b in zip(full, early)) >= 24


def test_rivals_behind_beyond_doubt_drop_out_of_contention():
    legal = np.uint64(0b10101)  # three cards: positions 0, 1 and 2
    n = MIN_WORLDS
    low = np.zeros((n, 24), np.int64)
    high = np.zeros((n, 24), np.int64)
    low[:, 1] = high[:, 1] = 4  # the leader, but for one world
    low[0, 1] = high[0, 1] = 3
    low[:, 2] = high[:, 2] = 3  # a trick behind it but for that world, two ahead there
    low[0, 2] = high[0, 2] = 5
    low[:, 0], high[:, 0] = 0, 2  # never more than the leader: out
    left, lead = contenders(legal, low, high, n, TRICKS, 1.0, ALIKE)
    assert lead == 2 and left == np.uint64(0b10100)
    assert not leads_alone(*contenders(legal, low, high, n, TRICKS, 1.0, ALIKE))
    assert leads_alone(*contenders(np.uint64(0b00101), low, high, n, TRICKS, 1.0, ALIKE))


def test_dropping_rivals_behind_searches_less_and_mostly_agrees():
    hands = deals(4, 30, seed=5)
    full = [choose(hands, d, 4, 30, BEST_ONLY)[0] for d in range(30)]
    early = [choose(hands, d, 4, 30, BEST_ONLY | EARLY_STOP) for d in range(30)]
    dropping = [choose(hands, d, 4, 30, BEST_ONLY | EARLY_STOP | DROP_BEHIND) for d in range(30)]
    assert sum(nodes for _, nodes in dropping) < sum(nodes for _, nodes in early)
    assert sum(a == b[0] for a, b in zip(full, dropping)) >= 20


def test_a_node_budget_stops_after_its_least_worlds_for_the_seats_it_binds():
    hands = deals(6, 2, seed=9)
    levers = SAME_EVERYWHERE | BEST_ONLY
    tiny = 1 << BUDGET_SHIFT  # a thousand nodes: a six-seat first lead spends them in a world
    for d in range(2):
        assert choose(hands, d, 6, 12, levers | tiny) == choose(hands, d, 6, BUDGET_MIN_WORLDS, levers)
        two = 2 << BUDGET_FLOOR_SHIFT  # the budget may stop after two worlds instead
        assert choose(hands, d, 6, 12, levers | tiny | two) == choose(hands, d, 6, 2, levers)
        other_seats = 0b111110 << BUDGET_SEATS_SHIFT  # seat 0 plays without it
        assert choose(hands, d, 6, 12, levers | tiny | other_seats) == choose(hands, d, 6, 12, levers)


def test_six_seat_playouts_with_early_stops_and_budgets_do_not_depend_on_threads():
    hog = deals(6, 2, seed=11)
    hog[:, 2] = hog[:, 4] = 0  # a Hog: seat 0 alone against seats 1, 3 and 5
    level = deals(6, 2, seed=12)  # every seat plays: the first tricks reach the node budget
    before = numba.get_num_threads()
    try:
        runs = []
        for threads in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
            numba.set_num_threads(threads)
            runs.append(
                (
                    play_deals(hog, HEARTS, 0, 1, 0b101011, "pimc", seed=4, worlds=20).tolist(),
                    play_deals(level, HEARTS, 0, 1, 0b111111, "pimc", seed=4, worlds=20).tolist(),
                )
            )
    finally:
        numba.set_num_threads(before)
    assert runs[0] == runs[1]


def test_the_leading_card_when_every_total_is_negative():
    # a seat that plays for points and loses them whatever it plays (a defence against a
    # sure make): the card that loses the fewest still leads, and the early stop judges
    # the rivals against it
    worth = (np.arange(25, dtype=np.int64) - 4) * (1 << 20) + np.arange(25)  # points then tricks
    legal = np.uint64(0b101)  # two cards: positions 0 and 1
    n = MIN_WORLDS
    low = np.zeros((n, 24), np.int64)
    high = np.zeros((n, 24), np.int64)
    low[:, 0] = high[:, 0] = 1  # -3 points a world
    low[:, 1] = high[:, 1] = 2  # -2 points a world: the better card
    assert leading_card(legal, low, high, n, worth, ALIKE) == 2
    left, lead = contenders(legal, low, high, n, worth, float(1 << 20), ALIKE)
    assert lead == 2 and leads_alone(left, lead)
