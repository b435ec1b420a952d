"""Figures for a hand analysis and a should-i-bid verdict, readable at a glance
(matplotlib, no display needed).

The analysis figure: on the left the trick distribution of every distinct way of
playing (one line per denomination's levels, one per Pig / Hog / Alone / classic call),
as a heat map of percentages; in the middle the net expectation of every contract as
played, with its P(make): for bid euchre a denomination-by-bid grid coloured from red
(losing) to blue (winning), for classic variants and for grids of a single row or column
bars with their 95% half-width; with a table model, on the right, each option's value
after the rest of the table's bids (pass included) with its 95% interval, or with a
score its P(win the game).  The advised bid is outlined.  The verdict figure is that
options panel for the bid and its alternatives, each on its own deals.
"""

from __future__ import annotations

import numpy as np
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from ..simulate.rules.variants import ALONE, DENOM_NAMES, HOG, LEVEL, PIG
from .files import save_figure

_SHORT = {"High No Trump": "High NT", "Low No Trump": "Low NT"}

DPI = 110
CELL_FONT = 10
"""Points of the numbers printed in chart cells: at DPI 110 a 15 px type, about 11 px
capitals, which a player reads without zooming (6-7 pt gave 7 px capitals)."""
LABEL_FONT = 9
"""Points of the row and option labels beside the panels."""


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
                fontsize=CELL_FONT,
                color="white" if p > 0.6 else "black",
            )
    axes.set_xticks(range(probabilities.shape[1]))
    axes.set_yticks(range(len(labels)), labels, fontsize=LABEL_FONT)
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
    p_make = np.full(grid.shape, np.nan)
    best = result.advice.bid
    for row in result.estimates:
        column = str(row.level) if row.kind == LEVEL else row.kind.capitalize()
        i, j = denoms.index(row.contract.denom), columns.index(column)
        grid[i, j] = row.ev_net
        p_make[i, j] = row.p_make
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
            text += f"\n{p_make[i, j]:.2f}"  # without "P=" the pair fits a cell at a readable size
            colour = "white" if strong else "black"
            axes.text(j, i, text, ha="center", va="center", fontsize=CELL_FONT, color=colour)
    axes.set_xticks(range(len(columns)), columns)
    axes.set_yticks(range(len(denoms)), [_short(DENOM_NAMES[d]) for d in denoms])
    axes.set_xlabel(
        "bid; each cell: net points, then P(make)  (in brackets: not a legal bid after the auction)"
    )
    axes.set_title("Net points per hand as played (bidders minus defenders)")


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
        (_label(row.contract) if row.legal else f"({_label(row.contract)})") + f"  P={row.p_make:.2f}"
        for row in rows
    ]
    axes.set_yticks(positions, labels, fontsize=LABEL_FONT)
    axes.set_xlabel("net points per hand, 95% interval  (faded, in brackets: not legal now)")
    axes.set_title("Net points per hand as played (makers minus defenders)")


def _uses_grid(result) -> bool:
    """The denomination-by-bid grid only where it has rows and columns to compare."""
    if result.classic:
        return False
    denoms = {row.contract.denom for row in result.estimates}
    return len(denoms) > 1 and len(_bid_columns(result)) > 1


def _option_label(option) -> str:
    name = "pass" if option.bid == "pass" else _label(option.bid)
    text = f"{name}  we play {option.p_we_play:.0%}"
    if option.p_overcalled is not None:
        text += f", outbid {option.p_overcalled:.0%}"
    return text + (f"  ({option.deals} deals)" if option.deals is not None else "")


