"""Text and CSV forms of a hand analysis and the text of a should-i-bid verdict (their
JSON forms are the results' own ``to_json()``).

Every line fits the report width (:mod:`reports.lines`: 80 columns, or ``$COLUMNS``).
An analysis leads with a summary: the advice and the few best options.  With ``full``
(``analyse --all``) it prints every contract instead: P(make), its 95% Wilson interval,
mean tricks, expected points (bidding team, and net of the defenders' points with its
95% half-width), then the trick distribution in percent, once per group of contracts
that share it (the levels of a bid-euchre denomination play alike).  ``>`` marks the
advice, the option worth the most, in every table of every command.
"""

from __future__ import annotations

import io

import pandas as pd

from ..simulate.analysis.estimates import bid_order
from ..simulate.bidding.inference import soft_reference_text
from ..simulate.bidding.table_model import unheard_text
from ..simulate.choices import STRATEGY_FUSION
from ..simulate.play.models import play_model
from ..simulate.rules.contracts import PASS, same_score_text
from ..simulate.rules.variants import LEVEL, ORDER_UP
from .lines import fill, fit, variant_text
from .numbers import percent, probability, probability_in

_KIND_ORDER = {"level": 0, "pig": 1, "alone": 1, "hog": 2, "order up": 0, "call": 1}
SUMMARY_OPTIONS = 5  # the best options a summary lists, besides passing
ADVICE_MARK = "> "  # the advice: the option worth the most, in every table


def analysis_csv(result) -> str:
    """One CSV line per contract; the trick distribution as columns ``tricks_0 ..``.

    With a table model each legal option's value after the other seats' bids is in the
    ``option_*`` columns of its contract's line, and passing gets a line of its own.
    """
    frame = result.to_frame()
    distribution = pd.DataFrame(frame.pop("tricks").tolist(), index=frame.index)
    distribution.columns = [f"tricks_{t}" for t in distribution.columns]
    frame = pd.concat([frame, distribution], axis=1)
    if result.options:
        options = pd.DataFrame(
            [
                {
                    "contract": str(option.bid),
                    "option_ev_net": option.ev_net,
                    "option_ev_net_ci": option.ev_net_ci,
                    "option_p_we_play": option.p_we_play,
                    "option_p_outbid": option.p_overcalled,
                    **(
                        {
                            "option_p_win": option.p_win,
                            "option_p_win_ci": option.p_win_ci,
                            "option_delta_p_win": option.delta_p_win,
                        }
                        if option.p_win is not None
                        else {}
                    ),
                }
                for option in result.options
            ]
        )
        frame = frame.merge(options, on="contract", how="left")
        passing = options[options["contract"] == "pass"]
        if len(passing):
            # whole-number columns stay whole numbers beside the pass line's blanks
            frame = frame.astype({c: "Int64" for c in frame.columns if frame[c].dtype.kind in "iu"})
            frame = pd.concat([frame, passing], ignore_index=True)
    frame["seed"] = result.settings.seed
    frame["variant"] = result.settings.variant
    frame["play"] = result.settings.play
    buffer = io.StringIO()
    frame.to_csv(buffer, index=False, lineterminator="\n")
    return buffer.getvalue()


def _display_order(result) -> list:
    """The estimates grouped by denomination (bid euchre); classic keeps its order."""
    if result.classic:
        return list(result.estimates)
    keys = [
        (e.contract.denom, _KIND_ORDER.get(e.kind, 3), e.level, i) for i, e in enumerate(result.estimates)
    ]
    return [result.estimates[key[-1]] for key in sorted(keys)]


def _signed(value: float, width: int, digits: int = 2) -> str:
    return f"{value:+{width}.{digits}f}"


def _name_width(names, least: int = 8) -> int:
    return max([least, *(len(name) for name in names)])


