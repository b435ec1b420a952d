"""The analyse, should-i-bid and demo commands: output formats, the chart, and bad input
(one line, exit status 2, no traceback)."""

import json

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

HAND = "9S 9S TS TS 9D 9D TD TD"
QUICK = ["--variant", "pigs-and-hogs", "--hand", HAND, "--deals", "30"]


def invoke(*args):
    return CliRunner().invoke(main, list(args))


def test_analyse_json_has_settings_advice_and_rows_with_every_field():
    result = invoke("analyse", *QUICK, "--contracts", "Hog Low No Trump, 6 Low", "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["settings"]["variant"] == "pigs-and-hogs(target=50)"
    assert report["settings"]["seed"] == 20240601 and report["settings"]["deals"] == 30
    assert report["advice"]["bid"] == "Hog Low No Trump"
    assert [row["contract"] for row in report["rows"]] == ["Hog Low No Trump", "6 Low No Trump"]
    for row in report["rows"]:
        assert {
            "contract",
            "p_make",
            "ci_low",
            "ci_high",
            "deals",
            "mean_tricks",
            "tricks",
            "ev",
            "ev_net",
        } <= set(row)
        assert len(row["tricks"]) == 9


def test_analyse_leads_with_the_advice_and_prints_every_contract_with_all():
    result = invoke("analyse", *QUICK, "--play", "random")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("> Hog Low No Trump") for line in lines)
    assert "seed 20240601" in result.stdout and "Advice: Hog Low No Trump" in result.stdout
    assert "1 Clubs" not in result.stdout and "--all" in result.stdout  # a summary: the best options
    every = invoke("analyse", *QUICK, "--play", "random", "--all")
    assert every.exit_code == 0, every.output
    lines = every.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert any(line.startswith("  1 Clubs ") for line in lines)
    assert any(line.startswith("  1-8 Clubs ") for line in lines)  # the levels' one distribution
    searched = lines[lines.index(next(line for line in lines if line.startswith("Discard search"))) + 1 :]
    assert sum(1 for line in searched if line.startswith("  Pig ")) == 6


def test_analyse_csv_has_one_line_per_contract_and_the_distribution_in_columns():
    result = invoke(
        "analyse", *QUICK, "--contracts", "Hog Clubs, 3 Clubs, Pig Clubs", "--csv", "--play", "random"
    )
    assert result.exit_code == 0, result.output
    header, *rows = result.stdout.strip().splitlines()
    assert len(rows) == 3 + 1  # the contracts, then passing valued after the table's bids
    assert {"contract", "p_make", "ci_low", "tricks_0", "tricks_8", "seed"} <= set(header.split(","))
    assert {"option_ev_net", "option_p_we_play", "option_p_outbid"} <= set(header.split(","))
    assert rows[-1].startswith("pass,")
    plain = invoke(
        "analyse",
        *QUICK,
        "--contracts",
        "Hog Clubs, 3 Clubs, Pig Clubs",
        "--csv",
        "--play",
        "random",
        "--table",
        "none",
    )
    assert len(plain.stdout.strip().splitlines()) == 1 + 3


def test_analyse_plot_writes_a_png(tmp_path):
    chart = tmp_path / "hand.png"
    result = invoke("analyse", *QUICK, "--play", "random", "--plot", str(chart))
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"chart written to {chart}" in result.stdout


def test_classic_analyse_reports_march_and_euchred():
    result = invoke(
        "analyse",
        "--variant",
        "euchre",
        "--hand",
        "JH JD AH KH KS",
        "--upcard",
        "9C",
        "--deals",
        "50",
        "--json",
    )
    assert result.exit_code == 0, result.output
    rows = {row["contract"]: row for row in json.loads(result.stdout)["rows"]}
    assert set(rows) >= {"order up", "order up alone", "call Hearts", "call Spades alone"}
    assert rows["order up"]["p_euchred"] == pytest.approx(1 - rows["order up"]["p_make"])
    assert "p_march" in rows["call Hearts alone"]


def test_should_i_bid_json_gives_the_verdict_and_the_alternative():
    # after 8 Clubs only Pigs and Hogs are left to compare
    result = invoke(
        "should-i-bid",
        "Hog Low No Trump",
        *QUICK,
        "--seat",
        "2",
        "--auction",
        "8 Clubs",
        "--inference",
        "none",
        "--json",
    )
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)
    assert verdict["verdict"] == "yes" and verdict["p_make"] == 1.0 and verdict["ev_net"] == 24.0
    assert verdict["margin"] == verdict["ev_net"] - verdict["best_alternative_ev_net"] > 0
    assert verdict["settings"]["auction"] == "8 Clubs"
    assert {"ci_low", "ci_high", "ev_net", "best_alternative", "reason"} <= set(verdict)


