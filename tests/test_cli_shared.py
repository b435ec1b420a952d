"""What every command shares: an example in its help, one output-option set, the one
error path and the one progress bar."""

import io
import re
import sys

import pytest
from click.testing import CliRunner

from euchre_mc.cli import ProgressBar, main


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
