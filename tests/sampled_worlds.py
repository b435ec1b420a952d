"""What the worlds PIMC samples hold, for the tests that check the sampler against every
world of a small position: how often each seat holds each unseen card, and the check
that those shares are the exact ones within their noise."""

import numpy as np

from euchre_mc.simulate.kernels.contract import to_contract
from euchre_mc.simulate.kernels.pimc import MAX_REDEALS, sample_world


def held_shares(view, n_seats: int, denom: int, seats, cards, n: int, seed: int):
    """({(seat, card): how many of ``n`` worlds sampled for ``view`` give ``seat`` the
    face-space bit ``card``}, the sampler's stats), the worlds drawn from stream ``seed``."""
    world = np.zeros(n_seats, np.uint64)
    stats = np.zeros(5, np.int64)
    state = np.uint64(seed)
    bits = {card: int(to_contract(np.uint64(1 << card), np.int64(denom))) for card in cards}
    seen = {(seat, card): 0 for seat in seats for card in cards}
    for _ in range(n):
        state, _ = sample_world(state, view, n_seats, denom, world, stats, MAX_REDEALS)
        state = np.uint64(state)
        for seat in seats:
            for card in cards:
                if int(world[seat]) & bits[card]:
                    seen[(seat, card)] += 1
    return seen, stats


def assert_exact_shares(seen, exact, n: int) -> None:
    """Each share of ``seen`` (of ``n`` worlds) within 4 standard errors of its ``exact``
    probability."""
    for key, p in exact.items():
        assert abs(seen[key] / n - p) <= 4 * np.sqrt(p * (1 - p) / n) + 1e-9, (key, seen[key] / n, p)
