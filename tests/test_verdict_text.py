"""Verdicts that fit the evidence: yes or no only outside the 95% interval, else a
toss-up with the difference; every net figure labelled with what it measures; ``>``
marks the best option (the advice) in analyse and should-i-bid alike."""

import json

from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.reports.analysis_text import advice_line, format_verdict
from euchre_mc.simulate.analysis.results import Advice, OptionValue, Verdict
from euchre_mc.simulate.rules.cards import parse_card
from euchre_mc.simulate.rules.contracts import PASS, parse_contract

BID = parse_contract("order up", "euchre", parse_card("9H"))
BASE = dict(contract=BID, p_make=0.9, ci_low=0.89, ci_high=0.92, deals=2000, ev=1.1, ev_net=1.03)


def verdict(margin, margin_ci, **more):
    return Verdict(
        **BASE,
        yes=margin >= 0,
        reason="r",
        best_alternative=PASS,
        best_alternative_ev_net=0.96,
        margin=margin,
        margin_ci=margin_ci,
        margin_deals=250,
        margin_values=(0.96 + margin, 0.96),
        **more,
    )


def test_a_difference_inside_its_interval_is_a_toss_up_never_a_bare_yes_or_no():
    close = verdict(0.016, 0.038)
    assert close.verdict == "toss-up" and not close.significant and close.yes  # it leans yes
    text = format_verdict(close)
    assert text.splitlines()[0] == "order up: toss-up (+0.02 ±0.04 points a hand against passing)"
    data = json.loads(close.to_json())
    assert data["verdict"] == "toss-up" and data["significant"] is False and data["margin_deals"] == 250
    against = verdict(-0.5, 0.2)
    assert against.verdict == "no" and format_verdict(against).startswith("order up: no (-0.50 ±0.20 ")
    assert verdict(0.5, 0.2).verdict == "yes"


def test_a_score_verdict_states_the_difference_in_p_win():
    close = verdict(-0.003, 0.032, by="p_win")
    assert format_verdict(close).splitlines()[0] == "order up: toss-up (P(win) -0.003 ±0.032 against passing)"


def test_each_net_figure_says_what_it_measures():
    text = " ".join(format_verdict(verdict(0.2, 0.19)).split())
    assert "as played (nobody bids after you): P(make) 0.900 (95% CI 0.890-0.920), net +1.03 a hand" in text
    assert "on the 250 deals both were valued on, order up nets +1.16 and pass +0.96" in text


def test_the_mark_is_the_best_option_in_should_i_bid_as_in_analyse():
    def option(bid, net):
        return OptionValue(bid, True, net, 0.1, 1.0, 0.0, (("you", 1.0),), deals=250)

    table = type("Table", (), {"model": "balanced", "inference": "none", "dealt": None, "rejected_by": None})
    losing = verdict(-0.3, 0.1, option=option(BID, 0.66), alternatives=(option(PASS, 0.96),), table=table)
    marked = [line for line in format_verdict(losing).splitlines() if line.startswith("> ")]
    assert marked == [next(line for line in marked if line.startswith("> pass"))]


def test_the_advice_line_says_toss_up_when_the_runner_up_is_inside_the_interval():
    close = Advice(BID, True, ev_net=1.0, runner_up=PASS, runner_up_ev_net=0.98, margin=0.02, margin_ci=0.04)
    assert advice_line(close).startswith(
        "Advice: order up, a toss-up with pass (net +1.00 a hand; 0.02 ±0.04"
    )
    clear = Advice(BID, True, ev_net=1.0, runner_up=PASS, runner_up_ev_net=0.5, margin=0.5, margin_ci=0.04)
    assert "toss-up" not in advice_line(clear)


def test_should_i_bid_on_a_close_call_says_toss_up():
    arguments = ["should-i-bid", "order up", "--variant", "euchre", "--hand", "JH JD AH 9C TS"]
    result = CliRunner().invoke(main, [*arguments, "--upcard", "9H", "--deals", "300"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("order up: toss-up (")
