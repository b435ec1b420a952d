"""Compiling ahead: the kernel groups, the cache check that finds a cold cache without
compiling, one signature per cached solver kernel, and the notice a first run prints."""

import io
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pytest

from euchre_mc.reports import progress
from euchre_mc.reports.commands import shared
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.kernels.dd.search import dd_solve_range
from euchre_mc.simulate.play.solve import solve_batch, solve_many
from euchre_mc.simulate.runtime import compiling

COLD_CHECK = """
from euchre_mc.simulate.runtime.compiling import uncached_groups
print([group.name for group in uncached_groups()])
"""


def test_a_fresh_cache_lacks_every_group_and_checking_compiles_nothing(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", COLD_CHECK], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == repr([group.name for group in compiling.GROUPS])
    assert not list(tmp_path.rglob("*.nbi"))  # the check only read the (missing) index files


def test_the_warm_ups_compile_every_entry_point_into_the_cache():
    for group in compiling.GROUPS:
        group.warm_up()
    assert compiling.uncached_groups() == []


def test_the_solver_compiles_one_signature_whatever_form_the_settings_take():
    # a read-only per-deal array (a broadcast view) must not type as a second signature:
    # each signature compiles the whole solver again
    hands = np.array([[0b11, 0b1100, 0b110000, 0b11000000]], np.uint64)
    solve_many(hands, 0, 0, 0, 0b1111)
    solve_batch(hands, np.broadcast_to(np.int64(0), (1,)), [0], np.zeros(1, np.int64), 0b1111)
    analyse_hand("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", contracts="Pig Hearts, 4 Hearts", deals=4)
    assert len(dd_solve_range.signatures) == 1


class Terminal(io.StringIO):
    def isatty(self):
        return True


class FakeGroup:
    """A kernel group that records being compiled instead of compiling."""

    def __init__(self, name):
        self.name = name
        self.compiled = 0

    def compile(self):
        self.compiled += 1
        return 0.0


def test_a_cold_cache_is_announced_on_a_terminal_and_compiled_before_the_run(monkeypatch):
    solver = FakeGroup("double-dummy solver")
    monkeypatch.setattr(compiling, "groups_to_compile", lambda **_: [solver])
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress.compile_first()
    seconds = compiling.COMPILE_SECONDS["double-dummy solver"]
    assert terminal.getvalue() == f"compiling kernels (first run only, about {seconds} s)\n"
    assert solver.compiled == 1
    redirected = io.StringIO()
    monkeypatch.setattr(sys, "stderr", redirected)
    progress.compile_first()
    assert redirected.getvalue() == ""  # like the progress bar: a terminal's only
    assert solver.compiled == 1  # and elsewhere numba compiles as the run calls


def test_a_warm_cache_says_nothing(monkeypatch):
    monkeypatch.setattr(compiling, "groups_to_compile", lambda **_: [])
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    progress.compile_first()
    assert terminal.getvalue() == ""


NEEDED_CHECK = """
from euchre_mc.simulate.runtime.compiling import groups_to_compile
for pimc, batch in ((False, False), (True, False), (False, True)):
    print([group.name for group in groups_to_compile(pimc=pimc, batch=batch)])
"""


def test_a_run_is_told_of_the_groups_it_needs_only(tmp_path):
    # a level-bid analysis compiles neither PIMC's kernels nor the batch reader: its first
    # run must not announce them (36 and 11 s), nor a PIMC run's first run miss PIMC's
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    done = subprocess.run(
        [sys.executable, "-c", NEEDED_CHECK], env=env, capture_output=True, text=True, check=True
    )
    base = [
        "table model (bidding)",
        "dealing and exchange",
        "random and heuristic play",
        "double-dummy solver",
    ]
    assert done.stdout.splitlines() == [
        repr(base),
        repr(base + ["single-dummy play (PIMC)"]),
        repr(base + ["solve --batch line reader"]),
    ]


def test_a_first_run_compiles_its_groups_whole_so_the_next_says_nothing(tmp_path):
    # numba alone compiles only what a run calls: a level-bid analysis never calls the
    # one-position solver nor the Pig's exchange, and the next run's notice said
    # "about 46 s" of compiling that never came
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)
    # (two cheap groups stand for all, compiled in worker processes on a machine of two
    # cores or more: test_the_warm_ups_compile_every_entry_point_... checks that every
    # group's warm-up compiles all of its entry points)
    script = (
        "from euchre_mc.reports import progress\n"
        "from euchre_mc.simulate.runtime import compiling\n"
        "compiling.GROUPS = compiling.GROUPS[:2]\n"
        "progress.sys.stderr.isatty = lambda: True\n"
        "progress.compile_first()\n"
        "print([group.name for group in compiling.groups_to_compile()])\n"
    )
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_the_notice_counts_pimc_under_play_pimc_compare_play_and_best_card(monkeypatch):
    asked = []
    monkeypatch.setattr(shared, "compile_first", lambda **needs: asked.append(needs))
    shared.compiles_kernels(lambda **_: None)(play="pimc", batch=None)
    shared.compiles_kernels(lambda **_: None)(play="dd", compare_play=True)
    shared.compiles_kernels(lambda **_: None)(play="dd", batch="deals.jsonl")
    shared.compiles_kernels(pimc=True)(lambda **_: None)(worlds=10)
    assert asked == [
        {"pimc": True, "batch": False},
        {"pimc": True, "batch": False},
        {"pimc": False, "batch": True},
        {"pimc": True, "batch": False},
    ]


