"""How a report writes a number for a person: counts as whole numbers (``4``, not
``4.000``), probabilities with enough digits that a small one is not ``0.000`` and a
near-certain one is not ``1.000``, and a missing value as an empty string.

Every text, Markdown and HTML table of the study reports formats its cells here
(:func:`cell`), so the CSV keeps full precision and every page shows the same digits.
"""

from __future__ import annotations

import math

import numpy as np

DIGITS = 3
"""Decimals of an ordinary probability or mean."""


def _missing(value) -> bool:
    return value is None or (isinstance(value, (float, np.floating)) and math.isnan(value))


def is_whole(value) -> bool:
    """A count or a feature value: an integer, or a float with nothing after the point."""
    if isinstance(value, (bool, np.bool_)):
        return False
    if isinstance(value, (int, np.integer)):
        return True
    return isinstance(value, (float, np.floating)) and math.isfinite(value) and float(value).is_integer()


def whole(value) -> str:
    """A whole number with thousands separators: ``115,560``."""
    return f"{int(value):,}"


def _decimals_for(small: float, digits: int) -> int:
    """Decimals that show ``small`` (> 0) with at least two significant digits, at least ``digits``."""
    return max(digits, 1 - math.floor(math.log10(small)))


def probability(p, digits: int = DIGITS) -> str:
    """A probability a reader can tell from zero and from one.

    >>> probability(46 / 115_560), probability(0.25), probability(0.99985), probability(0.0)
    ('0.00040', '0.250', '0.99985', '0')
    """
    if _missing(p):
        return ""
    p = float(p)
    if p in (0.0, 1.0):
        return str(int(p))
    decimals = digits
    if p < 10**-digits * 10:  # below 0.01: two significant digits, never 0.000
        decimals = _decimals_for(p, digits)
    elif 1 - p < 10**-digits * 10:  # above 0.99: never 1.000
        decimals = _decimals_for(1 - p, digits)
    return f"{p:.{decimals}f}"


def probability_in(p, width: int) -> str:
    """A probability right-aligned in a fixed-width text column: :func:`probability` when it
    fits, else three decimals with the extremes as ``<.001`` and ``>.999`` (never 0.000).

    >>> probability_in(0.0072, 7), probability_in(0.0072, 5), probability_in(0.0004, 5), probability_in(0, 5)
    (' 0.0072', '0.007', '<.001', '    0')
    """
    text = probability(p)
    if len(text) > width:
        p = float(p)
        text = "<.001" if p < 0.001 else ">.999" if p > 0.999 else f"{p:.{DIGITS}f}"
    return text.rjust(width)


def percent(share, digits: int = 1) -> str:
    """A share as a percentage with ``digits`` decimals, and enough more that a small
    share is not ``0.0%`` (two significant digits) nor a near-whole one ``100.0%``.

    >>> percent(143 / 400_000), percent(0.25), percent(0.05, 0), percent(0), percent(0.9996)
    ('0.036%', '25.0%', '5%', '0%', '99.960%')
    """
    if _missing(share):
        return ""
    share = float(share)
    if share in (0.0, 1.0):
        return f"{100 * share:.0f}%"
    decimals = digits
    if share < 0.01:  # below 1%: two significant digits, never 0.0%
        decimals = _decimals_for(100 * share, digits)
    elif share > 0.99:  # above 99%: never 100.0%
        decimals = _decimals_for(100 - 100 * share, digits)
    return f"{100 * share:.{decimals}f}%"


def decimal(value, digits: int = DIGITS) -> str:
    """A count or feature value as a whole number, anything else with ``digits`` decimals."""
    if _missing(value):
        return ""
    if is_whole(value):
        return whole(value)
    return f"{float(value):.{digits}f}"


def is_probability_column(column: str) -> bool:
    """Probabilities and their interval bounds: ``p_make``, ``ci_low``, ``p_march_alone``..."""
    return column.startswith(("p_", "ci_"))


def is_mean_column(column: str) -> bool:
    """Means of points and their bounds (``mean_net``, ``net_ci_low``, ``alone_gain``): always
    with decimals, so a mean of exactly 2 lines up with its column."""
    return "net" in column or "mean" in column or "gain" in column


def cell(column: str, value) -> str:
    """One table cell: by the column's kind, then by the value's."""
    if _missing(value):
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (float, np.floating, int, np.integer)) and not isinstance(value, (bool, np.bool_)):
        if is_probability_column(column):
            return probability(value)
        if is_mean_column(column):
            return f"{float(value):.{DIGITS}f}"
        return decimal(value)
    return str(value)


__all__ = ["cell", "decimal", "is_whole", "percent", "probability", "probability_in", "whole"]
