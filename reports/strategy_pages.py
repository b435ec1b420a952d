"""Strategy charts to pin up: one landscape A4 page per variant, from a strategy's cells.

The page draws a :class:`~..simulate.study.strategy_cells.StrategyMap` and nothing
else: every decision, share, margin and hand count comes from the strategy and the
analyser there (this module holds no threshold of any strategy).  Each cell names the
decision the strategy makes with that class of hand at that seat (and its share of the
hands), and is coloured by its margin in P(win): the decision's chance of winning the
game minus the alternative's (passing for a bid, the best candidate bid for a pass),
passing valued against the table.  Green: the strategy's choice pays; red: the analyser
prefers the alternative.  Classic pages add a third line per cell: the decision at the
other scores and whether it still beats its alternative there.

:func:`write_strategy_page` saves the page as PNG and as PDF (vector, for print).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from matplotlib.colors import TwoSlopeNorm
from matplotlib.figure import Figure

from ..simulate.rules.variants import as_variant
from ..simulate.study.strategy_cells import MIN_HANDS, Panel, StrategyMap

PAGE = (11.69, 8.27)  # A4, landscape
COLOURS = "RdYlGn"
EMPTY = "#e6e6e6"
SHORT = {"pass": "P", "order up": "O", "call": "C", "alone": "A"}
FORMATS = ("png", "pdf")
DPI = 150


def _percent(value: float) -> str:
    return f"{100 * value:+.1f}".replace("-", "\u2212")


def _verdict(cell) -> str:
    """How a cell's margin reads at a glance: + beats the alternative, - loses to it
    (each beyond its 95% interval), . within it, ? no figure."""
    if cell is None or cell.margin is None:
        return "?"
    if cell.margin - cell.margin_ci > 0:
        return "+"
    if cell.margin + cell.margin_ci < 0:
        return "-"
    return "."


def _score_text(score) -> str:
    return f"{score[0]}-{score[1]}"


def _cells_by_place(panel: Panel) -> dict:
    return {(cell.x, cell.y): cell for cell in panel.cells}


def _short(decision: str) -> str:
    return SHORT.get(decision, decision)


def _draw_panel(axis, panel: Panel, rows: list[int], norm, others: list[Panel], fontsize: float):
    """One seat's grid (``rows``: the hand classes drawn): colour by margin; text: the
    decision and its share, the margin (and the alternative of a pass), other scores."""
    values = np.full((len(rows), len(panel.columns)), np.nan)
    axis.set_facecolor(EMPTY)
    at_other_scores = [_cells_by_place(other) for other in others]
    for cell in panel.cells:
        if cell.hands < MIN_HANDS or not cell.decision or cell.y not in rows:
            continue
        y = rows.index(cell.y)
        if cell.margin is not None:
            values[y, cell.x] = 100 * cell.margin
        share = "" if cell.share == 1 else f" {100 * cell.share:.0f}%"
        lines = [f"{cell.decision}{share}"]
        if cell.margin is None:
            lines.append("must bid" if cell.against.startswith("no pass") else "-")
        elif cell.against == "pass":
            lines.append(_percent(cell.margin))
        else:
            lines.append(f"{_percent(cell.margin)} v {_short(cell.against)}")
        if at_other_scores:
            marks = []
            for cells in at_other_scores:
                other = cells.get((cell.x, cell.y))
                enough = other is not None and other.hands >= MIN_HANDS and other.decision
                marks.append(_short(other.decision) + _verdict(other) if enough else "?")
            lines.append(" ".join(marks))
        axis.text(cell.x, y, "\n".join(lines), ha="center", va="center", fontsize=fontsize)
    image = axis.imshow(np.ma.masked_invalid(values), origin="upper", aspect="auto", cmap=COLOURS, norm=norm)
    axis.set_xticks(range(len(panel.columns)), panel.columns)
    axis.set_yticks(range(len(rows)), [panel.rows[y] for y in rows])
    axis.tick_params(labelsize=6.5, length=2)
    axis.set_title(panel.title, fontsize=8.5)
    axis.set_xlabel(panel.x_label, fontsize=6.5)
    return image


def _norm(panels) -> TwoSlopeNorm:
    """A scale in percentage points centred on 0 and as wide both ways: full colour at
    the 90th percentile of the margins' sizes (at least 5 points), so that small margins
    still show their side and the few largest do not wash the rest out."""
    margins = [
        100 * abs(c.margin) for p in panels for c in p.cells if c.margin is not None and c.hands >= MIN_HANDS
    ]
    reach = max(float(np.percentile(margins, 90)) if margins else 0.0, 5.0)
    return TwoSlopeNorm(0.0, -reach, reach)


def strategy_page(chart: StrategyMap, command: str = "") -> Figure:
    """The variant's one-page strategy chart."""
    variant = as_variant(chart.variant)
    first = chart.panels[0].score if chart.panels else (0, 0)
    main = [p for p in chart.panels if p.score == first]
    rounds = sorted({p.round_ for p in main})
    other_scores = list(dict.fromkeys(p.score for p in chart.panels if p.score != first))
    columns = variant.players if variant.classic else 3
    rows = len(rounds) if variant.classic else 2
    figure = Figure(figsize=PAGE, layout="constrained")
    axes = np.atleast_2d(figure.subplots(rows, columns, sharey=True))
    norm = _norm(main)
    drawn = sorted({c.y for p in main for c in p.cells if c.hands >= MIN_HANDS and c.decision})
    drawn = drawn or sorted({c.y for p in main for c in p.cells})
    image = None
    fontsize = 5.2 if variant.classic else 5.6
    for k, panel in enumerate(main):
        axis = axes.flat[k] if not variant.classic else axes[rounds.index(panel.round_), panel.position - 1]
        others = [
            q
            for score in other_scores
            for q in chart.panels
            if q.score == score and q.position == panel.position and q.round_ == panel.round_
        ]
        image = _draw_panel(axis, panel, drawn, norm, others, fontsize)
    if image is not None:
        figure.colorbar(
            image,
            ax=list(axes.flat),
            label=f"margin in P(win) at {_score_text(first)}, percentage points",
            extend="both",
            shrink=0.6,
            pad=0.01,
        )
    figure.suptitle(_header(chart, variant, first, other_scores), fontsize=7.5)
    figure.supxlabel(_footer(chart, command), fontsize=5.5)
    return figure


