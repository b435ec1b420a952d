"""Strategy charts: the cells come from the strategy and the analyser, the page is written.

The cells' decisions are the strategy's own (changing a threshold changes them), the
chart code holds no threshold of any strategy, and ``strategy-chart`` writes a PNG and
a PDF page or exits 2 with one line.
"""

import ast
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
    chart = strategy_map("euchre", table_model(strategy), deals=deals, play="heuristic", scores=[(0, 0)])
    panel = next(p for p in chart.panels if p.position == 1 and p.round_ == 1)
    return {(cell.x, cell.y): cell for cell in panel.cells if cell.hands >= MIN_HANDS}


@pytest.fixture(scope="module")
def bold_and_shy():
    """The same strategy but for the order-up threshold: at 0 every hand orders up, at 1 none."""
    base = replace(BUILT_INS["balanced"], alone_threshold=1.0)
    bold = replace(base, name="bold", order_up_threshold=0.0)
    shy = replace(base, name="shy", order_up_threshold=1.0, call_threshold=1.0)
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
    """A bid's margin is its P(win) minus passing's, passing valued after the table bids:
    ordering up with the weakest class loses to passing, with the strongest it pays."""
    bold, _ = bold_and_shy
    weakest = bold[min(bold)]  # fewest trumps, no bower, no side ace
    strongest = bold[max(bold)]
    assert weakest.margin < 0 < strongest.margin
    assert all(cell.margin_ci > 0 for cell in bold.values())


def _names_and_floats(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    names |= {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    strings = " ".join(
        node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and isinstance(node.value, str)
    )
    floats = {
        node.value for node in ast.walk(tree) if isinstance(node, ast.Constant) and type(node.value) is float
    }
    return names, strings, floats


@pytest.mark.parametrize("path", CHART_MODULES, ids=lambda p: p.name)
def test_chart_code_holds_no_threshold(path):
    names, strings, floats = _names_and_floats(path)
    params = set(PARAMS)
    assert not names & params, "the chart code reads a strategy parameter"
    assert "threshold" not in " ".join(names).lower()
    assert "BUILT_INS" not in names
    # no probability a strategy could use as a threshold is written in the cells' code
    if path.name == "strategy_cells.py":
        assert floats <= {0.0}
    built_in_values = {v for s in BUILT_INS.values() for k, v in s.params().items() if k in params}
    assert not (floats & built_in_values) or path.name == "strategy_pages.py"
    assert "threshold" not in strings.lower() or path.name == "strategy_pages.py"


def test_scores_are_checked():
    assert check_scores("euchre", [(0, 0), (9, 9), (0, 0)]) == ((0, 0), (9, 9))
    with pytest.raises(ValueError, match="score 10-0: each team's points must lie from -100 to 9"):
        check_scores("euchre", [(10, 0)])


def test_command_writes_png_and_pdf(tmp_path):
    out = tmp_path / "charts"
    result = CliRunner().invoke(
        main, ["strategy-chart", "euchre", "--deals", "1", "--score", "0-0", "--score", "9-9", "--out", str(out)]
    )
    assert result.exit_code == 0, result.output
    png, pdf = out / "strategy-euchre.png", out / "strategy-euchre.pdf"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert f"strategy chart: {png}" in result.output


def test_command_json(tmp_path):
    result = CliRunner().invoke(
        main,
        ["strategy-chart", "pigs-and-hogs", "--deals", "1", "--json", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    import json

    data = json.loads(result.output[result.output.index("{") :])
    assert data["table"] == "balanced" and data["play"] == "heuristic"
    assert [p["position"] for p in data["panels"]] == [1, 2, 3, 4, 5, 6]
    assert data["files"] == [str(tmp_path / "strategy-pigs-and-hogs.png"), str(tmp_path / "strategy-pigs-and-hogs.pdf")]


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