def draw_options(axes, options, best, by_p_win: bool, model: str) -> None:
    """Each option's value after the table's bids, with its 95% interval: net points, or
    P(win the game) with a score; the option ``best`` outlined."""
    positions = np.arange(len(options))[::-1]
    values = np.array([o.p_win if by_p_win else o.ev_net for o in options])
    errors = np.array([o.p_win_ci if by_p_win else o.ev_net_ci for o in options])
    colours = [
        "tab:grey" if o.bid == "pass" else ("tab:blue" if o.ev_net >= 0 else "tab:red") for o in options
    ]
    bars = axes.barh(positions, values, xerr=errors, color=colours, capsize=3, height=0.7)
    for bar, option in zip(bars, options):
        if option.bid == best:
            bar.set_edgecolor("black")
            bar.set_linewidth(2.5)
    if not by_p_win:
        axes.axvline(0.0, color="grey", linewidth=0.8)
    else:
        axes.set_xlim(0.0, 1.0)
    axes.set_yticks(positions, [_option_label(o) for o in options], fontsize=LABEL_FONT)
    axes.set_ylim(-0.75, max(len(options), 3) - 0.25)
    axes.set_xlabel(
        ("P(win the game) after this hand" if by_p_win else "your team's points minus theirs")
        + ", 95% interval"
    )
    axes.set_title(f"Your options after the others bid ({model} table)")


def analysis_figure(result) -> Figure:
    """The figure for an :class:`~simulate.analysis.results.Analysis`: two panels, three with the
    options after the table's bids."""
    settings = result.settings
    labels, _ = _distribution_rows(result)
    with_options = bool(result.options) and result.table is not None and result.table.model is not None
    grid = _uses_grid(result)
    rows = max(len(labels), 0 if grid else len(result.estimates), len(result.options) if with_options else 0)
    height = max(3.0, 0.3 * rows + 1.8)
    figure = Figure(figsize=(20 if with_options else 14, height), layout="constrained")
    panels = figure.subplots(
        1, 3 if with_options else 2, width_ratios=(1, 1.2, 1.1) if with_options else (1, 1.2)
    )
    left, middle = panels[0], panels[1]
    _draw_distributions(left, result)
    if len(labels) < 4:  # a few rows: cells as strips, not one giant cell
        left.set_box_aspect(0.12 * len(labels) + 0.1)
    if grid:
        _draw_net_grid(middle, result)
    else:
        _draw_net_bars(middle, result)
        middle.set_ylim(-0.75, max(len(result.estimates), 3) - 0.25)
    if with_options:
        from .analysis_text import shown_options

        by_p_win = result.table.score is not None
        draw_options(panels[2], shown_options(result), result.advice.bid, by_p_win, result.table.model)
    advice = result.advice.bid
    figure.suptitle(
        f"{settings.variant}  hand {settings.hand}  seat {settings.seat}  "
        f"dealer {settings.dealer}\n{settings.play} play, {settings.deals} deals, "
        f"seed {settings.seed}" + (f"; advice: {advice}" if advice else ""),
        fontsize=10,
    )
    return figure


def verdict_figure(verdict) -> Figure:
    """should-i-bid's chart: the bid and its alternatives after the table's bids, each
    with its interval on its own deals (the verdict's ``estimated`` says which)."""
    from .analysis_text import verdict_options_shown

    by_p_win = verdict.by == "p_win"
    options = verdict_options_shown(verdict)
    figure = Figure(figsize=(10, max(3.0, 0.4 * len(options) + 1.8)), layout="constrained")
    axes = figure.subplots()
    draw_options(axes, options, verdict.contract, by_p_win, verdict.table.model)
    settings = verdict.settings
    figure.suptitle(
        f"should I bid {verdict.contract}? {verdict.verdict}   ({settings.variant}, hand {settings.hand}, "
        f"seat {settings.seat}, seed {settings.seed})",
        fontsize=10,
    )
    return figure


def save_analysis_chart(result, path) -> None:
    """Write the analysis figure to ``path`` (PNG, or any format matplotlib knows by suffix)."""
    save_figure(analysis_figure(result), path, dpi=DPI)


def save_verdict_chart(verdict, path) -> None:
    """Write the verdict's options figure to ``path``."""
    save_figure(verdict_figure(verdict), path, dpi=DPI)


__all__ = ["analysis_figure", "draw_options", "save_analysis_chart", "save_verdict_chart", "verdict_figure"]
