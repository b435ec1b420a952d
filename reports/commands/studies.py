"""The study commands: study (every seat of many deals played under every contract,
rows to Parquet), chart (its summaries, charts and index page rebuilt from the rows) and
strategy-chart (a strategy's one-page chart, valued by the analyser against the table)."""

from __future__ import annotations

import json
import os
import re
import sys

import click

from ...interrupt import INTERRUPTED
from ...simulate.choices import DEFAULT_TABLE, MAX_WORLDS, PIMC_WORLDS
from ...simulate.play.models import STRATEGY_CHART, STUDY
from ...simulate.rules.variants import RulesError, as_variant
from ..progress import ProgressBar
from .shared import (
    VariantName,
    WholeNumber,
    backend_options,
    compiles_kernels,
    play_option,
    report_line,
    seed_option,
    variant_option,
)

STUDY_HELP_WORKERS = (
    "Processes computing chunks (local pool or Dask LocalCluster; at most one per core). [default: all cores]"
)


@click.command()
@variant_option()
@click.option(
    "--hands",
    "-n",
    type=WholeNumber(min=1),
    required=True,
    help="Deals to study; every seat of a deal is a row (with --trumps, seat 1 only).",
)
@seed_option("Seed of the deals and the play.")
@click.option(
    "--out", type=click.Path(file_okay=False), required=True, help="Study directory (new, or --resume)."
)
@click.option(
    "--contracts",
    type=click.Choice(["all", "lone"]),
    default="all",
    show_default=True,
    help="Six seats: every contract, or only the sweep contracts (Pig, Hog, Alone), which "
    "exact play answers at about 550-750 rows/s on 2 cores.",
)
@click.option(
    "--trumps",
    type=WholeNumber(min=0),
    default=None,
    metavar="N",
    help="Study strong hands on purpose: deal seat 1 at least N Hearts (the left bower counts as a "
    "Heart), uniformly among such hands, and play seat 1 as the bidder with Hearts trump only; "
    "the summaries say how rare such hands are. Six seats only. [default: random deals, every seat]",
)
@play_option(
    STUDY,
    None,
    "Play model. [default: dd for euchre and piq and for --contracts lone; heuristic for "
    "six seats with every contract, where exact play of the six-seat level contracts takes "
    "seconds a deal]",
)
@click.option(
    "--worlds",
    type=WholeNumber(min=1, max=MAX_WORLDS),
    default=None,
    metavar="K",
    help=f"With --play pimc: worlds per decision, part of the study's identity. [default: {PIMC_WORLDS}]",
)
@click.option("--workers", type=WholeNumber(1, 256), default=None, help=STUDY_HELP_WORKERS)
@backend_options
@click.option(
    "--resume", is_flag=True, help="Continue the study in --out (same parameters); finished chunks stay."
)
@click.option(
    "--chunk-size",
    type=WholeNumber(min=1),
    default=None,
    help="Deals per chunk, part of the study's identity. [default: 2000 four seats; six seats 500 "
    "heuristic, 100 --contracts lone, 10 otherwise; with --trumps 2000, or 100 for dd or pimc play "
    "of every contract]",
)
@click.option(
    "--charts/--no-charts",
    default=True,
    show_default=True,
    help="Rebuild the summaries, charts and index.html when the study is done.",
)
@compiles_kernels
def study(
    variant,
    hands,
    seed,
    out,
    contracts,
    trumps,
    play,
    worlds,
    workers,
    backend,
    scheduler,
    resume,
    chunk_size,
    charts,
):
    """Play every seat of N random deals under every contract; write rows to Parquet.

    Each seat's hand of each deal is a row: its features per denomination and the
    tricks its side takes in every contract of the variant (see DIR/schema.md).  Rows
    stream to DIR/rows in chunks written atomically; after a kill or Ctrl-C, rerun with
    --resume to compute only the missing chunks.  The same seed gives the same rows for
    any --workers and either backend.  With --trumps N every hand studied is dealt on
    purpose with N+ trumps (seat 1 bids, Hearts trump): how strong must a hand be to
    bid Hog?

    \b
    Example:
      euchre-mc study --variant pigs-and-hogs --hands 100000 --seed 1 \\
          --out ph-study
      euchre-mc study --variant pigs-and-hogs --contracts lone \\
          --hands 20000 --out ph-lone
      euchre-mc study --variant pigs-and-hogs --contracts lone \\
          --trumps 7 --hands 5000 --out ph-hog
      euchre-mc study --variant euchre --hands 20000 --seed 1 \\
          --out eu-study --workers 2
      euchre-mc study -v pigs-and-hogs -n 100000 --out ph \\
          --backend dask --scheduler tcp://10.0.0.5:8786
    """
    from ...simulate.study.run import run_study
    from ...simulate.study.store import finished_chunks
    from ..study_summary import format_study_run

    workers = (os.cpu_count() or 1) if workers is None else workers
    if not resume:
        _warn_if_long_study(variant, hands, seed, contracts, trumps, play, worlds, workers, chunk_size)
    try:
        with ProgressBar("study", "row", unit_scale=True) as progress:
            run = run_study(
                variant,
                hands,
                seed,
                out,
                play=play,
                workers=workers,
                backend=backend,
                scheduler=scheduler,
                resume=resume,
                chunk_size=chunk_size,
                progress=progress,
                report=report_line,
                worlds=worlds,
                contracts=contracts,
                trumps=trumps,
            )
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: {len(finished_chunks(out))} chunks are safe in {out}; "
            "continue with the same command and --resume",
            err=True,
        )
        sys.exit(INTERRUPTED)
    click.echo(format_study_run(run), nl=False)
    if charts:
        build_charts(out)


