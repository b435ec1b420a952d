"""Is the progress bar's ETA right from its first update on?

What is measured
----------------
Each workload runs in a new process (so the kernels load from numba's cache inside the
run, as on a user's first command of the day) with a ``progress(done, total)`` that logs
the time of every update.  Replaying the log, at each update the bar would show (from one
second on: the bar's delay) the ETA is compared with the truth, the time the run still
took: ``ratio = ETA / truth``.  Two estimators are replayed on the same log: the bar's
:class:`euchre_mc.reports.progress.Eta` (warm-up left out, "estimating" until a rate is measured over a
second of work) and the rate since the start that tqdm shows with ``smoothing=0`` (a plain
estimator, for comparison).  Reported per workload: the ratio at the first ETA each shows, and the range of
ratios over the updates while at least 10% of the run's time is left (at the very end
both ETAs tend to 0 while the truth is a fraction of a second: a ratio there says nothing),
and how long before the end the bar was full (an analysis with a table model values its
options after the main deals; the bar keeps a share for them).
An ETA is right within a factor of two when the ratio is within 0.5..2.

    python -m benchmarks.run eta [--quick]
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time

DELAY = 1.0  # the bar appears after a second (ProgressBar's tqdm delay)
WORKLOADS = {
    "demo analysis (dd, Pigs and Hogs)": ["demo", "600"],
    "study pigs-and-hogs heuristic, 1 worker": ["study", "pigs-and-hogs", "heuristic", "20000", "1", "500"],
    "study pigs-and-hogs heuristic, 2 workers": ["study", "pigs-and-hogs", "heuristic", "20000", "2", "500"],
    "study euchre dd, 1 worker": ["study", "euchre", "dd", "6000", "1", "500"],
    "games euchre, 1 worker": ["games", "euchre", "4000"],
}
QUICK = {
    "demo analysis (dd, Pigs and Hogs)": ["demo", "200"],
    "study euchre dd, 1 worker": WORKLOADS["study euchre dd, 1 worker"][:3] + ["2000", "1", "250"],
}


def child(arguments: list[str]) -> None:
    """Run one workload; print its start, end and progress log as JSON."""
    log: list[tuple[float, int, int]] = []

    def progress(done: int, total: int) -> None:
        log.append((time.perf_counter(), done, total))

    kind, *rest = arguments
    if kind == "demo":
        from euchre_mc.reports.commands.analysis import DEMO_HAND, DEMO_VARIANT
        from euchre_mc.simulate.analysis.analyse import analyse_hand

        start = time.perf_counter()
        analyse_hand(DEMO_VARIANT, DEMO_HAND, deals=int(rest[0]), seed=1, progress=progress)
    elif kind == "study":
        from euchre_mc.simulate.study.run import run_study

        variant, play, deals, workers, chunk = rest
        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            run_study(
                variant,
                int(deals),
                1,
                f"{folder}/study",
                play=play,
                workers=int(workers),
                chunk_size=int(chunk),
                progress=progress,
            )
    else:
        from euchre_mc.simulate.bidding.strategy import load_strategy
        from euchre_mc.simulate.games.game import play_games

        variant, games = rest
        start = time.perf_counter()
        teams = load_strategy("balanced"), load_strategy("cautious")
        play_games(variant, *teams, int(games), 1, progress=progress)
    print(json.dumps({"start": start, "end": time.perf_counter(), "log": log}))


def replay(record: dict) -> dict:
    """The ETA ratios of the bar's estimator and of the rate since the start, on one log."""
    from euchre_mc.reports.progress import Eta

    start, end = record["start"], record["end"]
    now = [start]
    eta = Eta(clock=lambda: now[0])
    ours, since_start = [], []
    for moment, done, total in record["log"]:
        now[0] = moment
        measured = eta.estimate(done, total)
        truth = end - moment
        if moment - start < DELAY or truth < 0.1 * (end - start):
            continue
        if measured is not None:
            ours.append((moment - start, measured[0] / truth))
        if done > 0:
            since_start.append((moment - start, (moment - start) / done * (total - done) / truth))
    full = [moment for moment, done, total in record["log"] if done >= total]
    return {
        "seconds": end - start,
        "updates": len(record["log"]),
        "ours": ours,
        "since_start": since_start,
        "tail": end - full[0] if full else 0.0,  # the bar full, the run not yet done
    }


def measure(arguments: list[str]) -> dict:
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.bench_eta", *arguments], capture_output=True, text=True, check=True
    )
    return replay(json.loads(done.stdout.strip().splitlines()[-1]))


def _summary(points: list[tuple[float, float]]) -> str:
    if not points:
        return "no ETA shown"
    ratios = [ratio for _, ratio in points]
    return f"first {ratios[0]:.2f}x at {points[0][0]:.1f} s, then {min(ratios):.2f}-{max(ratios):.2f}x"


def run(quick: bool = False) -> list[dict]:
    rows = []
    for name, arguments in (QUICK if quick else WORKLOADS).items():
        result = measure(arguments)
        ratios = [ratio for _, ratio in result["ours"]]
        worst = max((max(r, 1 / r) if r > 0 else float("inf") for r in ratios), default=None)
        rows.append(
            {
                "benchmark": f"ETA / truth, {name}",
                "value": round(worst, 2) if worst is not None else None,
                "unit": "x worst (1 = exact)",
                "detail": f"{result['updates']} updates over {result['seconds']:.1f} s; the bar: "
                f"{_summary(result['ours'])}; rate since the start (before): "
                f"{_summary(result['since_start'])}; the bar full {result['tail']:.1f} s before the end",
                "command": "python -m benchmarks.bench_eta " + " ".join(arguments),
            }
        )
    return rows


if __name__ == "__main__":
    child(sys.argv[1:])
