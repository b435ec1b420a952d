"""The ``euchre-mc`` command line: thin click commands over ``simulate`` and ``reports``.

Every command parses its options, calls the library and formats the result with
``reports``.  Three things are shared by every command: the output formats
(:func:`output_options`: a text table, ``--json`` and, where the result is a table,
``--csv``), the one error path (library errors and bad option values become one line on
stderr and exit status 2 through :class:`EuchreGroup`, never a traceback), and the one
progress bar (:class:`ProgressBar`, the ``progress(done, total)`` callback the library
takes).
"""

from __future__ import annotations

import functools
import json
import os
import re
import sys
import time
from pathlib import Path

import click

from . import interrupt  # first: Ctrl-C while the modules below load exits 130 too
from .interrupt import INTERRUPTED
from .reports.files import OutputError, check_chart_path
from .simulate.choices import (
    ADVICE_WORLDS,
    ALTERNATIVE_DEALS,
    COMPARED_PLAY_MODELS,
    DEFAULT_MAX_DEALS,
    DEFAULT_SEED,
    GIFT_POLICY_NAMES,
    MAX_DEALS,
    MAX_SEED,
    MAX_WORLDS,
    OPTION_DEALS,
    PIMC_WORLDS,
    PLAY_MODELS,
    STRATEGY_FUSION,
)
from .simulate.rules.cards import CardError
from .simulate.rules.variants import RulesError, as_variant, seat_index
from .simulate.runtime.cluster import BACKENDS, BackendError
from .simulate.study.store import StudyError

interrupt.release()  # loaded: Ctrl-C is a KeyboardInterrupt again, handled by each command
# Only light modules load at start-up, so that --help, rules and a bad option answer at
# once: numba's kernels, pandas and matplotlib load inside the commands that use them
# (benchmarks/bench_startup.py measures it, tests/test_startup.py guards it).
USER_ERRORS = (CardError, RulesError, StudyError, OutputError, BackendError)


class UserError(click.ClickException):
    """Bad input: one line on stderr naming the bad value and what is allowed, exit 2.

    Unlike click.UsageError it never prints the usage block, so the message stays the
    only line whichever command raised it.
    """

    exit_code = 2

    def __init__(self, message: str):
        super().__init__(_abridged(message))


def _abridged(message: str) -> str:
    """A message that names a number of thousands of digits by its length: the bad value
    stays recognisable and the error stays one readable line."""
    return re.sub(r"\d{41,}", lambda found: f"{found.group()[:20]}... ({len(found.group())} digits)", message)


class EuchreGroup(click.Group):
    """A click group with the one error path: the library's ValueErrors, click's bad
    option values and click's usage errors (an unknown option or command, a missing
    argument; parsed here, as the command's context is made) become one-line errors
    (exit 2); Ctrl-C ends any command with one line and exit status 130."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except USER_ERRORS as error:
            raise UserError(str(error)) from None
        except click.BadParameter as error:
            raise UserError(error.format_message()) from None
        except click.UsageError as error:
            raise UserError(_usage_line(error)) from None
        except KeyboardInterrupt:
            click.echo("interrupted", err=True)
            sys.exit(INTERRUPTED)

    def make_context(self, info_name, args, parent=None, **extra):
        # the group's own options (euchre-mc --bogus) are parsed here, before invoke
        try:
            return super().make_context(info_name, args, parent=parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise  # plain ``euchre-mc`` prints the help, as ever
        except click.BadParameter as error:
            raise UserError(error.format_message()) from None
        except click.UsageError as error:
            raise UserError(_usage_line(error)) from None


def _usage_line(error: click.UsageError) -> str:
    """click's usage error as one line: its message and where the help is."""
    command = error.ctx.command_path if error.ctx is not None else "euchre-mc"
    return f"{error.format_message()} (see '{command} --help')"


class Refused(click.BadParameter):
    """A bad option value whose message already names the option and what is allowed."""

    def format_message(self) -> str:
        return self.message


