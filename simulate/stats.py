"""Interval estimates for the analyser: Wilson 95% intervals and sequential precision.

A probability estimated from ``n`` independent deals is reported with its Wilson score
interval, which stays inside [0, 1] and behaves at p = 0 or 1 (a sure sweep over 1,000
deals still gets an honest upper bound on how often it could fail).  Expected points
are means of per-deal scores, reported with a normal-approximation 95% half-width.

``--precision`` deals in batches until every reported probability interval is narrower
than asked: :func:`deals_for_half_width` predicts how many deals the widest interval
needs and :func:`next_total` turns that into the next batch, never past the cap.
"""

from __future__ import annotations

import math

import numpy as np

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal


def wilson_interval(successes, trials, z: float = Z95):
    """Wilson score interval ``(low, high)`` for ``successes`` out of ``trials``.

    Works elementwise on arrays.  ``trials`` must be positive.

    >>> low, high = wilson_interval(0, 10)
    >>> round(float(low), 4), round(float(high), 4)
    (0.0, 0.2775)
    """
    successes = np.asarray(successes, dtype=np.float64)
    trials = np.asarray(trials, dtype=np.float64)
    if np.any(trials <= 0):
        raise ValueError("a Wilson interval needs at least one trial")
    if np.any((successes < 0) | (successes > trials)):
        raise ValueError("successes must lie between 0 and the number of trials")
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2.0 * trials)) / denominator
    spread = z * np.sqrt(p * (1.0 - p) / trials + z2 / (4.0 * trials * trials)) / denominator
    # The ends are exactly 0 at p = 0 and 1 at p = 1; pin them against rounding noise.
    low = np.where(successes == 0, 0.0, np.clip(centre - spread, 0.0, 1.0))
    high = np.where(successes == trials, 1.0, np.clip(centre + spread, 0.0, 1.0))
    return low, high


def wilson_half_width(successes, trials, z: float = Z95):
    """Half the width of the Wilson interval (what ``--precision`` bounds)."""
    low, high = wilson_interval(successes, trials, z)
    return (high - low) / 2.0


def deals_for_half_width(p: float, precision: float, z: float = Z95) -> int:
    """Fewest deals whose Wilson interval around a proportion ``p`` is narrower than ``precision``.

    The half-width falls as the deal count grows, so a doubling search then a bisection
    finds the smallest count exactly (for a proportion that stays at ``p``).
    """
    if not 0.0 < precision < 0.5:
        raise ValueError(f"precision {precision}: allowed is a half-width between 0 and 0.5")

    def narrow_enough(n: int) -> bool:
        return float(wilson_half_width(p * n, n, z)) < precision

    high = 1
    while not narrow_enough(high):
        high *= 2
    low = high // 2  # not narrow enough (or zero)
    while high - low > 1:
        middle = (low + high) // 2
        if narrow_enough(middle):
            high = middle
        else:
            low = middle
    return high


def next_total(current: int, needed: int, cap: int, min_batch: int) -> int:
    """Total deal count for the next sequential step, or ``current`` when it should stop.

    Deal at least ``min_batch`` more (a prediction from a noisy proportion can be a few
    deals short, and tiny batches waste the parallel solver), aim at ``needed``, and
    never pass ``cap``.
    """
    if current >= cap or needed <= current:
        return current
    return min(cap, max(needed, current + min_batch))


def mean_half_width(values, z: float = Z95) -> float:
    """95% half-width of the mean of ``values`` (normal approximation; 0 for one value)."""
    values = np.asarray(values, dtype=np.float64)
    n = values.shape[0]
    if n < 2:
        return 0.0
    return z * float(np.std(values, ddof=1)) / math.sqrt(n)
