"""A PIMC seat inside a playout: the card it plays at each turn (:func:`pimc_card`), from
the worlds it deals and the search that values them (:func:`pimc_choose`, with the
levers of kernels.pimc_choice, or every card's exact value when the play weighs the
worlds).

What the seat knows and how a world is dealt is kernels.pimc's.  One more rule lives
here: a bidder whose bid the worlds must explain, and which uniform worlds seldom
explain (a six-seat level bid, a Hog, a loner), has its trumps dealt on purpose, as
``best-card`` deals a lone bidder's (kernels.proposal), each world weighted back to the
uniform deal.  The seat first deals one world by rejection (:func:`rare_bidder`); when
that took more than ``RARE_BID_DEALS`` deals, the decision's worlds are dealt by the
proposal instead.  Either way the worlds are exactly those consistent with the bids
(weighted, with the proposal), and the choice is a pure function of the seed.
"""

import numpy as np

from .bits import SALT_PILOT, SALT_PIMC, lowest_bit, popcount, stream_state
from .contract import legal_cards, table_deck
from .dd.search import NONE, dd_leads
from .evidence import NO_PLAY, PLAY_EPS, PlayEvidence
from .jit import njit
from .pimc import (
    MAX_REDEALS,
    WORTH_UNIT,
    SeatView,
    best_mean_card,
    pimc_values,
    sample_world,
    side_points,
)
from .pimc_choice import (
    BEST_ONLY,
    DECISION_TABLE,
    DROP_BEHIND,
    EARLY_STOP,
    MIN_WORLDS,
    SAME_EVERYWHERE,
    SIDE_TABLE,
    budget_floor,
    contenders,
    decision_classes,
    leading_card,
    leads_alone,
    narrow,
    node_budget,
    world_bounds,
    world_position,
)
from .proposal import deal_proposed_worlds, least_trumps, proposal_values
from .rankings import ZERO

# A first world that took more deals than this to explain the bids: the decision's
# worlds are dealt with the bidder's trumps on purpose (the pilot alone deals 512).
RARE_BID_DEALS = 64
# Decision ``k``'s pilot draws from the stream ``(seed, SALT_PILOT + k, deal)``, its
# trial world from ``(seed, SALT_PILOT + TRIAL_SALT + k, deal)`` (k < 64).
TRIAL_SALT = 64


@njit(cache=True)
def rare_bidder(pimc, view, n_seats, denom, decision):
    """The seat whose trumps the decision's worlds deal on purpose, or -1: the declarer
    (``pimc.play[1]``), when it is not the viewer, the contract has a trump suit, the
    worlds test its bid, and one world dealt by rejection took more than
    ``RARE_BID_DEALS`` deals.  That trial world comes from a stream of its own and
    leaves no trace (``pimc.stats`` and the play evidence's tally are as before it): the
    decision's worlds are exactly uniform, or exactly weighted, whichever way it went,
    and when the bid is not rare they are the worlds the seat dealt without this rule."""
    declarer = pimc.play[1]
    if declarer == view.viewer or denom >= 4:
        return np.int64(-1)
    tested = False
    for row in range(view.check.bids.shape[0]):
        if view.check.bids[row, 0] == declarer:
            tested = True
    if not tested:
        return np.int64(-1)
    before, tally = pimc.stats.copy(), pimc.tally.copy()
    trial = np.empty(n_seats, np.uint64)
    state = stream_state(pimc.seed, SALT_PILOT + TRIAL_SALT + decision, pimc.index)
    sample_world(state, view, n_seats, denom, trial, pimc.stats, MAX_REDEALS)
    dealt = pimc.stats[4] - before[4]
    pimc.stats[:] = before
    pimc.tally[:] = tally
    return declarer if dealt > RARE_BID_DEALS else np.int64(-1)


@njit(cache=True)
def pimc_card(pimc, hands, played, voids, seat, n_seats, active, denom, leader, led_suit, trick, decision):
    """The card (contract space) ``seat`` plays by PIMC: decision ``decision`` of the
    deal, ``trick`` the faces played to the trick in progress from ``leader``."""
    legal = legal_cards(hands[seat], denom, led_suit)
    if (legal & ~(np.uint64(3) << np.uint64(lowest_bit(legal) & ~1))) == ZERO:
        return lowest_bit(legal)  # one face to play: nothing to decide
    counts, fixed = pimc.counts, pimc.fixed
    for o in range(n_seats):
        counts[o] = popcount(hands[o])
        fixed[o] = pimc.known[seat, o] & ~played
    pool = table_deck(n_seats) & ~hands[seat] & ~played & ~pimc.gone[seat]
    for o in range(n_seats):
        if o != seat:
            pool &= ~fixed[o]
    unseen = pool
    for o in range(n_seats):
        if o != seat:
            unseen |= fixed[o]
    state = stream_state(pimc.seed, SALT_PIMC + decision, pimc.index)
    pimc.tally[5] = 0.0  # a decision of its own: exact rejection starts afresh
    pimc.tally[6] = 0.0
    mode = pimc.play[0] if (pimc.play[2] >> seat) & 1 else NO_PLAY
    evidence = PlayEvidence(
        mode, PLAY_EPS, active, pimc.play[1], pimc.plays[: popcount(played)], pimc.weights, pimc.tally
    )
    view = SeatView(
        seat, hands[seat], counts, fixed, pool, voids, pimc.played_by, pimc.check, pimc.lengths, evidence
    )
    bidder = rare_bidder(pimc, view, n_seats, denom, decision)
    least = np.int64(-1)
    if bidder >= 0:
        pilot = stream_state(pimc.seed, SALT_PILOT + decision, pimc.index)
        least = least_trumps(pilot, view, n_seats, denom, bidder)
    points = pimc.points
    if pimc.goal.shape[0] > 0:
        points = side_points(pimc.goal, pimc.declarer_team, seat & 1, pimc.won[seat & 1], pimc.points)
    if mode == NO_PLAY:
        # every world weighs alike: ask the solver only which card is best (kernels.pimc_choice)
        worth = np.arange(25, dtype=np.int64)
        unit = 1.0
        if pimc.goal.shape[0] > 0:  # points first, then tricks: a strictly rising worth
            unit = float(WORTH_UNIT)
            for t in range(points.shape[0]):
                worth[t] = np.int64(round(points[t])) * WORTH_UNIT + t
        state, card, generation = pimc_choose(
            state,
            view,
            n_seats,
            active,
            denom,
            leader,
            legal,
            trick,
            unseen,
            pimc.worlds,
            pimc.buffers,
            pimc.generation[0],
            pimc.stats,
            pimc.levers,
            worth,
            unit,
            bidder,
            least,
        )
        pimc.generation[0] = generation
        return card
    # the play weighs the worlds: every card's exact value in each, then the best mean
    decision = (state, view, n_seats, active, denom, leader, trick, pimc.worlds)
    search = (pimc.buffers, pimc.generation[0], pimc.stats, pimc.values)
    if bidder >= 0:
        state, generation = proposal_values(*decision, *search, bidder, least, pimc.weights)
    else:
        state, generation = pimc_values(*decision, *search)
    pimc.generation[0] = generation
    return best_mean_card(legal, pimc.values, pimc.worlds, points, pimc.weights)


