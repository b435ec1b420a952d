"""From per-deal tricks to figures: contract estimates, net points and the best option.

:func:`estimate_contract` turns one contract's trick counts into P(make) with its Wilson
interval, the trick distribution and expected points; :func:`net_points` is the
bidding side's points minus the defenders' per deal; :func:`best_option` is the one rule
that picks the best option, the runner-up and the margin with its paired interval, for
the analyser's advice, the table stage and the should-i-bid verdicts alike.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

import numpy as np

from ..rules.contracts import (
    PASS,
    Contract,
)
from ..rules.scoring import net_points, team_points
from ..rules.variants import Variant
from ..stats import mean_half_width, wilson_interval
from .question import Question
from .results import (
    Advice,
    ContractEstimate,
)

NOTHING_TO_ADVISE = "no analysed contract is a legal bid here and passing is not allowed"


# --------------------------------------------------------------------------- the result


def estimate_contract(
    question: Question, contract: Contract, tricks: np.ndarray, legal: bool, discard: int | None
) -> ContractEstimate:
    """Estimates for one contract from its bidder-side trick counts on the main deals."""
    n = tricks.shape[0]
    size = question.hand_size
    made = int(np.count_nonzero(tricks >= contract.tricks_needed(size)))
    low, high = wilson_interval(made, n)
    bidders, defenders = team_points(question.variant, contract, tricks)
    classic = question.variant.classic
    return ContractEstimate(
        contract=contract,
        legal=legal,
        p_make=made / n,
        ci_low=float(low),
        ci_high=float(high),
        deals=n,
        mean_tricks=float(np.mean(tricks)),
        tricks=tuple((np.bincount(tricks, minlength=size + 1) / n).tolist()),
        ev=float(np.mean(bidders)),
        ev_defenders=float(np.mean(defenders)),
        ev_net=float(np.mean(bidders - defenders)),
        ev_net_ci=float(mean_half_width(bidders - defenders)),
        p_march=float(np.mean(tricks == size)) if classic else None,
        p_euchred=float(np.mean(tricks < contract.tricks_needed(size))) if classic else None,
        discard=discard,
    )


def bid_order(variant: Variant, bid) -> tuple[int, bool]:
    """How bids that score alike are ranked: the higher bid first (raising costs nothing
    on those deals and is harder to overcall), passing below every bid."""
    return (-1, False) if bid == PASS else (variant.rank(bid), bid.alone)


def best_bid(variant: Variant, bids, value):
    """The bid with the highest ``value(bid)``; ties go to the higher bid (:func:`bid_order`).

    The one rule that picks an advised bid, a runner-up and a verdict's best alternative."""
    return max(bids, key=lambda bid: (value(bid), bid_order(variant, bid)))


def paired_margin(ours: np.ndarray, theirs: np.ndarray) -> tuple[float, float]:
    """The mean per-deal difference of two options valued on the same deals, and its 95%
    half-width."""
    return float(np.mean(ours - theirs)), float(mean_half_width(ours - theirs))


@dataclass(frozen=True)
class Choice:
    """The best option of several valued deal by deal on the same deals, and its margin.

    ``equivalent``: the options whose values equal the best's on every deal; the margin
    (with its paired 95% half-width) is over the best of the rest, the ``runner_up``
    (None when every option is equivalent)."""

    best: Contract | str
    mean: float
    equivalent: tuple = ()
    runner_up: Contract | str | None = None
    runner_up_mean: float | None = None
    margin: float | None = None
    margin_ci: float | None = None


def choose_option(variant: Variant, values: dict) -> Choice:
    """The best of ``values`` (``{bid: per-deal values}``, in the order equivalents are
    listed) by mean value, ties to the higher bid, with its margin over the runner-up."""
    means = {bid: float(np.mean(deal_values)) for bid, deal_values in values.items()}
    best = best_bid(variant, means, means.get)
    equivalent = tuple(bid for bid in means if bid != best and np.array_equal(values[bid], values[best]))
    choice = Choice(best, means[best], equivalent)
    others = [bid for bid in means if bid != best and bid not in equivalent]
    if not others:
        return choice
    runner = best_bid(variant, others, means.get)
    _, half_width = paired_margin(values[best], values[runner])
    return replace(
        choice,
        runner_up=runner,
        runner_up_mean=means[runner],
        margin=means[best] - means[runner],
        margin_ci=half_width,
    )


def advise(
    question: Question, deal_tricks: dict[Contract, np.ndarray], legal: list[Contract], may_pass: bool
) -> Advice:
    """The legal bid with the best net expectation, and its margin over the runner-up.

    Among bids with the same best expectation the highest bid is advised (bids that
    score alike on every deal cost nothing to raise, and a higher bid is harder to
    overcall); bids that score the same on every deal are listed as equivalent, and the
    margin is taken over the best bid that is not.
    """
    values = {
        contract: net_points(question.variant, contract, deal_tricks[contract])
        for contract in question.contracts
        if contract in legal
    }
    if may_pass:
        values[PASS] = np.zeros(next(iter(deal_tricks.values())).shape[0], np.int64)
    if not values:
        return Advice(None, may_pass, reason=NOTHING_TO_ADVISE)
    choice = choose_option(question.variant, values)
    return Advice(
        choice.best,
        may_pass,
        ev_net=choice.mean,
        equivalent=choice.equivalent,
        runner_up=choice.runner_up,
        runner_up_ev_net=choice.runner_up_mean,
        margin=choice.margin,
        margin_ci=choice.margin_ci,
    )


class DealCounter:
    """Counts finished main deals for a ``progress(done, total)`` callback: the unit the
    user asked for, at the pace of the slow part of each step, so that the ETA holds.

    A step's deals advance as its slowest questions are answered (:meth:`share`): under
    dd the exact counts of the level contracts (six-seat solves, nearly all the time),
    not the sweep questions answered in a burst before them, and not the discard
    search (thousands of cheap sweeps ahead of the main deals, which would take the bar
    to 90% at once).  Safe to update from the solver's threads (the
    callback is called under a lock, so counts arrive in order).

    ``reserve(main_deals)`` is the part of the bar kept for the stage after the main
    deals (the options valued after the table's bids), in main-deal equivalents, so
    that the bar and its ETA do not reach the end while that stage still runs."""

    def __init__(self, progress, total: int, reserve=lambda main_deals: 0):
        self.progress = progress
        self.main = total
        self.reserve = reserve
        self.total = total + reserve(total)
        self.done = 0
        self.lock = threading.Lock()

    def share(self, deals: int, plays: int):
        """An ``update(count)`` for ``plays`` plays that stand for ``deals`` deals: the
        deals advance by the plays' share, and plays beyond ``plays`` (solved last, not
        plays of their own) add nothing."""
        finished = [0]

        def update(count: int) -> None:
            if self.progress is None:
                return
            with self.lock:
                before = finished[0] * deals // max(plays, 1)
                finished[0] = min(plays, finished[0] + count)
                self.done += finished[0] * deals // max(plays, 1) - before
                self.progress(self.done, self.total)

        return update

    def grow(self, extra: int) -> None:
        """More deals to come: a precision run dealt another batch."""
        if self.progress is not None:
            with self.lock:
                self.main += extra
                self.total = self.main + self.reserve(self.main)
                self.progress(self.done, self.total)
