"""Time this checkout against a baseline copy of the code in the same run (ratios, not only times).

Set ``EUCHRE_MC_BASE`` to the top folder of another copy of the repository, for example
main's code unpacked with ``git archive main | tar -x -C /tmp/solver_base``; the solver
and analysis benchmarks then add rows comparing it with this checkout.  Each measurement
runs in a new Python process, the baseline's and this checkout's in turns (best of a
few), so both see the same load on a shared machine; the baseline is imported through
``PYTHONPATH`` (a folder holding a link ``euchre_mc`` to the copy), which comes before
the editable install.  Every process prints its CPU seconds, wall seconds, node counts
and a digest of its answers, so the rows also check that the answers are identical.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASE_VARIABLE = "EUCHRE_MC_BASE"


def base_folder() -> Path | None:
    """The baseline copy named by ``EUCHRE_MC_BASE``, or None when it is not set."""
    folder = os.environ.get(BASE_VARIABLE)
    if not folder:
        return None
    path = Path(folder).resolve()
    solvers = (path / "simulate" / "play" / "solve.py", path / "simulate" / "solve.py")
    if not any(solver.is_file() for solver in solvers):
        raise SystemExit(f"{BASE_VARIABLE}={folder}: not a copy of the repository (no solver module)")
    return path


def run_script(script: str, args: list[str], pythonpath: str | None, env: dict | None = None) -> dict:
    """The JSON last line of ``python -c SCRIPT ARGS`` in a new process: with
    ``pythonpath`` a baseline's modules, else this checkout's; ``env`` instead of this
    process's environment."""
    env = dict(os.environ if env is None else env)
    env.pop("PYTHONPATH", None)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=tempfile.gettempdir(),
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])


def in_turns(script: str, args: list[str], base: Path, repeats: int) -> tuple[dict, dict]:
    """(baseline, this checkout): each the run with the least CPU time of ``repeats``
    runs of ``script`` (which prints one JSON line last), the two taken in turns.  Both
    imports are checked to come from the intended copy."""
    with tempfile.TemporaryDirectory(prefix="euchre-mc-base-") as folder:
        (Path(folder) / "euchre_mc").symlink_to(base, target_is_directory=True)
        best: dict[str, dict] = {}
        for _ in range(repeats):
            for name, path in (("base", folder), ("new", None)):
                result = run_script(script, args, path)
                expected = base if name == "base" else ROOT
                if Path(result["package"]).resolve() != expected.resolve():
                    raise RuntimeError(f"{name} run imported {result['package']}, not {expected}")
                if name not in best or result["cpu"] < best[name]["cpu"]:
                    best[name] = result
    return best["base"], best["new"]


# Imported by the scripts below: where euchre_mc came from, and the process's CPU time.
PREAMBLE = """
import hashlib, json, os, sys, time
import numpy as np
import euchre_mc
PACKAGE = os.path.dirname(euchre_mc.__file__)
def digest(values):
    return hashlib.sha256(repr(values).encode()).hexdigest()[:16]
"""


# Exact solves of one of bench_solver's corpora on one thread: ``VARIANT SEED COUNT``
# deals, every seat playing; pigs-and-hogs deals in each of the six denominations, euchre
# deals with the trump by turns (deal index mod 4).
SOLVER_SCRIPT = (
    PREAMBLE
    + """
import numba
try:
    from euchre_mc.simulate.dealing.deal import deal_unseen
    from euchre_mc.simulate.play.solve import solve_batch
except ImportError:  # a baseline from before simulate/ was grouped by concern
    from euchre_mc.simulate.deal import deal_unseen
    from euchre_mc.simulate.solve import solve_batch
variant, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
deals = deal_unseen(variant, {}, seed=seed, count=count)
if variant == "pigs-and-hogs":
    deals, denoms = np.concatenate([deals] * 6), np.repeat(np.arange(6), count)
else:
    denoms = np.arange(count) % 4
every_seat = (1 << deals.shape[1]) - 1
numba.set_num_threads(1)
solve_batch(deals[:2], denoms[:2], 0, 0, every_seat)
cpu, wall = time.process_time(), time.perf_counter()
solved = solve_batch(deals, denoms, 0, 0, every_seat)
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"package": PACKAGE, "cpu": cpu, "wall": wall, "nodes": int(solved.nodes.sum()),
                  "answers": digest(solved.tricks.tolist())}))
"""
)

# A full Pigs-and-Hogs analysis of one hand on every core, warm (a small one compiles first).
ANALYSE_SCRIPT = (
    PREAMBLE
    + """
from euchre_mc.simulate import analyse_hand
hand, deals = sys.argv[1], int(sys.argv[2])
analyse_hand("pigs-and-hogs", hand, deals=4, table="none")
cpu, wall = time.process_time(), time.perf_counter()
analysis = analyse_hand("pigs-and-hogs", hand, deals=deals, table="none")
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"package": PACKAGE, "cpu": cpu, "wall": wall,
                  "answers": digest((analysis.estimates, analysis.advice, analysis.discard_search))}))
"""
)


# One command line run in this process after a warm run of it (numba caches loaded), its
# output captured: CPU of the second run, and a digest of what it printed.
COMMAND_SCRIPT = (
    PREAMBLE
    + """
import contextlib, io
from euchre_mc.cli import main
def once():
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        main(sys.argv[1:], standalone_mode=False)
    return printed.getvalue()
once()
cpu, wall = time.process_time(), time.perf_counter()
printed = once()
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(json.dumps({"package": PACKAGE, "cpu": cpu, "wall": wall, "answers": digest(printed)}))
"""
)


def ratio_rows(name: str, base_run: dict, new_run: dict, detail: str, command: str) -> list[dict]:
    """Rows of one comparison: the baseline's and this checkout's CPU seconds, their
    ratio (how many times faster), the wall-clock ratio and whether the answers match."""
    same = "identical answers" if base_run["answers"] == new_run["answers"] else "ANSWERS DIFFER"
    nodes = ""
    if "nodes" in base_run:
        fewer = base_run["nodes"] / new_run["nodes"]
        nodes = f"; nodes {base_run['nodes']:,} -> {new_run['nodes']:,} ({fewer:.2f}x fewer)"

    def row(benchmark, value, unit, text):
        return {"benchmark": benchmark, "value": value, "unit": unit, "detail": text, "command": command}

    return [
        row(f"{name}: CPU time, baseline", round(base_run["cpu"], 2), "s", f"{detail}; {same}"),
        row(f"{name}: CPU time, this checkout", round(new_run["cpu"], 2), "s", f"{detail}{nodes}"),
        row(
            f"{name}: speed-up over the baseline",
            round(base_run["cpu"] / new_run["cpu"], 2),
            "x",
            f"CPU time ratio (wall {base_run['wall']:.2f} s -> {new_run['wall']:.2f} s, "
            f"{base_run['wall'] / new_run['wall']:.2f}x); {same}",
        ),
    ]
