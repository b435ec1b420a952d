"""should-i-bid's verdict by the options' values after the table's bids, and the charts of
those options (should-i-bid's --plot and the analysis chart)."""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.reports.charts import analysis_figure, verdict_figure
from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.analysis.verdicts import should_i_bid
from euchre_mc.simulate.rules.contracts import PASS

STRONG = "JH JH JD AH AH KH QH AC"
EUCHRE = "JH JD AH 9C TS"


def _option(result, bid):
    return next(option for option in result.options if str(option.bid) == str(bid))


def test_the_verdicts_option_values_are_analyses_options_on_the_same_seed_and_deals():
    verdict = should_i_bid(
        "order up", "euchre", EUCHRE, upcard="9H", deals=120, option_deals=120, alternative_deals=120
    )
    every = analyse_hand("euchre", EUCHRE, upcard="9H", deals=120)
    assert verdict.by == "net" and verdict.option.deals == 120
    assert verdict.option.ev_net == pytest.approx(_option(every, "order up").ev_net)
    assert verdict.option.p_we_play == _option(every, "order up").p_we_play
    assert verdict.option.p_overcalled == _option(every, "order up").p_overcalled
    for alternative in verdict.alternatives:
        assert alternative.ev_net == pytest.approx(_option(every, alternative.bid).ev_net), alternative.bid
    # the margin is the paired difference with the best alternative, on those deals
    best = verdict.best_alternative
    difference = every.option_points[every.estimate("order up").contract] - every.option_points[best]
    assert verdict.margin == pytest.approx(float(np.mean(difference)))
    assert verdict.yes == (verdict.margin >= 0)


def test_passing_is_valued_on_the_option_deals_and_the_others_on_fewer():
    verdict = should_i_bid("order up", "euchre", EUCHRE, upcard="9H", deals=300, option_deals=200)
    assert verdict.deals == 300 and verdict.option.deals == 200
    assert verdict.alternative(PASS).deals == 200
    assert {o.deals for o in verdict.alternatives if o.bid != PASS} == {50}
    assert "valued after the table's bids on the first 200" in verdict.estimated
    # the bid's value on the option deals is analyse's option value on those 200 deals
    two_hundred = analyse_hand("euchre", EUCHRE, upcard="9H", deals=200, contracts="order up")
    assert verdict.option.ev_net == pytest.approx(_option(two_hundred, "order up").ev_net)
    assert verdict.alternative(PASS).ev_net == pytest.approx(_option(two_hundred, PASS).ev_net)


def test_with_a_score_the_verdict_is_by_the_chance_of_winning():
    verdict = should_i_bid(
        "Hog Hearts", "pigs-and-hogs", STRONG, against="6 Hearts", score=(44, 30), deals=60, option_deals=60
    )
    assert verdict.by == "p_win" and verdict.option.p_win is not None
    assert "P(win the game)" in verdict.reason
    six = verdict.alternative("6 Hearts")
    assert six.p_win is not None and six.p_win_ci is not None


def test_table_none_keeps_the_comparison_as_played_and_names_it():
    verdict = should_i_bid("order up", "euchre", EUCHRE, upcard="9H", deals=100, table="none")
    assert verdict.by == "as played" and verdict.option is None
    assert "(as 0: --table none)" in verdict.compared


def test_text_json_and_csv_carry_the_options():
    arguments = ["should-i-bid", "order up", "--variant", "euchre", "--hand", EUCHRE, "--upcard", "9H"]
    arguments += ["--deals", "100", "--option-deals", "100", "--alternative-deals", "40"]
    text = CliRunner().invoke(main, arguments)
    assert text.exit_code == 0, text.output
    assert "after the others bid by the table model (fitted)" in text.stdout
    assert "estimated: order up played on 100 deals" in text.stdout
    data = json.loads(CliRunner().invoke(main, [*arguments, "--json"]).stdout)
    assert data["by"] == "net" and data["option"]["deals"] == 100
    assert {a["bid"] for a in data["alternatives"]} >= {"pass", "order up alone"}
    csv = CliRunner().invoke(main, [*arguments, "--csv"]).stdout.splitlines()
    assert len(csv) == 2
    for column in ("option_ev_net", "option_p_we_play", "option_p_outbid", "pass_ev_net", "estimated"):
        assert column in csv[0].split(",")


def _texts(figure) -> list[str]:
    out = [text.get_text() for axes in figure.axes for text in axes.texts]
    out += [label.get_text() for axes in figure.axes for label in axes.get_yticklabels()]
    return out


def test_the_pigs_and_hogs_chart_labels_p_make_and_charts_the_options():
    result = analyse_hand(
        "pigs-and-hogs", STRONG, contracts="Hog Hearts, Pig Hearts, 6 Hearts, 6 Spades", deals=40
    )
    figure = analysis_figure(result)
    texts = _texts(figure)
    for contract in result.estimates:
        assert any(text.endswith(f"\n{contract.p_make:.2f}") for text in texts), contract.contract
    assert len(figure.axes) == 3
    names = " ".join(label.get_text() for label in figure.axes[2].get_yticklabels())
    assert "pass" in names and "Hog Hearts" in names


def test_a_one_contract_chart_is_not_one_giant_cell():
    result = analyse_hand("pigs-and-hogs", STRONG, contracts="Hog Hearts", deals=30)
    figure = analysis_figure(result)
    figure.canvas.draw()
    height = figure.get_size_inches()[1]
    assert height <= 3.5
    distribution = figure.axes[0].get_position()
    assert distribution.height < 0.5 * distribution.width * figure.get_size_inches()[0] / height
    assert not figure.axes[1].images  # bars, not a one-cell grid
    assert any("P=" in label.get_text() for label in figure.axes[1].get_yticklabels())


def test_should_i_bid_plot_writes_a_chart_that_names_the_options(tmp_path):
    chart = tmp_path / "bid.png"
    arguments = ["should-i-bid", "order up", "--variant", "euchre", "--hand", EUCHRE, "--upcard", "9H"]
    result = CliRunner().invoke(main, [*arguments, "--deals", "60", "--plot", str(chart)])
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    verdict = should_i_bid("order up", "euchre", EUCHRE, upcard="9H", deals=60)
    names = " ".join(_texts(verdict_figure(verdict)))
    assert "order up" in names and "pass" in names and "order up alone" in names
