"""What a running command shows on a terminal: the progress bar with its ETA, and the
notice before the first run after an install compiles numba's kernels.

Both write to stderr only, and only on a terminal: a redirected stderr keeps just the
messages, and stdout only ever holds a command's results.
"""

from __future__ import annotations

import sys
import time

import click


class Eta:
    """The time left of a run, from a rate that leaves out its warm-up.

    The first work a run reports carries its start-up with it: the kernels loading from
    numba's cache, worker processes starting, an analysis's discard search ahead of its
    main deals, a game batch timed in-process.  The rate since the start put the first
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


def compile_first(pimc: bool = False, batch: bool = False, rollout: bool = False) -> None:
    """On a terminal: compile, whole, every kernel group the run needs that the cache
    does not hold (:func:`compile_ahead`).  Whole groups, so that the next run finds them
    cached and says nothing.  Elsewhere (redirected stderr, scripts) nothing is checked,
    so that the program imports no numba before its arguments are checked, and numba
    compiles what the run calls as it calls it."""
    if not sys.stderr.isatty():
        return
    from ..simulate.runtime.compiling import groups_to_compile

    compile_ahead(groups_to_compile(pimc=pimc, batch=batch, rollout=rollout))


def compile_ahead(groups) -> None:
    """Compile ``groups`` (in parallel processes) after printing "compiling kernels
    (first run only, about N s)" to stderr; nothing when there are none."""
    if not groups:
        return
    from ..simulate.runtime.compiling import compile_groups, compile_seconds

    click.echo(f"compiling kernels (first run only, about {compile_seconds(groups)} s)", err=True)
    for _ in compile_groups(groups):
        pass


__all__ = ["Eta", "ProgressBar", "compile_ahead", "compile_first"]
