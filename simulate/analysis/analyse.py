"""The hand analyser: contract estimates, expected points and bid advice for one hand.

:func:`analyse_hand` answers "what is this hand worth?" for one seat.  It orchestrates
the steps that other modules own: the question (:mod:`.question`), the deals
(:mod:`.deal_sources`), the layouts and their playouts (:mod:`.layouts`, run in chunks
by :mod:`.runner`), the discard search (:mod:`.discards`), the figures (:mod:`.estimates`)
and, with a table model, every option valued after the other seats bid
(:mod:`.option_values`).
"""

from __future__ import annotations

import os
from dataclasses import replace

import numpy as np

from ..bidding.table_model import (
    NO_TABLE_DESCRIPTION,
    SOFT_SCALE,
)
from ..choices import (
    DEFAULT_MAX_DEALS,
)
from ..games.equity import equity_for
from ..play.models import COMPARE_PLAY, offered_by
from ..rules.auction import legal_bids
from ..rules.contracts import PASS
from ..rules.scoring import team_points
from ..rules.variants import RulesError
from ..runtime.chunks import ChunkRunner
from ..runtime.cluster import check_backend
from ..runtime.workers import worker_count
from ..stats import mean_half_width
from .deal_sources import (
    INFERENCE_CAP,
    INFERENCE_PER_MAX_DEAL,
    SEARCH_FIRST_INDEX,
    DealSource,
    heard_question,
    search_deals_of,
)
from .discards import search_discard
from .estimates import (
    NOTHING_TO_ADVISE,
    DealCounter,
    advise,
    choose_option,
    estimate_contract,
)
from .layouts import PARTNER_GIFTS, layout_of
from .option_values import option_values, p_win
from .question import as_question, question_among
from .results import (
    Advice,
    Analysis,
    OptionValue,
    TableSettings,
)
from .runner import (
    contract_layouts,
    deal_counts,
    play_main_deals,
    run_settings,
)

TOP_PAIRS = 3  # discard pairs reported per Pig / Alone contract
NO_TABLE_PASS = "nobody else bids (no table model): 0 points"
# Below this share kept, the report says which bid rejects most deals.
LOW_ACCEPTANCE = 0.10


# --------------------------------------------------------------------------- the analysis


