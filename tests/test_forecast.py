"""A run estimated over a minute says so on stderr before it starts, with the estimate
and the options that shorten it (reports/forecast.py); a short run says nothing."""

import re

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.reports import forecast

PIG_HAND = ["--variant", "pigs-and-hogs", "--hand", "JH JH JD AH KH QH 9S AC"]


def test_the_warning_names_the_estimate_and_the_levers_only_over_a_minute():
    assert forecast.long_run_warning(59, "2000 deals under dd", ("fewer --deals",)) is None
    warning = forecast.long_run_warning(22.5 * 60, "2000 deals under pimc", ("fewer --deals",))
    assert warning == "this run may take about 22 min (2000 deals under pimc); shorter: fewer --deals"
    assert forecast.duration(75) == "about 75 s" and forecast.duration(3 * 3600) == "about 3.0 h"


def test_an_analysis_costs_its_deals_times_its_layouts(monkeypatch):
    from euchre_mc.simulate.analysis.question import make_question

    costs = dict.fromkeys(forecast.LAYOUT_SECONDS, 1.0)
    monkeypatch.setattr(forecast, "LAYOUT_SECONDS", costs)
    monkeypatch.setattr(forecast, "DEAL_SECONDS", 0.0)
    question = make_question("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", table="none", play="pimc")
    # every contract: six denominations, each with its levels, Pig and Hog laid out apart
    assert forecast.analysis_seconds(question, 10) == 10 * 18
    assert forecast.analysis_seconds(question, 20) == 2 * forecast.analysis_seconds(question, 10)
    # PIMC's cost follows its worlds a decision
    more = make_question("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", table="none", play="pimc", worlds=40)
    assert forecast.analysis_seconds(more, 10) == 2 * forecast.analysis_seconds(question, 10)
    # with a table model the options valued after the table's bids add a play a deal
    tabled = make_question("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", play="pimc")
    assert forecast.analysis_seconds(tabled, 10) == 10 * 19


def test_should_i_bid_costs_its_bid_as_its_layout_plays(monkeypatch):
    from euchre_mc.simulate.analysis.question import make_question
    from euchre_mc.simulate.rules.contracts import parse_contract

    monkeypatch.setattr(forecast, "LAYOUT_SECONDS", {("dd", 6, "exact"): 1.0, ("dd", 6, "sweep"): 0.0})
    question = make_question("pigs-and-hogs", "JH JH JD AH KH QH 9S AC", table="none", play="dd")

    def bid_alone(text):  # the bid's own deals, without the alternatives beside it
        return forecast.verdict_seconds(question, parse_contract(text, question.variant), 100, 10, 1)

    # a Pig is a sweep question under dd (made only by taking every trick); 6 Hearts an exact count
    assert bid_alone("6 Hearts") - bid_alone("Pig Hearts") == pytest.approx(100)


def test_match_equity_costs_its_hands_by_seating():
    assert forecast.equity_seconds(6, "dd", 1000) > forecast.equity_seconds(4, "dd", 1000)
    assert forecast.equity_seconds(4, "heuristic", 2000) == pytest.approx(
        2 * forecast.equity_seconds(4, "heuristic", 1000)
    )


def test_games_share_their_hands_among_the_cores(monkeypatch):
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    one = forecast.games_seconds(6, "dd", 1000)
    assert forecast.games_seconds(6, "dd", 1000, workers=8) == pytest.approx(one / 2)
    assert forecast.games_seconds(6, "pimc", 1000) > one > forecast.games_seconds(6, "heuristic", 1000)


@pytest.mark.parametrize(
    "arguments,levers",
    [
        (
            ["analyse", *PIG_HAND, "--deals", "10", "--play", "random"],
            "fewer --deals, --contracts, or --play heuristic",
        ),
        (
            ["should-i-bid", "Pig Hearts", *PIG_HAND, "--deals", "10", "--play", "random"],
            "fewer --deals, --option-deals, --alternative-deals, or --play heuristic",
        ),
        (["games", "--games", "4"], "fewer --games, or more --workers"),
        (["match-equity", "--variant", "euchre", "--hands", "200"], "fewer --hands"),
        (["demo", "--deals", "4"], "fewer --deals"),
    ],
    ids=lambda value: value[0] if isinstance(value, list) else "",
)
def test_a_long_run_warns_before_it_starts_and_a_short_one_does_not(arguments, levers, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # the demo writes its chart here
    quiet = CliRunner().invoke(main, arguments)
    assert quiet.exit_code == 0, quiet.output
    assert "this run may take" not in quiet.output
    # the same run, as if every deal and hand took a second: it warns first, then runs
    for costs in ("LAYOUT_SECONDS", "HAND_SECONDS", "EQUITY_HAND_SECONDS"):
        monkeypatch.setattr(forecast, costs, dict.fromkeys(getattr(forecast, costs), 1.0))
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("this run may take about ")
    # the warning: its first line and the indented lines that continue it
    warning = " ".join(re.match(r"this run may take.*?(?=\n\S|\n?$)", result.stderr, re.S).group(0).split())
    assert warning.endswith(f"shorter: {levers}")
    assert result.stdout == quiet.stdout


def test_a_study_warns_with_its_rows(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(forecast, "ROW_SECONDS", dict.fromkeys(forecast.ROW_SECONDS, 1.0))
    arguments = ["study", "-v", "euchre", "--hands", "20", "--out", "s", "--no-charts", "--workers", "1"]
    result = CliRunner().invoke(main, arguments)
    assert result.exit_code == 0, result.output
    assert result.stderr.startswith("this run may take about 80 s (80 rows under dd)")


def test_the_warning_does_not_offer_the_play_model_the_run_already_uses():
    warning = forecast.long_run_warning(
        600, "400,000 hands under heuristic", ("fewer --hands", "--play heuristic"), "heuristic"
    )
    assert warning.endswith("shorter: fewer --hands")
    warning = forecast.long_run_warning(
        600, "1,000 games under dd", ("fewer --games", "more --workers", "--play heuristic"), "dd"
    )
    assert warning.endswith("shorter: fewer --games, more --workers, or --play heuristic")
