"""The README's questions as a reader runs them: the processor time of each command.

Each ``euchre-mc`` line of the README's "Five questions to copy and paste" runs once
as its own process (``python -m euchre_mc``, kernels already in numba's cache, as on
any run after the first), in a scratch folder, exactly as written.  A row is that
process's processor time (user and system, every thread: what the README's "About N s
of processor time" states) with its wall time and the machine's load in the detail.
``tests/test_speed_claims.py`` checks the README's figures against the recorded rows
and that each row's command is still the README's.
"""

from __future__ import annotations

import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"
SECTION = "## Five questions to copy and paste"


def questions(text: str) -> list[tuple[int, str]]:
    """(question number, command line) for each ``euchre-mc`` line of the section."""
    section = text[text.index(SECTION) :]
    section = section[: section.index("\n## ", len(SECTION))]
    found = []
    for heading in re.finditer(r"^### (\d+)\. .*?(?=^### |\Z)", section, re.S | re.M):
        for line in re.findall(r"^euchre-mc .*$", heading.group(0), re.M):
            found.append((int(heading.group(1)), line))
    return found


def processor_time(command: str) -> tuple[float, float]:
    """(processor seconds, wall seconds) of ``command`` run as a child process in a new
    scratch folder (a study writes its folder there)."""
    arguments = [sys.executable, "-m", "euchre_mc", *shlex.split(command)[1:]]
    with tempfile.TemporaryDirectory(prefix="bench-readme-") as scratch:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        done = subprocess.run(arguments, cwd=scratch, capture_output=True, text=True)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise RuntimeError(f"{command}: exit status {done.returncode}\n{done.stderr[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def run(quick: bool = False) -> list[dict]:
    rows = []
    for number, command in questions(README.read_text(encoding="utf-8")):
        if quick and "--hands" in command:
            continue  # the study: half a minute
        processor_time(command)  # a first run fills every cache
        cpu, wall = processor_time(command)
        rows.append(
            {
                "benchmark": f"README question {number}: {shlex.split(command)[1]}",
                "value": round(cpu, 2),
                "unit": "s of processor time",
                "detail": f"wall {wall:.1f} s; warm kernel cache, second of two runs; "
                f"load {os.getloadavg()[0]:.1f}",
                "command": command,
            }
        )
    return rows