DEMO_CALLS = """
import sys
from click.testing import CliRunner
from euchre_mc.cli import main
from euchre_mc.simulate.runtime import compiling
done = CliRunner().invoke(main, ["demo", "--deals", "2", "--out", sys.argv[1]])
assert done.exit_code == 0, done.output
print([group.name for group in compiling.GROUPS if any(k.signatures for k in group.entry_points())])
"""


def test_the_demo_compiles_exactly_the_groups_its_run_calls(tmp_path):
    # a first make demo compiles these before it starts and no others: fewer and it would
    # compile the rest one kernel after another as the analysis calls them, more and the
    # first run waits for kernels it never calls
    done = subprocess.run(
        [sys.executable, "-c", DEMO_CALLS, str(tmp_path)], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == repr(list(compiling.DEMO_GROUPS))
    assert [group.name for group in compiling.GROUPS if group.name in compiling.DEMO_GROUPS] == list(
        compiling.DEMO_GROUPS
    )


def test_the_estimate_shares_the_groups_out_among_the_cores_longest_first(monkeypatch):
    groups = [FakeGroup(name) for name in compiling.COMPILE_SECONDS]
    seconds = sorted(compiling.COMPILE_SECONDS.values(), reverse=True)
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert compiling.compile_seconds(groups) == sum(seconds)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    loads = [0, 0]
    for one in seconds:
        loads[loads.index(min(loads))] += one
    assert compiling.compile_seconds(groups) == max(loads) < sum(seconds)
    assert compiling.compile_processes(groups[:1]) == 1


@pytest.mark.slow_faults
def test_ctrl_c_during_a_parallel_compile_exits_130_and_stops_the_workers(tmp_path):
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    env["NUMBA_CACHE_DIR"] = str(tmp_path)  # cold: every group compiles
    compile_command = [sys.executable, "-m", "euchre_mc", "compile"]
    process = subprocess.Popen(
        compile_command, env=env, start_new_session=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout.readline().startswith(b"compiling ")  # the workers start now
    time.sleep(3)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal's Ctrl-C: the whole group
    try:
        _, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert err.decode() == "interrupted\n"
    deadline = time.monotonic() + 10
    while _alive_in_session(process.pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _alive_in_session(process.pid) == []


def _alive_in_session(session: int) -> list[int]:
    alive = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                with open(f"/proc/{entry.name}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[3]) == session and fields[0] != "Z":
                alive.append(int(entry.name))
    return alive
