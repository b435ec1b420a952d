"""The first run: compiling the kernel groups from a cold cache, and ``make demo`` on a
fresh copy against a baseline.

What is measured
----------------
* **each group, cold**: a new process with an empty ``NUMBA_CACHE_DIR`` runs one kernel
  group's warm-up (``simulate/runtime/compiling.py``) alone, so every kernel it calls
  compiles, its callees' included; wall seconds of the warm-up, the import left out.
  These are the figures ``COMPILE_SECONDS`` records.
* **euchre-mc compile, cold**: the whole command in a new process with an empty cache:
  every group, in as many processes as the machine has cores.
* **demo, cold**: ``euchre-mc demo`` in a new process with an empty cache: the groups the
  demo needs compile first, then its analysis runs.
* **against a baseline** (when ``EUCHRE_MC_BASE`` names another copy of the code, see
  ``benchmarks/against_base.py``): the first ``make demo`` on a fresh copy of each tree
  (sources only: no ``.venv``, no numba cache), the two in turns, each with a new
  virtual environment and the same (warm) pip cache.  Its output is read line by line as it
  comes, and split into the install (until the first ``euchre-mc`` command starts),
  the compile (until the demo's first line, ``Demo: analysing``) and the demo's run.

Wall times, not CPU: the first run is a wait, and the parallel compile is meant to
shorten the wait.  On a shared machine every figure moves with the load, so the
comparisons take turns and report medians and ratios.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks import against_base

ROOT = Path(__file__).resolve().parent.parent

# One group's warm-up in this process, its wall seconds printed as JSON (works on
# copies from before simulate/ was grouped by concern too).
GROUP_SCRIPT = (
    against_base.PREAMBLE
    + """
try:
    from euchre_mc.simulate.runtime.compiling import GROUPS
except ImportError:
    from euchre_mc.simulate.compiling import GROUPS
(group,) = [group for group in GROUPS if group.name == sys.argv[1]]
wall = time.perf_counter()
group.warm_up()
wall = time.perf_counter() - wall
print(json.dumps({"package": PACKAGE, "cpu": time.process_time(), "wall": wall}))
"""
)

IGNORED = (".git", ".venv", "__pycache__", "build", "*.egg-info", "demo-out", ".pytest_cache")


def _clean_env(cache: str | None) -> dict:
    env = {key: value for key, value in os.environ.items() if not key.startswith("NUMBA_")}
    env.pop("PYTHONPATH", None)
    env.pop("VIRTUAL_ENV", None)
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = cache
    return env


def group_seconds(name: str, pythonpath: str | None = None) -> dict:
    """The cold compile of one group in a new process (``pythonpath``: a baseline's)."""
    with tempfile.TemporaryDirectory(prefix="euchre-mc-cold-") as cache:
        return against_base.run_script(GROUP_SCRIPT, [name], pythonpath, env=_clean_env(cache))


def command_seconds(arguments: list[str]) -> float:
    """Wall seconds of ``euchre-mc ARGUMENTS`` in a new process with an empty cache."""
    with tempfile.TemporaryDirectory(prefix="euchre-mc-cold-") as cache:
        start = time.perf_counter()
        subprocess.run(
            [sys.executable, "-m", "euchre_mc", *arguments],
            cwd=cache,
            env=_clean_env(cache),
            capture_output=True,
            check=True,
        )
        return time.perf_counter() - start


def first_make_demo(tree: Path) -> dict:
    """``make demo`` in a fresh copy of ``tree``: wall seconds of the install, the
    compile and the demo's run (see the module docstring), and in all."""
    with tempfile.TemporaryDirectory(prefix="euchre-mc-first-run-") as folder:
        copy = Path(folder) / "euchre-mc"
        shutil.copytree(tree, copy, ignore=shutil.ignore_patterns(*IGNORED))
        start = time.perf_counter()
        marks = {}
        with subprocess.Popen(
            ["make", "demo"],
            cwd=copy,
            env=_clean_env(None),
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        ) as make:
            for line in make.stdout:
                now = time.perf_counter() - start
                if "compile" not in marks and line.startswith(".venv/bin/euchre-mc"):
                    marks["compile"] = now
                if "demo" not in marks and line.startswith("Demo: analysing"):
                    marks["demo"] = now
        total = time.perf_counter() - start
        if make.returncode != 0 or len(marks) != 2:
            raise RuntimeError(f"make demo in a copy of {tree} failed (status {make.returncode}, {marks})")
    return {
        "install": marks["compile"],
        "compile": marks["demo"] - marks["compile"],
        "run": total - marks["demo"],
        "total": total,
    }


def _ratio_detail(base: list[float], new: list[float]) -> str:
    pairs = ", ".join(f"{b:.1f}/{n:.1f}" for b, n in zip(base, new))
    return f"baseline/this checkout in turns: {pairs} s"


def _median_row(benchmark: str, base: list[float], new: list[float], how: str) -> dict:
    base_median, new_median = statistics.median(base), statistics.median(new)
    return {
        "benchmark": benchmark,
        "value": round(new_median / base_median, 2),
        "unit": "x",
        "detail": f"medians {base_median:.1f} s -> {new_median:.1f} s (this checkout / baseline); "
        + _ratio_detail(base, new),
        "command": how,
    }


def compare_rows(quick: bool, command: str) -> list[dict]:
    """The rows against the baseline named by ``EUCHRE_MC_BASE`` (none when it is not set):
    the first ``make demo`` of each, in turns, each run also printed to stderr as it ends."""
    base = against_base.base_folder()
    if base is None:
        return []
    rounds = 1 if quick else 3
    how = f"EUCHRE_MC_BASE={base} {command}"
    runs: dict[str, list[dict]] = {"base": [], "new": []}
    for _ in range(rounds):
        for name, tree in (("base", base), ("new", ROOT)):
            runs[name].append(first_make_demo(tree))
            print(f"make demo, {name}: {runs[name][-1]}", file=sys.stderr, flush=True)
    return [
        _median_row(
            f"first make demo on a fresh copy, {part}: this checkout / baseline",
            [run[part] for run in runs["base"]],
            [run[part] for run in runs["new"]],
            how,
        )
        for part in ("install", "compile", "run", "total")
    ]


def run(quick: bool) -> list[dict]:
    from euchre_mc.simulate.runtime.compiling import GROUPS

    command = "python -m benchmarks.run first_run" + (" --quick" if quick else "")
    rows = compare_rows(quick, command)
    for group in GROUPS:
        seconds = group_seconds(group.name)["wall"]
        rows.append(
            {
                "benchmark": f"compile {group.name}, cold cache",
                "value": round(seconds, 1),
                "unit": "s",
                "detail": "its warm-up alone, new process, empty NUMBA_CACHE_DIR",
                "command": command,
            }
        )
    for label, arguments in (("euchre-mc compile", ["compile"]), ("euchre-mc demo", ["demo", "--out", "."])):
        rows.append(
            {
                "benchmark": f"{label}, cold cache",
                "value": round(command_seconds(arguments), 1),
                "unit": "s",
                "detail": f"wall, new process, empty NUMBA_CACHE_DIR, {os.cpu_count()} cores",
                "command": command,
            }
        )
    return rows
