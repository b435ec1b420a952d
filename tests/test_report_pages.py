"""What a person reads: the tune chart's axes and the report numbers (counts whole,
small probabilities not 0.000).  The study page itself: tests/test_study_page.py."""

import math
import re

import pytest

from euchre_mc.reports.game_report import format_tune, tune_figure, tune_limits
from euchre_mc.reports.numbers import cell, probability
from euchre_mc.simulate.games.results import TuneRow, TuneSettings, Tuning
from euchre_mc.simulate.stats import wilson_interval


def tuning(rates, games=2000, against_value=0.8):
    rows = []
    for value, rate in zip((0.5, 0.6, 0.7, 0.8, 0.9), rates):
        wins = round(rate * games)
        low, high = (float(x) for x in wilson_interval(wins, games))
        rows.append(TuneRow(value, games, wins, wins / games, low, high, 0.1, 0.05))
    settings = TuneSettings(
        "euchre", "level_threshold", "balanced", "cautious", games, 1, "heuristic", against_value
    )
    return Tuning(settings, tuple(rows))


def test_the_tune_axis_fits_win_rates_near_one_half():
    sweep = tuning([0.48, 0.50, 0.53, 0.51, 0.49])
    low, high = tune_limits(sweep.rows)
    assert 0.40 < low < min(r.ci_low for r in sweep.rows)
    assert max(r.ci_high for r in sweep.rows) < high < 0.60
    axes = tune_figure(sweep).axes[0]
    assert axes.get_ylim() == pytest.approx((low, high))


def test_the_tune_axis_takes_in_the_even_line_only_when_it_is_near():
    near = tune_limits(tuning([0.56, 0.58, 0.60, 0.59, 0.57]).rows)
    far = tune_limits(tuning([0.90, 0.91, 0.92, 0.91, 0.90]).rows)
    assert near[0] <= 0.5 and far[0] > 0.8


def test_the_tune_chart_marks_the_opponents_value_and_each_points_interval():
    axes = tune_figure(tuning([0.48, 0.50, 0.53, 0.51, 0.49])).axes[0]
    vertical = [line for line in axes.get_lines() if list(line.get_xdata()) == [0.8, 0.8]]
    assert len(vertical) == 1 and "cautious's own value (0.8)" in vertical[0].get_label()
    assert [c for c in axes.containers if c.has_yerr], "every point carries its interval bar"


def test_the_tune_text_names_the_opponents_value():
    assert "against cautious (level_threshold 0.8)," in format_tune(tuning([0.5] * 5))


def test_a_tuning_without_the_opponents_value_still_charts():
    axes = tune_figure(tuning([0.5] * 5, against_value=None)).axes[0]
    assert not [line for line in axes.get_lines() if list(line.get_xdata()) == [0.8, 0.8]]


@pytest.mark.parametrize(
    "p,text",
    [
        (46 / 115_560, "0.00040"),
        (0.0072, "0.0072"),
        (0.25, "0.250"),
        (0.873456, "0.873"),
        (0.9996, "0.99960"),
        (0.0, "0"),
        (1.0, "1"),
        (math.nan, ""),
    ],
)
def test_probabilities_are_never_rounded_to_zero_or_one(p, text):
    assert probability(p) == text


@pytest.mark.parametrize(
    "column,value,text",
    [
        ("hands", 115560, "115,560"),
        ("profitable_from", 4.0, "4"),
        ("trumps", 5.0, "5"),
        ("mean_net", -1.23456, "-1.235"),
        ("mean_net", 2.0, "2.000"),
        ("p_make", 46 / 115_560, "0.00040"),
        ("ci_low", 0.0001, "0.00010"),
        ("given", "bowers=2", "bowers=2"),
        ("profitable_from", math.nan, ""),
    ],
)
def test_cells_write_counts_whole_and_small_probabilities_with_digits(column, value, text):
    assert cell(column, value) == text


def _no_rounded_probability(text: str) -> None:
    assert not re.search(r"(?<![\d.])0\.000(?!\d)", text), text


def test_a_contract_bid_a_handful_of_times_is_not_0_000_per_hand():
    from types import SimpleNamespace

    from euchre_mc.reports.game_report import format_games

    contract = SimpleNamespace(
        kind="hog",
        team="A",
        bid=3,
        bid_per_hand=3 / 7_500,
        made=1,
        set=2,
        make_rate=1 / 3,
        ci_low=0.06,
        ci_high=0.79,
    )
    team = SimpleNamespace(
        team="A",
        seats=(1, 3, 5),
        strategy="balanced",
        wins=10,
        win_rate=0.5,
        ci_low=0.3,
        ci_high=0.7,
        points_per_hand=0.1,
        points_per_hand_half_width=0.05,
    )
    summary = SimpleNamespace(
        variant="pigs-and-hogs",
        games=20,
        seed=1,
        play="heuristic",
        teams=(team,),
        contracts=(contract,),
        hands_per_game=375.0,
        hands_per_game_half_width=1.0,
        thrown_in_per_game=0.0,
    )
    text = format_games(summary)
    _no_rounded_probability(text)
    assert "  0.00040" in text  # 3 bids in 7,500 hands, in its 9-column field


def test_the_match_equity_grid_shows_no_certain_looking_zero():
    from types import SimpleNamespace

    from euchre_mc.reports.equity_report import format_equity

    values = {(0, 0): 0.5, (0, 1): 0.0004, (1, 0): 0.9996, (1, 1): 0.5}
    table = SimpleNamespace(
        floor=0, target=2, iterations=3, residual=1e-9, p_win=lambda a, b, team: values[(a, b)]
    )
    text = format_equity(SimpleNamespace(table=table, describe=lambda: "test table"))
    _no_rounded_probability(text)
    assert "<.001" in text and ">.999" in text and "1.000" not in text
    rows = [line for line in text.splitlines() if line.startswith("    ")]
    assert len({len(line) for line in rows}) == 1  # the grid keeps its columns


def test_analyse_and_should_i_bid_write_a_zero_and_a_certainty_as_such():
    from click.testing import CliRunner

    from euchre_mc.cli import main

    hand = ["--hand", "9S 9S TS TS 9D 9D TD QC", "--deals", "40", "--inference", "none"]
    verdict = CliRunner().invoke(main, ["should-i-bid", "Hog Hearts", *hand, "--alternative-deals", "10"])
    assert verdict.exit_code == 0, verdict.output
    assert "P(make) 0 (95% CI 0-0." in verdict.stdout
    analysis = CliRunner().invoke(main, ["analyse", *hand, "--contracts", "Hog Hearts,8 Hearts", "--all"])
    assert analysis.exit_code == 0, analysis.output
    _no_rounded_probability(analysis.stdout)
    assert re.search(r"Hog Hearts +0 0-0\.\d+ ", analysis.stdout), analysis.stdout