class WholeNumber(click.IntRange):
    """click's IntRange whose failure names the option, the value and what is allowed."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            name = param.opts[0] if param else "value"
            raise Refused(f"{name} {value}: allowed is {self.allowed()}", ctx, param) from None

    def allowed(self) -> str:
        if self.max is None:
            return f"a whole number of at least {self.min}"
        return f"a whole number from {self.min} to {self.max}"


class Seed(WholeNumber):
    """A seed: a whole number from 0 to ``maximum``."""

    def __init__(self, maximum: int = MAX_SEED):
        super().__init__(0, maximum)

    def convert(self, value, param, ctx):
        try:
            return click.IntRange.convert(self, value, param, ctx)
        except click.BadParameter:
            raise Refused(f"seed {value}: seeds are whole numbers from 0 to {self.max}", ctx, param) from None


class Eta:
    """The time left of a run, from a rate that leaves out its warm-up.

    The first work a run reports carries its start-up with it: the kernels loading from
    numba's cache, worker processes starting, an analysis's discard search ahead of its
    main deals, a game batch timed in-process.  The rate since the start puts the first
    ETA several times over the truth.  So the clock starts when the count first moves past the
    first one reported (a fresh run's first work, a resumed study's finished chunks): the
    rate is the work finished after that over the time since.  Until that work spans
    :attr:`WINDOW` seconds (analyses and games report in bursts) and :attr:`SHARE` of the
    total (the first deals of an analysis run slower than the rest), or :attr:`LONG_WINDOW`
    seconds of a long run, the ETA reads "estimating".
    ``clock`` is a function returning seconds (tests pass a fake one)."""

    WINDOW = 1.0
    SHARE = 0.05
    LONG_WINDOW = 10.0

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self.first: int | None = None  # the first count reported: done with the warm-up, or before
        self.start: tuple[float, int] | None = None  # (time, done) when the count first passed it

    def estimate(self, done: int, total: int) -> tuple[float, float] | None:
        """(seconds to go, units per second) after ``done`` of ``total``, or None while the
        rate is unmeasured."""
        now = self.clock()
        if self.first is None:
            self.first = done
        if self.start is None:
            if done > self.first:
                self.start = (now, done)
            return None
        began, first = self.start
        spans = now - began
        small = done - first < self.SHARE * total and spans < self.LONG_WINDOW
        if done <= first or spans < self.WINDOW or small:
            return None
        rate = (done - first) / spans
        return (total - done) / rate, rate


class ProgressBar:
    """The one progress bar: tqdm on stderr (never stdout) that appears once a run has
    taken a second, and only on a terminal (a redirected stderr keeps just the messages).
    The bar is the ``progress(done, total)`` callback the library takes; its ETA and rate
    are :class:`Eta`'s (warm-up left out), not tqdm's."""

    def __init__(self, description: str, unit: str, unit_scale: bool = False, clock=time.monotonic):
        from tqdm import tqdm

        self.unit, self.unit_scale = unit, unit_scale
        self.eta = Eta(clock)
        self.bar = tqdm(
            file=sys.stderr,
            delay=1.0,
            disable=None,  # tqdm's "only on a terminal"
            unit=unit,
            unit_scale=unit_scale,
            leave=False,
            desc=description,
            dynamic_ncols=True,
            bar_format="{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}{postfix}]",
            postfix="ETA estimating",
        )

    def __call__(self, done: int, total: int) -> None:
        if self.bar.total != total:
            self.bar.total = total
        self.bar.set_postfix_str(self.eta_text(done, total), refresh=False)
        self.bar.update(done - self.bar.n)

    def eta_text(self, done: int, total: int) -> str:
        """The bar's ETA and rate ("ETA 00:09, 21.5 deal/s"), or "ETA estimating" before the
        rate is measured."""
        measured = self.eta.estimate(done, total)
        if measured is None:
            return "ETA estimating"
        from tqdm import tqdm

        left, rate = measured
        shown = tqdm.format_sizeof(rate) if self.unit_scale else f"{rate:.3g}"
        return f"ETA {tqdm.format_interval(left)}, {shown} {self.unit}/s"

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *_) -> None:
        self.bar.close()


def compiles_kernels(command=None, *, pimc: bool = False):
    """For a command that runs numba kernels: before it does, compile the kernel groups
    it needs that numba's cache lacks (the first run after an install or an upgrade),
    saying so on a terminal so the wait is not taken for a hang.  Checked after the
    options are parsed, so ``--help`` and bad options stay instant.  PIMC's kernels count
    under ``--play pimc`` or ``--compare-play`` (or ``pimc=True``: the best-card
    commands), the batch reader's under ``--batch``."""

    def decorate(command):
        @functools.wraps(command)
        def announced(*args, **kwargs):
            compile_first(
                pimc=pimc or kwargs.get("play") == "pimc" or bool(kwargs.get("compare_play")),
                batch=kwargs.get("batch") is not None,
            )
            return command(*args, **kwargs)

        return announced

    return decorate if command is None else decorate(command)


def compile_first(pimc: bool = False, batch: bool = False) -> None:
    """On a terminal: compile, whole, every kernel group the run needs that the cache
    does not hold, after printing "compiling kernels (first run only, about N s)" to
    stderr.  Whole groups, so that the next run finds them cached and says nothing.
    Elsewhere (redirected stderr, scripts) nothing is checked, so that the program
    imports no numba before its arguments are checked, and numba compiles what the run
    calls as it calls it."""
    if not sys.stderr.isatty():
        return
    from .simulate.runtime.compiling import compile_seconds, groups_to_compile

    groups = groups_to_compile(pimc=pimc, batch=batch)
    if groups:
        click.echo(f"compiling kernels (first run only, about {compile_seconds(groups)} s)", err=True)
    for group in groups:
        group.compile()


