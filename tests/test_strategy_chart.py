"""Strategy charts: the cells come from the strategy and the analyser, the page is written.

The cells' decisions are the strategy's own (changing a threshold changes them), the
chart code holds no threshold of any strategy, and ``strategy-chart`` writes a PNG and
a PDF page or exits 2 with one line.
"""

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.bidding.strategy import BUILT_INS, PARAMS
from euchre_mc.simulate.bidding.table_model import table_model
from euchre_mc.simulate.study.strategy_cells import MIN_HANDS, check_scores, strategy_map

ROOT = Path(__file__).resolve().parents[1]
CHART_MODULES = [ROOT / "simulate" / "study" / "strategy_cells.py", ROOT / "reports" / "strategy_pages.py"]


def _round_one_cells(strategy, deals=MIN_HANDS):
    """The round-1 cells of the first seat at 0-0 (the cheapest panel of a euchre chart)."""
    chart = strategy_map(
        "euchre", table_model(strategy), deals=deals, play="heuristic", scores=[(0, 0)], positions=[1]
    )
    panel = next(p for p in chart.panels if p.position == 1 and p.round_ == 1)
    return {(cell.x, cell.y): cell for cell in panel.cells if cell.hands >= MIN_HANDS}


@pytest.fixture(scope="module")
def bold_and_shy():
    """The same strategy but for the order-up threshold: at 0 every hand orders up, at 1 none.
    (Both keep the name balanced, so P(win) comes from the shipped match-equity table
    instead of one built for each.)"""
    base = replace(BUILT_INS["balanced"], alone_threshold=1.0)
    bold = replace(base, order_up_threshold=0.0)
    shy = replace(base, order_up_threshold=1.0, call_threshold=1.0)
    return _round_one_cells(bold), _round_one_cells(shy)


def test_changing_a_threshold_changes_the_cells(bold_and_shy):
    bold, shy = bold_and_shy
    assert bold and set(bold) == set(shy)
    assert {cell.decision for cell in bold.values()} == {"order up"}
    assert all(cell.share == 1.0 and cell.against == "pass" for cell in bold.values())
    # the shy strategy passes wherever its estimate is below certain: all but the strongest hands
    passing = [cell for cell in shy.values() if cell.decision == "pass"]
    assert len(passing) >= len(shy) - 2
    # a pass is weighed against the best candidate bid, valued against the table
    assert all(cell.against in ("order up", "alone") and cell.margin is not None for cell in passing)


def test_margins_are_valued_against_the_table(bold_and_shy):
    """A bid's margin is its P(win) minus passing's, passing valued after the table bids.
    Ordering up the weakest class loses to passing.  With five trumps and both bowers,
    passing to a table that orders up everything lets the next seat order up into the
    hand and be euchred: worth about what ordering up is (counted as 0, it would be far
    below it)."""
    bold, _ = bold_and_shy
    weakest = bold[min(bold)]  # one trump, no bower, no side ace
    strongest = bold[max(bold)]  # five trumps, both bowers
    assert weakest.margin + weakest.margin_ci < 0
    assert abs(strongest.margin) < 0.02


def _names_and_floats(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    names |= {
        alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) for alias in node.names
    }
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    floats = {
        node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and type(node.value) is float
    }
    return names, modules, floats


@pytest.mark.parametrize("path", CHART_MODULES, ids=lambda p: p.name)
def test_chart_code_holds_no_threshold(path):
    """The chart code reads no strategy parameter and writes no probability: the
    decisions come from the table model, the margins from the analyser."""
    names, modules, floats = _names_and_floats(path)
    assert not names & set(PARAMS), "the chart code reads a strategy parameter"
    assert not any("threshold" in name.lower() for name in names)
    assert not any(module and module.endswith("strategy") for module in modules)
    if path.name == "strategy_cells.py":  # the page's code has font sizes; the cells', no number but 0
        assert floats <= {0.0}


def test_scores_are_checked():
    assert check_scores("euchre", [(0, 0), (9, 9), (0, 0)]) == ((0, 0), (9, 9))
    with pytest.raises(ValueError, match="score 10-0: each team's points must lie from -100 to 9"):
        check_scores("euchre", [(10, 0)])


def test_command_writes_png_and_pdf(tmp_path):
    """A tiny run (one hand a cell, one score) writes both files; --json lists every cell."""
    out = tmp_path / "charts"
    arguments = ["strategy-chart", "euchre", "--deals", "1", "--score", "9-9", "--out", str(out)]
    result = CliRunner().invoke(main, [*arguments, "--json"])
    assert result.exit_code == 0, result.output
    png, pdf = out / "strategy-euchre.png", out / "strategy-euchre.pdf"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    data = json.loads(result.output[result.output.index("{") :])
    assert data["table"] == "balanced" and data["play"] == "dd" and data["deals"] == 1
    assert data["files"] == [str(png), str(pdf)]
    assert {(p["position"], p["round_"], tuple(p["score"])) for p in data["panels"]} == {
        (position, round_, (9, 9)) for position in (1, 2, 3, 4) for round_ in (1, 2)
    }
    assert all(cell["hands"] <= 1 for p in data["panels"] for cell in p["cells"])


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["bogus"], "unknown variant"),
        (["euchre", "--table", "none"], "--table none: a strategy chart charts a strategy"),
        (["euchre", "--table", "bold"], "unknown strategy 'bold'"),
        (["euchre", "--deals", "0"], "--deals"),
        (["euchre", "--score", "6:8"], "--score '6:8': give your team's points"),
        (["euchre", "--score", "12-0"], "score 12-0: each team's points must lie from -100 to 9"),
    ],
)
def test_command_errors(arguments, message, tmp_path):
    result = CliRunner().invoke(main, ["strategy-chart", *arguments, "--out", str(tmp_path)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.output
