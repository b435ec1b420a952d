"""Worlds dealt on purpose for a rare bid: the bidder's trumps drawn from a proposal,
each world weighted back to the uniform deal (``best-card`` against a loner, a Hog or a Pig).

A lone bidder holds many trumps, so uniform worlds seldom give it a hand that bids as it
did, and :func:`..pimc.sample_world`'s rejection gives up after ``MAX_AUCTION_TRIES``
deals (the world is kept unmatched).  Here, at each try, the number ``k`` of trumps the
bidder draws from the cards left is drawn from a proposal ``r(k) = (h(k) + u(k)) / 2``:
``h(k)`` is the exact chance of ``k`` in a uniform world (the counting plan's deals with
the bidder drawing exactly ``k`` trumps, over all of them: the hypergeometric law when
no seat showed a void), ``u`` uniform over the ``k`` some world allows.  The rest of the
world is dealt uniformly given ``k`` (:func:`..pimc.counted_world`, the bidder a level
that draws exactly ``k``), the auction and the suit lengths are tested as in
sample_world, and the world kept carries the importance weight ``h(k) / r(k)``, at most
2.  Kept worlds follow ``r`` restricted to the deals that explain the auction; weighted,
they are exactly the uniform worlds that explain it (self-normalised importance
sampling), and the weights' effective sample size says what they cost.  Every ``k``
with a deal has ``r(k) > 0``, so no consistent world is left out.

Unequal weights cost worlds, so a pilot (:func:`least_trumps`) first finds the least ``k``
whose worlds explain the bid and the proposal then deals in proportion to ``h`` from
there up (and a tenth in proportion to ``h`` everywhere): the kept worlds from there up
all weigh the same.  dealing.trump_proposal does the same for whole deals.
"""

import numpy as np

from .bits import next_unit
from .evidence import play_explains
from .jit import njit
from .pimc import (
    MAX_AUCTION_TRIES,
    counted_world,
    counting_plan,
    lengths_match,
    suit_counts,
    world_fits,
    world_start,
    world_values,
)
from .rankings import TRUMP
from .world_auction import auction_heard, auction_matches, unexplained_chance


@njit(cache=True)
def trump_strata(view, n_seats, denom, bidder, world):
    """What every world of the decision shares when ``bidder``'s trumps are drawn on
    purpose: ``(need, left, base, strides, voided, levels, ways, chance, cumulative,
    weight)``, world_start's need, cards left and base, the counting plans of each
    stratum ``k`` (``ways[k]``: the bidder draws exactly ``k`` trumps of those left),
    ``chance[k]`` = h(k), the proposal's cumulative r and ``weight[k]`` = h(k) / r(k)."""
    need, _, left, base = world_start(view, n_seats, denom, world)
    trump = TRUMP[denom]
    top = min(suit_counts(left, denom)[trump], need[bidder])
    first = counting_plan(left, need, view.voids, view.viewer, n_seats, denom, bidder, trump, 0)
    strides, voided, levels = first[0], first[1], first[2]
    ways = np.zeros((top + 1, first[3].shape[0], first[3].shape[1]), np.float64)
    ways[0] = first[3]
    for k in range(1, top + 1):
        ways[k] = counting_plan(left, need, view.voids, view.viewer, n_seats, denom, bidder, trump, k)[3]
    deals = ways[:, 0, ways.shape[2] - 1].copy()
    total = deals.sum()
    chance = deals / total if total > 0.0 else deals
    allowed = 0
    for k in range(top + 1):
        if deals[k] > 0.0:
            allowed += 1
    proposal = np.zeros(top + 1, np.float64)
    weight = np.zeros(top + 1, np.float64)
    for k in range(top + 1):
        if deals[k] > 0.0:
            proposal[k] = 0.5 * chance[k] + 0.5 / allowed
            weight[k] = chance[k] / proposal[k]
    return need, left, base, strides, voided, levels, ways, chance, np.cumsum(proposal), weight


