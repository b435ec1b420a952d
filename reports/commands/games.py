"""The game commands: games (two bidding strategies play whole games), tune (one
strategy parameter swept against a fixed opponent) and match-equity (the chance of
winning from every score)."""

from __future__ import annotations

import json
import time

import click

from ...simulate.choices import STRATEGY_FUSION
from ...simulate.play.models import GAMES, MATCH_EQUITY, TUNE, play_model
from ...simulate.rules.variants import RulesError, as_variant
from ..files import check_chart_path
from ..forecast import equity_seconds, games_seconds, hands_in_games, warn_if_long
from ..lines import fill, fit
from ..progress import ProgressBar
from .shared import (
    WholeNumber,
    backend_options,
    compiles_kernels,
    exit_interrupted,
    output_options,
    play_option,
    report_line,
    seed_option,
    variant_option,
    worlds_option,
)


def games_options(offered_in: str):
    """Options shared by ``games`` and ``tune``; ``offered_in`` names the command whose play
    models ``--play`` offers."""
    options = [
        click.option(
            "--games",
            "games_count",
            type=WholeNumber(1, 10**9),
            default=1000,
            show_default=True,
            help="Games to play.",
        ),
        seed_option("Seeds every deal."),
        click.option(
            "--workers",
            type=WholeNumber(1, 256),
            default=1,
            show_default=True,
            help="Worker processes, each about 1 s to start: they are started only when the games "
            "would take longer here, and never more than cores (results are the same for any number). "
            "With --backend dask and no --scheduler: the LocalCluster's processes.",
        ),
        play_option(offered_in, "heuristic", "Play model for every hand (pimc: see docs/pimc.md)."),
        backend_options,
    ]

    def decorate(command):
        for option in reversed(options):
            command = option(command)
        return command

    return decorate


