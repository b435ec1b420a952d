"""What the player knows beyond their hand: other seats' cards and suit lengths.

The analysis deals only deals that fit (checked deal by deal), says what it assumed in
its settings, and refuses knowledge no deal can meet in one line.
"""

import json

import numpy as np
import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.analysis import analyse, deal_sources
from euchre_mc.simulate.analysis.question import make_question
from euchre_mc.simulate.dealing.constraints import SuitLength, parse_known, parse_lengths, void
from euchre_mc.simulate.rules.cards import faces_to_mask, parse_card, parse_cards
from euchre_mc.simulate.rules.variants import RulesError, as_variant

HAND = "JH JD AH KS 9C"
HEARTS_MASK = sum(1 << (2 * (2 * 6 + r)) for r in range(6))


def test_known_cards_and_voids_hold_on_every_deal_the_analysis_plays():
    question = make_question(
        "euchre", HAND, upcard="9H", known={2: "AS"}, constraints=[void(1, 2), void(3, 2)]
    )
    deals = deal_sources.question_deals(question, 0, 3000)
    ace_of_spades = 1 << (2 * parse_card("AS"))
    assert ((deals[:, 2] & np.uint64(ace_of_spades)) != 0).all()
    assert ((deals[:, 1] & np.uint64(HEARTS_MASK)) == 0).all()
    assert ((deals[:, 3] & np.uint64(HEARTS_MASK)) == 0).all()
    # the hearts left (TH QH KH; 9H is the upcard) all go to seat 3 or the kitty
    assert (deals[:, 0] == np.uint64(faces_to_mask(parse_cards(HAND, copies=1)))).all()


def test_the_settings_name_what_was_assumed():
    result = analyse.analyse_hand(
        "euchre",
        HAND,
        upcard="9H",
        contracts="order up",
        deals=100,
        known={2: "AS"},
        constraints=[void(1, 2)],
    )
    assert result.settings.known == "seat 3: AS"
    assert result.settings.constraints == "seat 2 void in Hearts"
    plain = analyse.analyse_hand("euchre", HAND, upcard="9H", contracts="order up", deals=100)
    assert "known" not in json.loads(plain.to_json())["settings"]


@pytest.mark.parametrize(
    "known, constraints, message",
    [
        ({0: "AS"}, (), "that is your own seat"),
        ({2: "JH"}, (), "card JH is in two places"),
        ({2: "9H"}, (), "card 9H is in two places"),  # the upcard is out of play
        ({}, [void(s, 3) for s in (1, 2, 3)], "no deal meets the constraints"),
        ({2: "AS"}, [void(2, 3)], "its known cards already hold 1"),
        ({}, [SuitLength(1, 1, 6, 6)], "a hand holds at most 5 cards"),
    ],
)
def test_knowledge_no_deal_can_meet_is_one_line(known, constraints, message):
    with pytest.raises(ValueError, match=message):  # RulesError or CardError, both one line
        make_question("euchre", HAND, upcard="9H", known=known, constraints=constraints)


def test_the_command_line_forms():
    variant = as_variant("pigs-and-hogs")
    assert parse_known(["3: JH AS", "3: JH"], variant) == {2: faces_to_mask(parse_cards("JH AS JH"))}
    assert parse_lengths(["4: S H"], ["2: C 4-8", "5: D 3+", "6: H -2", "2: S 3"], variant) == (
        void(3, 3),
        void(3, 2),
        SuitLength(1, 0, 4, 8),
        SuitLength(4, 1, 3, 9),
        SuitLength(5, 2, 0, 2),
        SuitLength(1, 3, 3, 3),
    )
    for bad, message in (
        ("3 JH", "write SEAT: ..."),
        ("9: S", "seats are 1 to 6"),
        ("3: X", "is not a suit"),
    ):
        with pytest.raises(RulesError, match=message):
            parse_lengths([bad], [], variant)
    with pytest.raises(RulesError, match="write SEAT: SUIT MIN-MAX"):
        parse_lengths([], ["3: H lots"], variant)


def test_should_i_bid_shows_its_whole_context_and_cuts_nothing():
    result = CliRunner().invoke(
        main,
        [
            "should-i-bid",
            "order up",
            "--variant",
            "euchre(stick_the_dealer=true,no_trump=true)",
            "--hand",
            HAND,
            "--upcard",
            "9H",
            "--seat",
            "2",
            "--dealer",
            "1",
            "--deals",
            "200",
            "--known",
            "3: AS",
            "--void",
            "4: H",
            "--length",
            "1: S 2-3",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert not any(line.rstrip().endswith("...") for line in lines)
    # the variant wraps between its options to fit 80 columns, every option whole
    assert (
        "variant euchre(target=10, stick_the_dealer=true, no_trump=true, farmers_hand=false, "
        "ace_no_face=false)" in " ".join(result.output.split())
    )
    assert any(line.startswith("seat 2, dealer 1, upcard 9H") for line in lines)
    assert "known cards: seat 3: AS" in lines
    assert "suit lengths: seat 4 void in Hearts; seat 1 holds 2 to 3 Spades" in lines


def test_analyse_wraps_long_lines_instead_of_cutting_them():
    result = CliRunner().invoke(
        main,
        [
            "analyse",
            "--variant",
            "euchre",
            "--hand",
            HAND,
            "--upcard",
            "9H",
            "--deals",
            "100",
            "--void",
            "2: H",
            "--void",
            "3: S",
            "--void",
            "4: C",
            "--length",
            "2: S 1-4",
            "--length",
            "4: D 2+",
        ],
    )
    assert result.exit_code == 0, result.output
    assert not any(line.rstrip().endswith("...") for line in result.output.splitlines())
    assert "seat 4 holds at least" in result.output or "seat 4 holds 2 to" in result.output


def test_in_a_double_deck_a_known_card_may_be_the_other_copy_of_one_you_hold():
    hand = "JH JH JD AH KH QH 9S AC"
    question = make_question("pigs-and-hogs", hand, known={2: "9S"})
    deals = deal_sources.question_deals(question, 0, 50)
    nine = 3 << (2 * parse_card("9S"))
    assert all(
        int(deal[0] & nine).bit_count() == 1 and int(deal[2] & nine).bit_count() == 1 for deal in deals
    )
    with pytest.raises(ValueError, match="card JH is in two places"):
        make_question("pigs-and-hogs", hand, known={2: "JH"})
