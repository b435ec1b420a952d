"""What a new user ran into (issue 14): each case as the user met it, so none comes back.

Teams of four-seat games, messages that fit the variant, bids typed without quotes,
phone-typed suit symbols, and parameters that a variant never uses."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.cards import parse_card, parse_cards
from euchre_mc.simulate.strategy import unused_params

EUCHRE_HAND = "JH JD AH 9C TS"


def run(*args):
    return CliRunner().invoke(main, list(args))


# --------------------------------------------------------------------------- item 7: teams


@pytest.mark.parametrize("variant", ["euchre", "piq"])
def test_a_four_seat_game_trace_names_four_seats(variant):
    result = run("games", "--variant", variant, "--trace", "0")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("team A (seats 1 3): balanced; team B (seats 2 4): balanced"), first
    assert "5" not in first and "6" not in first


def test_a_six_seat_game_trace_names_six_seats():
    first = run("games", "--variant", "six-handed", "--trace", "0").stdout.splitlines()[0]
    assert first.startswith("team A (seats 1 3 5): balanced; team B (seats 2 4 6)"), first


def test_a_four_seat_games_summary_names_four_seats():
    result = run("games", "--variant", "euchre", "--games", "4")
    assert result.exit_code == 0, result.output
    rows = [line.split() for line in result.stdout.splitlines() if line[:2] in ("A ", "B ")]
    assert rows[0][1:3] == ["1", "3"] and rows[1][1:3] == ["2", "4"], result.stdout
    assert "5" not in rows[0][1:3] + rows[1][1:3]


# --------------------------------------------------------------------------- item 8: messages


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
    import euchre_mc.simulate.analyse as analyse

    seen = []
    monkeypatch.setattr(analyse, "should_i_bid", lambda contract, **_: seen.append(contract) or 1 / 0)
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
