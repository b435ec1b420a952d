"""Should I bid?  One bid against passing (or another bid): yes, no or a toss-up.

:func:`should_i_bid` analyses the hand with the asked bid and the alternatives, and
:func:`bid_verdict` / :func:`option_verdict` turn the figures into a :class:`Verdict`
whose headline says yes or no only when the difference from the best alternative is
outside its 95% interval, and a toss-up otherwise.  Each figure says what it measures:
the bid as played, each option after the table's bids on its own deals, and the
difference paired on the deals both options were valued on (:func:`paired_reason`).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..choices import (
    ALTERNATIVE_DEALS,
    OPTION_DEALS,
)
from ..rules.auction import format_auction, legal_bids
from ..rules.contracts import (
    PASS,
    Contract,
    check_contract,
    parse_contract,
    same_score_text,
)
from ..rules.scoring import net_points
from ..rules.variants import RulesError
from ..stats import mean_half_width
from .analyse import analyse_hand
from .estimates import best_bid, bid_order, paired_margin
from .question import Question, checked_contracts, question_among
from .results import (
    Analysis,
    ContractEstimate,
    Verdict,
)


def _same_score_note(question: Question, bid: Contract, equivalent: tuple) -> str:
    """The verdict's note on the bids that score as ``bid`` does on every deal compared
    (empty when none does); the advice names the highest of them."""
    if not equivalent:
        return ""
    highest = max((bid, *equivalent), key=lambda b: bid_order(question.variant, b))
    same = f" {same_score_text((bid, *equivalent))} score the same on these deals"
    return same + ("." if highest == bid else f" (the advice names the highest, {highest}).")


def _only_bid_verdict(headline: ContractEstimate, text: str, **comparison) -> Verdict:
    """The verdict "yes" for ``headline``'s bid, with its figures as played, before any
    alternative is weighed (it stands when the bid is the only legal one and the dealer may
    not pass); ``comparison`` fills the fields that say what it is compared with."""
    return Verdict(
        contract=headline.contract,
        yes=True,
        p_make=headline.p_make,
        ci_low=headline.ci_low,
        ci_high=headline.ci_high,
        deals=headline.deals,
        ev=headline.ev,
        ev_net=headline.ev_net,
        reason=f"{text} is the only legal bid analysed and the dealer may not pass.",
        **comparison,
    )


def bid_verdict(
    result: Analysis, contract, main: Analysis | None = None, compared: str | None = None
) -> Verdict:
    """Yes, no or a toss-up for one bid: its figures against the best alternative legal bid
    (or pass).

    ``result`` plays the bid and its alternatives on the same deals; ``main``, if given,
    the bid alone on more deals (its P(make) and net points are then reported from
    there, the comparison stays paired on ``result``'s deals).  Alternatives that score
    the same as the bid on every deal are equivalent; the best alternative is the best
    of the others, ties to the higher bid (:func:`bid_order`, the rule of the advice).
    ``compared`` says in words what was compared.
    """
    question = result.question
    estimate = result.estimate(contract)
    bid = estimate.contract
    text = str(bid)
    if not estimate.legal:
        raise RulesError(f"bid {text!r} is not legal after the auction '{result.settings.auction}'")
    nets = {
        e.contract: net_points(question.variant, e.contract, result.deal_tricks[e.contract])
        for e in result.estimates
    }
    own_net = nets[bid]
    alternatives = [(e.contract, nets[e.contract]) for e in result.estimates if e.legal and e.contract != bid]
    if result.advice.may_pass:
        alternatives.append((PASS, np.zeros_like(own_net)))
    headline = (main or result).estimate(bid)
    ev_net = float(np.mean(own_net))
    verdict = _only_bid_verdict(
        headline,
        text,
        compared=compared,
        compared_deals=estimate.deals if alternatives else None,
    )
    if not alternatives:
        return verdict
    on = (
        "" if main is None or estimate.deals == headline.deals else f" on the {estimate.deals} deals compared"
    )
    equivalent = tuple(alt for alt, values in alternatives if np.array_equal(values, own_net))
    others = [(alt, values) for alt, values in alternatives if alt not in equivalent]
    same = _same_score_note(question, bid, equivalent)
    verdict = replace(verdict, equivalent=equivalent)
    if not others:
        return replace(verdict, reason=f"{text} nets {ev_net:+.2f} points a hand{on}:{same}")
    other_nets = dict(others)
    best_alt = best_bid(question.variant, other_nets, lambda bid: float(np.mean(other_nets[bid])))
    best_net = other_nets[best_alt]
    alt_ev = float(np.mean(best_net))
    margin = ev_net - alt_ev
    margin_ci = float(mean_half_width(own_net - best_net))
    alt_name = "passing" if best_alt == PASS else str(best_alt)
    reason = paired_reason(text, alt_name, margin, margin_ci, own_net.shape[0], "as played", 2)
    return replace(
        verdict,
        yes=margin >= 0,
        reason=reason + same,
        best_alternative=best_alt,
        best_alternative_ev_net=alt_ev,
        margin=margin,
        margin_ci=margin_ci,
        margin_deals=own_net.shape[0],
        margin_values=(ev_net, alt_ev),
    )


def option_verdict(main: Analysis, compared: Analysis, contract, what: str, estimated: str) -> Verdict:
    """Yes, no or a toss-up for one bid by the options' values after the rest of the table
    bids.

    ``main`` holds the bid (and passing, where the auction allows it) valued after the
    table's bids on all its deals; ``compared`` the bid beside its alternatives on the
    first of those deals.  Passing is compared with the bid on ``main``'s deals, every other
    alternative on ``compared``'s, each difference paired on the deals both were valued
    on.  The measure is net points (your team minus theirs), or with a score the chance
    of winning the game.  Alternatives that score the same as the bid on every deal are
    equivalent; the best alternative is the best of the others by its value on its own
    deals, ties to the higher bid (:func:`bid_order`).  ``what`` says in words what was
    compared, ``estimated`` how each option was estimated.
    """
    question = main.question
    bid = main.estimate(contract).contract
    text = str(bid)
    by_p_win = question.score is not None
    main_values = main.option_wins if by_p_win else main.option_points
    compared_values = compared.option_wins if by_p_win else compared.option_points

    def option(result, choice):
        found = next(o for o in result.options if o.bid == choice)
        return replace(found, deals=found.deals or result.settings.deals)

    own = option(main, bid)
    # per alternative: its value, the bid's and its per-deal values on the deals both were
    # valued on (points or P(win)), its per-deal points (for "scores the same"), and whose
    # deals those are
    rivals = []
    if PASS in main_values:
        rivals.append(
            (option(main, PASS), main_values[bid], main_values[PASS], main.option_points[PASS], main)
        )
    for choice in compared.options:
        if choice.bid not in (bid, PASS):
            rivals.append(
                (
                    option(compared, choice.bid),
                    compared_values[bid],
                    compared_values[choice.bid],
                    compared.option_points[choice.bid],
                    compared,
                )
            )
    headline = main.estimate(bid)
    verdict = _only_bid_verdict(
        headline,
        text,
        compared=what,
        compared_deals=compared.settings.deals if rivals else None,
        by="p_win" if by_p_win else "net",
        option=own,
        alternatives=tuple(rival[0] for rival in rivals),
        estimated=estimated,
        table=main.table,
    )
    if not rivals:
        return verdict
    equivalent = tuple(
        alt.bid for alt, _, _, points, result in rivals if np.array_equal(points, result.option_points[bid])
    )
    others = [rival for rival in rivals if rival[0].bid not in equivalent]
    same = _same_score_note(question, bid, equivalent)
    verdict = replace(verdict, equivalent=equivalent)

    def value(alt):
        return alt.p_win if by_p_win else alt.ev_net

    if not others:
        return replace(
            verdict, reason=f"{text} nets {own.ev_net:+.2f} points a hand after the table's bids:{same}"
        )
    by_bid = {rival[0].bid: rival for rival in others}
    best, own_values, best_values, _, _ = by_bid[
        best_bid(question.variant, by_bid, lambda b: value(by_bid[b][0]))
    ]
    margin, margin_ci = paired_margin(own_values, best_values)
    own_value, best_value = float(np.mean(own_values)), float(np.mean(best_values))
    alt_name = "passing" if best.bid == PASS else str(best.bid)
    measure = "P(win)" if by_p_win else "after the table's bids"
    reason = paired_reason(text, alt_name, margin, margin_ci, len(own_values), measure, 3 if by_p_win else 2)
    return replace(
        verdict,
        yes=margin >= 0,
        reason=reason + same,
        best_alternative=best.bid,
        best_alternative_ev_net=best.ev_net,
        margin=margin,
        margin_ci=margin_ci,
        margin_deals=len(own_values),
        margin_values=(own_value, best_value),
    )


def paired_reason(
    text: str, alt_name: str, margin: float, margin_ci: float, deals: int, measure: str, digits: int
) -> str:
    """The verdict's reason: the paired difference between the bid (``text``) and the best
    alternative, on the ``deals`` both were valued on, and whether it is outside its 95%
    interval (yes or no) or inside it (a toss-up).  ``measure`` says what was compared:
    ``"as played"``, ``"after the table's bids"`` (net points) or ``"P(win)"``."""
    size = f"{abs(margin):.{digits}f} ±{margin_ci:.{digits}f}"
    unit = "in P(win the game)" if measure == "P(win)" else f"points a hand {measure}"
    on = f"on the {deals} deals both were valued on"
    if abs(margin) <= margin_ci:
        leader = text if margin >= 0 else alt_name
        return (
            f"a toss-up: {leader} is ahead by {size} {unit} {on}, inside the 95% interval, so "
            f"{text} and {alt_name} cannot be told apart on these deals."
        )
    first, second = (text, f"the best alternative, {alt_name},") if margin >= 0 else (alt_name, text)
    return f"{first} beats {second} by {size} {unit} {on}."


def should_i_bid(
    contract,
    variant,
    hand=None,
    *,
    against=None,
    alternative_deals: int = ALTERNATIVE_DEALS,
    option_deals: int = OPTION_DEALS,
    **options,
) -> Verdict:
    """Yes, no or a toss-up for ``contract``, with the numbers behind it.

    ``variant`` is a variant with ``hand`` and the question's fields among ``options``, or
    a checked :class:`~.question.Question` alone (its ``contracts`` are not used); the other
    ``options`` say how to run, as for :func:`~.analyse.analyse_hand`.

    With a table model (``table``, default ``fitted``) the verdict compares the options'
    values after the rest of the table bids (:func:`option_verdict`).  The bid is played
    on all its deals (``deals``, default 2000, or a ``precision`` run: its P(make) and net
    as played); it and passing are valued after the table's bids on the first
    ``option_deals`` of them (default 250: after a pass another seat's contract is played
    out), every other alternative beside the bid on the first ``alternative_deals``
    (default 50; wider intervals, stated), so a default run takes seconds.  With a ``score`` the measure is
    the chance of winning the game.  With ``table="none"`` the bids are compared as
    played and passing counts as 0 (:func:`bid_verdict`).  ``against`` limits the
    alternatives (text such as ``"Pig Hearts, 6 Hearts"`` or contracts; each must be
    legal here); default every legal bid.  ``progress(done, total)`` hears of both runs
    as one.
    """
    question = question_among(variant, hand, options)
    variant = question.variant
    by_table = question.table is not None
    # compared as played without a table: the score would only value the options
    played = question if by_table else replace(question, score=None)
    if (
        isinstance(alternative_deals, bool)
        or not isinstance(alternative_deals, (int, np.integer))
        or alternative_deals < 1
    ):
        raise RulesError(f"alternative_deals {alternative_deals!r}: allowed is a whole number of at least 1")
    if isinstance(option_deals, bool) or not isinstance(option_deals, (int, np.integer)) or option_deals < 1:
        raise RulesError(f"option_deals {option_deals!r}: allowed is a whole number of at least 1")
    bid = parse_contract(contract, variant, question.upcard) if isinstance(contract, str) else contract
    check_contract(variant, bid)
    state = legal_bids(variant, question.dealer, question.bids, question.upcard)
    legal = list(state.legal)
    if bid not in legal:
        allowed = ", ".join(str(c) for c in legal[:3]) + (" ..." if len(legal) > 3 else "")
        raise RulesError(
            f"bid '{bid}' is not legal after the auction '{format_auction(question.bids)}': "
            f"allowed are {allowed}"
        )
    passing = (
        (" and passing" if by_table else " and passing (as 0: --table none)") if state.can_pass() else ""
    )
    if against is not None:
        chosen = checked_contracts(variant, against, question.upcard, question.round_)
        illegal = [c for c in chosen if c not in legal]
        if illegal:
            raise RulesError(
                f"alternative '{illegal[0]}' is not legal after the auction '{format_auction(question.bids)}'"
            )
        rivals = [c for c in chosen if c != bid]
        compared = f"only {', '.join(str(c) for c in rivals) or 'no other bid'}{passing} (--against)"
    else:
        rivals = [c for c in legal if c != bid]
        compared = f"every legal bid{passing}"
    progress = options.pop("progress", None)
    told = SharedProgress(progress)
    main = analyse_hand(
        replace(played, contracts=(bid,)),
        progress=told.part(),
        option_deals=option_deals if by_table else None,
        **options,
    )
    count = min(alternative_deals, main.settings.deals)
    options.update(deals=count, precision=None)
    options.pop("max_deals", None)
    contracts = checked_contracts(variant, [bid, *rivals], question.upcard, question.round_)
    try:
        result = (
            None
            if main.settings.interrupted
            else analyse_hand(replace(played, contracts=tuple(contracts)), progress=told.part(), **options)
        )
    except KeyboardInterrupt:
        result = None
    if result is None or result.settings.interrupted:
        # Ctrl-C: the bid on the deals it finished, the other bids as far as they got
        main = replace(main, settings=replace(main.settings, interrupted=True))
        if result is None:
            compared = "no other bid: interrupted before they were played"
            verdict = bid_verdict(main, bid, main=main, compared=compared)
            return replace(verdict, settings=main.settings, by="as played")
    if not by_table or main.table is None or not main.options:
        # no table model (or an interrupted run, which values no options): bids as played
        if count < main.settings.deals:
            compared += f", on the first {count} of the {main.settings.deals} deals"
        verdict = bid_verdict(result, bid, main=main, compared=compared)
        return replace(verdict, settings=main.settings, by="as played")
    deals, valued = main.settings.deals, main.options[0].deals or main.settings.deals
    alone = f"{bid} and passing" if state.can_pass() else str(bid)
    estimated = f"{bid} played on {deals} deals; {alone} valued after the table's bids on "
    estimated += f"the first {valued}" if valued < deals else f"all {deals}"
    if rivals:
        estimated += f", the other bids on the first {count} (each compared with {bid} there)"
        if count < valued:
            compared += (
                f"; passing on {valued} deals, the other bids on the first {count}"
                if state.can_pass()
                else f", on the first {count} of the {valued} deals"
            )
    verdict = option_verdict(main, result, bid, compared, estimated)
    return replace(verdict, settings=main.settings)


class SharedProgress:
    """One ``progress(done, total)`` for several runs in a row: each run's count is added
    to what the runs before it finished."""

    def __init__(self, progress):
        self.progress = progress
        self.before = 0

    def part(self):
        if self.progress is None:
            return None
        base = [None]

        def update(done: int, total: int) -> None:
            if base[0] is None:
                base[0] = self.before
            self.before = base[0] + done
            self.progress(base[0] + done, base[0] + total)

        return update