# Tries of the pilot that finds the least trump count whose worlds explain the bid.
PILOT_TRIES = 512


@njit(cache=True)
def least_trumps(state, view, n_seats, denom, bidder):
    """The pilot: the least count of trumps drawn among ``PILOT_TRIES`` worlds of the
    first proposal that explain the bid (-1: none did)."""
    world = np.empty(n_seats, np.uint64)
    strata = trump_strata(view, n_seats, denom, bidder, world)
    need, left, base, strides, voided, levels, ways, _, cumulative, weight = strata
    check = view.check
    level_row = np.empty((6, check.bid_grid.shape[-1]), np.float64)
    order_row = np.empty(check.round1.shape[-1], np.float64)
    call_rows = np.empty((5, check.round2.shape[-1]), np.float64)
    trump = TRUMP[denom]
    least = -1
    for _ in range(PILOT_TRIES):
        state, u = next_unit(state)
        k = stratum(u, cumulative, weight)
        if least >= 0 and k >= least:
            continue  # it could not lower the least count found
        plan = (strides, voided, levels, ways[k], bidder, trump, k)
        state = counted_world(state, left, need, view.voids, base, n_seats, denom, world, plan)
        if not lengths_match(world, view.played_by, view.viewer, denom, view.lengths):
            continue
        if check.exchanger >= 0 and check.exchanger != view.viewer:
            # the Pig or Alone bidder: every way it may have been dealt is costly to try
            # where none explains the bid, so the pilot, which only points the proposal,
            # asks one drawn way as the worlds' own test does
            state, fits = auction_heard(
                state, world, view.played_by, view.viewer, denom, check, level_row, order_row, call_rows
            )
        else:
            fits = auction_matches(
                world, view.played_by, view.viewer, denom, check, level_row, order_row, call_rows
            )
        if fits:
            least = k
    return least


@njit(cache=True)
def focused(chance, cumulative, weight, least):
    """The proposal pointed at the trump counts from ``least`` up (the pilot's finding):
    ``r = 0.9 h 1[k >= least] / h(k >= least) + 0.1 h``, under which every kept world
    from ``least`` up has the same weight (none is lost to weighting) and every ``k``
    keeps ``r > 0``.  Returns (the proposal's cumulative, the weights h / r); unchanged
    when ``least`` is 0 or none was found."""
    share = 0.0
    for k in range(max(least, 0), chance.shape[0]):
        share += chance[k]
    if least <= 0 or share <= 0.0:
        return cumulative, weight
    proposal = 0.1 * chance
    focus = np.zeros_like(weight)
    for k in range(chance.shape[0]):
        if k >= least:
            proposal[k] += 0.9 * chance[k] / share
        if proposal[k] > 0.0:
            focus[k] = chance[k] / proposal[k]
    return np.cumsum(proposal), focus


@njit(cache=True)
def stratum(u, cumulative, weight):
    """The stratum a uniform ``u`` draws from the proposal's ``cumulative``: the first
    with ``u`` below its bound, never one without a deal (rounding at the top end)."""
    k = 0
    while k < cumulative.shape[0] - 1 and u >= cumulative[k]:
        k += 1
    while k > 0 and weight[k] == 0.0:
        k -= 1
    return k