def output_options(json_help: str, csv_help: str | None = None):
    """The output formats every command that prints results shares: a text table by
    default, ``--json`` and, where the result is a table, ``--csv``.  The command gets
    ``output``: ``"table"``, ``"json"`` or ``"csv"``."""

    def decorate(command):
        @functools.wraps(command)
        def with_output(*args, as_json=False, as_csv=False, **kwargs):
            if as_json and as_csv:
                raise UserError("--json and --csv: choose one output format")
            output = "json" if as_json else "csv" if as_csv else "table"
            return command(*args, output=output, **kwargs)

        if csv_help is not None:
            with_output = click.option("--csv", "as_csv", is_flag=True, help=csv_help)(with_output)
        return click.option("--json", "as_json", is_flag=True, help=json_help)(with_output)

    return decorate


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
    from .reports.rules_text import format_rules

    click.echo(format_rules(as_variant(variant)), nl=False)


# --------------------------------------------------------------------------- playout


def seat_option(name: str, help_text: str):
    return click.option(name, type=int, default=None, metavar="SEAT", help=help_text)


def _seat_index(seat: int | None, variant, what: str) -> int | None:
    """A 1-based seat from the command line (or None) as a 0-based library seat, checked."""
    return None if seat is None else seat_index(seat, variant.players, f"{what} seat", first=1)


@main.command()
@variant_option()
@click.option("--seed", type=Seed(), default=1, show_default=True, help="Seeds the deal and the play.")
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
    from .reports.traces import format_trace, trace_dict
    from .simulate.play.trace import play_traced

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
    if output == "json":
        click.echo(json.dumps(trace_dict(trace), indent=1))
    else:
        click.echo(format_trace(trace), nl=False)


# --------------------------------------------------------------------------- solve


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
    from .reports.positions import format_position, position_dict
    from .simulate.play.batch import solve_setup
    from .simulate.play.solve import solve_position

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
    from .simulate.play.batch import solve_stream

    bad = []

    def report(message: str) -> None:
        bad.append(message)
        click.echo(message, err=True)

    for answers in solve_stream(batch, default_variant, leads, nodes, on_error=report):
        click.echo(answers)
    _END_AT_ONCE.append(True)
    return bool(bad)


# --------------------------------------------------------------------------- analyse, should-i-bid, demo

DEMO_VARIANT = "pigs-and-hogs"
DEMO_HAND = "JH JH JD AH KH QH 9S AC"  # two right bowers, a left bower, A K Q of Hearts
# Every contract of the demo hand needs six exact six-seat solves per deal for the level
# contracts: 100 deals keep `make demo` to a minute or two on two cores.
DEMO_DEALS = 100