@njit(cache=True)
def pimc_choose(
    state,
    view,
    n_seats,
    active,
    denom,
    leader,
    legal,
    trick,
    unseen,
    worlds,
    buffers,
    generation,
    stats,
    levers,
    worth,
    unit,
    bidder=-1,
    least=-1,
):
    """The card (contract space) ``view.viewer`` plays among ``legal`` by PIMC over up to
    ``worlds`` worlds, dealt as kernels.pimc.pimc_values deals them (the same worlds in
    the same order), with the ``levers`` of kernels.pimc_choice; ``unseen`` are the cards
    another seat may hold.  A world's tricks ``t`` from here are worth ``worth[t]``
    (strictly rising: the side's points, then its tricks; ``unit`` worth a point, for the
    early-stopping rule).  With a ``bidder`` (not -1) the worlds are dealt as
    kernels.proposal.proposal_values deals them instead, that seat's trumps on purpose
    (the proposal pointed at ``least``), each with its weight.  Returns (state, card, the
    next free table generation)."""
    viewer = view.viewer
    if levers & SAME_EVERYWHERE and popcount(decision_classes(legal, unseen, trick, denom)) == 1:
        return state, lowest_bit(legal), generation
    if levers & SIDE_TABLE:
        generation = 1 + (viewer & 1)  # the side's one generation, kept for the whole playout
    low = np.zeros((max(worlds, 1), 24), np.int64)
    high = np.zeros((max(worlds, 1), 24), np.int64)
    kept = np.empty((max(worlds, 1), n_seats), np.uint64)
    weights = np.ones(max(worlds, 1), np.float64)
    if bidder >= 0:  # every world at once: their strata are worked out once
        state = deal_proposed_worlds(state, view, n_seats, denom, worlds, stats, kept, bidder, least, weights)
    values = np.empty(24, np.int64)
    redeals = MAX_REDEALS
    lead = np.int64(-1)
    n = 0
    asked = legal  # the cards still in contention (DROP_BEHIND), the others no longer probed
    budget = node_budget(levers, viewer)
    floor = budget_floor(levers)
    first_node = stats[0]
    for k in range(worlds):
        if bidder < 0:
            state, starved = sample_world(state, view, n_seats, denom, kept[k], stats, redeals)
            if starved:
                redeals = 0  # it would starve again: count the rest of the decision's worlds
        n = k + 1
        search, seat, first, winner_seat, winner_card, led_suit, played = world_position(
            kept[k], n_seats, denom, viewer, leader, active, trick, buffers, generation, stats
        )
        if levers & BEST_ONLY:
            guess = NONE  # the lead's value in the last world, where it was exact
            if k > 0 and lead >= 0 and low[k - 1, lead >> 1] == high[k - 1, lead >> 1]:
                guess = low[k - 1, lead >> 1]
            world_bounds(
                search,
                seat,
                first,
                winner_seat,
                winner_card,
                led_suit,
                played,
                lead,
                guess,
                asked,
                low[k],
                high[k],
            )
            lead = leading_card(asked, low, high, n, worth, weights)
        else:
            guess = NONE
            if k > 0:
                guess = low[k - 1, lowest_bit(legal) >> 1] + 1
            dd_leads(search, seat, first, winner_seat, winner_card, led_suit, played, values, guess)
            low[k] = values
            high[k] = values
        if not levers & (DECISION_TABLE | SIDE_TABLE):
            generation += 1  # the next world starts from an empty table
        if levers & EARLY_STOP and MIN_WORLDS <= n < worlds:
            left, lead = contenders(asked, low, high, n, worth, unit, weights)
            if leads_alone(left, lead):
                break  # the leader leads every other card beyond doubt
            if levers & DROP_BEHIND:
                asked = left
        if budget > 0 and floor <= n < worlds and stats[0] - first_node >= budget:
            break  # the decision's search is spent: choose among the worlds dealt
    card = narrow(
        asked,
        low,
        high,
        n,
        worth,
        weights,
        kept,
        n_seats,
        denom,
        viewer,
        leader,
        active,
        trick,
        buffers,
        generation,
        stats,
    )
    if levers & SIDE_TABLE:
        return state, card, generation
    return state, card, generation + 1
