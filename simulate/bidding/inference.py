"""What the auction says of the unseen hands: the deals that explain the bids.

Under the table model (:mod:`.table_model`) a bid says something of the bidder's hand
and a pass of the passer's.  :func:`sample_consistent` deals until enough deals explain
every earlier bid: exact inference keeps only the deals on which every seat would have
bid as it did (rejection, uniform among them); soft inference keeps each deal with
probability the bids' soft likelihood (:func:`..table_model.soft_weights`) over a
reference, so the deals kept are an unweighted sample of the weighted distribution.
Both are pure functions of the seed whatever the batch.  :func:`effective_sample_size`
is Kish's, for weighted deals.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..choices import INFERENCE_MODES
from ..kernels.bidding import SOFT_SCALE
from ..rules.auction import format_auction, legal_bids
from ..rules.contracts import format_bid
from ..rules.variants import RulesError, as_variant
from .table_model import PILOT_FIRST_INDEX, TableModel, matched_bids, soft_weights

DEFAULT_CAP = 20_000
DEFAULT_BATCH = 4096
# Soft inference keeps a deal with probability its likelihood over a reference, at
# first twice the largest likelihood among SOFT_PILOT_DEALS deals from PILOT_FIRST_INDEX
# (far from any deal kept), at most 1 (_sample_soft).  Only the likelihoods' ratios
# matter, so an auction that is unlikely from every hand (a first seat's pass in Pigs and
# Hogs or six-handed: every built-in table bids) still keeps its likeliest deals, where
# keeping with the likelihood itself kept none.
SOFT_PILOT_DEALS = 16_384


@dataclass(frozen=True)
class InferredDeals:
    """The consistent deals of a run: ``deals`` (kept, N), their deal ``indexes``, the
    number ``dealt`` to find them (from ``first_index``), ``next_index`` to continue
    from, and ``acceptance`` = kept / dealt.  ``rejected_at[i]`` counts the deals dealt
    whose first bid the model does not make is bid ``i`` (what rejects the deals)."""

    deals: np.ndarray
    indexes: np.ndarray
    dealt: int
    next_index: int
    rejected_at: tuple[int, ...] = ()
    weights_ess: float | None = None  # soft inference: Kish ESS of the dealt deals' weights
    soft_reference: float | None = None  # soft inference: a deal is kept with P(weight / this)

    @property
    def acceptance(self) -> float:
        return self.deals.shape[0] / self.dealt if self.dealt else 0.0

    def most_rejecting(self) -> tuple[int, float] | None:
        """The bid (its index in the auction) that rejects the most deals, and the share
        of the deals dealt it rejects; None when nothing was rejected."""
        if not any(self.rejected_at):
            return None
        index = int(np.argmax(self.rejected_at))
        return index, self.rejected_at[index] / self.dealt


def check_inference(inference: str) -> None:
    """A RulesError unless ``inference`` is one of choices.INFERENCE_MODES."""
    if inference not in INFERENCE_MODES:
        raise RulesError(f"inference {inference!r}: modes are {', '.join(INFERENCE_MODES)}")


def sample_consistent(
    model: TableModel,
    variant,
    dealer: int,
    bids,
    deal,
    wanted: int,
    cap: int = DEFAULT_CAP,
    upcard: int | None = None,
    scores=None,
    first_index: int = 0,
    batch: int = DEFAULT_BATCH,
    analysed: int | None = None,
    soft_scale: float | None = None,
    unheard=(),
) -> InferredDeals:
    """The first ``wanted`` deals, in deal-index order from ``first_index``, that are
    :func:`consistent` with ``bids``; at most ``cap`` deals are dealt.

    With ``soft_scale`` (soft inference) each deal is kept with probability its
    :func:`soft_weights` likelihood over a reference instead (:func:`_sample_soft`).

    ``deal(first_index, count)`` gives deals ``first_index ..`` of the seed's stream as a
    (count, N) array, a pure function of the seed and the index (e.g. ``deal_unseen``),
    so the result is a pure function of the seed whatever ``batch``.  Fewer than
    ``wanted`` come back when the cap is reached; none at all is a RulesError naming the
    first bid the model never made from the deals' hands.  ``analysed`` is the seat whose
    own bids are not checked, ``unheard`` the seats whose passes are not (see
    :func:`consistent`; soft inference hears every seat but ``analysed`` and ``unheard``).
    """
    variant = as_variant(variant)
    bids = list(bids)
    if not all(
        isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v >= 1 for v in (wanted, cap)
    ):
        raise RulesError(f"wanted {wanted!r} and cap {cap!r}: allowed are whole numbers from 1")
    if soft_scale is not None:
        return _sample_soft(
            model,
            variant,
            dealer,
            bids,
            deal,
            wanted,
            cap,
            upcard,
            scores,
            first_index,
            batch,
            analysed,
            soft_scale,
            unheard,
        )
    kept, indexes, matches, examined, best, found = [], [], [], 0, 0, 0
    while found < wanted and examined < cap:
        count = min(batch, cap - examined)
        dealt = np.asarray(deal(first_index + examined, count), np.uint64)
        matched = matched_bids(model, variant, dealer, bids, dealt, upcard, scores, analysed, unheard)
        matches.append(matched)
        best = max(best, int(matched.max()))
        rows = np.flatnonzero(matched == len(bids))[: wanted - found]
        kept.append(dealt[rows])
        indexes.append(first_index + examined + rows)
        found += rows.size
        examined += count
    if found == 0:
        raise _never_bid(model, variant, dealer, bids, best, examined, upcard)
    indexes = np.concatenate(indexes)
    # deals examined up to the last one kept, so the count is the same whatever batch
    used = int(indexes[-1]) + 1 - first_index if found == wanted else examined
    stops = np.bincount(np.concatenate(matches)[:used], minlength=len(bids) + 1)[: len(bids)]
    return InferredDeals(
        np.concatenate(kept), indexes, used, first_index + used, tuple(int(c) for c in stops)
    )


def _sample_soft(
    model,
    variant,
    dealer,
    bids,
    deal,
    wanted,
    cap,
    upcard,
    scores,
    first_index,
    batch,
    analysed,
    scale,
    unheard,
) -> InferredDeals:
    """Soft inference's deals: each deal is kept with probability its :func:`soft_weights`
    likelihood over a reference (a uniform of the deal itself, :func:`deal_uniforms`,
    times the reference below its weight), so the deals kept are an unweighted sample of
    the weighted distribution and every figure and interval computed from them needs no
    weights.  Only the likelihoods' ratios matter, so the reference is not 1 but
    :func:`soft_reference`, raised to twice any deal's dealt above it (at most 1) and the
    deals kept again, until no deal dealt up to the last kept passes it; an auction that is
    unlikely from every hand then still keeps its likeliest deals.  ``weights_ess`` is
    the Kish effective sample size of the weights of the deals dealt (what weighting them
    all would have given).  The reference depends only on deals given by index, so the
    result is a pure function of the seed whatever ``batch``."""
    reference = soft_reference(model, variant, dealer, bids, deal, upcard, scores, analysed, scale, unheard)
    dealt, weights, uniforms = [], np.zeros(0), np.zeros(0)  # every deal examined
    while True:
        kept = np.flatnonzero(uniforms * reference < weights)[:wanted]
        while kept.size < wanted and weights.size < cap:
            count = min(batch, cap - weights.size)
            more = np.asarray(deal(first_index + weights.size, count), np.uint64)
            dealt.append(more)
            weight = soft_weights(
                model, variant, dealer, bids, more, upcard, scores, analysed, scale, unheard
            )
            weights = np.concatenate([weights, weight])
            uniforms = np.concatenate([uniforms, deal_uniforms(more)])
            kept = np.flatnonzero(uniforms * reference < weights)[:wanted]
        # deals examined up to the last one kept, so the count is the same whatever batch
        used = int(kept[-1]) + 1 if kept.size == wanted else weights.size
        top = float(weights[:used].max()) if used else 0.0
        if top <= reference:
            break
        reference = min(1.0, 2.0 * top)  # and keep the deals again against it
    if kept.size == 0:
        raise RulesError(
            f"the table model ({model.name}) gives the auction '{format_auction(bids)}' so small a "
            f"likelihood that none of {weights.size:,} deals was kept: give another table model or "
            "no inference"
        )
    return InferredDeals(
        np.concatenate(dealt)[kept],
        first_index + kept,
        used,
        first_index + used,
        weights_ess=effective_sample_size(weights[:used]),
        soft_reference=reference,
    )


_MIX = (np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))


def deal_uniforms(deals) -> np.ndarray:
    """A uniform in [0, 1) per deal, a pure function of the deal's hands (splitmix64's
    finaliser over the hands, each seat's mask multiplied by its own odd constant), so
    soft inference's keep-or-not is a pure function of the seed and the deal index."""
    deals = np.asarray(deals, np.uint64)
    with np.errstate(over="ignore"):
        z = np.zeros(deals.shape[0], np.uint64)
        for seat in range(deals.shape[1]):
            z = (z ^ deals[:, seat]) * np.uint64(0x9E3779B97F4A7C15 + 2 * seat)
            z = (z ^ (z >> np.uint64(30))) * _MIX[0]
            z = (z ^ (z >> np.uint64(27))) * _MIX[1]
            z = z ^ (z >> np.uint64(31))
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


