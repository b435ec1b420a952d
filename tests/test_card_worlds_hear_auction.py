"""best-card's worlds hear the auction: a maker who ordered up holds the cards to do it,
passers hold hands that pass, a classic contract given alone is heard as the one
auction that gives it, the line says what conditioned the worlds (or that nothing did),
and an auction that disagrees with the contract is one clear error."""

import pytest

from euchre_mc.simulate.advice.best_card import best_card
from euchre_mc.simulate.advice.exchanges import best_discard, best_gift
from euchre_mc.simulate.advice.hearing import NOT_HEARD, NOTHING_HEARD, Heard
from euchre_mc.simulate.kernels.bidding import no_auction
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
    blind = best_card(**PARTNER_ORDERED, inference="none")
    heard = best_card(**PARTNER_ORDERED, auction="pass, pass, order up")
    assert blind.heard == NOT_HEARD and blind.auction_dealt == 0
    assert "explain the auction 'pass, pass, order up' (seats 2, 3 bid by the fitted table)" in heard.heard
    # a random partner makes the contract about a third of the time; one who ordered up
    # (and holds trumps for it) most of the time
    assert blind.cards[0].p_make_high < heard.cards[0].p_make_low
    assert heard.auction_dealt > heard.worlds and heard.auction_unmatched == 0


def test_the_dealer_who_ordered_up_is_heard_on_the_hands_it_may_have_been_dealt():
    # the dealer picked the 9H up after three passes: its order-up is tested on its cards
    # less the upcard plus a discard from the cards out of play (the kitty's)
    position = dict(PARTNER_ORDERED, bidder=4, worlds=200)
    heard = best_card(**position)
    blind = best_card(**position, inference="none")
    assert "'pass, pass, pass, order up' (implied by the contract; seats 2, 3, 4 bid by the" in heard.heard
    assert blind.cards[0].p_make_high < heard.cards[0].p_make_low


def test_a_classic_contract_given_alone_is_heard_as_the_one_auction_that_gives_it():
    """Classic bidding ends at the first order-up or call, so the contract, its bidder
    and the dealer say every bid: the worlds are those of the auction written out."""
    implied = best_card(**PARTNER_ORDERED)
    given = best_card(**PARTNER_ORDERED, auction="pass, pass, order up")
    assert implied.heard.startswith(
        "The worlds explain the auction 'pass, pass, order up' (implied by the contract; "
        "seats 2, 3 bid by the fitted table): 1 world kept in "
    )
    assert implied.cards == given.cards
    called = dict(PARTNER_ORDERED, contract="call Spades", bidder=2, hand="AH KH QC 9D TD")
    assert best_card(**called).heard.startswith(
        "The worlds explain the auction 'pass, pass, pass, pass, pass, call Spades' (implied by the "
    )
    position = dict(
        variant="euchre", hand="JD AH KS 9C TC", upcard="9H", dealer=4, bidder=2, first=1, worlds=30
    )
    discard = best_discard(**position)
    assert discard.heard.startswith(
        "The worlds explain the auction 'pass, order up' (implied by the contract; exact"
    )
    assert discard.cards == best_discard(**position, auction="pass, order up").cards
    # the player's own order-up is all the auction says: no other seat is tested
    own = best_card(**dict(PARTNER_ORDERED, bidder=1, hand="JH AS KS QC 9D"))
    assert (
        own.heard
        == "The auction 'order up' (implied by the contract) tests no seat whose dealt hand a world shows."
    )


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
    blind = best_card(**position, inference="none")
    heard = best_card(**position, auction="5 Hearts, pass, pass, pass, pass, pass")
    assert "seats 1, 3, 4, 5, 6" in heard.heard
    assert heard.cards[0].p_make > blind.cards[0].p_make
    # the first bid, passed by everyone after: the contract alone says the same
    implied = best_card(**position)
    assert implied.cards == heard.cards
    assert "'5 Hearts, pass, pass, pass, pass, pass' (implied by the contract; seats 1, 3" in implied.heard


