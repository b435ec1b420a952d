"""The ``euchre-mc`` command line: thin click commands over ``simulate`` and ``reports``.

Every command parses its options, calls the library and formats the result.  Library
errors (bad cards, bids, variants, options) become one line on stderr and exit status 2
through :class:`EuchreGroup`, never a traceback.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .reports.charts import save_analysis_chart
from .reports.tables import analysis_csv, analysis_json, format_analysis, format_verdict, plain_json
from .simulate.analyse import DEFAULT_MAX_DEALS, DEFAULT_SEED, analyse_hand, should_i_bid
from .simulate.cards import CardError
from .simulate.exchange import GIFT_POLICIES
from .simulate.play import PLAY_MODELS
from .simulate.rules import RulesError, Variant, as_variant, seat_index
from .simulate.trace import format_trace, play_traced, trace_dict

USER_ERRORS = (CardError, RulesError)


class UserError(click.ClickException):
    """Bad input: one line on stderr naming the bad value and what is allowed, exit 2.

    Unlike click.UsageError it never prints the usage block, so the message stays the
    only line whichever command raised it.
    """

    exit_code = 2


class EuchreGroup(click.Group):
    """A click group that turns the library's ValueErrors into one-line errors (exit 2)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except USER_ERRORS as error:
            raise UserError(str(error)) from None


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
        "--variant",
        "-v",
        default=default,
        show_default=True,
        metavar="VARIANT",
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
        click.echo(
            f"  {option.name} = {option.format(value)} [{option.format(option.default)}]: {option.help}"
        )


# =========================================================================== playout (issue 2)


def seat_option(name: str, help_text: str):
    return click.option(name, type=int, default=None, metavar="SEAT", help=help_text)


def _seat_index(seat: int | None, variant, what: str) -> int | None:
    """A 1-based seat from the command line (or None) as a 0-based library seat, checked."""
    return None if seat is None else seat_index(seat, variant.players, f"{what} seat", first=1)


@main.command()
@variant_option()
@click.option("--seed", type=int, default=1, show_default=True, help="Seeds the deal and the play.")
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
        chosen,
        seed=seed,
        contract=contract,
        auction=auction,
        bidder=_seat_index(bidder, chosen, "bidder"),
        dealer=_seat_index(dealer, chosen, "dealer"),
        deal=deal_text,
        upcard=upcard,
    )
    if as_json:
        click.echo(json.dumps(trace_dict(trace), indent=1))
    else:
        click.echo(format_trace(trace), nl=False)


# =========================================================================== solve (issue 3)

import functools  # noqa: E402  (imports of this section kept here so sections merge cleanly)
import itertools  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

import numpy as np  # noqa: E402

from .simulate.cards import format_card  # noqa: E402
from .simulate.deal import parse_deal  # noqa: E402
from .simulate.rules import denom_name, parse_denom  # noqa: E402
from .simulate.solve import active_mask, solve_batch, solve_position  # noqa: E402

SOLVE_BATCH_CHUNK = 16384  # lines parsed, then solved in bulk, per step of --batch
BATCH_KEYS = ("variant", "hands", "trump", "declarer", "leader", "sitting_out")


@functools.lru_cache(maxsize=256)
def _cached_variant(text: str):
    return as_variant(text)


@functools.lru_cache(maxsize=256)
def _cached_denom(text: str) -> int:
    return parse_denom(text)


def _solve_setup(variant, hands, trump, declarer, leader, sitting_out):
    """Checked (masks, denom, declarer, leader, active) for one deal; seats 1-based in."""
    chosen = variant if isinstance(variant, Variant) else _cached_variant(str(variant))
    n_seats = chosen.players
    out = [seat_index(seat, n_seats, "sitting-out seat", first=1) for seat in sitting_out]
    masks = np.array(parse_deal(chosen, hands, out), np.uint64)
    declarer0 = seat_index(declarer, n_seats, "declarer", first=1)
    leader0 = declarer0 if leader is None else seat_index(leader, n_seats, "leader", first=1)
    if declarer in sitting_out:
        raise RulesError(f"declarer seat {declarer} sits out: the declarer must play")
    if not isinstance(trump, str):
        raise RulesError(f"trump {trump!r}: write Hearts, Clubs, Diamonds, Spades, High or Low")
    return masks, _cached_denom(trump), declarer0, leader0, active_mask(n_seats, out)


