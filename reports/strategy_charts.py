"""One-page bid charts of a batch study: each decision against passing counted as 0.

Each variant gets one page (landscape A4) drawn from the summary tables of
:mod:`reports.study_summary`, every cell coloured by the mean net points of the decision
it shows (green pays, red loses, white about even) and labelled with that decision:

* Bid euchre (``pigs-and-hogs``, ``six-handed``): the net points of every bid by hand
  strength (point count), for a trump suit, High and Low No Trump -- read down a column
  for the highest bid that still pays -- and, for the sweep contracts, the best of Pig /
  Hog / Alone by trumps held and top-trump run (no trump: by top runs and top cards).
* Classic (``euchre``, ``piq``): round 1 -- order up, alone or pass -- by seat and trumps
  held, and round 2 -- call (with the partner or alone) or pass -- by seat and trumps in
  the best suit to call.

Passing counts 0 net points: the study does not play what the other seats would bid
instead, so a cell says whether a bid beats not bidding, not whether it beats the
other side's best bid.  The page says so in its title; the strategy chart with passing
valued against the table is :mod:`reports.strategy_pages` (``euchre-mc strategy-chart``).
Cells with fewer than ``MIN_HANDS`` hands are left grey.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from ..simulate.rules.variants import as_variant
from ..simulate.study.store import StudyParams
from .study_summary import MIN_HANDS, POINT_LABELS, position_name, study_title

PAGE = (11.69, 8.27)  # A4, landscape
COLOURS = "RdYlGn"
EMPTY = "#e6e6e6"
PASS = "pass"


def _norm(values) -> TwoSlopeNorm:
    """Colour scale centred on 0 net points and as wide on both sides: full green at the
    best value (at least 1 point), so what pays stands out; heavier losses stay full red."""
    finite = np.asarray([v for v in np.ravel(values) if np.isfinite(v)], float)
    best = float(finite.max()) if finite.size else 0.0
    reach = max(1.0, best if best > 0 else float(np.abs(finite).max(initial=1.0)))
    return TwoSlopeNorm(0.0, -reach, reach)


def _grid(axis, values, labels, x_ticks, y_ticks, norm, fontsize=8.5):
    """A heatmap of ``values`` (NaN: too few hands) with a text label in every cell."""
    axis.set_facecolor(EMPTY)
    image = axis.imshow(np.ma.masked_invalid(values), origin="lower", aspect="auto", cmap=COLOURS, norm=norm)
    for (y, x), value in np.ndenumerate(values):
        if np.isfinite(value):
            axis.text(x, y, labels[y][x], ha="center", va="center", fontsize=fontsize)
    axis.set_xticks(range(len(x_ticks)), x_ticks)
    axis.set_yticks(range(len(y_ticks)), y_ticks)
    axis.tick_params(labelsize=8)
    return image


# --------------------------------------------------------------------------- bid euchre


def _bids_by_strength(axis, table: pd.DataFrame, denomination: str, order: list[str], norm, label=None):
    part = table[(table["denomination"] == denomination) & (table["hands"] >= MIN_HANDS)]
    strengths = POINT_LABELS
    values = np.full((len(order), len(strengths)), np.nan)
    for row in part.itertuples():
        values[order.index(row.contract), strengths.index(row.strength)] = row.mean_net
    labels = [[f"{v:+.1f}" for v in line] for line in values]
    axis.set_title(f"Bids, {label or denomination}", fontsize=10)
    axis.set_xlabel("hand strength (point count in this denomination)", fontsize=8)
    axis.set_ylabel("bid", fontsize=8)
    return _grid(axis, values, labels, strengths, order, norm)


def _best_lone(table: pd.DataFrame, x: str, y: str) -> pd.DataFrame:
    """Per (x, y) cell with enough hands: the lone contract with the best mean net."""
    enough = table[table["hands"] >= MIN_HANDS]
    best = enough.sort_values("mean_net", ascending=False).drop_duplicates([x, y])
    return best[[x, y, "contract", "mean_net", "hands"]]


def _lone_cells(axis, best: pd.DataFrame, x: str, y: str, norm, title, x_label, y_label):
    xs = list(range(int(best[x].min()), int(best[x].max()) + 1)) if len(best) else [0]
    ys = list(range(int(best[y].min()), int(best[y].max()) + 1)) if len(best) else [0]
    values = np.full((len(ys), len(xs)), np.nan)
    labels = [["" for _ in xs] for _ in ys]
    for row in best.itertuples():
        i, j = ys.index(getattr(row, y)), xs.index(getattr(row, x))
        values[i, j] = max(row.mean_net, 0.0)  # passing scores 0
        labels[i][j] = f"{row.contract}\n{row.mean_net:+.0f}" if row.mean_net > 0 else PASS
    axis.set_title(title, fontsize=10)
    axis.set_xlabel(x_label, fontsize=8)
    axis.set_ylabel(y_label, fontsize=8)
    return _grid(axis, values, labels, xs, ys, norm, fontsize=8)


def _not_played(axis, title: str):
    """A panel a strong-hand study leaves empty: it deals Hearts on purpose and plays Hearts only."""
    axis.set_axis_off()
    axis.set_title(title, fontsize=10)
    axis.text(
        0.5,
        0.5,
        "not played: this study deals strong\nHearts hands on purpose and plays\nHearts only "
        "(other denominations\nwould be biased by the condition)",
        ha="center",
        va="center",
        fontsize=8,
        transform=axis.transAxes,
    )


def bid_strategy_chart(tables: dict[str, pd.DataFrame], params: StudyParams, rows: int) -> Figure:
    """The bid-euchre page: bids by strength, and the sweep contracts by the top of the hand."""
    levels = tables["bids_by_strength"]
    order = list(dict.fromkeys(levels["contract"]))
    lone_kinds = list(dict.fromkeys(tables["lone_by_trumps_run"]["contract"]))
    by_run = _best_lone(tables["lone_by_trumps_run"], "trumps", "run")
    # a strong-hand study plays Hearts only: no no-trump table
    no_trump = tables.get("lone_no_trump_by_runs_aces")
    no_trump_values = [] if no_trump is None else no_trump.loc[no_trump["hands"] >= MIN_HANDS, "mean_net"]
    figure = Figure(figsize=PAGE, layout="constrained")
    axes = figure.subplots(2, 3)
    bid_norm = _norm(levels.loc[levels["hands"] >= MIN_HANDS, "mean_net"])
    lone_norm = _norm(list(no_trump_values) + by_run["mean_net"].tolist())
    image = None
    suit = f"Hearts ({params.trumps}+ dealt on purpose)" if params.conditioned else "trump suit"
    for axis, denomination in zip(axes[0], ("trump suit", "High No Trump", "Low No Trump")):
        if no_trump is None and denomination != "trump suit":
            _not_played(axis, f"Bids, {denomination}")
            continue
        image = _bids_by_strength(
            axis, levels, denomination, order, bid_norm, suit if denomination == "trump suit" else None
        )
    figure.colorbar(image, ax=list(axes[0]), label="mean net points of the bid", shrink=0.9)
    lone_name = " / ".join(lone_kinds)
    image = _lone_cells(
        axes[1][0],
        by_run,
        "trumps",
        "run",
        lone_norm,
        f"{lone_name}, {suit}",
        "trumps held (left bower included)",
        "top-trump run (6 = both rights, lefts, aces)",
    )
    for axis, denomination in zip(axes[1][1:], ("High No Trump", "Low No Trump")):
        if no_trump is None:
            _not_played(axis, f"{lone_name}, {denomination}")
            continue
        best = _best_lone(no_trump[no_trump["denomination"] == denomination], "runs", "aces")
        top = "aces" if denomination.startswith("High") else "nines"
        _lone_cells(
            axis,
            best,
            "runs",
            "aces",
            lone_norm,
            f"{lone_name}, {denomination}",
            "top runs, all suits added up",
            f"top cards held ({top})",
        )
    figure.colorbar(image, ax=list(axes[1]), label="mean net points of the best lone bid", shrink=0.9)
    figure.suptitle(
        f"Study bid chart, passing counted as 0 (strategy-chart values it against the table): "
        f"{study_title(params, rows)}\n"
        "top: the bidder's net points for each bid (a bid pays where green; bid the highest that pays); "
        f"bottom: the best lone bid, or {PASS} where none pays; grey: fewer than {MIN_HANDS} hands",
        fontsize=9,
    )
    return figure


# --------------------------------------------------------------------------- classic


def _decisions(
    table: pd.DataFrame, feature: str, bid: str, alone: str
) -> tuple[list, list, np.ndarray, list]:
    """Per (position, trump count) with enough hands: the best of the bid, alone, and pass (0)."""
    enough = table[table["hands"] >= MIN_HANDS]
    positions = sorted(table["position"].unique())
    counts = list(range(int(table[feature].min()), int(table[feature].max()) + 1))
    values = np.full((len(positions), len(counts)), np.nan)
    labels = [["" for _ in counts] for _ in positions]
    for row in enough.itertuples():
        options = {bid: row.mean_net, alone: row.mean_net_alone, PASS: 0.0}
        choice = max(options, key=options.get)
        i, j = positions.index(row.position), counts.index(getattr(row, feature))
        values[i, j] = options[choice]
        labels[i][j] = choice if choice == PASS else f"{choice}\n{options[choice]:+.2f}"
    return positions, counts, values, labels


def classic_strategy_chart(tables: dict[str, pd.DataFrame], params: StudyParams, rows: int) -> Figure:
    """The classic page: round 1 (order up / alone / pass) and round 2 (call / alone / pass)."""
    players = as_variant(params.variant).players
    rounds = (
        (
            tables["order_by_position_trumps"],
            "trumps",
            "order up",
            "Round 1: order up, alone, or pass",
            "trumps held in the upcard's suit (the dealer counts the upcard)",
        ),
        (
            tables["call_by_position_trumps"],
            "call_trumps",
            "call",
            "Round 2 (upcard turned down): call, alone, or pass",
            "trumps held in the best suit to call",
        ),
    )
    figure = Figure(figsize=PAGE, layout="constrained")
    axes = figure.subplots(1, 2)
    decided = [_decisions(table, feature, bid, "alone") for table, feature, bid, _, _ in rounds]
    norm = _norm(np.concatenate([values.ravel() for _, _, values, _ in decided]))
    image = None
    for axis, (positions, counts, values, labels), (_, _, _, title, x_label) in zip(axes, decided, rounds):
        image = _grid(axis, values, labels, counts, [position_name(p, players) for p in positions], norm, 8)
        axis.set_title(title, fontsize=10)
        axis.set_xlabel(x_label, fontsize=8)
    axes[0].set_ylabel("seat (the dealer deals; the seat at the dealer's left leads)", fontsize=8)
    figure.colorbar(image, ax=list(axes), label="mean net points of the decision", shrink=0.8)
    figure.suptitle(
        f"Study bid chart, passing counted as 0 (strategy-chart values it against the table): "
        f"{study_title(params, rows)}\n"
        f"each cell: the best of bidding with the partner, alone, or {PASS} (0 net points), with its mean "
        f"net points for the seat's team; grey: fewer than {MIN_HANDS} hands",
        fontsize=9,
    )
    return figure


def strategy_chart(tables: dict[str, pd.DataFrame], params: StudyParams, rows: int) -> Figure:
    """The study's one-page strategy chart for its variant."""
    if as_variant(params.variant).classic:
        return classic_strategy_chart(tables, params, rows)
    return bid_strategy_chart(tables, params, rows)