def _warn_if_long_study(variant, hands, seed, contracts, trumps, play, worlds, workers, chunk_size) -> None:
    """Say before a long study starts how long it may take (its values are checked by the
    study itself, which names a bad one)."""
    from ...simulate.rules.variants import as_variant
    from ...simulate.study.run import make_params
    from ..forecast import study_seconds, warn_if_long

    try:
        params = make_params(variant, hands, seed, play, chunk_size, worlds, contracts, trumps)
        players = as_variant(variant).players
        play = params.play
        rows = hands if trumps is not None else hands * players
        seconds = study_seconds(
            players, play, rows, contracts == "lone" or trumps is not None, workers, worlds
        )
    except Exception:  # the study names the bad value itself, in one line
        return
    warn_if_long(
        seconds, f"{rows:,} rows under {play}", ("fewer --hands", "more --workers", "--contracts lone")
    )


@click.command()
@click.argument("directory", type=click.Path(file_okay=False))
def chart(directory):
    """Rebuild every summary, chart and the index page of a study from its rows alone.

    Writes DIR/summary/*.csv and summary.md, DIR/charts/*.png (the one-page strategy
    chart DIR/charts/strategy.png among them) and DIR/index.html.

    \b
    Example:
      euchre-mc chart ph-study
    """
    build_charts(directory)


def build_charts(directory):
    from ..study_charts import build_study_reports

    with ProgressBar("charts", "step") as progress:
        index = build_study_reports(directory, progress=progress)
    click.echo(f"summaries, charts and index: {index}")


# Hands per cell and play models by default: a page in about 10 minutes on 2 cores
# (benchmarks/RESULTS.md); the page states both.
CHART_DEALS = {"classic": 24, "bid": 12}
CHART_PLAY = {"classic": "dd", "bid": "heuristic"}


