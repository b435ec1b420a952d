"""Charts and reports go where they are asked, or the command says in one line why not."""

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

QUICK_ANALYSE = [
    "analyse",
    "--variant",
    "euchre",
    "--hand",
    "JH JD AH KS 9C",
    "--upcard",
    "9H",
    "--deals",
    "50",
]


@pytest.mark.parametrize(
    "arguments",
    [
        [*QUICK_ANALYSE, "--plot", "chart.xyz"],
        [*QUICK_ANALYSE, "--plot", "/no/such/folder/chart.png"],
        ["demo", "--out", "/proc/no-demo", "--deals", "10"],
        [
            "tune",
            "--variant",
            "euchre",
            "--param",
            "order_up_threshold",
            "--values",
            "0.5",
            "--games",
            "5",
            "--out",
            "tune.doc",
        ],
        ["match-equity", "--variant", "euchre", "--hands", "100", "--plot", "equity"],
    ],
    ids=["analyse-extension", "analyse-folder", "demo-folder", "tune-extension", "match-equity-extension"],
)
def test_an_unwritable_or_unknown_chart_path_is_one_line_before_any_work(arguments, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    assert "chart" in lines[0] or "cannot be made" in lines[0]
    assert "Traceback" not in result.output


def test_match_equity_prints_writes_csv_and_charts(tmp_path):
    result = CliRunner().invoke(
        main, ["match-equity", "--variant", "euchre", "--hands", "3000", "--plot", str(tmp_path / "eq.png")]
    )
    assert result.exit_code == 0, result.output
    assert "P(team A wins), team A to deal" in result.output
    assert (tmp_path / "eq.png").stat().st_size > 10_000
    as_csv = CliRunner().invoke(main, ["match-equity", "--variant", "euchre", "--hands", "3000", "--csv"])
    lines = as_csv.output.splitlines()
    assert lines[0].startswith("# match equity of euchre(")
    assert lines[1] == "team_to_deal,score_a,score_b,p_win_a"
    assert len(lines) == 2 + 2 * 10 * 10
