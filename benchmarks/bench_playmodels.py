"""The play-model report: P(make) and mean tricks under dd, pimc and heuristic play,
side by side on the same deals, for a fixed set of benchmark hands.

Each variant gets four hands (sure, strong, marginal, weak) of seat 1, the bidder, and
its contracts: Pigs and Hogs a level contract, Pig and Hog; six-handed Alone; classic
euchre order up (dealer seat 4, upcard 9H), alone and not.  ``compare_play`` plays
every model on the same seeded deals (``table="none"``: the hand alone, no auction
inference), so the differences are the play's.  Deals and worlds per decision are
stated in every row; six-seat level contracts are slow under PIMC (every world an
eight-trick, six-hand solve), so they get fewer deals.  The chart (grouped bars of
P(make) per hand and contract) is written beside the results, ``playmodels.png`` (in
``benchmarks/results/`` with ``--record``).
"""

from __future__ import annotations

from pathlib import Path

from benchmarks.run import output_dir
from euchre_mc.simulate.analysis.analyse import compare_play

MODELS = ("dd", "pimc", "heuristic")
CHART = "playmodels.png"

SIX_SEAT_HANDS = (
    ("sure", "JH JH JD JD AH AH KH KH"),
    ("strong", "JH JH JD AH AH KH QH AC"),
    ("marginal", "JH JD AH KH QH AC AS 9C"),
    ("weak", "JH AH TH 9H KC QS 9D TD"),
)
CLASSIC_HANDS = (
    ("sure", "JH JD AH KH QH"),
    ("strong", "JH JD AH KS 9C"),
    ("marginal", "JH AH TC KS 9D"),
    ("weak", "TH AC 9S TD QD"),
)


def cases(quick: bool):
    """(variant, hand class, hand, contracts, deals, options) of every benchmark row group."""
    lone, level, classic = (6, 2, 40) if quick else (40, 8, 300)
    for name, hand in SIX_SEAT_HANDS:
        yield "pigs-and-hogs", name, hand, "Hog Hearts, Pig Hearts", lone, {}
        yield "pigs-and-hogs", name, hand, "6 Hearts", level, {}
        yield "six-handed", name, hand, "Alone Hearts", lone, {}
    for name, hand in CLASSIC_HANDS:
        yield "euchre", name, hand, "order up, order up alone", classic, {"upcard": "9H", "dealer": 3}


def run(quick: bool) -> list[dict]:
    command = "python -m benchmarks.run playmodels" + (" --quick" if quick else "")
    worlds = 10
    rows, chart = [], []
    for variant, name, hand, contracts, deals, options in cases(quick):
        compared = compare_play(
            variant,
            hand,
            models=MODELS,
            contracts=contracts,
            deals=deals,
            worlds=worlds,
            table="none",
            **options,
        )
        by_model = {model: {str(e.contract): e for e in compared[model].estimates} for model in MODELS}
        for contract in by_model["dd"]:
            figures = {model: by_model[model][contract] for model in MODELS}
            p = " / ".join(f"{figures[m].p_make:.2f}" for m in MODELS)
            tricks = " / ".join(f"{figures[m].mean_tricks:.2f}" for m in MODELS)
            rows.append(
                {
                    "benchmark": f"{variant}, {name} hand {hand}: {contract}",
                    "value": p,
                    "unit": "P(make) dd / pimc / heuristic",
                    "detail": f"mean tricks {tricks}; {deals} deals, {worlds} worlds a PIMC decision",
                    "command": command,
                }
            )
            chart.append((f"{variant}\n{name}: {contract}", [figures[m].p_make for m in MODELS]))
    write_chart(chart)
    return rows


def write_chart(groups) -> Path:
    """Grouped bars: P(make) under each model for each hand and contract."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    from euchre_mc.reports.files import save_figure

    figure, axes = plt.subplots(figsize=(max(8, 0.55 * len(groups)), 5))
    places = np.arange(len(groups))
    width = 0.27
    for k, model in enumerate(MODELS):
        axes.bar(places + (k - 1) * width, [values[k] for _, values in groups], width, label=model)
    axes.set_xticks(places)
    axes.set_xticklabels([label for label, _ in groups], rotation=75, ha="right", fontsize=7)
    axes.set_ylabel("P(make)")
    axes.set_ylim(0, 1)
    axes.set_title("P(make) of the benchmark hands under each play model (same deals)")
    axes.legend()
    figure.tight_layout()
    path = output_dir() / CHART
    save_figure(figure, path)
    plt.close(figure)
    return path
