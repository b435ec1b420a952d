"""How fast the command line answers when it has nothing to compute.

What is measured
----------------
Wall time of a new process running ``euchre-mc --help``, ``euchre-mc rules euchre`` and
a command that fails on a bad option (``euchre-mc analyse --hand "JH" --seat 9``: a
one-line error, exit status 2), best of several runs (the machine is shared), and the
import of ``euchre_mc.cli`` alone.  None of them may load numba, pandas or matplotlib:
those load inside the commands that compute (the target: well under half a
second).  The same check, without timings, is ``tests/test_startup.py``.
"""

from __future__ import annotations

import subprocess
import sys
import time

CASES = {
    "--help": ["--help"],
    "rules": ["rules", "euchre"],
    "error message": ["analyse", "--hand", "JH", "--seat", "9"],
}
IMPORT = [sys.executable, "-c", "import euchre_mc.cli"]


def best_time(command: list[str], repeats: int) -> float:
    """The fastest of ``repeats`` runs of ``command`` in a new process, in seconds."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(command, capture_output=True, check=False)
        best = min(best, time.perf_counter() - started)
    return best


def run(quick: bool = False) -> list[dict]:
    repeats = 3 if quick else 7
    rows = []
    for name, arguments in CASES.items():
        command = [sys.executable, "-m", "euchre_mc", *arguments]
        rows.append(
            dict(
                benchmark=f"startup: euchre-mc {name}",
                value=round(best_time(command, repeats), 3),
                unit="s",
                detail=f"new process, best of {repeats}",
                command="euchre-mc " + " ".join(arguments),
            )
        )
    rows.append(
        dict(
            benchmark="startup: import euchre_mc.cli",
            value=round(best_time(IMPORT, repeats), 3),
            unit="s",
            detail=f"new process (python start included), best of {repeats}",
            command=" ".join(IMPORT[1:]),
        )
    )
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<36}{row['value']:>7.3f} {row['unit']}  ({row['detail']})")
