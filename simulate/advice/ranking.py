"""Candidate cards valued in the same worlds: ranked by points, with honest ties.

``best-card``, ``best-discard``, ``best-gift`` and ``grade`` value every candidate card
in the same sampled worlds.  This module turns each world's trick count into the
player's side's net points for the hand under the variant's scoring table (make, march,
euchre, level bids, Pig, Hog, Alone: :func:`..rules.scoring.net_points`), ranks the
candidates by expected net points, and says which of them cannot be told apart from the
best.

Ties.  A candidate whose paired difference from the best-valued card (the same worlds
for both) is within its 95% interval is shown as equal to it; so is one that gives the
same points in every world.  The advice is still the card with the most points on
average, the best guess the worlds give.  Among cards with exactly the same average
(most often cards that score alike in every world) it is the one that takes more
tricks on average, a margin the scoring did not need in these worlds but may in
others; and among cards alike in that too (touching honours), the lowest in the
contract's order, so the higher ones stay in hand.  When cards are equal
on the worlds sampled but not identical in every world, more worlds may separate them:
:func:`unsettled` says so, and the callers sample more, up to a cap.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..kernels.rankings import POSITION
from ..rules.cards import format_card
from ..rules.scoring import net_points
from ..stats import Z95, mean_half_width, wilson_interval


@dataclass(frozen=True)
class CardValue:
    """One candidate over the worlds: the player's side's net points for the hand (the
    ranking), its tricks and P(the bidder's side makes the contract), each with its 95%
    interval (normal for means, Wilson for P), and how far it is behind the best-valued
    candidate, paired over the same worlds."""

    card: str
    mean_points: float
    points_half_width: float
    mean_tricks: float
    tricks_half_width: float
    p_make: float
    p_make_low: float
    p_make_high: float
    behind: float = 0.0  # the best-valued card's points minus this card's, mean over worlds
    behind_half_width: float = 0.0
    equal_to_best: bool = True  # within that interval (or the same in every world)


def side_points(variant, contract, side_tricks: np.ndarray, ours: bool) -> np.ndarray:
    """Per world, the player's side's points minus the other side's, when the player's
    side takes ``side_tricks`` (``ours``: the player is on the bidder's side)."""
    size = variant.hand_size
    bidder_tricks = side_tricks if ours else size - side_tricks
    net = net_points(variant, contract, bidder_tricks).astype(np.float64)
    return net if ours else -net


def effective_worlds(weights) -> float:
    """The effective sample size of worlds with ``weights``: (sum w)^2 / sum w^2."""
    weights = np.asarray(weights, np.float64)
    return float(weights.sum() ** 2 / np.square(weights).sum())


def _mean_and_half_width(values, weights) -> tuple[float, float]:
    """The mean of ``values`` and its 95% half-width, each world counting ``weights``
    times (None: once); weighted, the half-width is over the effective sample size."""
    values = np.asarray(values, np.float64)
    if weights is None:
        return float(values.mean()), float(mean_half_width(values))
    share = weights / weights.sum()
    mean = float(share @ values)
    spread = float(share @ np.square(values - mean))
    size = effective_worlds(weights)
    if size <= 1.0:
        return mean, 0.0
    return mean, Z95 * math.sqrt(spread * size / (size - 1.0) / size)


def rank_candidates(variant, contract, faces, side_totals, ours: bool, weights=None) -> list[CardValue]:
    """Each candidate's :class:`CardValue`, the advice first.  ``side_totals[k]`` holds the
    player's side's tricks for the whole hand in each world after ``faces[k]``; world
    ``j`` counts ``weights[j]`` times (None: every world once), its intervals over the
    effective sample size.

    Order: the advice (the most points; then the most tricks; then the lowest card),
    the other cards equal to it, then the rest; each group by expected points, then
    tricks, then P(make) for the bidder's side or against it for a defender, then in the
    contract's order.
    """
    size = variant.hand_size
    needed = contract.tricks_needed(size)
    if weights is not None:
        weights = np.asarray(weights, np.float64)
        if np.all(weights == weights[0]):
            weights = None  # every world alike: the plain means, to the last digit
    points = [side_points(variant, contract, np.asarray(total, np.int64), ours) for total in side_totals]
    means = [_mean_and_half_width(p, weights)[0] for p in points]
    tricks = [_mean_and_half_width(total, weights)[0] for total in side_totals]
    strength = [int(POSITION[contract.denom, face]) for face in faces]
    top = max(range(len(faces)), key=lambda k: (means[k], tricks[k], -strength[k]))
    rows = []
    for face, total, own in zip(faces, side_totals, points):
        total = np.asarray(total, np.int64)
        bidder_tricks = total if ours else size - total
        makes = bidder_tricks >= needed
        if weights is None:
            p_make = int(np.count_nonzero(makes)) / total.size
            low, high = wilson_interval(int(np.count_nonzero(makes)), total.size)
        else:  # Wilson over the effective sample size
            p_make = min(1.0, float(weights @ makes / weights.sum()))
            worlds = effective_worlds(weights)
            low, high = wilson_interval(p_make * worlds, worlds)
        behind, margin = _mean_and_half_width(points[top] - own, weights)
        mean_points, points_half_width = _mean_and_half_width(own, weights)
        mean_tricks, tricks_half_width = _mean_and_half_width(total, weights)
        rows.append(
            CardValue(
                card=format_card(face),
                mean_points=mean_points,
                points_half_width=points_half_width,
                mean_tricks=mean_tricks,
                tricks_half_width=tricks_half_width,
                p_make=p_make,
                p_make_low=float(low),
                p_make_high=float(high),
                behind=behind,
                behind_half_width=margin,
                equal_to_best=behind <= margin,
            )
        )
    rank = {id(row): k for k, row in enumerate(rows)}
    advice = rows[top]

    def order(row):
        return (
            row is not advice,
            not row.equal_to_best,
            -row.mean_points,
            -row.mean_tricks,
            -row.p_make if ours else row.p_make,
            strength[rank[id(row)]],
        )

    return sorted(rows, key=order)


def unsettled(rows: list[CardValue]) -> bool:
    """Are some cards equal to the advice (``rows[0]``) only for want of worlds?  Equal
    on the worlds sampled, yet different in some world, in points or in tricks (a trick
    the scoring did not need in these worlds may be a march or a euchre in others):
    more worlds may tell them apart."""
    advice = rows[0]
    return any(
        row.equal_to_best and (row.behind_half_width > 0 or row.mean_tricks != advice.mean_tricks)
        for row in rows[1:]
    )


__all__ = ["CardValue", "effective_worlds", "rank_candidates", "side_points", "unsettled"]
