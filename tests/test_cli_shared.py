"""What every command shares: an example in its help, one output-option set, the one
error path and the one progress bar."""

import io
import re
import sys

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.reports.progress import ProgressBar


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("command", sorted(main.commands))
def test_every_command_help_shows_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0
    assert re.search(r"Example:\n +euchre-mc " + command, result.output)


def test_the_group_help_shows_an_example():
    assert re.search(r"Example:\n +euchre-mc ", run("--help").output)


@pytest.mark.parametrize(
    "args,message",
    [
        (["analyse", "--hand", "JH JH JD AH KH QH 9S AC", "--deals", "0"], "--deals 0: allowed is a whole"),
        (["analyse", "--hand", "JH JH JD AH KH QH 9S AC", "--play", "best"], "'best' is not one of"),
        (["games", "--workers", "300"], "--workers 300: allowed is a whole number from 1 to 256"),
        (["games", "--seed", "x"], "seed x: seeds are whole numbers"),
        (["tune", "--param", "hog_threshold", "--values", "0.5", "--json", "--csv"], "choose one output"),
    ],
)
def test_bad_option_values_are_one_line_and_exit_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert result.output.startswith("Error: ") and len(result.output.strip().splitlines()) == 1
    assert message in result.output


def test_tune_csv_has_one_line_per_value():
    result = run(
        "tune",
        "--variant",
        "euchre",
        "--param",
        "order_up_threshold",
        "--values",
        "0.5,0.7",
        "--games",
        "8",
        "--csv",
    )
    assert result.exit_code == 0, result.output
    header, *rows = result.stdout.strip().splitlines()
    assert header.startswith("value,games,wins,win_rate") and [r.split(",")[0] for r in rows] == [
        "0.5",
        "0.7",
    ]


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_follows_the_library_counts_on_a_terminal_only(monkeypatch):
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    with ProgressBar("testing", "play") as bar:
        bar(3, 10)
        bar(7, 12)  # a precision run grows its total
        assert (bar.bar.n, bar.bar.total) == (7, 12)
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    with ProgressBar("testing", "play") as bar:
        bar(3, 10)
        assert bar.bar.disable


def test_should_i_bid_csv_is_the_verdict_in_one_line():
    result = run(
        "should-i-bid",
        "Hog Low No Trump",
        "--hand",
        "9S 9S TS TS 9D 9D TD TD",
        "--deals",
        "20",
        "--seat",
        "2",
        "--auction",
        "8 Clubs",
        "--inference",
        "none",
        "--csv",
    )
    assert result.exit_code == 0, result.output
    header, line = result.stdout.strip().splitlines()
    assert header.startswith("contract,verdict,p_make") and line.startswith("Hog Low No Trump,yes,1.0,")


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def slow_first_chunk(chunks=10, deals=100, warm_up=12.0, seconds=1.0):
    """(time, done, total) of a run whose first chunk carries the warm-up (numba's cache,
    workers starting): ``warm_up`` seconds, then ``seconds`` per chunk."""
    moments, now = [], 0.0
    for chunk in range(chunks):
        now += warm_up if chunk == 0 else seconds
        moments.append((now, (chunk + 1) * deals, chunks * deals))
    return moments


def test_the_eta_leaves_out_the_warm_up_and_is_within_2x_from_the_first_it_shows():
    from euchre_mc.reports.progress import Eta

    clock = FakeClock()
    eta = Eta(clock)
    updates = slow_first_chunk()
    end = updates[-1][0]
    shown = []
    for moment, done, total in updates[:-1]:
        clock.now = moment
        measured = eta.estimate(done, total)
        shown.append(None if measured is None else measured[0] / (end - moment))
    # the first chunk (warm-up) and the next (the rate's start) are "estimating"; every
    # ETA after is the truth here, and at worst within 2x
    assert shown[:2] == [None, None] and shown[2] == pytest.approx(1.0)
    assert all(0.5 <= ratio <= 2 for ratio in shown[2:]), shown
    # the plain rate since the start, by contrast, is 6.5x over at its second update
    moment, done, total = updates[1]
    assert moment / done * (total - done) / (end - moment) == pytest.approx(6.5)


def test_the_eta_of_a_resumed_run_starts_from_the_work_it_does():
    from euchre_mc.reports.progress import Eta

    clock = FakeClock()
    eta = Eta(clock)
    assert eta.estimate(500, 1000) is None  # finished chunks found on resume
    clock.now = 10.0  # the first new chunk, with the warm-up
    assert eta.estimate(600, 1000) is None
    clock.now = 12.0
    assert eta.estimate(700, 1000) == pytest.approx((6.0, 50.0))  # 300 left at 50 a second


def test_the_bar_says_estimating_until_a_rate_is_measured(monkeypatch):
    clock = FakeClock()
    monkeypatch.setattr(sys, "stderr", Terminal())
    with ProgressBar("testing", "deal", clock=clock) as bar:
        texts = []
        for moment, done, total in slow_first_chunk()[:4]:
            clock.now = moment
            texts.append(bar.eta_text(done, total))
        assert texts[:2] == ["ETA estimating", "ETA estimating"]
        assert texts[2:] == ["ETA 00:07, 100 deal/s", "ETA 00:06, 100 deal/s"]
        bar(500, 1000)
        assert "ETA" in str(bar.bar) and "<" not in str(bar.bar)  # no tqdm ETA beside ours


def test_the_eta_waits_for_a_share_of_the_work_or_ten_seconds():
    from euchre_mc.reports.progress import Eta

    clock = FakeClock()
    eta = Eta(clock)
    eta.estimate(0, 10_000)
    clock.now = 5.0
    eta.estimate(10, 10_000)  # the first work, after the warm-up
    clock.now = 7.0
    assert eta.estimate(110, 10_000) is None  # two seconds, but 1% of the run
    clock.now = 15.0
    assert eta.estimate(510, 10_000) == pytest.approx((9490 / 50, 50.0))  # ten seconds of work


def test_ctrl_c_is_python_s_own_again_once_the_cli_has_loaded():
    import signal

    import euchre_mc.cli  # noqa: F401  (loaded: interrupt.release() ran)
    from euchre_mc import interrupt

    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    interrupt.hold()
    assert signal.getsignal(signal.SIGINT) is interrupt._while_loading
    interrupt.release()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