def _leads_json(leads_row) -> str:
    return ", ".join(f'"{format_card(face)}": {value}' for face, value in enumerate(leads_row) if value >= 0)


def _batch_line(line: str, default_variant: str):
    try:
        item = json.loads(line.strip())
    except json.JSONDecodeError as error:
        raise RulesError(f"not valid JSON ({error.msg} at column {error.colno})") from None
    if not isinstance(item, dict):
        raise RulesError("a line must be a JSON object with hands, trump and declarer")
    unknown = sorted(set(item) - set(BATCH_KEYS))
    if unknown:
        raise RulesError(f"unknown key {unknown[0]!r}: keys are {', '.join(BATCH_KEYS)}")
    for key in ("hands", "trump", "declarer"):
        if key not in item:
            raise RulesError(f"missing key {key!r}: each line needs hands, trump and declarer")
    hands = item["hands"]
    if not isinstance(hands, list):
        raise RulesError(f"hands {hands!r}: give a list of hand texts, one per seat")
    sitting_out = item.get("sitting_out", [])
    if not isinstance(sitting_out, list):
        raise RulesError(f"sitting_out {sitting_out!r}: give a list of seats, e.g. [3, 5]")
    return _solve_setup(
        item.get("variant", default_variant),
        hands,
        item["trump"],
        item["declarer"],
        item.get("leader"),
        sitting_out,
    )


def _parse_batch_lines(lines, default_variant: str):
    """Checked deals of numbered lines: (outputs with error lines filled, errors, groups).

    ``groups[seats]`` lists (output slot, deal setup) for the deals still to solve.
    """
    outputs: list[str] = []
    errors: list[str] = []
    groups: dict[int, list[tuple[int, tuple]]] = {}
    for number, line in lines:
        try:
            setup = _batch_line(line, default_variant)
        except (ValueError, TypeError) as error:
            message = f"line {number}: {error}"
            errors.append(message)
            outputs.append(json.dumps({"error": message}))
            continue
        groups.setdefault(len(setup[0]), []).append((len(outputs), setup))
        outputs.append("")
    return outputs, errors, groups


def _solve_batch_groups(outputs: list[str], groups, leads: bool, show_nodes: bool) -> list[str]:
    """Fill the outputs of each group of deals with one bulk solver call per table size."""
    for members in groups.values():
        columns = list(zip(*(setup for _, setup in members)))
        result = solve_batch(np.array(columns[0], np.uint64), *columns[1:], leads=leads)
        for i, (slot, _) in enumerate(members):
            line = f'{{"tricks": {result.tricks[i]}'
            if leads:
                line += f', "leads": {{{_leads_json(result.leads[i])}}}'
            if show_nodes:
                line += f', "nodes": {result.nodes[i]}'
            outputs[slot] = line + "}"
    return outputs


def _solve_batch_file(batch, default_variant: str, leads: bool, show_nodes: bool) -> bool:
    """Answer every line of ``batch``; True if some line was bad.

    Lines go in chunks; while the solver threads (which release the GIL) work on one
    chunk, the next chunk is parsed, so parsing does not add to the solving time.
    """
    failed = False
    numbered = ((number, line) for number, line in enumerate(batch, 1) if line.strip())
    with ThreadPoolExecutor(1) as solver:
        pending = None
        while True:
            chunk = list(itertools.islice(numbered, SOLVE_BATCH_CHUNK))
            parsed = _parse_batch_lines(chunk, default_variant) if chunk else None
            if pending is not None:
                click.echo("\n".join(pending.result()))
            if parsed is None:
                return failed
            outputs, errors, groups = parsed
            for message in errors:
                click.echo(message, err=True)
            failed = failed or bool(errors)
            pending = solver.submit(_solve_batch_groups, outputs, groups, leads, show_nodes)