def format_analysis(result, full: bool = False) -> str:
    """The analysis as text: the settings, the advice and the best options; with ``full``
    every contract, its trick distribution, every option shown and the discard searches."""
    lines = _settings_lines(result)
    if full:
        lines += _contract_lines(result)
        lines += _distribution_lines(result)
        lines += _option_lines(result)
        lines += ["", advice_line(result.advice)]
        lines += _discard_lines(result)
        lines += ["", *_legend(result)]
    else:
        lines += ["", advice_line(result.advice)]
        lines += _summary_lines(result)
        lines += _discard_lines(result, only=result.advice.bid)
    return "\n".join(fit(line) for line in lines) + "\n"


def _settings_lines(result) -> list[str]:
    settings = result.settings
    lines = [
        f"variant {variant_text(settings.variant)}",
        f"hand {settings.hand}, seat {settings.seat}, dealer {settings.dealer}"
        + (f", upcard {settings.upcard}" if result.classic else ""),
        f"auction so far: {settings.auction or 'none, you bid first'}" + _assumed(settings),
        f"play {_play_text(settings)}, {settings.deals} deals, seed {settings.seed}"
        + _precision_note(settings)
        + (
            " (interrupted: the deals finished; the options after the other seats' bids were "
            "not valued, so passing counts as 0)"
            if settings.interrupted
            else ""
        ),
    ]
    if settings.worlds is not None:
        lines.append(fill(STRATEGY_FUSION))
        lines.append(_bids_in_worlds(settings))
    if settings.known:
        lines.append(f"known cards: {settings.known}")
    if settings.constraints:
        lines.append(f"suit lengths: {settings.constraints}; the deals are uniform over those that fit")
    return lines + _table_header(result.table)


def _contract_lines(result) -> list[str]:
    """Every contract as played: P(make), interval, mean tricks, points (``--all``)."""
    classic = result.classic
    rows = _display_order(result)
    names = [str(row.contract) if row.legal else f"({row.contract})" for row in rows]
    width = _name_width(names)
    march = f" {'march':>5}" if classic else ""
    lines = [
        "",
        f"  {'contract':<{width}} {'P(make)':>7} {'95% CI':^11} {'mean':>4} {'EV':>6} {'net':>6} "
        f"{'±95%':>5}{march}",
    ]
    previous_denom = None
    for row, name in zip(rows, names):
        denom = row.contract.denom
        if not classic and previous_denom is not None and denom != previous_denom:
            lines.append("")
        march = f" {probability_in(row.p_march, 5)}" if classic else ""
        interval = f"{probability_in(row.ci_low, 5).strip()}-{probability_in(row.ci_high, 5).strip()}"
        lines.append(
            f"{_mark(row.contract, result.advice.bid)}{name:<{width}} {probability_in(row.p_make, 7)} "
            f"{interval:<11} {row.mean_tricks:>4.2f} {_signed(row.ev, 6)} {_signed(row.ev_net, 6)} "
            f"{row.ev_net_ci:>5.2f}{march}"
        )
        previous_denom = denom
    return lines


def _distribution_lines(result) -> list[str]:
    """The trick distributions, once per run of contracts that share one (``--all``)."""
    groups: list[list] = []
    for row in _display_order(result):
        last = groups[-1][-1] if groups else None
        if last is not None and last.tricks == row.tricks and last.contract.denom == row.contract.denom:
            groups[-1].append(row)
        else:
            groups.append([row])
    names = [_group_name(group) for group in groups]
    label = "tricks taken, % of deals"
    width = _name_width([*names, label])
    size = len(result.estimates[0].tricks) - 1
    lines = ["", f"  {label:<{width}} " + "".join(f"{t:>3}" for t in range(size + 1))]
    for name, group in zip(names, groups):
        cells = "".join(f"{100 * p:>3.0f}" if p else "  ." for p in group[0].tricks)
        lines.append(f"  {name:<{width}} {cells}")
    return lines


def _group_name(group) -> str:
    """Contracts that share a distribution: one name, or the range of their levels."""
    first, last = group[0].contract, group[-1].contract
    if len(group) > 1 and first.kind == LEVEL and last.kind == LEVEL:
        return f"{first.level}-{last.level} {str(first).split(' ', 1)[1]}"
    return " / ".join(str(row.contract) for row in group) if len(group) <= 2 else f"{first} ... {last}"


