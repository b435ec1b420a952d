"""Dealing: completing known hands with unseen cards, deal ``i`` of a run a pure function
of ``(seed, i)``; with suit-length constraints, by the counting plan of
:mod:`euchre_mc.simulate.dealing.constraints` (exactly uniform over the deals that fit)."""

import numpy as np

from .bits import SALT_DEAL, next_random, next_unit, stream_state
from .jit import njit, prange
from .rankings import ONE


@njit(cache=True)
def draw_cards(state, cards, top, hand, count):
    """``hand`` plus ``count`` cards drawn uniformly from ``cards[:top]`` by a partial
    Fisher-Yates (each card drawn moves past the shrinking ``top``, so any order of
    ``cards`` serves the next draw).  Returns (state, top, hand)."""
    for _ in range(count):
        state, pick = next_random(state, top)
        top -= 1
        card = cards[pick]
        cards[pick] = cards[top]
        cards[top] = card
        hand |= ONE << np.uint64(card)
    return state, top, hand


@njit(cache=True)
def draw_hands(state, cards, top, base, need, out):
    """``out[s] = base[s]`` plus ``need[s]`` cards drawn from ``cards[:top]``, seat by
    seat (:func:`draw_cards`).  Returns (state, top)."""
    for seat in range(base.shape[0]):
        state, top, hand = draw_cards(state, cards, top, base[seat], need[seat])
        out[seat] = hand
    return state, top


@njit(cache=True)
def pool_of(cards, left):
    """The first ``left[suit]`` cards of each suit's row of ``cards``, as one pool."""
    pool = np.empty(left.sum(), np.int64)
    top = 0
    for suit in range(4):
        for i in range(left[suit]):
            pool[top] = cards[suit, i]
            top += 1
    return pool


@njit(cache=True)
def deal_one(seed, index, fixed, need, pool, out):
    """Complete one deal: ``out[s] = fixed[s]`` plus ``need[s]`` cards drawn from ``pool``.

    ``pool`` holds face-space bit indexes of the unseen cards; it is shuffled with the
    stream of deal ``index`` (a partial Fisher-Yates on a private copy).
    """
    draw_hands(stream_state(seed, SALT_DEAL, index), pool.copy(), pool.shape[0], fixed, need, out)


@njit(parallel=True, cache=True)
def deal_many(seed, first_index, count, fixed, need, pool):
    """Deals ``first_index .. first_index + count - 1`` as a (count, seats) uint64 array."""
    out = np.empty((count, fixed.shape[0]), np.uint64)
    for i in prange(count):
        deal_one(seed, first_index + i, fixed, need, pool, out[i])
    return out


@njit(cache=True)
def deal_constrained_one(
    seed, index, fixed, need, groups, group_size, seats, first, take, next_state, cumulative, out
):
    """One deal: the constrained ``seats`` draw suit counts by the plan, then their cards;
    every other seat draws ``need`` cards from what is left (``fixed`` cards kept)."""
    cards = groups.copy()
    left = group_size.copy()
    state = stream_state(seed, SALT_DEAL, index)
    for seat in range(fixed.shape[0]):
        out[seat] = fixed[seat]
    plan_state = 0
    for level in range(seats.shape[0]):
        state, u = next_unit(state)
        option = first[plan_state]
        while cumulative[option] <= u:
            option += 1
        seat = seats[level]
        hand = out[seat]
        for suit in range(4):
            state, left[suit], hand = draw_cards(state, cards[suit], left[suit], hand, take[option, suit])
        out[seat] = hand
        plan_state = next_state[option]
    pool = pool_of(cards, left)
    draw_hands(state, pool, pool.shape[0], out.copy(), need, out)


@njit(parallel=True, cache=True)
def deal_constrained_many(
    seed, first_index, count, fixed, need, groups, group_size, seats, first, take, next_state, cumulative
):
    """Deals ``first_index .. first_index + count - 1`` as a (count, seats) uint64 array."""
    out = np.empty((count, fixed.shape[0]), np.uint64)
    for i in prange(count):
        deal_constrained_one(
            seed,
            first_index + i,
            fixed,
            need,
            groups,
            group_size,
            seats,
            first,
            take,
            next_state,
            cumulative,
            out[i],
        )
    return out
