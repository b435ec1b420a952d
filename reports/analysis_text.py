"""Text and CSV forms of a hand analysis and the text of a should-i-bid verdict (their
JSON forms are the results' own ``to_json()``).

The text table fits in 100 columns: one line per contract with P(make), its 95% Wilson
interval, mean tricks, expected points (bidding team, and net of the defenders' points
with its 95% half-width) and the trick distribution in percent.  Bid-euchre contracts
are grouped by denomination; the levels of a denomination share one distribution, so
it is printed once per group.
"""

from __future__ import annotations

import io
import textwrap

import pandas as pd

from ..simulate.choices import STRATEGY_FUSION
from ..simulate.play.models import play_model
from ..simulate.rules.contracts import PASS, same_score_text
from ..simulate.rules.variants import ORDER_UP
from .numbers import probability, probability_in

WIDTH = 100
_KIND_ORDER = {"level": 0, "pig": 1, "alone": 1, "hog": 2, "order up": 0, "call": 1}


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


def format_analysis(result) -> str:
    """The analysis as a text report readable in 100 columns."""
    settings = result.settings
    size = len(result.estimates[0].tricks) - 1
    classic = result.classic
    lines = [
        f"variant {settings.variant}",
        f"hand {settings.hand}, seat {settings.seat}, dealer {settings.dealer}"
        + (f", upcard {settings.upcard}" if classic else ""),
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
        lines.append(textwrap.fill(STRATEGY_FUSION, width=100, subsequent_indent="  "))
        lines.append(_bids_in_worlds(settings))
    if settings.known:
        lines.append(f"known cards: {settings.known}")
    if settings.constraints:
        lines.append(f"suit lengths: {settings.constraints}; the deals are uniform over those that fit")
    lines += _table_header(result.table)
    lines += [
        "",
    ]
    march = f" {'march':>5}" if classic else ""
    header = (
        f"  {'contract':<21} {'P(make)':>7} {'95% CI':^11} {'mean':>4} {'EV':>6} {'net':>6} "
        f"{'±95%':>5}{march}  "
    )
    lines += [
        " " * len(header) + "tricks taken, % of deals",
        header + "".join(f"{t:>3}" for t in range(size + 1)),
    ]
    previous_tricks, previous_denom = None, None
    best = result.advice.bid
    for row in _display_order(result):
        denom = row.contract.denom
        if not classic and previous_denom is not None and denom != previous_denom:
            lines.append("")
        name = str(row.contract) if row.legal else f"({row.contract})"
        mark = "> " if row.contract == best else "  "
        distribution = ""
        if row.tricks != previous_tricks or denom != previous_denom:
            distribution = "".join(f"{100 * p:>3.0f}" if p else "  ." for p in row.tricks)
        march = f" {probability_in(row.p_march, 5)}" if classic else ""
        interval = f"{probability_in(row.ci_low, 5).strip()}-{probability_in(row.ci_high, 5).strip()}"
        lines.append(
            f"{mark}{name:<21} {probability_in(row.p_make, 7)} {interval:<11} "
            f"{row.mean_tricks:>4.2f} {_signed(row.ev, 6)} {_signed(row.ev_net, 6)} "
            f"{row.ev_net_ci:>5.2f}{march}  {distribution}"
        )
        previous_tricks, previous_denom = row.tricks, denom
    lines += _option_lines(result)
    lines += ["", _advice_line(result.advice)]
    lines += _discard_lines(result)
    lines += [
        "",
        "P(make) with its 95% Wilson interval; mean = the bidder side's mean tricks; EV = the",
        "bidding team's expected points; net = bidding team minus defenders (±95% half-width).",
        "(contract) = not a legal bid after the auction; > = the advice."
        + (
            "  Passing counts as 0 (--table none)."
            if result.table is None or result.table.model is None
            else ""
        ),
    ]
    return "\n".join(_fit(line) for line in lines) + "\n"


def _fit(line: str) -> str:
    """A line as it is if it fits, else wrapped at spaces: nothing is ever cut off (a
    variant's canonical text stays whole, so it can be copied)."""
    line = line.rstrip()
    if len(line) <= WIDTH:
        return line
    return "\n".join(
        textwrap.wrap(line, WIDTH, subsequent_indent="    ", break_long_words=False, break_on_hyphens=False)
    )


def _assumed(settings) -> str:
    return " (assumed: everyone before you passed)" if settings.auction_assumed and settings.auction else ""


def _bids_in_worlds(settings) -> str:
    """One line: do PIMC's worlds explain the earlier bids (docs/pimc.md, "The auction")?"""
    if settings.worlds_hear_bids:
        return "PIMC worlds explain the earlier bids under the table model, as the deals do"
    return "PIMC worlds ignore the bids (they are tested only with exact inference from a given auction)"


def _play_text(settings) -> str:
    """The play model, with its worlds per decision under PIMC."""
    if settings.worlds is None:
        return settings.play
    return f"{settings.play} ({settings.worlds} worlds a decision)"


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
            inferred = (
                f"; inference: kept the deals on which every earlier bid is the model's "
                f"({table.acceptance:.1%} of {table.dealt:,} dealt)"
            )
        elif table.inference == "soft" and table.dealt:
            inferred = (
                f"; soft inference (logistic width {table.soft_scale}): kept each deal with probability "
                f"the earlier bids' likelihood ({table.acceptance:.1%} of {table.dealt:,} dealt, the "
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
    """Each option after the rest of the table bids: the advice compares these."""
    if not result.options:
        return []
    table = result.table
    with_score = table is not None and table.score is not None
    lines = [
        "",
        "Your options, after the others bid"
        + (f" by the table model ({table.model})" if table.model else " (no table model: nobody else bids)")
        + ": your team's points minus theirs, on the same deals"
        + ("; P(win) the game after this hand, with its change" if with_score else ""),
        f"  {'option':<21} {'net':>6} {'±95%':>5} {'we play':>7} {'outbid':>6}"
        + (f" {'P(win)':>6} {'±95%':>5} {'change':>6}" if with_score else ""),
    ]
    best = result.advice.bid
    shown = shown_options(result)
    for option in shown:
        mark = "> " if option.bid == best else "  "
        outbid = "     -" if option.p_overcalled is None else probability_in(option.p_overcalled, 6)
        line = (
            f"{mark}{option.bid!s:<21} {_signed(option.ev_net, 6)} {option.ev_net_ci:>5.2f} "
            f"{probability_in(option.p_we_play, 7)} {outbid}"
        )
        if with_score:
            line += f" {probability_in(option.p_win, 6)} {option.p_win_ci:>5.3f} {option.delta_p_win:>+6.3f}"
        lines.append(line)
        ended = ", ".join(f"{who} {share:.0%}" for who, share in option.outcomes)
        lines.append(_fit(f"      ended: {ended}"))
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
    with_score = result.table is not None and result.table.score is not None
    value = (lambda o: o.p_win) if with_score else (lambda o: o.ev_net)
    keep = {id(o) for o in options if o.bid == PASS or o.bid == result.advice.bid}
    for option in sorted(options, key=value, reverse=True):
        if len(keep) >= SHOWN_OPTIONS:
            break
        keep.add(id(option))
    return [o for o in options if id(o) in keep]


def _advice_line(advice) -> str:
    if advice.bid is None:
        return f"Advice: none ({advice.reason})."
    if advice.by == "p_win":
        text = f"Advice: {advice.bid} (the best chance of winning the game; net {advice.ev_net:+.2f} a hand"
        if advice.runner_up is not None:
            text += f"; P(win) {advice.margin:+.3f} ±{advice.margin_ci:.3f} against {advice.runner_up}"
        return text + ")."
    text = f"Advice: {advice.bid} (net {advice.ev_net:+.2f} a hand"
    if advice.runner_up is not None:
        text += (
            f", {advice.margin:.2f} ±{advice.margin_ci:.2f} more than "
            f"{advice.runner_up} at {advice.runner_up_ev_net:+.2f}"
            + ("" if advice.margin > advice.margin_ci else ", not significant")
        )
    text += ")."
    if advice.equivalent:
        # the one rule of every command: bids that score alike go to the highest of them
        text += f" {same_score_text((advice.bid, *advice.equivalent))} score the same on every deal;"
        text += " the highest is advised."
    return text


def _discard_lines(result) -> list[str]:
    if not result.discard_search:
        return []
    deals = result.settings.search_deals
    lines = [
        "",
        f"Discard search on {deals} separate deals (the rows above replay the first choice "
        f"on the main deals):",
    ]
    for contract, table in result.discard_search.items():
        name = str(contract)
        if contract.kind == ORDER_UP:  # a dealer's pick-up: the discard with the best net points
            options = [f"{r.discards} {r.ev_net:+.2f}" for r in table[:4]]
            lines.append(f"  {name:<21} discard (net): " + ", ".join(options))
        else:
            options = [f"{r.discards} {probability(r.p_make)}" for r in table]
            widest = max((r.ci_high - r.ci_low) / 2 for r in table)
            lines.append(f"  {name:<21} discard, P(make): " + ", ".join(options) + f"  (±{widest:.3f})")
    return lines


def format_verdict(verdict) -> str:
    """A should-i-bid verdict: the yes/no line, the numbers behind it, the reason."""
    lines = [f"{verdict.contract}: {verdict.verdict}"]
    lines.append(
        f"P(make) {probability(verdict.p_make)} (95% CI {probability(verdict.ci_low)}-"
        f"{probability(verdict.ci_high)}, "
        f"{verdict.deals} deals); net {verdict.ev_net:+.2f} a hand"
        + (" as played" if verdict.option is not None else "")
    )
    if verdict.option is not None:
        lines += _verdict_options(verdict)
    if verdict.best_alternative is not None:
        digits = 3 if verdict.by == "p_win" else 2
        best = verdict.alternative(verdict.best_alternative)
        value = best.p_win if verdict.by == "p_win" and best is not None else verdict.best_alternative_ev_net
        shown = f"P(win) {value:.3f}" if verdict.by == "p_win" else f"{value:+.2f}"
        if verdict.by == "net":
            shown = "net " + shown
        lines.append(
            f"best alternative: {verdict.best_alternative} at {shown}; "
            f"difference {verdict.margin:+.{digits}f} ±{verdict.margin_ci:.{digits}f} (95%)"
            + ("" if abs(verdict.margin) > verdict.margin_ci else ", not significant")
        )
    if verdict.compared:
        lines.append(f"compared with {verdict.compared}")
    if verdict.estimated:
        lines.append(f"estimated: {verdict.estimated}")
    lines = [_fit(line) for line in lines]
    # The reason is a sentence: wrap it rather than cut it at the table width.
    lines.append(textwrap.fill(f"reason: {verdict.reason}", width=100, subsequent_indent="  "))
    settings = verdict.settings
    if settings:
        lines.append(f"variant {settings.variant}")
        context = f"seat {settings.seat}, dealer {settings.dealer}"
        if settings.upcard:
            context += f", upcard {settings.upcard}"
        lines.append(
            _fit(
                f"{context}, auction '{settings.auction}', play {_play_text(settings)}, seed {settings.seed}"
            )
        )
        if settings.worlds is not None:
            lines.append(textwrap.fill(STRATEGY_FUSION, width=100, subsequent_indent="  "))
            lines.append(_bids_in_worlds(settings))
        for name, value in (("known cards", settings.known), ("suit lengths", settings.constraints)):
            if value:
                lines.append(_fit(f"{name}: {value}"))
    return "\n".join(lines) + "\n"


def _verdict_options(verdict) -> list[str]:
    """The bid and its alternatives after the table's bids, each on its own deals."""
    table = verdict.table
    with_score = verdict.by == "p_win"
    lines = [
        f"after the others bid by the table model ({table.model}): your team's points minus theirs"
        + ("; P(win) the game after this hand" if with_score else "")
        + _inference_text(table),
        *_low_acceptance(table),
        f"  {'option':<21} {'net':>6} {'±95%':>5} {'we play':>7} {'outbid':>6}"
        + (f" {'P(win)':>6} {'±95%':>5}" if with_score else "")
        + f" {'deals':>6}",
    ]
    shown = verdict_options_shown(verdict)
    for option in shown:
        mark = "> " if option is verdict.option else "  "
        outbid = "     -" if option.p_overcalled is None else f"{option.p_overcalled:>6.3f}"
        line = (
            f"{mark}{option.bid!s:<21} {_signed(option.ev_net, 6)} {option.ev_net_ci:>5.2f} "
            f"{option.p_we_play:>7.3f} {outbid}"
        )
        if with_score:
            line += f" {option.p_win:>6.3f} {option.p_win_ci:>5.3f}"
        lines.append(line + f" {option.deals:>6}")
        if option is verdict.option or option.bid == PASS:  # who took the contract, how often
            lines.append(
                _fit("      ended: " + ", ".join(f"{who} {share:.0%}" for who, share in option.outcomes))
            )
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
        return (
            f"; deals kept by {table.inference} inference: {table.acceptance:.1%} of {table.dealt:,} dealt"
            + kish
        )
    return ""


def _low_acceptance(table) -> list[str]:
    """Why inference kept few deals: the earlier bid that rejects the most of them."""
    if table.rejected_by is None:
        return []
    return [
        f"low acceptance: {table.rejected_by} rejects {table.rejected_share:.1%} of the deals dealt (the "
        f"table model makes that bid there from few hands); every interval uses the deals kept"
    ]


__all__ = ["analysis_csv", "format_analysis", "format_verdict", "verdict_options_shown"]


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
        f"variant {first.variant}",
        f"hand {first.hand}, seat {first.seat}, dealer {first.dealer}"
        + (f", upcard {first.upcard}" if first.upcard else ""),
        f"the same {table['deals']} deals under each play model, seed {table['seed']}"
        + (f"; pimc: {table['worlds']} worlds a decision" if table["worlds"] else ""),
        "",
        f"  {'contract':<20}" + "".join(f" {model + ' P(make)':>17} {'mean':>5}" for model in models),
    ]
    for row in table["contracts"]:
        lines.append(
            f"  {row['contract']:<20}"
            + "".join(
                f" {probability_in(row[model]['p_make'], 17)} {row[model]['mean_tricks']:>5.2f}"
                for model in models
            )
        )
    lines += ["", textwrap.fill(STRATEGY_FUSION, width=100)]
    return "\n".join(lines) + "\n"