def _legend(result) -> list[str]:
    return [
        "P(make) with its 95% Wilson interval; mean = the bidder side's mean tricks; EV = the "
        "bidding team's expected points; net = bidding team minus defenders (±95% half-width), "
        "as played: nobody bids after you.",
        "(contract) = not a legal bid after the auction; > = the advice."
        + (
            "  Passing counts as 0 (--table none)."
            if result.table is None or result.table.model is None
            else ""
        ),
    ]


def _mark(bid, best) -> str:
    return ADVICE_MARK if bid == best else "  "


def _summary_lines(result) -> list[str]:
    """The best options: after the table's bids when valued there, else as played."""
    if result.options:
        shown = best_options(result)
        lines = ["", *_options_heading(result, "The best options")]
        lines += _options_table(result, shown, summary=True)
        more = len(result.options) - len(shown)
    else:
        legal = sorted(
            (e for e in result.estimates if e.legal),
            key=lambda e: (e.ev_net, bid_order(result.question.variant, e.contract)),
            reverse=True,
        )
        shown = legal[:SUMMARY_OPTIONS]
        width = _name_width([str(e.contract) for e in shown] + ["pass"])
        lines = [
            "",
            "The best bids (> = the advice) as played, nobody bidding after you and passing "
            "counting as 0: net = your team's points minus theirs a hand, with its 95% half-width.",
            f"  {'option':<{width}} {'net':>6} {'±95%':>5} {'P(make)':>7} {'95% CI':^11}",
        ]
        for e in shown:
            interval = f"{probability_in(e.ci_low, 5).strip()}-{probability_in(e.ci_high, 5).strip()}"
            lines.append(
                f"{_mark(e.contract, result.advice.bid)}{e.contract!s:<{width}} {_signed(e.ev_net, 6)} "
                f"{e.ev_net_ci:>5.2f} {probability_in(e.p_make, 7)} {interval}"
            )
        if result.advice.may_pass:
            lines.append(f"{_mark(PASS, result.advice.bid)}{'pass':<{width}} {0:>+6.2f}")
        more = len(legal) - len(shown)
    every = "every contract: --all; every option: --json"
    lines.append(f"  ... and {more} more options ({every})" if more > 0 else f"  ({every})")
    return lines


def best_options(result) -> list:
    """Passing, the advice and the best others up to SUMMARY_OPTIONS, best first."""
    value = _option_value(result)
    ranked = sorted(
        result.options, key=lambda o: (value(o), bid_order(result.question.variant, o.bid)), reverse=True
    )
    keep = [o for o in ranked if o.bid == result.advice.bid]
    keep += [o for o in ranked if o not in keep][: max(0, SUMMARY_OPTIONS - len(keep))]
    keep += [o for o in ranked if o.bid == PASS and o not in keep]
    return [o for o in ranked if o in keep]


def _option_value(result):
    with_score = result.table is not None and result.table.score is not None
    return (lambda o: o.p_win) if with_score else (lambda o: o.ev_net)


def _options_heading(result, what: str) -> list[str]:
    table = result.table
    with_score = table is not None and table.score is not None
    return [
        f"{what} (> = the advice), after the others bid"
        + (f" by the table model ({table.model})" if table.model else " (no table model: nobody else bids)")
        + ": net = your team's points minus theirs a hand, on the same deals"
        + ("; P(win) = the chance of winning the game after this hand, with its change" if with_score else "")
        + ("; P(make) as played" if what == "The best options" else "")
        + "."
    ]


