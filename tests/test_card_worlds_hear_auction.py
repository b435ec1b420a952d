"""best-card's worlds hear the auction: a maker who ordered up holds the cards to do it,
passers hold hands that pass, the line says what conditioned the worlds (or that
nothing did), and an auction that disagrees with the contract is one clear error."""

import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.hearing import NOTHING_HEARD
from euchre_mc.simulate.rules.variants import RulesError

# Seat 3 ordered the 9H up to the dealer (seat 4) after seats 1 and 2 passed; seat 1,
# the maker's partner, leads trick 1.
PARTNER_ORDERED = dict(
    variant="euchre",
    contract="order up",
    bidder=3,
    seat=1,
    hand="AS KS QC 9D TD",
    upcard="9H",
    dealer=4,
    first=1,
    worlds=60,
)


def test_a_maker_who_ordered_up_is_dealt_a_hand_that_orders_up():
    blind = best_card(**PARTNER_ORDERED)
    heard = best_card(**PARTNER_ORDERED, auction="pass, pass, order up")
    assert blind.heard == NOTHING_HEARD and blind.auction_dealt == 0
    assert "explain the auction 'pass, pass, order up' (seats 2, 3 bid by the balanced table)" in heard.heard
    # a random partner makes the contract about a third of the time; one who ordered up
    # (and holds trumps for it) most of the time
    assert blind.cards[0].p_make_high < heard.cards[0].p_make_low
    assert heard.auction_dealt > heard.worlds and heard.auction_unmatched == 0


def test_a_bid_euchre_bidder_and_the_passers_are_heard():
    # seat 1 bid 5 Hearts and led the ace; seat 2, a defender, follows
    position = dict(
        variant="pigs-and-hogs",
        contract="5 Hearts",
        bidder=1,
        seat=2,
        hand="AS KS QC 9D TD 9C TC 9H",
        current="1: AH",
        dealer=6,
        first=1,
        worlds=40,
        max_worlds=40,
    )
    blind = best_card(**position)
    heard = best_card(**position, auction="5 Hearts, pass, pass, pass, pass, pass")
    assert "seats 1, 3, 4, 5, 6" in heard.heard
    assert heard.cards[0].p_make > blind.cards[0].p_make


def test_no_table_model_hears_nothing_and_says_so():
    advice = best_card(**PARTNER_ORDERED, auction="pass, pass, order up", table="none")
    assert advice.heard == NOTHING_HEARD


@pytest.mark.parametrize(
    ("auction", "message"),
    [
        ("pass, order up", "makes seat 2 the bidder in order up, not seat 3"),
        ("pass, pass, pass, pass, pass, pass, pass, pass", "thrown in"),
        ("pass, pass", "not finished"),
    ],
)
def test_an_auction_that_does_not_lead_to_the_contract_is_refused(auction, message):
    with pytest.raises(RulesError, match=message):
        best_card(**PARTNER_ORDERED, auction=auction)
