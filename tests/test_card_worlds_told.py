"""The card commands' worlds hold what the player was told (--known, --void, --length,
analyse's options and parser), and the seats an exchange changed (the dealer who picked
up, a Pig bidder) keep their known and discarded cards while their bids go untested.

Each position is built so that the fact told decides every world: the answer is then
exact (all tricks or none), not a rate."""

import pytest
from click.testing import CliRunner

from euchre_mc.cli import main
from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.exchanges import best_discard, best_gift
from euchre_mc.simulate.dealing.constraints import SuitLength, void

# Hearts trump (the 9H ordered up to the dealer, seat 4); seat 1 leads trick 1 and its
# partner, seat 3, made the contract.
ON_LEAD = dict(
    variant="euchre",
    contract="order up",
    bidder=3,
    seat=1,
    hand="JD AS KS QC 9D",
    upcard="9H",
    dealer=4,
    worlds=30,
    max_worlds=30,
    first=1,  # seats as at the table; known cards and lengths count seats from 0, as analyse's
)


def test_a_partner_known_to_hold_five_trumps_marches_in_every_world():
    blind = best_card(**ON_LEAD)
    told = best_card(**ON_LEAD, known={2: "JH AH KH QH TH"})
    assert all(row.mean_tricks == 5 and row.p_make == 1 for row in told.cards)
    assert blind.cards[0].mean_tricks < 5
    assert told.heard.startswith("The worlds hold what you were told: seat 3 holds TH JH QH KH AH.")


def test_a_length_as_dealt_is_tested_on_the_worlds_hands():
    # seat 3 holds JH AH KH and was dealt exactly five natural Hearts: the dealer holds
    # the 9H, so seat 3 holds the QH and TH too
    told = best_card(**ON_LEAD, known={2: "JH AH KH"}, constraints=[SuitLength(2, 2, 5, 5)])
    assert all(row.mean_tricks == 5 for row in told.cards) and told.auction_unmatched == 0
    assert "seat 3 holds exactly 5 Hearts" in told.heard


def test_voids_as_dealt_in_three_suits_leave_a_defender_every_trump():
    # seat 2 void in Clubs, Diamonds and Spades holds five natural Hearts: JH AH KH QH TH
    told = best_card(**ON_LEAD, constraints=[void(1, 0), void(1, 1), void(1, 3)])
    assert all(row.mean_tricks == 0 and row.p_make == 0 for row in told.cards)


def test_the_dealer_who_picked_up_keeps_the_upcard_and_its_known_cards():
    # the dealer ordered itself up: with JH AH KH QH known it holds five trumps, the upcard
    # one of them, and the defenders (seat 1 on lead) take nothing; its order-up is tested
    # on the hands it may have been dealt (one of the cards out of play its discard)
    position = dict(ON_LEAD, bidder=4)
    told = best_card(**position, known={3: "JH AH KH QH"}, auction="pass, pass, pass, order up")
    assert all(row.mean_tricks == 0 for row in told.cards)
    assert "(seats 2, 3, 4 bid by the fitted table)" in told.heard


def test_a_pig_bidders_own_discards_are_out_of_play_and_its_bid_is_not_tested():
    # seat 1 bid Pig Hearts and holds seven of the fourteen trumps and the KS; both AS
    # are its own discards, so after drawing trumps the KS takes the last trick
    position = dict(
        variant="pigs-and-hogs",
        contract="Pig Hearts",
        bidder=1,
        seat=1,
        hand="JH JH JD JD AH AH KH KS",
        dealer=6,
        worlds=20,
        max_worlds=20,
        first=1,
    )
    discarded = best_card(**position, discards="AS AS", auction="Pig Hearts, pass, pass, pass, pass, pass")
    assert discarded.cards[0].mean_tricks == 8 and discarded.cards[0].p_make == 1
    assert "(seats 2, 4, 6 bid by the fitted table)" in discarded.heard
    assert best_card(**position, discards="9C 9C").cards[0].p_make < 1  # an AS may be out there


