"""The analysis commands: analyse, should-i-bid and demo, over simulate.analysis.

The options every analysis shares (:func:`analysis_options`) become the analyser's
arguments here, at the edge; the analyser plays, values and advises, and
reports.analysis_text and reports.charts format what it returns.
"""

from __future__ import annotations

import json
import sys
from dataclasses import replace
from pathlib import Path

import click

from ...interrupt import INTERRUPTED
from ...simulate.choices import (
    ALTERNATIVE_DEALS,
    DEFAULT_GIFT_POLICY,
    DEFAULT_MAX_DEALS,
    DEFAULT_PLAY,
    DEFAULT_SEED,
    GIFT_POLICY_NAMES,
    MAX_DEALS,
    OPTION_DEALS,
    PIMC_PLAY_EVIDENCE,
    PLAY_EVIDENCE_MODES,
)
from ...simulate.play.models import ANALYSE, COMPARE_PLAY, offered_by
from ...simulate.rules.variants import as_variant
from ..files import OutputError, check_chart_path
from ..forecast import analysis_seconds, verdict_seconds, warn_if_long
from ..lines import fit
from ..progress import ProgressBar, compile_ahead
from .shared import (
    KNOWN_OPTIONS,
    WholeNumber,
    backend_options,
    compiles_kernels,
    inference_option,
    library_seat,
    output_options,
    parse_score,
    play_option,
    score_option,
    seat_option,
    seed_option,
    table_option,
    variant_option,
    worlds_option,
)

DEMO_VARIANT = "pigs-and-hogs"
DEMO_HAND = "JH JH JD AH KH QH 9S AC"  # two right bowers, a left bower, A K Q of Hearts
# Every contract of the demo hand needs six exact six-seat solves per deal for the level
# contracts: 100 deals keep `make demo` to a minute or two on two cores.
DEMO_DEALS = 100


