"""The search for a discard chosen before the cards are seen.

Pig and six-handed Alone bidders discard two of their original cards before the gifts;
a classic dealer who is the analysed player discards one of six after picking up.  Every
candidate is played on the same *search deals* (:mod:`.deal_sources`), and the chosen
discard is then played on the main deals, so the reported figure is not inflated by the
choice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np

from ..kernels.rankings import POSITION, SUIT_AT, TRUMP
from ..rules.cards import (
    mask_to_faces,
)
from ..rules.contracts import (
    Contract,
)
from ..rules.exchange import (
    discard_pairs,
)
from ..rules.scoring import score_table
from ..stats import wilson_interval
from .layouts import PARTNER_GIFTS, PICKUP, Layout, lay_out, play_out, sweeps
from .question import Question
from .results import (
    DiscardOption,
)

# --------------------------------------------------------------------------- discard search


def _card_strength(face: int, denom: int) -> tuple[bool, int]:
    """(is trump, place inside its suit) in the contract's ranking, for tie-breaks."""
    position = int(POSITION[denom, face])
    suit = SUIT_AT[denom, position]
    place = int(np.sum(SUIT_AT[denom, :position] == suit))
    return bool(suit == TRUMP[denom]), place


def _weakness_key(discard: int, denom: int) -> list:
    """Sort key that puts first the discard whose best card is weakest (then its next card)."""
    return sorted((_card_strength(face, denom) for face in mask_to_faces(discard)), reverse=True)


def _search_options(question: Question, layout: Layout) -> list[int]:
    if layout.exchange == PARTNER_GIFTS:
        return discard_pairs(question.hand)
    six = question.hand | question.upcard_mask
    return [1 << bit for bit in range(48) if six >> bit & 1]


@dataclass
class DiscardSearch:
    """The discard options of one layout, each scored on the same search deals."""

    layout: Layout
    options: list[int]
    successes: np.ndarray  # sweeps (Pig / Alone) per option
    net: np.ndarray  # mean net points per option (dealer pick-up); NaN for Pig / Alone
    deals: int

    def ranked(self) -> list[int]:
        """Option indexes, best first: most sweeps (Pig / Alone) or best net (pick-up);
        ties to the discard whose best card is weakest."""
        score = self.net if self.layout.exchange == PICKUP else self.successes
        return sorted(
            range(len(self.options)),
            key=lambda i: (-score[i], _weakness_key(self.options[i], self.layout.denom)),
        )

    @property
    def chosen(self) -> int:
        return self.options[self.ranked()[0]]

    def options_ranked(self, limit: int | None = None) -> tuple[DiscardOption, ...]:
        """The options best first (the first ``limit`` of them), each with its figures."""
        order = self.ranked()[:limit]
        low, high = wilson_interval(self.successes[order], self.deals)
        pickup = self.layout.exchange == PICKUP
        return tuple(
            DiscardOption(
                self.options[i],
                float(self.successes[i] / self.deals),
                float(low[k]),
                float(high[k]),
                self.deals,
                float(self.net[i]) if pickup else None,
            )
            for k, i in enumerate(order)
        )


def search_discard(
    question: Question,
    layout: Layout,
    contracts: list[Contract],
    deals: np.ndarray,
    first_index: int,
) -> DiscardSearch:
    """Try every discard on the same search deals and keep the best (see the module notes)."""
    if question.model.samples_worlds:
        # PIMC is far too slow to try every discard on every search deal: the discard
        # is chosen by the double-dummy search, then the hand is played under PIMC.
        question = replace(question, play="dd")
    options = _search_options(question, layout)
    count = deals.shape[0]
    successes = np.zeros(len(options), np.int64)
    net = np.full(len(options), np.nan)
    if layout.exchange == PARTNER_GIFTS and question.model.exact:
        # Every pair at once: the deals repeated once per pair, each copy with its pair's
        # discards, so the search is one exchange and one solver call, not 28 of each.
        # (Random play keeps one call per pair: its streams follow the deal index.)
        discards = np.repeat(np.array(options, np.uint64), count)
        hands = lay_out(question, layout, np.tile(deals, (len(options), 1)), discards)
        swept = sweeps(question, layout, hands, first_index).reshape(len(options), count)
        successes[:] = np.count_nonzero(swept, axis=1)
    else:
        table = score_table(question.variant, contracts[0])
        needed = contracts[0].tricks_needed(question.hand_size)
        for i, discard in enumerate(options):
            hands = lay_out(question, layout, deals, discard)
            if layout.exchange == PARTNER_GIFTS:
                successes[i] = int(np.count_nonzero(sweeps(question, layout, hands, first_index)))
            else:
                tricks = play_out(question, layout, hands, first_index)
                successes[i] = int(np.count_nonzero(tricks >= needed))
                net[i] = float(np.mean(table[tricks, 0] - table[tricks, 1]))
    return DiscardSearch(layout, options, successes, net, count)
