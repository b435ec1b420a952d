"""Speed of ``should-i-bid`` with its defaults on a weak Pigs-and-Hogs hand (issue 14 item 3).

What is measured
----------------
* ``should_i_bid("Hog Hearts", "pigs-and-hogs", HAND)`` with every default (2,000 deals
  for the bid, every legal alternative and passing on the first 50 of them, dd play),
  warm (a small run has compiled the kernels first), wall clock, best of three.
* What the alternatives cost per deal: every legal bid on ``EVERY_BID_DEALS`` deals in one
  analysis (no table model), the price the old default paid on all 2,000 deals.

``--quick`` runs the bid on 200 deals and every bid on 10.
"""

from __future__ import annotations

import time

from euchre_mc.simulate.analyse import ALTERNATIVE_DEALS, analyse_hand, should_i_bid

VARIANT = "pigs-and-hogs"
HAND = "9C TC QD KS 9H TS JC KD"  # no trump to speak of: Hog is hopeless, levels are slow
EVERY_BID_DEALS = 100
COMMAND = f'euchre-mc should-i-bid "Hog Hearts" --hand "{HAND}"'


def _best(call, repeats: int = 3) -> float:
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        best = min(best, time.perf_counter() - started)
    return best


def run(quick: bool = False) -> list[dict]:
    deals = 200 if quick else 2000
    every = 10 if quick else EVERY_BID_DEALS
    should_i_bid("Hog Hearts", VARIANT, HAND, deals=20, alternative_deals=5)  # compile
    default = _best(lambda: should_i_bid("Hog Hearts", VARIANT, HAND, deals=deals))
    all_bids = _best(lambda: analyse_hand(VARIANT, HAND, deals=every, table=None), repeats=1)
    return [
        {
            "benchmark": "should-i-bid Hog Hearts, weak hand, defaults, warm",
            "value": round(default, 2),
            "unit": "s",
            "detail": f"the bid on {deals} deals, every legal bid and passing on the first "
            f"{ALTERNATIVE_DEALS}; dd; best of 3",
            "command": COMMAND,
        },
        {
            "benchmark": "  every legal bid, per deal (the old default's cost)",
            "value": round(all_bids / every * 1000, 1),
            "unit": "ms/deal",
            "detail": f"{every} deals, 60 contracts, no table model; x 2,000 deals = "
            f"{all_bids / every * 2000:.0f} s",
            "command": f'euchre-mc analyse --hand "{HAND}" --deals {every} --table none',
        },
    ]


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<56}{row['value']:>8} {row['unit']}  ({row['detail']})")
