"""Running an analysis's main deals in steps: locally or on Dask, with precision and Ctrl-C.

The main deals are played in steps of the play model's chunk size; each step is a pure
function of the question, the chosen discards and its first deal, so the answers are
the same in process or on a cluster.  With ``precision`` dealing goes on until every
P(make) interval is narrow enough; an interrupted run keeps every finished step.
"""

from __future__ import annotations

import numpy as np

from ..choices import (
    MAX_DEALS,
)
from ..play.playout import WorldsFit, new_worlds_tally
from ..rules.auction import format_auction
from ..rules.cards import (
    format_card,
    format_cards,
    mask_to_faces,
)
from ..rules.contracts import (
    Contract,
)
from ..rules.variants import RulesError
from ..stats import deals_for_half_width, next_total, wilson_half_width
from .deal_sources import SEARCH_FIRST_INDEX, DealSource
from .estimates import DealCounter
from .layouts import Layout, lay_out_with_discards, layout_of, play_layouts, worlds_hear_bids
from .question import Question
from .results import (
    AnalysisSettings,
)

DEFAULT_DEALS = 2000
PRECISION_FIRST_BATCH = 500
PRECISION_MIN_BATCH = 500  # a predicted need can fall a few deals short: never add fewer


def contract_layouts(question: Question) -> dict[Layout, list[Contract]]:
    """The question's contracts by layout (contracts of one layout share the trick counts)."""
    layouts: dict[Layout, list[Contract]] = {}
    for contract in question.contracts:
        layouts.setdefault(layout_of(question, contract), []).append(contract)
    return layouts


def chunk_tricks(question: Question, chosen: dict, batch: np.ndarray, start: int, plays) -> tuple:
    """(tricks per layout, how PIMC's worlds were dealt) on main deals ``batch`` (the deals
    from ``start``), each layout with its chosen discard (``chosen[layout]``, for the
    layouts that search one); the worlds' tally is play.playout.new_worlds_tally's, all
    zero under a play model that deals no worlds."""
    both = {
        layout: lay_out_with_discards(question, layout, batch, chosen.get(layout))
        for layout in contract_layouts(question)
    }
    laid = {layout: hands for layout, (hands, _) in both.items()}
    thrown = {layout: discards for layout, (_, discards) in both.items()}
    worlds_tally = new_worlds_tally()
    return play_layouts(question, laid, start, plays, thrown, worlds_tally), worlds_tally


def worker_chunk(question: Question, chosen: dict, start: int, count: int, inferred=None) -> tuple:
    """What a worker computes for main deals ``start .. start + count - 1``: chunk_tricks's
    pair, from the question (its seed), the chosen discards and the chunk's first deal.
    Uniform deals are dealt here from the seed; deals kept by inference come as
    ``inferred`` (the filter runs once, in deal order, in the parent: each worker running
    it again would cost as much as solving the chunk)."""
    batch = DealSource(question)(start, count) if inferred is None else inferred
    return chunk_tricks(question, chosen, batch, start, DealCounter(None, 0))


def play_main_deals(
    question: Question, layouts: dict, first_batch: int, precision, cap: int, plays, runner, chosen, source
) -> tuple[dict[Layout, np.ndarray], np.ndarray, bool, np.ndarray]:
    """Tricks per main deal for every layout: ``first_batch`` deals, then with a precision
    more batches until every P(make) interval is narrow enough or the cap is reached.
    The deals are played in chunks of the play model's ``analysis_step`` deals by
    ``played_chunks`` (here or on a cluster: the same tricks).

    Also returns the deals, whether the run was interrupted (Ctrl-C) after its first
    chunk (the tricks then cover the chunks finished before it) and how PIMC's worlds
    were dealt on the deals played (chunk_tricks)."""
    dealt_here: dict[int, np.ndarray] = {}

    def here(chunk):
        """A chunk in this process: the solver's own threads, the bar moving within it."""
        start, count = chunk
        batch = dealt_here[start] = source(start, count)
        return chunk_tricks(question, chosen, batch, start, plays)

    def task(chunk):
        start, count = chunk
        inferred = source(start, count) if question.infers else None
        return worker_chunk, (question, chosen, start, count, inferred)

    def finished(chunk, _):
        plays.share(chunk[1], 1)(1)  # a worker's chunk moves the bar by its deals when it ends

    tricks: dict[Layout, list[np.ndarray]] = {layout: [] for layout in layouts}
    dealt_parts: list[np.ndarray] = []
    worlds_tally = new_worlds_tally()
    chunk = question.model.analysis_step(question.hand_size)
    dealt, total = 0, first_batch
    interrupted = False
    while total > dealt and not interrupted:
        step = [(start, min(chunk, total - start)) for start in range(dealt, total, chunk)]
        got = runner.collect(step, task, here=here, progress=finished)
        for (start, count), (played, chunk_worlds) in got.leading():
            for layout in layouts:
                tricks[layout].append(played[layout])
            worlds_tally += chunk_worlds
            dealt_parts.append(dealt_here.pop(start) if start in dealt_here else source(start, count))
        if got.interrupted:
            if not dealt_parts:
                raise KeyboardInterrupt
            interrupted = True  # keep the chunks already finished: every layout has them all
            break
        dealt = total
        if precision is not None:
            total = _next_precision_total(tricks, question, layouts, dealt, precision, cap)
            plays.grow(total - dealt)
    deals = np.concatenate(dealt_parts) if dealt_parts else np.zeros((0, question.players), np.uint64)
    by_layout = {layout: np.concatenate(parts) for layout, parts in tricks.items()}
    return by_layout, deals, interrupted, worlds_tally


