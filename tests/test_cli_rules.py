"""The ``rules`` and ``playout`` commands, and bad input through the CLI (exit 2, one line, no traceback)."""

import json

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main

PIG_DEAL = (
    "JH AH KH QH 9S 9C TD AS / QS KD 9H TH 9D QC JC AC / JD QD KS 9S 9C TC TS AD / "
    "KH QH 9D TD KC TC QC JD / AC KC 9H TH QD KS QS JS / JH AH AD AS TS JS JC KD"
)
EUCHRE_DEAL = "9C TC JC QC KC / 9D TD JD QD KD / 9H TH JH QH KH / 9S TS JS QS KS"


def run(*args):
    return CliRunner().invoke(main, list(args))


# --------------------------------------------------------------------------- rules


def test_rules_prints_canonical_variant_and_options():
    result = run("rules", "six-handed(all_pass=stick)")
    assert result.exit_code == 0
    assert result.output.splitlines()[0] == "six-handed(target=50,all_pass=stick)"
    assert "all_pass = stick [redeal]" in result.output


# --------------------------------------------------------------------------- playout


def test_playout_same_seed_is_byte_identical():
    first = run("playout", "--variant", "pigs-and-hogs", "--seed", "1", "--contract", "Pig Hearts")
    second = run("playout", "--variant", "pigs-and-hogs", "--seed", "1", "--contract", "Pig Hearts")
    assert first.exit_code == 0 and first.output == second.output
    assert (
        first.output
        != run("playout", "--variant", "pigs-and-hogs", "--seed", "2", "--contract", "Pig Hearts").output
    )


def test_playout_trace_shows_every_step():
    out = run("playout", "--variant", "pigs-and-hogs", "--seed", "1", "--contract", "Pig Hearts").output
    assert "variant   pigs-and-hogs(target=50)" in out
    assert sum(line.startswith("  seat ") for line in out.splitlines()) == 6 + 4  # dealt, then in play
    assert "contract  Pig Hearts by seat 1" in out
    assert "exchange  seat 1 discards" in out and "sitting out seat 3, seat 5" in out
    assert sum(line.startswith("trick ") for line in out.splitlines()) == 8
    assert "score     bidding team" in out


def test_playout_classic_shows_upcard_kitty_and_pickup():
    out = run("playout", "--variant", "euchre", "--seed", "3").output
    assert "upcard    " in out and "kitty     " in out and "pick-up   seat 4 (dealer)" in out
    assert sum(line.startswith("trick ") for line in out.splitlines()) == 5


def test_playout_json_is_a_full_trace():
    result = run(
        "playout",
        "--variant",
        "six-handed",
        "--seed",
        "5",
        "--contract",
        "Alone Low",
        "--bidder",
        "2",
        "--json",
    )
    data = json.loads(result.output)
    assert data["variant"] == "six-handed(target=50,all_pass=redeal)"
    assert data["contract"] == "Alone Low No Trump" and data["bidder"] == 2
    assert data["sitting_out"] == [4, 6] and len(data["gifts"]) == 2
    assert len(data["tricks"]) == 8 and all(len(t["plays"]) == 4 for t in data["tricks"])
    assert data["tricks_taken"]["bidding_team"] + data["tricks_taken"]["defenders"] == 8


def test_playout_of_given_hands_with_an_auction():
    result = run(
        "playout",
        "--variant",
        "pigs-and-hogs",
        "--deal",
        PIG_DEAL,
        "--json",
        "--auction",
        "3 Clubs, pass, 5 Hearts, pass, pass, pass",
    )
    data = json.loads(result.output)
    assert data["deal_given"] and data["bidder"] == 3 and data["contract"] == "5 Hearts"
    assert data["hands"][0] == "9C TD JH QH KH AH 9S AS"


def test_playout_thrown_in_auction():
    result = run("playout", "--variant", "euchre", "--seed", "2", "--auction", ", ".join(["pass"] * 8))
    assert result.exit_code == 0 and "no play: everyone passed" in result.output


def test_playout_dealer_option_moves_the_first_bidder():
    data = json.loads(run("playout", "--variant", "euchre", "--seed", "2", "--dealer", "2", "--json").output)
    assert data["dealer"] == 2 and data["bidder"] == 3 and data["tricks"][0]["leader"] == 3


def test_every_command_has_help_with_an_example():
    from euchre_mc.cli import main

    assert {
        "rules",
        "playout",
        "solve",
        "analyse",
        "should-i-bid",
        "demo",
        "study",
        "chart",
        "games",
        "tune",
    } <= set(main.commands)
    for command in main.commands:
        result = run(command, "--help")
        assert result.exit_code == 0 and "Example:\n    euchre-mc " in result.output, command


# --------------------------------------------------------------------------- bad input

