"""What the commands share: the bad-input error, the option types, the options defined
once (variant, seat, seed, play model, backend, output format) and the decorator that
compiles a command's kernels ahead of it.

Command modules take their shared options from here and the root group in ``cli.py``
imports the command modules, so the imports run one way.
"""

from __future__ import annotations

import functools
import re
import sys

import click

from ...interrupt import INTERRUPTED
from ...simulate.choices import (
    DEFAULT_INFERENCE,
    DEFAULT_TABLE,
    INFERENCE_MODES,
    MAX_SEED,
    MAX_WORLDS,
    PIMC_WORLDS,
)
from ...simulate.play.models import COMPARE_PLAY, PIMC_KERNELS, PLAY_MODELS, offered_by
from ...simulate.rules.variants import SPECS, RulesError, seat_index
from ...simulate.runtime.cluster import BACKENDS
from ..lines import fit
from ..progress import compile_first


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


def seed_option(help_text: str, default: int = 1, metavar: str | None = None):
    """``--seed``: a whole number from 0 to MAX_SEED."""
    return click.option(
        "--seed", type=Seed(), default=default, show_default=True, metavar=metavar, help=help_text
    )


class VariantName(click.ParamType):
    """A variant as written (``euchre(stick_the_dealer=true)``), parsed by the library
    where it is used; when it is missing, click's error lists the variants."""

    name = "variant"

    def convert(self, value, param, ctx):
        return value

    def get_missing_message(self, param, ctx=None) -> str:
        return f"Variants: {', '.join(SPECS)}."


def variant_option(default: str = "pigs-and-hogs"):
    return click.option(
        "--variant",
        "-v",
        type=VariantName(),
        default=default,
        show_default=True,
        metavar="VARIANT",
        help="Rule set with options, e.g. 'euchre(stick_the_dealer=true)'.",
    )


def seat_option(name: str, help_text: str):
    return click.option(name, type=int, default=None, metavar="SEAT", help=help_text)


def library_seat(seat: int | None, variant, what: str) -> int | None:
    """A 1-based seat from the command line (or None) as a 0-based library seat, checked."""
    return None if seat is None else seat_index(seat, variant.players, f"{what} seat", first=1)


table_option = click.option(
    "--table",
    default=DEFAULT_TABLE,
    show_default=True,
    metavar="STRATEGY",
    help="How the other seats bid (fitted: fitted by self-play for the variant; balanced, cautious, "
    "aggressive, a .toml file), "
    "or 'none': a pass counts as 0 and nobody overcalls.",
)
"""``--table``: the table model, shared by the analysis and card commands."""


def inference_option(help_text: str):
    """``--inference exact|soft|none``: how the deals or worlds hear the auction."""
    return click.option(
        "--inference",
        type=click.Choice(INFERENCE_MODES),
        default=DEFAULT_INFERENCE,
        show_default=True,
        help=help_text,
    )


def score_option(what: str):
    """``--score US-THEM``: the game's score, your team first; ``what`` says what it changes."""
    return click.option(
        "--score",
        default=None,
        metavar="US-THEM",
        help=f"The game score, your team first (e.g. 44-30; negatives as 44--5): {what}",
    )


def parse_score(text):
    """``"44-30"`` (also ``"-5-12"``, ``"44--5"``) as (your team, the other team)."""
    if text is None:
        return None
    match = re.fullmatch(r"\s*(-?\d{1,6})\s*-\s*(-?\d{1,6})\s*", text)
    if not match:
        raise RulesError(f"--score {text!r}: write your team's points, a dash, the other team's, e.g. 44-30")
    return int(match.group(1)), int(match.group(2))


max_worlds_option = click.option(
    "--max-worlds",
    type=int,
    default=None,
    metavar="N",
    help="The cap on the growing sample while the best card is unsettled  [default: 4 x --worlds].",
)
"""``--max-worlds``: how far best-card's (and grade's) sample may grow."""

