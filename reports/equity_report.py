"""Match-equity tables as text grids, CSV with a heading line, and a heatmap chart.

The numbers are the table's own (:mod:`euchre_mc.simulate.games.equity`); this module only
lays them out.
"""

from __future__ import annotations

import numpy as np
from matplotlib.figure import Figure

from .lines import fit, line_width
from .numbers import probability_in

CELL = 6  # a score column: a space and a probability of five characters


def _shown_scores(equity, columns: int | None = None) -> list[int]:
    """Every score for a short game; for a long one every fifth score (every tenth, and
    so on, when those are too many for the width), and the last."""
    table = equity.table
    columns = columns or max(4, (line_width() - CELL) // CELL)
    scores = list(range(table.floor, table.target))
    if len(scores) <= min(12, columns):
        return scores
    low = max(table.floor, -table.target // 2)
    step = 5
    while True:
        shown = sorted({s for s in range(low - low % step, table.target, step) if s >= table.floor})
        if shown[-1] > table.target - step // 2:  # too close to the last score to stand apart
            shown = shown[:-1]
        shown = sorted(set(shown) | {table.target - 1})
        if len(shown) <= columns:
            return shown
        step += 5


def format_equity(equity) -> str:
    """P(team A wins) as two grids, team A to deal and team B to deal; rows A's score."""
    scores = _shown_scores(equity)
    table = equity.table
    lines = [fit(equity.describe(), indent="  "), ""]
    for team, name in ((0, "A"), (1, "B")):
        lines.append(fit(f"P(team A wins), team {name} to deal: rows team A's score, columns team B's"))
        lines.append("A \\ B " + "".join(f"{b:>6}" for b in scores))
        for a in scores:
            cells = (probability_in(table.p_win(a, b, team), 5) for b in scores)
            lines.append(f"{a:>5} " + "".join(f" {cell}" for cell in cells))
        lines.append("")
    lines.append(
        fit(
            f"fixed point reached in {table.iterations} iterations (largest last change "
            f"{table.residual:.1e}); every hand's outcome sampled at 0-0 (the strategies ignore the score)",
            indent="  ",
        )
    )
    return "\n".join(lines) + "\n"


def equity_csv(equity) -> str:
    """The whole table as CSV, behind one ``#`` line that says what made it."""
    body = equity.to_frame().to_csv(index=False, lineterminator="\n")
    return f"# {equity.describe()}\n{body}"


CONTOURS = {0.25: "A wins 25%", 0.5: "50%", 0.75: "A wins 75%"}
"""The chances the heatmaps draw a line at, with each line's label."""


def equity_figure(equity) -> Figure:
    """Heatmaps of P(team A wins) with team A and team B to deal."""
    table = equity.table
    figure = Figure(figsize=(11, 5), layout="constrained")
    axes = figure.subplots(1, 2, sharey=True)
    extent = (table.floor - 0.5, table.target - 0.5, table.floor - 0.5, table.target - 0.5)
    for team, ax in enumerate(axes):
        image = ax.imshow(table.win[team], origin="lower", extent=extent, vmin=0, vmax=1, cmap="RdBu")
        ax.set_title(f"team {'AB'[team]} to deal", fontsize=10)
        ax.set_xlabel("team B's score")
        lines = ax.contour(
            np.arange(table.floor, table.target),
            np.arange(table.floor, table.target),
            table.win[team],
            levels=list(CONTOURS),
            colors="black",
            linewidths=0.7,
        )
        # each line says which chance it marks, on a pale patch that reads on dark cells
        for label in ax.clabel(lines, fmt=CONTOURS, fontsize=9, inline=True):
            label.set_bbox({"facecolor": "white", "alpha": 0.75, "edgecolor": "none", "pad": 1})
    axes[0].set_ylabel("team A's score")
    figure.colorbar(image, ax=axes, label="P(team A wins the game)", shrink=0.85)
    figure.suptitle(equity.describe().replace("; ", "\n"), fontsize=9)
    return figure


__all__ = ["equity_csv", "equity_figure", "format_equity"]