def test_against_a_pig_its_known_cards_are_held_after_the_exchange():
    # seat 2 follows to seat 1's Pig lead, told the bidder holds both JH: they are the
    # bidder's in every world, and no heart of seat 2's could beat them
    position = dict(
        variant="pigs-and-hogs",
        contract="Pig Hearts",
        bidder=1,
        seat=2,
        hand="AS KS QC 9C TD 9S 9D TC",
        current="1: AC",
        dealer=6,
        worlds=10,
        max_worlds=10,
        first=1,
    )
    heard = best_card(**position, known={0: "JH JH"}, auction="Pig Hearts, pass, pass, pass, pass, pass")
    # the bidder, seat 1, is tested on the hands it may have been dealt before the exchange
    assert "(seats 1, 4, 6 bid by the fitted table)" in heard.heard
    assert heard.heard.startswith("The worlds hold what you were told: seat 1 holds JH JH.")
    with pytest.raises(ValueError, match="seat 1 exchanged cards before play"):
        best_card(**position, constraints=[void(0, 0)])


def test_the_dealers_discard_and_a_gift_deal_whole_hands_that_hold_it():
    discard = best_discard(
        "euchre",
        "JD AS KS 9C TC",
        "9H",
        dealer=4,
        bidder=2,
        first=1,
        worlds=20,
        known={1: "JH AH KH QH TH"},
    )
    # partner holds five trumps, the dealer the other two: a march whatever is thrown but a trump
    assert discard.cards[0].mean_tricks == 5 and discard.cards[0].p_make == 1
    assert "seat 2 holds TH JH QH KH AH" in discard.heard
    gift = best_gift(
        "pigs-and-hogs",
        "Pig Hearts",
        "AS KS QC 9C TD TD 9S 9S",
        bidder=1,
        seat=3,
        dealer=6,
        worlds=10,
        first=1,
        constraints=[SuitLength(0, 2, 8, 8)],  # the bidder was dealt eight natural Hearts
    )
    assert "seat 1 holds exactly 8 Hearts" in gift.heard


CARD = [
    "best-card",
    "--variant",
    "euchre",
    "--contract",
    "order up",
    "--upcard",
    "9H",
    "--dealer",
    "4",
    "--bidder",
    "3",
    "--seat",
    "1",
    "--hand",
    "JD AS KS QC 9D",
    "--worlds",
    "5",
]
DISCARD = ["best-discard", "--hand", "JD AS KS 9C TC", "--upcard", "9H", "--dealer", "4", "--bidder", "2"]
GIFT = [
    "best-gift",
    "--contract",
    "Pig Hearts",
    "--bidder",
    "1",
    "--seat",
    "3",
    "--dealer",
    "6",
    "--hand",
    "AS KS QC 9C TD TD 9S 9S",
]


@pytest.mark.parametrize(
    "args, message",
    [
        (CARD + ["--known", "2: AS"], "card AS is in two places"),
        (CARD + ["--known", "1: JH"], "that is your own seat"),
        (CARD + ["--known", "2: QS", "--void", "2: S"], "void in Spades: its known cards already hold 1"),
        (CARD + ["--length", "2: S 5+"], "no deal meets the constraints"),
        (CARD + ["--void", "4: S"], "seat 4 exchanged cards before play"),
        (CARD + ["--void", "2 S"], "write SEAT: ..."),
        (DISCARD + ["--known", "2: 9H"], "card 9H is in two places"),
        (DISCARD + ["--length", "1: H lots"], "write SEAT: SUIT MIN-MAX"),
        (GIFT + ["--known", "2: 9S"], "card 9S is in two places"),
        (GIFT + ["--void", "1: H", "--known", "1: JH"], "its known cards already hold 1"),
    ],
)
def test_contradictions_are_one_line_and_exit_2(args, message):
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2, result.output
    assert message in result.output and len(result.output.strip().splitlines()) == 1


def test_the_options_are_analyses():
    for command in ("analyse", "best-card", "best-discard", "best-gift"):
        help_text = CliRunner().invoke(main, [command, "--help"]).output
        assert "Cards known to be in another seat's hand" in help_text
        assert "--void 'SEAT: SUITS'" in help_text and "--length 'SEAT: SUIT MIN-MAX'" in help_text
