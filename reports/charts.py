"""Figures for a hand analysis, readable at a glance (matplotlib, no display needed).

One figure, two panels: on the left the trick distribution of every distinct way of
playing (one line per denomination's levels, one per Pig / Hog / Alone / classic call),
as a heat map of percentages; on the right the net expectation of every contract: for
bid euchre a denomination-by-bid grid coloured from red (losing) to blue (winning), for
classic variants bars with their 95% half-width.  The advised bid is outlined.
"""

from __future__ import annotations

import numpy as np
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..simulate.rules import ALONE, DENOM_NAMES, HOG, LEVEL, PIG
from .files import save_figure

_SHORT = {"High No Trump": "High NT", "Low No Trump": "Low NT"}


def _short(denomination: str) -> str:
    return _SHORT.get(denomination, denomination)


def _label(contract) -> str:
    """The contract's bid text with its denomination's short name."""
    name = DENOM_NAMES[contract.denom]
    return str(contract).replace(name, _short(name))


def _distribution_rows(result) -> tuple[list[str], np.ndarray]:
    """One label and distribution per distinct layout (levels of a denomination share one)."""
    labels, rows, seen = [], [], set()
    for row in result.estimates:
        level = row.kind == LEVEL
        key = (row.contract.denom, row.tricks) if level else row.contract
        if key in seen:
            continue
        seen.add(key)
        labels.append(f"{_short(row.denomination)} levels" if level else _label(row.contract))
        rows.append(row.tricks)
    return labels, np.array(rows, dtype=float)


def _draw_distributions(axes, result) -> None:
    labels, probabilities = _distribution_rows(result)
    axes.imshow(probabilities, aspect="auto", cmap="Greens", vmin=0.0, vmax=1.0)
    for (i, t), p in np.ndenumerate(probabilities):
        if p >= 0.005:
            axes.text(
                t,
                i,
                f"{100 * p:.0f}",
                ha="center",
                va="center",
                fontsize=7,
                color="white" if p > 0.6 else "black",
            )
    axes.set_xticks(range(probabilities.shape[1]))
    axes.set_yticks(range(len(labels)), labels, fontsize=8)
    axes.set_xlabel("tricks taken by the bidder's side")
    axes.set_title("Trick distribution (% of deals)")


def _bid_columns(result) -> list[str]:
    kinds = {row.kind for row in result.estimates}
    columns = [str(level) for level in sorted({row.level for row in result.estimates if row.kind == LEVEL})]
    columns += [kind.capitalize() for kind in (PIG, ALONE, HOG) if kind in kinds]
    return columns


def _draw_net_grid(axes, result) -> None:
    denoms = sorted({row.contract.denom for row in result.estimates})
    columns = _bid_columns(result)
    grid = np.full((len(denoms), len(columns)), np.nan)
    legal = np.zeros(grid.shape, bool)
    best = result.advice.bid
    for row in result.estimates:
        column = str(row.level) if row.kind == LEVEL else row.kind.capitalize()
        i, j = denoms.index(row.contract.denom), columns.index(column)
        grid[i, j] = row.ev_net
        legal[i, j] = row.legal
        if row.contract == best:
            axes.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="orange", linewidth=3))
    finite = grid[np.isfinite(grid)]
    # Gains and losses each use the full colour range: a -30 Hog must not wash out a +6 level.
    lowest = min(-1.0, float(finite.min())) if finite.size else -1.0
    highest = max(1.0, float(finite.max())) if finite.size else 1.0
    axes.imshow(grid, aspect="auto", cmap="RdBu", norm=TwoSlopeNorm(0.0, lowest, highest))
    for (i, j), value in np.ndenumerate(grid):
        if np.isfinite(value):
            strong = value > 0.6 * highest or value < 0.6 * lowest
            text = f"{value:+.1f}" if legal[i, j] else f"({value:+.1f})"
            axes.text(j, i, text, ha="center", va="center", fontsize=7, color="white" if strong else "black")
    axes.set_xticks(range(len(columns)), columns)
    axes.set_yticks(range(len(denoms)), [_short(DENOM_NAMES[d]) for d in denoms])
    axes.set_xlabel("bid  (in brackets: not a legal bid after the auction)")
    axes.set_title("Net points per hand (bidders minus defenders)")


def _draw_net_bars(axes, result) -> None:
    best = result.advice.bid
    rows = result.estimates
    positions = np.arange(len(rows))[::-1]
    net = np.array([row.ev_net for row in rows])
    colours = ["tab:blue" if v >= 0 else "tab:red" for v in net]
    bars = axes.barh(positions, net, xerr=np.array([row.ev_net_ci for row in rows]), color=colours, capsize=3)
    for bar, row in zip(bars, rows):
        if row.contract == best:
            bar.set_edgecolor("black")
            bar.set_linewidth(2.5)
        if not row.legal:
            bar.set_alpha(0.45)
    axes.axvline(0.0, color="grey", linewidth=0.8)
    labels = [
        (str(row.contract) if row.legal else f"({row.contract})") + f"  P={row.p_make:.2f}" for row in rows
    ]
    axes.set_yticks(positions, labels, fontsize=8)
    axes.set_xlabel("net points per hand, 95% interval  (faded, in brackets: not legal now)")
    axes.set_title("Net points per hand (makers minus defenders)")


def analysis_figure(result) -> Figure:
    """The two-panel figure for an :class:`~simulate.results.Analysis`."""
    settings = result.settings
    labels, _ = _distribution_rows(result)
    height = max(4.5, 0.28 * len(labels) + 1.8)
    figure = Figure(figsize=(14, height), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=(1, 1.2))
    _draw_distributions(left, result)
    if result.classic:
        _draw_net_bars(right, result)
    else:
        _draw_net_grid(right, result)
    advice = result.advice.bid
    figure.suptitle(
        f"{settings.variant}  hand {settings.hand}  seat {settings.seat}  "
        f"dealer {settings.dealer}\n{settings.play} play, {settings.deals} deals, "
        f"seed {settings.seed}" + (f"; advice: {advice}" if advice else ""),
        fontsize=10,
    )
    return figure


def save_analysis_chart(result, path) -> None:
    """Write the analysis figure to ``path`` (PNG, or any format matplotlib knows by suffix)."""
    save_figure(analysis_figure(result), path, dpi=110)


__all__ = ["analysis_figure", "save_analysis_chart"]
