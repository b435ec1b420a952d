"""The fit command: a bidding strategy improved by self-play (iterated best response on
common random numbers, :mod:`simulate.games.fit`), written as a strategy TOML file."""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

from ...interrupt import INTERRUPTED
from ...simulate.play.models import FIT
from ...simulate.rules.variants import RulesError, as_variant
from ..files import OutputError, write_text
from ..forecast import games_seconds, hands_in_games, warn_if_long
from ..progress import ProgressBar
from .shared import (
    VariantName,
    WholeNumber,
    backend_options,
    compiles_kernels,
    output_options,
    play_option,
    report_line,
    seed_option,
)


class Step(click.ParamType):
    """A step of the fit: a number above 0 and at most 0.5."""

    name = "step"

    def convert(self, value, param, ctx):
        try:
            step = float(value)
        except (TypeError, ValueError):
            step = None
        if step is None or not 0 < step <= 0.5:
            raise RulesError(f"{param.opts[0]} {value}: allowed is a number above 0 and at most 0.5")
        return step


@click.command("fit")
@click.argument("variant", type=VariantName(), metavar="VARIANT")
@click.option(
    "--start",
    default="balanced",
    show_default=True,
    metavar="STRATEGY",
    help="The strategy the fit starts from: a built-in or a .toml file (a previous fit).",
)
@click.option(
    "--games",
    "games_count",
    type=WholeNumber(10, 10**7),
    default=2000,
    show_default=True,
    help="Games a candidate plays against the table (the table plays itself on the same games).",
)
@click.option(
    "--record-games",
    type=WholeNumber(10, 10**7),
    default=4000,
    show_default=True,
    help="Games of each record against balanced, cautious, aggressive, the start and the "
    "variant's shipped fit, and of the bidding frequencies.",
)
@seed_option("Seeds every set of games.")
@play_option(FIT, "heuristic", "Play model for every hand (docs/fit.md says why heuristic).")
@click.option(
    "--workers",
    type=WholeNumber(1, 256),
    default=1,
    show_default=True,
    help="Worker processes (the fit is the same for any number). With --backend dask and no "
    "--scheduler: the LocalCluster's processes.",
)
@backend_options
@click.option("--step", type=Step(), default=0.1, show_default=True, help="First step of every coordinate.")
@click.option(
    "--min-step",
    type=Step(),
    default=0.025,
    show_default=True,
    help="Smallest step: a round at this step that keeps nothing ends the fit.",
)
@click.option(
    "--only",
    default=None,
    metavar="NAME,...",
    help="Move only these parameters, e.g. order_up_threshold@4,call_threshold@4 (default: every "
    "parameter of the variant; the report's first line on stderr names them).",
)
@click.option(
    "--max-rounds",
    type=WholeNumber(1, 1000),
    default=30,
    show_default=True,
    help="Budget of rounds (raise it to continue a fit from its --state).",
)
@click.option(
    "--state",
    "state_dir",
    default=None,
    metavar="DIR",
    help="Keep every finished set of games here: after a Ctrl-C, the same command continues.",
)
@click.option("--output", "output_path", default=None, metavar="FILE.toml", help="Write the fitted strategy.")
@output_options("Print the fit as JSON (every round, the records, the frequencies).")
@compiles_kernels
def fit_command(
    variant,
    start,
    games_count,
    record_games,
    seed,
    play,
    workers,
    backend,
    scheduler,
    step,
    min_step,
    only,
    max_rounds,
    state_dir,
    output_path,
    output,
):
    """Improve a bidding strategy by self-play (iterated best response).

    Each round moves every strategy parameter of the variant up and down by a step; a
    move is kept only when the changed strategy wins significantly more games against
    the current one than the current one wins against itself, on the same seeded
    games, and again on fresh games.  The improved strategy is then the table for the
    next round; the step halves when a round keeps nothing, and the fit ends when
    nothing gains at the smallest step.  Reports the last step's gain with its 95%
    interval, the fitted strategy's record against the built-ins and the start, and
    how often each auction position bids each contract.  docs/fit.md explains it.

    \b
    Example:
      euchre-mc fit euchre --games 200 --record-games 200 --max-rounds 1
      euchre-mc fit pigs-and-hogs --state fit-state --output fitted.toml
      euchre-mc fit euchre --workers 2 --backend dask --state fit-state
    """
    from ...simulate.bidding.strategy import load_strategy
    from ...simulate.games.fit import FitSettings, coordinates, fit_strategy
    from ...simulate.games.game import game_runner
    from ..fit_report import format_fit
    from .games import warn_unused

    chosen = as_variant(variant)
    if min_step > step:
        raise RulesError(f"--min-step {min_step:g}: allowed is at most --step ({step:g})")
    if output_path is not None:
        check_toml_path(output_path)
    begin = load_strategy(start, chosen)
    warn_unused(chosen, [start])
    names = coordinates(begin.for_variant(chosen), chosen)
    chosen_names = None if only is None else tuple(name.strip() for name in only.split(",") if name.strip())
    if chosen_names is not None:
        unknown = [name for name in chosen_names if name not in names] or ([] if chosen_names else [only])
        if unknown:
            raise RulesError(f"--only {unknown[0]!r}: {chosen.name}'s parameters are {', '.join(names)}")
        names = chosen_names
    sets = 2 * len(names) + 1
    round_seconds = games_seconds(
        chosen.players, play, hands_in_games(chosen.players, games_count) * sets, workers
    )
    report_line(
        f"fit: {len(names)} parameters ({', '.join(names)}), up to {sets} sets of {games_count:,} games "
        f"a round, at most {max_rounds} rounds"
    )
    warn_if_long(round_seconds * 4, "a fit takes 4 rounds or more", ("fewer --games", "more --workers"))
    settings = FitSettings(
        str(chosen),
        begin.name,
        games_count,
        seed,
        play,
        step=step,
        min_step=min_step,
        record_games=record_games,
        only=chosen_names,
    )
    try:
        with game_runner(workers, report_line, backend, scheduler) as runner:
            result = fit_strategy(
                settings,
                begin,
                max_rounds,
                state_dir,
                runner,
                phase=lambda description: ProgressBar(f"fit {description}", "game"),
                report=timed_lines(),
            )
    except KeyboardInterrupt:
        kept = (
            f"every finished set of games is kept in {state_dir}: run the same command to continue"
            if state_dir
            else "nothing kept (give --state DIR to continue a fit later)"
        )
        report_line(f"interrupted: {kept}")
        sys.exit(INTERRUPTED)
    if output_path is not None:
        write_strategy(result, output_path, max_rounds)
    if output == "json":
        click.echo(result.to_json())
    else:
        click.echo(format_fit(result, chosen.players), nl=False)
        if output_path is not None:
            click.echo(f"fitted strategy: {output_path}")


