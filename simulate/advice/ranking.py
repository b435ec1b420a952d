"""Candidate cards valued in the same worlds: ranked by points, with honest ties.

``best-card``, ``best-discard``, ``best-gift`` and ``grade`` value every candidate card
in the same sampled worlds.  This module turns each world's trick count into the
player's side's net points for the hand under the variant's scoring table (make, march,
euchre, level bids, Pig, Hog, Alone: :func:`..rules.scoring.net_points`), ranks the
candidates by expected net points, and says which of them cannot be told apart from the
best.  With the game's score (:func:`win_chances`) each world's points become the
chance that the player's team wins the game from the score they leave (the shipped
match-equity table), and candidates are ranked by that instead: a point that wins the
game is worth more than one that does not.

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

from ..games.shipped_equity import load_equity, p_win_after
from ..kernels.rankings import POSITION
from ..rules.cards import format_card
from ..rules.scoring import net_points, team_points
from ..rules.variants import RulesError
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
    behind: float = 0.0  # the best-valued card's value minus this card's, mean over worlds
    behind_half_width: float = 0.0
    equal_to_best: bool = True  # within that interval (or the same in every world)
    p_win: float | None = None  # with a score: P(the player's team wins the game), the ranking
    p_win_half_width: float | None = None


def side_points(variant, contract, side_tricks: np.ndarray, ours: bool) -> np.ndarray:
    """Per world, the player's side's points minus the other side's, when the player's
    side takes ``side_tricks`` (``ours``: the player is on the bidder's side)."""
    size = variant.hand_size
    bidder_tricks = side_tricks if ours else size - side_tricks
    net = net_points(variant, contract, bidder_tricks).astype(np.float64)
    return net if ours else -net


def effective_worlds(weights) -> float:
    """The effective sample size of worlds with ``weights``: (sum w)^2 / sum w^2 (0 when
    every weight is 0)."""
    weights = np.asarray(weights, np.float64)
    square = float(np.square(weights).sum())
    return float(weights.sum() ** 2 / square) if square > 0 else 0.0


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


def win_chances(variant, contract, seat: int, bidder: int, dealer, score, ours: bool):
    """With the game's ``score`` (the player's team's points, the other team's): a function
    from the player's side's tricks in each world to P(the player's team wins the game)
    after the hand (:func:`..games.shipped_equity.p_win_after`), or None without a score."""
    if score is None:
        return None
    if dealer is None:
        raise RulesError("--score needs --dealer: who deals next decides the chance of winning")
    table = load_equity(variant)
    if table is None:
        raise RulesError(
            f"--score: no match-equity table ships for {variant}; give the variant's default options"
        )
    size = variant.hand_size

    def chances(side_tricks):
        side_tricks = np.asarray(side_tricks, np.int64)
        bidding, defending = team_points(variant, contract, side_tricks if ours else size - side_tricks)
        us, them = (bidding, defending) if ours else (defending, bidding)
        return p_win_after(table, variant, seat, dealer, np.full(side_tricks.shape, bidder), us, them, score)

    return chances


def rank_candidates(
    variant, contract, faces, side_totals, ours: bool, weights=None, win=None
) -> list[CardValue]:
    """Each candidate's :class:`CardValue`, the advice first.  ``side_totals[k]`` holds the
    player's side's tricks for the whole hand in each world after ``faces[k]``; world
    ``j`` counts ``weights[j]`` times (None: every world once), its intervals over the
    effective sample size.  ``win`` (:func:`win_chances`), when given, makes P(win) the
    value ranked instead of points.

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
    chances = None if win is None else [win(total) for total in side_totals]
    values = points if chances is None else chances
    means = [_mean_and_half_width(v, weights)[0] for v in values]
    tricks = [_mean_and_half_width(total, weights)[0] for total in side_totals]
    strength = [int(POSITION[contract.denom, face]) for face in faces]
    top = max(range(len(faces)), key=lambda k: (means[k], tricks[k], -strength[k]))
    rows = []
    for k, (face, total, own) in enumerate(zip(faces, side_totals, points)):
        total = np.asarray(total, np.int64)
        bidder_tricks = total if ours else size - total
        makes = bidder_tricks >= needed
        if weights is None:
            p_make = int(np.count_nonzero(makes)) / total.size
            low, high = wilson_interval(int(np.count_nonzero(makes)), total.size)
        else:  # Wilson over the effective sample size
            # the makes' own weights summed: every world making gives exactly 1
            p_make = min(1.0, float(weights[makes].sum() / weights.sum()))
            worlds = effective_worlds(weights)
            low, high = wilson_interval(p_make * worlds, worlds)
        behind, margin = _mean_and_half_width(values[top] - values[k], weights)
        p_win = p_win_half_width = None
        if chances is not None:
            p_win, p_win_half_width = _mean_and_half_width(chances[k], weights)
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
                p_win=p_win,
                p_win_half_width=p_win_half_width,
            )
        )
    rank = {id(row): k for k, row in enumerate(rows)}
    advice = rows[top]

    def order(row):
        return (
            row is not advice,
            not row.equal_to_best,
            -row.mean_points if row.p_win is None else -row.p_win,
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


def without_unscored(advice: dict) -> dict:
    """An advice's JSON fields without the P(win) ones when no score was given (the
    output of a question without a score is what it always was)."""
    if advice.get("score") is None:
        advice.pop("score", None)
        for card in advice["cards"]:
            card.pop("p_win")
            card.pop("p_win_half_width")
    return advice


__all__ = [
    "CardValue",
    "effective_worlds",
    "rank_candidates",
    "side_points",
    "unsettled",
    "win_chances",
    "without_unscored",
]
