"""Single-dummy rollouts: a candidate card valued by playing the rest of the deal with
PIMC for every seat, from a position in the middle of a hand (``best-card --rollout
pimc``).

``best-card`` deals the worlds of the cards its player cannot see
(:func:`deal_worlds`, kernels.proposal.deal_proposed_worlds: the same worlds, in the same order,
from the same stream as kernels.pimc.pimc_values and kernels.proposal.proposal_values
deal them, so a rollout and the double-dummy values are paired world by world).  In
each world, :func:`rollout_values` plays each candidate card, then every later card by
kernels.pimc_seat.pimc_card: each seat decides from its own knowledge (a
kernels.pimc.PimcTable: its hand, the cards played and by whom, the voids shown, the
cards it knows where they are), so no later card is chosen by a seat that sees the
hidden cards.  The value of a candidate in a world is the tricks the player's side
takes from the trick in progress on, as the double-dummy values count them.

Decision ``d`` (trick * seats + place, counted from the hand's first card) of world
``w`` draws from the stream ``(seed, SALT_PIMC + d, w)``, the same for every candidate
of the world (common random numbers: the candidates' difference is sharper), and every
(world, candidate) rollout has its own table and buffers, so the values do not depend
on the threads.
"""

import numpy as np

from .bits import popcount
from .jit import njit, prange
from .pimc import MAX_REDEALS, pimc_table, sample_world
from .play import play_from
from .rankings import ONE, ZERO


@njit(cache=True)
def deal_worlds(state, view, n_seats, denom, worlds, stats, out):
    """``out[k]``: world ``k`` of ``worlds`` (contract space) exactly as
    kernels.pimc.pimc_values deals it from ``state`` (its play-evidence weights into
    ``view.evidence.weights``), without solving it.  Returns the state."""
    redeals = MAX_REDEALS
    for k in range(worlds):
        state, starved = sample_world(state, view, n_seats, denom, out[k], stats, redeals)
        if starved:
            redeals = 0  # as pimc_values: count the rest of the decision's worlds
        if view.evidence.weights.shape[0] >= worlds:  # as pimc_values
            view.evidence.weights[k] = view.evidence.tally[0]
    return state


@njit(cache=True)
def roll_out(world, candidate, viewer, pimc, n_seats, active, denom, plays, voids, first_trick):
    """The tricks ``viewer``'s side takes from the trick in progress on when it plays
    ``candidate`` (contract space) in ``world`` (its hands now, contract space; emptied)
    and every later card is PIMC's (``pimc``, a fresh kernels.pimc.PimcTable of the
    world), played by kernels.play.play_from.  ``plays`` are the rows (seat, card)
    played so far, the last of them the trick in progress; ``voids`` the voids they
    showed; ``first_trick`` the number of finished tricks."""
    played = ZERO
    for r in range(plays.shape[0]):  # what every seat saw played, and by whom
        bit = ONE << np.uint64(plays[r, 1])
        played |= bit
        pimc.played_by[plays[r, 0]] |= bit
        pimc.plays[r, 0] = plays[r, 0]
        pimc.plays[r, 1] = plays[r, 1]
    place = plays.shape[0] - first_trick * popcount(np.uint64(active))  # cards of the trick in progress
    trick_plays = plays[plays.shape[0] - place :]
    leader = trick_plays[0, 0] if place > 0 else viewer
    tricks = popcount(world[viewer])  # left to play, the trick in progress included
    record = np.empty((8, n_seats + 1), np.int64)
    team0, _ = play_from(
        world,
        n_seats,
        active,
        denom,
        -1,
        None,
        ZERO,
        record,
        pimc,
        played,
        voids.copy(),
        first_trick,
        leader,
        trick_plays,
        candidate,
    )
    return team0 if viewer & 1 == 0 else tricks - team0


@njit(parallel=True, cache=True)
def rollout_values(
    worlds,
    viewer,
    candidates,
    known,
    gone,
    n_seats,
    active,
    denom,
    plays,
    voids,
    won,
    first_trick,
    check,
    lengths,
    goal,
    play,
    rollout_worlds,
    seed,
    first_index,
    tt_bits,
    levers,
    values,
):
    """``values[k, candidate >> 1]``: the tricks ``viewer``'s side takes from here in world
    ``k`` (``worlds[k]``, contract space) after it plays each of ``candidates`` (contract
    space), every later card by PIMC over ``rollout_worlds`` worlds a decision
    (:func:`roll_out`).  What each seat knows beyond its hand and the play: ``known[v, o]``
    and ``gone[v]`` (face space, as kernels.pimc.pimc_table takes them); ``won`` each
    team's finished tricks; ``check``, ``lengths``, ``goal``, ``play`` and ``levers`` as
    kernels.play.play_pimc_many takes them.  World ``k`` draws its decisions from the
    streams of deal ``first_index + k``."""
    count = worlds.shape[0]
    m = candidates.shape[0]
    for task in prange(count * m):
        k = task // m
        c = task % m
        hands = worlds[k].copy()
        pimc = pimc_table(
            known,
            gone,
            hands,
            denom,
            rollout_worlds,
            seed,
            first_index + k,
            tt_bits,
            check,
            lengths,
            goal,
            play,
            levers,
        )
        pimc.won[0] = won[0]
        pimc.won[1] = won[1]
        values[k, candidates[c] >> 1] = roll_out(
            hands, candidates[c], viewer, pimc, n_seats, active, denom, plays, voids, first_trick
        )