def backend_options(command):
    """``--backend`` and ``--scheduler``: where the work's seeded chunks run (the same
    results either way); study, analyse, games and tune share them."""
    command = click.option(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help="With --backend dask: an existing cluster's scheduler instead of a LocalCluster.",
    )(command)
    return click.option(
        "--backend",
        type=click.Choice(BACKENDS),
        default="local",
        show_default=True,
        help="Where chunks run: this machine, or Dask distributed (results are the same).",
    )(command)


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
            "--known",
            multiple=True,
            metavar="'SEAT: CARDS'",
            help="Cards known to be in another seat's hand, e.g. '3: JH AS' (repeatable).",
        ),
        click.option(
            "--void",
            multiple=True,
            metavar="'SEAT: SUITS'",
            help="A seat known to hold none of a suit (as dealt), e.g. '4: S' (repeatable).",
        ),
        click.option(
            "--length",
            multiple=True,
            metavar="'SEAT: SUIT MIN-MAX'",
            help="A seat's number of cards of a suit (as dealt), e.g. '2: H 4-8', '2: H 5+' (repeatable).",
        ),
        click.option(
            "--table",
            default="balanced",
            show_default=True,
            metavar="STRATEGY",
            help="How the other seats bid after you (balanced, cautious, aggressive, a .toml file), "
            "or 'none': a pass counts as 0 and nobody overcalls.",
        ),
        click.option(
            "--inference",
            type=click.Choice(["exact", "soft", "none"]),
            default="exact",
            show_default=True,
            help="exact: keep only deals on which each earlier bidder would have bid as given "
            "(under --table); soft: keep each deal with probability that the earlier bidders bid as "
            "given, every threshold of the table model a logistic of width 0.05; none: uniform deals.",
        ),
        click.option(
            "--score",
            default=None,
            metavar="US-THEM",
            help="The game score, your team first (e.g. 44-30; negatives as 44--5): advise by "
            "the chance of winning the game.",
        ),
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
        click.option(
            "--play",
            type=click.Choice(PLAY_MODELS),
            default="dd",
            show_default=True,
            help="Play model: double dummy, PIMC (single dummy: see docs/pimc.md), rules of thumb, "
            "or random legal cards.",
        ),
        click.option(
            "--worlds",
            type=WholeNumber(min=1, max=MAX_WORLDS),
            default=PIMC_WORLDS,
            show_default=True,
            metavar="K",
            help="With --play pimc: worlds each seat samples and solves at each card it plays.",
        ),
        click.option(
            "--seed",
            type=Seed(),
            default=DEFAULT_SEED,
            show_default=True,
            metavar="N",
            help="Seeds the deals (and random play).",
        ),
        click.option(
            "--gift-policy",
            type=click.Choice(sorted(GIFT_POLICY_NAMES)),
            default="highest",
            show_default=True,
            help="Pig / six-handed Alone: the card each partner gives.",
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _parse_score(text):
    """``"44-30"`` (also ``"-5-12"``, ``"44--5"``) as (your team, the other team)."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*(-?\d{1,6})\s*-\s*(-?\d{1,6})\s*", text)
    if not match:
        raise RulesError(f"--score {text!r}: write your team's points, a dash, the other team's, e.g. 44-30")
    return int(match.group(1)), int(match.group(2))


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
    seed,
    gift_policy,
    contracts=None,
):
    """The analysis question, checked once here, and how to run it (deals, precision)."""
    from .simulate.analysis.question import make_question
    from .simulate.dealing.constraints import parse_known, parse_lengths

    chosen = as_variant(variant)
    question = make_question(
        chosen,
        hand,
        seat=_seat_index(seat, chosen, "your"),
        dealer=_seat_index(dealer, chosen, "dealer"),
        auction=auction,
        contracts=contracts,
        play=play,
        seed=seed,
        upcard=upcard,
        round_=round_,
        gift_policy=gift_policy,
        known=parse_known(known, chosen),
        constraints=parse_lengths(void, length, chosen),
        table=table,
        inference=inference,
        score=_parse_score(score),
        worlds=worlds,
    )
    return question, dict(deals=deals, precision=precision, max_deals=max_deals)


@main.command()
@analysis_options
@click.option(
    "--contracts",
    default=None,
    metavar="BIDS",
    help="Only these contracts, e.g. 'Hog Hearts, 6 Low' (default: every contract).",
)
@output_options("Print the settings, advice and rows as JSON.", "Print the rows as CSV.")
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
def analyse(contracts, output, plot, compare_play, backend, scheduler, workers, **options):
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
      euchre-mc analyse --hand "JH JH JD AH KH QH 9S AC" --play pimc --backend dask --workers 2
    """
    cluster = dict(backend=backend, scheduler=scheduler, workers=workers)
    if compare_play:
        _compare_play(contracts, output, cluster, **options)
        return
    question, run = _analysis_question(contracts=contracts, **options)
    if plot:
        check_chart_path(plot)
    from .reports.analysis_text import analysis_csv, format_analysis
    from .reports.charts import save_analysis_chart
    from .simulate.analysis.analyse import analyse_hand

    with ProgressBar("analysing", "deal") as progress:
        result = analyse_hand(question, progress=progress, **run, **cluster)
    if output == "json":
        click.echo(result.to_json(indent=1))
    elif output == "csv":
        click.echo(analysis_csv(result), nl=False)
    else:
        click.echo(format_analysis(result), nl=False)
    if plot:
        save_analysis_chart(result, plot)
        click.echo(f"chart written to {plot}", err=output != "table")
    _exit_if_interrupted(result.settings)


def _compare_play(contracts, output, cluster, **options) -> None:
    """``analyse --compare-play``: one analysis per play model on the same deals."""
    from .reports.analysis_text import format_play_comparison, play_comparison_dict
    from .simulate.analysis.analyse import compare_play

    question, run = _analysis_question(contracts=contracts, **options)
    results = {}
    for model in COMPARED_PLAY_MODELS:
        with ProgressBar(f"analysing ({model})", "play") as progress:
            results.update(compare_play(question, progress=progress, models=(model,), **run, **cluster))
    if output == "json":
        click.echo(json.dumps(play_comparison_dict(results), indent=1))
    else:
        click.echo(format_play_comparison(results), nl=False)


@main.command("should-i-bid")
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
    """Yes or no for one bid, with the numbers behind it.

    Compares what BID is worth once the other seats have bid after it under the table
    model (--table; the final contract played out and scored for your team) with what
    passing and every other legal bid (or only those of --against) are worth, on the
    same deals: BID is played on all its deals (--deals, default 2000), BID and passing
    are valued after the table's bids on the first --option-deals of them, the other
    bids beside BID on the first --alternative-deals.  With --score the measure is the
    chance of winning the game.  With --table none the bids are compared as played and
    passing counts as 0.  Bids that score the same are named as a range, ties go to the
    higher bid, as in analyse's advice.  The output says what was compared, how each
    option was estimated and on how many deals; a difference inside its 95% interval is
    marked not significant.

    \b
    Example:
      euchre-mc should-i-bid "Hog Hearts" --variant pigs-and-hogs \
          --hand "JH JH JD JD AH AH KH AC" --against "Pig Hearts"
      euchre-mc should-i-bid "order up" --variant euchre --hand "JH JD AH 9C TS" --upcard 9H --json
      euchre-mc should-i-bid "Hog Hearts" --hand "JH JH JD AH AH KH QH AC" --score 44-30 --plot hog.png
    """
    contract = " ".join(contract_words)  # the bid may come quoted or as words: Hog Hearts
    question, run = _analysis_question(**options)
    if plot:
        check_chart_path(plot)
    from .reports.analysis_text import format_verdict
    from .simulate.analysis.verdicts import should_i_bid

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
            from .reports.charts import save_verdict_chart

            save_verdict_chart(verdict, plot)
            click.echo(f"chart written to {plot}", err=output != "table")
    _exit_if_interrupted(verdict.settings)


def _exit_if_interrupted(settings) -> None:
    """After Ctrl-C the results on the finished deals are printed; the status says so."""
    if settings.interrupted:
        click.echo(f"interrupted: the results above use the {settings.deals} deals finished", err=True)
        sys.exit(INTERRUPTED)


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
    type=WholeNumber(1, MAX_DEALS),
    default=DEMO_DEALS,
    show_default=True,
    metavar="N",
    help="Deals to play.",
)
@click.option(
    "--seed",
    type=Seed(),
    default=DEFAULT_SEED,
    show_default=True,
    metavar="N",
    help="Seeds the deals.",
)
@compiles_kernels
def demo(out_dir, deals, seed):
    """Analyse a built-in Pigs-and-Hogs hand and draw its chart.

    The hand JH JH JD AH KH QH 9S AC in seat 1 (dealer seat 6): every contract with
    double-dummy play, the advice, and a chart in OUT/demo.png.

    \b
    Example:
      euchre-mc demo --out demo-out
    """
    from .reports.analysis_text import format_analysis
    from .reports.charts import save_analysis_chart
    from .simulate.analysis.analyse import analyse_hand

    path = Path(out_dir) / "demo.png"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise OutputError(f"--out {out_dir!r} cannot be made: {error.strerror or error}") from None
    check_chart_path(path)
    click.echo(f"Demo: analysing {DEMO_HAND} in {DEMO_VARIANT}, seat 1, dealer 6 ({deals} deals).")
    with ProgressBar("analysing", "deal") as progress:
        result = analyse_hand(DEMO_VARIANT, DEMO_HAND, deals=deals, seed=seed, progress=progress)
    click.echo(format_analysis(result), nl=False)
    save_analysis_chart(result, path)
    click.echo(f"\nChart written to {path.resolve()}")