@njit(cache=True)
def proposed_world(state, view, n_seats, denom, world, stats, bidder, strata, rows):
    """Deal one world into ``world`` (contract space) as the module notes say, counted in
    ``stats`` as sample_world counts (``stats[3]`` worlds, ``stats[4]`` deals dealt for
    them, ``stats[2]`` kept after MAX_AUCTION_TRIES without explaining the auction).
    The play evidence (``view.evidence``) is tested last, as sample_world tests it, with
    its reserve world (the last that explains all but the play).
    Returns (state, the world's weight: importance times the play evidence's)."""
    need, left, base, strides, voided, levels, ways, _, cumulative, weight = strata
    level_row, order_row, call_rows = rows
    trump = TRUMP[denom]
    stats[3] += 1
    k = 0
    spare = np.empty(n_seats, np.uint64)
    spare_k = -1  # the stratum of the reserve world; -1: none yet
    for attempt in range(MAX_AUCTION_TRIES):
        state, u = next_unit(state)
        k = stratum(u, cumulative, weight)
        plan = (strides, voided, levels, ways[k], bidder, trump, k)
        state = counted_world(state, left, need, view.voids, base, n_seats, denom, world, plan)
        stats[4] += 1
        state, fits = world_fits(state, world, view, denom, level_row, order_row, call_rows)
        if fits:
            last_try = attempt == MAX_AUCTION_TRIES - 1
            if play_explains(world, view.viewer, n_seats, denom, view.evidence, last_try):
                # the importance weight times the play evidence's (kernels.evidence: 1 unless soft)
                return state, weight[k] * view.evidence.tally[0]
            spare[:] = world
            spare_k = k
    if spare_k >= 0:  # no try explained the play too: the last that explained the rest, softly
        world[:] = spare
        play_explains(world, view.viewer, n_seats, denom, view.evidence, True)
        return state, weight[spare_k] * view.evidence.tally[0]
    stats[2] += 1
    # a world that fits nothing: its importance weight times the auction's soft chance
    chance = unexplained_chance(
        world, view.played_by, view.viewer, denom, view.check, level_row, order_row, call_rows
    )
    return state, weight[k] * chance


@njit(cache=True)
def proposal_values(
    state,
    view,
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
    bidder,
    least,
    weights,
):
    """kernels.pimc.pimc_values with ``bidder``'s trumps drawn on purpose, the proposal
    pointed at ``least`` trumps and up (:func:`least_trumps`, :func:`focused`): ``values``
    as there, and ``weights[k]`` the importance weight of world ``k`` (:func:`proposed_world`).
    Returns (state, the next free table generation)."""
    viewer, own = view.viewer, view.own
    world = np.empty(n_seats, np.uint64)
    deal = np.empty(n_seats, np.uint64)
    strata = trump_strata(view, n_seats, denom, bidder, world)
    check = view.check
    rows = (
        np.empty((6, check.bid_grid.shape[-1]), np.float64),
        np.empty(check.round1.shape[-1], np.float64),
        np.empty((5, check.round2.shape[-1]), np.float64),
    )
    cumulative, weight = focused(strata[7], strata[8], strata[9], least)
    strata = strata[:8] + (cumulative, weight)
    for k in range(worlds):
        state, weights[k] = proposed_world(state, view, n_seats, denom, world, stats, bidder, strata, rows)
        world_values(
            world, deal, viewer, own, denom, leader, active, trick, buffers, generation, stats, values, k
        )
    return state, generation + 1


@njit(cache=True)
def deal_proposed_worlds(state, view, n_seats, denom, worlds, stats, out, bidder, least, weights):
    """``out[k]`` and ``weights[k]``: world ``k`` of ``worlds`` (contract space) and its
    weight exactly as :func:`proposal_values` deals them (``bidder``'s trumps drawn on
    purpose, the proposal pointed at ``least`` trumps and up; -1: not pointed), without
    solving.  Returns the state."""
    strata = trump_strata(view, n_seats, denom, bidder, np.empty(n_seats, np.uint64))
    check = view.check
    rows = (
        np.empty((6, check.bid_grid.shape[-1]), np.float64),
        np.empty(check.round1.shape[-1], np.float64),
        np.empty((5, check.round2.shape[-1]), np.float64),
    )
    cumulative, weight = focused(strata[7], strata[8], strata[9], least)
    strata = strata[:8] + (cumulative, weight)
    for k in range(worlds):
        state, weights[k] = proposed_world(state, view, n_seats, denom, out[k], stats, bidder, strata, rows)
    return state
