"""Random and heuristic playouts per second, four and six seats, through ``play_deals``.

What is measured: 200,000 copies of one seeded deal (``deal_unseen(variant, {},
seed=2024)``), Hearts trump, seat 1 declaring and leading, every seat playing, each copy
with its own random stream; best of 3 calls after a warm-up call: the wall-clock rate
on numba's default threads, and the rate by CPU time on one thread (the process's CPU
time, which another program's load on a shared machine disturbs much less).  Run it
against another copy of the code (e.g. ``git archive REV | tar -x -C /tmp/base``, then
``/tmp/x/euchre_mc -> /tmp/base`` and ``PYTHONPATH=/tmp/x``) in turns to compare.

    python -m benchmarks.run playspeed
"""

from __future__ import annotations

import time

import numpy as np

CASES = (("euchre", 0b1111), ("pigs-and-hogs", 0b111111))
COPIES = 200_000


def playouts_per_second(
    variant: str, active: int, model: str, copies: int, repeats: int = 3, clock=time.perf_counter
) -> float:
    from euchre_mc.simulate.dealing.deal import deal_unseen
    from euchre_mc.simulate.play.playout import play_deals

    many = np.tile(np.asarray(deal_unseen(variant, {}, seed=2024)), (copies, 1))
    play_deals(many[:10], 2, 0, 0, active, model=model, seed=1)
    best = float("inf")
    for _ in range(repeats):
        start = clock()
        play_deals(many, 2, 0, 0, active, model=model, seed=1)
        best = min(best, clock() - start)
    return copies / best


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run playspeed" + (" --quick" if quick else "")
    copies = COPIES // 10 if quick else COPIES
    import numba

    rows = []
    for variant, active in CASES:
        for model in ("random", "heuristic"):
            rows.append(
                {
                    "benchmark": f"{model} playouts, {variant}",
                    "value": round(playouts_per_second(variant, active, model, copies)),
                    "unit": "deals/s",
                    "detail": f"{copies:,} copies of one seeded deal, Hearts trump, all play; best of 3",
                    "command": command,
                }
            )
    threads = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        for variant, active in CASES:
            for model in ("random", "heuristic"):
                rate = playouts_per_second(variant, active, model, copies, clock=time.process_time)
                rows.append(
                    {
                        "benchmark": f"{model} playouts, {variant}, one thread, CPU time",
                        "value": round(rate),
                        "unit": "deals/s",
                        "detail": f"{copies:,} copies as above, one numba thread, by the process's CPU time",
                        "command": command,
                    }
                )
    finally:
        numba.set_num_threads(threads)
    return rows
