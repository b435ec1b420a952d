"""The ``euchre-mc`` command line: thin click commands over ``simulate`` and ``reports``.

Every command parses its options, calls the library and formats the result.  Library
errors (bad cards, bids, variants, options) become one line on stderr and exit status 2
through :class:`EuchreGroup`, never a traceback.
"""

from __future__ import annotations

import sys

import click

from simulate.cards import CardError
from simulate.rules import SPECS, RulesError, Variant, as_variant

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