KNOWN_OPTIONS = (
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
)
"""``--known``, ``--void``, ``--length``: what a player was told of the other hands,
shared by analyse, should-i-bid and the card commands (one parser:
simulate.dealing.constraints.parse_known and parse_lengths)."""


def known_options(command):
    """The :data:`KNOWN_OPTIONS` on ``command``, in the order they are listed."""
    for option in reversed(KNOWN_OPTIONS):
        command = option(command)
    return command


def worlds_option(
    default: int = PIMC_WORLDS,
    metavar: str = "K",
    help_text: str = "With --play pimc: worlds each seat samples and solves at each card it plays.",
):
    """``--worlds``: the worlds sampled and solved at each decision (PIMC play, the card
    decisions)."""
    return click.option(
        "--worlds",
        type=WholeNumber(min=1, max=MAX_WORLDS),
        default=default,
        show_default=True,
        metavar=metavar,
        help=help_text,
    )


def play_option(command: str, default: str | None, help_text: str):
    """``--play``: the play models ``command`` offers (play/models.py), its default first."""
    names = offered_by(command)
    if default is not None:
        names = (default, *(name for name in names if name != default))
        return click.option(
            "--play", type=click.Choice(names), default=default, show_default=True, help=help_text
        )
    return click.option("--play", type=click.Choice(names), default=None, help=help_text)


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


def report_line(line: str) -> None:
    """A long run's one-line report (workers started, a chunk resumed): on stderr, fitted."""
    click.echo(fit(line), err=True)


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


def compiles_kernels(command=None, *, pimc: bool = False):
    """For a command that runs numba kernels: before it does, compile the kernel groups
    it needs that numba's cache lacks (the first run after an install or an upgrade),
    saying so on a terminal so the wait is not taken for a hang.  Checked after the
    options are parsed, so ``--help`` and bad options stay instant.  PIMC's kernels count
    under ``--play pimc`` or ``--compare-play`` (or ``pimc=True``: the best-card
    commands), the batch reader's under ``--batch``, best-card's rollouts under
    ``--rollout pimc``."""

    def decorate(command):
        @functools.wraps(command)
        def announced(*args, **kwargs):
            needs = dict(pimc=pimc or _plays_pimc(kwargs), batch=kwargs.get("batch") is not None)
            if kwargs.get("rollout") == "pimc":
                needs["rollout"] = True  # best-card --rollout pimc
            compile_first(**needs)
            return command(*args, **kwargs)

        return announced

    return decorate if command is None else decorate(command)


def _plays_pimc(options: dict) -> bool:
    """Does a command with these options play under a model compiled in PIMC's group?"""
    played = offered_by(COMPARE_PLAY) if options.get("compare_play") else (options.get("play"),)
    return any(name in PLAY_MODELS and PLAY_MODELS[name].compile_group == PIMC_KERNELS for name in played)


def exit_interrupted(finished: int, asked: int, unit: str) -> None:
    """After a Ctrl-C that kept some results (printed above it): the line that says on
    how many they rest, and exit status 130."""
    click.echo(f"interrupted: the results above use the {finished:,} {unit} finished of {asked:,}", err=True)
    sys.exit(INTERRUPTED)


# Set by a command whose process has nothing left to tidy once its output is flushed (a
# solve --batch): the program then ends at once, without Python's teardown, which after
# the solver's kernels are loaded costs as much CPU as solving thousands of deals
# (freeing numba's compiled code and every module; benchmarks/RESULTS.md, start-up).
END_AT_ONCE = []


__all__ = [
    "END_AT_ONCE",
    "KNOWN_OPTIONS",
    "Refused",
    "Seed",
    "UserError",
    "VariantName",
    "WholeNumber",
    "backend_options",
    "compiles_kernels",
    "known_options",
    "library_seat",
    "output_options",
    "play_option",
    "seat_option",
    "seed_option",
    "variant_option",
    "worlds_option",
]
