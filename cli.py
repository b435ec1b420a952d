"""The ``euchre-mc`` command line: thin click commands over ``simulate`` and ``reports``.

Every command parses its options, calls the library and formats the result.  Library
errors (bad cards, bids, variants, options) become one line on stderr and exit status 2
through :class:`EuchreGroup`, never a traceback.
"""

from __future__ import annotations

import json
import sys

import click

from simulate.cards import CardError
from simulate.rules import SPECS, RulesError, Variant, as_variant
from simulate.trace import format_trace, play_traced, trace_dict

USER_ERRORS = (CardError, RulesError)


class EuchreGroup(click.Group):
    """A click group that turns the library's ValueErrors into usage errors (exit 2)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except USER_ERRORS as error:
            raise click.UsageError(str(error)) from None


@click.group(cls=EuchreGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="euchre-mc")
def main():
    """Monte Carlo hand analyser and simulator for Euchre games.

    Variants: pigs-and-hogs, six-handed, euchre, piq.  Options go in brackets, e.g.
    euchre(stick_the_dealer=true).

    \b
    Example:
      euchre-mc rules pigs-and-hogs
    """


def variant_option(default: str = "pigs-and-hogs"):
    return click.option(
        "--variant", "-v", default=default, show_default=True, metavar="VARIANT",
        help="Rule set with options, e.g. 'euchre(stick_the_dealer=true)'.",
    )


@main.command()
@click.argument("variant", metavar="VARIANT")
def rules(variant):
    """Print a variant's rules summary and its options with defaults.

    \b
    Example:
      euchre-mc rules 'euchre(no_trump=true)'
    """
    chosen = as_variant(variant)
    spec = chosen.spec
    click.echo(str(chosen))
    click.echo(
        f"players {spec.players}, deck {24 * spec.copies} cards, hand {spec.hand_size}, "
        f"kitty {spec.kitty}, game to {chosen.target}"
    )
    click.echo()
    click.echo(click.wrap_text(spec.summary, width=88))
    click.echo()
    click.echo("options (name = value [default]: meaning):")
    for option, (_, value) in zip(spec.options, chosen.options):
        click.echo(f"  {option.name} = {option.format(value)} [{option.format(option.default)}]: {option.help}")


# =========================================================================== playout (issue 2)

def seat_option(name: str, help_text: str):
    return click.option(name, type=int, default=None, metavar="SEAT", help=help_text)


def _seat_index(seat: int | None, variant, what: str) -> int | None:
    """A 1-based seat from the command line as a 0-based library seat (checked)."""
    if seat is None:
        return None
    if not 1 <= seat <= variant.players:
        raise RulesError(f"{what} seat {seat}: seats are 1 to {variant.players}")
    return seat - 1


@main.command()
@variant_option()
@click.option("--seed", type=int, default=1, show_default=True, help="Seeds the deal and the play.")
@click.option("--contract", "-c", default=None, metavar="BID",
              help="Contract in the bid grammar, e.g. '5 Hearts', 'Pig Low', 'order up alone', 'call Spades'. "
                   "Default: the bidder bids 4 in its longest suit (classic: orders up).")
@click.option("--auction", "-a", default=None, metavar="BIDS",
              help="A whole auction from the dealer's left, e.g. '3 Clubs, pass, 5 Hearts, pass, pass, pass'; "
                   "it decides the contract and the bidder.")
@seat_option("--bidder", "The bidder (default: left of the dealer).")
@seat_option("--dealer", "The dealer (default: the last seat).")
@click.option("--deal", "deal_text", default=None, metavar="HANDS",
              help="Play these hands instead of a seeded deal: 'seat-1 cards / seat-2 cards / ...'.")
@click.option("--upcard", default=None, metavar="CARD", help="The upcard of a given classic deal.")
@click.option("--json", "as_json", is_flag=True, help="Print the trace as JSON.")
def playout(variant, seed, contract, auction, bidder, dealer, deal_text, upcard, as_json):
    """Play one deal at random (uniform legal cards) and print every step.

    Shows the hands, the upcard and kitty (classic), the contract, the exchanges
    (Pig/Alone: void-first discards, highest gifts; classic: the dealer's pick-up),
    who sits out, each trick with its cards and winner, and the score.  The same
    seed always prints the same trace.

    \b
    Example:
      euchre-mc playout --variant pigs-and-hogs --seed 1 --contract "Pig Hearts"
      euchre-mc playout --variant 'euchre(stick_the_dealer=true)' --seed 7 --json
    """
    chosen = as_variant(variant)
    trace = play_traced(
        chosen, seed=seed, contract=contract, auction=auction,
        bidder=_seat_index(bidder, chosen, "bidder"), dealer=_seat_index(dealer, chosen, "dealer"),
        deal=deal_text, upcard=upcard,
    )
    if as_json:
        click.echo(json.dumps(trace_dict(trace), indent=1))
    else:
        click.echo(format_trace(trace), nl=False)



# =========================================================================== solve (issue 3)



# =========================================================================== analyse, should-i-bid, demo (issue 4)



# =========================================================================== study, chart (issue 5)

STUDY_HELP_WORKERS = "Processes computing chunks (local pool or Dask LocalCluster). [default: all cores]"


def _study_errors(action):
    """Run ``action``; a StudyError becomes a one-line usage error (exit 2)."""
    from simulate.study import StudyError

    try:
        return action()
    except StudyError as error:
        raise click.UsageError(str(error)) from None


@main.command()
@variant_option()
@click.option("--hands", "-n", type=int, required=True, help="Random deals to study; every seat of a deal is a row.")
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the deals and the play.")
@click.option("--out", type=click.Path(file_okay=False), required=True, help="Study directory (new, or --resume).")
@click.option("--play", type=click.Choice(["dd", "heuristic"]), default=None,
              help="Play model. [default: dd for euchre and piq, heuristic for six seats]")
@click.option("--workers", type=int, default=None, help=STUDY_HELP_WORKERS)
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="Where chunks run: local processes, or Dask distributed.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="With --backend dask: an existing cluster's scheduler instead of a LocalCluster.")
@click.option("--resume", is_flag=True, help="Continue the study in --out (same parameters); finished chunks stay.")
@click.option("--chunk-size", type=int, default=None,
              help="Deals per chunk, part of the study's identity. [default: 500 six seats, 2000 four]")
@click.option("--charts/--no-charts", default=True, show_default=True,
              help="Rebuild the summaries, charts and index.html when the study is done.")
def study(variant, hands, seed, out, play, workers, backend, scheduler, resume, chunk_size, charts):
    """Play every seat of N random deals under every contract; write rows to Parquet.

    Each seat's hand of each deal is a row: its features per denomination and the
    tricks its side takes in every contract of the variant (see DIR/schema.md).  Rows
    stream to DIR/rows in chunks written atomically; after a kill or Ctrl-C, rerun with
    --resume to compute only the missing chunks.  The same seed gives the same rows for
    any --workers and either backend.

    \b
    Example:
      euchre-mc study --variant pigs-and-hogs --hands 100000 --seed 1 --out ph-study
      euchre-mc study --variant euchre --hands 20000 --seed 1 --out eu-study --workers 2
      euchre-mc study -v pigs-and-hogs -n 100000 --out ph --backend dask --scheduler tcp://10.0.0.5:8786
    """
    import os

    from simulate.study import finished_chunks, run_study

    workers = (os.cpu_count() or 1) if workers is None else workers
    try:
        params = _study_errors(lambda: run_study(
            variant, hands, seed, out, play=play, workers=workers, backend=backend, scheduler=scheduler,
            resume=resume, chunk_size=chunk_size, progress=True))
    except KeyboardInterrupt:
        click.echo(f"interrupted: {len(finished_chunks(out))} chunks are safe in {out}; "
                   "continue with the same command and --resume", err=True)
        sys.exit(130)
    click.echo(f"study {params.variant}: {params.hands} deals, seed {params.seed}, {params.play} play, "
               f"chunk size {params.chunk_size} -> {out}/rows (schema: {out}/schema.md)")
    if charts:
        _build_charts(out)


@main.command()
@click.argument("directory", type=click.Path(file_okay=False))
def chart(directory):
    """Rebuild every summary, chart and the index page of a study from its rows alone.

    Writes DIR/summary/*.csv and summary.md, DIR/charts/*.png and DIR/index.html.

    \b
    Example:
      euchre-mc chart ph-study
    """
    _build_charts(directory)


def _build_charts(directory):
    from reports.study_charts import build_study_reports

    index = _study_errors(lambda: build_study_reports(directory))
    click.echo(f"summaries, charts and index: {index}")




# =========================================================================== games, tune (issue 6)



# =========================================================================== entry point

def run():
    """Entry point that also serves ``python -m cli``."""
    main(prog_name="euchre-mc")


if __name__ == "__main__":
    sys.exit(run())