def test_should_i_bid_text_says_no_with_a_reason():
    result = invoke("should-i-bid", "Hog Clubs", *QUICK, "--play", "random")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Hog Clubs: no (-") and "against Hog Low No Trump" in lines[0]
    assert any(line.startswith("reason: ") for line in lines)


def test_demo_analyses_the_built_in_hand_and_says_where_the_chart_went(tmp_path):
    result = invoke("demo", "--out", str(tmp_path / "out"), "--deals", "2", "--seed", "7")
    assert result.exit_code == 0, result.output
    chart = tmp_path / "out" / "demo.png"
    assert chart.exists() and f"Chart written to {chart.resolve()}" in result.stdout
    assert "Advice:" in result.stdout


@pytest.mark.parametrize("command", ["analyse", "should-i-bid", "demo"])
def test_help_has_an_example(command):
    result = invoke(command, "--help")
    assert result.exit_code == 0 and "Example:" in result.output


@pytest.mark.parametrize(
    "args,named",
    [
        (["--hand", "JH JH AH"], "has 3 cards"),
        (["--hand", "JH JH JH AH KH QH 9S AC"], "JH 3 times"),
        (["--hand", "JH 1H JD AH KH QH 9S AC"], "unknown card '1H'"),
        (["--contracts", "9 Hearts"], "bid level 9"),
        (["--contracts", "Alone Hearts"], "no Alone"),
        (["--variant", "six-handed", "--contracts", "Hog Hearts"], "no Hog"),
        (
            ["--variant", "euchre", "--hand", "JH JD AH KH KS", "--upcard", "9C", "--contracts", "call Low"],
            "no Low No Trump",
        ),
        (
            ["--variant", "euchre", "--hand", "JH JD AH KH KS", "--upcard", "JH"],
            "upcard JH is also in the hand",
        ),
        (["--auction", "5 Hearts, 3 Clubs", "--seat", "3"], "3 Clubs"),
        (["--seat", "7"], "seat 7"),
        (["--dealer", "0"], "seat 0"),
        (["--deals", "0"], "--deals"),
        (["--variant", "pigs-and-hogs(target=0)"], "target"),
    ],
)
def test_bad_input_is_one_line_with_exit_status_2(args, named):
    base = {"--variant": "pigs-and-hogs", "--hand": "JH JH JD AH KH QH 9S AC", "--deals": "5"}
    for flag, value in zip(args[::2], args[1::2]):
        base[flag] = value
    flat = [item for pair in base.items() for item in pair]
    result = invoke("analyse", *flat)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1 and named in errors[0]


def test_bad_input_to_should_i_bid_exits_2():
    result = invoke("should-i-bid", "Pig Clubs", "--variant", "six-handed", "--hand", HAND)
    assert result.exit_code == 2 and "no Pig" in result.output and "Traceback" not in result.output


def test_should_i_bid_against_compares_only_the_named_alternatives():
    # Hog Low with four 9s and four 10s sweeps; against Pig Low alone the alternative is Pig
    result = invoke("should-i-bid", "Hog Low No Trump", *QUICK, "--against", "Pig Low No Trump", "--json")
    assert result.exit_code == 0, result.output
    verdict = json.loads(result.stdout)
    assert verdict["verdict"] == "yes" and verdict["best_alternative"] == "Pig Low No Trump"


def test_should_i_bid_against_an_illegal_bid_exits_2():
    result = invoke(
        "should-i-bid",
        "Hog Low No Trump",
        *QUICK,
        "--seat",
        "2",
        "--auction",
        "8 Clubs",
        "--against",
        "3 Hearts",
    )
    assert result.exit_code == 2 and "'3 Hearts' is not legal" in result.output
    assert "Traceback" not in result.output


def test_interrupted_analyse_prints_the_finished_deals_and_exits_130(interrupt_after_first_step):
    interrupt_after_first_step(40)
    result = invoke("analyse", *QUICK[:4], "--deals", "200", "--play", "heuristic", "--json")
    assert result.exit_code == 130
    assert json.loads(result.stdout)["settings"]["deals"] == 40
    assert result.stderr == "interrupted: the results above use the 40 deals finished\n"
