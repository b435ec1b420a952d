"""Positions whose one right answer depends on the bid, pinned.

Seat 2 ordered the 9H up alone and seat 1 leads.  Heard, the loner holds the hand to
march (tests/test_rare_bids.py: the right bower in nearly every world), the aces never
score and only the 9C lead can find partner a trick that stops the march: the 9C, and
no other card equal to it.  The contract alone implies that auction (classic bidding
ends at the first order-up), so it is heard without it too.  Unheard (inference
"none"), the loner's hand is random, the contract is
euchred most of the time and a spade honour is the lead, the 9C well behind it."""

from euchre_mc.simulate.advice.best_card import best_card

AGAINST_A_LONER = dict(
    variant="euchre",
    contract="order up alone",
    bidder=2,
    seat=1,
    hand="TH AS KS AD 9C",
    upcard="9H",
    dealer=4,
    worlds=40,
    max_worlds=160,
    first=1,
)


def test_on_lead_against_a_loner_heard_the_nine_of_clubs_alone_stops_the_march():
    heard = best_card(**AGAINST_A_LONER, auction="pass, order up alone")
    assert heard.best == "9C"
    assert not any(row.equal_to_best for row in heard.cards[1:])
    assert all(row.p_make == 1 for row in heard.cards)


def test_on_lead_against_a_loner_the_contract_alone_is_heard_as_its_auction():
    implied = best_card(**AGAINST_A_LONER)
    given = best_card(**AGAINST_A_LONER, auction="pass, order up alone")
    assert implied.cards == given.cards
    assert "'pass, order up alone' (implied by the contract;" in implied.heard


def test_on_lead_against_a_loner_unheard_a_spade_honour_leads_and_the_nine_of_clubs_does_not():
    blind = best_card(**AGAINST_A_LONER, inference="none")
    assert blind.best in ("KS", "AS")
    nine = next(row for row in blind.cards if row.card == "9C")
    assert not nine.equal_to_best
    assert blind.cards[0].p_make < 0.3
