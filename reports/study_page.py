"""The page a study's reader opens: ``index.html``, built from the study's charts and
summary tables (:func:`reports.study_charts.build_study_reports` writes it).

The page is written for a player, not for the code: every heading is in words, every
chart and table has a sentence saying what it shows (the tables' sentences are the ones
``summary.md`` prints, :data:`reports.study_summary.TABLE_NOTES`), counts are whole
numbers, small probabilities keep their digits (:mod:`reports.numbers`), an interval sits
under its estimate rather than in two more columns, a blank cell says why it is blank,
and the layout fits a 1,280-pixel laptop screen and a 390-pixel phone: the page is at
most 1,180 px wide, long words wrap, a chart shrinks to the screen and opens at full
size when tapped, and a table wider than the screen scrolls inside its own box while
its caption stays on the screen.  ``make check-report`` opens pages in headless chromium
at both widths and measures them.
"""

from __future__ import annotations

import html

import pandas as pd

from ..simulate.rules.variants import as_variant
from ..simulate.study.store import StudyParams, rows_per_deal
from .numbers import cell, is_probability_column, whole
from .study_summary import MIN_HANDS, TABLE_NOTES, TABLE_TITLES, for_study, reading, study_title

PAGE_WIDTH = 1180
"""Widest the page's content gets, in CSS pixels: a 1,280 px screen less its margins."""

LONG_TABLE = 100
"""A table of more rows than this is folded (``<details>``): the page stays readable."""

CHARTS = {
    "strategy": (
        "The study's bid chart: each decision against passing counted as 0",
        "One page of the best decision for each holding, coloured by its mean net points with "
        "passing counted as 0: the study does not play what the other seats bid after a pass, so "
        "a bid shows green wherever it beats nothing, not wherever it beats passing. The strategy "
        "chart, with passing valued against the table, is drawn by euchre-mc strategy-chart "
        f"VARIANT (docs/strategy-charts.md). Grey cells held fewer than {MIN_HANDS} hands.",
    ),
    "lone_p_make_by_run": (
        "How often each lone contract makes, by top-trump run",
        "Each cell is the share of hands that made the lone contract, by trumps held (across) "
        "and the top-trump run (the top trumps held in order, both copies counted; up), the "
        f"four trump suits pooled; a blank cell held fewer than {MIN_HANDS} hands.",
    ),
    "lone_p_make": (
        "How often each lone contract makes",
        "Each cell is the share of hands that made the lone contract (Pig, Hog or Alone), by "
        "trumps held (across) and bowers held (up), the four trump suits pooled; a blank cell "
        f"held fewer than {MIN_HANDS} hands.",
    ),
    "net_by_level": (
        "What each bid is worth by hand strength",
        "Mean net points (the bidding team's points minus the defenders') of every bid level "
        "and lone contract, one line per hand-strength bucket, trump suits pooled; the bands "
        "are 95% intervals and above the grey line the bid pays.",
    ),
    "order_up_value": (
        "Ordering up: what it is worth by position and trumps",
        "Mean net points for the seat's team when the seat orders up the upcard, with its "
        "partner (left) and alone (right), by trumps held and seat (leads, dealer's partner, "
        "right of dealer, dealer); the bands are 95% intervals and above the pass line "
        "(0 net points) ordering up pays.",
    ),
    "round2_call_value": (
        "Round 2: what the best call is worth",
        "Mean net points of the seat's best round-2 call (the suit it holds most of), with its "
        "partner and alone, by trumps in the called suit and seat; the bands are 95% "
        "intervals and above the pass line (0 net points) the call pays.",
    ),
}
"""Each chart's title and sentence, by file stem."""

