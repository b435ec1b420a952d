"""The study and chart commands: a small study end to end, its pages, and bad input."""

import re

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def euchre_study(tmp_path_factory):
    out = tmp_path_factory.mktemp("cli") / "euchre"
    result = run(
        "study",
        "--variant",
        "euchre",
        "--hands",
        "60",
        "--seed",
        "3",
        "--out",
        str(out),
        "--chunk-size",
        "20",
        "--workers",
        "1",
    )
    assert result.exit_code == 0, result.output
    return out, result.output


def test_study_reports_where_its_rows_and_pages_went(euchre_study):
    out, output = euchre_study
    assert f"rows: {out}/rows" in output and f"{out}/index.html" in output
    assert sorted(p.name for p in (out / "rows").iterdir()) == [f"part-00000{k}.parquet" for k in range(3)]


def test_chart_rebuilds_every_summary_chart_and_the_index(euchre_study):
    out, _ = euchre_study
    for stale in list((out / "charts").iterdir()) + list((out / "summary").iterdir()) + [out / "index.html"]:
        stale.unlink()
    result = run("chart", str(out))
    assert result.exit_code == 0, result.output
    charts = sorted(p.name for p in (out / "charts").iterdir())
    tables = sorted(p.name for p in (out / "summary").iterdir())
    assert charts == ["order_up_value.png", "round2_call_value.png", "strategy.png"]
    assert tables == [
        "call_by_position_trumps.csv",
        "classic_thresholds.csv",
        "order_by_position_trumps.csv",
        "summary.md",
    ]
    index = (out / "index.html").read_text()
    assert all(f"charts/{name}" in index for name in charts)
    assert all(f"summary/{name}" in index for name in tables if name.endswith(".csv"))
    assert "euchre(" in index and "dd play" in index and "240 hands" in index and "seed 3" in index


@pytest.mark.parametrize(
    "args,message",
    [
        (["--hands", "0"], "--hands 0"),
        (["--hands", "5", "--chunk-size", "0"], "--chunk-size 0"),
        (["--hands", "5", "--scheduler", "tcp://127.0.0.1:1"], "needs --backend dask"),
        (["--hands", "5", "--workers", "0"], "--workers 0"),
    ],
)
def test_bad_study_options_give_one_line_and_status_2(tmp_path, args, message):
    result = run("study", "--variant", "euchre", "--out", str(tmp_path / "s"), *args)
    assert result.exit_code == 2 and message in result.output and "Traceback" not in result.output


def test_resume_with_other_parameters_is_refused_in_one_line(euchre_study):
    out, _ = euchre_study
    result = run(
        "study",
        "--variant",
        "euchre",
        "--hands",
        "60",
        "--seed",
        "4",
        "--out",
        str(out),
        "--chunk-size",
        "20",
        "--resume",
    )
    assert result.exit_code == 2
    assert "--resume with different parameters: seed 4 (stored 3)" in result.output


def test_a_new_study_in_a_used_directory_is_refused(euchre_study):
    out, _ = euchre_study
    result = run("study", "--variant", "euchre", "--hands", "60", "--out", str(out))
    assert result.exit_code == 2 and "not empty" in result.output


def test_chart_of_a_directory_without_a_study(tmp_path):
    result = run("chart", str(tmp_path))
    assert result.exit_code == 2 and "is not a study directory" in result.output


def test_unknown_variant_in_a_study(tmp_path):
    result = run("study", "--variant", "bridge", "--hands", "5", "--out", str(tmp_path / "s"))
    assert result.exit_code == 2 and "unknown variant 'bridge'" in result.output


@pytest.mark.parametrize("command", ["study", "chart"])
def test_help_has_an_example(command):
    result = run(command, "--help")
    assert result.exit_code == 0 and re.search(r"Example:\n +euchre-mc " + command, result.output)


def test_a_sweep_contract_study_of_a_classic_game_is_one_line(tmp_path):
    result = run(
        "study", "--variant", "euchre", "--contracts", "lone", "--hands", "5", "--out", str(tmp_path / "s")
    )
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        "Error: --contracts lone: euchre has no sweep contracts to study apart "
        "(the sweep-only study is for pigs-and-hogs and six-handed)"
    ]


def test_study_help_says_why_six_seats_default_to_heuristic():
    text = " ".join(run("study", "--help").output.split())
    assert "--contracts [all|lone]" in text
    # (click may break "six-seat" at its hyphen)
    assert "heuristic for six seats with every contract, where exact play of the" in text
    assert "level contracts takes seconds a deal" in text
