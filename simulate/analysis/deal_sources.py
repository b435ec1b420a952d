"""Where an analysis's deals come from: uniform deals, or deals that explain the auction.

Without inference, main deal ``i`` is a pure function of the seed and ``i``.  With exact
inference the deals are the first ones, in deal order, on which every earlier bidder
would have bid as given under the table model (but for a pass the model never makes
there, which is not heard: table_model.unheard_passes); with soft inference each deal
is kept with probability its likelihood of the auction; where exact inference finds no
deal at all (a bid the model never makes from the deals' hands), the analysis hears the
auction softly instead and says why (:func:`heard_question`).  Search deals (for the discard search)
use the same seed from deal index ``SEARCH_FIRST_INDEX``, far beyond any main deal.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import numpy as np

from ..bidding.inference import NeverBid, sample_consistent
from ..bidding.table_model import SOFT_SCALE, unheard_passes
from ..dealing.deal import deal_unseen_unchecked
from ..rules.auction import format_auction
from .question import Question, team_scores

SEARCH_FIRST_INDEX = 1 << 40  # far beyond any main deal index, so search deals are always fresh
# With inference, deals are dealt until enough explain the auction, at most this many
# (about 2 s of the table model's checks for Pigs and Hogs), and at most
# INFERENCE_PER_MAX_DEAL times --max-deals (the default 50,000 gives the same 400,000), so
# a lower --max-deals bounds the dealing time too.
INFERENCE_CAP = 400_000
INFERENCE_PER_MAX_DEAL = 8


def question_deals(question: Question, first_index: int, count: int) -> np.ndarray:
    """Deals ``first_index ..`` of the question's seed around the player's known cards."""
    known = [
        question.hand if seat == question.seat else (question.known[seat] if question.known else 0)
        for seat in range(question.players)
    ]
    sizes = [question.hand_size] * question.players
    return deal_unseen_unchecked(
        question.variant,
        known,
        question.upcard_mask,
        sizes,
        question.seed,
        first_index,
        count,
        question.constraints,
    )


@lru_cache(maxsize=32)
def unheard_of(question: Question) -> tuple[int, ...]:
    """The seats whose pass exact inference does not hear (table_model.unheard_passes),
    for the deals and PIMC's worlds alike; none without exact inference."""
    if not (question.infers and question.inference == "exact"):
        return ()
    return unheard_passes(
        question.table,
        question.variant,
        question.dealer,
        question.bids,
        lambda first, n: question_deals(question, first, n),
        upcard=question.upcard,
        scores=team_scores(question, question.score),
        analysed=question.seat,
    )


class DealSource:
    """The deals an analysis plays: deals ``first_index ..`` of the seed (uniform, or
    with inference the consistent ones in deal order, dealt once and kept)."""

    def __init__(self, question: Question, cap: int = INFERENCE_CAP, unexplained: str | None = None):
        self.question = question
        self.cap = cap
        self.unexplained = unexplained  # why exact inference was given up (heard_question)
        self.kept: dict[int, np.ndarray] = {}
        self.dealt: dict[int, int] = {}
        self.inferred: dict = {}  # base index -> InferredDeals

    @property
    def unheard(self) -> tuple[int, ...]:
        """The seats whose pass exact inference does not hear (:func:`unheard_of`)."""
        return unheard_of(self.question)

    def __call__(self, first_index: int, count: int) -> np.ndarray:
        question = self.question
        if not question.infers:
            return question_deals(question, first_index, count)
        base = SEARCH_FIRST_INDEX if first_index >= SEARCH_FIRST_INDEX else 0
        offset = first_index - base
        if base not in self.kept or self.kept[base].shape[0] < offset + count:
            inferred = sample_consistent(
                question.table,
                question.variant,
                question.dealer,
                question.bids,
                lambda first, n: question_deals(question, first, n),
                offset + count,
                cap=self.cap,
                upcard=question.upcard,
                scores=team_scores(question, question.score),
                first_index=base,
                analysed=question.seat,
                soft_scale=SOFT_SCALE if question.inference == "soft" else None,
                unheard=self.unheard,
            )
            self.kept[base], self.dealt[base] = inferred.deals, inferred.dealt
            self.inferred[base] = inferred
        return self.kept[base][offset : offset + count]

    def rejection(self) -> tuple[str, float] | None:
        """The bid that rejects the most main deals, as text ("seat 1's 4 Clubs"), and the
        share of the deals dealt it rejects."""
        inferred = self.inferred.get(0)
        most = inferred.most_rejecting() if inferred is not None else None
        if most is None:
            return None
        index, share = most
        seat = (self.question.dealer + 1 + index) % self.question.players
        return f"seat {seat + 1}'s '{format_auction(self.question.bids[index : index + 1])}'", share

    def available(self, wanted: int) -> int:
        """How many main deals there are when ``wanted`` are asked for (inference may keep fewer)."""
        return self(0, wanted).shape[0] if self.question.infers else wanted


@lru_cache(maxsize=32)
def heard_question(question: Question, cap: int = INFERENCE_CAP) -> tuple[Question, str | None]:
    """The question an analysis runs, and why exact inference was given up: where exact
    inference finds no deal of ``cap`` that explains the auction (inference.NeverBid), the
    same question under soft inference, which hears it as the deals likeliest to bid so,
    with NeverBid's reason; otherwise the question itself and None."""
    if not (question.infers and question.inference == "exact"):
        return question, None
    try:
        DealSource(question, cap).available(1)
    except NeverBid as never:
        return replace(question, inference="soft"), never.reason
    return question, None


def search_deals_of(source, count: int) -> np.ndarray:
    """The search deals: the same seed, deal indexes from SEARCH_FIRST_INDEX."""
    return source(SEARCH_FIRST_INDEX, count)
