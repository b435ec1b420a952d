"""Dealing: completing known hands with unseen cards, deal ``i`` of a run a pure function
of ``(seed, i)``."""

import numpy as np

from .bits import SALT_DEAL, next_random, stream_state
from .jit import njit, prange
from .tables import ONE


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