@click.command("strategy-chart")
@click.argument("variant", type=VariantName(), metavar="VARIANT")
@click.option(
    "--table",
    default=None,
    metavar="STRATEGY",
    help="The strategy charted, which every seat of the table bids by (fitted, balanced, cautious, "
    f"aggressive, score-aware or a .toml file). [default: fitted where one ships for the variant, "
    f"else {DEFAULT_TABLE}]",
)
@click.option(
    "--deals",
    type=WholeNumber(min=1),
    default=None,
    metavar="N",
    help="Hands sampled per cell, each valued on one deal. [default: "
    f"{CHART_DEALS['classic']} euchre and piq, {CHART_DEALS['bid']} pigs-and-hogs and six-handed]",
)
@seed_option("Seed of the sampled hands, their deals and the play.")
@play_option(
    STRATEGY_CHART,
    None,
    f"Play model of every contract valued. [default: {CHART_PLAY['classic']} for euchre and piq, "
    f"{CHART_PLAY['bid']} for six seats, where exact play of the level contracts takes seconds a deal]",
)
@click.option(
    "--score",
    "scores",
    multiple=True,
    metavar="US-THEM",
    help="A score to chart at, the charted seat's team first; repeat it for more (the first "
    "colours the page, the others show how the decisions move). [default: 0-0, 6-8, 8-6 and 9-9 "
    "for euchre and piq; 0-0 for the six-seat games]",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False),
    default="strategy-charts",
    show_default=True,
    help="Directory for strategy-VARIANT.png and strategy-VARIANT.pdf.",
)
@click.option("--json", "as_json", is_flag=True, help="Print every cell as JSON (the files are written too).")
@compiles_kernels
def strategy_chart(variant, table, deals, seed, play, scores, out, as_json):
    """Draw a strategy's one-page chart: what it bids with each class of hand, and what that is worth.

    For each seat (and classic round) and each class of hand -- trumps held, bowers and
    side aces in euchre and piq; trumps, top-trump run and side losers in the six-seat
    games -- the decision the strategy makes on sampled hands of the class, and its
    margin in P(win) over the alternative, valued by the analyser with passing valued
    against the table (never counted as 0).  Writes a landscape A4 page as PNG and PDF.

    \b
    Example:
      euchre-mc strategy-chart euchre --table balanced --out charts
      euchre-mc strategy-chart pigs-and-hogs --deals 4 --out charts
      euchre-mc strategy-chart piq --score 0-0 --score 9-9 --out charts
    """
    from ...simulate.bidding.table_model import table_model
    from ...simulate.study.strategy_cells import check_scores, strategy_map
    from ..strategy_pages import write_strategy_page

    chosen = as_variant(variant)
    asked = check_scores(chosen, [_score(text) for text in scores]) if scores else None
    table = chart_table(chosen) if table is None else table
    model = table_model(table, chosen)
    if model is None:
        raise RulesError(f"--table {table}: a strategy chart charts a strategy; give one, e.g. balanced")
    family = "classic" if chosen.classic else "bid"
    deals = CHART_DEALS[family] if deals is None else deals
    play = CHART_PLAY[family] if play is None else play
    with ProgressBar("strategy chart", "hand") as progress:
        chart = strategy_map(
            chosen, model, deals=deals, seed=seed, play=play, scores=asked, progress=progress
        )
    shown = "".join(f" --score {ours}-{theirs}" for ours, theirs in asked or ())
    command = f"euchre-mc strategy-chart {variant} --table {table} --deals {deals} --seed {seed}"
    command += f" --play {play}{shown}"
    paths = write_strategy_page(chart, out, command)
    if as_json:
        click.echo(json.dumps({**chart.to_json(), "files": [str(p) for p in paths]}, indent=2))
        return
    for path in paths:
        click.echo(f"strategy chart: {path}")
    click.echo(f"{sum(len(p.cells) for p in chart.panels)} cells in {chart.seconds:.0f} s")


def chart_table(variant) -> str:
    """The strategy a chart draws by default: the variant's fitted one where it ships."""
    from ...simulate.bidding.strategy import FITTED, fitted_path

    return FITTED if fitted_path(variant).is_file() else DEFAULT_TABLE


def _score(text: str) -> tuple[int, int]:
    """``US-THEM`` (``6-8``; points may be negative: ``-4-10``) as a pair, or a one-line error."""
    match = re.fullmatch(r"\s*(-?\d+)\s*-\s*(-?\d+)\s*", text)
    if match is None:
        raise RulesError(f"--score {text!r}: give your team's points and the other team's, e.g. 6-8")
    return int(match.group(1)), int(match.group(2))


__all__ = ["build_charts", "chart", "chart_table", "strategy_chart", "study"]
