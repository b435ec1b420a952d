"""The command line answers --help, rules and bad options without loading the heavy
libraries (numba, pandas, matplotlib), so it answers at once.  Timings are in
benchmarks/bench_startup.py; this test checks the cause, which does not depend on load."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("numba", "pandas", "matplotlib", "pyarrow")
PROBE = """
import sys
from click.testing import CliRunner
from euchre_mc.cli import main
result = CliRunner().invoke(main, sys.argv[1:])
print(result.exit_code)
print(" ".join(m for m in {heavy!r} if m in sys.modules))
"""


@pytest.mark.parametrize(
    "arguments",
    [
        ["--help"],
        ["rules", "euchre"],
        ["analyse", "--help"],
        ["analyse", "--hand", "JH", "--seat", "9", "--seed", "-1"],
        ["games", "--games", "0"],
        ["should-i-bid", "pass", "--hand", "JH", "--variant", "nonsense"],
    ],
)
def test_light_commands_load_no_heavy_library(arguments):
    out = subprocess.run(
        [sys.executable, "-c", PROBE.format(heavy=HEAVY), *arguments],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert out[0] in ("0", "2"), out
    assert out[1:] == [""] or out[1:] == [], f"{arguments} loaded {out[1:]}"
