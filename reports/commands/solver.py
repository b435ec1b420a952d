"""The commands over the rules and the play of one deal: rules, playout, solve (one
position or a --batch of them) and compile (the kernels, ahead of any run)."""

from __future__ import annotations

import json
import sys

import click

from ...simulate.rules.variants import as_variant
from .shared import (
    END_AT_ONCE,
    UserError,
    VariantName,
    compiles_kernels,
    library_seat,
    output_options,
    seat_option,
    seed_option,
    variant_option,
)


@click.command()
@click.argument("variant", type=VariantName(), metavar="VARIANT")
def rules(variant):
    """Print a variant's rules summary and its options with defaults.

    \b
    Example:
      euchre-mc rules 'euchre(no_trump=true)'
    """
    from ..rules_text import format_rules

    click.echo(format_rules(as_variant(variant)), nl=False)


@click.command()
@variant_option()
@seed_option("Seeds the deal and the play.")
@click.option(
    "--contract",
    "-c",
    default=None,
    metavar="BID",
    help="Contract in the bid grammar, e.g. '5 Hearts', 'Pig Low', 'order up alone', 'call Spades'. "
    "Default: the bidder bids 4 in its longest suit (classic: orders up).",
)
@click.option(
    "--auction",
    "-a",
    default=None,
    metavar="BIDS",
    help="A whole auction from the dealer's left, e.g. '3 Clubs, pass, 5 Hearts, pass, pass, pass'; "
    "it decides the contract and the bidder.",
)
@seat_option("--bidder", "The bidder (default: left of the dealer).")
@seat_option("--dealer", "The dealer (default: the last seat).")
@click.option(
    "--deal",
    "deal_text",
    default=None,
    metavar="HANDS",
    help="Play these hands instead of a seeded deal: 'seat-1 cards / seat-2 cards / ...'.",
)
@click.option("--upcard", default=None, metavar="CARD", help="The upcard of a given classic deal.")
@output_options("Print the trace as JSON.")
@compiles_kernels
def playout(variant, seed, contract, auction, bidder, dealer, deal_text, upcard, output):
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
    from ...simulate.play.trace import play_traced
    from ..traces import format_trace, trace_dict

    chosen = as_variant(variant)
    trace = play_traced(
        chosen,
        seed=seed,
        contract=contract,
        auction=auction,
        bidder=library_seat(bidder, chosen, "bidder"),
        dealer=library_seat(dealer, chosen, "dealer"),
        deal=deal_text,
        upcard=upcard,
    )
    if output == "json":
        click.echo(json.dumps(trace_dict(trace), indent=1))
    else:
        click.echo(format_trace(trace), nl=False)