@main.command()
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
    type=click.File("r"),
    metavar="FILE",
    help="Solve the JSON lines of FILE ('-' for stdin); writes JSON lines.",
)
@click.option("--json", "as_json", is_flag=True, help='Print JSON ({"tricks": k, "leads": {...}}).')
@click.option("--no-leads", is_flag=True, help="Only the trick count, not the value of each lead.")
@click.option(
    "--nodes", "show_nodes", is_flag=True, help='Also print the positions searched ("nodes" in JSON).'
)
def solve(variant, deal, trump, declarer, leader, sitting_out, batch, as_json, no_leads, show_nodes):
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
        if _solve_batch_file(batch, variant, not no_leads, show_nodes):
            sys.exit(2)
        return
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
    masks, denom, declarer0, leader0, active = _solve_setup(
        chosen, deal.split("/"), trump, declarer, leader, out
    )
    result = solve_position(masks, denom, declarer0, leader0, active, leads=not no_leads)
    if as_json:
        payload = {"tricks": result.tricks}
        if result.leads is not None:
            payload["leads"] = {format_card(face): value for face, value in result.leads.items()}
        if show_nodes:
            payload["nodes"] = result.nodes
        click.echo(json.dumps(payload))
        return
    n_seats = chosen.players
    on_lead = leader0
    while not active >> on_lead & 1:
        on_lead = (on_lead + 1) % n_seats
    side = ", ".join(str(s + 1) for s in range(n_seats) if s % 2 == declarer0 % 2 and active >> s & 1)
    click.echo(f"{chosen}  {denom_name(denom)}  declarer seat {declarer}, seat {on_lead + 1} leads")
    click.echo(
        f"declarer's side (seats {side}) takes {result.tricks} of {int(masks[declarer0]).bit_count()} tricks"
    )
    if result.leads is not None:
        values = "  ".join(f"{format_card(face)} {value}" for face, value in result.leads.items())
        click.echo(f"leads of seat {on_lead + 1}: {values}")
    if show_nodes:
        click.echo(f"positions searched: {result.nodes}")


# ============================================================ analyse, should-i-bid, demo

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
            type=click.IntRange(min=1),
            default=None,
            metavar="N",
            help="Deals to play (default 2000; with --precision, the first batch, default 500).",
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
            type=click.IntRange(min=1),
            default=DEFAULT_MAX_DEALS,
            show_default=True,
            metavar="N",
            help="Cap on deals with --precision.",
        ),
        click.option(
            "--play",
            type=click.Choice(PLAY_MODELS),
            default="dd",
            show_default=True,
            help="Play model: double dummy, rules of thumb, or random legal cards.",
        ),
        click.option(
            "--seed",
            type=int,
            default=DEFAULT_SEED,
            show_default=True,
            metavar="N",
            help="Seeds the deals (and random play).",
        ),
        click.option(
            "--gift-policy",
            type=click.Choice(sorted(GIFT_POLICIES)),
            default="highest",
            show_default=True,
            help="Pig / six-handed Alone: the card each partner gives.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _analysis_arguments(
    variant, hand, seat, dealer, auction, upcard, round_, deals, precision, max_deals, play, seed, gift_policy
) -> dict:
    chosen = as_variant(variant)
    return dict(
        variant=chosen,
        hand=hand,
        seat=_seat_index(seat, chosen, "your"),
        dealer=_seat_index(dealer, chosen, "dealer"),
        auction=auction,
        upcard=upcard,
        round_=round_,
        deals=deals,
        precision=precision,
        max_deals=max_deals,
        play=play,
        seed=seed,
        gift_policy=gift_policy,
        progress=True,
    )


