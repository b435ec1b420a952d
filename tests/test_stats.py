"""Wilson intervals and the sequential --precision schedule."""

import numpy as np
import pytest

from euchre_mc.simulate.stats import (
    deals_for_half_width,
    mean_half_width,
    next_total,
    wilson_half_width,
    wilson_interval,
)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion",
# Statistics in Medicine 17, table II, method 3 (score interval without correction).
@pytest.mark.parametrize(
    "successes,trials,low,high",
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_interval_matches_published_values(successes, trials, low, high):
    got_low, got_high = wilson_interval(successes, trials)
    assert round(float(got_low), 4) == low
    assert round(float(got_high), 4) == high


def test_wilson_interval_of_a_sure_thing_reaches_one_and_is_symmetric():
    low, high = wilson_interval(1000, 1000)
    assert high == 1.0
    other_low, other_high = wilson_interval(0, 1000)
    assert other_low == 0.0
    assert low == pytest.approx(1.0 - other_high)


def test_wilson_interval_works_on_arrays():
    low, high = wilson_interval(np.array([0, 5, 10]), np.array([10, 10, 10]))
    assert low.shape == (3,) and np.all(low <= high)
    assert low[1] == pytest.approx(1.0 - high[1])


def test_wilson_interval_rejects_impossible_counts():
    with pytest.raises(ValueError):
        wilson_interval(11, 10)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_deals_for_half_width_is_the_smallest_count_that_is_narrow_enough():
    n = deals_for_half_width(0.5, 0.01)
    assert wilson_half_width(0.5 * n, n) < 0.01
    assert wilson_half_width(0.5 * (n - 1), n - 1) >= 0.01
    # the textbook normal approximation z^2 p(1-p) / h^2 is within a few deals here
    assert abs(n - 1.959963984540054**2 * 0.25 / 0.01**2) < 10


def test_a_certain_outcome_needs_far_fewer_deals_than_a_coin_flip():
    assert deals_for_half_width(1.0, 0.01) < deals_for_half_width(0.5, 0.01) / 20


def test_deals_for_half_width_rejects_a_precision_outside_0_to_half():
    with pytest.raises(ValueError, match="precision"):
        deals_for_half_width(0.5, 0.0)


def test_next_total_aims_at_the_need_with_a_minimum_step_and_stops_at_the_cap():
    assert next_total(500, 2000, 10_000, 250) == 2000
    assert next_total(500, 520, 10_000, 250) == 750
    assert next_total(500, 50_000, 10_000, 250) == 10_000
    assert next_total(10_000, 50_000, 10_000, 250) == 10_000
    assert next_total(3000, 2000, 10_000, 250) == 3000


def test_mean_half_width_of_a_known_sample():
    values = np.array([0.0, 2.0] * 50)  # standard deviation 1.005..., n = 100
    assert mean_half_width(values) == pytest.approx(1.959963984540054 * np.std(values, ddof=1) / 10)
    assert mean_half_width(np.array([3.0])) == 0.0