def deal_counts(deals, precision, max_deals) -> tuple[int, int]:
    for name, value in (("deals", deals), ("max_deals", max_deals)):
        if value is not None and (not isinstance(value, (int, np.integer)) or not 1 <= value <= MAX_DEALS):
            raise RulesError(f"{name} {value!r}: allowed is a whole number from 1 to {MAX_DEALS:,}")
    if precision is None:
        return int(deals or DEFAULT_DEALS), int(deals or DEFAULT_DEALS)
    if not isinstance(precision, (int, float)) or not 0 < precision < 0.5:
        raise RulesError(f"precision {precision!r}: allowed is a half-width between 0 and 0.5, e.g. 0.01")
    first = int(deals or min(PRECISION_FIRST_BATCH, max_deals))
    if max_deals < first:
        raise RulesError(f"max_deals {max_deals}: it must be at least the first batch of {first} deals")
    return first, int(max_deals)


def _next_precision_total(tricks, question, layouts, dealt, precision, cap) -> int:
    """The deal count that should bring every P(make) interval below ``precision``."""
    needed = dealt
    for layout, contracts in layouts.items():
        counts = np.concatenate(tricks[layout])
        for contract in contracts:
            made = int(np.count_nonzero(counts >= contract.tricks_needed(question.hand_size)))
            if float(wilson_half_width(made, dealt)) >= precision:
                needed = max(needed, deals_for_half_width(made / dealt, precision))
    return next_total(dealt, needed, cap, min_batch=PRECISION_MIN_BATCH)


def run_settings(
    question: Question,
    dealt: int,
    precision,
    cap,
    estimates,
    search_deals: int,
    interrupted: bool,
    worlds_tally: np.ndarray,
) -> AnalysisSettings:
    """The analysis's settings as reported; ``worlds_tally`` how PIMC's worlds were dealt
    on the main deals (play_main_deals)."""
    widest = max(estimate.half_width for estimate in estimates)
    classic = question.variant.classic
    hears = worlds_hear_bids(question) if question.model.samples_worlds else None
    return AnalysisSettings(
        variant=str(question.variant),
        hand=format_cards(mask_to_faces(question.hand)),
        seat=question.seat + 1,
        dealer=question.dealer + 1,
        auction=format_auction(question.bids),
        auction_assumed=not question.auction_given,
        play=question.play,
        worlds=question.worlds if question.model.samples_worlds else None,
        worlds_hear_bids=hears,
        worlds_fit=WorldsFit.from_tally(worlds_tally) if hears else None,
        play_evidence=question.play_evidence if question.model.samples_worlds else None,
        seed=question.seed,
        deals=dealt,
        interrupted=interrupted,
        precision=precision,
        max_deals=cap if precision is not None else None,
        precision_met=None if precision is None else widest < precision,
        widest_half_width=widest,
        search_deals=search_deals,
        search_first_index=SEARCH_FIRST_INDEX if search_deals else None,
        gift_policy=question.gift_policy,
        upcard=format_card(question.upcard) if classic else None,
        round=question.round_ if classic else None,
        classic=classic,
        known="; ".join(
            f"seat {seat + 1}: {format_cards(mask_to_faces(mask))}"
            for seat, mask in enumerate(question.known)
            if mask
        )
        or None,
        constraints=question.constraints.describe() if question.constraints else None,
    )