COLUMNS = {
    "contract": "bid",
    "denomination": "played in",
    "strength": "hand points",
    "points": "hand points",
    "hands": "hands",
    "made": "made",
    "marches": "marches (all tricks)",
    "p_make": "P(make)",
    "p_march": "P(march)",
    "mean_net": "mean net points",
    "position": "position",
    "trumps": "trumps held",
    "bowers": "bowers held",
    "call_trumps": "trumps in the called suit",
    "feature": "measured by",
    "answer": "in words",
    "given": "among hands with",
    "profitable_from": "pays from",
    "confident_from": "pays for sure from",
    "order_profitable_from": "ordering up pays from (trumps)",
    "order_confident_from": "ordering up pays for sure from",
    "alone_beats_order_from": "alone beats the partner from",
    "call_profitable_from": "round-2 call pays from",
    "alone_gain": "alone minus with partner",
}
"""Column headings in words; ``_alone`` columns add "alone"."""

INTERVALS = {"p_make": ("ci_low", "ci_high"), "mean_net": ("net_ci_low", "net_ci_high")}
"""Estimates whose 95% interval is shown under them, from these columns."""

BLANKS = {
    "thresholds": "no value pays: the bid's mean net points (or their lower bound) are not above 0 "
    f"in every bucket of {MIN_HANDS}+ hands from any value up",
    "classic_thresholds": f"no trump count pays: the value is not above 0 in every bucket of {MIN_HANDS}+ "
    "hands from any count up",
}
"""What a dash (a missing value) means in a table, by table name."""

POSITIONS = {1: "1 (leads)", 2: "2 (dealer's partner)", 3: "3", 4: "4 (dealer)"}

STYLE = f"""
body {{font-family: sans-serif; margin: 1.5em auto; padding: 0 1em; max-width: {PAGE_WIDTH}px;
  line-height: 1.4; color: #222}}
h1 {{font-size: 1.5em; overflow-wrap: anywhere}}
h2 {{font-size: 1.2em; margin-top: 2em}}
code {{overflow-wrap: anywhere}}
p, caption {{max-width: 60em}}
img {{max-width: 100%; height: auto}}
.scroll {{max-width: 100%; overflow-x: auto}}
table {{border-collapse: collapse; font-size: 13px; margin: 0.5em 0}}
caption {{caption-side: top; text-align: left; padding-bottom: 0.4em;
  position: sticky; left: 0; max-width: calc(100vw - 2.5em)}}
td, th {{border: 1px solid #ccc; padding: 2px 6px; text-align: right; vertical-align: top}}
th {{background: #f3f3f3; font-weight: normal}}
td.text {{text-align: left}}
td.none {{color: #999; text-align: center}}
.ci {{display: block; color: #666; font-size: 11px; white-space: nowrap}}
"""


def index_page(params: StudyParams, rows: int, images, tables) -> str:
    """The study's ``index.html``: its charts (``images``, paths relative to the study) and
    its summary tables."""
    variant = as_variant(params.variant)
    deals = rows // rows_per_deal(params)
    settings = study_title(params, rows)
    parts = [
        "<!doctype html>",
        "<html lang='en'><head><meta charset='utf-8'>",
        "<meta name='viewport' content='width=device-width, initial-scale=1'>",
        f"<title>{html.escape(settings)}</title>",
        f"<style>{STYLE}</style>",
        "</head><body>",
        f"<h1>{html.escape(variant.name.capitalize())} study"
        f"{f' of strong hands ({params.trumps}+ trumps)' if params.conditioned else ''}: {whole(rows)} hands "
        f"({whole(deals)} deals), {html.escape(params.play)} play, seed {params.seed}</h1>",
        f"<p>{html.escape(variant.spec.summary)}</p>",
        f"<p>Variant and options: <code>{html.escape(str(variant).replace(',', ', '))}</code>; "
        f"chunks of {whole(params.chunk_size)} deals.</p>",
        f"<p>{html.escape(reading(params))}</p>",
        "<p>Files: the rows are in <code>rows/</code> (columns in <a href='schema.md'>schema.md</a>), "
        "every table below as CSV in <code>summary/</code> and all of them in "
        "<a href='summary/summary.md'>summary.md</a>.</p>",
    ]
    for image in images:
        title, sentence = CHARTS.get(image.stem, (_words(image.stem), ""))
        parts += [
            f"<h2>{html.escape(title)}</h2>",
            f"<p>{html.escape(for_study(sentence, params))}</p>",
            f"<a href='{html.escape(str(image))}'><img src='{html.escape(str(image))}' "
            f"alt='{html.escape(title)}'></a>",
        ]
    for name, table in tables.items():
        parts += [
            f"<h2>{html.escape(TABLE_TITLES.get(name, _words(name)))}</h2>",
            _table(name, table, params),
        ]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


