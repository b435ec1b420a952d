"""The ``euchre-mc`` command line: the root group, its one error path and the entry point.

The commands are thin click commands over ``simulate`` and ``reports``, grouped by job in
``reports/commands`` (analysis, cards, solver, studies, games); the options they share
are defined once in ``reports/commands/shared.py``.  Three things are shared by every
command: the output formats (``output_options``: a text table, ``--json`` and, where
the result is a table, ``--csv``), the one error path (library errors and bad option
values become one line on stderr and exit status 2 through :class:`EuchreGroup`, never a
traceback), and the one progress bar (``reports.progress.ProgressBar``, the
``progress(done, total)`` callback the library takes).
"""

from __future__ import annotations

import os
import sys

import click

from . import interrupt  # first: Ctrl-C while the modules below load exits 130 too
from .interrupt import INTERRUPTED
from .reports.commands import analysis, cards, fit, games, grade, solver, studies
from .reports.commands.shared import END_AT_ONCE, UserError
from .reports.files import OutputError
from .simulate.rules.cards import CardError
from .simulate.rules.variants import RulesError
from .simulate.runtime.cluster import BackendError
from .simulate.study.store import StudyError

interrupt.release()  # loaded: Ctrl-C is a KeyboardInterrupt again, handled by each command
# Only light modules load at start-up, so that --help, rules and a bad option answer at
# once: numba's kernels, pandas and matplotlib load inside the commands that use them
# (benchmarks/bench_startup.py measures it, tests/test_startup.py guards it).
USER_ERRORS = (CardError, RulesError, StudyError, OutputError, BackendError)


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


for command in (
    solver.rules,
    solver.playout,
    solver.solve,
    analysis.analyse,
    analysis.should_i_bid_command,
    analysis.demo,
    solver.compile_command,
    studies.study,
    studies.chart,
    studies.strategy_chart,
    cards.best_card_command,
    cards.best_discard_command,
    cards.best_gift_command,
    grade.grade_command,
    games.games,
    games.tune,
    games.match_equity_command,
    fit.fit_command,
):
    main.add_command(command)


def run():
    """Entry point of ``python -m euchre_mc`` and of the ``euchre-mc`` program."""
    interrupt.hold_inside_kernels()  # a Ctrl-C waits for the kernel it would break
    try:
        main(prog_name="euchre-mc")
    except SystemExit as done:
        # the command is done: a Ctrl-C now has nothing left to stop, but one that came
        # while it ran still says so (a finished command is not a reason to exit 0)
        if interrupt.ignore() and not done.code:
            click.echo("interrupted", err=True)
            done = SystemExit(INTERRUPTED)
        # a command that set END_AT_ONCE (solve --batch) skips Python's teardown
        if END_AT_ONCE and (done.code is None or isinstance(done.code, int)):
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(done.code or 0)
        raise done from None


if __name__ == "__main__":
    sys.exit(run())