HOG_DEFENDED = dict(
    # seat 2 bid Hog Hearts and led the JH; seat 3, a defender, follows
    variant="pigs-and-hogs",
    contract="Hog Hearts",
    bidder=2,
    seat=3,
    hand="AS KS QS 9C TC TD QD AD",
    current="2: JH",
    first=1,
    worlds=100,
    max_worlds=100,
)


def test_a_bid_euchre_contract_implies_the_bid_and_the_passes_after_it():
    # the Hog bidder is dealt a Hog hand, not a random one
    blind = best_card(**HOG_DEFENDED, inference="none")
    implied = best_card(**HOG_DEFENDED)  # no dealer: the last seat deals
    assert blind.cards[0].p_make < 0.05 < 0.9 < implied.cards[0].p_make
    assert implied.heard.startswith(
        "The worlds explain the auction '?, Hog Hearts, pass, pass, pass, pass' (implied by "
        "the contract, seat 6 dealing: the bid of seat 1 is not given, so not heard, and "
        "seat 2's is judged as if nothing was bid before it; seats 2, 5 bid by the fitted table)"
    )
    # seat 1's bid, not known, is not tested: any bid it could have made gives the same worlds
    opened = best_card(**HOG_DEFENDED, dealer=6, auction="pass, Hog Hearts, pass, pass, pass, pass")
    assert "seats 2, 5 bid" in opened.heard and "pass of seat 1 is not heard" in opened.heard
    assert implied.cards == opened.cards
    # soft inference leaves the bid not known unheard too
    soft = best_card(**HOG_DEFENDED, inference="soft")
    assert "'?, Hog Hearts," in soft.heard and soft.cards[0].p_make > 0.9


def test_a_pig_bidder_holding_its_gifts_is_heard_on_the_hands_it_may_have_been_dealt():
    # a world shows the Pig bidder after its partners' gifts and its discards: its bid
    # is tested over the ways it may have been dealt, so the worlds give it a Pig hand
    pig = dict(HOG_DEFENDED, contract="Pig Hearts")
    heard = best_card(**pig)
    blind = best_card(**pig, inference="none")
    assert (
        "(implied by the contract, seat 6 dealing: the bid of seat 1 is not given, so not heard, "
        "and seat 2's is judged as if nothing was bid before it; seats 2, 5 bid by the fitted table)"
        in heard.heard
    )
    assert "the bidder's trumps dealt on purpose" in heard.heard and heard.auction_unmatched <= 2
    # its partners passed over it, but sit out: the line says their passes are not heard
    sat_out = " The passes of seats 4, 6 are not heard: they sit out, their cards out of play."
    assert heard.heard.endswith(sat_out)
    assert blind.cards[0].p_make_high < 0.05 < 0.6 < heard.cards[0].p_make_low
    assert best_card(**pig, inference="soft").cards[0].p_make > 0.6
    # a six-handed Alone the same way
    alone = dict(pig, variant="six-handed", contract="Alone Hearts")
    assert best_card(**alone).cards[0].p_make_low > best_card(**alone, inference="none").cards[0].p_make_high
    # seat 4, a partner, bid before the Alone and seat 6 passed: neither is heard
    partners = best_card(**alone, dealer=3, auction="4 Spades, pass, pass, pass, Alone Hearts, pass")
    assert "The bids and passes of seats 4, 6 are not heard: they sit out" in partners.heard
    assert "(seats 1, 2, 5 bid by the fitted table)" in partners.heard


def test_the_bids_before_a_later_bidder_are_not_known():
    position = dict(
        variant="six-handed",
        contract="5 Spades",
        bidder=4,
        seat=5,
        hand="AS KS QH 9C TC TD QD AD",
        current="4: JS",
        dealer=6,
        first=1,
        worlds=40,
        max_worlds=40,
    )
    implied = best_card(**position)
    assert "'?, ?, ?, 5 Spades, pass, pass'" in implied.heard
    assert "the bids of seats 1, 2, 3 are not given, so not heard" in implied.heard
    assert "seats 4, 6 bid by the fitted table" in implied.heard
    # those seats' bids are not asked: whatever they were, the worlds are the same
    given = best_card(**position, auction="3 Clubs, 4 Hearts, pass, 5 Spades, pass, pass")
    assert "seats 1, 2, 3, 4, 6 bid" in given.heard
    assert implied.cards != given.cards


