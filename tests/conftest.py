"""Shared test settings: sample sizes that shrink when numba's JIT is disabled.

Kernels are imported from ``simulate.kernels`` at module level, so each compiles once
per test session.  Under ``NUMBA_DISABLE_JIT=1`` they run as plain Python: statistical
tests then use fewer samples (their tolerances follow the sample size, so they still
assert), and numpy's warnings about the intended wrap-around of uint64 arithmetic in the
random streams are silenced.  Ctrl-C is Python's own in the test process even when the
tests were started with SIGINT ignored (``make test &`` from a shell without job
control, or under ``nohup``), so the Ctrl-C tests and the command lines they start, which
inherit it, see what a terminal user sees.
"""

import signal
from dataclasses import replace

import numba
import pytest

JIT_DISABLED = bool(numba.config.DISABLE_JIT)


def pytest_configure(config):
    if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if JIT_DISABLED:
        config.addinivalue_line("filterwarnings", "ignore:overflow encountered:RuntimeWarning")


@pytest.fixture(scope="session")
def samples():
    """``samples(n)``: n samples when compiled, a tenth of them (at least 500) in pure Python."""

    def scaled(n: int) -> int:
        return max(500, n // 10) if JIT_DISABLED else n

    return scaled


@pytest.fixture
def interrupt_after_first_step(monkeypatch):
    """``interrupt_after_first_step(step)``: heuristic analyses step ``step`` deals at a
    time, and the second step raises KeyboardInterrupt, as Ctrl-C would."""
    from euchre_mc.simulate.analysis import runner
    from euchre_mc.simulate.play import models

    real = runner.play_layouts

    def play_then_stop(question, laid, first_index, progress, *discards):
        if first_index > 0:
            raise KeyboardInterrupt
        return real(question, laid, first_index, progress, *discards)

    def arm(step: int) -> None:
        monkeypatch.setattr(runner, "play_layouts", play_then_stop)
        heuristic = models.PLAY_MODELS["heuristic"]
        monkeypatch.setitem(models.PLAY_MODELS, "heuristic", replace(heuristic, analysis_chunk=step))

    return arm


@pytest.fixture(autouse=True)
def report_width(monkeypatch):
    """Text reports wrap to ``$COLUMNS`` when it is set: tests see the default, 80."""
    monkeypatch.delenv("COLUMNS", raising=False)
