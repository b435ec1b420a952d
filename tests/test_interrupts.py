"""Ctrl-C in every play model: real processes, a real SIGINT to the process group.

Each case runs a command in its own session and sends SIGINT to the whole group, as a
terminal's Ctrl-C does, once early (start-up or the first step) and once later (after
some steps finished).  Every cell must exit 130 with no traceback; a later Ctrl-C must
also print the results of the finished work and the line that says on how much they
rest.  Marked ``slow_faults`` like the other real-process cases.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import signal
import struct
import subprocess
import termios
import threading
import time
from dataclasses import replace

import pytest
from test_bad_input_and_interruptions import EUCHRE_MC, _interrupt

PH = ["--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC"]
SIX = ["--variant", "six-handed", "--hand", "JH JD AH KH QH 9S AC TS"]
EUCHRE = ["--variant", "euchre", "--hand", "JH JD AH 9C TS", "--upcard", "9H"]
TUNE = ["tune", "--variant", "euchre", "--param", "order_up_threshold", "--values", "0.5,0.7"]
GIFT = ["best-gift", "--variant", "pigs-and-hogs", "--contract", "Pig Hearts", "--bidder", "1", "--seat", "3"]

# (case, arguments, the progress count that means a step has finished, the unit kept).
# Each later Ctrl-C waits for the bar on a terminal to pass two steps (the bar moves
# within a step; steps: 250 deals under dd, 20 under pimc (4 with long hands), 5,000
# under heuristic and random; game batches of 256, 4 and 1,024; 4,096 sampled hands);
# the card advice has no bar and waits 5 s.
LATER = [
    ("analyse dd ph", ["analyse", *PH, "--contracts", "Hog Hearts", "--play", "dd"], 500, "deals"),
    ("analyse pimc euchre", ["analyse", *EUCHRE, "--play", "pimc", "--deals", "4000"], 40, "deals"),
    (
        "analyse heuristic six",
        ["analyse", *SIX, "--contracts", "5 Hearts", "--play", "heuristic", "--deals", "1000000"],
        10000,
        "deals",
    ),
    ("analyse random euchre", ["analyse", *EUCHRE, "--play", "random", "--deals", "1000000"], 10000, "deals"),
    (
        "should-i-bid pimc ph",
        ["should-i-bid", "Hog Hearts", *PH, "--play", "pimc", "--deals", "400"],
        8,
        "deals",
    ),
    ("games pimc euchre", ["games", "--variant", "euchre", "--play", "pimc", "--games", "1000"], 8, "games"),
    ("games heuristic six", ["games", "--variant", "six-handed", "--games", "1000000"], 2048, "games"),
    ("tune dd euchre", [*TUNE, "--play", "dd", "--games", "100000"], 512, "games"),
    ("match-equity ph", ["match-equity", "--variant", "pigs-and-hogs", "--hands", "10000000"], 8192, "hands"),
    # the bidder dealt at random (no auction heard): its worlds take long enough to solve
    # that the Ctrl-C comes in mid-run
    (
        "best-gift ph",
        [*GIFT, "--hand", "JH AS KS QC 9C TD TD 9S", "--worlds", "1000", "--inference", "none"],
        50,
        "worlds",
    ),
]


def _progress(text: str) -> int:
    """The count the progress bar shows last in ``text`` (0 before it appears)."""
    counts = re.findall(r"\| ?([\d.]+)([kM]?)/", text)
    if not counts:
        return 0
    number, scale = counts[-1]
    return int(float(number) * {"": 1, "k": 1_000, "M": 1_000_000}[scale])


def _interrupt_on_a_terminal(arguments, ready_count, timeout: float = 90):
    """Run euchre-mc in its own session with stderr on a terminal (so the progress bar
    shows); once the bar shows ``ready_count`` (None: after 5 s), SIGINT to the group.
    Returns (exit status, stdout, the last line of stderr, seconds to stop)."""
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))  # a bar needs columns
    process = subprocess.Popen(
        [*EUCHRE_MC, *arguments], start_new_session=True, stdout=subprocess.PIPE, stderr=terminal
    )
    os.close(terminal)
    read: list[bytes] = []

    def reader():
        while True:
            try:
                data = os.read(controller, 4096)
            except OSError:
                return
            if not data:
                return
            read.append(data)

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()
    started = time.monotonic()
    try:
        while time.monotonic() - started < timeout:
            text = b"".join(read).decode(errors="replace")
            if ready_count is None and time.monotonic() - started > 5:
                break
            if ready_count is not None and _progress(text) >= ready_count:
                break
            assert process.poll() is None, f"finished before the Ctrl-C: {text[-300:]}"
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        out, _ = process.communicate(timeout=60)
        stopped = time.monotonic() - sent
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        thread.join(5)
        os.close(controller)
    text = b"".join(read).decode(errors="replace")
    lines = [line.strip() for line in re.split(r"[\r\n]+", text) if line.strip()]
    return process.returncode, out.decode(), text, lines[-1] if lines else "", stopped


@pytest.mark.slow_faults
@pytest.mark.parametrize(("arguments", "ready", "unit"), [c[1:] for c in LATER], ids=[c[0] for c in LATER])
def test_a_later_ctrl_c_keeps_the_finished_work(arguments, ready, unit):
    status, out, err, last, stopped = _interrupt_on_a_terminal(arguments, ready)
    assert status == 130, err[-2000:]
    assert "Traceback" not in err and "SystemError" not in err and "Aborted" not in err
    assert re.match(rf"interrupted: the results above use the [\d,]+ {unit} finished", last), last
    assert out.strip(), "the results of the finished work are printed"
    assert stopped < 20


@pytest.mark.slow_faults
@pytest.mark.parametrize("play", ["dd", "pimc", "heuristic", "random"])
def test_an_early_ctrl_c_is_one_line(play):
    # three seconds in: starting up, or in the Pig's discard search before any main deal
    status, err, _ = _interrupt(["analyse", *PH, "--play", play, "--deals", "100000"], after=3)
    assert status == 130 and "Traceback" not in err
    assert err.strip().splitlines()[-1].startswith("interrupted")


# --------------------------------------------------------------------------- in process, cheap
# A KeyboardInterrupt raised where Ctrl-C's would be (after the first step) shows what each
# command keeps; the real-signal cases above show the signal gets there.


class _Frame:
    """A stand-in for a Python frame: its file and the frame below."""

    def __init__(self, filename, back=None):
        self.f_code = type("Code", (), {"co_filename": filename})()
        self.f_back = back


def test_a_ctrl_c_inside_a_kernel_call_back_is_held_until_the_step_ends(monkeypatch):
    from euchre_mc import interrupt

    signalled = []
    monkeypatch.setattr(interrupt, "_signal_again", lambda: signalled.append(True))
    caller = _Frame("/work/simulate/play/playout.py")
    call_back = _Frame("/venv/site-packages/numba/core/serialize.py", caller)
    with pytest.raises(KeyboardInterrupt):
        interrupt._between_kernels(2, caller)  # in plain Python: at once
    interrupt._between_kernels(2, call_back)  # inside the kernel: held
    assert signalled and interrupt._held.is_set()
    with pytest.raises(KeyboardInterrupt):
        interrupt.raise_if_held()  # the step's end
    interrupt.raise_if_held()  # raised once


def test_a_signal_again_that_crosses_the_step_s_end_is_dropped(monkeypatch):
    # the thread saw the Ctrl-C held and signalled again just as the step's end raised it:
    # a second KeyboardInterrupt would break the first one's "interrupted" exit
    from euchre_mc import interrupt

    monkeypatch.setattr(interrupt, "_sent_again", [True])
    assert not interrupt._held.is_set()
    interrupt._between_kernels(2, _Frame("/work/cli.py"))  # dropped: nothing raised
    with pytest.raises(KeyboardInterrupt):
        interrupt._between_kernels(2, _Frame("/work/cli.py"))  # a Ctrl-C of its own


def test_a_ctrl_c_held_to_the_command_s_end_exits_130(monkeypatch, capsys):
    # the command finished inside the kernel that held the Ctrl-C: the output is whole, but
    # the status says the user pressed Ctrl-C
    import signal
    import sys

    from euchre_mc import cli, interrupt

    monkeypatch.setattr(sys, "argv", ["euchre-mc", "--version"])
    monkeypatch.setattr(cli, "END_AT_ONCE", [])  # an earlier solve --batch in this process set it
    handler = signal.getsignal(signal.SIGINT)
    interrupt._held.set()
    try:
        with pytest.raises(SystemExit) as done:
            cli.run()
    finally:
        interrupt._held.clear()
        signal.signal(signal.SIGINT, handler)
    assert done.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"


def _stop_on_call(monkeypatch, module, name, calls_before_stop):
    """``module.name`` raises KeyboardInterrupt from its ``calls_before_stop + 1``-th call."""
    real = getattr(module, name)
    seen = []

    def stop(*args, **kwargs):
        seen.append(True)
        if len(seen) > calls_before_stop:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, stop)


def _invoke(*arguments):
    from click.testing import CliRunner

    from euchre_mc.cli import main

    return CliRunner().invoke(main, list(arguments))


def test_games_keep_their_finished_batches(monkeypatch):
    from euchre_mc.simulate.games import game
    from euchre_mc.simulate.play import models

    whole = _invoke("games", "--variant", "euchre", "--games", "100", "--json")
    _stop_on_call(monkeypatch, game, "_play_range", 1)
    heuristic = models.PLAY_MODELS["heuristic"]
    monkeypatch.setitem(models.PLAY_MODELS, "heuristic", replace(heuristic, game_batch=100))
    cut = _invoke("games", "--variant", "euchre", "--games", "300", "--json")
    assert cut.exit_code == 130
    assert cut.stderr.splitlines()[-1] == "interrupted: the results above use the 100 games finished of 300"
    assert json.loads(cut.stdout) == json.loads(whole.stdout)  # the same as a run of those games


def test_tune_keeps_the_values_played(monkeypatch):
    from euchre_mc.simulate.games import game

    _stop_on_call(monkeypatch, game, "_play_range", 1)
    arguments = ["--variant", "euchre", "--param", "order_up_threshold", "--values", "0.5,0.7"]
    cut = _invoke("tune", *arguments, "--games", "50", "--json")
    assert cut.exit_code == 130
    rows = json.loads(cut.stdout)["rows"]
    assert [row["value"] for row in rows] == [0.5] and rows[0]["games"] == 50
    assert "the 50 games finished of 100" in cut.stderr


def test_match_equity_builds_its_table_from_the_hands_sampled(monkeypatch):
    from euchre_mc.simulate.games import game

    _stop_on_call(monkeypatch, game, "_sample_step", 1)
    cut = _invoke("match-equity", "--variant", "euchre", "--hands", "10000", "--json")
    assert cut.exit_code == 130
    assert json.loads(cut.stdout)["hands"] == 4096
    assert "the 4,096 hands finished of 10,000" in cut.stderr


def test_card_advice_ranks_the_worlds_solved(monkeypatch):
    from euchre_mc.simulate.advice import best_card, exchanges

    card = ["best-card", "--variant", "euchre", "--contract", "order up", "--upcard", "9H", "--dealer", "4"]
    card += ["--bidder", "1", "--seat", "1", "--hand", "JD AH KS 9C", "--tricks", "1: JH QH TH 9H"]
    whole = _invoke(*card, "--worlds", "25", "--max-worlds", "25", "--json")
    _stop_on_call(monkeypatch, best_card, "pimc_values", 1)
    cut = _invoke(*card, "--worlds", "100", "--json")
    assert cut.exit_code == 130 and "the 25 worlds finished of 100" in cut.stderr
    # the same 25 worlds, ranked alike (only the cap on the growing sample differs)
    assert {**json.loads(cut.stdout), "max_worlds": 25} == json.loads(whole.stdout)
    discard = ["best-discard", "--variant", "euchre", "--hand", "JD AH KS 9C TC", "--upcard", "9H"]
    discard += ["--dealer", "4", "--bidder", "2"]
    _stop_on_call(monkeypatch, exchanges, "play_deals", 2)
    cut = _invoke(*discard, "--worlds", "100", "--json")
    assert cut.exit_code == 130 and json.loads(cut.stdout)["worlds"] == 50


def test_a_ctrl_c_while_valuing_the_options_keeps_the_main_deals(monkeypatch):
    from euchre_mc.simulate.analysis import analyse

    _stop_on_call(monkeypatch, analyse, "_with_the_table", 0)
    cut = _invoke("analyse", *EUCHRE, "--deals", "300", "--play", "heuristic", "--json")
    assert cut.exit_code == 130
    assert json.loads(cut.stdout)["settings"]["deals"] == 300
    assert cut.stderr.startswith("interrupted: the results above use the 300 deals")


def test_should_i_bid_after_a_ctrl_c_judges_the_bid_on_its_finished_deals(interrupt_after_first_step):
    interrupt_after_first_step(100)
    cut = _invoke("should-i-bid", "order up", *EUCHRE, "--deals", "400", "--play", "heuristic")
    assert cut.exit_code == 130 and "Traceback" not in cut.output
    assert cut.stderr.startswith("interrupted: the results above use the 100 deals")
    assert "order up" in cut.stdout


@pytest.mark.parametrize("play", ["random", "pimc"])
def test_the_steps_and_slices_a_ctrl_c_waits_for_change_no_result(monkeypatch, play):
    from euchre_mc.simulate.play import models, playout

    arguments = ["analyse", *EUCHRE, "--deals", "24", "--play", play, "--worlds", "4", "--json"]
    whole = _invoke(*arguments)
    monkeypatch.setitem(models.PLAY_MODELS, play, replace(models.PLAY_MODELS[play], analysis_chunk=10))
    monkeypatch.setattr(playout, "PIMC_DEALS_PER_THREAD", 1)
    monkeypatch.setattr(playout, "PIMC_SLICED_ABOVE", 0)
    stepped = _invoke(*arguments)
    assert stepped.exit_code == 0 and stepped.stdout == whole.stdout


@pytest.mark.slow_faults
def test_an_early_ctrl_c_of_a_pimc_study_keeps_it_resumable(tmp_path):
    out = tmp_path / "study"
    arguments = [
        "study",
        "-v",
        "pigs-and-hogs",
        "-n",
        "4000",
        "--play",
        "pimc",
        "--out",
        str(out),
        "--no-charts",
    ]
    status, err, _ = _interrupt(arguments, after=4)
    assert status == 130 and "Traceback" not in err
    assert "--resume" in err.strip().splitlines()[-1]