def test_the_line_names_one_seat_as_a_seat_and_says_when_no_world_fits():
    heard = Heard(no_auction(), (2,), "pass, pass, order up alone", "fitted")
    assert heard.describe(40, 2000, 0) == (
        "The worlds explain the auction 'pass, pass, order up alone' (seat 3 bid by the "
        "fitted table): 1 world kept in 50.0 dealt."
    )
    # every world given up on: no rate, the soft weights' effective sample size
    assert heard.describe(400, 800_000, 400, ess=11.2) == (
        "No world explains the auction 'pass, pass, order up alone' (seat 3 bid by the "
        "fitted table): none of the 800,000 deals dealt fit it, so the 400 worlds are "
        "weighed by the chance the table bids so with every threshold softened, as "
        "--inference soft weighs deals (the weights' effective sample size 11)."
    )
    assert heard.describe(400, 800_000, 400, ess=0.0).endswith(
        "; none has any, so they count alike, as if the auction were not heard."
    )


def test_a_loner_the_table_never_makes_is_heard_softly():
    """The fitted classic table never orders up alone from the seat right of the dealer,
    so no world explains that loner; its worlds are weighed by the soft chance of the
    bid, which puts the strong hands in the loner's seat: the contract makes far more
    often than in worlds that ignore the auction."""
    loner = dict(
        variant="euchre",
        contract="order up alone",
        bidder=3,
        seat=2,
        hand="AS KS 9C TD QD",
        upcard="9H",
        dealer=4,
        first=1,
        worlds=100,
        max_worlds=100,
    )
    blind = best_card(**loner, inference="none")
    heard = best_card(**loner, auction="pass, pass, order up alone")
    assert heard.heard.startswith("No world explains the auction 'pass, pass, order up alone' (seat 3")
    assert "weighed by the chance the table bids so" in heard.heard
    assert heard.auction_unmatched == heard.worlds
    assert 1 <= heard.effective_worlds < heard.worlds
    assert heard.cards[0].p_make > 0.9 > 0.5 > blind.cards[0].p_make_high


def test_a_maker_who_ordered_up_is_heard_softly_or_not_at_all():
    exact = best_card(**PARTNER_ORDERED, auction="pass, pass, order up")
    soft = best_card(**PARTNER_ORDERED, auction="pass, pass, order up", inference="soft")
    unheard = best_card(**PARTNER_ORDERED, auction="pass, pass, order up", inference="none")
    assert soft.heard.startswith(
        "The worlds explain the auction 'pass, pass, order up' (seats 2, 3 bid by the fitted "
        "table; soft inference: a world passes with the chance the table bids so with every "
        "threshold softened): 1 world kept in "
    )
    assert unheard.heard == NOT_HEARD and unheard.auction_dealt == 0
    # a world passes by chance, so some are dealt again; none is kept unexplained
    assert soft.auction_dealt > soft.worlds and soft.auction_unmatched == 0
    assert exact.auction_dealt > exact.worlds
    # soft worlds are a sample, not weighted: each counts once
    assert soft.effective_worlds == soft.worlds
    assert unheard.cards[0].p_make_high < soft.cards[0].p_make_low
    assert soft == best_card(**PARTNER_ORDERED, auction="pass, pass, order up", inference="soft")


def test_an_unknown_inference_is_one_clear_error():
    with pytest.raises(RulesError, match="inference 'fuzzy': modes are exact, soft, none"):
        best_card(**PARTNER_ORDERED, auction="pass, pass, order up", inference="fuzzy")


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


