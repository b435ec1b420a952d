"""Is the estimate a long run warns with (reports/forecast.py) right within a factor of two?

What is measured
----------------
Each workload is one command line, run in a new process with the kernels already in
numba's cache (as on any run after the first).  Its wall time is compared with the
estimate :mod:`euchre_mc.reports.forecast` makes for the same command before it starts:
``ratio = estimate / wall time``.  The estimate leaves out the process's start (about
2-4 s: Python, numba's cache, worker processes), which matters only for short runs, so
each workload is sized to run for 10 s or more.  Within a factor of two is 0.5..2.

    python -m benchmarks.run forecast [--quick]
"""

from __future__ import annotations

import subprocess
import sys
import time

DEMO = ["--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC"]
EUCHRE = ["--variant", "euchre", "--hand", "JH AH KH QS 9C", "--upcard", "9H"]
GAMES = ["games", "--variant"]
WORKLOADS = {
    "analyse, Pigs and Hogs demo hand, dd, 400 deals": ["analyse", *DEMO, "--deals", "400"],
    "analyse, Pigs and Hogs demo hand, pimc, 20 deals": ["analyse", *DEMO, "--deals", "20", "--play", "pimc"],
    "analyse, euchre, pimc, 200 deals": ["analyse", *EUCHRE, "--deals", "200", "--play", "pimc"],
    "should-i-bid Pig Hearts, demo hand, dd": ["should-i-bid", "Pig Hearts", *DEMO],
    "games, Pigs and Hogs, dd, 40 games": [*GAMES, "pigs-and-hogs", "--play", "dd", "--games", "40"],
    "games, euchre, pimc, 20 games": [*GAMES, "euchre", "--play", "pimc", "--games", "20"],
    "match-equity, euchre, heuristic, 100,000 hands": ["match-equity", "-v", "euchre", "--hands", "100000"],
}
QUICK = {name: WORKLOADS[name] for name in list(WORKLOADS)[:2]}


def estimate(arguments: list[str]) -> float:
    """The forecast's seconds for one command line, as the command computes them."""
    from euchre_mc.reports.commands import analysis
    from euchre_mc.reports.forecast import (
        analysis_seconds,
        equity_seconds,
        games_seconds,
        hands_in_games,
        verdict_seconds,
    )
    from euchre_mc.simulate.choices import (
        ALTERNATIVE_DEALS,
        DEFAULT_GIFT_POLICY,
        DEFAULT_INFERENCE,
        DEFAULT_PLAY,
        DEFAULT_SEED,
        DEFAULT_TABLE,
        OPTION_DEALS,
        PIMC_WORLDS,
    )
    from euchre_mc.simulate.rules.variants import as_variant

    command, *rest = arguments
    if command == "should-i-bid":
        rest = rest[1:]  # the bid
    options = dict(zip(rest[::2], rest[1::2]))
    if command in ("analyse", "should-i-bid"):
        question, _ = analysis._analysis_question(
            variant=options["--variant"],
            hand=options["--hand"],
            seat=1,
            dealer=None,
            auction=None,
            upcard=options.get("--upcard"),
            known=(),
            void=(),
            length=(),
            table=DEFAULT_TABLE,
            inference=DEFAULT_INFERENCE,
            score=None,
            round_=None,
            deals=None,
            precision=None,
            max_deals=None,
            play=options.get("--play", DEFAULT_PLAY),
            worlds=PIMC_WORLDS,
            seed=DEFAULT_SEED,
            gift_policy=DEFAULT_GIFT_POLICY,
        )
        deals = int(options.get("--deals", 2000))
        if command == "analyse":
            return analysis_seconds(question, deals)
        return verdict_seconds(question, deals, OPTION_DEALS, ALTERNATIVE_DEALS)
    players = as_variant(options.get("--variant", options.get("-v"))).players
    play = options.get("--play", "heuristic")
    if command == "games":
        return games_seconds(players, play, hands_in_games(players, int(options["--games"])))
    return equity_seconds(play, int(options["--hands"]))


def measure(arguments: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "euchre_mc", *arguments],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def run(quick: bool = False) -> list[dict]:
    rows = []
    for name, arguments in (QUICK if quick else WORKLOADS).items():
        forecast = estimate(arguments)
        wall = measure(arguments)
        rows.append(
            {
                "benchmark": f"forecast / wall time, {name}",
                "value": round(forecast / wall, 2),
                "unit": "x (1 = exact, 0.5..2 wanted)",
                "detail": f"estimate {forecast:.1f} s, wall time {wall:.1f} s (process start included)",
                "command": "euchre-mc " + " ".join(arguments),
            }
        )
    return rows