def _header(chart: StrategyMap, variant, first, other_scores) -> str:
    situation = (
        "each seat's turn after every earlier seat passed"
        if variant.classic
        else "each seat's turn after the earlier seats bid as the table does"
    )
    lines = [
        f"Strategy chart: {variant.name} against the '{chart.table}' table (every seat bids by it), "
        f"score {_score_text(first)}; {situation}",
        "Each cell: the strategy's decision with that class of hand (with its share of the hands when "
        "not all), then its margin in P(win), percentage points,",
        "over the alternative: passing for a bid, the best bid for a pass (v O: order up, v C: call, "
        "v A: alone, v 5: bid 5); passing valued after the other seats bid by the table, never counted as 0.",
        f"Green: the strategy's choice pays; red: the analyser prefers the alternative; grey: fewer than "
        f"{MIN_HANDS} hands reach the turn.",
    ]
    if other_scores:
        scores = ", ".join(_score_text(s) for s in other_scores)
        lines.append(
            f"Third line: the decision at {scores} (P pass, O order up, C call, A alone), + if it beats its "
            "alternative there, \u2212 if it loses (beyond the 95% interval), . within it."
        )
    return "\n".join(lines)


def _footer(chart: StrategyMap, command: str) -> str:
    return (
        f"{chart.variant}\n{chart.deals} hands per cell at most, each valued on one deal of the unseen "
        f"cards under the '{chart.play}' play model; seed {chart.seed}; "
        f"{chart.seconds:.0f} s to compute.\nP(win) from the match-equity tables: {chart.equity}"
        + (f"\nRegenerate: {command}" if command else "")
    )


def write_strategy_page(chart: StrategyMap, out_dir, command: str = "") -> list[Path]:
    """Save the page as ``strategy-<variant>.png`` and ``.pdf`` in ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    figure = strategy_page(chart, command)
    name = as_variant(chart.variant).name
    paths = []
    for fmt in FORMATS:
        path = out / f"strategy-{name}.{fmt}"
        figure.savefig(path, dpi=DPI, metadata=_metadata(fmt))
        figure.set_layout_engine("none")  # laid out once: the other format keeps the places
        paths.append(path)
    return paths


def _metadata(fmt: str) -> dict:
    """Fixed metadata, so the same chart writes the same file."""
    if fmt == "pdf":
        return {"CreationDate": None, "Creator": "euchre-mc"}
    return {"Software": "euchre-mc"}


__all__ = ["FORMATS", "strategy_page", "write_strategy_page"]