class NeverBid(RulesError):
    """Exact inference found no deal: ``reason`` names the first bid the model never made
    from the deals' hands (and how many deals were dealt)."""

    def __init__(self, reason: str):
        super().__init__(
            f"{reason}: no deal explains the auction; use soft inference (the deals likeliest to bid "
            "so), another table model or no inference"
        )
        self.reason = reason


def _never_bid(model, variant, dealer, bids, matched, dealt, upcard) -> NeverBid:
    bid = bids[matched]
    seat = legal_bids(variant, dealer, bids[:matched], upcard).seat_to_bid
    where = f"after '{format_auction(bids[:matched])}'" if matched else "as the first bid"
    never = f"the table model ({model.name}) never bids '{format_bid(bid)}' from seat {seat + 1}"
    return NeverBid(f"{never} {where} in {dealt:,} deals")


def soft_reference(
    model, variant, dealer, bids, deal, upcard=None, scores=None, analysed=None, scale=SOFT_SCALE, unheard=()
) -> float:
    """The likelihood soft inference first keeps a deal against (the comment at
    ``SOFT_PILOT_DEALS``): twice the largest :func:`soft_weights` of the pilot's deals
    ``deal(PILOT_FIRST_INDEX, SOFT_PILOT_DEALS)``, at most 1 (1 when none has any), so
    it is a pure function of the seed like the deals kept."""
    pilot = np.asarray(deal(PILOT_FIRST_INDEX, SOFT_PILOT_DEALS), np.uint64)
    weights = soft_weights(model, variant, dealer, bids, pilot, upcard, scores, analysed, scale, unheard)
    largest = float(weights.max())
    return min(1.0, 2.0 * largest) if largest > 0 else 1.0


def soft_reference_text(reference) -> str:
    """The clause after "kept each deal with probability the bids' likelihood" that says
    what it was divided by (nothing when by 1)."""
    if reference is None or reference >= 1.0:
        return ""
    return f" over {reference:.2g} (no deal dealt has more: only the ratios matter)"


def effective_sample_size(weights) -> float:
    """(sum w)^2 / sum w^2: the number of equally weighted deals worth as much."""
    weights = np.asarray(weights, np.float64)
    square = float(np.sum(weights**2))
    return float(np.sum(weights)) ** 2 / square if square > 0 else 0.0


__all__ = [
    "DEFAULT_BATCH",
    "DEFAULT_CAP",
    "SOFT_PILOT_DEALS",
    "InferredDeals",
    "NeverBid",
    "check_inference",
    "deal_uniforms",
    "effective_sample_size",
    "sample_consistent",
    "soft_reference",
    "soft_reference_text",
]