BAD_INPUT = [
    (
        ["playout", "--variant", "pigs-and-hogs", "--deal", PIG_DEAL.replace("JH AH KH", "1H AH KH", 1)],
        "unknown card '1H'",
    ),
    (
        [
            "playout",
            "--variant",
            "pigs-and-hogs",
            "--deal",
            PIG_DEAL.replace("JH AH KH QH", "JH JH JH QH", 1),
        ],
        "JH is dealt 3 times (seats 1, 1, 1): the pigs-and-hogs deck has each card 2 times",
    ),
    (
        ["playout", "--variant", "pigs-and-hogs", "--deal", PIG_DEAL.replace("QS KD 9H", "JH KD 9H", 1)],
        "JH is dealt 3 times (seats 1, 2, 6): the pigs-and-hogs deck has each card 2 times",
    ),
    (
        ["playout", "--variant", "euchre", "--upcard", "AS", "--deal", EUCHRE_DEAL.replace("9D TD", "9C TD")],
        "9C is dealt 2 times (seats 1, 2): the euchre deck has each card once",
    ),
    (
        ["playout", "--variant", "euchre", "--upcard", "KS", "--deal", EUCHRE_DEAL],
        "upcard KS is also in seat 4's hand",
    ),
    (
        ["playout", "--variant", "pigs-and-hogs", "--deal", PIG_DEAL.replace(" 9S 9C TD AS /", " 9S /", 1)],
        "seat 1's hand 'JH AH KH QH 9S' has 5 cards: it must have 8",
    ),
    (["playout", "--variant", "euchre", "--contract", "call Low No Trump"], "euchre has no Low No Trump"),
    (["playout", "--variant", "euchre", "--contract", "5 Hearts"], "unknown bid '5 Hearts' for euchre"),
    (["playout", "--variant", "six-handed", "--contract", "Pig Hearts"], "six-handed has no Pig"),
    (["playout", "--variant", "six-handed", "--contract", "Hog Hearts"], "six-handed has no Hog"),
    (["playout", "--variant", "pigs-and-hogs", "--contract", "Alone Hearts"], "pigs-and-hogs has no Alone"),
    (
        ["playout", "--variant", "pigs-and-hogs", "--contract", "9 Hearts"],
        "bid level 9 in '9 Hearts': levels are 1 to 8",
    ),
    (
        ["playout", "--auction", "4 Spades, 4 Hearts"],
        "bid 2 '4 Hearts' by seat 2: bids must rise above the high bid 4 Spades",
    ),
    (["playout", "--auction", "pass, pass, pass, pass, pass, pass"], "the dealer is stuck after five passes"),
    (["playout", "--auction", "3 Clubs, pass"], "the auction is not finished: seat 3 has still to bid"),
    (
        ["playout", "--variant", "bridge"],
        "unknown variant 'bridge': variants are pigs-and-hogs, six-handed, euchre, piq",
    ),
    (["playout", "--variant", "euchre(trump_first=true)"], "unknown option 'trump_first' for euchre"),
    (
        ["playout", "--variant", "pigs-and-hogs(target=0)"],
        "option target='0' of pigs-and-hogs: allowed is a whole number from 1 to 1000",
    ),
    (["playout", "--variant", "six-handed(all_pass=sometimes)"], "allowed values are redeal, stick"),
    (["playout", "--bidder", "7"], "bidder seat 7: seats are 1 to 6"),
    (["playout", "--variant", "euchre", "--dealer", "0"], "dealer seat 0: seats are 1 to 4"),
    (["playout", "--seed", "-3"], "seed -3: seeds are whole numbers from 0 to"),
    (
        ["playout", "--variant", "euchre", "--deal", EUCHRE_DEAL],
        "euchre deals need the upcard: give --upcard",
    ),
    (
        ["rules", "euchre(no_trump=maybe)"],
        "option no_trump='maybe' of euchre: allowed values are true or false",
    ),
]


@pytest.mark.parametrize("args,message", BAD_INPUT, ids=[m[:40] for _, m in BAD_INPUT])
def test_bad_input_is_one_line_with_exit_status_2(args, message):
    result = run(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    error_lines = [line for line in result.output.splitlines() if line.startswith("Error:")]
    assert len(error_lines) == 1 and message in error_lines[0]


def test_a_bad_value_found_inside_a_command_is_the_only_line_printed():
    # errors raised inside a command's callback must not drag click's usage block along
    result = run(
        "solve",
        "--variant",
        "euchre",
        "--deal",
        "JH / 9S / 9C / 9D",
        "--batch",
        "-",
        "--trump",
        "Hearts",
        "--declarer",
        "1",
    )
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [result.output.strip()] and result.output.startswith(
        "Error: "
    )