def test_the_dealers_discard_hears_the_partner_who_ordered_up_exactly_or_softly():
    position = dict(
        variant="euchre", hand="JD AH KS 9C TC", upcard="9H", dealer=4, bidder=2, first=1, worlds=60
    )
    blind = best_discard(**position, inference="none")
    exact = best_discard(**position, auction="pass, order up")
    soft = best_discard(**position, auction="pass, order up", inference="soft")
    assert blind.heard == NOT_HEARD
    assert "(exact inference, the other seats bid by the fitted table): 60 of" in exact.heard
    assert "effective sample size" in soft.heard
    # partner ordered up: it holds trumps, and the contract makes far more often
    assert exact.cards[0].p_make_low > blind.cards[0].p_make_high
    assert exact == best_discard(**position, auction="pass, order up")  # a function of the seed


def test_a_bid_no_deal_explains_exactly_is_heard_softly_and_the_line_says_so():
    # the fitted table bids Pig only with about four bowers, never with the JH in the
    # giver's hand: exact inference finds no deal, so the exchange's worlds hear the
    # bids softly, as best-card weighs a world no redeal explains
    pig = dict(
        variant="pigs-and-hogs",
        contract="Pig Hearts",
        hand="JH AS KS QC 9C TD TD 9S",
        bidder=1,
        seat=3,
        dealer=6,
        worlds=40,
        first=1,
        auction="Pig Hearts, pass, pass, pass, pass, pass",
    )
    heard = best_gift(**pig)
    assert heard.heard.startswith(
        "The worlds explain the auction 'Pig Hearts, pass, pass, pass, pass, pass' (soft inference, "
        "the other seats bid by the fitted table): no deal explains it exactly (the table model "
        "(fitted) never bids 'Pig Hearts' from seat 1 as the first bid in 20,000 deals), so 40 of "
    )
    assert heard.cards[0].p_make > 2 * best_gift(**pig, inference="none").cards[0].p_make_high
    assert heard.cards == best_gift(**pig, inference="soft").cards  # the worlds asked for softly


def test_a_partners_pig_given_without_its_auction_is_heard_from_the_contract():
    pig = dict(
        variant="pigs-and-hogs",
        contract="Pig Hearts",
        hand="AS KS QC 9C TD TD 9S 9D",
        bidder=3,
        seat=5,
        worlds=40,
        first=1,
    )
    implied = best_gift(**pig)
    assert implied.heard.startswith(
        "The worlds explain the auction '?, ?, Pig Hearts, pass, pass, pass' (implied by the "
        "contract, seat 6 dealing: the bids of seats 1, 2 are not given, so not heard, and seat "
        "3's is judged as if nothing was bid before it; exact inference, the other seats bid by "
        "the fitted table): 40 of "
    )
    assert implied.cards[0].p_make > 2 * best_gift(**pig, inference="none").cards[0].p_make_high


def test_a_pass_the_table_never_makes_is_not_heard_and_the_line_says_so():
    # every built-in table bids from the first seats of Pigs and Hogs with any hand, so
    # no world explains seats 1 and 2 passing: exact inference leaves their hands unknown
    # and tests the rest, where it used to find no world and weigh every one softly
    position = dict(
        variant="pigs-and-hogs",
        contract="5 Spades",
        bidder=3,
        seat=4,
        hand="AH KH QD 9D TC AC KS 9H",
        current="3: JS",
        dealer=6,
        first=1,
        worlds=60,
        max_worlds=60,
        auction="pass, pass, 5 Spades, pass, pass, pass",
    )
    heard = best_card(**position)
    assert "(seats 3, 5, 6 bid by the fitted table)" in heard.heard
    assert "The passes of seats 1, 2 are not heard: the table model never passes there" in heard.heard
    assert heard.auction_unmatched == 0 and heard.effective_worlds == pytest.approx(60)
    soft = best_card(**position, inference="soft")  # soft inference hears them (here: no world fits)
    assert "not heard" not in soft.heard