def analyse_hand(
    variant,
    hand=None,
    *,
    deals: int | None = None,
    precision: float | None = None,
    max_deals: int = DEFAULT_MAX_DEALS,
    option_deals: int | None = None,
    progress=None,
    backend: str = "local",
    scheduler: str | None = None,
    workers: int | None = None,
    **asked,
) -> Analysis:
    """Estimate every contract (or ``contracts``) for ``hand`` held by ``seat``.

    ``variant`` is a variant with ``hand`` and the question's fields as keywords, or a
    checked :class:`~.question.Question` alone (``seat``, ``auction``, ``contracts``, ``play``, ...:
    see :func:`~.question.make_question`, which checks them and holds their defaults); the
    other keywords say how to run.
    Seats are 0-based (seat 1 of the rules is 0); ``dealer`` defaults to the last seat.
    ``hand`` is card text (``"JH JH JD AH KH QH 9S AC"``) or a list of cards;
    ``auction`` is bid text from the dealer's left (``"3 Clubs, pass"``) or a bid list;
    ``contracts`` is text (``"Hog Hearts, 6 Low"``) or a list; ``upcard`` (classic) a card.
    ``deals`` is the number of main deals (default 2000); with ``precision`` it is the
    first batch (default 500) and dealing goes on until every P(make) interval's
    half-width is below ``precision`` or ``max_deals`` is reached.  ``progress(done, total)``,
    if given, hears of the main deals finished, at the pace of each step's slowest
    questions (see :class:`DealCounter`; the total grows when a precision run deals
    more).  ``known``, ``constraints``, ``table``, ``inference``, ``score`` and ``worlds``: see
    :func:`make_question`.  ``backend="dask"`` plays the main deals' chunks on a Dask
    cluster (at ``scheduler``, or a LocalCluster of ``workers`` processes, default one per
    core); the answers are the local run's (each chunk is a pure function of the question,
    the chosen discards and its first deal).  With a table model
    every option (pass included) is also valued after the rest of the table bids
    (:mod:`.option_values`), on the first ``option_deals`` main deals (default all of them; each
    option's ``deals`` says so when fewer), and the advice is the option with the best net
    points, or with a score the best chance of winning the game.

    Returns an :class:`~simulate.analysis.results.Analysis`: one
    :class:`~simulate.analysis.results.ContractEstimate` per contract (``estimate(contract)``),
    the ``advice``, the ``settings`` (seats numbered from 1 there, as users see them),
    the ``discard_search`` and the per-deal ``deal_tricks``; ``to_frame()`` gives one row
    per contract, ``to_json()`` the JSON report.

    >>> result = analyse_hand("euchre", "JH JD AH KH QH", upcard="9H", contracts="order up", deals=50)
    >>> result.estimate("order up").p_make
    1.0
    """
    question = as_question(variant, hand, **asked)
    first_batch, cap = deal_counts(deals, precision, max_deals)
    if option_deals is not None and (
        isinstance(option_deals, bool) or not isinstance(option_deals, (int, np.integer)) or option_deals < 1
    ):
        raise RulesError(f"option_deals {option_deals!r}: allowed is a whole number of at least 1")
    if progress is not None and not callable(progress):
        raise RulesError(f"progress {progress!r}: give a function progress(done, total), or None")
    check_backend(backend, scheduler)
    if workers is not None and not (isinstance(workers, (int, np.integer)) and 1 <= workers <= 256):
        raise RulesError(f"workers {workers!r}: allowed is a whole number from 1 to 256")
    if workers is not None and backend != "dask":
        raise RulesError(f"--workers {workers}: an analysis uses worker processes only with --backend dask")
    inference_cap = min(INFERENCE_CAP, INFERENCE_PER_MAX_DEAL * max_deals)
    question, unexplained = heard_question(question, inference_cap)
    source = DealSource(question, inference_cap, unexplained)
    if question.infers:  # the consistent deals there are, up to what was asked for
        available = source.available(cap if precision is not None else first_batch)
        first_batch, cap = min(first_batch, available), min(cap, available)
    state = legal_bids(question.variant, question.dealer, question.bids, question.upcard)
    legal, may_pass = list(state.legal), state.can_pass()
    layouts = contract_layouts(question)
    searched = [layout for layout in layouts if layout.searches_discard(question)]
    table_stage = question.table is not None or question.score is not None

    def valued_deals(main_deals: int) -> int:
        """The deals the options after the table's bids are valued on."""
        if not table_stage:
            return 0
        return main_deals if option_deals is None else min(option_deals, main_deals)

    # On the bar the option stage stands for valued / exact_layouts main deals: it plays
    # out about one final contract a deal, where a main deal plays every exact (not
    # sweep-only) layout, nearly all of a main deal's time.  For the demo hand and a
    # classic order up this reserves about the share of the run the stage takes.
    exact_layouts = max(1, sum(not layout.sweep for layout in layouts))
    plays = DealCounter(progress, first_batch, lambda main: -(-valued_deals(main) // exact_layouts))
    search_deals = search_deals_of(source, first_batch) if searched else None
    searches = {
        layout: search_discard(question, layout, layouts[layout], search_deals, SEARCH_FIRST_INDEX)
        for layout in searched
    }
    chosen = {layout: search.chosen for layout, search in searches.items()}
    cores = 1
    if backend == "dask":
        steps = -(-first_batch // question.model.analysis_step(question.hand_size))
        cores = worker_count(workers or os.cpu_count() or 1, steps)
    with ChunkRunner(cores, backend, scheduler) as runner:
        tricks, deals, interrupted, worlds_tally = play_main_deals(
            question, layouts, first_batch, precision, cap, plays, runner, chosen, source
        )

    deal_tricks = {contract: tricks[layout_of(question, contract)] for contract in question.contracts}
    estimates = tuple(
        estimate_contract(
            question,
            contract,
            deal_tricks[contract],
            contract in legal,
            searches[layout].chosen if layout in searches else None,
        )
        for contract in question.contracts
        for layout in [layout_of(question, contract)]
    )
    discard_search = {
        contract: searches[layout].options_ranked(TOP_PAIRS if layout.exchange == PARTNER_GIFTS else None)
        for contract in question.contracts
        for layout in [layout_of(question, contract)]
        if layout in searches
    }
    dealt = next(iter(deal_tricks.values())).shape[0]
    options, table_settings, points, wins = (), None, {}, {}
    advice = None
    # an interrupted run reports at once on the deals it finished: valuing every option
    # after the table's bids would play those deals again (the report says it was skipped)
    if table_stage and not interrupted:
        valued = valued_deals(dealt)
        try:
            options, table_settings, advice, points, wins = _with_the_table(
                question,
                deals[:valued],
                {contract: tricks[:valued] for contract, tricks in deal_tricks.items()},
                searches,
                legal,
                may_pass,
                source,
                dealt,
                plays.share(plays.reserve(dealt), valued),
            )
        except KeyboardInterrupt:
            interrupted = True  # Ctrl-C while valuing the options: the main deals are all played
        if valued < dealt and not interrupted:
            options = tuple(replace(option, deals=valued) for option in options)
    return Analysis(
        question=question,
        estimates=estimates,
        advice=advice if advice is not None else advise(question, deal_tricks, legal, may_pass),
        settings=run_settings(
            question,
            dealt,
            precision,
            cap,
            estimates,
            first_batch if searches else 0,
            interrupted,
            worlds_tally,
        ),
        discard_search=discard_search,
        deal_tricks=deal_tricks,
        options=options,
        table=table_settings,
        option_points=points,
        option_wins=wins,
    )


def _with_the_table(question, deals, deal_tricks, searches, legal, may_pass, source, played, finished):
    """The options after the rest of the table bids (with a table model) on ``deals``,
    their P(win) (with a score), the table's settings (``played``: the main deals, for the
    share inference kept), the advice they give and the per-deal points and P(win).
    ``finished(count)`` hears of the work done, in deals of ``deals`` (the progress bar)."""
    equity, equity_text, p_win_now = None, None, None
    if question.score is not None:
        equity, equity_text = equity_for(question.variant, question.table)
        ours = question.seat & 1
        team_to_deal = 0 if question.dealer & 1 == ours else 1
        p_win_now = equity.p_win(*question.score, team_to_deal)
    if question.table is None:  # a score without a table model: a pass is 0 points, as before
        options, points, wins = _options_without_table(question, deal_tricks, legal, may_pass, equity)
    else:
        options, points, wins = option_values(
            question, deals, deal_tricks, searches, legal, may_pass, question.score, equity, finished
        )
    finished(len(deals))
    if p_win_now is not None:
        options = tuple(replace(option, delta_p_win=option.p_win - p_win_now) for option in options)
    settings = TableSettings(
        model=None if question.table is None else question.table.name,
        description=NO_TABLE_DESCRIPTION if question.table is None else question.table.description,
        inference=question.inference if question.infers else "none",
        soft_scale=SOFT_SCALE if question.infers and question.inference == "soft" else None,
        weights_ess=source.inferred[0].weights_ess if question.infers else None,
        soft_reference=source.inferred[0].soft_reference if question.infers else None,
        unheard=source.unheard,
        unexplained=source.unexplained,
        dealt=source.dealt.get(0) if question.infers else None,
        acceptance=played / source.dealt[0] if question.infers and source.dealt.get(0) else None,
        **_rejection(source, played) if question.infers else {},
        score=question.score,
        p_win_now=p_win_now,
        equity=equity_text,
    )
    return (
        options,
        settings,
        _advice_from(question, options, wins if equity is not None else points, may_pass),
        points,
        wins if equity is not None else {},
    )


def _rejection(source, played) -> dict:
    """With a low acceptance: which earlier bid rejects the most deals, and its share."""
    found = source.rejection() if source.dealt.get(0) else None
    if found is None or played / source.dealt[0] >= LOW_ACCEPTANCE:
        return {}
    return {"rejected_by": found[0], "rejected_share": found[1]}


def _options_without_table(question, deal_tricks, legal, may_pass, equity):
    """Without a table model: a pass scores 0 and every bid is played as bid."""
    n = next(iter(deal_tricks.values())).shape[0]
    rows = ([(PASS, np.zeros(n, np.int64), np.zeros(n, np.int64))] if may_pass else []) + [
        (c, *team_points(question.variant, c, deal_tricks[c])) for c in question.contracts if c in legal
    ]
    options, points, wins = [], {}, {}
    for bid, us, them in rows:
        bidder = np.full(n, -1 if bid == PASS else question.seat, np.int64)
        win = p_win(question, bidder, us, them, question.score, equity)
        points[bid], wins[bid] = us - them, win
        options.append(
            OptionValue(
                bid=bid,
                legal=True,
                ev_net=float(np.mean(us - them)),
                ev_net_ci=float(mean_half_width(us - them)),
                p_we_play=0.0 if bid == PASS else 1.0,
                p_overcalled=None if bid == PASS else 0.0,
                outcomes=((NO_TABLE_PASS, 1.0),) if bid == PASS else (("you: " + str(bid), 1.0),),
                p_win=float(np.mean(win)),
                p_win_ci=float(mean_half_width(win)),
            )
        )
    return tuple(options), points, wins


def _advice_from(question, options, values: dict, may_pass: bool) -> Advice:
    """The option with the best mean of ``values`` (net points, or P(win) with a score),
    by :func:`~.estimates.choose_option`."""
    if not options:
        return Advice(None, may_pass, reason=NOTHING_TO_ADVISE)
    choice = choose_option(question.variant, {option.bid: values[option.bid] for option in options})
    ev_net = {option.bid: option.ev_net for option in options}
    return Advice(
        choice.best,
        may_pass,
        ev_net=ev_net[choice.best],
        equivalent=choice.equivalent,
        by="p_win" if question.score else "net",
        runner_up=choice.runner_up,
        runner_up_ev_net=None if choice.runner_up is None else ev_net[choice.runner_up],
        margin=choice.margin,
        margin_ci=choice.margin_ci,
    )


def compare_play(variant, hand=None, *, models=None, progress=None, **options) -> dict:
    """The same analysis under each play model in ``models``: ``{model: Analysis}``.

    ``models`` default to those ``analyse --compare-play`` offers.  Every model plays the
    same deals (the seed decides them), so the differences are the play's, not sampling
    noise.  ``progress(done, total)`` hears of each model's plays in turn; ``variant``,
    ``hand`` and ``options`` as for :func:`analyse_hand` (the question's ``play`` is
    ignored).
    """
    options.pop("play", None)
    question = question_among(variant, hand, options)
    return {
        model: analyse_hand(replace(question, play=model), progress=progress, **options)
        for model in models or offered_by(COMPARE_PLAY)
    }
