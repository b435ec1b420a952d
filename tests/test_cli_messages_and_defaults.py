"""What a new user meets first: each case as a user met it, so none comes back.

Teams of four-seat games, messages that fit the variant, bids typed without quotes,
phone-typed suit symbols, and parameters that a variant never uses."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.bidding.strategy import unused_params
from euchre_mc.simulate.rules.cards import parse_card, parse_cards

EUCHRE_HAND = "JH JD AH 9C TS"


def run(*args):
    return CliRunner().invoke(main, list(args))


# --------------------------------------------------------------------------- teams


@pytest.mark.parametrize("variant", ["euchre", "piq"])
def test_a_four_seat_game_trace_names_four_seats(variant):
    result = run("games", "--variant", variant, "--trace", "0")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("team A (seats 1 3): fitted; team B (seats 2 4): fitted"), first
    assert "5" not in first and "6" not in first


def test_a_six_seat_game_trace_names_six_seats():
    first = run("games", "--variant", "six-handed", "--trace", "0").stdout.splitlines()[0]
    assert first.startswith("team A (seats 1 3 5): fitted; team B (seats 2 4 6)"), first


def test_a_four_seat_games_summary_names_four_seats():
    result = run("games", "--variant", "euchre", "--games", "4")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines() if line[:2] in ("A ", "B ")]
    assert rows[0][1:3] == ["1", "3"] and rows[1][1:3] == ["2", "4"], result.stdout
    assert "5" not in rows[0][1:3] + rows[1][1:3]


# --------------------------------------------------------------------------- messages


def error_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    return lines[0]


def test_pass_in_euchre_suggests_a_euchre_bid():
    line = error_line(
        run("should-i-bid", "pass", "--variant", "euchre", "--hand", EUCHRE_HAND, "--upcard", "9H")
    )
    assert "'pass' is not a contract" in line and "order up" in line
    assert "5 Hearts" not in line and "Hog" not in line


def test_no_contracts_suggests_bids_of_the_variant():
    line = error_line(
        run("analyse", "--variant", "euchre", "--hand", EUCHRE_HAND, "--upcard", "9H", "--contracts", ",")
    )
    assert "order up" in line and "Hog" not in line


def test_a_five_card_hand_under_the_default_variant_suggests_euchre():
    line = error_line(run("analyse", "--hand", EUCHRE_HAND))
    assert "has 5 cards" in line and "pigs-and-hogs hand has 8" in line
    assert "--variant euchre" in line


def test_two_cards_as_the_upcard_say_one_card_is_expected():
    line = error_line(run("analyse", "--variant", "euchre", "--hand", EUCHRE_HAND, "--upcard", "9H TH"))
    assert "one card expected" in line and "unknown card" not in line
    line = error_line(
        run("playout", "--variant", "euchre", "--deal", "JH JD AH 9C TS / / / ", "--upcard", "9H TH")
    )
    assert "one card expected" in line or "seat" in line  # the deal is checked first


def test_an_unquoted_bid_is_the_same_bid(monkeypatch):
    import euchre_mc.simulate.analysis.verdicts as verdicts

    seen = []
    monkeypatch.setattr(verdicts, "should_i_bid", lambda contract, *_, **__: seen.append(contract) or 1 / 0)
    result = run("should-i-bid", "Hog", "Hearts", "--hand", "JH JH JD JD AH AH KH AC", "--deals", "5")
    assert "unexpected extra argument" not in result.output
    assert seen == ["Hog Hearts"]


@pytest.mark.parametrize("selector", ["\ufe0f", "\ufe0e"])
def test_a_suit_symbol_with_a_variation_selector_is_the_card(selector):
    assert parse_card(f"J♥{selector}") == parse_card("JH")
    assert parse_cards(f"J♥{selector} A♠{selector}, 9♦{selector}") == parse_cards("JH AS 9D")


def test_tuning_a_threshold_the_variant_never_uses_warns():
    result = run(
        "tune", "--variant", "euchre", "--param", "hog_threshold", "--values", "0.5,0.9", "--games", "4"
    )
    assert result.exit_code == 0, result.output
    assert "warning: --param sets hog_threshold, which has no effect in euchre" in result.stderr
    quiet = run("tune", "--variant", "euchre", "--param", "call_threshold", "--values", "0.5", "--games", "4")
    assert "warning" not in quiet.stderr


def test_a_strategy_file_with_an_unused_threshold_warns(tmp_path):
    path = tmp_path / "hoggish.toml"
    path.write_text("hog_threshold = 0.5\norder_up_threshold = 0.5\n")
    result = run("games", "--variant", "euchre", "--team-a", str(path), "--games", "4")
    assert result.exit_code == 0, result.output
    assert f"warning: {path} sets hog_threshold" in result.stderr
    assert "order_up_threshold, which" not in result.stderr
    other = run("games", "--variant", "pigs-and-hogs", "--team-a", str(path), "--games", "2").stderr
    assert "sets order_up_threshold" in other and "hog_threshold, which" not in other


def test_unused_params_follow_the_contracts_of_each_variant():
    assert unused_params("euchre", ["hog_threshold", "pig_threshold", "level_threshold"]) == [
        "hog_threshold",
        "pig_threshold",
        "level_threshold",
    ]
    assert unused_params("six-handed", ["hog_threshold", "alone_threshold", "level_threshold"]) == [
        "hog_threshold"
    ]
    assert unused_params("pigs-and-hogs", ["alone_threshold", "order_up_threshold", "endgame_shift"]) == [
        "alone_threshold",
        "order_up_threshold",
    ]


# --------------------------------------------------------------------------- should-i-bid

STRONG = "JH JH JD JD AH AH KH AC"
WEAK = "9C TC QD KS 9H TS JC KD"


def test_should_i_bid_plays_the_bid_on_all_deals_and_the_alternatives_on_the_first():
    from euchre_mc.simulate.analysis.verdicts import should_i_bid
    from euchre_mc.simulate.choices import ALTERNATIVE_DEALS, OPTION_DEALS

    verdict = should_i_bid("Hog Hearts", "pigs-and-hogs", WEAK, deals=400)
    assert verdict.deals == 400 and verdict.compared_deals == ALTERNATIVE_DEALS
    assert verdict.compared == (
        f"every legal bid and passing; passing on {OPTION_DEALS} deals, the other bids on the first "
        f"{ALTERNATIVE_DEALS}"
    )
    assert verdict.option.deals == OPTION_DEALS and verdict.alternative("pass").deals == OPTION_DEALS
    assert {o.deals for o in verdict.alternatives if o.bid != "pass"} == {ALTERNATIVE_DEALS}
    assert not verdict.yes and verdict.margin < -verdict.margin_ci
    out = run(
        "should-i-bid", "Hog Hearts", "--hand", WEAK, "--deals", "400", "--alternative-deals", "20"
    ).stdout
    assert f"compared with every legal bid and passing; passing on {OPTION_DEALS} deals, the other" in out
    assert "on the 20 deals both were valued on" in out
    # without a table model: the bids as played, passing 0, on the first deals as before
    none = should_i_bid("Hog Hearts", "pigs-and-hogs", WEAK, deals=400, table="none")
    assert none.by == "as played" and none.option is None
    assert none.compared == (
        f"every legal bid and passing (as 0: --table none), on the first {ALTERNATIVE_DEALS} of the 400 deals"
    )


def test_the_comparison_is_paired_with_the_first_deals_of_the_bid():
    from euchre_mc.simulate.analysis.analyse import analyse_hand
    from euchre_mc.simulate.analysis.verdicts import should_i_bid

    verdict = should_i_bid(
        "Pig Hearts", "pigs-and-hogs", STRONG, against="5 Hearts", deals=80, alternative_deals=30
    )
    # the alternatives' values after the table's bids are analyse's options on the same deals
    both = analyse_hand("pigs-and-hogs", STRONG, contracts="Pig Hearts, 5 Hearts", deals=30)
    five = next(option for option in both.options if str(option.bid) == "5 Hearts")
    assert verdict.alternative("5 Hearts").ev_net == pytest.approx(five.ev_net)
    alone = analyse_hand("pigs-and-hogs", STRONG, contracts="Pig Hearts", deals=80, table=None)
    assert verdict.p_make == alone.estimate("Pig Hearts").p_make and verdict.deals == 80


@pytest.mark.parametrize("against", ["1 Hearts, 6 Hearts", "6 Hearts, 1 Hearts"])
def test_equivalent_bids_follow_the_advice_rule_whatever_the_order(against):
    from euchre_mc.simulate.analysis.analyse import analyse_hand
    from euchre_mc.simulate.analysis.verdicts import should_i_bid
    from euchre_mc.simulate.rules.contracts import parse_contract

    verdict = should_i_bid("Pig Hearts", "pigs-and-hogs", STRONG, against=against, deals=60, table=None)
    advice = analyse_hand("pigs-and-hogs", STRONG, contracts=against, deals=60, table=None).advice
    six = parse_contract("6 Hearts", "pigs-and-hogs")
    assert advice.bid == six and verdict.best_alternative == six
    assert "1 Hearts" in [str(bid) for bid in advice.equivalent]


def test_bids_that_score_alike_are_named_as_a_range():
    from euchre_mc.simulate.rules.contracts import PASS, parse_contract, same_score_text

    levels = [parse_contract(f"{n} Hearts", "pigs-and-hogs") for n in (3, 1, 2, 6, 5, 4)]
    assert same_score_text(levels) == "1 to 6 Hearts"
    assert same_score_text(levels[:2] + [PASS]) == "passing, 1 Hearts and 3 Hearts"
    assert same_score_text([PASS, levels[0]]) == "passing and 3 Hearts"


def test_a_margin_inside_its_interval_is_not_significant():
    from euchre_mc.reports.analysis_text import format_verdict
    from euchre_mc.simulate.analysis.results import Verdict
    from euchre_mc.simulate.rules.contracts import parse_contract

    bid = parse_contract("6 Hearts", "pigs-and-hogs")
    base = dict(contract=bid, yes=True, p_make=0.5, ci_low=0.4, ci_high=0.6, deals=50, ev=1.0, ev_net=1.0)
    close = Verdict(
        **base, reason="r", best_alternative="pass", best_alternative_ev_net=0.9, margin=0.1, margin_ci=0.5
    )
    assert format_verdict(close).startswith("6 Hearts: toss-up (+0.10 ±0.50 ")
    clear = Verdict(
        **base, reason="r", best_alternative="pass", best_alternative_ev_net=0.0, margin=1.0, margin_ci=0.5
    )
    assert format_verdict(clear).startswith(
        "6 Hearts: yes (+1.00 ±0.50 "
    ) and "toss-up" not in format_verdict(clear)


def test_with_against_the_verdict_says_only_those_bids_were_compared():
    result = run(
        "should-i-bid",
        "Alone Spades",
        "--variant",
        "six-handed",
        "--hand",
        "JS JS JC AS AS KS QS AD",
        "--against",
        "8 Spades",
        "--deals",
        "40",
    )
    assert result.exit_code == 0, result.output
    assert "compared with only 8 Spades and passing (--against)" in result.stdout
    assert '"compared": "only 8 Spades and passing (--against), on the first' not in result.stdout


# --------------------------------------------------------------------------- workers


def test_games_in_worker_processes_are_the_games_played_here(monkeypatch):
    import numpy as np

    from euchre_mc.simulate.bidding.strategy import BUILT_INS
    from euchre_mc.simulate.games import game

    monkeypatch.setattr(game, "WORKER_START_SECONDS", 0.0)  # always worth starting them
    told = []
    one = game.play_games("euchre", BUILT_INS["balanced"], BUILT_INS["cautious"], 30, seed=6, batch=8)
    two = game.play_games(
        "euchre",
        BUILT_INS["balanced"],
        BUILT_INS["cautious"],
        30,
        seed=6,
        batch=8,
        workers=2,
        report=told.append,
    )
    for name in ("winner", "hands", "scores", "contracts"):
        assert np.array_equal(getattr(one, name), getattr(two, name)), name
    assert not any("played in this process" in line for line in told)


def test_a_short_run_stays_in_process_and_says_so_once(monkeypatch):
    import os

    from euchre_mc.simulate.bidding.strategy import BUILT_INS
    from euchre_mc.simulate.games.results import tune_parameter
    from euchre_mc.simulate.rules.variants import as_variant

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(os, "getloadavg", lambda: (0.0, 0.0, 0.0))
    told = []
    balanced = BUILT_INS["balanced"]
    tune_parameter(
        as_variant("euchre"),
        "call_threshold",
        ["0.5", "0.7"],
        balanced,
        balanced,
        20,
        1,
        "heuristic",
        2,
        report=told.append,
    )
    assert told == []  # each value's games fit in the first batch: nothing to hand out
    from euchre_mc.simulate.games import game

    game.play_games("euchre", balanced, balanced, 40, batch=8, workers=2, report=told.append)
    assert len(told) == 1 and "played in this process" in told[0]
    told.clear()
    game.play_games("euchre", balanced, balanced, 4, workers=3, report=told.append)
    assert told == ["workers 3: this machine has 2 cores, so 2 workers at most can play at once; using 2"]


def test_the_advice_names_bids_that_score_alike_as_a_range():
    from euchre_mc.reports.analysis_text import format_analysis
    from euchre_mc.simulate.analysis.analyse import analyse_hand

    levels = ", ".join(f"{n} Hearts" for n in range(1, 7))
    result = analyse_hand("pigs-and-hogs", STRONG, contracts=levels, deals=30, table=None)
    assert str(result.advice.bid) == "6 Hearts"
    text = " ".join(format_analysis(result).split())  # the advice line wraps at 80 columns
    assert "1 to 6 Hearts score the same on every deal; the highest is advised." in text
