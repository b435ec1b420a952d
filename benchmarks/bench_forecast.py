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
STUDY = ["study", "--no-charts"]  # the --out folder is added when it runs
WORKLOADS = {
    "analyse, Pigs and Hogs demo hand, dd, 2,000 deals": ["analyse", *DEMO, "--deals", "2000"],
    "analyse, Pigs and Hogs demo hand, pimc, 60 deals": ["analyse", *DEMO, "--deals", "60", "--play", "pimc"],
    "analyse, euchre, pimc, 2,000 deals": ["analyse", *EUCHRE, "--deals", "2000", "--play", "pimc"],
    "should-i-bid 6 Hearts, demo hand, dd, 10,000 deals": [
        "should-i-bid",
        "6 Hearts",
        *DEMO,
        "--deals",
        "10000",
    ],
    "games, Pigs and Hogs, dd, 400 games": [*GAMES, "pigs-and-hogs", "--play", "dd", "--games", "400"],
    "games, Pigs and Hogs, pimc, 6 games": [*GAMES, "pigs-and-hogs", "--play", "pimc", "--games", "6"],
    "games, euchre, pimc, 100 games": [*GAMES, "euchre", "--play", "pimc", "--games", "100"],
    "match-equity, euchre, heuristic, 100,000 hands": [
        "match-equity",
        "--variant",
        "euchre",
        "--hands",
        "100000",
    ],
    "match-equity, Pigs and Hogs, dd, 6,000 hands": [
        "match-equity",
        "--variant",
        "pigs-and-hogs",
        "--play",
        "dd",
        "--hands",
        "6000",
    ],
    "study, Pigs and Hogs, dd, lone contracts, 1,200 hands": [
        *STUDY,
        "--variant",
        "pigs-and-hogs",
        "--contracts",
        "lone",
        "--hands",
        "1200",
    ],
    "study, euchre, pimc, 400 hands": [*STUDY, "--variant", "euchre", "--play", "pimc", "--hands", "400"],
}
QUICK = {name: WORKLOADS[name] for name in list(WORKLOADS)[:2]}


def estimate(arguments: list[str]) -> float:
    """The forecast's seconds for one command line, as the command computes them."""
    import os

    from euchre_mc.reports.commands import analysis
    from euchre_mc.reports.forecast import (
        analysis_seconds,
        equity_seconds,
        games_seconds,
        hands_in_games,
        study_seconds,
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
        PIMC_PLAY_EVIDENCE,
        PIMC_WORLDS,
    )
    from euchre_mc.simulate.rules.contracts import parse_contract
    from euchre_mc.simulate.rules.variants import as_variant

    command, *rest = arguments
    bid = rest.pop(0) if command == "should-i-bid" else None
    if command == "study":
        rest = [word for word in rest if word != "--no-charts"]
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
            play_evidence=PIMC_PLAY_EVIDENCE,
            seed=DEFAULT_SEED,
            gift_policy=DEFAULT_GIFT_POLICY,
        )
        deals = int(options.get("--deals", 2000))
        if command == "analyse":
            return analysis_seconds(question, deals)
        contract = parse_contract(bid, question.variant, question.upcard)
        return verdict_seconds(question, contract, deals, OPTION_DEALS, ALTERNATIVE_DEALS)
    players = as_variant(options["--variant"]).players
    if command == "games":
        play = options.get("--play", "heuristic")
        return games_seconds(players, play, hands_in_games(players, int(options["--games"])))
    if command == "study":
        hands = int(options["--hands"])
        lone = options.get("--contracts") == "lone"
        return study_seconds(players, options.get("--play", "dd"), hands * players, lone, os.cpu_count() or 1)
    return equity_seconds(players, options.get("--play", "heuristic"), int(options["--hands"]))


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
    import tempfile

    rows = []
    for name, arguments in (QUICK if quick else WORKLOADS).items():
        forecast = estimate(arguments)
        with tempfile.TemporaryDirectory() as folder:
            where = ["--out", f"{folder}/study"] if arguments[0] == "study" else []
            wall = measure(arguments + where)
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