def _options_table(result, shown, summary: bool) -> list[str]:
    """The options' rows; the summary adds P(make) as played and leaves out who outbid."""
    with_score = result.table is not None and result.table.score is not None
    width = _name_width([str(o.bid) for o in shown])
    made = {e.contract: e.p_make for e in result.estimates}
    header = f"  {'option':<{width}}"
    if with_score:
        header += f" {'P(win)':>6} {'±95%':>5} {'change':>6}"
    header += f" {'net':>6} {'±95%':>5}"
    header += f" {'P(make)':>7} {'we play':>7}" if summary else f" {'we play':>7} {'outbid':>6}"
    lines = [header]
    for option in shown:
        line = f"{_mark(option.bid, result.advice.bid)}{option.bid!s:<{width}}"
        if with_score:
            line += f" {probability_in(option.p_win, 6)} {option.p_win_ci:>5.3f} {option.delta_p_win:>+6.3f}"
        line += f" {_signed(option.ev_net, 6)} {option.ev_net_ci:>5.2f}"
        if summary:
            p_make = made.get(option.bid)
            made_text = "-" if p_make is None else probability(p_make)
            line += f" {made_text:>7} {probability_in(option.p_we_play, 7)}"
        else:
            outbid = "-" if option.p_overcalled is None else probability(option.p_overcalled)
            line += f" {probability_in(option.p_we_play, 7)} {outbid:>6}"
        lines.append(line)
        if not summary or option.bid == PASS:  # who took the contract, how often
            lines.append(f"      ended: {_endings(option)}")
    return lines


def _endings(option) -> str:
    return ", ".join(f"{who} {percent(share, 0)}" for who, share in option.outcomes)


def _assumed(settings) -> str:
    return " (assumed: everyone before you passed)" if settings.auction_assumed and settings.auction else ""


def _bids_in_worlds(settings) -> str:
    """One line: do PIMC's worlds explain the earlier bids (docs/pimc.md, "The auction")?"""
    if settings.worlds_hear_bids:
        line = "PIMC worlds explain the earlier bids under the table model, as the deals do"
        if settings.worlds_fit is not None:
            line += f": {settings.worlds_fit.describe()}"
        return line
    return "PIMC worlds ignore the bids (they are tested only with exact inference from a given auction)"


def _play_text(settings) -> str:
    """The play model, with its worlds per decision under PIMC."""
    if settings.worlds is None:
        return settings.play
    if settings.play_evidence in (None, "none"):
        return f"{settings.play} ({settings.worlds} worlds a decision)"
    weighed = f"weighed by the play: {settings.play_evidence}"
    return f"{settings.play} ({settings.worlds} worlds a decision, {weighed})"


def _precision_note(settings) -> str:
    if settings.precision is None:
        return ""
    met = "met" if settings.precision_met else f"not met by the cap of {settings.max_deals} deals"
    return f", precision ±{settings.precision} {met}"


def _table_header(table) -> list[str]:
    if table is None:
        return []
    lines = []
    if table.model is not None:
        inferred = ""
        if table.inference == "exact" and table.dealt:
            unheard = f"; {unheard_text(table.unheard)}" if table.unheard else ""
            inferred = (
                f"; inference: kept the deals on which every earlier bid is the model's "
                f"({percent(table.acceptance)} of {table.dealt:,} dealt){unheard}"
            )
        elif table.inference == "soft" and table.dealt:
            over = soft_reference_text(table.soft_reference)
            gave_up = ""
            if table.unexplained:  # exact inference found no deal (deal_sources.heard_question)
                gave_up = f"no deal explains the auction exactly ({table.unexplained}), so "
            inferred = (
                f"; {gave_up}soft inference (logistic width {table.soft_scale}): kept each deal with "
                f"probability the earlier bids' likelihood{over} "
                f"({percent(table.acceptance)} of {table.dealt:,} dealt, the "
                f"effective sample; the weights' Kish ESS is {table.weights_ess:,.0f})"
            )
        lines.append(f"table model {table.model}: the other seats bid by that strategy after you{inferred}")
        lines += _low_acceptance(table)
    if table.score is not None:
        lines.append(
            f"score {table.score[0]}-{table.score[1]} (your team first): P(win the game) now "
            f"{table.p_win_now:.3f} ({table.equity})"
        )
    return lines


def _option_lines(result) -> list[str]:
    """Each option after the rest of the table bids, with how its auctions ended: the
    advice compares these (``--all``)."""
    if not result.options:
        return []
    shown = shown_options(result)
    lines = ["", *_options_heading(result, "Your options")]
    lines += _options_table(result, shown, summary=False)
    hidden = len(result.options) - len(shown)
    if hidden:
        lines.append(f"  ... and {hidden} more options, each worth less (all of them in --json)")
    return lines