@main.command()
@analysis_options
@click.option(
    "--contracts",
    default=None,
    metavar="BIDS",
    help="Only these contracts, e.g. 'Hog Hearts, 6 Low' (default: every contract).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the settings, advice and rows as JSON.")
@click.option("--csv", "as_csv", is_flag=True, help="Print the rows as CSV.")
@click.option(
    "--plot",
    type=click.Path(dir_okay=False),
    default=None,
    metavar="FILE.png",
    help="Also draw the trick distributions and net points per contract to this file.",
)
def analyse(contracts, as_json, as_csv, plot, **options):
    """Estimate every contract for your hand and advise the best bid.

    For each contract: P(make) with its 95% interval, mean tricks, the trick
    distribution, expected points for your team and net of the defenders' points, all
    on the same deals.  Then the legal bid with the best net expectation.

    \b
    Example:
      euchre-mc analyse --variant pigs-and-hogs --hand "JH JH JD AH KH QH 9S AC"
      euchre-mc analyse --variant pigs-and-hogs --hand "JH JH JD AH KH QH 9S AC" \\
          --seat 3 --auction "3 Clubs, pass" --contracts "Hog Hearts, 6 Low" --json
      euchre-mc analyse --variant euchre --hand "JH JD AH 9C TS" --upcard 9H --seat 4
    """
    if as_json and as_csv:
        raise UserError("--json and --csv: choose one output format")
    result = analyse_hand(contracts=contracts, **_analysis_arguments(**options))
    if as_json:
        click.echo(json.dumps(analysis_json(result), indent=1))
    elif as_csv:
        click.echo(analysis_csv(result), nl=False)
    else:
        click.echo(format_analysis(result), nl=False)
    if plot:
        save_analysis_chart(result, plot)
        click.echo(f"chart written to {plot}", err=as_json or as_csv)
    _exit_if_interrupted(result.settings)


@main.command("should-i-bid")
@click.argument("contract", metavar="BID")
@analysis_options
@click.option(
    "--against",
    default=None,
    metavar="BIDS",
    help="Compare only with these legal bids, e.g. 'Pig Hearts, 6 Hearts' (default: every legal bid).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict and its numbers as JSON.")
def should_i_bid_command(contract, against, as_json, **options):
    """Yes or no for one bid, with the numbers behind it.

    Analyses the legal bids on the same deals and compares BID's net points a hand
    with the best alternative (passing counts as 0 where the auction allows it).
    Exact six-seat level contracts are slow to solve; --against narrows the comparison.

    \b
    Example:
      euchre-mc should-i-bid "Hog Hearts" --variant pigs-and-hogs \
          --hand "JH JH JD JD AH AH KH AC" --against "Pig Hearts"
      euchre-mc should-i-bid "order up" --variant euchre --hand "JH JD AH 9C TS" --upcard 9H --json
    """
    verdict = should_i_bid(contract, against=against, **_analysis_arguments(**options))
    if as_json:
        click.echo(json.dumps(plain_json(verdict), indent=1))
    else:
        click.echo(format_verdict(verdict), nl=False)
    _exit_if_interrupted(verdict["settings"])


def _exit_if_interrupted(settings: dict) -> None:
    """After Ctrl-C the results on the finished deals are printed; the status says so."""
    if settings["interrupted"]:
        click.echo(f"interrupted: the results above use the {settings['deals']} deals finished", err=True)
        sys.exit(130)


