"""Ctrl-C in every play model: real processes, a real SIGINT to the process group.

Each case runs a command in its own session and sends SIGINT to the whole group, as a
terminal's Ctrl-C does, once early (start-up or the first step) and once later (after
some steps finished).  Every cell must exit 130 with no traceback; a later Ctrl-C must
also print the results of the finished work and the line that says on how much they
rest.  Marked ``slow_faults`` like the other real-process cases.
"""

from __future__ import annotations

import pytest
from test_bad_input_and_interruptions import _interrupt

PH = ["--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC"]
EUCHRE = ["--variant", "euchre", "--hand", "JH JD AH 9C TS", "--upcard", "9H"]

# (case, arguments, seconds before a later Ctrl-C, what the kept results say)
CELLS = [
    ("analyse pimc euchre", ["analyse", *EUCHRE, "--play", "pimc", "--deals", "4000"], 12, "deals finished"),
    ("analyse pimc ph", ["analyse", *PH, "--play", "pimc", "--deals", "400"], 12, None),
    ("analyse heuristic euchre", ["analyse", *EUCHRE, "--play", "heuristic", "--deals", "1000000"], 8, None),
    ("games pimc six", ["games", "--variant", "six-handed", "--play", "pimc", "--games", "1000"], 10, None),
    ("games heuristic euchre", ["games", "--variant", "euchre", "--games", "1000000"], 12, "games finished"),
    (
        "tune dd euchre",
        ["tune", "--variant", "euchre", "--param", "order_up_threshold", "--values", "0.5,0.7"]
        + ["--play", "dd", "--games", "100000"],
        14,
        "games finished",
    ),
    (
        "match-equity ph",
        ["match-equity", "--variant", "pigs-and-hogs", "--hands", "1000000"],
        14,
        "hands finished",
    ),
    (
        "best-gift ph",
        [
            "best-gift",
            "--variant",
            "pigs-and-hogs",
            "--contract",
            "Pig Hearts",
            "--bidder",
            "1",
            "--seat",
            "3",
        ]
        + ["--hand", "JH AS KS QC 9C TD TD 9S", "--worlds", "1000"],
        6,
        "worlds finished",
    ),
]


@pytest.mark.slow_faults
@pytest.mark.parametrize(("arguments", "later", "kept"), [c[1:] for c in CELLS], ids=[c[0] for c in CELLS])
def test_ctrl_c_exits_130_without_a_traceback_keeping_the_finished_work(arguments, later, kept):
    status, err, stopped = _interrupt(arguments, after=later)
    assert status == 130, err
    assert "Traceback" not in err and "SystemError" not in err
    assert stopped < 30
    if kept is not None:
        assert kept in err.splitlines()[-1]


@pytest.mark.slow_faults
@pytest.mark.parametrize("play", ["dd", "pimc", "heuristic", "random"])
def test_an_early_ctrl_c_is_one_line(play):
    status, err, _ = _interrupt(["analyse", *PH, "--play", play, "--deals", "100000"], after=3)
    assert status == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("interrupted")