SHOWN_OPTIONS = 8


def shown_options(result) -> list:
    """Pass, the advice and the best others, in bid order: at most SHOWN_OPTIONS."""
    options = list(result.options)
    if len(options) <= SHOWN_OPTIONS:
        return options
    value = _option_value(result)
    keep = {id(o) for o in options if o.bid == PASS or o.bid == result.advice.bid}
    for option in sorted(options, key=value, reverse=True):
        if len(keep) >= SHOWN_OPTIONS:
            break
        keep.add(id(option))
    return [o for o in options if id(o) in keep]


def advice_line(advice) -> str:
    """The advice and its margin over the runner-up; a margin inside its 95% interval is
    a toss-up between the two, never a plain answer."""
    if advice.bid is None:
        return f"Advice: none ({advice.reason})."
    close = advice.runner_up is not None and abs(advice.margin) <= advice.margin_ci
    text = f"Advice: {advice.bid}" + (f", a toss-up with {advice.runner_up}" if close else "")
    if advice.by == "p_win":
        text += f" (the best chance of winning the game; net {advice.ev_net:+.2f} a hand"
        if advice.runner_up is not None:
            text += f"; P(win) {advice.margin:+.3f} ±{advice.margin_ci:.3f} against {advice.runner_up}"
        text += ")."
    else:
        text += f" (net {advice.ev_net:+.2f} a hand"
        if advice.runner_up is not None:
            text += (
                f"; {advice.margin:.2f} ±{advice.margin_ci:.2f} more than "
                f"{advice.runner_up} at {advice.runner_up_ev_net:+.2f}"
            )
        text += ")."
    if close:
        text += " The difference is inside its 95% interval: more deals (--deals) would tell them apart."
    if advice.equivalent:
        # the one rule of every command: bids that score alike go to the highest of them
        text += f" {same_score_text((advice.bid, *advice.equivalent))} score the same on every deal;"
        text += " the highest is advised."
    return text


def _discard_lines(result, only=None) -> list[str]:
    """Each searched contract's best discards (``only``: that contract's alone)."""
    searches = {c: table for c, table in result.discard_search.items() if only is None or c == only}
    if not searches:
        return []
    deals = result.settings.search_deals
    lines = [
        "",
        f"Discard search on {deals} separate deals, best first: P(make) (a pick-up: net "
        "points); the main deals play the first.",
    ]
    width = _name_width([str(contract) for contract in searches])
    for contract, table in searches.items():
        if contract.kind == ORDER_UP:  # a dealer's pick-up: the discard with the best net points
            options = ", ".join(f"{r.discards} {r.ev_net:+.2f}" for r in table[:4])
            lines.append(f"  {contract!s:<{width}}  {options}")
        else:
            options = ", ".join(f"{r.discards} {probability(r.p_make)}" for r in table)
            widest = max((r.ci_high - r.ci_low) / 2 for r in table)
            lines.append(f"  {contract!s:<{width}}  {options} (±{widest:.3f})")
    return lines


def format_verdict(verdict) -> str:
    """A should-i-bid verdict: the headline (yes, no or a toss-up, with the difference),
    the numbers behind it, each labelled with what it measures, and the reason."""
    lines = [_verdict_headline(verdict)]
    lines.append(
        f"as played (nobody bids after you): P(make) {probability(verdict.p_make)} (95% CI "
        f"{probability(verdict.ci_low)}-{probability(verdict.ci_high)}), net {verdict.ev_net:+.2f} a "
        f"hand, {verdict.deals} deals"
    )
    if verdict.option is not None:
        lines += _verdict_options(verdict)
    if verdict.best_alternative is not None:
        lines.append(_difference_line(verdict))
    if verdict.compared:
        lines.append(f"compared with {verdict.compared}")
    if verdict.estimated:
        lines.append(f"estimated: {verdict.estimated}")
    lines = [fit(line) for line in lines]
    # The reason is a sentence: wrap it rather than cut it at the table width.
    lines.append(fill(f"reason: {verdict.reason}"))
    settings = verdict.settings
    if settings:
        lines.append(fit(f"variant {variant_text(settings.variant)}"))
        context = f"seat {settings.seat}, dealer {settings.dealer}"
        if settings.upcard:
            context += f", upcard {settings.upcard}"
        lines.append(
            fit(f"{context}, auction '{settings.auction}', play {_play_text(settings)}, seed {settings.seed}")
        )
        if settings.worlds is not None:
            lines.append(fill(STRATEGY_FUSION))
            lines.append(fit(_bids_in_worlds(settings)))
        for name, value in (("known cards", settings.known), ("suit lengths", settings.constraints)):
            if value:
                lines.append(fit(f"{name}: {value}"))
    return "\n".join(lines) + "\n"