@main.command()
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
    type=click.IntRange(min=1),
    default=DEMO_DEALS,
    show_default=True,
    metavar="N",
    help="Deals to play.",
)
@click.option(
    "--seed",
    type=int,
    default=DEFAULT_SEED,
    show_default=True,
    metavar="N",
    help="Seeds the deals.",
)
def demo(out_dir, deals, seed):
    """Analyse a built-in Pigs-and-Hogs hand and draw its chart.

    The hand JH JH JD AH KH QH 9S AC in seat 1 (dealer seat 6): every contract with
    double-dummy play, the advice, and a chart in OUT/demo.png.

    \b
    Example:
      euchre-mc demo --out demo-out
    """
    click.echo(f"Demo: analysing {DEMO_HAND} in {DEMO_VARIANT}, seat 1, dealer 6 ({deals} deals).")
    result = analyse_hand(DEMO_VARIANT, DEMO_HAND, deals=deals, seed=seed, progress=True)
    click.echo(format_analysis(result), nl=False)
    path = Path(out_dir) / "demo.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    save_analysis_chart(result, path)
    click.echo(f"\nChart written to {path.resolve()}")


# =========================================================================== study, chart (issue 5)

STUDY_HELP_WORKERS = "Processes computing chunks (local pool or Dask LocalCluster). [default: all cores]"


def _study_errors(action):
    """Run ``action``; a StudyError becomes a one-line usage error (exit 2)."""
    from .simulate.study_store import StudyError

    try:
        return action()
    except StudyError as error:
        raise UserError(str(error)) from None


@main.command()
@variant_option()
@click.option(
    "--hands", "-n", type=int, required=True, help="Random deals to study; every seat of a deal is a row."
)
@click.option("--seed", type=int, default=1, show_default=True, help="Seed of the deals and the play.")
@click.option(
    "--out", type=click.Path(file_okay=False), required=True, help="Study directory (new, or --resume)."
)
@click.option(
    "--play",
    type=click.Choice(["dd", "heuristic"]),
    default=None,
    help="Play model. [default: dd for euchre and piq, heuristic for six seats]",
)
@click.option("--workers", type=int, default=None, help=STUDY_HELP_WORKERS)
@click.option(
    "--backend",
    type=click.Choice(["local", "dask"]),
    default="local",
    show_default=True,
    help="Where chunks run: local processes, or Dask distributed.",
)
@click.option(
    "--scheduler",
    default=None,
    metavar="tcp://HOST:PORT",
    help="With --backend dask: an existing cluster's scheduler instead of a LocalCluster.",
)
@click.option(
    "--resume", is_flag=True, help="Continue the study in --out (same parameters); finished chunks stay."
)
@click.option(
    "--chunk-size",
    type=int,
    default=None,
    help="Deals per chunk, part of the study's identity. [default: 500 six seats, 2000 four]",
)
@click.option(
    "--charts/--no-charts",
    default=True,
    show_default=True,
    help="Rebuild the summaries, charts and index.html when the study is done.",
)
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

    from .simulate.study import run_study
    from .simulate.study_store import finished_chunks

    workers = (os.cpu_count() or 1) if workers is None else workers
    try:
        params = _study_errors(
            lambda: run_study(
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
                progress=True,
                report=lambda line: click.echo(line, err=True),
            )
        )
    except KeyboardInterrupt:
        click.echo(
            f"interrupted: {len(finished_chunks(out))} chunks are safe in {out}; "
            "continue with the same command and --resume",
            err=True,
        )
        sys.exit(130)
    click.echo(
        f"study {params.variant}: {params.hands} deals, seed {params.seed}, {params.play} play, "
        f"chunk size {params.chunk_size} -> {out}/rows (schema: {out}/schema.md)"
    )
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
    from .reports.study_charts import build_study_reports

    index = _study_errors(lambda: build_study_reports(directory))
    click.echo(f"summaries, charts and index: {index}")


# =========================================================================== games, tune (issue 6)


def _games_options(command):
    """Options shared by ``games`` and ``tune``."""
    command = click.option(
        "--play",
        type=click.Choice(["heuristic", "dd"]),
        default="heuristic",
        show_default=True,
        help="Play model for every hand.",
    )(command)
    command = click.option(
        "--workers",
        type=int,
        default=1,
        show_default=True,
        help="Worker processes, each a few seconds to start (results are the same for any number).",
    )(command)
    command = click.option("--seed", type=int, default=1, show_default=True, help="Seeds every deal.")(
        command
    )
    command = click.option(
        "--games", "games_count", type=int, default=1000, show_default=True, help="Games to play."
    )(command)
    return command


