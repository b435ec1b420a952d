"""The self-play fit: games per second by variant and play model, and a fit's time.

What is measured
----------------
* ``games <variant>, <play>``: ``play_games(variant, balanced, balanced, n, seed=1)`` in
  this process after a warm-up, for every variant under heuristic and double-dummy play
  and, at a tiny count, PIMC: what a fit's sets of games cost under each model.
* ``fit <variant>``: ``fit_strategy`` from ``balanced`` with the command's defaults
  (``euchre-mc fit VARIANT``: 2,000 games a candidate, steps 0.1 down to 0.025, 4,000
  record games), in this process, no state directory: the rounds it took and its time.
  ``--quick`` fits at 200 games a candidate for two rounds at most.
* ``fit euchre, one round, here / dask N``: one round of the classic-euchre fit (27
  sets of 500 games; ``--quick`` 100) in this process and on a Dask LocalCluster of 1
  and of 2 workers (the cluster started before the clock): the same fit each time, its
  sets side by side on the cluster, one set a task.
"""

from __future__ import annotations

import time

from euchre_mc.simulate.bidding.strategy import BUILT_INS
from euchre_mc.simulate.games.fit import FitSettings, fit_strategy
from euchre_mc.simulate.games.game import game_runner, play_games

BALANCED = BUILT_INS["balanced"]
VARIANTS = ("euchre", "piq", "six-handed", "pigs-and-hogs")


def _games_rows(quick: bool, command: str) -> list[dict]:
    counts = {"heuristic": 40 if quick else 2000, "dd": 4 if quick else 200, "pimc": 1 if quick else 2}
    rows = []
    for variant in VARIANTS:
        for play, games in counts.items():
            if play == "dd" and variant in ("six-handed", "pigs-and-hogs") and not quick:
                games = 40  # six seats' double-dummy hands take far longer
            play_games(variant, BALANCED, BALANCED, 2, seed=99, play=play)  # warm-up
            started = time.perf_counter()
            totals = play_games(variant, BALANCED, BALANCED, games, seed=1, play=play)
            elapsed = time.perf_counter() - started
            rows.append(
                {
                    "benchmark": f"games {variant}, {play}",
                    "value": games / elapsed,
                    "unit": "games/s",
                    "detail": f"{games} games balanced vs balanced, 1 worker "
                    f"({totals.hands.mean():.1f} hands per game)",
                    "command": command,
                }
            )
    return rows


def _fit_row(variant: str, settings: FitSettings, max_rounds: int, command: str, runner=None, label=""):
    started = time.perf_counter()
    result = fit_strategy(settings, BALANCED, max_rounds, runner=runner)
    elapsed = time.perf_counter() - started
    gain = result.last_gain.confirmed if result.last_gain is not None else None
    detail = (
        f"{settings.games} games a candidate, {len(result.rounds)} rounds, "
        f"{'converged' if result.converged else 'not converged'}, {result.sets_played} sets"
    )
    if gain is not None:
        detail += f"; last step's gain {100 * gain.mean:+.1f}%"
        detail += f" [{100 * gain.low:+.1f}%, {100 * gain.high:+.1f}%]"
    return {
        "benchmark": f"fit {variant}{label}",
        "value": elapsed,
        "unit": "s",
        "detail": detail,
        "command": command,
    }


def dask_rows(quick: bool, command: str) -> list[dict]:
    """One round of the classic-euchre fit (27 sets) in this process and on a Dask
    LocalCluster of 1 and of 2 workers, each cluster started before the clock."""
    games = 100 if quick else 500
    settings = FitSettings("euchre", "balanced", games, 1, record_games=games)
    rows = [_fit_row("euchre", settings, 1, command, None, ", one round, here")]
    for workers in (1, 2):
        with game_runner(workers, backend="dask") as runner:
            play_games("euchre", BALANCED, BALANCED, 8, seed=99, runner=runner)  # the cluster up
            rows.append(_fit_row("euchre", settings, 1, command, runner, f", one round, dask {workers}"))
    return rows


def run(quick: bool = False) -> list[dict]:
    command = f"python -m benchmarks.run fit{' --quick' if quick else ''}"
    rows = _games_rows(quick, command)
    games, rounds = (200, 2) if quick else (2000, 30)
    for variant in ("euchre", "pigs-and-hogs"):
        settings = FitSettings(variant, "balanced", games, 1, record_games=games * 2)
        rows.append(_fit_row(variant, settings, rounds, command))
    return rows + dask_rows(quick, command)