@click.command()
@variant_option()
@click.option(
    "--team-a",
    default="fitted",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of the odd seats (1, 3, 5; four seats: 1, 3): fitted (fitted by self-play for "
    "the variant), a built-in (balanced, cautious, aggressive, score-aware) or a .toml file.",
)
@click.option(
    "--team-b",
    default="fitted",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of the even seats (2, 4, 6; four seats: 2, 4).",
)
@games_options(GAMES)
@output_options("Print the results as JSON (no timings).")
@click.option(
    "--trace",
    "trace_index",
    type=int,
    default=None,
    metavar="GAME_INDEX",
    help="Print game GAME_INDEX (0-based) of this seed hand by hand instead of the summary.",
)
@worlds_option()
@compiles_kernels
def games(
    variant, team_a, team_b, games_count, seed, workers, backend, scheduler, play, output, trace_index, worlds
):
    """Play complete games between two bidding strategies and compare win rates.

    Every hand is dealt, bid by each seat's strategy (estimated P(make) against
    per-contract thresholds), exchanged, played under --play and scored, until a team
    reaches the target.  Reports each team's win rate with its 95% interval, points
    per hand, hands per game, and how often each kind of contract was bid, made and set.

    \b
    Example:
      euchre-mc games --variant pigs-and-hogs --team-a cautious \\
          --team-b aggressive --games 2000 --seed 1
      euchre-mc games --variant euchre --team-a my-strategy.toml \\
          --games 500 --json
      euchre-mc games --variant six-handed --trace 3 --seed 1
      euchre-mc games --variant pigs-and-hogs --games 20000 \\
          --backend dask --workers 2
    """
    from ...simulate.bidding.strategy import load_strategy
    from ...simulate.games.game import play_games, trace_game
    from ...simulate.games.results import summarise_games
    from ..game_report import format_games
    from ..traces import format_game_trace, game_trace_dict

    chosen = as_variant(variant)
    teams = (load_strategy(team_a, chosen), load_strategy(team_b, chosen))
    warn_unused(chosen, [team_a, team_b])
    if trace_index is not None:
        totals = trace_game(chosen, *teams, trace_index, seed=seed, play=play)
        if output == "json":
            click.echo(json.dumps(game_trace_dict(totals), indent=1))
        else:
            click.echo(format_game_trace(totals, teams, chosen.players), nl=False)
        return
    hands = hands_in_games(chosen.players, games_count)
    warn_if_long(
        games_seconds(chosen.players, play, hands, workers, worlds),
        f"{games_count:,} games under {play}",
        GAMES_LEVERS,
        play,
    )
    started = time.perf_counter()
    with ProgressBar("games", "game") as progress:
        totals = play_games(
            chosen,
            *teams,
            games_count,
            seed=seed,
            play=play,
            workers=workers,
            progress=progress,
            report=report_line,
            worlds=worlds,
            backend=backend,
            scheduler=scheduler,
        )
    elapsed = time.perf_counter() - started
    summary = summarise_games(totals, chosen, teams, seed, play)
    if output == "json":
        click.echo(summary.to_json(indent=1))
    else:
        click.echo(format_games(summary), nl=False)
        if play_model(play).samples_worlds:
            worlds_text = f"({worlds} worlds a decision, each tested against the hand's auction: "
            worlds_text += f"{summary.worlds_fit.describe()})"
            click.echo(fill(f"{STRATEGY_FUSION} {worlds_text}"))
        where = _where_played(workers, backend, scheduler)
        click.echo(f"played in {elapsed:.1f} s ({totals.games / elapsed:.0f} games/s, {where})", err=True)
    if totals.interrupted:
        exit_interrupted(totals.games, games_count, "games")


GAMES_LEVERS = ("fewer --games", "more --workers", "--play heuristic")


def _where_played(workers: int, backend: str, scheduler: str | None) -> str:
    """Where the games ran, for the timing line: "2 workers", "a Dask LocalCluster of ..."."""
    where = f"{workers} worker{'s' if workers > 1 else ''}"
    if backend == "dask":
        where = f"the Dask cluster at {scheduler}" if scheduler else f"a Dask LocalCluster of {where}"
    return where


@click.command()
@variant_option()
@click.option(
    "--param",
    required=True,
    metavar="NAME",
    help="Strategy parameter to vary, e.g. hog_threshold, level_threshold, or one auction "
    "position's: order_up_threshold@4 (position 1 speaks first, the last is the dealer).",
)
@click.option(
    "--values", "values_text", required=True, metavar="V1,V2,...", help="Values to try, comma separated."
)
@click.option(
    "--against",
    default="cautious",
    show_default=True,
    metavar="STRATEGY",
    help="The fixed opponent (team B, the even seats).",
)
@click.option(
    "--base",
    default=None,
    metavar="STRATEGY",
    help="The strategy whose parameter varies (team A); default: the same as --against.",
)
@games_options(TUNE)
@click.option("--out", "chart_path", default=None, metavar="FILE.png", help="Write the chart here.")
@output_options("Print the table as JSON (no timings).", "Print the table as CSV (one line per value).")
@compiles_kernels
def tune(
    variant,
    param,
    values_text,
    against,
    base,
    games_count,
    seed,
    workers,
    backend,
    scheduler,
    play,
    chart_path,
    output,
):
    """Win rate of a strategy for each value of one parameter, against a fixed opponent.

    Every value plays the same seeded games (the same deals), so differences between
    values are not dealing luck.  Prints a table and, with --out, a chart of the win
    rate with its 95% band.

    \b
    Example:
      euchre-mc tune --variant pigs-and-hogs --param level_threshold \\
          --values 0.3,0.5,0.7,0.9 --against cautious --games 1000 --out level.png
      euchre-mc tune --param level_threshold --values 0.5,0.7 --games 20000 \\
          --backend dask --scheduler tcp://10.0.0.5:8786
    """
    from ...simulate.bidding.strategy import load_strategy, unused_param_warning, unused_params
    from ...simulate.games.results import tune_parameter
    from ..files import save_figure
    from ..game_report import format_tune, tune_figure

    chosen = as_variant(variant)
    opponent = load_strategy(against, chosen)
    tuned = load_strategy(base if base is not None else against, chosen)
    if "@" in param:  # one auction position's threshold: give every position its own first
        tuned = tuned.for_variant(chosen)
    warn_unused(chosen, [against] + ([base] if base is not None else []))
    if unused_params(chosen, [param]):
        click.echo(fit(unused_param_warning(chosen, param, "--param")), err=True)
    texts = [v.strip() for v in values_text.split(",") if v.strip()]
    if not texts:
        raise RulesError(f"--values {values_text!r}: give numbers separated by commas, e.g. 0.5,0.7,0.9")
    if chart_path is not None:
        check_chart_path(chart_path)
    hands = hands_in_games(chosen.players, games_count) * len(texts)
    warn_if_long(
        games_seconds(chosen.players, play, hands, workers),
        f"{len(texts)} values of {games_count:,} games under {play}",
        ("fewer --games or --values", *GAMES_LEVERS[1:]),
        play,
    )
    with ProgressBar(f"tuning {param}", "game") as progress:
        tuning = tune_parameter(
            chosen,
            param,
            texts,
            tuned,
            opponent,
            games_count,
            seed,
            play,
            workers,
            progress=progress,
            report=report_line,
            backend=backend,
            scheduler=scheduler,
        )
    if chart_path is not None:
        save_figure(tune_figure(tuning), chart_path, dpi=120)
    if output == "json":
        click.echo(tuning.to_json(indent=1))
    elif output == "csv":
        click.echo(tuning.to_frame().to_csv(index=False, lineterminator="\n"), nl=False)
    else:
        click.echo(format_tune(tuning), nl=False)
        if chart_path is not None:
            click.echo(f"chart: {chart_path}")
    if tuning.interrupted:
        exit_interrupted(sum(row.games for row in tuning.rows), games_count * len(texts), "games")


def warn_unused(variant, specs) -> None:
    """Say on stderr when a strategy file sets a threshold this variant never uses."""
    from ...simulate.bidding.strategy import file_warnings

    for spec in dict.fromkeys(specs):
        for line in file_warnings(spec, variant):
            click.echo(line, err=True)  # it names a file, whose path may be wider than any line


@click.command("match-equity")
@variant_option()
@click.option(
    "--strategy",
    default="fitted",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of both teams, one that ignores the score (fitted, balanced, cautious, aggressive "
    "or a .toml).",
)
@click.option(
    "--against", default=None, metavar="STRATEGY", help="Team B's strategy, if not the same as --strategy."
)
@click.option(
    "--hands",
    type=WholeNumber(100, 10**8),
    default=200_000,
    show_default=True,
    help="Hands sampled for the table (each at 0-0, the dealer by turns).",
)
@seed_option("Seeds every sampled hand.")
@play_option(MATCH_EQUITY, "heuristic", "Play model for every hand.")
@click.option("--plot", default=None, metavar="FILE.png", help="Draw the table as two heatmaps.")
@output_options(
    "Print the table as JSON.", "Print the whole table as CSV, behind one # line (the shipped tables' form)."
)
@compiles_kernels
def match_equity_command(variant, strategy, against, hands, seed, play, plot, output):
    """The chance of winning the game from every score, with either team to deal.

    Samples one hand many times (both teams bidding by the strategy, the dealer by
    turns), then solves for P(team A wins) from every score pair: scores in
    Pigs and Hogs can fall below zero, so the answer is a fixed point, not a race.
    The tables shipped with euchre-mc (used by --score) were made by this command
    with the defaults and --hands 400000; each shipped CSV's first line says how.

    \b
    Example:
      euchre-mc match-equity --variant pigs-and-hogs --hands 100000 \\
          --plot equity.png
      euchre-mc match-equity --variant euchre --strategy cautious \\
          --csv > cautious.csv
    """
    from ...simulate.bidding.strategy import load_strategy
    from ...simulate.games.equity import match_equity
    from ..equity_report import equity_csv, equity_figure, format_equity
    from ..files import save_figure

    team_a = load_strategy(strategy, variant)
    team_b = load_strategy(against, variant) if against is not None else team_a
    warn_unused(as_variant(variant), [strategy] + ([against] if against is not None else []))
    if plot is not None:
        check_chart_path(plot)
    warn_if_long(
        equity_seconds(as_variant(variant).players, play, hands),
        f"{hands:,} hands under {play}",
        ("fewer --hands", "--play heuristic"),
        play,
    )
    with ProgressBar("sampling hands", "hand", unit_scale=True) as progress:
        equity = match_equity(variant, team_a, team_b, hands, seed=seed, play=play, progress=progress)
    if plot is not None:
        save_figure(equity_figure(equity), plot)
    if output == "json":
        click.echo(equity.to_json())
    elif output == "csv":
        click.echo(equity_csv(equity), nl=False)
    else:
        click.echo(format_equity(equity), nl=False)
        if plot is not None:
            click.echo(f"chart: {plot}")
    if equity.interrupted:
        exit_interrupted(equity.hands, hands, "hands")


__all__ = ["games", "games_options", "match_equity_command", "tune", "warn_unused"]