def _difference_line(verdict) -> str:
    """The best alternative and the paired difference, with both options' values on the
    deals the difference is taken on (they can differ from the table's, each on its own
    deals, and from the bid as played)."""
    alternative = verdict.best_alternative
    line = f"best alternative: {alternative}"
    if verdict.margin_values is not None:
        ours, theirs = verdict.margin_values
        if verdict.by == "p_win":
            line += (
                f"; on the {verdict.margin_deals} deals both were valued on, {verdict.contract} wins the "
                f"game {ours:.3f} of the time and {alternative} {theirs:.3f}, a difference of "
                f"{verdict.margin:+.3f} ±{verdict.margin_ci:.3f} (95%)"
            )
        else:
            line += (
                f"; on the {verdict.margin_deals} deals both were valued on, {verdict.contract} nets "
                f"{ours:+.2f} and {alternative} {theirs:+.2f}, a difference of {verdict.margin:+.2f} "
                f"±{verdict.margin_ci:.2f} (95%)"
            )
    else:
        line += f"; difference {verdict.margin:+.3f} ±{verdict.margin_ci:.3f} (95%)"
    return line + ("" if verdict.significant else ", inside that interval: a toss-up")


def _verdict_headline(verdict) -> str:
    """``order up: yes (+0.20 ±0.19 points a hand against passing)``: yes or no only when
    the difference is outside its 95% interval, else ``toss-up``."""
    line = f"{verdict.contract}: {verdict.verdict}"
    if verdict.margin is not None:
        against = "passing" if verdict.best_alternative == PASS else str(verdict.best_alternative)
        if verdict.by == "p_win":
            size = f"P(win) {verdict.margin:+.3f} ±{verdict.margin_ci:.3f}"
        else:
            size = f"{verdict.margin:+.2f} ±{verdict.margin_ci:.2f} points a hand"
        line += f" ({size} against {against})"
    return fit(line)


def _verdict_options(verdict) -> list[str]:
    """The bid and its alternatives after the table's bids, each on its own deals."""
    table = verdict.table
    with_score = verdict.by == "p_win"
    shown = verdict_options_shown(verdict)
    width = _name_width([str(option.bid) for option in shown])
    best = verdict.best_bid
    lines = [
        f"after the others bid by the table model ({table.model}), each option on its own deals "
        "(> = the best): net = your team's points minus theirs a hand"
        + ("; P(win) the game after this hand" if with_score else "")
        + _inference_text(table),
        *_low_acceptance(table),
        f"  {'option':<{width}} {'net':>6} {'±95%':>5} {'we play':>7} {'outbid':>6}"
        + (f" {'P(win)':>6} {'±95%':>5}" if with_score else "")
        + f" {'deals':>6}",
    ]
    for option in shown:
        outbid = "     -" if option.p_overcalled is None else f"{option.p_overcalled:>6.3f}"
        line = (
            f"{_mark(option.bid, best)}{option.bid!s:<{width}} {_signed(option.ev_net, 6)} "
            f"{option.ev_net_ci:>5.2f} {option.p_we_play:>7.3f} {outbid}"
        )
        if with_score:
            line += f" {option.p_win:>6.3f} {option.p_win_ci:>5.3f}"
        lines.append(line + f" {option.deals:>6}")
        if option is verdict.option or option.bid == PASS:  # who took the contract, how often
            lines.append(f"      ended: {_endings(option)}")
    hidden = len(verdict.alternatives) + 1 - len(shown)
    if hidden:
        lines.append(f"  ... and {hidden} more alternatives, each worth less (all of them in --json)")
    return lines


