"""The charts of a batch study.

The one-page strategy chart comes from :mod:`reports.strategy_charts`.  Each chart is
drawn from the summary tables of :mod:`reports.study_summary` and titled
with the variant (options included), play model, sample size and seed.
:func:`build_study_reports` rebuilds every summary, every chart and ``index.html`` from
the study's Parquet rows alone (the page is :mod:`reports.study_page`); ``euchre-mc chart DIR``
is a thin layer over it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from ..simulate.rules.variants import as_variant
from ..simulate.study.store import StudyParams, read_params, read_rows
from .files import make_folder, save_figure, write_text
from .strategy_charts import strategy_chart
from .study_page import index_page
from .study_summary import MIN_HANDS, position_name, study_title, write_summaries

LONE_ROWS = {
    "bowers": "bowers held (right + left copies)",
    "run": "top-trump run (top trumps held in order, both copies)",
}


def lone_heatmaps(
    table: pd.DataFrame, title: str, by: str = "bowers", suits: str = "trump suits pooled"
) -> Figure:
    """P(make) of each lone contract (Pig, Hog or Alone) by trump count and ``by``: bowers
    held, or the top-trump run (which decides a sweep far better)."""
    kinds = list(dict.fromkeys(table["contract"]))
    figure = Figure(figsize=(6.5 * len(kinds), 5))
    axes = figure.subplots(1, len(kinds), squeeze=False)
    trumps = np.arange(table["trumps"].min(), table["trumps"].max() + 1)
    rows = np.arange(table[by].min(), table[by].max() + 1)
    for axis, kind in zip(axes[0], kinds):
        grid = np.full((len(rows), len(trumps)), np.nan)
        part = table[(table["contract"] == kind) & (table["hands"] >= MIN_HANDS)]
        for row in part.itertuples():
            grid[getattr(row, by) - rows[0], row.trumps - trumps[0]] = row.p_make
        image = axis.imshow(grid, origin="lower", aspect="auto", cmap="viridis", vmin=0, vmax=1)
        for (y, x), value in np.ndenumerate(grid):
            if not np.isnan(value):
                axis.text(
                    x,
                    y,
                    f"{value:.2f}",
                    ha="center",
                    va="center",
                    fontsize=9,
                    color="white" if value < 0.6 else "black",
                )
        axis.set_xticks(range(len(trumps)), trumps)
        axis.set_yticks(range(len(rows)), rows)
        axis.set_xlabel("trumps held (left bower included)")
        axis.set_ylabel(LONE_ROWS[by])
        axis.set_title(f"P(make) {kind}, {suits}")
        figure.colorbar(image, ax=axis, label="P(make)")
    figure.suptitle(f"{title}\nblank: fewer than {MIN_HANDS} hands")
    figure.tight_layout()
    return figure


def net_by_level(table: pd.DataFrame, title: str) -> Figure:
    """Mean net points of every bid level (and the lone contracts) for each strength bucket."""
    suits = table[(table["denomination"] == "trump suit") & (table["hands"] >= MIN_HANDS)]
    order = list(dict.fromkeys(table["contract"]))
    figure = Figure(figsize=(9, 5.5))
    axis = figure.subplots()
    for strength, group in suits.groupby("strength", observed=True):
        group = group.set_index("contract").reindex(order)
        x = np.arange(len(order))
        axis.plot(x, group["mean_net"], marker="o", label=f"points {strength}")
        axis.fill_between(x, group["net_ci_low"], group["net_ci_high"], alpha=0.15)
    axis.axhline(0, color="grey", linewidth=0.8)
    axis.set_xticks(range(len(order)), order)
    axis.set_xlabel("bid (level, then the lone contracts)")
    axis.set_ylabel("mean net points (bidding team minus defenders)")
    if axis.get_legend_handles_labels()[0]:
        axis.legend(title="hand strength, trump suits pooled", fontsize=8)
    axis.set_title(f"{title}\nnet expectation by bid level; bands: 95% intervals")
    figure.tight_layout()
    return figure


def classic_values(table: pd.DataFrame, feature: str, title: str, what: str) -> Figure:
    """Net value of a contract with the partner and alone, by position and trump count."""
    figure = Figure(figsize=(12, 5))
    axes = figure.subplots(1, 2, sharey=True)
    for axis, suffix, label in ((axes[0], "", f"{what} with partner"), (axes[1], "_alone", f"{what} alone")):
        for position, group in table[table["hands"] >= MIN_HANDS].groupby("position"):
            name = position_name(position)
            axis.plot(group[feature], group[f"mean_net{suffix}"], marker="o", label=name)
            axis.fill_between(
                group[feature], group[f"net_ci_low{suffix}"], group[f"net_ci_high{suffix}"], alpha=0.15
            )
        # passing scores 0: the bar every bid must clear
        axis.axhline(0, color="grey", linewidth=4, alpha=0.5, label="pass (0 net points)")
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        axis.set_xlabel("trumps held" + (" (upcard included for the dealer)" if feature == "trumps" else ""))
        axis.set_title(label)
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize=8)
    axes[0].set_ylabel("mean net points for the seat's team")
    figure.suptitle(f"{title}\nbands: 95% intervals")
    figure.tight_layout()
    return figure


def study_charts(tables: dict[str, pd.DataFrame], params: StudyParams, rows: int) -> dict[str, Figure]:
    """Every chart of a study by file stem."""
    title = study_title(params, rows).replace(
        " - ", "\n", 1
    )  # the variant with its options on a line of its own
    if as_variant(params.variant).classic:
        return {
            "strategy": strategy_chart(tables, params, rows),
            "order_up_value": classic_values(tables["order_by_position_trumps"], "trumps", title, "order up"),
            "round2_call_value": classic_values(
                tables["call_by_position_trumps"], "call_trumps", title, "best round-2 call"
            ),
        }
    suits = "Hearts only, dealt on purpose" if params.conditioned else "trump suits pooled"
    return {
        "strategy": strategy_chart(tables, params, rows),
        "lone_p_make": lone_heatmaps(tables["lone_by_trumps_bowers"], title, suits=suits),
        "lone_p_make_by_run": lone_heatmaps(tables["lone_by_trumps_run"], title, by="run", suits=suits),
        "net_by_level": net_by_level(tables["bids_by_strength"], title),
    }


def build_study_reports(out, progress=None) -> Path:
    """Rebuild every summary and chart of study ``out`` from its rows; return ``index.html``.

    ``progress(done, total)``, if given, hears of each step: reading the rows, the
    summaries, each chart drawn and saved, the index page.
    """
    out = Path(out)
    params = read_params(out)
    steps = 3 + chart_count(params)

    def advance(done):
        if progress is not None:
            progress(done, steps)

    advance(0)
    rows = read_rows(out)
    advance(1)
    tables = write_summaries(out, rows, params)
    advance(2)
    folder = make_folder(out / "charts")
    images = []
    for done, (stem, figure) in enumerate(study_charts(tables, params, len(rows)).items(), 3):
        path = folder / f"{stem}.png"
        save_figure(figure, path, dpi=110)
        images.append(path.relative_to(out))
        advance(done)
    index = out / "index.html"
    write_text(index, index_page(params, len(rows), images, tables))
    advance(steps)
    return index


def chart_count(params: StudyParams) -> int:
    """How many charts :func:`study_charts` draws for the study (the strategy page included)."""
    return 3 if as_variant(params.variant).classic else 4