def _words(name: str) -> str:
    """A name without its underscores, for a chart or table the page has no title for."""
    return name.replace("_", " ").capitalize()


def _heading(column: str) -> str:
    if column.endswith("_alone"):
        return f"{_heading(column[: -len('_alone')])} alone"
    return COLUMNS.get(column, column.replace("_", " "))


def _shown_columns(table: pd.DataFrame) -> list[str]:
    """The columns shown: every column but the interval bounds, which go under their estimate."""
    bounds = set()
    for estimate, (low, high) in INTERVALS.items():
        for suffix in ("", "_alone"):
            if estimate + suffix in table.columns:
                bounds |= {low + suffix, high + suffix}
    return [column for column in table.columns if column not in bounds]


def _cell(name: str, column: str, row: dict) -> str:
    value = row[column]
    if column == "position" and value in POSITIONS:
        return f"<td class='text'>{POSITIONS[value]}</td>"
    if name == "thresholds" and column == "given" and value == "":
        return "<td class='text'>any</td>"
    if column == "given" and isinstance(value, str) and value.startswith("bowers="):
        return f"<td class='text'>{html.escape(value.removeprefix('bowers='))} bowers</td>"
    text = cell(column, value)
    if text == "":
        return "<td class='none'>&mdash;</td>"
    base, suffix = (column[: -len("_alone")], "_alone") if column.endswith("_alone") else (column, "")
    interval = ""
    if base in INTERVALS:
        low, high = (row.get(bound + suffix) for bound in INTERVALS[base])
        if low is not None and high is not None:
            interval = f"<span class='ci'>{cell(column, low)} to {cell(column, high)}</span>"
    kind = ""
    if isinstance(value, str):
        kind = " class='text'"
    elif is_probability_column(column):
        kind = " class='p'"  # the page's tests find the probabilities by it
    return f"<td{kind}>{html.escape(text)}{interval}</td>"


def _table(name: str, table: pd.DataFrame, params: StudyParams) -> str:
    """One summary table: its sentence as the caption, its CSV, and the rows."""
    columns = _shown_columns(table)
    sentence = for_study(TABLE_NOTES.get(name, ""), params)
    if table.isna().to_numpy().any():
        sentence += f" A dash (\u2014) marks a blank cell: {BLANKS.get(name, 'no value')}."
    if any(base + suffix in table.columns for base in INTERVALS for suffix in ("", "_alone")):
        sentence += " Under each estimate: its 95% interval."
    records = table.to_dict("records")
    body = ["<tr>" + "".join(_cell(name, column, row) for column in columns) + "</tr>" for row in records]
    rows = [
        f"<table><caption>{html.escape(sentence.strip())} "
        f"(<a href='summary/{html.escape(name)}.csv'>{html.escape(name)}.csv</a>)</caption>",
        "<thead><tr>" + "".join(f"<th>{html.escape(_heading(c))}</th>" for c in columns) + "</tr></thead>",
        "<tbody>",
        *body,
        "</tbody></table>",
    ]
    inner = "<div class='scroll'>" + "\n".join(rows) + "</div>"
    if len(records) > LONG_TABLE:
        return f"<details><summary>Show the table ({whole(len(records))} rows)</summary>\n{inner}\n</details>"
    return inner
