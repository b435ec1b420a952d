"""What the table model costs: analyses with and without the other seats' bids, and
how many deals inference keeps.

What is measured (2 cores, dd play, warm, best of 2, each pair timed in turns)
------------------------------------------------------------------------------
* Classic: ``analyse_hand("euchre", "JD AH KH 9C TS", upcard="9H", seat 0, dealer 3,
  deals=2000)`` with ``table="balanced"`` against ``table="none"`` (target: at most 2x).
* Pigs and Hogs, every contract: the demo hand of ``bench_analyse`` with 1,000 deals,
  ``table="balanced"`` against ``table="none"`` (target: at most 2x today's).
* Inference: the share of deals kept (``analyse --auction``) for a classic
  ``pass, pass, pass`` to the dealer and a Pigs-and-Hogs ``4 Clubs, pass, pass`` under
  ``balanced`` (target: at least 10%, or say why not), and the seconds it adds.
"""

from __future__ import annotations

from benchmarks.bench_solver import best_seconds
from euchre_mc.simulate import analyse_hand

COMMAND = "python -m benchmarks.run table"
CLASSIC = dict(variant="euchre", hand="JD AH KH 9C TS", upcard="9H", seat=0, dealer=3)
PIGS = dict(variant="pigs-and-hogs", hand="JH JH JD AH KH QH 9S AC", seat=0, dealer=5)


def _pair(question: dict, deals: int) -> tuple[float, float]:
    """(with the table model, without) seconds, timed in turns."""
    with_table, without = float("inf"), float("inf")
    for _ in range(2):
        with_table = min(with_table, best_seconds(lambda: analyse_hand(**question, deals=deals), 1)[0])
        without = min(
            without, best_seconds(lambda: analyse_hand(**question, deals=deals, table="none"), 1)[0]
        )
    return with_table, without


def run(quick: bool = False) -> list[dict]:
    classic_deals, pigs_deals = (200, 40) if quick else (2000, 1000)
    analyse_hand(**CLASSIC, deals=20)
    analyse_hand(**PIGS, deals=4)
    rows = []

    def row(benchmark, value, unit, detail):
        rows.append(
            {"benchmark": benchmark, "value": value, "unit": unit, "detail": detail, "command": COMMAND}
        )

    for name, question, deals in (("euchre", CLASSIC, classic_deals), ("pigs-and-hogs", PIGS, pigs_deals)):
        with_table, without = _pair(question, deals)
        where = f"{deals} deals, hand {question['hand']}, dd, 2 threads"
        row(f"analyse {name} with the table model", round(with_table, 2), "s", f"{where}; balanced")
        row(f"analyse {name} without (--table none)", round(without, 2), "s", where)
        row(f"analyse {name}: table model / none", round(with_table / without, 2), "x", "target: at most 2x")
    for name, question, auction, deals in (
        ("euchre", dict(CLASSIC, seat=3), "pass, pass, pass", classic_deals),
        (
            "pigs-and-hogs",
            dict(PIGS, seat=3, hand="9C TC QC KD AD 9S TS QS"),
            "4 Clubs, pass, pass",
            pigs_deals,
        ),
    ):
        contracts = "order up" if name == "euchre" else "5 Clubs"
        asked = dict(question, auction=auction, contracts=contracts, deals=deals)
        seconds, result = best_seconds(lambda: analyse_hand(**asked), 1)  # noqa: B023 (called here)
        plain, _ = best_seconds(lambda: analyse_hand(**asked, inference="none"), 1)  # noqa: B023 (called here)
        table = result.table
        row(
            f"inference {name} '{auction}': deals kept",
            round(table.acceptance, 4),
            "share",
            f"{result.settings.deals} kept of {table.dealt:,} dealt (balanced); target at least 10%",
        )
        row(
            f"inference {name} '{auction}': time with / without",
            round(seconds / plain, 2),
            "x",
            f"{seconds:.2f} s against {plain:.2f} s, {contracts}, {deals} deals",
        )
    return rows
