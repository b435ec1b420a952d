"""Run benchmarks and record their results with the machine they ran on.

    python -m benchmarks.run [NAMES...] [--quick] [--record]

Each ``benchmarks/bench_<name>.py`` has ``run(quick: bool) -> list[dict]``; every row
has the keys ``benchmark``, ``value``, ``unit``, ``detail`` and ``command``.  With no
names every benchmark runs.  The runner prints the machine and a Markdown table, and
writes each benchmark's rows with the machine to ``benchmarks/out/results/<name>.json``,
which git ignores: a run changes no tracked file.  ``--record`` writes them to the
recorded results instead, ``benchmarks/results/<name>.json`` (what RESULTS.md and the
README's speed figures cite), for a run meant to replace them.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import platform
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"  # the recorded results, tracked
SCRATCH = HERE / "out" / "results"  # any other run's, ignored by git
_written_to = [SCRATCH]


def output_dir() -> Path:
    """Where this run writes its results (and a benchmark its charts)."""
    _written_to[0].mkdir(parents=True, exist_ok=True)
    return _written_to[0]


ROW_KEYS = ("benchmark", "value", "unit", "detail", "command")


def available() -> list[str]:
    return sorted(path.stem[len("bench_") :] for path in HERE.glob("bench_*.py"))


def machine() -> dict:
    """What the numbers depend on: CPU, cores, library versions, date."""
    import numba
    import numpy

    cpu = platform.processor() or "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "numba": numba.__version__,
        "numpy": numpy.__version__,
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def format_value(value) -> str:
    if value is None:
        return "n/a"
    if isinstance(value, float):
        return f"{value:,.3g}" if abs(value) < 100 else f"{value:,.0f}"
    return f"{value:,}" if isinstance(value, int) else str(value)


def markdown_table(rows: list[dict]) -> str:
    lines = ["| benchmark | value | unit | detail |", "|---|---:|---|---|"]
    for row in rows:
        lines.append(
            f"| {row['benchmark']} | {format_value(row['value'])} | {row['unit']} | {row['detail']} |"
        )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "names", nargs="*", metavar="NAME", help=f"benchmarks to run (default all: {', '.join(available())})"
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for checking that benchmarks work")
    parser.add_argument(
        "--record",
        action="store_true",
        help="replace the recorded results in benchmarks/results (default: write to "
        "benchmarks/out/results, which git ignores)",
    )
    args = parser.parse_args(argv)
    names = args.names or available()
    unknown = [name for name in names if name not in available()]
    if unknown:
        parser.error(f"unknown benchmark {unknown[0]!r}: benchmarks are {', '.join(available())}")
    host = machine()
    print(
        f"machine: {host['cpu']}, {host['cores']} cores; python {host['python']}, "
        f"numba {host['numba']}, numpy {host['numpy']}; {host['date']}"
    )
    if args.record and args.quick:
        parser.error("--quick sizes are for checking that benchmarks work, not for recording")
    _written_to[0] = RESULTS if args.record else SCRATCH
    all_rows = []
    for name in names:
        module = importlib.import_module(f"benchmarks.bench_{name}")
        rows = module.run(quick=args.quick)
        for row in rows:
            missing = [key for key in ROW_KEYS if key not in row]
            if missing:
                raise KeyError(f"benchmark {name} row {row} lacks {missing}")
        (output_dir() / f"{name}.json").write_text(
            json.dumps({"machine": host, "quick": args.quick, "rows": rows}, indent=2) + "\n"
        )
        all_rows += rows
    print()
    print(markdown_table(all_rows))
    recorded = "" if args.record else " (--record replaces the recorded ones)"
    print(f"\nresults written to {output_dir()}{recorded}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
