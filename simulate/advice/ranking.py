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

from dataclasses import dataclass

import numpy as np

from ..games.shipped_equity import load_equity, p_win_after
from ..kernels.rankings import POSITION
from ..rules.cards import format_card
from ..rules.scoring import net_points, team_points
from ..rules.variants import RulesError
from ..stats import mean_half_width, wilson_interval


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


def rank_candidates(variant, contract, faces, side_totals, ours: bool, win=None) -> list[CardValue]:
    """Each candidate's :class:`CardValue`, the advice first.  ``side_totals[k]`` holds the
    player's side's tricks for the whole hand in each world after ``faces[k]``; ``win``
    (:func:`win_chances`), when given, makes P(win) the value ranked instead of points.

    Order: the advice (the most points or P(win); then the most tricks; then the lowest
    card), the other cards equal to it, then the rest; each group by that value, then
    tricks, then P(make) for the bidder's side or against it for a defender, then in the
    contract's order.
    """
    size = variant.hand_size
    needed = contract.tricks_needed(size)
    points = [side_points(variant, contract, np.asarray(total, np.int64), ours) for total in side_totals]
    chances = None if win is None else [win(total) for total in side_totals]
    values = points if chances is None else chances
    means = [float(v.mean()) for v in values]
    tricks = [float(np.mean(total)) for total in side_totals]
    strength = [int(POSITION[contract.denom, face]) for face in faces]
    top = max(range(len(faces)), key=lambda k: (means[k], tricks[k], -strength[k]))
    rows = []
    for k, (face, total, own) in enumerate(zip(faces, side_totals, points)):
        total = np.asarray(total, np.int64)
        bidder_tricks = total if ours else size - total
        made = int(np.count_nonzero(bidder_tricks >= needed))
        low, high = wilson_interval(made, total.size)
        gap = values[top] - values[k]
        behind, margin = float(gap.mean()), float(mean_half_width(gap))
        rows.append(
            CardValue(
                card=format_card(face),
                mean_points=float(own.mean()),
                points_half_width=float(mean_half_width(own)),
                mean_tricks=float(total.mean()),
                tricks_half_width=float(mean_half_width(total)),
                p_make=made / total.size,
                p_make_low=float(low),
                p_make_high=float(high),
                behind=behind,
                behind_half_width=margin,
                equal_to_best=behind <= margin,
                p_win=None if chances is None else float(chances[k].mean()),
                p_win_half_width=None if chances is None else float(mean_half_width(chances[k])),
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


__all__ = ["CardValue", "rank_candidates", "side_points", "unsettled", "win_chances", "without_unscored"]
