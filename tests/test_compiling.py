"""Compiling ahead: the kernel groups, the cache check that finds a cold cache without
compiling, one signature per cached solver kernel, and the notice a first run prints."""

import io
import os
import subprocess
import sys

import numpy as np

from euchre_mc import cli
from euchre_mc.simulate import compiling
from euchre_mc.simulate.analyse import analyse_hand
from euchre_mc.simulate.kernels.dd.search import dd_solve_range
from euchre_mc.simulate.solve import solve_batch, solve_many

COLD_CHECK = """
from euchre_mc.simulate.compiling import uncached_groups
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
    # a read-only per-deal array (a broadcast view) once typed as a second signature,
    # and each signature compiled the whole solver again
    hands = np.array([[0b11, 0b1100, 0b110000, 0b11000000]], np.uint64)
    solve_many(hands, 0, 0, 0, 0b1111)
    solve_batch(hands, np.broadcast_to(np.int64(0), (1,)), [0], np.zeros(1, np.int64), 0b1111)
    analyse_hand("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", contracts="Pig Hearts, 4 Hearts", deals=4)
    assert len(dd_solve_range.signatures) == 1


class Terminal(io.StringIO):
    def isatty(self):
        return True


def test_a_cold_cache_is_announced_on_a_terminal_before_compiling(monkeypatch):
    solver = [group for group in compiling.GROUPS if group.name == "double-dummy solver"]
    monkeypatch.setattr(compiling, "uncached_groups", lambda: solver)
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    cli.announce_compiling()
    seconds = compiling.COMPILE_SECONDS["double-dummy solver"]
    assert terminal.getvalue() == f"compiling kernels (first run only, about {seconds} s)\n"
    redirected = io.StringIO()
    monkeypatch.setattr(sys, "stderr", redirected)
    cli.announce_compiling()
    assert redirected.getvalue() == ""  # like the progress bar: a terminal's only


def test_a_warm_cache_says_nothing(monkeypatch):
    monkeypatch.setattr(compiling, "uncached_groups", lambda: [])
    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    cli.announce_compiling()
    assert terminal.getvalue() == ""
