"""Speed of ``should-i-bid`` with its defaults (the verdict by the options' values after
the table's bids).

What is measured
----------------
* A Pigs-and-Hogs question, ``should_i_bid("Hog Hearts", "pigs-and-hogs", HAND)`` on a
  weak hand, and a classic one, ``should_i_bid("order up", "euchre", ...)``, with every
  default: the bid played on 2,000 deals; with the table model (the default) the bid and
  passing valued after the table's bids on the first ``OPTION_DEALS`` of them and every
  other legal bid on the first ``ALTERNATIVE_DEALS``; dd play.  Each also with
  ``table="none"`` (bids as played, passing 0: the verdict without a table model), the
  two timed in turns in the same run so the ratio holds on a loaded machine.  Warm (a
  small run compiles first); wall clock and process CPU time, best of three.
* What the alternatives cost per deal: every legal bid on ``EVERY_BID_DEALS`` deals in one
  analysis (no table model): what playing every alternative on all 2,000 deals would cost.

``--quick`` runs the bid on 200 deals, one repeat, and every bid on 10.
"""

from __future__ import annotations

import time

from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.analysis.verdicts import should_i_bid
from euchre_mc.simulate.choices import ALTERNATIVE_DEALS, OPTION_DEALS

VARIANT = "pigs-and-hogs"
HAND = "9C TC QD KS 9H TS JC KD"  # no trump to speak of: Hog is hopeless, levels are slow
CLASSIC = dict(variant="euchre", hand="JH JD AH 9C TS", upcard="9H")
EVERY_BID_DEALS = 100
QUESTIONS = {
    "Pigs and Hogs": (
        ("Hog Hearts", VARIANT, HAND),
        {},
        f'euchre-mc should-i-bid "Hog Hearts" --hand "{HAND}"',
    ),
    "classic": (
        ("order up", CLASSIC["variant"], CLASSIC["hand"]),
        {"upcard": CLASSIC["upcard"]},
        'euchre-mc should-i-bid "order up" --variant euchre --hand "JH JD AH 9C TS" --upcard 9H',
    ),
}


def _timed(call) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    call()
    return time.perf_counter() - wall, time.process_time() - cpu


def run(quick: bool = False) -> list[dict]:
    deals = 200 if quick else 2000
    repeats = 1 if quick else 3
    every = 10 if quick else EVERY_BID_DEALS
    rows = []
    for name, (args, extra, command) in QUESTIONS.items():
        should_i_bid(*args, deals=20, alternative_deals=5, option_deals=10, **extra)  # compile
        best = {"balanced": (float("inf"), 0.0), "none": (float("inf"), 0.0)}
        for _ in range(repeats):
            for table in best:  # in turns: the load falls on both alike
                wall, cpu = _timed(
                    lambda table=table, args=args, extra=extra: should_i_bid(
                        *args, deals=deals, table=table, **extra
                    )
                )
                if wall < best[table][0]:
                    best[table] = (wall, cpu)
        (wall, cpu), (none_wall, none_cpu) = best["balanced"], best["none"]
        rows += [
            {
                "benchmark": f"should-i-bid, {name}, defaults (table balanced), warm",
                "value": round(wall, 2),
                "unit": "s",
                "detail": f"CPU {cpu:.2f} s; the bid on {deals} deals, it and passing after the table's "
                f"bids on {OPTION_DEALS}, the other bids on {ALTERNATIVE_DEALS}; dd; best of {repeats}",
                "command": command,
            },
            {
                "benchmark": "  the same with --table none (as played, passing 0)",
                "value": round(none_wall, 2),
                "unit": "s",
                "detail": f"CPU {none_cpu:.2f} s; timed in turns with the row above: ratio "
                f"{wall / none_wall:.2f} wall, {cpu / none_cpu:.2f} CPU",
                "command": command + " --table none",
            },
        ]
    all_bids = _timed(lambda: analyse_hand(VARIANT, HAND, deals=every, table=None))[0]
    rows.append(
        {
            "benchmark": "  every legal bid, per deal (the old default's cost)",
            "value": round(all_bids / every * 1000, 1),
            "unit": "ms/deal",
            "detail": f"{every} deals, 60 contracts, no table model; x 2,000 deals = "
            f"{all_bids / every * 2000:.0f} s",
            "command": f'euchre-mc analyse --hand "{HAND}" --deals {every} --table none',
        }
    )
    return rows


if __name__ == "__main__":
    for row in run():
        print(f"{row['benchmark']:<56}{row['value']:>8} {row['unit']}  ({row['detail']})")