def analysis_options(command):
    """The options every analysis command shares (what the player knows, how to estimate)."""
    options = [
        variant_option(),
        click.option(
            "--hand",
            required=True,
            metavar="CARDS",
            help="Your cards, e.g. 'JH JH JD AH KH QH 9S AC' (10 or T for tens).",
        ),
        click.option(
            "--seat",
            type=int,
            default=1,
            show_default=True,
            metavar="SEAT",
            help="Your seat, 1..N clockwise.",
        ),
        seat_option("--dealer", "The dealer's seat (default: the last seat)."),
        click.option(
            "--auction",
            default=None,
            metavar="BIDS",
            help="Bids so far from the dealer's left, e.g. '3 Clubs, pass' "
            "(default: everyone before you passed).",
        ),
        click.option("--upcard", default=None, metavar="CARD", help="Classic variants: the turned-up card."),
        *KNOWN_OPTIONS,
        table_option,
        inference_option(
            "exact: keep only deals on which each earlier bidder would have bid as given "
            "(under --table); soft: keep each deal with probability that the earlier bidders bid as "
            "given, every threshold of the table model a logistic of width 0.05; none: uniform deals.",
        ),
        score_option("advise by the chance of winning the game."),
        click.option(
            "--round",
            "round_",
            type=int,
            default=None,
            metavar="1|2",
            help="Classic variants: analyse round 1 (order up) or round 2 (call) only.",
        ),
        click.option(
            "--deals",
            type=WholeNumber(1, MAX_DEALS),
            default=None,
            metavar="N",
            help=f"Deals to play (default 2000; with --precision, the first batch, default 500; "
            f"at most {MAX_DEALS:,}).",
        ),
        click.option(
            "--precision",
            type=click.FloatRange(0, 0.5, min_open=True, max_open=True),
            default=None,
            metavar="H",
            help="Deal until every P(make) 95% interval's half-width is below H, e.g. 0.01.",
        ),
        click.option(
            "--max-deals",
            type=WholeNumber(1, MAX_DEALS),
            default=DEFAULT_MAX_DEALS,
            show_default=True,
            metavar="N",
            help=f"Cap on deals with --precision (at most {MAX_DEALS:,}); with --inference it also "
            "bounds the deals dealt to find the consistent ones (8 N, at most 400,000).",
        ),
        play_option(
            ANALYSE,
            DEFAULT_PLAY,
            "Play model: double dummy, PIMC (single dummy: see docs/pimc.md), rules of thumb, "
            "or random legal cards.",
        ),
        worlds_option(),
        click.option(
            "--play-evidence",
            type=click.Choice(PLAY_EVIDENCE_MODES),
            default=PIMC_PLAY_EVIDENCE,
            show_default=True,
            help="With --play pimc: what the cards each seat saw played say of the hands it "
            "cannot see: exact keeps its worlds in which the rules of thumb would have played "
            "them all, soft weighs each world by how likely, none ignores them.",
        ),
        seed_option("Seeds the deals (and random play).", DEFAULT_SEED, "N"),
        click.option(
            "--gift-policy",
            type=click.Choice(sorted(GIFT_POLICY_NAMES)),
            default=DEFAULT_GIFT_POLICY,
            show_default=True,
            help="Pig / six-handed Alone: the card each partner gives.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _levers(question, verdict: bool = False) -> tuple[str, ...]:
    """The options that shorten an analysis of ``question`` (a verdict's: its option
    and alternative deals rather than --contracts), the play model's first."""
    pimc = question.model.samples_worlds
    middle = ("--option-deals", "--alternative-deals") if verdict else ("--contracts",)
    return (
        "fewer --deals or --worlds" if pimc else "fewer --deals",
        *middle,
        "--play dd" if pimc else "--play heuristic",
    )


def _planned_deals(run) -> int:
    """The main deals a run plays first (a precision run may deal more later)."""
    from ...simulate.analysis.runner import deal_counts

    return deal_counts(run["deals"], run["precision"], run["max_deals"])[0]


def _analysis_question(
    variant,
    hand,
    seat,
    dealer,
    auction,
    upcard,
    known,
    void,
    length,
    table,
    inference,
    score,
    round_,
    deals,
    precision,
    max_deals,
    play,
    worlds,
    play_evidence,
    seed,
    gift_policy,
    contracts=None,
):
    """The analysis question, checked once here, and how to run it (deals, precision)."""
    from ...simulate.dealing.constraints import parse_known, parse_lengths

    chosen = as_variant(variant)
    # the options read without the kernels are checked first, so a bad one fails at once
    asked = dict(
        score=parse_score(score),
        known=parse_known(known, chosen),
        constraints=parse_lengths(void, length, chosen),
        seat=library_seat(seat, chosen, "your"),
        dealer=library_seat(dealer, chosen, "dealer"),
    )
    from ...simulate.analysis.question import make_question

    question = make_question(
        chosen,
        hand,
        auction=auction,
        contracts=contracts,
        play=play,
        seed=seed,
        upcard=upcard,
        round_=round_,
        gift_policy=gift_policy,
        table=table,
        inference=inference,
        worlds=worlds,
        play_evidence=play_evidence,
        **asked,
    )
    return question, dict(deals=deals, precision=precision, max_deals=max_deals)


@click.command()
@analysis_options
@click.option(
    "--contracts",
    default=None,
    metavar="BIDS",
    help="Only these contracts, e.g. 'Hog Hearts, 6 Low' (default: every contract).",
)
@output_options("Print the settings, advice and rows as JSON.", "Print the rows as CSV.")
@click.option(
    "--all",
    "every_contract",
    is_flag=True,
    help="Print every contract (P(make), interval, tricks, points, trick distribution) and every "
    "option, not only the advice and the best options.",
)
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE.png",
    help="Also draw the trick distributions, net points and P(make) per contract, and each option "
    "after the other seats' bids, to this file.",
)
@click.option(
    "--compare-play",
    is_flag=True,
    help="Play the same deals double dummy, by PIMC and by the rules of thumb, and print each "
    "contract's P(make) and mean tricks side by side (--play is ignored).",
)
@backend_options
@click.option(
    "--workers",
    type=WholeNumber(1, 256),
    default=None,
    metavar="K",
    help="With --backend dask and no --scheduler: worker processes of the LocalCluster "
    "(default: one per core).",
)
@compiles_kernels
def analyse(contracts, output, every_contract, plot, compare_play, backend, scheduler, workers, **options):
    """Estimate every contract for your hand and advise the best bid.

    For each contract: P(make) with its 95% interval, mean tricks, the trick
    distribution, expected points for your team and net of the defenders' points, all
    on the same deals.  Then the legal bid with the best net expectation.  The text
    leads with the advice and the best options; --all prints every contract.

    \b
    Example:
      euchre-mc analyse --variant pigs-and-hogs --hand "JH JH JD AH KH QH 9S AC"
      euchre-mc analyse --variant pigs-and-hogs \\
          --hand "JH JH JD AH KH QH 9S AC" \\
          --seat 3 --auction "3 Clubs, pass" \\
          --contracts "Hog Hearts, 6 Low" --json
      euchre-mc analyse --variant euchre --hand "JH JD AH 9C TS" \\
          --upcard 9H --seat 4
      euchre-mc analyse --hand "JH JH JD AH KH QH 9S AC" --play pimc \\
          --backend dask --workers 2
    """
    cluster = dict(backend=backend, scheduler=scheduler, workers=workers)
    if compare_play:
        _compare_play(contracts, output, cluster, **options)
        return
    question, run = _analysis_question(contracts=contracts, **options)
    if plot:
        check_chart_path(plot)
    deals = _planned_deals(run)
    warn_if_long(
        analysis_seconds(question, deals),
        f"{deals} deals under {question.play}",
        _levers(question),
        question.play,
    )
    from ...simulate.analysis.analyse import analyse_hand
    from ..analysis_text import analysis_csv, format_analysis
    from ..charts import save_analysis_chart

    with ProgressBar("analysing", "deal") as progress:
        result = analyse_hand(question, progress=progress, **run, **cluster)
    if output == "json":
        click.echo(result.to_json(indent=1))
    elif output == "csv":
        click.echo(analysis_csv(result), nl=False)
    else:
        click.echo(format_analysis(result, full=every_contract), nl=False)
    if plot:
        save_analysis_chart(result, plot)
        click.echo(f"chart written to {plot}", err=output != "table")
    _exit_if_interrupted(result.settings)


def _compare_play(contracts, output, cluster, **options) -> None:
    """``analyse --compare-play``: one analysis per play model on the same deals."""
    from ...simulate.analysis.analyse import compare_play
    from ..analysis_text import format_play_comparison, play_comparison_dict

    if options["play_evidence"] != "none":  # it weighs the pimc column's worlds; --play is ignored
        options = {**options, "play": "pimc"}
    question, run = _analysis_question(contracts=contracts, **options)
    deals = _planned_deals(run)
    models = offered_by(COMPARE_PLAY)
    seconds = sum(analysis_seconds(replace(question, play=model), deals) for model in models)
    levers = ("fewer --deals or --worlds", "--contracts")
    warn_if_long(seconds, f"{deals} deals under {', '.join(models)}", levers)
    results = {}
    for model in offered_by(COMPARE_PLAY):
        with ProgressBar(f"analysing ({model})", "play") as progress:
            results.update(compare_play(question, progress=progress, models=(model,), **run, **cluster))
    if output == "json":
        click.echo(json.dumps(play_comparison_dict(results), indent=1))
    else:
        click.echo(format_play_comparison(results), nl=False)


@click.command("should-i-bid")
@click.argument("contract_words", metavar="BID", nargs=-1, required=True)
@analysis_options
@click.option(
    "--against",
    default=None,
    metavar="BIDS",
    help="Compare only with these legal bids, e.g. 'Pig Hearts, 6 Hearts' (default: every legal bid).",
)
@click.option(
    "--alternative-deals",
    type=WholeNumber(min=1),
    default=ALTERNATIVE_DEALS,
    show_default=True,
    metavar="N",
    help="Deals the alternatives are played on: the first N of BID's deals, paired with BID there.",
)
@click.option(
    "--option-deals",
    type=WholeNumber(min=1),
    default=OPTION_DEALS,
    show_default=True,
    metavar="N",
    help="Deals BID and passing are valued on after the other seats' bids: the first N of BID's deals.",
)
@output_options("Print the verdict and its numbers as JSON.", "Print the verdict as one CSV line.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE.png",
    help="Also chart BID, passing and the alternatives after the other seats' bids to this file.",
)
@compiles_kernels
def should_i_bid_command(contract_words, against, alternative_deals, option_deals, output, plot, **options):
    """Yes, no or a toss-up for one bid, with the numbers behind it.

    Compares what BID is worth once the other seats have bid after it under the table
    model (--table; the final contract played out and scored for your team) with what
    passing and every other legal bid (or only those of --against) are worth, on the
    same deals: BID is played on all its deals (--deals, default 2000), BID and passing
    are valued after the table's bids on the first --option-deals of them, the other
    bids beside BID on the first --alternative-deals.  With --score the measure is the
    chance of winning the game.  With --table none the bids are compared as played and
    passing counts as 0.  Bids that score the same are named as a range, ties go to the
    higher bid, as in analyse's advice.  The output says what was compared, how each
    option was estimated and on how many deals; the answer is yes or no only when the
    difference from the best alternative is outside its 95% interval, else a toss-up.

    \b
    Example:
      euchre-mc should-i-bid "Hog Hearts" --variant pigs-and-hogs \\
          --hand "JH JH JD JD AH AH KH AC" --against "Pig Hearts"
      euchre-mc should-i-bid "order up" --variant euchre \\
          --hand "JH JD AH 9C TS" --upcard 9H --json
      euchre-mc should-i-bid "Hog Hearts" \\
          --hand "JH JH JD AH AH KH QH AC" --score 44-30 --plot hog.png
    """
    contract = " ".join(contract_words)  # the bid may come quoted or as words: Hog Hearts
    question, run = _analysis_question(**options)
    if plot:
        check_chart_path(plot)
    deals = _planned_deals(run)
    from ...simulate.rules.contracts import parse_contract

    bid = parse_contract(contract, question.variant, question.upcard)  # its one error, before the run
    warn_if_long(
        verdict_seconds(question, bid, deals, option_deals, alternative_deals),
        f"{deals} deals under {question.play}",
        _levers(question, verdict=True),
        question.play,
    )
    from ...simulate.analysis.verdicts import should_i_bid
    from ..analysis_text import format_verdict

    with ProgressBar("analysing", "deal") as progress:
        verdict = should_i_bid(
            contract,
            question,
            against=against,
            alternative_deals=alternative_deals,
            option_deals=option_deals,
            progress=progress,
            **run,
        )
    if output == "json":
        click.echo(verdict.to_json(indent=1))
    elif output == "csv":
        click.echo(verdict.to_frame().to_csv(index=False, lineterminator="\n"), nl=False)
    else:
        click.echo(format_verdict(verdict), nl=False)
    if plot:
        if verdict.option is None:  # --table none or an interrupted run: no options to chart
            click.echo(f"no chart written to {plot}: there are no options after the table's bids", err=True)
        else:
            from ..charts import save_verdict_chart

            save_verdict_chart(verdict, plot)
            click.echo(f"chart written to {plot}", err=output != "table")
    _exit_if_interrupted(verdict.settings)


def _exit_if_interrupted(settings) -> None:
    """After Ctrl-C the results on the finished deals are printed; the status says so."""
    if settings.interrupted:
        click.echo(f"interrupted: the results above use the {settings.deals} deals finished", err=True)
        sys.exit(INTERRUPTED)


@click.command()
@click.option(
    "--out",
    "out_dir",
    type=click.Path(file_okay=False),
    default="demo-out",
    show_default=True,
    help="Directory for the chart.",
)
@click.option(
    "--deals",
    type=WholeNumber(1, MAX_DEALS),
    default=DEMO_DEALS,
    show_default=True,
    metavar="N",
    help="Deals to play.",
)
@seed_option("Seeds the deals.", DEFAULT_SEED, "N")
def demo(out_dir, deals, seed):
    """Analyse a built-in Pigs-and-Hogs hand and draw its chart.

    The hand JH JH JD AH KH QH 9S AC in seat 1 (dealer seat 6): every contract with
    double-dummy play, the advice, and a chart in OUT/demo.png.  On a first run the
    kernels it uses compile first (the others compile when a command needs them).

    \b
    Example:
      euchre-mc demo --out demo-out
    """
    from ...simulate.analysis.analyse import analyse_hand
    from ..analysis_text import format_analysis
    from ..charts import save_analysis_chart

    path = Path(out_dir) / "demo.png"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"--out {out_dir!r} cannot be made: {error.strerror or error}") from None
    check_chart_path(path)
    from ...simulate.analysis.question import make_question
    from ...simulate.runtime.compiling import demo_groups_to_compile

    question = make_question(as_variant(DEMO_VARIANT), DEMO_HAND, seed=seed)
    warn_if_long(analysis_seconds(question, deals), f"{deals} deals under dd", ("fewer --deals",))
    # the demo is most users' first run: whether on a terminal or not, its groups compile
    # at once, in parallel, rather than one kernel after another as the analysis calls them
    compile_ahead(demo_groups_to_compile())
    click.echo(fit(f"Demo: analysing {DEMO_HAND} in {DEMO_VARIANT}, seat 1, dealer 6 ({deals} deals)."))
    with ProgressBar("analysing", "deal") as progress:
        result = analyse_hand(DEMO_VARIANT, DEMO_HAND, deals=deals, seed=seed, progress=progress)
    click.echo(format_analysis(result), nl=False)
    save_analysis_chart(result, path)
    shown = path.resolve()
    if shown.is_relative_to(Path.cwd().resolve()):  # short enough for a line: from here
        shown = shown.relative_to(Path.cwd().resolve())
    click.echo(f"\nChart written to {shown}")


__all__ = ["DEMO_HAND", "DEMO_VARIANT", "analyse", "analysis_options", "demo", "should_i_bid_command"]
