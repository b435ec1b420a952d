"""The typed results: to_json() and to_frame() carry exactly the fields, and contracts
come back from their bid text."""

import json

import pandas as pd
import pytest

from euchre_mc.simulate.analysis.analyse import analyse_hand
from euchre_mc.simulate.analysis.results import Analysis, ContractEstimate, Verdict
from euchre_mc.simulate.analysis.verdicts import should_i_bid
from euchre_mc.simulate.bidding.strategy import load_strategy
from euchre_mc.simulate.games.game import play_games
from euchre_mc.simulate.games.results import summarise_games, tune_parameter
from euchre_mc.simulate.rules.contracts import Contract, parse_contract
from euchre_mc.simulate.rules.variants import as_variant
from euchre_mc.simulate.study.run import run_study

HAND = "9S 9S TS TS 9D 9D TD TD"


@pytest.fixture(scope="module")
def analysis() -> Analysis:
    return analyse_hand(
        "pigs-and-hogs", HAND, contracts="Hog Low No Trump, Pig Clubs, 6 Low", deals=30, play="random"
    )


@pytest.fixture(scope="module")
def classic() -> Analysis:
    return analyse_hand("euchre", "JH JD AH 9C TS", upcard="9H", seat=3, deals=30, play="heuristic")


@pytest.mark.parametrize("name", ["analysis", "classic"])
def test_analysis_json_round_trips_to_the_same_fields(name, request):
    result = request.getfixturevalue(name)
    report = json.loads(result.to_json())
    assert report == result.to_dict()
    assert report["settings"]["deals"] == result.settings.deals == 30
    variant = as_variant(result.settings.variant)
    upcard = result.question.upcard
    assert len(report["rows"]) == len(result.estimates)
    for row, estimate in zip(report["rows"], result.estimates):
        assert isinstance(estimate, ContractEstimate) and isinstance(estimate.contract, Contract)
        assert parse_contract(row["contract"], variant, upcard) == estimate.contract
        assert row["tricks"] == list(estimate.tricks) and row["ev_net"] == estimate.ev_net
        assert row["discards"] == estimate.discards
        assert ("p_march" in row) == variant.classic
    advice = report["advice"]
    assert advice["bid"] == str(result.advice.bid) and advice["equivalent"] == [
        str(bid) for bid in result.advice.equivalent
    ]
    for text, options in report["discard_search"].items():
        contract = parse_contract(text, variant, upcard)
        assert [o["discards"] for o in options] == [o.discards for o in result.discard_search[contract]]


@pytest.mark.parametrize("name", ["analysis", "classic"])
def test_analysis_frame_has_one_row_per_estimate_with_its_fields(name, request):
    result = request.getfixturevalue(name)
    frame = result.to_frame()
    assert list(frame["contract"]) == [str(e.contract) for e in result.estimates]
    assert frame["p_make"].tolist() == [e.p_make for e in result.estimates]
    assert frame["legal"].tolist() == [e.legal for e in result.estimates]
    assert frame.to_dict("records")[0]["tricks"] == list(result.estimates[0].tricks)
    assert list(frame.columns) == list(result.estimates[0].to_dict())


def test_an_estimate_is_found_by_its_contract_or_its_text(analysis):
    hog = analysis.estimate("Hog Low No Trump")
    assert analysis.estimate(hog.contract) is hog and hog.kind == "hog" and hog.level == 0
    with pytest.raises(ValueError, match="'8 Clubs' was not analysed"):
        analysis.estimate("8 Clubs")


def test_verdict_json_and_frame_carry_its_fields():
    verdict = should_i_bid("Hog Low No Trump", "pigs-and-hogs", HAND, deals=30, play="random")
    assert isinstance(verdict, Verdict) and isinstance(verdict.contract, Contract)
    data = json.loads(verdict.to_json())
    assert data == verdict.to_dict()
    assert data["verdict"] == verdict.verdict == "yes" and data["best_alternative"] == str(
        verdict.best_alternative
    )
    assert data["settings"]["seed"] == verdict.settings.seed
    row = verdict.to_frame().to_dict("records")[0]
    assert row["contract"] == "Hog Low No Trump" and row["margin"] == verdict.margin and "settings" not in row


def test_games_summary_json_and_frame_carry_its_fields():
    variant = as_variant("euchre")
    teams = (load_strategy("cautious"), load_strategy("aggressive"))
    summary = summarise_games(play_games(variant, *teams, 20, seed=3), variant, teams, 3, "heuristic")
    data = json.loads(summary.to_json())
    assert data == summary.to_dict() and data["games"] == summary.games == 20
    assert [t["wins"] for t in data["teams"]] == [t.wins for t in summary.teams]
    assert sum(t.wins for t in summary.teams) == 20
    assert [c["set"] for c in data["contracts"]] == [c.set for c in summary.contracts]
    frame = summary.to_frame()
    assert frame["team"].tolist() == ["A", "B"] and frame["wins"].tolist() == [t.wins for t in summary.teams]


def test_tuning_json_and_frame_carry_its_rows():
    cautious = load_strategy("cautious")
    tuning = tune_parameter(
        as_variant("euchre"), "order_up_threshold", ["0.5", "0.7"], cautious, cautious, 10, 1, "heuristic", 1
    )
    data = json.loads(tuning.to_json())
    assert data == tuning.to_dict() and data["settings"]["param"] == "order_up_threshold"
    assert [row["value"] for row in data["rows"]] == [0.5, 0.7]
    pd.testing.assert_frame_equal(tuning.to_frame(), pd.DataFrame(data["rows"]))


def test_study_run_says_what_it_did(tmp_path):
    first = run_study("euchre", 6, 1, tmp_path / "s", chunk_size=3)
    assert (first.resumed_chunks, first.computed_chunks, first.rows) == (0, 2, 24)
    again = run_study("euchre", 6, 1, tmp_path / "s", chunk_size=3, resume=True)
    assert (again.resumed_chunks, again.computed_chunks) == (2, 0)
    data = json.loads(again.to_json())
    assert data["params"]["hands"] == 6 and data["out"] == str(tmp_path / "s")
