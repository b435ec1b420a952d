"""The ``grade`` command: a whole played hand read from a file, each decision of the
graded seats valued as ``best-card`` would have valued it then."""

from __future__ import annotations

import click

from ...simulate.choices import ADVICE_WORLDS
from .shared import (
    UserError,
    compiles_kernels,
    inference_option,
    max_worlds_option,
    output_options,
    seed_option,
    table_option,
    worlds_option,
)


@click.command("grade")
@click.argument("record", type=click.File("r"), metavar="FILE")
@click.option(
    "--seat",
    "seats",
    type=int,
    multiple=True,
    metavar="SEAT",
    help="A seat to grade (repeat for more); default: every seat whose hand FILE gives.",
)
@worlds_option(ADVICE_WORLDS, "N", "Worlds sampled for each decision (the sample grows while it is close).")
@max_worlds_option
@table_option
@inference_option(
    "exact: the worlds explain the auction by rejection, as best-card's; soft: each passes with "
    "the bids' likelihood; none: the auction is not heard."
)
@seed_option("Seeds each decision's worlds (the same seed best-card takes, so a line can be re-asked).")
@output_options("Print every decision as JSON.")
@compiles_kernels(pimc=True)
def grade_command(record, seats, worlds, max_worlds, table, inference, seed, output):
    """Grade a played hand: each card against the best card, and what it cost.

    FILE holds the hand as played ('-' reads standard input): the variant, the dealer,
    the upcard (classic), the auction or the contract and bidder, each graded seat's
    hand when play started, its discards, and the tricks in order.  The worlds explain
    the auction under --table (by --inference).  The format, with examples, is in docs/grade.md.

    \b
    Example:
      euchre-mc grade docs/examples/played-euchre.txt --seat 3 --worlds 100
    """
    from ...simulate.advice.grade import grade_hand, read_played_hand
    from ..grade_report import format_grade

    try:
        text = record.read()
    except UnicodeDecodeError:
        raise UserError(f"{record.name}: not a text file; write the hand as docs/grade.md shows") from None
    played = read_played_hand(text)
    grade = grade_hand(
        played, seats or None, worlds, seed, max_worlds, first=1, table=table, inference=inference
    )
    if output == "json":
        click.echo(grade.to_json(indent=1))
    else:
        click.echo(format_grade(grade), nl=False)


__all__ = ["grade_command"]