@click.command()
@variant_option()
@click.option(
    "--deal",
    metavar="HANDS",
    help="Every seat's cards from seat 1, hands separated by '/'; a sitting-out seat's hand is empty.",
)
@click.option("--trump", metavar="DENOM", help="Hearts, Clubs, Diamonds, Spades, High or Low (no trump).")
@click.option("--declarer", type=int, metavar="SEAT", help="Seat 1..N whose side's tricks are counted.")
@click.option(
    "--leader", type=int, metavar="SEAT", help="Seat that leads the first trick [default: the declarer]."
)
@click.option("--sitting-out", default="", metavar="SEATS", help="Seats that sit out, e.g. 3,5.")
@click.option(
    "--batch",
    type=click.File("rb"),  # bytes: a line that is not UTF-8 is answered as bad, not fatal
    metavar="FILE",
    help="Solve the JSON lines of FILE ('-' for stdin); writes JSON lines.",
)
@output_options('Print JSON ({"tricks": k, "leads": {...}}).')
@click.option("--no-leads", is_flag=True, help="Only the trick count, not the value of each lead.")
@click.option(
    "--nodes", "show_nodes", is_flag=True, help='Also print the positions searched ("nodes" in JSON).'
)
@compiles_kernels
def solve(variant, deal, trump, declarer, leader, sitting_out, batch, output, no_leads, show_nodes):
    """Exact double-dummy tricks of the declarer's side, and the value of each lead.

    Everyone sees every card and plays perfectly.  The leader's legal cards are listed
    with the declarer side's tricks after leading each (identical copies once).

    With --batch, each line of FILE is one deal as JSON, e.g. {"variant":
    "pigs-and-hogs", "hands": ["JH AH ...", ..., ""], "trump": "Hearts", "declarer": 1,
    "leader": 1, "sitting_out": [3, 5]} ("variant" defaults to --variant, "leader" to
    the declarer, "sitting_out" to none; seats are 1-based; a sitting-out seat's hand is
    empty).  Output is one JSON line per non-blank input line, in order:
    {"tricks": k, "leads": {"JH": k1, ...}}.  A bad line is reported on stderr with
    its number and answered by {"error": "..."}; the other lines are still solved, and
    the exit status is 2 at the end.

    \b
    Example:
      euchre-mc solve --variant euchre --trump Hearts --declarer 1 --leader 1 \\
        --deal "JH JD AH 9C 9S / TC JC QC KC AC / TS JS QS KS AS / 9D TD QD KD AD"
      euchre-mc solve --batch deals.jsonl --json --no-leads
    """
    if batch is not None:
        if deal is not None:
            raise UserError("give --deal or --batch, not both")
        if _solve_batch(batch, variant, not no_leads, show_nodes):
            sys.exit(2)
        return
    from ...simulate.play.batch import solve_setup
    from ...simulate.play.solve import solve_position
    from ..positions import format_position, position_dict

    for name, value in (("--deal", deal), ("--trump", trump), ("--declarer", declarer)):
        if value is None:
            raise UserError(f"missing {name}: solve needs --deal, --trump and --declarer (or --batch)")
    try:
        out = [int(s) for s in sitting_out.replace(" ", "").split(",") if s]
    except ValueError:
        raise UserError(
            f"--sitting-out {sitting_out!r}: give seat numbers separated by commas, e.g. 3,5"
        ) from None
    chosen = as_variant(variant)
    masks, denom, declarer0, leader0, active = solve_setup(
        chosen, deal.split("/"), trump, declarer, leader, out
    )
    result = solve_position(masks, denom, declarer0, leader0, active, leads=not no_leads)
    if output == "json":
        click.echo(json.dumps(position_dict(result, show_nodes)))
    else:
        click.echo(
            format_position(chosen, result, masks, denom, declarer0, leader0, active, show_nodes), nl=False
        )


def _solve_batch(batch, default_variant: str, leads: bool, nodes: bool) -> bool:
    """Answer every line of ``batch`` on stdout, bad lines also on stderr; True if any was bad."""
    from ...simulate.play.batch import solve_stream

    bad = []

    def report(message: str) -> None:
        bad.append(message)
        click.echo(message, err=True)

    for answers in solve_stream(batch, default_variant, leads, nodes, on_error=report):
        click.echo(answers)
    END_AT_ONCE.append(True)  # nothing is left to tidy: the program ends at once
    return bool(bad)


@click.command("compile")
def compile_command():
    """Compile the numba kernels now, group by group, with the time each took.

    numba compiles a kernel on its first use and keeps it in its cache, so the first
    run after an install (or an upgrade) waits for it; this runs that wait ahead, the
    groups in parallel processes (one a core).  Groups the cache holds already are
    listed as cached.  ``make install`` and ``make test`` run it.

    \b
    Example:
      euchre-mc compile
    """
    from ...simulate.runtime.compiling import GROUPS, compile_groups, compile_processes, compile_seconds

    missing = []
    for group in GROUPS:
        if group.cached():
            click.echo(f"{group.name}: cached")
        else:
            missing.append(group)
    if not missing:
        return
    processes = compile_processes(missing)
    click.echo(
        f"compiling {len(missing)} group{'s' if len(missing) > 1 else ''}"
        + (f" in {processes} processes" if processes > 1 else "")
        + f" (first run only, about {compile_seconds(missing)} s):"
    )
    for group, seconds in compile_groups(missing):
        click.echo(f"{group.name}: {seconds:.1f} s")


__all__ = ["compile_command", "playout", "rules", "solve"]