def timed_lines():
    """``report(line)`` for the fit's rounds: each line on stderr with the round's time."""
    last = [time.monotonic()]

    def report(line: str) -> None:
        now = time.monotonic()
        report_line(f"{line}; {now - last[0]:.0f} s")
        last[0] = now

    return report


def write_strategy(result, path: str, max_rounds: int) -> None:
    """The fitted strategy as a TOML file, behind comment lines saying how it was fitted."""
    from ...simulate.games.fit import fitted_toml

    settings = result.settings
    command = (
        f"euchre-mc fit {shlex.quote(settings.variant)} --start {shlex.quote(settings.start)} "
        f"--games {settings.games} --record-games {settings.record_games} --seed {settings.seed} "
        f"--play {settings.play} --step {settings.step:g} --min-step {settings.min_step:g} "
        f"--max-rounds {max_rounds}"
    )
    if settings.only is not None:
        command += f" --only {','.join(settings.only)}"
    header = [
        f"# fitted by: {command}",
        f"# {len(result.rounds)} rounds, " + ("converged" if result.converged else "not converged"),
    ]
    last = result.last_gain
    if last is not None and last.confirmed is not None:
        gain = last.confirmed
        header.append(
            f"# last step's gain {100 * gain.mean:+.1f}% of games "
            f"(95% CI {100 * gain.low:+.1f}% to {100 * gain.high:+.1f}%)"
        )
    header += [
        f"# against {record.opponent}: won {100 * record.win_rate:.1f}% of {record.games} games "
        f"(95% CI {100 * record.ci_low:.1f}% to {100 * record.ci_high:.1f}%)"
        for record in result.records
    ]
    write_text(path, "\n".join(header) + "\n" + fitted_toml(result))


def check_toml_path(path: str) -> None:
    """Refuse, before the fit, an --output that is not a .toml file in a folder that exists."""
    where = Path(path)
    if where.suffix != ".toml":
        raise OutputError(f"--output {path!r}: write the strategy to a .toml file")
    folder = where.parent if str(where.parent) else Path(".")
    if not folder.is_dir():
        raise OutputError(f"--output {path!r}: the folder {str(folder)!r} does not exist")


__all__ = ["fit_command"]
