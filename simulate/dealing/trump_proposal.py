"""Whole deals whose bidder's trumps are dealt on purpose, each weighted back to the
uniform deal: how best-discard and best-gift find hands that bid a Pig, a Hog or a loner.

Whole-deal rejection (bidding.inference.sample_consistent) keeps a deal only when every
bid fits it; a Pig bidder's hand comes about once in tens of thousands of deals, so the
rejection's cap is reached with none.  :class:`TrumpProposal` deals the bidder's number
``k`` of trumps (the left bower counted, as a Pig bid counts it; natural suits when the
player's ``--void`` or ``--length``, natural, share the counting) from a proposal
``r(k) = (h(k) + u(k)) / 2``,
``h`` the exact chance of ``k`` in a uniform deal given what is known (the
:mod:`.constraints` counting plan's deals with the bidder holding exactly ``k``, over
all of them: the hypergeometric law when nothing else is known), ``u`` uniform over the
``k`` some deal allows, and the rest uniformly given ``k`` (the constrained dealer, as
:mod:`.strong_hands` deals N+ trumps).  A deal's importance weight is ``h(k) / r(k)``;
deals kept by the auction, weighted, are exactly the uniform deals that explain it
(self-normalised importance sampling), and every ``k`` with a deal can be drawn.

Weights cost: kept deals of unequal weight count for fewer (the effective sample size).
So a pilot first finds the least ``k`` whose deals explain the bid, and
:meth:`TrumpProposal.focus` then deals in proportion to ``h`` above it (and a tenth in
proportion to ``h`` everywhere, so no ``k`` is left out): every kept deal above it has
the same weight.
kernels.proposal does the same for best-card's worlds, in effective suits.

Deal ``i`` is a pure function of the seed and ``i``: its stratum comes from a uniform of
``(seed, i)`` and its cards from the stratum's own stream at index ``i``.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from ..rules.variants import RulesError
from .constraints import DealConstraints, SuitLength, plan, seat_bounds, suit_group
from .deal import deal_unseen_unchecked, deck_mask

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_MIX = (np.uint64(0xBF58476D1CE4E5B9), np.uint64(0x94D049BB133111EB))
STRATUM_SALT = 0x5EED_7A0B


def index_uniforms(seed: int, first_index: int, count: int, salt: int = STRATUM_SALT) -> np.ndarray:
    """A uniform in [0, 1) for each index ``first_index ..`` (splitmix64 of seed, salt and
    index): a pure function of the three."""
    with np.errstate(over="ignore"):
        z = np.arange(first_index, first_index + count, dtype=np.uint64) * _GOLDEN
        z ^= np.uint64(seed % 2**64) * _MIX[0] + np.uint64(salt)
        z = (z ^ (z >> np.uint64(30))) * _MIX[0]
        z = (z ^ (z >> np.uint64(27))) * _MIX[1]
        z ^= z >> np.uint64(31)
    return (z >> np.uint64(11)).astype(np.float64) / float(1 << 53)


class TrumpProposal:
    """Deals as ``deal_unseen_unchecked(variant, fixed, out_of_play, sizes, seed, ...,
    constraints)`` would deal them uniformly, with ``bidder``'s natural cards of ``suit``
    dealt on purpose (module notes).  ``chance[k]``, ``proposal[k]`` and ``weight[k]``
    are h, r and h / r of ``k`` trumps drawn from the unseen cards."""

    def __init__(self, variant, fixed, out_of_play, sizes, seed, constraints, bidder: int, suit: int):
        self.variant, self.fixed, self.out_of_play, self.sizes = (
            variant,
            list(fixed),
            out_of_play,
            list(sizes),
        )
        self.seed, self.bidder, self.suit = int(seed), bidder, suit
        self.told = tuple(constraints.lengths) if constraints is not None else ()
        # trumps as the contract counts them (the left bower a trump), unless the player's
        # suit lengths, natural, share the counting
        self.denom = None if self.told else suit
        unseen = deck_mask(variant) & ~out_of_play
        for hand in self.fixed:
            unseen &= ~hand
        self.unseen = unseen
        self.cards = sum(1 << bit for bit in range(48) if suit_group(bit >> 1, self.denom) == suit)
        self.held = (self.fixed[bidder] & self.cards).bit_count()
        need = [size - hand.bit_count() for size, hand in zip(self.sizes, self.fixed)]
        top = min((unseen & self.cards).bit_count(), need[bidder])
        pool = tuple(
            sum(1 for bit in range(48) if unseen >> bit & 1 and suit_group(bit >> 1, self.denom) == s)
            for s in range(4)
        )
        deals = [self._deals(pool, need, k) for k in range(top + 1)]
        total = sum(deals)
        allowed = sum(1 for count in deals if count)
        self.chance = np.array([float(Fraction(count, total)) if total else 0.0 for count in deals])
        self.proposal = np.array(
            [0.5 * self.chance[k] + 0.5 / allowed if count else 0.0 for k, count in enumerate(deals)]
        )
        self._weigh()

    def _weigh(self) -> None:
        self.weight = np.divide(
            self.chance, self.proposal, out=np.zeros_like(self.chance), where=self.proposal > 0
        )

    def focus(self, least: int) -> None:
        """Deal mostly hands with ``least`` trumps or more drawn (a pilot's finding: fewer
        never explained the bid): ``r = 0.9 h 1[k >= least] / h(k >= least) + 0.1 h``.
        The weight h / r is then the same for every such hand, so the kept deals lose
        nothing to weighting, and every ``k`` keeps ``r > 0``, so the weighted deals stay
        exactly uniform."""
        share = float(self.chance[least:].sum())
        if least <= 0 or share <= 0.0:
            return
        top = np.arange(self.chance.size) >= least
        self.proposal = 0.9 * self.chance * top / share + 0.1 * self.chance
        self._weigh()

    def drawn(self, deals: np.ndarray) -> np.ndarray:
        """The trumps each deal's bidder drew from the unseen cards (its stratum)."""
        unseen = self.cards & ~self.fixed[self.bidder]
        return np.array([(int(hand) & unseen).bit_count() for hand in deals[:, self.bidder]], np.int64)

    def _deals(self, pool, need, k: int) -> int:
        """The deals with the bidder drawing exactly ``k`` trumps (0 where the player's
        suit lengths rule that out)."""
        try:
            return plan(pool, seat_bounds(self._constraints(k), self.fixed, need)).deals
        except RulesError:
            return 0

    def _constraints(self, k: int) -> DealConstraints:
        held = self.held + k
        return DealConstraints((*self.told, SuitLength(self.bidder, self.suit, held, held)), self.denom)

    def stratum_of(self, uniforms: np.ndarray) -> np.ndarray:
        """The stratum each uniform draws from the proposal (never one without a deal)."""
        strata = np.searchsorted(np.cumsum(self.proposal), uniforms, side="right")
        last = int(np.flatnonzero(self.proposal)[-1])
        return np.minimum(strata, last)

    def deal(self, first_index: int, count: int) -> np.ndarray:
        """Deals ``first_index ..`` (count, seats)."""
        strata = self.stratum_of(index_uniforms(self.seed, first_index, count))
        out = np.empty((count, self.variant.players), np.uint64)
        for k in np.unique(strata):
            rows = np.flatnonzero(strata == k)
            dealt = deal_unseen_unchecked(
                self.variant,
                self.fixed,
                self.out_of_play,
                self.sizes,
                (self.seed + (int(k) + 1) * 0x9E3779B97F4A7C15) % 2**64,  # the stratum's own stream
                first_index,
                count,
                self._constraints(int(k)),
            )
            out[rows] = dealt[rows]
        return out

    def weights(self, deals: np.ndarray) -> np.ndarray:
        """Each deal's importance weight h(k) / r(k)."""
        return self.weight[self.drawn(deals)]


__all__ = ["STRATUM_SALT", "TrumpProposal", "index_uniforms"]
