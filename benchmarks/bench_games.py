"""Complete games per second: Pigs and Hogs and classic euchre.

What is measured
----------------
``simulate.games.game.play_games(variant, balanced, balanced, games, seed=1)`` with heuristic
play: every game dealt, bid (table evaluator, auction through ``auction.AuctionState``),
exchanged, played and scored to the target.  One worker runs in this process after a
warm-up of a few games (numba caches loaded, kernels compiled); two workers are two
spawned processes, timed from the call, so their start-up (import and numba cache
load, a few seconds) is included, as a user running ``games --workers 2`` pays it;
that start-up is also timed alone (two workers playing two games).
"""

from __future__ import annotations

import time

from euchre_mc.simulate.bidding.strategy import BUILT_INS
from euchre_mc.simulate.games.game import play_games

BALANCED = BUILT_INS["balanced"]


def _rate(variant: str, games: int, workers: int) -> tuple[float, float]:
    started = time.perf_counter()
    totals = play_games(variant, BALANCED, BALANCED, games, seed=1, workers=workers)
    elapsed = time.perf_counter() - started
    return games / elapsed, float(totals.hands.mean())


def run(quick: bool = False) -> list[dict]:
    sizes = {"pigs-and-hogs": 40 if quick else 3000, "euchre": 100 if quick else 20000}
    command = f"python -m benchmarks.run games{' --quick' if quick else ''}"
    for variant in sizes:
        play_games(variant, BALANCED, BALANCED, 4, seed=99)  # warm-up: caches and compilation
    started = time.perf_counter()
    play_games("pigs-and-hogs", BALANCED, BALANCED, 2, seed=98, workers=2)
    start_up = time.perf_counter() - started
    rows = [
        {
            "benchmark": "games, 2 workers start-up",
            "value": start_up,
            "unit": "s",
            "detail": "two spawned workers playing 2 pigs-and-hogs games: import, numba cache load "
            "and thread pool start",
            "command": command,
        }
    ]
    for variant, games in sizes.items():
        for workers in (1, 2):
            rate, hands = _rate(variant, games, workers)
            detail = (
                f"{games} games balanced vs balanced, heuristic play, {workers} worker"
                f"{'s' if workers > 1 else ''} ({hands:.1f} hands per game"
            )
            rows.append(
                {
                    "benchmark": f"games {variant}, {workers} worker{'s' if workers > 1 else ''}",
                    "value": rate,
                    "unit": "games/s",
                    "detail": detail + (", worker start-up included)" if workers > 1 else ")"),
                    "command": command,
                }
            )
    return rows