@main.command("compile")
def compile_command():
    """Compile the numba kernels now, group by group, with the time each took.

    numba compiles a kernel on its first use and keeps it in its cache, so the first
    run after an install (or an upgrade) waits for it; this runs that wait ahead.
    Groups the cache holds already are listed as cached.  ``make install`` and
    ``make demo`` run it.

    \b
    Example:
      euchre-mc compile
    """
    from .simulate.runtime.compiling import COMPILE_SECONDS, GROUPS

    for group in GROUPS:
        if group.cached():
            click.echo(f"{group.name}: cached")
            continue
        click.echo(
            f"compiling {group.name} (first run only, about {COMPILE_SECONDS[group.name]} s) ... ", nl=False
        )
        taken = group.compile()
        click.echo(f"{taken:.1f} s")


# --------------------------------------------------------------------------- study, chart

STUDY_HELP_WORKERS = (
    "Processes computing chunks (local pool or Dask LocalCluster; at most one per core). [default: all cores]"
)


@main.command()
@variant_option()
@click.option(
    "--hands",
    "-n",
    type=WholeNumber(min=1),
    required=True,
    help="Deals to study; every seat of a deal is a row (with --trumps, seat 1 only).",
)
@click.option("--seed", type=Seed(), default=1, show_default=True, help="Seed of the deals and the play.")
@click.option(
    "--out", type=click.Path(file_okay=False), required=True, help="Study directory (new, or --resume)."
)
@click.option(
    "--contracts",
    type=click.Choice(["all", "lone"]),
    default="all",
    show_default=True,
    help="Six seats: every contract, or only the sweep contracts (Pig, Hog, Alone), which "
    "exact play answers at about 60-130 rows/s on 2 cores.",
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
@click.option(
    "--play",
    type=click.Choice(["dd", "pimc", "heuristic"]),
    default=None,
    help="Play model. [default: dd for euchre and piq and for --contracts lone; heuristic for "
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
      euchre-mc study --variant pigs-and-hogs --hands 100000 --seed 1 --out ph-study
      euchre-mc study --variant pigs-and-hogs --contracts lone --hands 20000 --out ph-lone
      euchre-mc study --variant pigs-and-hogs --contracts lone --trumps 7 --hands 5000 --out ph-hog
      euchre-mc study --variant euchre --hands 20000 --seed 1 --out eu-study --workers 2
      euchre-mc study -v pigs-and-hogs -n 100000 --out ph --backend dask --scheduler tcp://10.0.0.5:8786
    """
    from .reports.study_summary import format_study_run
    from .simulate.study.run import run_study
    from .simulate.study.store import finished_chunks

    workers = (os.cpu_count() or 1) if workers is None else workers
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
                report=lambda line: click.echo(line, err=True),
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
        _build_charts(out)


@main.command()
@click.argument("directory", type=click.Path(file_okay=False))
def chart(directory):
    """Rebuild every summary, chart and the index page of a study from its rows alone.

    Writes DIR/summary/*.csv and summary.md, DIR/charts/*.png (the one-page strategy
    chart DIR/charts/strategy.png among them) and DIR/index.html.

    \b
    Example:
      euchre-mc chart ph-study
    """
    _build_charts(directory)


def _build_charts(directory):
    from .reports.study_charts import build_study_reports

    with ProgressBar("charts", "step") as progress:
        index = build_study_reports(directory, progress=progress)
    click.echo(f"summaries, charts and index: {index}")


# --------------------------------------------------------------------------- best-card


def _advice_worlds(command):
    """``--worlds`` and ``--seed``, shared by best-card, best-discard and best-gift."""
    command = click.option("--seed", type=Seed(), default=1, show_default=True, help="Seeds the worlds.")(
        command
    )
    return click.option(
        "--worlds",
        type=WholeNumber(min=1, max=MAX_WORLDS),
        default=ADVICE_WORLDS,
        show_default=True,
        metavar="N",
        help="Worlds sampled and solved.",
    )(command)


@main.command("best-card")
@variant_option()
@click.option(
    "--contract", "-c", required=True, metavar="BID", help="The contract, e.g. 'Hog Hearts', 'order up'."
)
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who made the contract.")
@click.option("--seat", type=int, required=True, metavar="SEAT", help="Your seat (you are on move).")
@click.option("--hand", required=True, metavar="CARDS", help="The cards you hold now.")
@click.option(
    "--tricks",
    default=None,
    metavar="TRICKS",
    help="Finished tricks: the leader's seat, a colon, the cards in order; ';' between tricks, "
    "e.g. '1: JH AH 9H TH; 3: AS KS QS 9S'.",
)
@click.option(
    "--trick", "current", default=None, metavar="TRICK", help="The trick in progress, e.g. '2: 9S TS'."
)
@click.option("--upcard", default=None, metavar="CARD", help="Classic: the upcard everyone saw.")
@click.option("--dealer", type=int, default=None, metavar="SEAT", help="Classic order up: the dealer.")
@click.option("--discards", default=None, metavar="CARDS", help="Your own discards (dealer, Pig bidder).")
@_advice_worlds
@output_options("Print every card's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_card_command(
    variant, contract, bidder, seat, hand, tricks, current, upcard, dealer, discards, worlds, seed, output
):
    """Which card should I play?  Every legal card ranked over sampled worlds.

    Deals N worlds of the cards you cannot see, consistent with everything played
    (and the voids it showed), solves each double dummy after each legal card, and
    ranks the cards by your side's expected tricks for the hand, with P(make).

    \b
    Example:
      euchre-mc best-card --variant euchre --contract "order up" --upcard 9H --dealer 4 \\
          --bidder 1 --seat 1 --hand "JD AH KS 9C" --tricks "1: JH QH TH 9H"
    """
    from .reports.advice_report import format_card_advice
    from .simulate.advice.best_card import best_card

    advice = best_card(
        variant,
        contract,
        bidder,
        seat,
        hand,
        tricks,
        current,
        upcard,
        dealer,
        discards,
        worlds,
        seed,
        first=1,
    )
    _echo_advice(advice, output, format_card_advice)


@main.command("best-discard")
@variant_option()
@click.option("--hand", required=True, metavar="CARDS", help="Your five cards before you pick up.")
@click.option("--upcard", required=True, metavar="CARD", help="The upcard you pick up.")
@click.option("--dealer", type=int, required=True, metavar="SEAT", help="Your seat: the dealer.")
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who ordered the upcard up.")
@click.option(
    "--contract",
    "-c",
    default="order up",
    show_default=True,
    metavar="BID",
    help="'order up', or 'order up alone'.",
)
@_advice_worlds
@output_options("Print every candidate's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_discard_command(variant, hand, upcard, dealer, bidder, contract, worlds, seed, output):
    """Ordered up as the dealer: which card do I discard?

    Values each of the six cards you hold after picking up the upcard over N worlds of
    the cards you cannot see (the hand then played double dummy), and ranks them by
    your side's expected tricks, with P(make).  In the example your partner, seat 2,
    ordered you up.

    \b
    Example:
      euchre-mc best-discard --variant euchre --hand "JD AH KS 9C TC" --upcard 9H \\
          --dealer 4 --bidder 2 --worlds 100
    """
    from .reports.advice_report import format_exchange_advice
    from .simulate.advice.exchanges import best_discard

    advice = best_discard(variant, hand, upcard, dealer, bidder, contract, worlds, seed, first=1)
    _echo_advice(advice, output, format_exchange_advice)


@main.command("best-gift")
@variant_option()
@click.option(
    "--contract", "-c", required=True, metavar="BID", help="The Pig or Alone contract, e.g. 'Pig Hearts'."
)
@click.option("--bidder", type=int, required=True, metavar="SEAT", help="Who bid it.")
@click.option("--seat", type=int, required=True, metavar="SEAT", help="Your seat: a partner of the bidder.")
@click.option("--hand", required=True, metavar="CARDS", help="Your cards.")
@click.option(
    "--dealer", type=int, default=None, metavar="SEAT", help="The dealer, where the seat on its left leads."
)
@click.option(
    "--gift-policy",
    type=click.Choice(list(GIFT_POLICY_NAMES)),
    default="highest",
    show_default=True,
    help="How the other partner chooses its gift.",
)
@_advice_worlds
@output_options("Print every candidate's numbers as JSON.")
@compiles_kernels(pimc=True)
def best_gift_command(variant, contract, bidder, seat, hand, dealer, gift_policy, worlds, seed, output):
    """Partner bid Pig (or six-handed Alone): which card do I give?

    Values each card of your hand over N worlds of the cards you cannot see: the other
    partner gives by --gift-policy, the bidder discards two by the void-first policy,
    and the hand is played double dummy.  Ranked by your side's expected tricks, with
    P(make).

    \b
    Example:
      euchre-mc best-gift --variant pigs-and-hogs --contract "Pig Hearts" --bidder 1 \\
          --seat 3 --hand "JH AS KS QC 9C TD TD 9S" --worlds 50
    """
    from .reports.advice_report import format_exchange_advice
    from .simulate.advice.exchanges import best_gift

    advice = best_gift(variant, contract, hand, bidder, seat, dealer, gift_policy, worlds, seed, first=1)
    _echo_advice(advice, output, format_exchange_advice)


def _echo_advice(advice, output, formatter):
    if output == "json":
        click.echo(advice.to_json(indent=1))
    else:
        click.echo(formatter(advice), nl=False)


# --------------------------------------------------------------------------- games, tune


def _games_options(command):
    """Options shared by ``games`` and ``tune``."""
    command = backend_options(command)
    command = click.option(
        "--play",
        type=click.Choice(["heuristic", "dd", "pimc"]),
        default="heuristic",
        show_default=True,
        help="Play model for every hand (pimc: see docs/pimc.md).",
    )(command)
    command = click.option(
        "--workers",
        type=WholeNumber(1, 256),
        default=1,
        show_default=True,
        help="Worker processes, each about 4 s to start: they are started only when the games "
        "would take longer here, and never more than cores (results are the same for any number). "
        "With --backend dask and no --scheduler: the LocalCluster's processes.",
    )(command)
    command = click.option("--seed", type=Seed(), default=1, show_default=True, help="Seeds every deal.")(
        command
    )
    command = click.option(
        "--games",
        "games_count",
        type=WholeNumber(1, 10**9),
        default=1000,
        show_default=True,
        help="Games to play.",
    )(command)
    return command


@main.command()
@variant_option()
@click.option(
    "--team-a",
    default="balanced",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of the odd seats (1, 3, 5; four seats: 1, 3): a built-in (balanced, cautious, "
    "aggressive, score-aware) "
    "or a .toml file.",
)
@click.option(
    "--team-b",
    default="balanced",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of the even seats (2, 4, 6; four seats: 2, 4).",
)
@_games_options
@output_options("Print the results as JSON (no timings).")
@click.option(
    "--trace",
    "trace_index",
    type=int,
    default=None,
    metavar="GAME_INDEX",
    help="Print game GAME_INDEX (0-based) of this seed hand by hand instead of the summary.",
)
@click.option(
    "--worlds",
    type=WholeNumber(min=1, max=MAX_WORLDS),
    default=PIMC_WORLDS,
    show_default=True,
    metavar="K",
    help="With --play pimc: worlds each seat samples and solves at each card it plays.",
)
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
      euchre-mc games --variant pigs-and-hogs --team-a cautious --team-b aggressive --games 2000 --seed 1
      euchre-mc games --variant euchre --team-a my-strategy.toml --games 500 --json
      euchre-mc games --variant six-handed --trace 3 --seed 1
      euchre-mc games --variant pigs-and-hogs --games 20000 --backend dask --workers 2
    """
    from .reports.game_report import format_games
    from .reports.traces import format_game_trace, game_trace_dict
    from .simulate.bidding.strategy import load_strategy
    from .simulate.games.game import play_games, trace_game
    from .simulate.games.results import summarise_games

    chosen = as_variant(variant)
    teams = (load_strategy(team_a), load_strategy(team_b))
    _warn_unused(chosen, [team_a, team_b])
    if trace_index is not None:
        totals = trace_game(chosen, *teams, trace_index, seed=seed, play=play)
        if output == "json":
            click.echo(json.dumps(game_trace_dict(totals), indent=1))
        else:
            click.echo(format_game_trace(totals, teams, chosen.players), nl=False)
        return
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
            report=lambda line: click.echo(line, err=True),
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
        if play == "pimc":
            click.echo(f"{STRATEGY_FUSION} ({worlds} worlds a decision, each explaining the hand's auction)")
        where = f"{workers} worker{'s' if workers > 1 else ''}"
        if backend == "dask":
            where = f"the Dask cluster at {scheduler}" if scheduler else f"a Dask LocalCluster of {where}"
        click.echo(f"played in {elapsed:.1f} s ({games_count / elapsed:.0f} games/s, {where})", err=True)


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
    help="The fixed opponent (team B, the even seats).",
)
@click.option(
    "--base",
    default=None,
    metavar="STRATEGY",
    help="The strategy whose parameter varies (team A); default: the same as --against.",
)
@_games_options
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
    from .reports.files import save_figure
    from .reports.game_report import format_tune, tune_figure
    from .simulate.bidding.strategy import load_strategy, unused_param_warning, unused_params
    from .simulate.games.results import tune_parameter

    chosen = as_variant(variant)
    opponent = load_strategy(against)
    tuned = load_strategy(base if base is not None else against)
    _warn_unused(chosen, [against] + ([base] if base is not None else []))
    if unused_params(chosen, [param]):
        click.echo(unused_param_warning(chosen, param, "--param"), err=True)
    texts = [v.strip() for v in values_text.split(",") if v.strip()]
    if not texts:
        raise RulesError(f"--values {values_text!r}: give numbers separated by commas, e.g. 0.5,0.7,0.9")
    if chart_path is not None:
        check_chart_path(chart_path)
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
            report=lambda line: click.echo(line, err=True),
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


def _warn_unused(variant, specs) -> None:
    """Say on stderr when a strategy file sets a threshold this variant never uses."""
    from .simulate.bidding.strategy import file_warnings

    for spec in dict.fromkeys(specs):
        for line in file_warnings(spec, variant):
            click.echo(line, err=True)


@main.command("match-equity")
@variant_option()
@click.option(
    "--strategy",
    default="balanced",
    show_default=True,
    metavar="STRATEGY",
    help="Strategy of both teams, one that ignores the score (balanced, cautious, aggressive or a .toml).",
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
@click.option("--seed", type=Seed(), default=1, show_default=True, help="Seeds every sampled hand.")
@click.option(
    "--play",
    type=click.Choice(["heuristic", "dd"]),
    default="heuristic",
    show_default=True,
    help="Play model for every hand.",
)
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
      euchre-mc match-equity --variant pigs-and-hogs --hands 100000 --plot equity.png
      euchre-mc match-equity --variant euchre --strategy cautious --csv > cautious.csv
    """
    from .reports.equity_report import equity_csv, equity_figure, format_equity
    from .reports.files import save_figure
    from .simulate.bidding.strategy import load_strategy
    from .simulate.games.equity import match_equity

    team_a = load_strategy(strategy)
    team_b = load_strategy(against) if against is not None else team_a
    _warn_unused(as_variant(variant), [strategy] + ([against] if against is not None else []))
    if plot is not None:
        check_chart_path(plot)
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


# --------------------------------------------------------------------------- entry point


# Set by a command whose process has nothing left to tidy once its output is flushed (a
# solve --batch): the program then ends at once, without Python's teardown, which after
# the solver's kernels are loaded costs a tenth of a second or more of CPU (freeing
# numba's compiled code and every module), as long as solving thousands of deals.
_END_AT_ONCE = []


def run():
    """Entry point of ``python -m euchre_mc`` and of the ``euchre-mc`` program."""
    try:
        main(prog_name="euchre-mc")
    except SystemExit as done:
        if _END_AT_ONCE and (done.code is None or isinstance(done.code, int)):
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(done.code or 0)
        raise


if __name__ == "__main__":
    sys.exit(run())
