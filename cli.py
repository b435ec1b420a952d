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



# =========================================================================== games, tune (issue 6)



# =========================================================================== entry point

def run():
    """Entry point that also serves ``python -m cli``."""
    main(prog_name="euchre-mc")


if __name__ == "__main__":
    sys.exit(run())
