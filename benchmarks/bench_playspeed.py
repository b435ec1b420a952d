"""Random and heuristic playouts per second, four and six seats, through ``play_deals``.

What is measured: 200,000 copies of one seeded deal (``deal_unseen(variant, {},
seed=2024)``), Hearts trump, seat 1 declaring and leading, every seat playing, each copy
with its own random stream; best of 3 calls after a warm-up call, numba's default threads.
Run it against another copy of the code (e.g. ``git archive REV | tar -x -C /tmp/base``,
then ``/tmp/x/euchre_mc -> /tmp/base`` and ``PYTHONPATH=/tmp/x``) in turns to compare.

    python -m benchmarks.run playspeed
"""

from __future__ import annotations

import time

import numpy as np

CASES = (("euchre", 0b1111), ("pigs-and-hogs", 0b111111))
COPIES = 200_000


def playouts_per_second(variant: str, active: int, model: str, copies: int, repeats: int = 3) -> float:
    from euchre_mc.simulate.deal import deal_unseen
    from euchre_mc.simulate.play import play_deals

    many = np.tile(np.asarray(deal_unseen(variant, {}, seed=2024)), (copies, 1))
    play_deals(many[:10], 2, 0, 0, active, model=model, seed=1)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        play_deals(many, 2, 0, 0, active, model=model, seed=1)
        best = min(best, time.perf_counter() - start)
    return copies / best


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run playspeed" + (" --quick" if quick else "")
    copies = COPIES // 10 if quick else COPIES
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
    return rows