def verdict_options_shown(verdict) -> list:
    """The bid, then passing, the best alternative and the best others (at most
    SHOWN_OPTIONS in all), best first."""
    value = (lambda o: o.p_win) if verdict.by == "p_win" else (lambda o: o.ev_net)
    others = sorted(verdict.alternatives, key=value, reverse=True)
    shown = [o for o in others if o.bid == PASS or o.bid == verdict.best_alternative]
    shown += [o for o in others if o not in shown][: max(0, SHOWN_OPTIONS - 1 - len(shown))]
    return [verdict.option, *sorted(shown, key=value, reverse=True)]


def _inference_text(table) -> str:
    if table.inference != "none" and table.dealt:
        kish = f", the weights' Kish ESS {table.weights_ess:,.0f}" if table.weights_ess is not None else ""
        unheard = f"; {unheard_text(table.unheard)}" if table.unheard else ""
        gave_up = f" (no deal explains the auction exactly: {table.unexplained})" if table.unexplained else ""
        return (
            f"; deals kept by {table.inference} inference{gave_up}: {percent(table.acceptance)} of "
            f"{table.dealt:,} dealt" + kish + unheard
        )
    return ""


def _low_acceptance(table) -> list[str]:
    """Why inference kept few deals: the earlier bid that rejects the most of them."""
    if table.rejected_by is None:
        return []
    return [
        f"low acceptance: {table.rejected_by} rejects {percent(table.rejected_share)} of the deals "
        f"dealt (the table model makes that bid there from few hands); every interval uses the deals kept"
    ]


__all__ = ["advice_line", "analysis_csv", "format_analysis", "format_verdict", "verdict_options_shown"]


def play_comparison_dict(results: dict) -> dict:
    """``analyse --compare-play --json``: each contract's P(make) and mean tricks per model."""
    first = next(iter(results.values()))
    # the worlds a decision of the model that samples them (PIMC), when it was compared
    sampling = [result for model, result in results.items() if play_model(model).samples_worlds]
    return {
        "deals": first.settings.deals,
        "seed": first.settings.seed,
        "worlds": sampling[0].settings.worlds if sampling else None,
        "note": STRATEGY_FUSION,
        "contracts": [
            {
                "contract": str(estimate.contract),
                **{
                    model: {
                        "p_make": result.estimates[i].p_make,
                        "mean_tricks": result.estimates[i].mean_tricks,
                    }
                    for model, result in results.items()
                },
            }
            for i, estimate in enumerate(first.estimates)
        ],
    }


def format_play_comparison(results: dict) -> str:
    """``analyse --compare-play``: P(make) and mean tricks of each contract per play model."""
    table = play_comparison_dict(results)
    models = list(results)
    first = next(iter(results.values())).settings
    lines = [
        f"variant {variant_text(first.variant)}",
        f"hand {first.hand}, seat {first.seat}, dealer {first.dealer}"
        + (f", upcard {first.upcard}" if first.upcard else ""),
        f"the same {table['deals']} deals under each play model, seed {table['seed']}"
        + (f"; pimc: {table['worlds']} worlds a decision" if table["worlds"] else ""),
    ]
    width = _name_width([row["contract"] for row in table["contracts"]])
    lines += [
        "",
        f"  {'':<{width}}" + "".join(f" {model:^13}" for model in models),
        f"  {'contract':<{width}}" + "".join(f" {'P(make)':>7} {'mean':>5}" for _ in models),
    ]
    for row in table["contracts"]:
        lines.append(
            f"  {row['contract']:<{width}}"
            + "".join(
                f" {probability_in(row[model]['p_make'], 7)} {row[model]['mean_tricks']:>5.2f}"
                for model in models
            )
        )
    lines += ["", fill(STRATEGY_FUSION, indent="")]
    lines = [fit(line) for line in lines]
    return "\n".join(lines) + "\n"