class _GamesProgress:
    """A tqdm bar of games on stderr that appears only once a run has taken a second."""

    def __init__(self, total: int, what: str):
        from tqdm import tqdm

        self.bar = tqdm(
            total=total, file=sys.stderr, delay=1.0, unit="game", leave=False, desc=what, dynamic_ncols=True
        )

    def __enter__(self):
        return self.bar.update

    def __exit__(self, *_):
        self.bar.close()


def _check_count(name: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise RulesError(f"{name} {value}: allowed is a whole number from {low} to {high}")


@main.command()
@variant_option()
@click.option(
    "--team-a",
    default="balanced",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of seats 1, 3, 5: a built-in (balanced, cautious, aggressive, score-aware) "
    "or a .toml file.",
)
@click.option(
    "--team-b", default="balanced", show_default=True, metavar="STRATEGY", help="Strategy of seats 2, 4, 6."
)
@_games_options
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON (no timings).")
@click.option(
    "--trace",
    "trace_index",
    type=int,
    default=None,
    metavar="GAME_INDEX",
    help="Print game GAME_INDEX (0-based) of this seed hand by hand instead of the summary.",
)
def games(variant, team_a, team_b, games_count, seed, workers, play, as_json, trace_index):
    """Play complete games between two bidding strategies and compare win rates.

    Every hand is dealt, bid by each seat's strategy (estimated P(make) against
    per-contract thresholds), exchanged, played under --play and scored, until a team
    reaches the target.  Reports each team's win rate with its 95% interval, points
    per hand, hands per game, and how often each kind of contract was bid, made and set.

    \b
    Example:
      euchre-mc games --variant pigs-and-hogs --team-a cautious --team-b aggressive --games 2000 --seed 1
      euchre-mc games --variant euchre --team-a my-strategy.toml --games 500 --json
      euchre-mc games --variant six-handed --trace 3 --seed 1
    """
    import time

    from .reports.game_report import format_games, games_summary
    from .simulate.game import contract_kinds, play_games, trace_game
    from .simulate.strategy import load_strategy

    chosen = as_variant(variant)
    teams = (load_strategy(team_a), load_strategy(team_b))
    if trace_index is not None:
        totals = trace_game(chosen, *teams, trace_index, seed=seed, play=play)
        _print_game_trace(totals, teams, as_json)
        return
    _check_count("--games", games_count, 1, 10**9)
    _check_count("--workers", workers, 1, 256)
    started = time.perf_counter()
    with _GamesProgress(games_count, "games") as progress:
        totals = play_games(
            chosen, *teams, games_count, seed=seed, play=play, workers=workers, progress=progress
        )
    elapsed = time.perf_counter() - started
    summary = games_summary(totals, chosen, teams, seed, play, contract_kinds(chosen))
    if as_json:
        click.echo(json.dumps(summary, indent=1))
    else:
        click.echo(format_games(summary), nl=False)
        click.echo(
            f"played in {elapsed:.1f} s ({games_count / elapsed:.0f} games/s, {workers} worker"
            f"{'s' if workers > 1 else ''})",
            err=True,
        )


def _print_game_trace(totals, teams, as_json: bool) -> None:
    winner = int(totals.winner[0])
    final = [int(s) for s in totals.scores[0]]
    if as_json:
        hands = [
            dict(hand=h.number + 1, scores_after={"A": h.scores[0], "B": h.scores[1]}, **trace_dict(h.trace))
            for h in totals.traces
        ]
        click.echo(
            json.dumps(
                {"hands": hands, "winner": "AB"[winner], "scores": {"A": final[0], "B": final[1]}}, indent=1
            )
        )
        return
    click.echo(f"team A (seats 1 3 5): {teams[0].name}; team B (seats 2 4 6): {teams[1].name}")
    for hand in totals.traces:
        click.echo(f"\n=== hand {hand.number + 1}")
        click.echo(format_trace(hand.trace), nl=False)
        if hand.trace.contract is not None and not hand.trace.tricks:
            click.echo("(double-dummy play: the trick count is exact; no card-by-card line is shown)")
        click.echo(f"scores    A {hand.scores[0]}, B {hand.scores[1]}")
    click.echo(
        f"\nteam {'AB'[winner]} wins {final[winner]} to {final[1 - winner]} after {len(totals.traces)} hands"
    )


@main.command()
@variant_option()
@click.option(
    "--param",
    required=True,
    metavar="NAME",
    help="Strategy parameter to vary, e.g. hog_threshold, level_threshold, order_up_threshold.",
)
@click.option(
    "--values", "values_text", required=True, metavar="V1,V2,...", help="Values to try, comma separated."
)
@click.option(
    "--against",
    default="cautious",
    show_default=True,
    metavar="STRATEGY",
    help="The fixed opponent (team B, seats 2, 4, 6).",
)
@click.option(
    "--base",
    default=None,
    metavar="STRATEGY",
    help="The strategy whose parameter varies (team A); default: the same as --against.",
)
@_games_options
@click.option("--out", "chart_path", default=None, metavar="FILE.png", help="Write the chart here.")
@click.option("--json", "as_json", is_flag=True, help="Print the table as JSON (no timings).")
def tune(variant, param, values_text, against, base, games_count, seed, workers, play, chart_path, as_json):
    """Win rate of a strategy for each value of one parameter, against a fixed opponent.

    Every value plays the same seeded games (the same deals), so differences between
    values are not dealing luck.  Prints a table and, with --out, a chart of the win
    rate with its 95% band.

    \b
    Example:
      euchre-mc tune --variant pigs-and-hogs --param hog_threshold \\
          --values 0.5,0.6,0.7,0.8,0.9 --against cautious --games 1000 --out hog.png
    """
    from .reports.game_report import format_tune, games_summary, tune_figure, tune_rows
    from .simulate.game import contract_kinds, play_games
    from .simulate.strategy import load_strategy

    chosen = as_variant(variant)
    opponent = load_strategy(against)
    tuned = load_strategy(base if base is not None else against)
    texts = [v.strip() for v in values_text.split(",") if v.strip()]
    if not texts:
        raise RulesError(f"--values {values_text!r}: give numbers separated by commas, e.g. 0.5,0.7,0.9")
    strategies = [tuned.with_param(param, text) for text in texts]
    _check_count("--games", games_count, 1, 10**9)
    _check_count("--workers", workers, 1, 256)
    with _GamesProgress(games_count * len(strategies), f"tuning {param}") as progress:
        summaries = [
            games_summary(
                play_games(
                    chosen,
                    strategy,
                    opponent,
                    games_count,
                    seed=seed,
                    play=play,
                    workers=workers,
                    progress=progress,
                ),
                chosen,
                (strategy, opponent),
                seed,
                play,
                contract_kinds(chosen),
            )
            for strategy in strategies
        ]
    values = [getattr(strategy, param) for strategy in strategies]
    rows = tune_rows(param, values, summaries)
    settings = {
        "variant": str(chosen),
        "param": param,
        "base": tuned.name,
        "against": opponent.name,
        "games": games_count,
        "seed": seed,
        "play": play,
    }
    if chart_path is not None:
        tune_figure(settings, rows).savefig(chart_path, dpi=120)
    if as_json:
        click.echo(json.dumps({"settings": settings, "rows": rows}, indent=1))
    else:
        click.echo(format_tune(settings, rows), nl=False)
        if chart_path is not None:
            click.echo(f"chart: {chart_path}")


# =========================================================================== entry point


def run():
    """Entry point of ``python -m euchre_mc``."""
    main(prog_name="euchre-mc")


if __name__ == "__main__":
    sys.exit(run())
